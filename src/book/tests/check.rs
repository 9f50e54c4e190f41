//! Re-checks: a deeper search's value replaces the book's where they disagree by more than
//! the margin, on a hand-made graph and in a resumable check run of a built book.

use super::*;

#[test]
fn a_check_that_disagrees_by_more_than_the_margin_replaces_the_value() {
    // A (White to move) has p = 0.1 from its children; the margin 0.05 in win rate is 0.1 in
    // values.
    let mut b = hand_made(1.0);
    b.nodes[1].check = Some(Check {
        value: 0.15,
        eval: 0,
    });
    b.refresh();
    assert!(
        close(b.nodes[1].p, 0.1) && !b.nodes[1].disputed(),
        "within the margin"
    );
    b.nodes[1].check = Some(Check {
        value: 0.3,
        eval: 0,
    });
    b.refresh();
    assert!(close(b.nodes[1].p, 0.3) && close(b.nodes[1].negamax, 0.1));
    assert!(b.nodes[1].disputed());
    // The moves at A are still measured from its children: with Black as book player,
    // White (the opponent) at A goes on along its optimal A2.
    assert_eq!(b.select_child(1, BookPlayer::Black).unwrap().child, 5);
    assert!(close(b.root_value(), 0.05), "C stays Black's move");
    // A check saying A is bad for White makes it Black's best move.
    b.nodes[1].check = Some(Check {
        value: -0.2,
        eval: 0,
    });
    b.refresh();
    assert!(close(b.root_value(), 0.2));
    assert_eq!(b.select_child(0, BookPlayer::Black).unwrap().child, 1);
    // A leaf's check is a deeper evaluation of the same position: it always stands.
    b.nodes[2].check = Some(Check {
        value: 0.31,
        eval: 0,
    });
    b.refresh();
    assert!(close(b.nodes[2].p, 0.31) && !b.nodes[2].disputed());
}

#[test]
fn a_check_run_checks_every_book_move_resumably_and_the_file_keeps_the_checks() {
    let path = temp("check.book");
    let mut ev = evals();
    let mut b = Builder::create(
        rules(7),
        shape(10.0),
        info(5, 0, PlayerMode::Alternate),
        Some(&path),
        &mut FakeEvaluator::new(),
    )
    .unwrap();
    for _ in 0..12 {
        b.step(&mut ev).unwrap();
    }
    let built = b.book.len();
    b.checkpoint().unwrap();
    drop(b);
    // Killed after three checks: they survive in the journal.
    let mut dying: Vec<Box<dyn Evaluator>> = vec![Box::new(FakeEvaluator {
        budget: Some(3),
        ..FakeEvaluator::deeper(10)
    })];
    let mut c = Builder::resume(&path).unwrap();
    let last = c
        .run_checks(&mut dying, 3, RunLimits::default(), |_, _| {})
        .unwrap();
    assert_eq!(last, BuildStep::Interrupted);
    drop(c);
    let mut d = Builder::resume(&path).unwrap();
    assert_eq!(d.book.nodes.iter().filter(|n| n.check.is_some()).count(), 3);
    let mut deep: Vec<Box<dyn Evaluator>> = vec![
        Box::new(FakeEvaluator::deeper(10)),
        Box::new(FakeEvaluator::deeper(10)),
    ];
    let last = d
        .run_checks(&mut deep, 3, RunLimits::default(), |_, _| {})
        .unwrap();
    assert_eq!(last, BuildStep::Complete);
    assert_eq!(d.book.len(), built, "checks add no position");
    // Every book move above depth 3 is checked, by the deeper evaluator, at its value.
    let eval = d.info.evaluators.len() as u16 - 1;
    assert_eq!(d.info.evaluators[eval as usize].playouts, 10);
    assert!(d.unchecked(eval, 3).is_empty());
    let fresh = FakeEvaluator::deeper(10);
    for n in &d.book.nodes {
        if !n.is_interior() || n.depth >= 3 {
            continue;
        }
        for e in &n.edges {
            let c = &d.book.nodes[e.child as usize];
            if -c.p >= n.negamax {
                let k = c.check.expect("a book move is checked");
                assert_eq!((k.eval, k.value), (eval, fresh.value(c.key)));
            }
        }
    }
    // The fakes' values are unrelated, so some checks disagree.
    assert!(!d.disputed().is_empty());
    // The file keeps the checks and the margin.
    d.book.shape.check_margin = 0.07;
    d.checkpoint().unwrap();
    let (book, _) = load(&path).unwrap();
    assert_eq!(book.shape.check_margin, 0.07);
    let checks = |b: &Book| -> Vec<Option<Check>> { b.nodes.iter().map(|n| n.check).collect() };
    assert_eq!(checks(&book), checks(&d.book));
    let p = |b: &Book| -> Vec<f32> { b.nodes.iter().map(|n| n.p).collect() };
    assert_eq!(p(&book), p(&d.book));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(sibling(&path, ".journal"));
}
