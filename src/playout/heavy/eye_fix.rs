//! Step 1d, guarding an eye against the move that would make it false (`eye_fix_rate`, off;
//! Pachi's playouts run the same check on every move). The opponent's last move can fill
//! the approach to a point that falsifies one of our eyes:
//!
//! ```text
//!   X X f O 1 O     1: the opponent's last move, next to its stone O at D7, which our
//!   X e X X O .        stones (or the edge) flank on both diagonals of 1;
//!   X X O O . .     f: an empty neighbour of that stone, diagonal to our eye e.
//! ```
//!
//! The eye e has one enemy diagonal already (C5); an enemy stone on f would make it false,
//! and the random step lets the opponent play there. So we take f first, or capture a
//! diagonal enemy string of the eye that is in atari.

use super::{Candidates, Policy, pick};
use crate::board::{Board, Color, EMPTY, OFF, Point};
use rand::Rng;

impl Policy {
    /// A move that keeps an eye of `c` real after the opponent's move `last`: the point whose
    /// enemy stone would falsify it, or the capture of a falsifying string in atari; `None`
    /// when the last move set up no such threat.
    pub(super) fn eye_fix<R: Rng>(
        &self,
        b: &Board,
        c: Color,
        last: Point,
        rng: &mut R,
    ) -> Option<Point> {
        let o = c.opp();
        let ours_or_edge = |p: Point| b.stone(p) == Some(c) || b.code(p) == OFF;
        let [n, w, e, s] = b.neighbours(last);
        let [nw, ne, sw, se] = b.diagonals(last);
        let mut cands = Candidates::new();
        // Each enemy stone next to the last move, with the two diagonals of the last move
        // that flank it.
        for (stone, d0, d1) in [(n, nw, ne), (w, nw, sw), (e, ne, se), (s, sw, se)] {
            if b.stone(stone) != Some(o) || !ours_or_edge(d0) || !ours_or_edge(d1) {
                continue;
            }
            for f in b.neighbours(stone) {
                if b.code(f) != EMPTY {
                    continue;
                }
                for eye in b.diagonals(f) {
                    if b.code(eye) == EMPTY && b.is_eye_like(c, eye) {
                        self.guard_eye(b, c, eye, f, &mut cands);
                    }
                }
            }
        }
        pick(rng, cands.as_slice())
    }

    /// Adds the moves that keep `eye` (eye-like for `c`, real so far) from turning false
    /// when the opponent plays on its empty diagonal `f`: captures of diagonal enemy strings
    /// in atari, and `f` itself when one more enemy diagonal makes the eye false.
    fn guard_eye(&self, b: &Board, c: Color, eye: Point, f: Point, cands: &mut Candidates) {
        let (mut enemy, mut edge) = (0, 0);
        for d in b.diagonals(eye) {
            if b.stone(d) == Some(c.opp()) {
                match b.string_libs(d).first() {
                    Some(l) if b.lib_count(d) == 1 => {
                        if b.is_legal(c, l) {
                            cands.push(l);
                        }
                    }
                    _ => enemy += 1,
                }
            } else if b.code(d) == OFF {
                edge = 1;
            }
        }
        if enemy + edge == 1 && b.is_legal(c, f) && !self.random_refuses(b, c, f) {
            cands.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::PolicyStep;
    use super::super::tests::{choices, pt};
    use super::*;
    use crate::board::Move;
    use crate::board::diagram::board;
    use crate::params::Params;

    /// The shape of the module's comment on the top edge: Black (X) to play after White's
    /// E7; `a5` puts a lone White stone in atari on A5, the eye's other diagonal.
    fn shape(a5: char) -> (Board, Point) {
        let top = format!("{a5} X O O . . .");
        let mut b = board(&[
            "X X . O . O .",
            "X . X X O . .",
            &top,
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let last = pt(&b, "E7");
        b.play(Color::White, Move::Play(last)).unwrap();
        (b, last)
    }

    fn policy(rate: f32) -> Policy {
        Policy::from_params(&Params {
            eye_fix_rate: rate,
            ..Params::default()
        })
    }

    #[test]
    fn the_falsifying_point_is_taken_first() {
        let (b, last) = shape('X');
        let got = choices(&policy(1.0), &b, Color::Black, last, 30);
        assert!(
            got.iter()
                .all(|(v, s)| v == "C7" && *s == PolicyStep::EyeFix),
            "{got:?}"
        );
        let off = choices(&policy(0.0), &b, Color::Black, last, 30);
        assert!(off.iter().all(|(_, s)| *s != PolicyStep::EyeFix), "{off:?}");
        // White's move elsewhere sets up nothing.
        let far = pt(&b, "G1");
        assert_eq!(policy(1.0).eye_fix(&b, Color::Black, far, &mut rng()), None);
    }

    #[test]
    fn a_falsifying_stone_in_atari_is_captured() {
        // White A5 (in atari at A4) is a second enemy diagonal of the eye: capturing it
        // keeps the eye real. C7 is no answer now: with A5 White it leaves Black's corner
        // string one liberty, B6.
        let (b, last) = shape('O');
        let got = choices(&policy(1.0), &b, Color::Black, last, 30);
        assert!(
            got.iter()
                .all(|(v, s)| v == "A4" && *s == PolicyStep::EyeFix),
            "{got:?}"
        );
    }

    fn rng() -> rand_xoshiro::Xoshiro256PlusPlus {
        rand::SeedableRng::seed_from_u64(1)
    }
}
