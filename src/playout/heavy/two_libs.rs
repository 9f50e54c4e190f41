//! Step 1b, the two-liberty tactics around the last move (after Pachi's 2-liberty checks;
//! MoGo's policy has none): an own string with two liberties that the opponent could atari
//! and capture is saved, and an enemy string with two liberties that an atari captures is
//! attacked. "Captures" means the escape after the atari gets one liberty; with
//! `two_libs_ladder`, also two liberties and a ladder read that works (costly: most playout
//! moves touch a string with two liberties).

use super::{Candidates, Policy, pick, push_counter_captures};
use crate::board::{Bitboard, Board, Color, Point};
use rand::Rng;

impl Policy {
    /// A saving or attacking move for the strings with two liberties on or next to `last`
    /// (`c` to move); `None` when no such string is in danger.
    pub(super) fn two_libs<R: Rng>(
        &self,
        b: &Board,
        c: Color,
        last: Point,
        rng: &mut R,
    ) -> Option<Point> {
        let mut cands = Candidates::new();
        let mut seen = [u16::MAX; 5];
        let [n0, n1, n2, n3] = b.neighbours(last);
        for (i, q) in [last, n0, n1, n2, n3].into_iter().enumerate() {
            let Some(owner) = b.stone(q) else { continue };
            if b.lib_count(q) != 2 {
                continue;
            }
            let head = b.string_head(q).0;
            if seen.contains(&head) {
                continue;
            }
            seen[i] = head;
            let libs = b.string_libs(q);
            if owner == c {
                if self.capture_threat(b, c, libs) {
                    defend(b, c, q, libs, &mut cands);
                }
            } else {
                for l in libs.iter() {
                    if self.atari_captures(b, c, l, libs) {
                        cands.push(l);
                    }
                }
            }
        }
        pick(rng, cands.as_slice())
    }

    /// Whether `attacker`'s atari on `l`, a liberty of the two of `libs`, captures the
    /// string: its escape on the other liberty gets one liberty (or two and, with the
    /// ladder switch, the ladder works).
    pub(super) fn atari_captures(
        &self,
        b: &Board,
        attacker: Color,
        l: Point,
        libs: Bitboard,
    ) -> bool {
        if !b.is_legal(attacker, l) || b.is_self_atari(attacker, l) {
            return false;
        }
        let Some(other) = libs.iter().find(|&x| x != l) else {
            return false;
        };
        let mut escape = b.libs_after(attacker.opp(), other);
        escape.clear(l);
        match escape.count() {
            0 | 1 => true,
            2 => self.two_libs_ladder && b.atari_is_ladder(attacker, l),
            _ => false,
        }
    }

    /// Whether the opponent of `c` can atari and capture the string of `c` with liberties
    /// `libs`.
    fn capture_threat(&self, b: &Board, c: Color, libs: Bitboard) -> bool {
        libs.iter()
            .any(|l| self.atari_captures(b, c.opp(), l, libs))
    }
}

/// The moves that save the threatened string through `s` (liberties `libs`): a liberty that
/// gives it three or more, or the capture of an enemy string in atari next to it.
fn defend(b: &Board, c: Color, s: Point, libs: Bitboard, cands: &mut Candidates) {
    for l in libs.iter() {
        if b.is_legal(c, l) && b.libs_after(c, l).count() >= 3 {
            cands.push(l);
        }
    }
    push_counter_captures(b, c, s, cands);
}

#[cfg(test)]
mod tests {
    use super::super::PolicyStep;
    use super::super::tests::{choices, pt, setup};
    use super::*;
    use crate::params::Params;
    use Color::{Black as B, White as W};

    /// The step always on, reading ladders.
    fn on() -> Policy {
        Policy::from_params(&Params {
            two_libs_rate: 1.0,
            two_libs_ladder: true,
            ..Params::default()
        })
    }

