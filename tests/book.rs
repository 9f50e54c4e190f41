//! The opening book seen from outside: the engine plays book moves before any search and
//! searches once the game leaves the book; `--no-book`; a corrupt book file; and over GTP,
//! `genmove` on the empty 9x9 board with komi 7 answers the embedded book's move at once.

mod common;
mod gtp_support;

use common::fake_book::{small_book, small_build};
use gtp_support::run_with_stderr;
use moyo::board::{Color, Game, KoRule, Move, Scoring};
use moyo::book::{self, BookRules, Library, Shape};
use moyo::engine::{Engine, EngineConfig, GenMove};
use std::time::{Duration, Instant};

/// An engine playing the book's best move by value alone.
fn engine(books: Library, komi: f32) -> Engine {
    engine_with(
        books,
        komi,
        moyo::params::Params {
            book_margin: 0.0,
            book_deep_margin: 0.0,
            ..Default::default()
        },
    )
}

fn engine_with(books: Library, komi: f32, params: moyo::params::Params) -> Engine {
    engine_on(9, books, komi, params)
}

/// An engine of 50-playout searches on a `size` board.
fn engine_on(size: usize, books: Library, komi: f32, params: moyo::params::Params) -> Engine {
    Engine::new(EngineConfig {
        params,
        playouts: Some(50),
        threads: 1,
        seed: 3,
        size,
        komi,
        books,
        ..Default::default()
    })
}

#[test]
fn genmove_plays_the_book_then_searches_when_the_game_leaves_it() {
    let bk = small_book();
    let best = bk
        .choose(&Game::new(9, 7.0), Color::Black, 0.0, |_| 0)
        .unwrap();
    let mut lib = Library::default();
    lib.add(bk.clone());
    let mut e = engine(lib.clone(), 7.0);
    assert_eq!(e.genmove(Color::Black), GenMove::Play(best.mv));
    // White answers with a book move too (Alternate expanded White's replies).
    let reply = bk.choose(e.game(), Color::White, 0.0, |_| 0);
    assert!(reply.is_some(), "the first reply is in the book");
    assert_eq!(e.genmove(Color::White), GenMove::Play(reply.unwrap().mv));
    // A move the book does not know: the engine searches and still plays legally.
    let odd = e
        .game()
        .board()
        .points()
        .map(Move::Play)
        .find(|&m| {
            let mut g = e.game().clone();
            g.play(Color::Black, m).is_ok() && bk.moves(&g, Color::White).is_empty()
        })
        .unwrap();
    e.play(Color::Black, odd).unwrap();
    assert!(e.book_move(Color::White).is_none());
    let GenMove::Play(m) = e.genmove(Color::White) else {
        panic!("resigned")
    };
    assert!(m != Move::Pass);
    // Half a point of komi away the book answers; a point away it is not consulted.
    assert!(engine(lib.clone(), 7.5).book_move(Color::Black).is_some());
    let mut k = engine(lib, 6.0);
    assert!(k.book_move(Color::Black).is_none());
    // No book: the same engine searches from the start.
    let mut n = engine(Library::default(), 7.0);
    assert!(n.book_move(Color::Black).is_none());
}

#[test]
fn the_deep_margin_plays_the_most_followed_near_best_move_below_13x13() {
    let bk = small_book();
    let deep_pick = |g: &Game, c: Color| {
        bk.choose_among(g, c, (0.0, 1.0), |_| true, |_| 0)
            .map(|x| x.mv)
    };
    // A position along the book's lines where the best move by value is not the one with
    // the most book beneath it: breadth first through the book's moves.
    let mut todo = vec![(Game::new(9, 7.0), Color::Black, Vec::new())];
    let (line, color, by_value, deep) = loop {
        let (g, c, line) = todo.remove(0);
        let best = bk.choose(&g, c, 0.0, |_| 0).map(|x| x.mv);
        if let (Some(b), Some(d)) = (best, deep_pick(&g, c))
            && b != d
        {
            break (line, c, b, d);
        }
        for m in bk.moves(&g, c) {
            let mut h = g.clone();
            h.play(c, m.mv).unwrap();
            let mut l: Vec<(Color, Move)> = line.clone();
            l.push((c, m.mv));
            todo.push((h, c.opp(), l));
        }
        assert!(!todo.is_empty(), "the small book has such a position");
    };
    let mut lib = Library::default();
    lib.add(bk.clone());
    let params = |large_from: usize| moyo::params::Params {
        book_deep_margin: 1.0,
        book_deep_margin_large: 0.0,
        large_board_min_size: large_from,
        ..Default::default()
    };
    let play = |large_from: usize| {
        let mut e = engine_with(lib.clone(), 7.0, params(large_from));
        for &(c, m) in &line {
            e.play(c, m).unwrap();
        }
        e.genmove(color)
    };
    assert_eq!(play(13), GenMove::Play(deep));
    // Where the board counts as large, `book_deep_margin_large` (here 0) rules.
    assert_eq!(play(9), GenMove::Play(by_value));
}

