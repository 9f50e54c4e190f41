//! The 8 symmetries of the square board and the canonical (symmetry-independent) hash.

use super::point::{Color, Point};
use super::position::Board;
use super::zobrist;

/// One of the 8 rotations/reflections, numbered 0..8; 0 is the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Maps 0-based (col, row) on a board of `size` through the symmetry.
    pub fn apply(self, col: usize, row: usize, size: usize) -> (usize, usize) {
        let m = size - 1;
        let (c, r) = if self.0 & 4 != 0 {
            (row, col)
        } else {
            (col, row)
        };
        let c = if self.0 & 1 != 0 { m - c } else { c };
        let r = if self.0 & 2 != 0 { m - r } else { r };
        (c, r)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        // Flips commute with themselves; with a transpose the flips swap axes.
        if self.0 & 4 != 0 {
            let x = self.0 & 1;
            let y = (self.0 >> 1) & 1;
            Symmetry(4 | (x << 1) | y)
        } else {
            self
        }
    }

    /// Maps a point of `board` through the symmetry.
    pub fn map_point(self, board: &Board, p: Point) -> Point {
        let (c, r) = board.col_row(p);
        let (c, r) = self.apply(c, r, board.size());
        board.point(c, r)
    }
}

impl Board {
    /// The hash the stones would have after applying `sym`.
    pub fn hash_under(&self, sym: Symmetry) -> u64 {
        let mut h = 0;
        for c in [Color::Black, Color::White] {
            for p in self.stones(c).iter() {
                h ^= zobrist::key(c, sym.map_point(self, p));
            }
        }
        h
    }

    /// The smallest hash over the 8 symmetries and the symmetry that gives it: equal for
    /// positions that are rotations or reflections of each other.
    pub fn canonical_hash(&self) -> (u64, Symmetry) {
        Symmetry::ALL
            .iter()
            .map(|&s| (self.hash_under(s), s))
            .min_by_key(|&(h, s)| (h, s.0))
            .unwrap_or((self.hash(), Symmetry(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    #[test]
    fn inverse_undoes() {
        for s in Symmetry::ALL {
            for (c, r) in [(0, 0), (2, 5), (8, 1)] {
                let (a, b) = s.apply(c, r, 9);
                assert_eq!(s.inverse().apply(a, b, 9), (c, r), "symmetry {}", s.0);
            }
        }
    }

    #[test]
    fn rotated_positions_share_canonical_hash() {
        let mut a = Board::new(9);
        let mut b = Board::new(9);
        let pa = a.point(2, 3);
        let pb = b.point(5, 2); // (2,3) rotated a quarter turn on 9x9: (r, 8-c)
        a.play(Color::Black, Move::Play(pa)).unwrap();
        b.play(Color::Black, Move::Play(pb)).unwrap();
        assert_ne!(a.hash(), b.hash());
        assert_eq!(a.canonical_hash().0, b.canonical_hash().0);
        let mut c = Board::new(9);
        c.play(Color::White, Move::Play(pa)).unwrap();
        assert_ne!(a.canonical_hash().0, c.canonical_hash().0);
        assert_eq!(a.hash_under(Symmetry(0)), a.hash());
    }
}
