//! Honest values: a book keeps each value's evaluator, books of format 1 still load (their
//! values marked as of an old version), and a resumed build evaluates every stale value
//! again before it expands anything, also across a kill.

use super::*;

/// A book of format 1: the first edition's 9x9 book (22,007 positions), shipped until the
/// second edition replaced it, kept here so that such files stay readable.
const FORMAT_1: &[u8] = include_bytes!("first-edition-9x9.book");

#[test]
fn format_1_books_load_and_convert_without_changing_a_book_move() {
    assert_eq!(
        FORMAT_1[8..12],
        1u32.to_le_bytes(),
        "the fixture is of format 1"
    );
    let (book, info) = from_bytes(FORMAT_1, "first-edition-9x9.book").unwrap();
    assert_eq!(book.len(), 22_007);
    assert_eq!(info.evaluators.len(), 1);
    assert!(
        info.evaluators[0].is_stale(),
        "format 1 values are of version 0"
    );
    assert_eq!(info.evaluators[0].playouts, info.playouts);
    assert!(book.nodes.iter().all(|n| n.eval == 0));
    let converted = to_bytes(&book, &info);
    assert_eq!(converted[8..12], VERSION.to_le_bytes());
    let (again, info2) = from_bytes(&converted, "converted").unwrap();
    assert_eq!(info2, info);
    assert_eq!(again.fingerprint(), book.fingerprint());
    // Every interior position offers the same moves at the same values.
    for i in 0..book.len() as u32 {
        if !book.nodes[i as usize].is_interior() {
            continue;
        }
        let (game, _) = book.line(i).unwrap();
        let c = game.to_play();
        assert_eq!(book.moves(&game, c), again.moves(&game, c), "node {i}");
    }
}

#[test]
fn search_settings_name_the_parameters_that_differ_from_today() {
    let p = crate::params::Params::default();
    let s = EvalSettings::search(&p, 3000, 1);
    assert_eq!((s.version, s.playouts, s.seed), (EVAL_VERSION, 3000, 1));
    assert!(s.params.lines().any(|l| l == "jigo_half_win=true"));
    assert_eq!(s.changed_params(), "defaults");
    let mut q = p.clone();
    q.jigo_half_win = false;
    let old = EvalSettings::search(&q, 3000, 1);
    assert_eq!(old.changed_params(), "jigo_half_win=false");
    assert_ne!(old, s);
    let unknown = EvalSettings {
        params: String::new(),
        ..s
    };
    assert_eq!(unknown.changed_params(), "unknown");
}

#[test]
fn a_build_resumed_by_a_newer_evaluator_values_every_old_position_again_first() {
    let path = temp("revalue.book");
    let settings = info(4, 3, PlayerMode::Alternate);
    let mut old: Vec<Box<dyn Evaluator>> = vec![Box::new(FakeEvaluator::of_version(0))];
    let mut b = Builder::create(
        rules(7),
        shape(10.0),
        settings,
        Some(&path),
        &mut FakeEvaluator::of_version(0),
    )
    .unwrap();
    for _ in 0..8 {
        b.step(&mut old).unwrap();
    }
    b.checkpoint().unwrap();
    let n = b.book.len();
    assert_eq!(
        b.stale(0).len(),
        0,
        "nothing is older than its own evaluator"
    );
    assert_eq!(b.stale(EVAL_VERSION).len(), n);
    drop(b);
    // Today's evaluator is killed after three evaluations: they are journalled.
    let mut dying: Vec<Box<dyn Evaluator>> = vec![Box::new(FakeEvaluator {
        budget: Some(3),
        ..FakeEvaluator::new()
    })];
    let mut c = Builder::resume(&path).unwrap();
    assert_eq!(c.step(&mut dying).unwrap(), BuildStep::Interrupted);
    assert_eq!(c.book.len(), n, "nothing expanded while values are stale");
    drop(c);
    let mut d = Builder::resume(&path).unwrap();
    assert_eq!(d.stale(EVAL_VERSION).len(), n - 3);
    let mut today: Vec<Box<dyn Evaluator>> = vec![
        Box::new(FakeEvaluator::new()),
        Box::new(FakeEvaluator::new()),
    ];
    let mut revalued = 3;
    loop {
        match d.step(&mut today).unwrap() {
            BuildStep::Revalued { nodes } => revalued += nodes,
            BuildStep::Expanded { .. } => break,
            s => panic!("{s:?}"),
        }
    }
    assert_eq!(revalued, n);
    assert!(d.stale(EVAL_VERSION).is_empty());
    let fresh = FakeEvaluator::new();
    for nd in &d.book.nodes[..n] {
        assert_eq!(nd.h, fresh.value(nd.key));
        assert_eq!(d.info.evaluators[nd.eval as usize].version, EVAL_VERSION);
    }
    // The file names both evaluators; the old one no longer values any position.
    d.checkpoint().unwrap();
    let (book, info) = load(&path).unwrap();
    assert_eq!(info.evaluators.len(), 2);
    assert!(book.nodes.iter().all(|x| x.eval == 1));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(sibling(&path, ".journal"));
}
