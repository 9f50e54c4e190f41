//! Fixed-size bitboards over the padded point layout: set algebra, shifts and flood fills as
//! word operations.

use super::point::Point;

/// Words in a bitboard: enough for the padded 25x25 layout (27 rows of 26 = 702 bits).
pub const WORDS: usize = 11;

/// A set of points of one board, one bit per padded point index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bitboard(pub [u64; WORDS]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; WORDS]);

    /// The set holding only `p`.
    #[inline]
    pub fn single(p: Point) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.set(p);
        b
    }

    /// Adds `p`.
    #[inline]
    pub fn set(&mut self, p: Point) {
        self.0[p.idx() >> 6] |= 1u64 << (p.idx() & 63);
    }

    /// Removes `p`.
    #[inline]
    pub fn clear(&mut self, p: Point) {
        self.0[p.idx() >> 6] &= !(1u64 << (p.idx() & 63));
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn has(&self, p: Point) -> bool {
        self.0[p.idx() >> 6] >> (p.idx() & 63) & 1 != 0
    }

    /// Number of points in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Number of points among the first `words` words (a board's sets fit in fewer than
    /// `WORDS` words when it is small; this is the fast count for those).
    #[inline]
    pub fn count_in(&self, words: usize) -> u32 {
        self.0[..words].iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest point in the set, if any.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Point((i * 64 + w.trailing_zeros() as usize) as u16));
            }
        }
        None
    }

    /// Intersection.
    #[inline]
    pub fn and(&self, o: &Bitboard) -> Bitboard {
        Bitboard(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// Union.
    #[inline]
    pub fn or(&self, o: &Bitboard) -> Bitboard {
        Bitboard(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// Difference: points of `self` not in `o`.
    #[inline]
    pub fn and_not(&self, o: &Bitboard) -> Bitboard {
        Bitboard(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, o: &Bitboard) -> bool {
        self.0.iter().zip(o.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Every bit moved `k` places up (towards higher indices), 0 < k < 64.
    #[inline]
    fn shl(&self, k: u32) -> Bitboard {
        Bitboard(std::array::from_fn(|i| {
            let carry = if i == 0 { 0 } else { self.0[i - 1] >> (64 - k) };
            (self.0[i] << k) | carry
        }))
    }

    /// Every bit moved `k` places down (towards lower indices), 0 < k < 64.
    #[inline]
    fn shr(&self, k: u32) -> Bitboard {
        Bitboard(std::array::from_fn(|i| {
            let carry = if i + 1 == WORDS {
                0
            } else {
                self.0[i + 1] << (64 - k)
            };
            (self.0[i] >> k) | carry
        }))
    }

    /// The set plus its 4-neighbours, within `onboard` (`width` is the layout's row stride).
    #[inline]
    pub fn dilate(&self, width: u32, onboard: &Bitboard) -> Bitboard {
        let s = self.or(&self.shl(1)).or(&self.shr(1));
        let s = s.or(&self.shl(width)).or(&self.shr(width));
        s.and(onboard)
    }

    /// The points 4-adjacent to the set and not in it, within `onboard`.
    #[inline]
    pub fn neighbours(&self, width: u32, onboard: &Bitboard) -> Bitboard {
        self.dilate(width, onboard).and_not(self)
    }

    /// The connected part of `within` reachable from `seed` through 4-adjacency.
    pub fn flood(seed: &Bitboard, within: &Bitboard, width: u32) -> Bitboard {
        let mut region = seed.and(within);
        loop {
            let next = region.dilate(width, within);
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// Iterates the points of the set in increasing order.
    #[inline]
    pub fn iter(&self) -> BitIter {
        BitIter {
            bits: *self,
            word: 0,
        }
    }
}

/// Iterator over the points of a bitboard.
pub struct BitIter {
    bits: Bitboard,
    word: usize,
}

impl Iterator for BitIter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = &mut self.bits.0[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Point((self.word * 64 + bit) as u16));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_words() {
        let mut b = Bitboard::EMPTY;
        b.set(Point(63));
        assert!(b.shl(1).has(Point(64)));
        assert!(b.shl(26).has(Point(89)));
        let c = Bitboard::single(Point(64));
        assert!(c.shr(1).has(Point(63)));
        assert!(c.shr(26).has(Point(38)));
        assert_eq!(c.shr(1).count(), 1);
    }

    #[test]
    fn flood_stays_inside() {
        // A 3-wide strip layout: width 4, onboard bits 0..3 of rows 1..3.
        let mut onboard = Bitboard::EMPTY;
        for r in 1..4u16 {
            for c in 0..3u16 {
                onboard.set(Point(r * 4 + c));
            }
        }
        let mut within = onboard;
        within.clear(Point(4 + 1));
        within.clear(Point(8 + 1));
        within.clear(Point(12 + 1));
        let left = Bitboard::flood(&Bitboard::single(Point(4)), &within, 4);
        assert_eq!(left.count(), 3);
        assert!(!left.has(Point(6)));
        let all: Vec<Point> = left.iter().collect();
        assert_eq!(all, vec![Point(4), Point(8), Point(12)]);
    }
}