    /// Black D4 has two liberties, D3 and E4; White's atari on E4 chases it from D3 into a
    /// ladder down to the empty corner (the position of `no_escape_into_a_working_ladder`
    /// before White's atari); White's last move C4 touches it.
    const THREAT: [(Color, &str); 4] = [(W, "D5"), (W, "E3"), (B, "D4"), (W, "C4")];

    #[test]
    fn an_own_string_a_ladder_would_take_is_saved() {
        let (b, last) = setup(9, &THREAT);
        assert!(b.atari_is_ladder(W, pt(&b, "D3")));
        let got = choices(&on(), &b, B, last, 40);
        // D3 and E4 each give three liberties.
        assert!(
            got.iter()
                .all(|(v, s)| (v == "D3" || v == "E4") && *s == PolicyStep::TwoLibs),
            "{got:?}"
        );
        assert!(got.iter().any(|(v, _)| v == "D3") && got.iter().any(|(v, _)| v == "E4"));
        // Off by default.
        let off = Policy::from_params(&Params::default());
        let got = choices(&off, &b, B, last, 40);
        assert!(
            got.iter().all(|(_, s)| *s != PolicyStep::TwoLibs),
            "{got:?}"
        );
    }

    #[test]
    fn a_ladder_breaker_lifts_the_threat() {
        // Black stones on the ladders' ways to the lower left (C2, B3) and upper right (G6):
        // neither atari works any more.
        let mut stones = vec![(B, "C2"), (B, "B3"), (B, "G6")];
        stones.extend(THREAT);
        let (b, last) = setup(9, &stones);
        assert!(!b.atari_is_ladder(W, pt(&b, "E4")) && !b.atari_is_ladder(W, pt(&b, "D3")));
        let got = choices(&on(), &b, B, last, 40);
        assert!(
            got.iter().all(|(_, s)| *s != PolicyStep::TwoLibs),
            "{got:?}"
        );
    }

    #[test]
    fn an_enemy_string_is_ataried_into_its_ladder() {
        // The same shape with Black's D4 played last: White takes it with the atari on E4.
        let (b, last) = setup(9, &[(W, "D5"), (W, "C4"), (W, "E3"), (B, "D4")]);
        let got = choices(&on(), &b, W, last, 40);
        assert!(
            got.iter()
                .all(|(v, s)| (v == "E4" || v == "D3") && *s == PolicyStep::TwoLibs),
            "{got:?}"
        );
        assert!(got.iter().any(|(v, _)| v == "E4"), "{got:?}");
    }

    /// Black D4 (liberties D3, E4) among White's D5, C4, C3, E3: White E4 captures it (the
    /// escape on D3 gets one liberty); White D3 only chases it (E4 gets two).
    const NET: [(Color, &str); 5] = [(W, "D5"), (W, "C3"), (W, "E3"), (B, "D4"), (W, "C4")];

    #[test]
    fn without_ladders_only_a_capturing_atari_counts() {
        let cheap = Policy::from_params(&Params {
            two_libs_rate: 1.0,
            ..Params::default()
        });
        // Black saves D4 on E4, the one liberty that gives it three.
        let (b, last) = setup(9, &NET);
        let got = choices(&cheap, &b, B, last, 30);
        assert!(
            got.iter()
                .all(|(v, s)| v == "E4" && *s == PolicyStep::TwoLibs),
            "{got:?}"
        );
        // With Black's D4 played last, White takes it on E4.
        let (b, last) = setup(9, &[NET[0], NET[1], NET[2], NET[4], NET[3]]);
        let got = choices(&cheap, &b, W, last, 30);
        assert!(
            got.iter()
                .all(|(v, s)| v == "E4" && *s == PolicyStep::TwoLibs),
            "{got:?}"
        );
        // The ladder of THREAT is not read: nothing fires there.
        let (b, last) = setup(9, &THREAT);
        let got = choices(&cheap, &b, B, last, 30);
        assert!(
            got.iter().all(|(_, s)| *s != PolicyStep::TwoLibs),
            "{got:?}"
        );
    }
}
