//! Online adaptation of the softmax playout policy during one search (Graf and Platzner,
//! "Adaptive playouts in Monte-Carlo tree search with policy-gradient reinforcement
//! learning", ACG 2015; TCS 2016): after each playout the gammas of the 3x3 shapes its
//! moves were played on move by policy gradient towards the playout's outcome, so the
//! playouts learn from the search they serve, more the longer it runs.
//!
//! The gradient of log pi(a) for a shape's log-gamma is [shape of a is it] minus the
//! policy's probability of that shape. The probability would need every candidate; one more
//! move drawn from the same distribution (`SampledMove::drawn`) is an unbiased sample of it, and
//! costs one draw. So a playout won by its mover raises the log-gamma of the shape played by
//! `rate` and lowers that of the shape drawn by `rate`; a lost one does the opposite.
//!
//! The adapted log-gammas live for one search. Shared, every worker reads and writes one
//! table of atomics without locks (updates racing on one shape may be lost, which only
//! slows the learning); private, each thread keeps its own copy in its playout scratch.
//! See docs/experiments/learned-playouts.md.

use super::features::{Levels, NO_LEVELS};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU32, AtomicU64};

/// The log-gammas adapt within this distance of the learned ones: e^4 is about 55.
pub const MAX_SHIFT: f32 = 4.0;

/// Each search's adaptation gets a new number, so that a thread's private copy from an
/// earlier search is recognised and started afresh.
static SEARCHES: AtomicU64 = AtomicU64::new(1);

/// One playout move as the gradient sees it: the mover, the shape number of the point
/// played and that of a second point drawn from the same distribution, and, when the
/// adaptation asks for them (`Adaptation::records_levels`), the other groups' levels of both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampledMove {
    /// The mover (`Color::index`).
    pub mover: u8,
    /// The shape number (`BaseTable::numbers`) of the point played.
    pub played: u16,
    /// The shape number of the point drawn beside it.
    pub drawn: u16,
    /// The levels of the point played (`NO_LEVELS` when not recorded).
    pub played_levels: Levels,
    /// The levels of the point drawn (`NO_LEVELS` when not recorded).
    pub drawn_levels: Levels,
}

impl SampledMove {
    /// A move known only by its shapes: `mover` played shape `played`, `drawn` beside it.
    pub fn shapes(mover: u8, played: u16, drawn: u16) -> SampledMove {
        SampledMove {
            mover,
            played,
            drawn,
            played_levels: NO_LEVELS,
            drawn_levels: NO_LEVELS,
        }
    }
}

/// A thread's private copy of the adapted gammas, kept in its playout scratch.
#[derive(Default)]
pub struct PrivateCopy {
    search: u64,
    shift: Vec<f32>,
    gammas: Vec<u64>,
}

/// The adaptation of one search: its rate, and the adapted shape gammas when shared.
#[derive(Debug)]
pub struct Adaptation {
    rate: f32,
    /// Whether the playouts record each move's levels of the other groups (balancing).
    levels: bool,
    search: u64,
    /// The learned gammas per shape number, in fixed point.
    learned: Vec<u64>,
    /// Shared: the log-gamma shift per shape number (f32 bits) and the gamma it gives.
    shift: Vec<AtomicU32>,
    gammas: Vec<AtomicU64>,
}

/// The fixed-point gamma `learned` shifted by `shift` in log space (0 stays 0).
fn shifted(learned: u64, shift: f32) -> u64 {
    if learned == 0 {
        0
    } else {
        ((learned as f64 * (shift as f64).exp()).round() as u64).max(1)
    }
}

/// One step of `rate` towards the outcome on the shift of `played`, away on `drawn`.
fn learn_into(steps: &[SampledMove], black_won: bool, rate: f32, mut add: impl FnMut(usize, f32)) {
    for s in steps {
        if s.played == s.drawn {
            continue;
        }
        let won = (s.mover == 0) == black_won;
        let d = if won { rate } else { -rate };
        add(s.played as usize, d);
        add(s.drawn as usize, -d);
    }
}

impl Adaptation {
    /// A fresh adaptation at `rate` from the learned gammas `learned` (`BaseTable::gammas`);
    /// `shared` keeps one table for all threads, else each thread adapts its own copy.
    pub fn new(learned: &[u64], rate: f32, shared: bool) -> Adaptation {
        let n = if shared { learned.len() } else { 0 };
        Adaptation {
            rate,
            levels: false,
            search: SEARCHES.fetch_add(1, Relaxed),
            learned: learned.to_vec(),
            shift: (0..n).map(|_| AtomicU32::new(0)).collect(),
            gammas: learned[..n].iter().map(|&g| AtomicU64::new(g)).collect(),
        }
    }

    /// A shared table that does not learn online (rate 0) but starts from the log-gamma
    /// `shifts` (one per shape number): the playouts of simulation balancing, which moves
    /// the shifts itself (`add`) and reads every group's levels of the moves.
    pub fn with_shifts(learned: &[u64], shifts: &[f32]) -> Adaptation {
        let mut a = Adaptation::new(learned, 0.0, true);
        a.levels = true;
        for (n, &d) in shifts.iter().enumerate().take(learned.len()) {
            a.add(n, d);
        }
        a
    }

    /// The online learning rate (0: the playouts only record their steps).
    pub fn rate(&self) -> f32 {
        self.rate
    }

    /// Adds `d` to the shared log-gamma shift of shape number `n` (within `MAX_SHIFT`).
    pub fn add(&self, n: usize, d: f32) {
        let cell = &self.shift[n];
        let s = (f32::from_bits(cell.load(Relaxed)) + d).clamp(-MAX_SHIFT, MAX_SHIFT);
        cell.store(s.to_bits(), Relaxed);
        self.gammas[n].store(shifted(self.learned[n], s), Relaxed);
    }

