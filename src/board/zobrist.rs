//! Zobrist keys: one random 64-bit number per (colour, point index), fixed for every run so
//! that hashes (and book keys) are stable.

use super::point::{Color, Point};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::OnceLock;

/// Point indices covered: the padded 25x25 layout.
const POINTS: usize = 704;

fn table() -> &'static [[u64; POINTS]; 2] {
    static TABLE: OnceLock<Box<[[u64; POINTS]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6d6f_796f_5a6f_6272);
        let mut t = Box::new([[0u64; POINTS]; 2]);
        for colour in t.iter_mut() {
            for k in colour.iter_mut() {
                *k = rng.next_u64();
            }
        }
        t
    })
}

/// The key of a stone of `c` on `p`.
#[inline]
pub fn key(c: Color, p: Point) -> u64 {
    table()[c.index()][p.idx()]
}
