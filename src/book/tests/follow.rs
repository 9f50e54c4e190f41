//! Following the records: where game openings leave the book (a leaf they reach, or a
//! move of theirs an interior position lacks), and the follow step that extends the book
//! there.

use super::*;
use crate::sgf::GameRecord;

/// The record of `game` with `more` moves played after it (the first legal points).
fn record_after(game: &Game, more: usize) -> GameRecord {
    let mut g = game.clone();
    for _ in 0..more {
        let c = g.to_play();
        let p = g
            .board()
            .points()
            .find(|&p| g.legality(c, Move::Play(p)).is_ok());
        g.play(c, Move::Play(p.unwrap())).unwrap();
    }
    GameRecord::of_game(&g)
}

/// A 5x5 book whose root has 3 children, none expanded.
fn small_book() -> Builder {
    built(5, 20.0, info(3, 0, PlayerMode::Alternate), 1)
}

#[test]
fn records_reaching_a_leaf_leave_there_and_a_follow_step_expands_it() {
    let mut b = small_book();
    let leaf = b.book.nodes[0].edges[1].child;
    assert!(!b.book.nodes[leaf as usize].expanded);
    let (game, _) = b.book.line(leaf).unwrap();
    let recs = [
        record_after(&game, 1),
        record_after(&game, 2),
        record_after(&game, 1),
    ];
    let lines = Lines::from_records(&recs, 5);
    assert_eq!(lines.len(), 3);
    let d = b.book.departures(&lines);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].exit, d[0].games), (Exit::Leaf(leaf), 3));
    assert_eq!(d[0].path, vec![0, leaf]);
    let step = b.follow_step(&lines, &mut evals()).unwrap();
    assert!(
        matches!(step, Some(BuildStep::Expanded { added: 3, .. })),
        "{step:?}"
    );
    assert!(b.book.nodes[leaf as usize].expanded);
    // Now the records' second move is a child, or missing from the leaf's three children.
    let c = game.to_play();
    let mv = recs[0].moves[1].board_move(game.board()).unwrap().1;
    match b.book.departures(&lines).first().map(|d| d.exit) {
        Some(Exit::Move(n, _)) => {
            assert_eq!(n, leaf);
            assert_eq!(b.book.foresees(&game, c, mv), Some(false));
        }
        _ => assert_eq!(b.book.foresees(&game, c, mv), Some(true)),
    }
}

#[test]
fn a_move_the_book_lacks_is_added_where_enough_records_played_it() {
    let mut b = small_book();
    let game = b.book.rules.new_game();
    let c = game.to_play();
    let missing = game
        .board()
        .points()
        .map(Move::Play)
        .find(|&m| b.book.foresees(&game, c, m) == Some(false))
        .unwrap();
    let mut g = game.clone();
    g.play(c, missing).unwrap();
    let one = [record_after(&g, 1)];
    // One game alone is not followed: a drop-out step is not taken either.
    let before = b.book.len();
    assert_eq!(
        b.follow_step(&Lines::from_records(&one, 5), &mut evals())
            .unwrap(),
        None
    );
    assert_eq!(b.book.len(), before);
    let two = [record_after(&g, 1), record_after(&g, 3)];
    let lines = Lines::from_records(&two, 5);
    assert!(matches!(
        b.book.departures(&lines)[0].exit,
        Exit::Move(0, _)
    ));
    let children = b.book.nodes[0].edges.len();
    let step = b.follow_step(&lines, &mut evals()).unwrap();
    assert_eq!(step, Some(BuildStep::Expanded { node: 0, added: 1 }));
    assert_eq!(b.book.nodes[0].edges.len(), children + 1);
    assert_eq!(b.book.foresees(&game, c, missing), Some(true));
    // The records now leave at the new leaf.
    let new_leaf = b.book.nodes[0].edges[children].child;
    assert_eq!(b.book.departures(&lines)[0].exit, Exit::Leaf(new_leaf));
}

#[test]
fn a_run_following_half_its_steps_goes_where_the_records_go() {
    // A line six moves deep, played by three games: drop-out alone at the same number of
    // expansions does not reach its end; half the steps following it does.
    let mut game = rules(5).new_game();
    for m in ["C3", "B2", "D4", "B4", "D2", "C2"] {
        let c = game.to_play();
        game.play(c, game.board().parse_move(m).unwrap()).unwrap();
    }
    let recs = [
        record_after(&game, 1),
        record_after(&game, 1),
        record_after(&game, 2),
    ];
    let lines = Lines::from_records(&recs, 5);
    let deep = |b: &Builder| b.book.moves(&game, game.to_play()).len();
    let limits = RunLimits {
        expansions: Some(40),
        ..RunLimits::default()
    };
    let mut alone = small_book();
    alone.run(&mut evals(), limits, |_, _| {}).unwrap();
    let mut follows = small_book();
    follows
        .run_following(&lines, 0.5, &mut evals(), limits, |_, _| {})
        .unwrap();
    assert_eq!(follows.info.expansions, 40);
    assert_eq!(deep(&alone), 0);
    assert!(deep(&follows) > 0, "the followed line's end is interior");
}