    /// Whether the playouts record the levels of the other groups of each move.
    pub fn records_levels(&self) -> bool {
        self.levels
    }

    /// Whether all threads share one table.
    pub fn shared(&self) -> bool {
        !self.shift.is_empty()
    }

    /// The shape gammas a playout starts from, into `out`; `own` is the thread's copy.
    pub fn gammas_into(&self, own: &mut PrivateCopy, out: &mut Vec<u64>) {
        out.clear();
        if self.shared() {
            out.extend(self.gammas.iter().map(|g| g.load(Relaxed)));
        } else {
            self.own_copy(own);
            out.extend_from_slice(&own.gammas);
        }
    }

    /// `own`, started afresh when it is from another search.
    fn own_copy(&self, own: &mut PrivateCopy) {
        if own.search != self.search || own.gammas.len() != self.learned.len() {
            own.search = self.search;
            own.shift.clear();
            own.shift.resize(self.learned.len(), 0.0);
            own.gammas.clear();
            own.gammas.extend_from_slice(&self.learned);
        }
    }

    /// Learns from one playout's `steps`, won by Black when `black_won`.
    pub fn learn(&self, own: &mut PrivateCopy, steps: &[SampledMove], black_won: bool) {
        let learned = &self.learned;
        if self.shared() {
            learn_into(steps, black_won, self.rate, |n, d| self.add(n, d));
        } else {
            self.own_copy(own);
            let PrivateCopy { shift, gammas, .. } = own;
            learn_into(steps, black_won, self.rate, |n, d| {
                let s = (shift[n] + d).clamp(-MAX_SHIFT, MAX_SHIFT);
                shift[n] = s;
                gammas[n] = shifted(learned[n], s);
            });
        }
    }

    /// The log-gamma shift of shape number `n` so far (the shared table's, or `own`'s).
    pub fn shift(&self, own: &PrivateCopy, n: usize) -> f32 {
        if self.shared() {
            f32::from_bits(self.shift[n].load(Relaxed))
        } else if own.search == self.search {
            own.shift.get(n).copied().unwrap_or(0.0)
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Softmax, SoftmaxScratch};
    use super::*;
    use crate::board::Color::Black as B;
    use crate::board::diagram::{at, board};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    const ONE: u64 = 1 << 24;

    #[test]
    fn a_won_playout_raises_the_shape_played_and_lowers_the_one_drawn() {
        for shared in [true, false] {
            let a = Adaptation::new(&[0, ONE, ONE, ONE], 0.1, shared);
            let mut own = PrivateCopy::default();
            let black = SampledMove::shapes(0, 1, 2);
            a.learn(&mut own, &[black], true);
            assert!((a.shift(&own, 1) - 0.1).abs() < 1e-6, "shared {shared}");
            assert!((a.shift(&own, 2) + 0.1).abs() < 1e-6);
            assert_eq!(a.shift(&own, 3), 0.0);
            // White's move in the same won-by-Black playout moves the other way.
            let white = SampledMove { mover: 1, ..black };
            a.learn(&mut own, &[white, white], true);
            assert!((a.shift(&own, 1) + 0.1).abs() < 1e-6);
            let mut g = Vec::new();
            a.gammas_into(&mut own, &mut g);
            assert_eq!(g[0], 0, "a point no one may play stays unplayable");
            assert!(g[1] < ONE && g[2] > ONE && g[3] == ONE, "{g:?}");
            // The shift is bounded, and a step whose two shapes agree teaches nothing.
            a.learn(&mut own, &[black; 100], true);
            assert_eq!(a.shift(&own, 1), MAX_SHIFT);
            a.learn(&mut own, &[SampledMove { drawn: 1, ..black }], false);
            assert_eq!(a.shift(&own, 1), MAX_SHIFT);
            // A new search starts from the learned gammas again.
            let b = Adaptation::new(&[0, ONE, ONE, ONE], 0.1, shared);
            b.gammas_into(&mut own, &mut g);
            assert_eq!(g, vec![0, ONE, ONE, ONE]);
        }
    }

    /// The chance Black's next move is played on `target` of the board of `scratch`, out of
    /// `n` draws.
    fn share(
        s: &Softmax,
        scratch: &mut SoftmaxScratch,
        b: &crate::board::Board,
        target: &str,
    ) -> f64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let n = 4000;
        let mut hits = 0;
        for _ in 0..n {
            s.reset(scratch, b);
            let p = s.choose(&mut b.clone(), B, (None, None), scratch, &mut rng);
            hits += usize::from(p == Some(at(b, target)));
        }
        hits as f64 / n as f64
    }

    #[test]
    fn adapted_playouts_play_more_of_the_moves_that_won() {
        // A constructed position: Black wins exactly the playouts whose first move is the
        // hane C5 (its 3x3 shape is found nowhere else on the board).
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . X O . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        for shared in [true, false] {
            let s = Softmax::builtin().adapted(0.02, shared);
            let a = s.adaptation().unwrap();
            let mut scratch = SoftmaxScratch::default();
            let before = share(&s, &mut scratch, &b, "C5");
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
            for _ in 0..3000 {
                s.reset(&mut scratch, &b);
                scratch.steps.clear();
                let p = s.choose(&mut b.clone(), B, (None, None), &mut scratch, &mut rng);
                assert_eq!(scratch.steps.len(), 1, "one step a move");
                a.learn(&mut scratch.own, &scratch.steps, p == Some(at(&b, "C5")));
            }
            let after = share(&s, &mut scratch, &b, "C5");
            assert!(
                after > 2.0 * before && after > 0.1,
                "shared {shared}: C5 drawn {before:.3} before, {after:.3} after"
            );
        }
    }
}
