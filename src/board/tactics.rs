//! Quick local reading the playout policy and the priors share: liberties after a move,
//! self-atari, captures.

use super::bitboard::Bitboard;
use super::point::{Color, Point};
use super::position::{Board, EMPTY, OFF};

impl Board {
    /// The liberties the string of a `c` stone on the empty point `p` would have. A captured
    /// neighbour string counts through the stones it leaves next to `p` (enough to tell one
    /// liberty from several).
    #[inline]
    pub fn libs_after(&self, c: Color, p: Point) -> Bitboard {
        self.check_window(p);
        let me = c as u8;
        let mut libs = Bitboard::EMPTY;
        for q in self.neighbours(p) {
            let byte = self.at(q);
            if byte == EMPTY {
                libs.set(q);
            } else if byte == me {
                for (a, w) in libs.0.iter_mut().zip(self.lw(self.head_at(q))) {
                    *a |= w;
                }
            } else if byte != OFF && self.lib_cnt(self.head_at(q)) == 1 {
                libs.set(q);
            }
        }
        libs.clear(p);
        libs
    }

    /// Whether `c` playing on the empty point `p` leaves its own string in atari.
    #[inline]
    pub fn is_self_atari(&self, c: Color, p: Point) -> bool {
        // Two empty neighbours already give two liberties: the common, cheap case.
        let empty = self
            .neighbours(p)
            .iter()
            .filter(|&&q| self.code(q) == EMPTY)
            .count();
        empty < 2 && self.libs_after(c, p).count() <= 1
    }

    /// The empty region around the empty point `x` when it holds at most `N - 1` points and
    /// borders only stones of `wall` or the edge: its points (first `len` of the array) and
    /// their number. `None` when it touches the other colour or is larger.
    pub fn enclosed_space<const N: usize>(
        &self,
        x: Point,
        wall: Color,
    ) -> Option<([Point; N], usize)> {
        // The flood only steps onto empty points, which are on the board: only `x` needs a
        // check.
        self.check_window(x);
        let wall = wall as u8;
        let mut space = [x; N];
        let mut n = 1;
        let mut i = 0;
        while i < n {
            for q in self.neighbours(space[i]) {
                let byte = self.at(q);
                if byte == EMPTY {
                    if !space[..n].contains(&q) {
                        if n + 1 == N {
                            return None;
                        }
                        space[n] = q;
                        n += 1;
                    }
                } else if byte != OFF && byte != wall {
                    return None;
                }
            }
            i += 1;
        }
        Some((space, n))
    }

    /// What the 3x3 window of the empty point `x` tells of its empty region, to turn regions
    /// away before `enclosed_space` fills them: `None` when a stone that is neither `wall`'s
    /// nor the edge touches the region inside the window (it is not enclosed by `wall`); else
    /// a lower bound on its size (the empty points of the window joined to `x` inside it, `x`
    /// included), which is exact at 1. Eight loads and a few bit operations.
    #[inline]
    pub fn window_region(&self, x: Point, wall: Color) -> Option<usize> {
        let mut code = 0u32;
        for (i, q) in self.around(x).into_iter().enumerate() {
            code |= u32::from(self.at(Point(q))) << (2 * i);
        }
        window_region_of(code, wall)
    }

    /// The size of the string a `c` stone on `p` would join (itself included).
    pub fn size_after(&self, c: Color, p: Point) -> usize {
        let mut heads = [u16::MAX; 4];
        let mut size = 1;
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if self.stone(q) == Some(c) {
                let h = self.string_head(q).0;
                if !heads.contains(&h) {
                    heads[i] = h;
                    size += self.string_size(q);
                }
            }
        }
        size
    }

    /// The number of opponent stones `c` captures by playing on `p`.
    pub fn capture_size(&self, c: Color, p: Point) -> usize {
        let mut heads = [u16::MAX; 4];
        let mut n = 0;
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if self.stone(q) == Some(c.opp()) && self.lib_count(q) == 1 {
                let h = self.string_head(q).0;
                if !heads.contains(&h) {
                    heads[i] = h;
                    n += self.string_size(q);
                }
            }
        }
        n
    }
}