#[test]
fn book_max_moves_limits_the_book_to_the_first_moves() {
    let bk = small_book();
    let mut lib = Library::default();
    lib.add(bk.clone());
    let mut e = engine(lib.clone(), 7.0);
    e.set_param("book_max_moves", "1").unwrap();
    let first = e
        .book_move(Color::Black)
        .expect("the empty board is in the book");
    e.play(Color::Black, first.0).unwrap();
    // White's reply is in the book, but one move has been played.
    assert!(bk.choose(e.game(), Color::White, 0.0, |_| 0).is_some());
    assert!(e.book_move(Color::White).is_none());
    e.set_param("book_max_moves", "2").unwrap();
    assert!(e.book_move(Color::White).is_some());
    let mut fresh = engine(lib, 7.0);
    fresh.set_param("book_max_moves", "0").unwrap();
    assert!(fresh.book_move(Color::Black).is_none());
}

#[test]
fn the_book_answers_only_for_the_colours_it_is_switched_on_for() {
    let bk = small_book();
    let mut lib = Library::default();
    lib.add(bk);
    let mut e = engine(lib, 7.0);
    e.set_param("book_black", "false").unwrap();
    assert!(e.book_move(Color::Black).is_none());
    e.set_param("book_black", "true").unwrap();
    let first = e
        .book_move(Color::Black)
        .expect("the empty board is in the book");
    e.play(Color::Black, first.0).unwrap();
    assert!(e.book_move(Color::White).is_some());
    e.set_param("book_white", "0").unwrap();
    assert!(e.book_move(Color::White).is_none());
}

#[test]
fn a_book_move_that_repeats_a_position_is_not_played() {
    use moyo::book::{BookNode, Edge};
    // A ko: Black takes at F5, both pass (the ko ban is lifted), and White's retake at E5
    // would repeat the position before F5: positional superko forbids it in this game,
    // though the book (which knows positions, not histories) lists it.
    let mut g = Game::new(9, 7.0);
    for v in [
        "D5", "E5", "E4", "F4", "E6", "F6", "A1", "G5", "A2", "pass", "F5", "pass", "pass",
    ] {
        let m = g.board().parse_move(v).unwrap();
        let c = g.to_play();
        g.play(c, m).unwrap();
    }
    assert_eq!(g.to_play(), Color::White);
    let e5 = g.board().parse_move("E5").unwrap();
    let c3 = g.board().parse_move("C3").unwrap();
    assert!(g.legality(Color::White, e5).is_err());
    let (key, sym) = book::canonical(g.board(), Color::White);
    let child = |m: Move| {
        let mut h = g.clone();
        h.set_ko_rule(KoRule::Simple);
        h.play(Color::White, m).unwrap();
        book::canonical(h.board(), Color::Black).0
    };
    let root = book::canonical(Game::new(9, 7.0).board(), Color::Black).0;
    let mut here = BookNode::leaf(key, Color::White, 0.0);
    here.expanded = true;
    // E5 is the better move by the book's values.
    here.edges = vec![
        Edge {
            mv: book::to_book(g.board(), sym, e5).unwrap(),
            child: 2,
        },
        Edge {
            mv: book::to_book(g.board(), sym, c3).unwrap(),
            child: 3,
        },
    ];
    let nodes = vec![
        BookNode::leaf(root, Color::Black, 0.0),
        here,
        BookNode::leaf(child(e5), Color::Black, -0.5),
        BookNode::leaf(child(c3), Color::Black, 0.2),
    ];
    let rules = BookRules {
        size: 9,
        komi: 7.0,
        scoring: Scoring::Area,
    };
    let bk = book::Book::from_nodes(rules, Shape::default(), nodes).unwrap();
    let mut lib = Library::default();
    lib.add(bk.clone());
    let moves = bk.moves(&g, Color::White);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].mv, c3);
    let mut e = engine(lib, 7.0);
    for &(c, m) in g.moves() {
        e.play(c, m).unwrap();
    }
    assert_eq!(e.book_move(Color::White).map(|(m, _)| m), Some(c3));
    // Without superko the retake is the book's choice.
    let mut loose = g.clone();
    loose.set_ko_rule(KoRule::Simple);
    assert_eq!(bk.moves(&loose, Color::White)[0].mv, e5);
}

