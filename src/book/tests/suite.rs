//! The regression suite exported from a book: positions with a clear best move, every
//! answer leading to the best child, the clearest first, and the script text.

use super::*;

#[test]
fn the_suite_holds_the_positions_whose_best_move_is_clear() {
    let b = built(9, 5.0, info(6, 0, PlayerMode::Alternate), 20);
    let book = &b.book;
    let all = suite(book, 0.0, 99, usize::MAX);
    let clear = suite(book, 0.05, 99, usize::MAX);
    assert!(
        !clear.is_empty() && clear.len() < all.len(),
        "{} {}",
        clear.len(),
        all.len()
    );
    let gap = |t: &SuiteTest| {
        let n = &book.nodes[t.node as usize];
        let best = n
            .edges
            .iter()
            .map(|e| &book.nodes[e.child as usize])
            .min_by(|x, y| x.p.total_cmp(&y.p))
            .unwrap();
        let mut g = f32::INFINITY;
        for e in &n.edges {
            let c = &book.nodes[e.child as usize];
            if c.key != best.key {
                g = g.min(c.p - best.p).min(c.h - best.h);
            }
        }
        g / 2.0
    };
    for t in &clear {
        let n = &book.nodes[t.node as usize];
        assert!(n.is_interior() && gap(t) >= 0.05);
        assert!(t.best - t.second >= 0.05 - 1e-6);
        // Every answer leads to the best child, and replaying the line reaches the node.
        let mut g = book.rules.new_game();
        for &(c, m) in &t.line {
            g.play(c, m).unwrap();
        }
        assert_eq!(canonical(g.board(), t.to_move).0, n.key);
        let best = book.choose(&g, t.to_move, 0.0, |_| 0).unwrap();
        assert!(t.answers.contains(&best.mv));
        for &m in &t.answers {
            let mut h = g.clone();
            h.play(t.to_move, m).unwrap();
            assert!(close(
                -book.nodes[book.find(canonical(h.board(), t.to_move.opp()).0).unwrap() as usize].p,
                best.value
            ));
        }
    }
    assert!(
        clear.windows(2).all(|w| gap(&w[0]) >= gap(&w[1])),
        "clearest first"
    );
    assert_eq!(suite(book, 0.05, 99, 3).len(), 3.min(clear.len()));
    assert!(suite(book, 0.05, 0, 99).iter().all(|t| t.line.is_empty()));
    let text = suite_text(book, &clear, &["a header".to_string()]);
    assert!(text.starts_with("# a header\n\nmoyo-param book_max_moves 0\n"));
    assert_eq!(text.matches(" reg_genmove ").count(), clear.len());
    assert_eq!(text.matches("\n#? [").count(), clear.len());
    assert!(text.contains("\n1 reg_genmove "));
}
