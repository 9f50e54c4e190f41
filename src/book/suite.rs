//! Book positions as regression tests (Tao et al., section 5.3): the interior positions whose
//! best move is ahead of the second best by a margin, written as a GoGui regression suite
//! (`gogui-regress` `.tst` format). Each test sets the position up and asks `reg_genmove`
//! for the side to move; the expected answer is every move that leads to the book's best
//! child (its images in a symmetric position too). The script switches the book off first
//! (`moyo-param book_max_moves 0`), so the search answers: a change to the search that
//! disagrees with many settled book moves shows at once.

use super::graph::{Book, Edge};
use crate::board::{Color, Move, canonical};
use std::fmt::Write as _;

/// One test: a book position with a clear best move.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteTest {
    /// The node.
    pub node: u32,
    /// The moves from the empty board (the book's shortest line to the node).
    pub line: Vec<(Color, Move)>,
    /// The side to move.
    pub to_move: Color,
    /// Every move leading to the best child.
    pub answers: Vec<Move>,
    /// The best move's win rate, and the second best's.
    pub best: f32,
    pub second: f32,
}

/// The interior positions of `book` (down to depth `max_depth`) whose best move is clear by
/// `margin` in win rate, the clearest first (a short run takes the first tests); at most
/// `max`. Clear means ahead of every other move both by the book's propagated values and
/// by the evaluations of the positions themselves (`h`): a child the builder expanded
/// takes the best of its own children's noisy values, so its propagated value alone sits
/// above its unexpanded siblings' even when the move is no better.
pub fn suite(book: &Book, margin: f32, max_depth: u32, max: usize) -> Vec<SuiteTest> {
    let mut picked: Vec<(u32, f32, u32)> = Vec::new();
    for (i, n) in book.nodes.iter().enumerate() {
        if !n.is_interior() || n.edges.len() < 2 || n.depth > max_depth {
            continue;
        }
        if let Some(gap) = clear_gap(book, i as u32).filter(|&g| g >= margin) {
            picked.push((n.depth, gap, i as u32));
        }
    }
    picked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)).then(a.2.cmp(&b.2)));
    picked
        .into_iter()
        .filter_map(|(_, _, i)| test_of(book, i))
        .take(max)
        .collect()
}

/// How far, in win rate, the best child of interior node `i` (by propagated value) is
/// ahead of the others by both propagated and evaluated values (`None`: another child is
/// as good by either).
fn clear_gap(book: &Book, i: u32) -> Option<f32> {
    let n = &book.nodes[i as usize];
    let child = |e: &Edge| &book.nodes[e.child as usize];
    let best = n
        .edges
        .iter()
        .min_by(|a, b| child(a).p.total_cmp(&child(b).p))?;
    let (bp, bh) = (-child(best).p, -child(best).h);
    let mut gap = f32::INFINITY;
    for e in n.edges.iter().filter(|e| e.child != best.child) {
        let c = child(e);
        gap = gap.min(bp + c.p).min(bh + c.h);
    }
    (gap > 0.0).then_some(gap / 2.0)
}

/// The test of interior node `i` (`None` if its line cannot be replayed).
fn test_of(book: &Book, i: u32) -> Option<SuiteTest> {
    let (game, _) = book.line(i).ok()?;
    let n = &book.nodes[i as usize];
    let color = n.to_move;
    let mut children: Vec<(f32, u32)> = n
        .edges
        .iter()
        .map(|e| (-book.nodes[e.child as usize].p, e.child))
        .collect();
    children.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best_key = book.nodes[children[0].1 as usize].key;
    let answers: Vec<Move> = game
        .board()
        .points()
        .map(Move::Play)
        .filter(|&m| {
            let mut g = game.clone();
            g.play(color, m).is_ok() && canonical(g.board(), color.opp()).0 == best_key
        })
        .collect();
    (!answers.is_empty()).then(|| SuiteTest {
        node: i,
        line: game.moves().to_vec(),
        to_move: color,
        answers,
        best: (children[0].0 + 1.0) / 2.0,
        second: (children[1].0 + 1.0) / 2.0,
    })
}

/// The suite as a `gogui-regress` script; `header` lines go first as comments.
pub fn suite_text(book: &Book, tests: &[SuiteTest], header: &[String]) -> String {
    let size = book.rules.size;
    let b = crate::board::Board::new(size);
    let mut o = String::new();
    for h in header {
        let _ = writeln!(o, "# {h}");
    }
    let _ = writeln!(o, "\nmoyo-param book_max_moves 0");
    for (k, t) in tests.iter().enumerate() {
        let line: Vec<String> = t.line.iter().map(|&(_, m)| b.move_string(m)).collect();
        let answers: Vec<String> = t.answers.iter().map(|&m| b.move_string(m)).collect();
        let _ = writeln!(
            o,
            "\n# {}{}: {} to move, book {} {:.3}, next best {:.3}",
            if line.is_empty() { "start" } else { "" },
            line.join(" "),
            t.to_move,
            answers[0],
            t.best,
            t.second
        );
        let _ = writeln!(o, "boardsize {size}\nclear_board\nkomi {}", book.rules.komi);
        for &(c, m) in &t.line {
            let _ = writeln!(o, "play {} {}", colour_letter(c), b.move_string(m));
        }
        let _ = writeln!(o, "{} reg_genmove {}", k + 1, colour_letter(t.to_move));
        let _ = writeln!(o, "#? [{}]", answers.join("|"));
    }
    o
}

fn colour_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}
