//! The local factors of one move, drawn without touching the sampler: the contiguity and
//! tactics multiply the base weights of a few points near the last two moves by `f`. A point
//! whose factor is above 1 gets the extra weight `base * (f - 1)` in a short list beside the
//! sampler, and the draw picks from the sampler or from the list in proportion to their
//! totals, so that it is drawn in proportion to `base * f`; a point whose factor is below 1
//! is kept, once drawn, with chance `f` (rejection). Either way the draw is exact and the
//! sampler's sums are left alone.

use super::Sampler;
use super::sampler::scaled;
use crate::board::{Color, Point};

/// The factors of one move and the extra weights they give.
#[derive(Default)]
pub struct Boosts {
    /// Per point index: its factor (1 when untouched).
    factor: Vec<f32>,
    /// The points whose factor is not 1.
    touched: Vec<u16>,
    /// The extra weights, (point, weight), and their sum.
    extras: Vec<(u16, u64)>,
    total: u64,
}

impl Boosts {
    /// No factor on a board of `len` points (allocates only when it first meets a larger one).
    pub fn clear(&mut self, len: usize) {
        if self.factor.len() < len {
            self.factor.resize(len, 1.0);
        }
        for &p in &self.touched {
            self.factor[p as usize] = 1.0;
        }
        self.touched.clear();
        self.extras.clear();
        self.total = 0;
    }

    /// Multiplies the factor of `p` by `f`.
    #[inline]
    pub fn multiply(&mut self, p: Point, f: f32) {
        let x = &mut self.factor[p.idx()];
        if *x == 1.0 {
            self.touched.push(p.0);
        }
        *x *= f;
    }

    /// The extra weights of mover `c` from `sampler`'s base weights, once every factor is in.
    pub fn finish(&mut self, sampler: &Sampler, c: Color) {
        for &p in &self.touched {
            let f = self.factor[p as usize];
            if f > 1.0 {
                let extra = scaled(sampler.weight(c, Point(p)), f - 1.0);
                if extra > 0 {
                    self.extras.push((p, extra));
                    self.total += extra;
                }
            }
        }
    }

    /// The chance to keep `p` once drawn: its factor when below 1.
    #[inline]
    pub fn keep(&self, p: Point) -> f32 {
        self.factor[p.idx()].min(1.0)
    }

    /// The sum of the extra weights.
    #[inline]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Drops the extra weight of `p` (a point the mover may not play after all).
    pub fn remove(&mut self, p: Point) {
        if let Some(i) = self.extras.iter().position(|e| e.0 == p.0) {
            self.total -= self.extras.swap_remove(i).1;
        }
    }

    /// The point where the running sum of the extra weights passes `r` (below `total`).
    pub fn pick(&self, mut r: u64) -> Point {
        for &(p, x) in &self.extras {
            if r < x {
                return Point(p);
            }
            r -= x;
        }
        unreachable!("the extras sum to their total");
    }
}
