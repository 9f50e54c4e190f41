//! The AMAF ("all moves as first") bookkeeping of one backup: which player played each point
//! first in the sequence after a node, and at which move, and how much that first play
//! counts towards the node's children's RAVE statistics.

use crate::board::Color;
use crate::params::Params;
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

/// How much a first play counts in the AMAF statistics, by where in the sequence it came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Weighting {
    /// Every first play counts once.
    Even,
    /// Pachi's `distance_rave`: 1 plus this times the share of the sequence still to come,
    /// so the earliest plays count up to 1 + k times and the last ones once.
    Pachi(f32),
}

impl Weighting {
    /// The weighting the parameters ask for.
    pub fn from_params(p: &Params) -> Weighting {
        if p.rave_distance_weight > 0.0 {
            Weighting::Pachi(p.rave_distance_weight)
        } else {
            Weighting::Even
        }
    }
}

/// How many AMAF samples a first play at sequence index `first` counts for in the
/// statistics of a node at index `node` of a sequence of `len` moves, by `weighting`; a
/// weight that is not whole is drawn as a whole number with that mean.
#[inline]
pub fn samples(
    weighting: Weighting,
    first: usize,
    node: usize,
    len: usize,
    rng: &mut impl RngCore,
) -> u64 {
    let w = match weighting {
        Weighting::Even => return 1,
        Weighting::Pachi(k) => {
            let span = (len.saturating_sub(node) + 1) as f32;
            1.0 + k * len.saturating_sub(first) as f32 / span
        }
    };
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
    fn pachi_weights_fall_from_one_plus_k_to_one() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        let pachi = Weighting::Pachi(3.0);
        // Right after the node of a 100-move sequence: 1 + 3 x 100/101, so 3 or 4.
        let n = 20_000;
        let first: u64 = (0..n).map(|_| samples(pachi, 10, 10, 110, &mut rng)).sum();
        assert!((first as f64 / n as f64 - (1.0 + 300.0 / 101.0)).abs() < 0.02);
        // The last play counts once or twice (1 + 3/101), never less than once.
        let last: u64 = (0..n).map(|_| samples(pachi, 109, 10, 110, &mut rng)).sum();
        assert!((last as f64 / n as f64 - (1.0 + 3.0 / 101.0)).abs() < 0.01);
        assert!((0..100).all(|_| samples(pachi, 110, 10, 110, &mut rng) == 1));
        // The parameters pick it.
        let mut p = Params::default();
        assert_eq!(Weighting::from_params(&p), Weighting::Even);
        p.rave_distance_weight = 3.0;
        assert_eq!(Weighting::from_params(&p), Weighting::Pachi(3.0));
    }
}
