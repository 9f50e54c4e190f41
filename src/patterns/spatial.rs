//! Larger shapes around a move (the idea of Pachi's spatial patterns and Coulom's "shapes of
//! growing size"): the points within gridcular distance D (dx + dy + max(dx, dy) <= D) for
//! D = 4..=10, each own stone / opponent stone / off the board (empty adds nothing), hashed
//! with fixed Zobrist-like keys, the smallest hash over the 8 symmetries kept. The keys come
//! from a fixed generator, so hashes stay valid across builds and in the gamma file.

use crate::board::{Board, Color, Point};
use std::sync::OnceLock;

/// The smallest distance with a spatial pattern (3 is about the 3x3 shape).
pub const MIN_D: usize = 4;
/// The largest distance.
pub const MAX_D: usize = 10;
/// Pattern sizes per move.
pub const SIZES: usize = MAX_D - MIN_D + 1;

struct Tables {
    /// (dx, dy, d) of every offset with 0 < d <= MAX_D, by increasing d.
    offsets: Vec<(i32, i32, usize)>,
    /// keys[i][v][s]: key of value v (1 own, 2 opponent, 3 off) on offset i seen through
    /// symmetry s (the 8 keys of one cell in one cache line, XORed together).
    keys: Vec<[[u64; 8]; 4]>,
    /// A key per size, so patterns of different sizes never share a hash.
    size_keys: [u64; SIZES],
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn gridcular(dx: i32, dy: i32) -> usize {
    let (a, b) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
    a + b + a.max(b)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let r = MAX_D as i32;
        let mut offsets = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let d = gridcular(dx, dy);
                if d > 0 && d <= MAX_D {
                    offsets.push((dx, dy, d));
                }
            }
        }
        offsets.sort_by_key(|&(dx, dy, d)| (d, dy, dx));
        let index = |dx: i32, dy: i32| {
            offsets
                .iter()
                .position(|&(a, b, _)| (a, b) == (dx, dy))
                .expect("offsets are closed under symmetries")
        };
        let key = |i: usize, v: usize| splitmix((i * 4 + v) as u64 ^ 0x6d6f_796f_7370_6174);
        let keys = offsets
            .iter()
            .map(|&(dx, dy, _)| {
                let images: [usize; 8] = std::array::from_fn(|s| {
                    let (mut x, mut y) = if s & 4 != 0 { (dy, dx) } else { (dx, dy) };
                    if s & 1 != 0 {
                        x = -x;
                    }
                    if s & 2 != 0 {
                        y = -y;
                    }
                    index(x, y)
                });
                std::array::from_fn(|v| {
                    std::array::from_fn(|s| if v == 0 { 0 } else { key(images[s], v) })
                })
            })
            .collect();
        let size_keys = std::array::from_fn(|k| splitmix(0x5a5a_0000 + k as u64));
        Tables {
            offsets,
            keys,
            size_keys,
        }
    })
}

/// The hashes of the patterns of sizes MIN_D..=MAX_D around the empty point `p`, seen by
/// `c` (own stones and the opponent's told apart, not black and white).
pub fn spatial_hashes(b: &Board, c: Color, p: Point) -> [u64; SIZES] {
    let mut out = [0u64; SIZES];
    walk(b, c, p, |i, h| {
        out[i] = h;
        true
    });
    out
}

/// `value` of the largest pattern around `p` that it knows (gives `Some` for), growing the
/// pattern only while each size is known: a table of patterns seen at least k times holds
/// every smaller pattern of a pattern it holds, so the first unknown size ends the search
/// (and the hashing).
pub fn largest_known<T>(
    b: &Board,
    c: Color,
    p: Point,
    value: impl Fn(u64) -> Option<T>,
) -> Option<T> {
    let mut best = None;
    walk(b, c, p, |_, h| match value(h) {
        Some(v) => {
            best = Some(v);
            true
        }
        None => false,
    });
    best
}

/// Hashes the patterns around `p` by growing size, handing each (size index, hash) to
/// `sink`, which returns whether to go on to the next size.
#[inline]
fn walk(b: &Board, c: Color, p: Point, mut sink: impl FnMut(usize, u64) -> bool) {
    let t = tables();
    let (col, row) = b.col_row(p);
    let n = b.size() as i32;
    let (col, row) = (col as i32, row as i32);
    let mut h = [0u64; 8];
    let mut d = 1;
    for (i, &(dx, dy, di)) in t.offsets.iter().enumerate() {
        if di != d {
            if d >= MIN_D && !sink(d - MIN_D, canonical(&h) ^ t.size_keys[d - MIN_D]) {
                return;
            }
            d = di;
        }
        let (x, y) = (col + dx, row + dy);
        let v = if x < 0 || y < 0 || x >= n || y >= n {
            3
        } else {
            match b.stone(b.point(x as usize, y as usize)) {
                None => continue,
                Some(s) if s == c => 1,
                Some(_) => 2,
            }
        };
        let k = &t.keys[i][v];
        for (hs, &ks) in h.iter_mut().zip(k) {
            *hs ^= ks;
        }
    }
    sink(SIZES - 1, canonical(&h) ^ t.size_keys[SIZES - 1]);
}

/// The hash kept over the 8 symmetries: the smallest.
#[inline]
fn canonical(h: &[u64; 8]) -> u64 {
    h.iter().min().copied().unwrap_or(0)
}
