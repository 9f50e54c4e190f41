//! The AMAF ("all moves as first") bookkeeping of one backup: which player played each point
//! first in the sequence after a node, and at which move, and how much that first play
//! counts towards the node's children's RAVE statistics.

use crate::board::Color;
use crate::playout::heavy::chance;
use rand::RngCore;

/// No first play recorded for a point.
const NONE: u32 = u32::MAX;

/// For each point, the colour and sequence index of its earliest play seen so far (the
/// backup records the sequence from its end, so later records are earlier plays).
#[derive(Debug, Default)]
pub struct FirstPlays {
    /// `index << 8 | colour`, or `NONE`.
    at: Vec<u32>,
}

impl FirstPlays {
    /// An empty map for a board of `points` points (array length).
    pub fn reset(&mut self, points: usize) {
        self.at.clear();
        self.at.resize(points, NONE);
    }

    /// Records that `col` played `p` at sequence index `index`.
    #[inline]
    pub fn record(&mut self, p: u16, index: usize, col: Color) {
        self.at[p as usize] = (index as u32) << 8 | col as u32;
    }

    /// Forgets `p`.
    #[inline]
    pub fn forget(&mut self, p: u16) {
        self.at[p as usize] = NONE;
    }

    /// The sequence index of the first play on `p`, when `col` made it.
    #[inline]
    pub fn first_by(&self, p: u16, col: Color) -> Option<usize> {
        let e = self.at[p as usize];
        (e != NONE && e & 0xff == col as u32).then_some((e >> 8) as usize)
    }
}

/// How many AMAF samples a first play counts for in the statistics of a node at sequence
/// index `node` of a sequence of `len` moves: one, or with `by_distance` (Fuego's weighted
/// RAVE updates) a weight falling linearly from 2 right after the node to 0 at the end of
/// the playout, drawn as a whole number with that mean.
#[inline]
pub fn samples(
    by_distance: bool,
    first: usize,
    node: usize,
    len: usize,
    rng: &mut impl RngCore,
) -> u64 {
    if !by_distance {
        return 1;
    }
    let span = len.saturating_sub(node).max(1) as f32;
    let w = 2.0 * (1.0 - first.saturating_sub(node) as f32 / span).max(0.0);
    let whole = w.floor();
    whole as u64 + u64::from(chance(rng, w - whole))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_earliest_play_by_its_colour_is_kept() {
        let mut m = FirstPlays::default();
        m.reset(10);
        m.record(3, 7, Color::White);
        m.record(3, 2, Color::Black);
        assert_eq!(m.first_by(3, Color::Black), Some(2));
        assert_eq!(m.first_by(3, Color::White), None);
        assert_eq!(m.first_by(4, Color::Black), None);
        m.forget(3);
        assert_eq!(m.first_by(3, Color::Black), None);
    }

    #[test]
    fn weights_fall_from_two_to_zero_with_mean_one() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        assert_eq!(samples(false, 90, 0, 100, &mut rng), 1);
        // Right after the node: 2; at the very end: 0.
        assert_eq!(samples(true, 10, 10, 110, &mut rng), 2);
        assert_eq!(samples(true, 110, 10, 110, &mut rng), 0);
        // A quarter of the way: 1.5 on average.
        let n = 20_000;
        let sum: u64 = (0..n).map(|_| samples(true, 35, 10, 110, &mut rng)).sum();
        assert!((sum as f64 / n as f64 - 1.5).abs() < 0.02);
        // Over a whole sequence the mean weight is about one.
        let total: u64 = (0..100).map(|i| samples(true, i, 0, 100, &mut rng)).sum();
        assert!((80..=120).contains(&total), "{total}");
    }
}
