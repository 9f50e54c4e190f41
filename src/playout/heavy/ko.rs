//! Ko fights in the playouts (optional, `ko_fight_rate`, after Pachi's playout policy). A
//! ko captured a move or two ago is taken up again: the side that took it connects at once
//! after the opponent's reply, or, if it did not, the opponent retakes it. Without this step
//! a ko in a playout ends wherever the random moves happen to end it.

use super::{Policy, chance};
use crate::board::{Board, Color, EMPTY, Point};
use rand::Rng;

/// Moves after a ko capture during which the ko step may act (Pachi's `koage`): the
/// opponent's reply (still banned), the capturer's next move and the opponent's after it.
const KO_AGE: usize = 3;

/// The last ko capture of a playout: the point of the captured stone, and the move number of
/// the capture.
#[derive(Clone, Copy, Debug, Default)]
pub struct KoFight {
    last: Option<(Point, usize)>,
}

impl KoFight {
    /// Notes the board after move number `i`: a new ko ban means a ko capture just now.
    #[inline]
    pub fn note(&mut self, b: &Board, i: usize) {
        if let Some((p, _)) = b.ko() {
            self.last = Some((p, i));
        }
    }
}

impl Policy {
    /// With chance `ko_fight_rate`, the point of a recent ko for `c` to play as move number
    /// `i`: legal, no ko ban left on it, and no refused self-atari.
    #[inline]
    pub(super) fn ko_fight<R: Rng>(
        &self,
        b: &Board,
        c: Color,
        fight: &KoFight,
        i: usize,
        rng: &mut R,
    ) -> Option<Point> {
        let (p, age) = fight.last?;
        if i - age > KO_AGE || b.ko().is_some() || !chance(rng, self.ko_fight) {
            return None;
        }
        (b.code(p) == EMPTY && b.is_legal(c, p) && !self.refuses_self_atari(b, c, p)).then_some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{pt, small_board};
    use super::*;
    use crate::board::{Move, diagram};
    use crate::params::Params;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Black D1 will take White's C1 stone as a ko.
    fn ko_board() -> Board {
        use Color::{Black as B, White as W};
        diagram::stones(9, &[(B, "C2"), (W, "D2"), (B, "B1"), (W, "C1"), (W, "E1")])
    }

    fn play(b: &mut Board, c: Color, v: &str) {
        b.play(c, Move::Play(pt(b, v))).unwrap();
    }

    fn policy(rate: f32) -> Policy {
        small_board(&Params {
            ko_fight_rate: rate,
            ..Params::default()
        })
    }

    #[test]
    fn a_fresh_ko_is_connected_or_retaken() {
        let mut b = ko_board();
        // Black D1 takes C1: a ko, White may not retake at C1 at once.
        play(&mut b, Color::Black, "D1");
        let mut fight = KoFight::default();
        fight.note(&b, 10);
        let c1 = pt(&b, "C1");
        assert_eq!(b.ko(), Some((c1, Color::White)));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let on = policy(1.0);
        // White is banned from C1 on move 11.
        assert_eq!(on.ko_fight(&b, Color::White, &fight, 11, &mut rng), None);
        // White plays a threat elsewhere; Black connects at C1 on move 12.
        play(&mut b, Color::White, "J9");
        fight.note(&b, 11);
        assert_eq!(
            on.ko_fight(&b, Color::Black, &fight, 12, &mut rng),
            Some(c1)
        );
        // Black did not; White retakes on move 13, and not later.
        play(&mut b, Color::Black, "J8");
        fight.note(&b, 12);
        assert_eq!(
            on.ko_fight(&b, Color::White, &fight, 13, &mut rng),
            Some(c1)
        );
        assert_eq!(on.ko_fight(&b, Color::White, &fight, 14, &mut rng), None);
        // Off, the step does nothing.
        assert_eq!(
            policy(0.0).ko_fight(&b, Color::White, &fight, 13, &mut rng),
            None
        );
    }
}
