//! Populations of parameter vectors: Gaussian mutation in units of each parameter's step,
//! the 3/1/0 points of a tournament, and the random streams (one per generation and
//! purpose, so that a resumed run draws exactly what an uninterrupted one would).

use super::spec::Spec;
use crate::board::Color;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Points for a win, a draw and a loss (Davis and Kendall's 3/1/0).
pub const WIN: u32 = 3;
pub const DRAW: u32 = 1;
pub const LOSS: u32 = 0;

/// The random stream of one generation and purpose: it depends on the run's seed and
/// nothing else, so the checkpoint needs no generator state.
pub fn stream(seed: u64, generation: usize, purpose: u64) -> Xoshiro256PlusPlus {
    let mut x = seed ^ 0x6d6f_796f_7475_6e65;
    x = splitmix(x ^ (generation as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    x = splitmix(x ^ purpose.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    Xoshiro256PlusPlus::seed_from_u64(x)
}

/// A well-mixed 64-bit number from `x` (SplitMix64's finaliser).
pub fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A standard normal number (Box-Muller).
pub fn normal(rng: &mut impl Rng) -> f64 {
    let u: f64 = rng.gen_range(f64::EPSILON..1.0);
    let v: f64 = rng.gen_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// `parent` plus N(0, sigma) steps on every parameter, clamped to the ranges and rounded
/// for whole numbers and switches.
pub fn mutate(spec: &Spec, parent: &[f64], sigma: f64, rng: &mut impl Rng) -> Vec<f64> {
    spec.params
        .iter()
        .zip(parent)
        .map(|(t, &x)| t.clamp_round(x + sigma * t.step * normal(rng)))
        .collect()
}

/// The points one game gives its two players, (Black's, White's).
pub fn points(winner: Option<Color>) -> (u32, u32) {
    match winner {
        Some(Color::Black) => (WIN, LOSS),
        Some(Color::White) => (LOSS, WIN),
        None => (DRAW, DRAW),
    }
}

/// Player indices ordered by points, most first; ties keep the lower index first (the
/// survivors of the last generation stand first in a population).
pub fn ranking(points: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| points[b].cmp(&points[a]).then(a.cmp(&b)));
    order
}

/// Mean and standard deviation of each parameter over `members`.
pub fn mean_spread(members: &[Vec<f64>]) -> Vec<(f64, f64)> {
    let Some(first) = members.first() else {
        return Vec::new();
    };
    let n = members.len() as f64;
    (0..first.len())
        .map(|i| {
            let mean = members.iter().map(|m| m[i]).sum::<f64>() / n;
            let var = members.iter().map(|m| (m[i] - mean).powi(2)).sum::<f64>() / n;
            (mean, var.sqrt())
        })
        .collect()
}
