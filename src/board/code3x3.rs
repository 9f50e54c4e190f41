//! The 3x3 neighbourhood of a point as a 20-bit code: what pattern tables are indexed by.

use super::point::Point;
use super::position::{Board, EMPTY};

/// Bits in a neighbourhood code: 8 points x 2 bits, then 4 atari flags.
pub const CODE_BITS: u32 = 20;

/// Value of a point in the code (2 bits): empty, black, white or off the board.
pub const CODE_EMPTY: u32 = 0;
/// A black stone.
pub const CODE_BLACK: u32 = 1;
/// A white stone.
pub const CODE_WHITE: u32 = 2;
/// Outside the board.
pub const CODE_OFF: u32 = 3;

/// Offsets (dx, dy) of the 8 neighbours in code order: N, NE, E, SE, S, SW, W, NW, where N is
/// towards higher rows. Neighbour i sits at bits 2i..2i+2. The four orthogonal ones (N, E,
/// S, W: i = 0, 2, 4, 6) carry an atari flag at bit 16 + i/2 when they hold a stone whose
/// string has exactly one liberty.
pub const NEIGHBOUR_OFFSETS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Code value of each mailbox colour byte: black, white, empty, off the board.
const VALUE: [u32; 4] = [CODE_BLACK, CODE_WHITE, CODE_EMPTY, CODE_OFF];

impl Board {
    /// The 3x3 code around the on-board point `p` (see `NEIGHBOUR_OFFSETS`).
    #[inline]
    pub fn neighbourhood_code(&self, p: Point) -> u32 {
        self.colour_code(p) | self.atari_flags(p)
    }

    /// The colour part of `neighbourhood_code` (its low 16 bits): eight loads, no string
    /// lookups, for tests that can turn a point away before its atari flags are wanted.
    #[inline]
    pub fn colour_code(&self, p: Point) -> u32 {
        let mut code = 0u32;
        for (i, q) in self.around(p).into_iter().enumerate() {
            code |= VALUE[(self.at(Point(q)) & 3) as usize] << (2 * i);
        }
        code
    }

    /// The atari part of `neighbourhood_code` (bits 16-19): orthogonal stones whose string
    /// has one liberty.
    #[inline]
    pub fn atari_flags(&self, p: Point) -> u32 {
        let mut flags = 0u32;
        for (i, q) in self.around(p).into_iter().enumerate().step_by(2) {
            let q = Point(q);
            if self.at(q) < EMPTY && self.lib_cnt(self.head_at(q)) == 1 {
                flags |= 1 << (16 + i / 2);
            }
        }
        flags
    }

    /// Panics unless the eight neighbours of `p` lie inside the padded arrays, as those of
    /// every on-board point do. The unchecked loads of `at` and `head_at` rely on it, so each
    /// public function that takes a caller's `Point` to them checks it first: two compares
    /// next to the eight loads that follow (the cost in `moyo bench` is within its noise).
    #[inline(always)]
    pub(super) fn check_window(&self, p: Point) {
        let w = self.width();
        assert!(
            p.idx() > w && p.idx() + w + 1 < self.len(),
            "point {} has no 3x3 neighbourhood on a board of width {w}",
            p.idx()
        );
    }

    /// The eight neighbours of `p` in code order (`p` is checked: see `check_window`).
    #[inline]
    pub(super) fn around(&self, p: Point) -> [u16; 8] {
        self.check_window(p);
        let w = self.width() as u16;
        [
            p.0 + w,
            p.0 + w + 1,
            p.0 + 1,
            p.0 - w + 1,
            p.0 - w,
            p.0 - w - 1,
            p.0 - 1,
            p.0 + w - 1,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::board::diagram::stones;

    #[test]
    fn corner_code_marks_edges_and_atari() {
        let b = stones(
            9,
            &[
                (Color::White, "A2"),
                (Color::Black, "A3"),
                (Color::Black, "B2"),
            ],
        );
        let a1 = b.point(0, 0);
        let code = b.neighbourhood_code(a1);
        // N = A2 white, in atari (only A1 left); NE = B2 black; E = B1 empty; the rest off.
        assert_eq!(code & 3, CODE_WHITE);
        assert_eq!((code >> 2) & 3, CODE_BLACK);
        assert_eq!((code >> 4) & 3, CODE_EMPTY);
        for i in 3..8 {
            assert_eq!((code >> (2 * i)) & 3, CODE_OFF, "neighbour {i}");
        }
        assert_eq!(code >> 16, 1, "only N is in atari");
    }

    #[test]
    fn points_without_a_neighbourhood_are_refused() {
        let b = Board::new(9);
        let last = Point((b.len() - 1) as u16);
        for p in [Point(0), Point(1), last, Point(u16::MAX)] {
            let fs: [fn(&Board, Point) -> u32; 3] = [
                Board::colour_code,
                Board::atari_flags,
                Board::neighbourhood_code,
            ];
            for f in fs {
                let r = std::panic::catch_unwind(|| f(&b, p));
                assert!(r.is_err(), "point {p:?} was accepted");
            }
            assert_eq!(b.nakade_vital_point(p, Color::Black), None);
            let tactics = [
                std::panic::catch_unwind(|| b.libs_after(Color::Black, p).count()),
                std::panic::catch_unwind(|| {
                    b.enclosed_space::<7>(p, Color::Black).map_or(0, |s| s.1) as u32
                }),
                std::panic::catch_unwind(|| b.window_region(p, Color::Black).unwrap_or(0) as u32),
            ];
            assert!(
                tactics.iter().all(Result::is_err),
                "point {p:?} was accepted"
            );
        }
        // The corners of the board still have one: padding all round.
        let a1 = b.point(0, 0);
        let j9 = b.point(8, 8);
        assert_eq!(
            b.colour_code(a1) & 0xff00,
            0xff00,
            "S, SW, W, NW are off the board"
        );
        assert_eq!(
            b.colour_code(j9) & 0xff,
            0xff,
            "N, NE, E, SE are off the board"
        );
    }
}
