//! Lone stones played into atari, as the bad self-atari check judges them
//! (`bad_selfatari_check`, `selfatari.rs`). Such a stone only helps where the opponent's capture costs them something: it fills their
//! two-point eye space down to one point, or the capture leaves the capturing string in atari
//! (a snapback). Elsewhere the capture gives the opponent a liberty and an eye with tempo,
//! which is how playouts lose capturing races they were winning.

use super::Policy;
use crate::board::{Board, Color, EMPTY, Point};

impl Policy {
    /// Whether the lone stone `c` would throw into atari on `p` (the caller has checked it
    /// is one) neither fills a two-point eye space of the opponent nor sets up a snapback
    /// (captures are never wasted).
    pub(super) fn is_wasted_throw_in(&self, b: &Board, c: Color, p: Point) -> bool {
        if b.capture_size(c, p) > 0 {
            return false;
        }
        // A lone stone in atari has one empty neighbour, its last liberty.
        let Some(l) = b.neighbours(p).into_iter().find(|&q| b.code(q) == EMPTY) else {
            return false;
        };
        let mut touches_own = false;
        let mut own_falls = false;
        let mut opp_keeps_libs = false;
        for q in b.neighbours(l) {
            if q == p {
                continue;
            }
            match b.stone(q) {
                // `l` is open: the capture makes an eye or a liberty for nothing.
                None if b.code(q) == EMPTY => return true,
                None => {}
                Some(s) if s == c => {
                    touches_own = true;
                    own_falls |= b.lib_count(q) < 2;
                }
                Some(_) => {
                    let mut libs = b.string_libs(q);
                    libs.clear(l);
                    libs.clear(p);
                    opp_keeps_libs |= !libs.is_empty();
                }
            }
        }
        if !touches_own {
            // Only the opponent's stones close `l` off: their two-point eye space.
            return false;
        }
        // Wasted unless a snapback: the capture on `l` leaves the capturers only `p`, and
        // none of our strings next to `l` falls with it.
        opp_keeps_libs || own_falls
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::small_board;
    use super::*;
    use crate::board::diagram::{at, board};
    use crate::params::Params;
    use Color::Black as B;

    /// The policy with the bad self-atari check, which judges lone stones here.
    fn on() -> Policy {
        small_board(&Params {
            bad_selfatari_check: true,
            ..Params::default()
        })
    }

    #[test]
    fn a_throw_in_next_to_an_open_point_is_refused() {
        // Black B1 has one liberty, C1, which opens onto D1 and C2.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". O . . .",
            "O . . . .",
        ]);
        assert!(b.is_self_atari(B, at(&b, "B1")));
        assert!(on().refuses_self_atari(&b, B, at(&b, "B1")));
        // Off by default; a move with two liberties is never one.
        let off = small_board(&Params::default());
        assert!(!off.refuses_self_atari(&b, B, at(&b, "B1")));
        assert!(!on().refuses_self_atari(&b, B, at(&b, "C1")));
    }

    #[test]
    fn filling_a_two_point_eye_space_is_allowed() {
        // A2 and B2 are White's two-point eye space.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            "O O O . .",
            ". . O . .",
            "O O O . .",
        ]);
        assert!(b.is_self_atari(B, at(&b, "A2")));
        assert!(!on().refuses_self_atari(&b, B, at(&b, "A2")));
    }

    #[test]
    fn a_snapback_is_allowed_and_a_gift_is_not() {
        // White A2-B2 has liberties A1 and B1 only: after White captures Black's A1 on B1,
        // the three stones have one liberty and Black takes them back.
        let snap = board(&[
            ". . . . .",
            ". . . . .",
            "X X . . .",
            "O O X . .",
            ". . X . .",
        ]);
        assert!(b_self_atari(&snap, "A1"));
        assert!(!on().refuses_self_atari(&snap, B, at(&snap, "A1")));
        // Without Black B3 White keeps B3 as a liberty: the capture simply gains it.
        let gift = board(&[
            ". . . . .",
            ". . . . .",
            "X . . . .",
            "O O X . .",
            ". . X . .",
        ]);
        assert!(b_self_atari(&gift, "A1"));
        assert!(on().refuses_self_atari(&gift, B, at(&gift, "A1")));
    }

    #[test]
    fn a_capture_is_never_a_bad_throw_in() {
        // Black C2 takes White B2 and is left with one liberty: a ko capture.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". X O . .",
            "X O . O .",
            ". X O . .",
        ]);
        assert!(b_self_atari(&b, "C2"));
        assert!(!on().refuses_self_atari(&b, B, at(&b, "C2")));
    }

    fn b_self_atari(b: &Board, v: &str) -> bool {
        b.is_self_atari(B, at(b, v)) && b.size_after(B, at(b, v)) == 1
    }
}
