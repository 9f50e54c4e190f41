//! The children's order (the predictors of the opponent's move and their mixture) and how
//! games used a book (book moves, the opponents' hit rate).

use super::*;
use crate::board::diagram::alternating;
use crate::params::Params;
use crate::search::{MoveStat, SearchResult};
use crate::sgf::GameRecord;

/// The record of `game`'s moves, Black named `black` and White `white`.
fn record(game: &Game, black: &str, white: &str) -> GameRecord {
    GameRecord {
        player_black: Some(black.into()),
        player_white: Some(white.into()),
        ..GameRecord::of_game(game)
    }
}

/// A folder holding one SGF file per game.
fn sgf_folder(name: &str, games: &[GameRecord]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("moyo-order-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (k, g) in games.iter().enumerate() {
        std::fs::write(dir.join(format!("g{k}.sgf")), g.to_sgf()).unwrap();
    }
    dir
}

#[test]
fn order_weights_parse_and_print() {
    let w = OrderWeights::parse("1, 0.5,2").unwrap();
    assert_eq!((w.played, w.visits, w.pattern), (1.0, 0.5, 2.0));
    assert_eq!(w.to_string(), "1,0.5,2");
    assert!(OrderWeights::parse("1,2").is_none());
    assert!(OrderWeights::parse("1,-1,0").is_none());
    assert!(OrderWeights::parse("a,b,c").is_none());
    assert!(OrderWeights::parse("0,0,0").unwrap().is_ranked());
    assert!(!OrderWeights::default().is_ranked());
}

