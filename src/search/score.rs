//! The final score of the playouts, as analysis front ends show it (KataGo's `scoreLead`,
//! `scoreMean`, `scoreStdev`): each search thread sums, for the root and for each root move,
//! the area difference (Black's points minus White's) its playouts ended with, and its
//! square. The sums are integers in the thread's own memory, so the playout loop takes no
//! lock, touches no shared cache line and allocates nothing; they are added up when a
//! result is read.

use crate::board::Color;

/// The area differences of some playouts: their number, sum and sum of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreSum {
    pub n: u64,
    pub sum: i64,
    pub squares: u64,
}

impl ScoreSum {
    /// Counts one playout that ended with Black's area less White's at `diff`.
    #[inline]
    pub fn add(&mut self, diff: i32) {
        self.n += 1;
        self.sum += i64::from(diff);
        self.squares += u64::from(diff.unsigned_abs()).pow(2);
    }

    /// Adds another thread's sums.
    pub fn merge(&mut self, other: &ScoreSum) {
        self.n += other.n;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The mean final margin for `c` with `komi` (area less komi; positive: `c` ahead) and
    /// its standard deviation; `None` before any playout.
    pub fn score(&self, komi: f32, c: Color) -> Option<Score> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        let variance = (self.squares as f64 / n - mean * mean).max(0.0);
        let black = mean - f64::from(komi);
        let lead = if c == Color::Black { black } else { -black };
        Some(Score {
            lead: lead as f32,
            stdev: variance.sqrt() as f32,
        })
    }
}

/// A final margin as the playouts see it, for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// The mean margin (area less komi) of the side the search is for: positive, it leads.
    pub lead: f32,
    /// The standard deviation of the margin over the playouts.
    pub stdev: f32,
}

/// One thread's score sums for a search: the root's and each root move's (by its place
/// among the root's children).
#[derive(Clone, Debug, Default)]
pub struct RootScores {
    pub root: ScoreSum,
    pub moves: Vec<ScoreSum>,
}

impl RootScores {
    /// Empties the sums for a root with `children` moves (keeps the memory).
    pub fn reset(&mut self, children: usize) {
        self.root = ScoreSum::default();
        self.moves.clear();
        self.moves.resize(children, ScoreSum::default());
    }

    /// Counts a playout that went through the root's child `child` (its place among the
    /// children; `None` when the root had none) and ended at `diff`.
    #[inline]
    pub fn add(&mut self, child: Option<usize>, diff: i32) {
        self.root.add(diff);
        if let Some(s) = child.and_then(|i| self.moves.get_mut(i)) {
            s.add(diff);
        }
    }

    /// Adds another thread's sums (of the same root).
    pub fn merge(&mut self, other: &RootScores) {
        self.root.merge(&other.root);
        if self.moves.len() < other.moves.len() {
            self.moves.resize(other.moves.len(), ScoreSum::default());
        }
        for (a, b) in self.moves.iter_mut().zip(&other.moves) {
            a.merge(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_deviation_for_either_side() {
        let mut s = ScoreSum::default();
        assert_eq!(s.score(7.5, Color::Black), None);
        for d in [10, 20, 30] {
            s.add(d);
        }
        // Mean area difference 20, komi 7.5: Black leads by 12.5; the spread is sqrt(200/3).
        let b = s.score(7.5, Color::Black).unwrap();
        assert!((b.lead - 12.5).abs() < 1e-4, "{b:?}");
        assert!((b.stdev - (200.0f32 / 3.0).sqrt()).abs() < 1e-3, "{b:?}");
        let w = s.score(7.5, Color::White).unwrap();
        assert_eq!((w.lead, w.stdev), (-b.lead, b.stdev));
        // Negative differences square as positive ones.
        let mut n = ScoreSum::default();
        n.add(-4);
        n.add(-4);
        assert_eq!(n.squares, 32);
        assert_eq!(n.score(0.5, Color::White).unwrap().lead, 4.5);
        assert_eq!(n.score(0.5, Color::White).unwrap().stdev, 0.0);
    }

    #[test]
    fn threads_merge_by_root_child() {
        let mut a = RootScores::default();
        a.reset(3);
        a.add(Some(0), 5);
        a.add(None, 1);
        a.add(Some(7), 2); // no such child: the root alone counts it
        let mut b = RootScores::default();
        b.reset(3);
        b.add(Some(0), 3);
        b.add(Some(2), -9);
        a.merge(&b);
        assert_eq!(a.root.n, 5);
        assert_eq!(a.root.sum, 2);
        assert_eq!((a.moves[0].n, a.moves[0].sum), (2, 8));
        assert_eq!((a.moves[1].n, a.moves[2].sum), (0, -9));
        a.reset(2);
        assert_eq!((a.root, a.moves.len()), (ScoreSum::default(), 2));
    }
}
