//! The 3x3 shape of a move, made independent of the 8 symmetries and of colour: codes are
//! first written as if Black were to move (`normalise_colours`), then the smallest of the 8
//! transforms is kept (`canonical_shape`, a table built once).

use crate::board::{CODE_BITS, CODE_BLACK, CODE_WHITE, NEIGHBOUR_OFFSETS};
use std::sync::OnceLock;

use crate::board::Color;

/// `code` (from `Board::neighbourhood_code`) with black and white swapped when `c` is White, so
/// that "own stone" is always black.
#[inline]
pub fn normalise_colours(code: u32, c: Color) -> u32 {
    if c == Color::Black {
        return code;
    }
    let mut out = code & !0xFFFF;
    for i in 0..8 {
        let v = (code >> (2 * i)) & 3;
        let v = match v {
            CODE_BLACK => CODE_WHITE,
            CODE_WHITE => CODE_BLACK,
            v => v,
        };
        out |= v << (2 * i);
    }
    out
}

/// Where neighbour `i` goes under symmetry `s` (bit 4: transpose, bit 1: mirror x, bit 2:
/// mirror y — the same numbering as `board::Symmetry`).
fn image(s: u8, i: usize) -> usize {
    let (mut dx, mut dy) = NEIGHBOUR_OFFSETS[i];
    if s & 4 != 0 {
        (dx, dy) = (dy, dx);
    }
    if s & 1 != 0 {
        dx = -dx;
    }
    if s & 2 != 0 {
        dy = -dy;
    }
    NEIGHBOUR_OFFSETS
        .iter()
        .position(|&o| o == (dx, dy))
        .expect("offsets are closed under symmetries")
}

/// The code of the same neighbourhood seen through symmetry `s` (0..8).
pub fn transform_code(code: u32, s: u8) -> u32 {
    let mut perm = [0; 8];
    for (i, j) in perm.iter_mut().enumerate() {
        *j = image(s, i);
    }
    permute(code, &perm)
}

/// `code` with neighbour `i` moved to `perm[i]` (atari flags follow their points).
#[inline]
fn permute(code: u32, perm: &[usize; 8]) -> u32 {
    let mut out = 0;
    for (i, &j) in perm.iter().enumerate() {
        out |= ((code >> (2 * i)) & 3) << (2 * j);
        if i % 2 == 0 && code & (1 << (16 + i / 2)) != 0 {
            out |= 1 << (16 + j / 2);
        }
    }
    out
}

/// The canonical form of a (colour-normalised) code: the smallest over the 8 symmetries.
#[inline]
pub fn canonical_shape(code: u32) -> u32 {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut perms = [[0; 8]; 8];
        for (s, perm) in perms.iter_mut().enumerate() {
            for (i, j) in perm.iter_mut().enumerate() {
                *j = image(s as u8, i);
            }
        }
        (0..1u32 << CODE_BITS)
            .map(|c| perms.iter().map(|p| permute(c, p)).min().unwrap_or(c))
            .collect()
    });
    table[(code & ((1 << CODE_BITS) - 1)) as usize]
}