#[test]
fn played_moves_come_first_after_the_value_move() {
    let games: Vec<GameRecord> = [
        vec!["E5", "C3"],
        vec!["E5", "C3"],
        vec!["E5", "D4"],
        vec!["C3", "E5"],
    ]
    .iter()
    .map(|m| record(&alternating(9, 7.0, m), "a", "b"))
    .collect();
    let dir = sgf_folder("played", &games);
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let played = Played::from_files(&files, 9).unwrap();
    assert_eq!(played.games, 4);
    let g = alternating(9, 7.0, &["E5"]);
    let at = |v: &str| match g.board().parse_move(v).unwrap() {
        Move::Play(p) => p,
        Move::Pass => unreachable!(),
    };
    let shares = played.shares(g.board(), Color::White);
    // After E5, C3 was played twice, D4 once: every image of each (the position is
    // symmetric) gets its move's share.
    let share = |v: &str| shares.iter().find(|s| s.0 == at(v)).map(|s| s.1);
    assert!(close(share("C3").unwrap(), 2.0 / 3.0) && close(share("G7").unwrap(), 2.0 / 3.0));
    assert!(close(share("D4").unwrap(), 1.0 / 3.0));
    assert_eq!(share("B2"), None);
    // The evaluation's value move first, then the played moves, then the search's visits.
    let mv = |v: &str| g.board().parse_move(v).unwrap();
    let r = SearchResult {
        candidates: vec![
            MoveStat::new(mv("F4"), 90, 0.5),
            MoveStat::new(mv("A1"), 10, 0.5),
        ],
        ..SearchResult::default()
    };
    let ranked = vec![mv("F4"), mv("A1")];
    let only_played = OrderWeights {
        played: 1.0,
        visits: 0.0,
        pattern: 0.0,
    };
    let o = order(&g, Color::White, &ranked, &r, Some(&played), only_played);
    assert_eq!(o[0], mv("F4"));
    let next: HashSet<Move> = o[1..9].iter().copied().collect();
    let images: HashSet<Move> = ["C3", "C7", "G3", "G7", "D4", "D6", "F6", "F4"]
        .iter()
        .map(|v| mv(v))
        .filter(|&m| m != mv("F4"))
        .collect();
    assert!(images.is_subset(&next), "{o:?}");
    // Moves equal in every predictor keep the ranking's order: A1 before the rest.
    assert_eq!(o[8], mv("A1"));
    assert_eq!(
        o.len(),
        pattern_probabilities(&g, Color::White).len(),
        "every legal move"
    );
    // Ranked weights: the evaluation's ranking as it was.
    let o = order(
        &g,
        Color::White,
        &ranked,
        &r,
        Some(&played),
        OrderWeights::RANKED,
    );
    assert_eq!(o, ranked);
    let probs = pattern_probabilities(&g, Color::White);
    assert!(close(probs.iter().map(|p| p.1).sum::<f32>(), 1.0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn games_count_book_moves_and_the_opponents_hits() {
    let b = built(9, 5.0, info(4, 0, PlayerMode::Alternate), 12);
    let book = &b.book;
    // moyo (Black) plays the book's best move; the opponent answers with a move the book
    // has, then moyo's best again if the book has one, then the opponent leaves the book.
    let mut g = book.rules.new_game();
    let first = book.choose(&g, Color::Black, 0.0, |_| 0).unwrap().mv;
    g.play(Color::Black, first).unwrap();
    let replies = book.moves(&g, Color::White);
    assert!(!replies.is_empty(), "the book answers the first move");
    let reply = replies[replies.len() - 1].mv;
    assert_eq!(book.foresees(&g, Color::White, reply), Some(true));
    let stranger = g
        .board()
        .points()
        .map(Move::Play)
        .find(|&m| book.foresees(&g, Color::White, m) == Some(false))
        .unwrap();
    g.play(Color::White, reply).unwrap();
    let second = book.choose(&g, Color::Black, 0.0, |_| 0);
    let mut expect_book_moves = 1;
    if let Some(c) = second {
        expect_book_moves += 1;
        g.play(Color::Black, c.mv).unwrap();
    } else {
        g.play(Color::Black, Move::Pass).unwrap();
    }
    let opponent_at_interior = book.foresees(&g, Color::White, Move::Pass).is_some();
    let last = g
        .board()
        .points()
        .map(Move::Play)
        .find(|&m| g.legality(Color::White, m).is_ok())
        .unwrap();
    let hit_last = book.foresees(&g, Color::White, last);
    g.play(Color::White, last).unwrap();
    // moyo's use of the book in a game, moyo Black.
    let use_as_black = |game: &Game| {
        replay(
            Some(book),
            &record(game, "moyo", "x"),
            Color::Black,
            &Params::default(),
        )
        .unwrap()
    };
    let u = use_as_black(&g);
    assert_eq!(u.games, 1);
    assert_eq!(u.book_moves, expect_book_moves);
    assert_eq!(u.best_moves, expect_book_moves);
    assert_eq!(u.opponent_moves, 1 + opponent_at_interior as usize);
    assert_eq!(u.opponent_hits, 1 + hit_last.unwrap_or(false) as usize);
    assert_eq!(u.by_ply[1], (1, 1));
    // Leaving the book at once: a miss at move 1.
    let mut h = book.rules.new_game();
    h.play(Color::Black, first).unwrap();
    h.play(Color::White, stranger).unwrap();
    let v = use_as_black(&h);
    assert_eq!((v.book_moves, v.opponent_moves, v.opponent_hits), (1, 1, 0));
    // Why the book moves stopped: there, the opponent's miss; after the reply the book
    // has, the book's end unless it answers it.
    let only = |u: &GameUse, why: Left| {
        Left::ALL
            .iter()
            .all(|&l| u.left[l as usize] == (l == why) as usize)
    };
    assert!(only(&v, Left::Opponent), "{:?}", v.left);
    let mut k = book.rules.new_game();
    k.play(Color::Black, first).unwrap();
    k.play(Color::White, reply).unwrap();
    let ends = if expect_book_moves == 2 {
        Left::Never
    } else {
        Left::Leaf
    };
    assert!(only(&use_as_black(&k), ends));
    let mut all = GameUse::default();
    all.add(&u);
    all.add(&v);
    assert_eq!(all.games, 2);
    assert_eq!(all.left.iter().sum::<usize>(), 2);
    assert_eq!(all.opponent_moves, u.opponent_moves + 1);
    assert!(close(
        all.hit_rate() as f32,
        u.opponent_hits as f32 / all.opponent_moves as f32
    ));
    assert_eq!(all.histogram[1] + all.histogram[expect_book_moves], 2);
    // No book: nothing counts; a komi a point away: no position is the book's.
    assert_eq!(
        replay(
            None,
            &record(&g, "moyo", "x"),
            Color::Black,
            &Params::default()
        )
        .unwrap()
        .book_moves,
        0
    );
    let mut other = record(&g, "moyo", "x");
    other.komi = Some(6.0);
    assert_eq!(
        replay(Some(book), &other, Color::Black, &Params::default())
            .unwrap()
            .opponent_moves,
        0
    );
}

#[test]
fn on_19x19_a_book_move_counts_only_where_genmove_may_play_it_a_pros_move() {
    let b = built(19, 20.0, info(3, 0, PlayerMode::Alternate), 1);
    let mut g = b.book.rules.new_game();
    let params = Params::default();
    let pro = pro_moves(g.board(), Color::Black, &params.for_size(19));
    assert!(
        pro.as_ref().is_some_and(|p| !p.is_empty()),
        "pros know the empty board"
    );
    let book_moves = b.book.moves(&g, Color::Black);
    assert_eq!(book_moves.len(), 3);
    let may = book_moves.iter().any(|m| allowed(&pro, m.mv));
    g.play(Color::Black, book_moves[0].mv).unwrap();
    let rec = record(&g, "moyo", "x");
    let u = replay(Some(&b.book), &rec, Color::Black, &params).unwrap();
    assert_eq!(u.book_moves, may as usize);
    let why = if may { Left::Never } else { Left::Pros };
    assert_eq!(u.left[why as usize], 1);
    assert_eq!(u.left.iter().sum::<usize>(), 1);
    // With the fuseki term off, every book move may be played.
    let mut off = params.clone();
    off.prior_fuseki = 0.0;
    assert_eq!(pro_moves(g.board(), Color::White, &off.for_size(19)), None);
    assert_eq!(
        replay(Some(&b.book), &rec, Color::Black, &off)
            .unwrap()
            .book_moves,
        1
    );
}