#[test]
fn setup_positions_are_looked_up_by_position() {
    let bk = small_book();
    let mut lib = Library::default();
    lib.add(bk.clone());
    let mut e = engine(lib, 7.0);
    // Stones set up by hand that happen to form a book position are found: the key is the
    // position and the side to move, not the history.
    let first = bk
        .choose(&Game::new(9, 7.0), Color::Black, 0.0, |_| 0)
        .unwrap();
    let Move::Play(p) = first.mv else { panic!() };
    e.setup(&[(Color::Black, p)]).unwrap();
    e.set_to_play(Color::White);
    assert!(e.book_move(Color::White).is_some());
    // Every move the book offers is legal in the game.
    for c in bk.moves(e.game(), Color::White) {
        assert!(e.game().legality(Color::White, c.mv).is_ok());
    }
}

/// Runs moyo with `args` on `input`, returning stdout, stderr and the time taken.
fn run(args: &[&str], input: &str) -> (String, String, Duration) {
    let start = Instant::now();
    let (out, err) = run_with_stderr(args, input);
    (out, err, start.elapsed())
}

fn embedded_first_move() -> String {
    let (lib, errors) = book::embedded();
    assert!(errors.is_empty(), "{errors:?}");
    let g = Game::new(9, 7.0);
    let b = lib.for_game(&g).expect("an embedded 9x9 komi 7 book");
    let c = b
        .choose(&g, Color::Black, 0.0, |_| 0)
        .expect("the start is interior");
    g.board().move_string(c.mv)
}

#[test]
fn gtp_genmove_on_the_empty_9x9_board_returns_the_book_move_at_once() {
    let expect = embedded_first_move();
    // The komi servers use: CGOS 7, KGS 7.5 under Chinese rules and 6.5 under Japanese.
    for rules in [
        "komi 7",
        "komi 7.5",
        "komi 6.5",
        "kata-set-rules japanese\nkomi 6.5",
    ] {
        // A search of a billion playouts would take hours: the answer must come from the book.
        let (out, err, t) = run(
            &[
                "--playouts",
                "1000000000",
                "--threads",
                "1",
                "--set",
                "book_margin=0",
            ],
            &format!("boardsize 9\n{rules}\nclear_board\ngenmove b\n"),
        );
        let ok = "= \n\n".repeat(2 + rules.lines().count());
        assert_eq!(out, format!("{ok}= {expect}\n\n"), "{rules}");
        assert!(t < Duration::from_secs(10), "{rules}: took {t:?}");
        assert!(err.contains("book black:"), "{rules}: {err}");
        assert!(!err.contains("search black"), "{rules}: {err}");
    }
}