/// `Board::window_region` of one window: `code` holds the 8 colour codes of 2 bits, in
/// `NEIGHBOUR_OFFSETS` order (orthogonal neighbours at even places, the diagonal at `i`
/// between `i - 1` and `i + 1`). Each point becomes one flag bit at its place's low bit.
#[inline]
fn window_region_of(code: u32, wall: Color) -> Option<usize> {
    const LOW: u32 = 0x5555;
    const ORTHO: u32 = 0x1111;
    const DIAG: u32 = 0x4444;
    let (high, low) = ((code >> 1) & LOW, code & LOW);
    // EMPTY is 2 (high bit only), OFF 3; a foreign stone is `wall`'s opponent's: White is
    // 1 (low bit only), Black 0.
    let empty = high & !low;
    let foreign = !high
        & match wall.opp() {
            Color::White => low,
            Color::Black => !low & LOW,
        };
    if foreign & ORTHO != 0 {
        return None;
    }
    let ortho = empty & ORTHO;
    // A diagonal joins when an orthogonal neighbour beside it is empty (place 0 beside 7).
    let joined = ((ortho << 2) | (ortho >> 2) | (ortho << 14)) & DIAG;
    if foreign & joined != 0 {
        return None;
    }
    Some(1 + (ortho | (empty & joined)).count_ones() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram::{at as pt, stones as setup};
    use rand::{Rng, SeedableRng};

    #[test]
    fn self_atari_and_sizes() {
        use Color::{Black as B, White as W};
        let b = setup(5, &[(W, "B1"), (W, "A2"), (B, "C2"), (B, "B2")]);
        let c1 = pt(&b, "C1");
        // C1 joins B2-C2: liberties B3, C3, D2, D1.
        assert_eq!(b.libs_after(B, c1).count(), 4);
        assert!(!b.is_self_atari(B, c1));
        assert_eq!(b.size_after(B, c1), 3);
        assert_eq!(
            b.libs_after(W, pt(&b, "A1")).count(),
            2,
            "A1 joins B1 and A2: A3, C1"
        );
        assert!(
            !b.is_self_atari(W, pt(&b, "C1")),
            "C1 extends B1 to A1 and D1"
        );
        let e = setup(5, &[(B, "A2"), (B, "B2"), (B, "C1")]);
        assert!(e.is_self_atari(W, pt(&e, "B1")), "B1 would have A1 only");
        assert!(!e.is_self_atari(B, pt(&e, "B1")));
        // White B1 with Black A1 and C1 around it: B2 captures it and is no self-atari.
        let d = setup(5, &[(W, "B1"), (B, "A1"), (B, "C1")]);
        assert_eq!(d.capture_size(B, pt(&d, "B2")), 1);
        assert!(!d.is_self_atari(B, pt(&d, "B2")));
        assert_eq!(d.capture_size(W, pt(&d, "B2")), 0);
    }

    #[test]
    fn window_region_bit_tricks_match_the_plain_rule() {
        // The rule spelled out point by point, for every window and both walls.
        let plain = |code: u32, wall: u8| -> Option<usize> {
            let byte = |i: usize| (code >> (2 * (i % 8))) as u8 & 3;
            let foreign = |i: usize| ![EMPTY, OFF, wall].contains(&byte(i));
            let empty = |i: usize| byte(i) == EMPTY;
            if [0, 2, 4, 6].into_iter().any(foreign) {
                return None;
            }
            let mut n = 1 + [0, 2, 4, 6].into_iter().filter(|&i| empty(i)).count();
            for i in [1, 3, 5, 7] {
                if empty(i - 1) || empty(i + 1) {
                    if foreign(i) {
                        return None;
                    }
                    n += usize::from(empty(i));
                }
            }
            Some(n)
        };
        for wall in [Color::Black, Color::White] {
            for code in 0..1u32 << 16 {
                assert_eq!(
                    window_region_of(code, wall),
                    plain(code, wall as u8),
                    "window {code:#06x}, wall {wall:?}"
                );
            }
        }
    }

    #[test]
    fn window_region_bounds_the_region_from_below() {
        use Color::{Black as B, White as W};
        // A three-point eye of White's in the corner: the window sees all of it.
        let b = setup(
            9,
            &[
                (W, "A3"),
                (W, "B3"),
                (W, "C3"),
                (W, "D2"),
                (W, "D1"),
                (W, "C2"),
            ],
        );
        assert_eq!(b.window_region(pt(&b, "B2"), W), Some(5), "A1 A2 B1 B2 C1");
        assert_eq!(b.enclosed_space::<8>(pt(&b, "B2"), W).map(|s| s.1), Some(5));
        assert_eq!(
            b.window_region(pt(&b, "B2"), B),
            None,
            "White stones touch it"
        );
        // Open board: the whole window; one black stone beside x cuts the corners it held.
        let e = setup(9, &[(B, "E6")]);
        assert_eq!(e.window_region(pt(&e, "E4"), W), Some(9));
        assert_eq!(e.window_region(pt(&e, "E5"), B), Some(8));
        assert_eq!(e.window_region(pt(&e, "E5"), W), None);
        let f = setup(9, &[(B, "E6"), (B, "D5"), (B, "F4")]);
        // E5's window: F6 and D4 join through F5 and E4; D6 touches only stones.
        assert_eq!(f.window_region(pt(&f, "E5"), B), Some(5));
        // A lone point among stones: exactly one, whoever walls it.
        let g = setup(9, &[(W, "E6"), (W, "D5"), (W, "F5"), (W, "E4")]);
        assert_eq!(g.window_region(pt(&g, "E5"), W), Some(1));
        // Every empty point of played-out boards, for both walls: never more than the true
        // region, exact at 1, and `None` only where the region is not enclosed by the wall.
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for size in [5, 9, 13] {
            for fill in [2, 3, 5] {
                let mut g = Board::new(size);
                let mut c = B;
                for p in g.points().collect::<Vec<_>>() {
                    if rng.gen_range(0..fill) != 0 && g.is_legal(c, p) {
                        g.play_unchecked(c, p);
                        c = c.opp();
                    }
                }
                for x in g.points().filter(|&x| g.code(x) == EMPTY) {
                    for w in [B, W] {
                        let whole = g.enclosed_space::<700>(x, w).map(|s| s.1);
                        let seen = g.window_region(x, w);
                        let at = g.point_string(x);
                        match (seen, whole) {
                            (None, n) => assert_eq!(n, None, "{at}"),
                            (Some(k), Some(n)) => assert!(k <= n && (k > 1 || n == 1), "{at}"),
                            (Some(_), None) => {}
                        }
                    }
                }
            }
        }
    }
}
