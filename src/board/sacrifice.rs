//! What the capture of a self-atari gives back (pure tactics, for judging self-ataris): the
//! capturing string may be left in atari, to be taken back (a snapback, or a ko), or the
//! captured stones may leave the capturer a dead eye shape (one eye, or a nakade).

use super::{Board, Color, EMPTY, OFF, Point};

/// Most points of the eye space, the given stones and its last liberty included, that
/// `sacrifice_leaves_dead_shape` looks at: without the liberty, the largest killable shape.
const SPACE_MAX: usize = 7;

impl Board {
    /// The heads of the strings of `c` next to `p` (`u16::MAX` where there is none): with `p`,
    /// the string a `c` stone on `p` would make.
    #[inline]
    fn strings_joined(&self, c: Color, p: Point) -> [u16; 4] {
        let mut heads = [u16::MAX; 4];
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if self.at(q) == c as u8 {
                let h = self.head_at(q) as u16;
                if !heads.contains(&h) {
                    heads[i] = h;
                }
            }
        }
        heads
    }

    /// Whether the `c` stone on `x` belongs to one of the strings `joined`.
    #[inline]
    fn is_joined(&self, joined: &[u16; 4], x: Point) -> bool {
        joined.contains(&(self.head_at(x) as u16))
    }

    /// When `c` plays on the empty point `p`, a self-atari that captures nothing, whose last
    /// liberty is `l`, and the opponent takes the string on `l`: the size of the capturing
    /// string if that capture leaves it in atari, so that `c` takes it back (a snapback when
    /// it is bigger than the string given, a ko when both are lone stones). `None` when the
    /// capturing string keeps two liberties, or the capture takes other strings of `c` too.
    pub fn recapture_after_sacrifice(&self, c: Color, p: Point, l: Point) -> Option<usize> {
        self.check_window(p);
        self.check_window(l);
        let joined = self.strings_joined(c, p);
        let (me, opp) = (c as u8, c.opp() as u8);
        let mut capturers = [u16::MAX; 4];
        let mut size = 1;
        for (i, q) in self.neighbours(l).into_iter().enumerate() {
            let code = self.at(q);
            if q == p || code == OFF {
                continue;
            }
            if code == EMPTY {
                return None;
            }
            let h = self.head_at(q);
            if code == me {
                // A string of ours in atari on `l` alone falls with the given one.
                if !self.is_joined(&joined, q) && self.lib_cnt(h) < 2 {
                    return None;
                }
            } else if !capturers.contains(&(h as u16)) {
                let mut libs = self.string_libs(q);
                libs.clear(l);
                libs.clear(p);
                if !libs.is_empty() {
                    return None;
                }
                capturers[i] = h as u16;
                size += self.string_size(q);
            }
        }
        // The capture frees the given stones: those next to the capturing string are its
        // liberties, and it has no others.
        let touches = |s: Point| {
            self.neighbours(s).into_iter().any(|n| {
                n == l || (self.at(n) == opp && capturers.contains(&(self.head_at(n) as u16)))
            })
        };
        let mut freed = usize::from(touches(p));
        for &h in joined.iter().filter(|&&h| h != u16::MAX) {
            freed += self.string_stones(Point(h)).filter(|&s| touches(s)).count();
            if freed > 1 {
                return None;
            }
        }
        (freed == 1).then_some(size)
    }

    /// Whether the string `c` would make on the empty point `p` (a self-atari that captures
    /// nothing, whose last liberty is `l`) fills an eye space of the opponent so that its
    /// capture on `l` leaves a dead shape there: the region of empty points and of this
    /// string's stones around `p`, enclosed by the opponent or the edge, holds no other
    /// stone of `c` and at most `SPACE_MAX` points, and without `l` it is one eye (one or two
    /// points), the squared four, or a shape `c` kills on its vital point (three points, a
    /// nakade shape), `c` moving first after the capture.
    pub fn sacrifice_leaves_dead_shape(&self, c: Color, p: Point, l: Point) -> bool {
        self.check_window(p);
        let joined = self.strings_joined(c, p);
        let (me, opp) = (c as u8, c.opp() as u8);
        let mut space = [p; SPACE_MAX];
        let mut n = 1;
        let mut i = 0;
        while i < n {
            for q in self.neighbours(space[i]) {
                let code = self.at(q);
                if code == OFF || code == opp || space[..n].contains(&q) {
                    continue;
                }
                if (code == me && !self.is_joined(&joined, q)) || n == SPACE_MAX {
                    return false;
                }
                space[n] = q;
                n += 1;
            }
            i += 1;
        }
        let mut rest = [p; SPACE_MAX];
        let mut m = 0;
        for &x in space[..n].iter().filter(|&&x| x != l) {
            rest[m] = x;
            m += 1;
        }
        self.is_dead_space(&rest[..m])
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Color::Black as B;
    use crate::board::diagram::{at, board};

    #[test]
    fn a_snapback_and_a_ko_are_taken_back() {
        // Black A1 into White A2-B2 (liberties A1, B1): White's capture on B1 leaves three
        // stones with A1 alone.
        let snap = board(&[
            ". . . . .",
            ". . . . .",
            "X X . . .",
            "O O X . .",
            ". . X . .",
        ]);
        let (a1, b1) = (at(&snap, "A1"), at(&snap, "B1"));
        assert_eq!(snap.recapture_after_sacrifice(B, a1, b1), Some(3));
        // Black C1 between White C2 and D1: White's B1 takes it back as a ko, one for one.
        let ko = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "X X O . .",
            "X . . O .",
        ]);
        let (b1, c1) = (at(&ko, "B1"), at(&ko, "C1"));
        assert!(ko.is_self_atari(B, c1));
        assert_eq!(ko.recapture_after_sacrifice(B, c1, b1), Some(1));
        assert!(!ko.sacrifice_leaves_dead_shape(B, c1, b1));
    }

    #[test]
    fn two_stones_freed_next_to_the_capturer_are_its_liberties() {
        // Black B1 joins C1, both next to White's A2-B2-C2: after White takes them on A1
        // its string has B1 and C1. Yet they fill White's straight three A1-C1, and the
        // two points left are one eye.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            "X X X X .",
            "O O O X .",
            ". . X O .",
        ]);
        let (a1, b1) = (at(&b, "A1"), at(&b, "B1"));
        assert!(b.is_self_atari(B, b1) && b.size_after(B, b1) == 2);
        assert_eq!(b.recapture_after_sacrifice(B, b1, a1), None);
        assert!(b.sacrifice_leaves_dead_shape(B, b1, a1));
    }

    #[test]
    fn stones_filling_an_eye_space_leave_a_dead_shape() {
        // White's straight four A1-D1 holds Black A1-B1: Black C1 (last liberty D1) leaves
        // a straight three after the capture, which Black kills on B1.
        let four = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O O O O",
            "X X . . O",
        ]);
        let (c1, d1) = (at(&four, "C1"), at(&four, "D1"));
        assert!(four.is_self_atari(B, c1) && four.size_after(B, c1) == 3);
        assert!(four.sacrifice_leaves_dead_shape(B, c1, d1));
        // Two stones given in the open: the region runs out of White's wall.
        let open = board(&[
            ". . . . .",
            ". . . . .",
            ". O O . .",
            "O X . O .",
            ". O . . .",
        ]);
        let (c1, c2) = (at(&open, "C1"), at(&open, "C2"));
        assert!(open.is_self_atari(B, c2) && open.size_after(B, c2) == 2);
        assert!(!open.sacrifice_leaves_dead_shape(B, c2, c1));
        assert_eq!(open.recapture_after_sacrifice(B, c2, c1), None);
    }
}