#[test]
fn no_book_flag_searches_and_a_corrupt_book_is_reported() {
    let (out, err, _) = run(
        &[
            "--no-book",
            "--playouts",
            "50",
            "--threads",
            "1",
            "--seed",
            "1",
        ],
        "boardsize 9\nkomi 7\nclear_board\ngenmove b\n",
    );
    assert!(
        out.ends_with("\n\n") && out.matches("= ").count() == 4,
        "{out}"
    );
    assert!(err.contains("search black"), "{err}");
    assert!(!err.contains("book black"), "{err}");
    // A corrupt file named with --book: an error naming it, and the engine plays on.
    let path = std::env::temp_dir().join(format!("moyo-corrupt-{}.book", std::process::id()));
    let b = small_build();
    let mut bytes = book::to_bytes(&b.book, &b.info);
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let p = path.to_str().unwrap();
    let (out, err, _) = run(
        &[
            "--book",
            p,
            "--playouts",
            "50",
            "--threads",
            "1",
            "--seed",
            "1",
        ],
        "boardsize 9\nkomi 7\nclear_board\ngenmove b\n",
    );
    assert!(err.contains(p) && err.contains("checksum"), "{err}");
    assert!(out.matches("= ").count() == 4, "{out}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn book_stats_prints_the_tables() {
    let path = std::env::temp_dir().join(format!("moyo-stats-{}.book", std::process::id()));
    let svg = std::env::temp_dir().join(format!("moyo-stats-{}.svg", std::process::id()));
    let b = small_build();
    book::save(&path, &b.book, &b.info).unwrap();
    let (out, _, _) = run(
        &[
            "book",
            "stats",
            path.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("nodes "), "{out}");
    assert!(lines[2].starts_with("leaves "));
    assert!(lines[3].starts_with("max_depth "));
    assert!(out.contains("depth nodes leaves %leaf\n0 1 0 0%\n"));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn on_19x19_the_book_plays_only_what_professionals_play() {
    let (lib, errors) = book::embedded();
    assert!(errors.is_empty(), "{errors:?}");
    let engine = |prior_fuseki: f32| {
        let params = moyo::params::Params {
            book_margin: 0.0,
            book_deep_margin_large: 0.0,
            prior_fuseki,
            ..Default::default()
        };
        engine_on(19, lib.clone(), 7.5, params)
    };
    let mut e = engine(0.5);
    let Some((Move::Play(p), _)) = e.book_move(Color::Black) else {
        panic!("the empty board is in the book and pros agree on some of its moves")
    };
    let b = e.game().board();
    let (col, row) = b.col_row(p);
    let corner = |x: usize| x <= 4 || x >= 14;
    assert!(
        corner(col) && corner(row) && (3..=4).contains(&b.line(p)),
        "{}",
        b.move_string(Move::Play(p))
    );
    // Without the fuseki term the book's own best move stands, whatever pros think of it.
    let raw = lib
        .for_game(e.game())
        .unwrap()
        .choose(e.game(), Color::Black, 0.0, |_| 0)
        .unwrap();
    assert_eq!(
        engine(0.0).book_move(Color::Black).map(|m| m.0),
        Some(raw.mv)
    );
}

#[test]
fn on_19x19_the_book_chooses_where_professionals_rarely_went_unless_told_not_to() {
    let (lib, _) = book::embedded();
    let bk = lib.for_game(&Game::new(19, 7.5)).unwrap();
    let params = |unknown: bool| moyo::params::Params {
        fuseki_book_unknown: unknown,
        ..Default::default()
    };
    // The first line of the book, breadth first, into a position it answers and pros
    // reached fewer than `fuseki_known_count` times.
    let mut todo = std::collections::VecDeque::from([(Game::new(19, 7.5), Vec::new())]);
    let (line, color) = loop {
        let (g, line) = todo
            .pop_front()
            .expect("the 19x19 book leaves the pros' openings");
        let c = g.to_play();
        let moves = bk.moves(&g, c);
        if !moves.is_empty()
            && book::pro_moves(g.board(), c, &params(false).for_size(19)) == Some(vec![])
        {
            break (line, c);
        }
        for m in moves {
            let mut h = g.clone();
            h.play(c, m.mv).unwrap();
            let mut l: Vec<(Color, Move)> = line.clone();
            l.push((c, m.mv));
            todo.push_back((h, l));
        }
    };
    let board = line_game(&line).board().clone();
    assert_eq!(
        book::pro_moves(&board, color, &params(true).for_size(19)),
        None
    );
    let answer = |unknown: bool| {
        let mut e = engine_on(19, lib.clone(), 7.5, params(unknown));
        for &(c, m) in &line {
            e.play(c, m).unwrap();
        }
        e.book_move(color).map(|m| m.0)
    };
    let own = answer(true).expect("the book answers with its own move");
    assert!(
        bk.moves(&line_game(&line), color)
            .iter()
            .any(|m| m.mv == own)
    );
    assert_eq!(answer(false), None, "the search decides there");
}

/// The 19x19 komi 7.5 game of `line`.
fn line_game(line: &[(Color, Move)]) -> Game {
    let mut g = Game::new(19, 7.5);
    for &(c, m) in line {
        g.play(c, m).unwrap();
    }
    g
}
