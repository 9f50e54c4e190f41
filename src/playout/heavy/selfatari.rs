//! Self-ataris judged one by one (optional, `bad_selfatari_check`, after Pachi's playout
//! policy). Without it the playouts refuse only self-ataris of more than
//! `selfatari_max_stones`, and give smaller strings away, which loses capturing races and
//! eye fights they were winning. With it a self-atari of up to that many stones is played
//! only when the opponent's capture costs them: it captures (then it is seldom a self-atari
//! at all), the capture is a snapback (the capturing string is left in atari, and bigger) or
//! a ko, or the stones fill the opponent's eye space so that the capture leaves a dead shape
//! there. A lone stone is judged by the throw-in test (`throw_in.rs`), which asks the same
//! of one stone. (The opponent's capture itself is never illegal: it takes the string.)
//!
//! Every step that may play a self-atari asks: the 3x3 pattern step (a bad one there is
//! replaced by its approach move, the connection, when that is sound), the ko step and the
//! random step. The others never play one that captures nothing: the
//! atari save and the race step extend to two liberties or more, or
//! capture; the nakade step's vital point of an empty space has two empty neighbours, as
//! has a fill-board point; the capture step and the false-eye redirect capture or atari
//! without a self-atari.

use super::Policy;
use crate::board::{Board, Color, Point};

impl Policy {
    /// Whether a playout step refuses `c`'s move on `p` as a self-atari: one of more than
    /// `selfatari_max` stones, or a bad one (with `bad_selfatari_check`). Most moves are no
    /// self-atari, the first and cheapest test.
    #[inline]
    pub(super) fn refuses_self_atari(&self, b: &Board, c: Color, p: Point) -> bool {
        if !b.is_self_atari(c, p) {
            return false;
        }
        let size = b.size_after(c, p);
        self.too_big_self_atari(b, c, p, size)
            || (self.bad_selfatari && self.is_bad_self_atari(b, c, p, size))
    }

    /// Whether a self-atari of `size` stones by `c` on `p` is too big to play: more than
    /// `selfatari_max` stones, unless (with `selfatari_nakade`) it is a killing sacrifice.
    #[inline]
    pub(super) fn too_big_self_atari(&self, b: &Board, c: Color, p: Point, size: usize) -> bool {
        size > self.selfatari_max && !(self.selfatari_nakade && is_killing_sacrifice(b, c, p, size))
    }

    /// Whether the self-atari of `size` stones (at most `selfatari_max`) that `c` would
    /// play on `p` gives them away: it captures nothing, the opponent's capture on its last
    /// liberty is no snapback and no ko, and the stones leave no dead shape in the
    /// opponent's eye space.
    pub(super) fn is_bad_self_atari(&self, b: &Board, c: Color, p: Point, size: usize) -> bool {
        if size == 1 {
            return self.is_wasted_throw_in(b, c, p);
        }
        if b.capture_size(c, p) > 0 {
            return false;
        }
        // No liberty at all is a suicide, which the callers' legality test refuses.
        let Some(l) = b.libs_after(c, p).first() else {
            return false;
        };
        // A ko needs a lone stone on each side: from two stones on, only a snapback.
        if b.recapture_after_sacrifice(c, p, l)
            .is_some_and(|taken| taken > size)
        {
            return false;
        }
        !b.sacrifice_leaves_dead_shape(c, p, l)
    }
}

/// Most stones a killing sacrifice gives: the rabbity six.
const NAKADE_STONES_MAX: usize = 6;

/// Whether `c`'s self-atari of `size` stones on `p` is a killing nakade: it captures
/// nothing, and the stones fill the opponent's eye space so that their capture leaves a
/// dead shape there (four to six stones, since smaller ones pass the size limit anyway).
fn is_killing_sacrifice(b: &Board, c: Color, p: Point, size: usize) -> bool {
    if size > NAKADE_STONES_MAX || b.capture_size(c, p) > 0 {
        return false;
    }
    b.libs_after(c, p)
        .first()
        .is_some_and(|l| b.sacrifice_leaves_dead_shape(c, p, l))
}

/// Whether `c`'s approach move `l`, played instead of the self-atari `p`, connects to
/// another own string: one that `p` would not have joined (MoGo's Algorithm 4,
/// `approach_connect`). Without such a string `l` only extends the stones `p` touched, or
/// stands alone.
pub(super) fn connects_elsewhere(b: &Board, c: Color, p: Point, l: Point) -> bool {
    let joined_by_p = b
        .neighbours(p)
        .map(|q| (b.stone(q) == Some(c)).then(|| b.string_head(q)));
    b.neighbours(l)
        .into_iter()
        .any(|q| q != p && b.stone(q) == Some(c) && !joined_by_p.contains(&Some(b.string_head(q))))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{choices, small_board};
    use super::*;
    use crate::board::diagram::{at, board};
    use crate::params::Params;
    use Color::Black as B;

    /// The policy with the bad self-atari check `on` and no killing-sacrifice exception.
    fn policy(on: bool) -> Policy {
        small_board(&Params {
            bad_selfatari_check: on,
            selfatari_nakade: false,
            ..Params::default()
        })
    }

    /// Whether the check refuses Black's self-atari on `v`, which the default allows.
    fn refused(b: &Board, v: &str) -> bool {
        let p = at(b, v);
        assert!(b.is_self_atari(B, p), "{v} is no self-atari");
        assert!(!policy(false).refuses_self_atari(b, B, p), "{v}");
        policy(true).refuses_self_atari(b, B, p)
    }

    #[test]
    fn two_stones_given_in_the_open_are_refused() {
        // Black C2 joins B2 and leaves them C1 alone, open to D1: White takes two.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". O O . .",
            "O X . O .",
            ". O . . .",
        ]);
        assert!(refused(&b, "C2"));
    }

    #[test]
    fn a_lone_stone_given_in_the_open_is_refused() {
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". O . . .",
            "O . . . .",
        ]);
        assert!(refused(&b, "B1"));
    }

    #[test]
    fn a_nakade_is_allowed_and_a_split_eye_space_is_not() {
        // White's straight four A1-D1 holds Black A1-B1: C1 leaves a straight three to kill
        // on B1; D1 lets White's C1 take three stones and make two eyes.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O O O O",
            "X X . . O",
        ]);
        assert!(!refused(&b, "C1"));
        assert!(refused(&b, "D1"));
        // Two stones in White's straight three A1-C1: the two points left are one eye.
        let three = board(&[
            ". . . . .",
            ". . . . .",
            "X X X X .",
            "O O O X .",
            ". . X O .",
        ]);
        assert!(!refused(&three, "B1"));
    }

    #[test]
    fn a_snapback_a_ko_and_an_eye_ruining_throw_in_are_allowed() {
        let snap = board(&[
            ". . . . .",
            ". . . . .",
            "X X . . .",
            "O O X . .",
            ". . X . .",
        ]);
        assert!(!refused(&snap, "A1"));
        let ko = board(&[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "X X O . .",
            "X . . O .",
        ]);
        assert!(!refused(&ko, "C1"));
        // A2 and B2 are White's two-point eye space: Black A2 leaves one eye.
        let eye = board(&[
            ". . . . .",
            ". . . . .",
            "O O O . .",
            ". . O . .",
            "O O O . .",
        ]);
        assert!(!refused(&eye, "A2"));
    }

    #[test]
    fn big_self_ataris_stay_refused_either_way() {
        // Black C1 would put four stones A1-D1... in atari: above `selfatari_max_stones`.
        let b = board(&[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            "O O O O O O",
            "X X . X . O",
        ]);
        let c1 = at(&b, "C1");
        assert!(b.is_self_atari(B, c1) && b.size_after(B, c1) == 4);
        assert!(policy(false).refuses_self_atari(&b, B, c1));
        assert!(policy(true).refuses_self_atari(&b, B, c1));
        // The four stones would leave White a straight four, alive: no killing sacrifice.
        assert!(nakade().refuses_self_atari(&b, B, c1));
    }

    /// The small-board default: the killing-sacrifice exception on.
    fn nakade() -> Policy {
        small_board(&Params::default())
    }

    #[test]
    fn a_killing_sacrifice_of_four_stones_passes_the_size_limit() {
        // A lost game's corner, after White F1: Black H1 joins G1, H2 and J1 in atari on J2.
        // White's capture there leaves a pyramid four, which Black kills on H1 again.
        let b = board(&[
            ". . . . . . . O .",
            ". . . . O O O X .",
            ". . O O X O X . .",
            ". O X X X O X . X",
            ". . O . X O X X .",
            ". O X . X X O X X",
            ". X . X X O O O O",
            ". X O X O O O X .",
            ". . . . O O X . X",
        ]);
        let h1 = at(&b, "H1");
        assert!(b.is_self_atari(B, h1) && b.size_after(B, h1) == 4);
        assert!(policy(false).refuses_self_atari(&b, B, h1));
        assert!(policy(false).big_self_atari(&b, B, h1));
        let on = nakade();
        assert!(!on.refuses_self_atari(&b, B, h1));
        assert!(!on.big_self_atari(&b, B, h1));
        // With the bad self-atari check on too, the dead shape still lets it through.
        let both = small_board(&Params {
            selfatari_nakade: true,
            bad_selfatari_check: true,
            ..Params::default()
        });
        assert!(!both.refuses_self_atari(&b, B, h1));
    }

    #[test]
    fn the_random_step_picks_another_move() {
        use rand::SeedableRng;
        // Black's C2 would give B2 and C2 away: on, the random step never plays it; off, it
        // does, as before.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". O O . .",
            "O X . O .",
            ". O . . .",
        ]);
        let c2 = at(&b, "C2");
        let count = |policy: &Policy| {
            (0..400)
                .filter(|&seed| {
                    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
                    policy.random(&b, B, &mut rng) == Some(c2)
                })
                .count()
        };
        assert_eq!(count(&policy(true)), 0);
        assert!(count(&policy(false)) > 5);
        // After White's D2 no step of the policy plays it.
        let on = choices(&policy(true), &b, B, at(&b, "D2"), 100);
        assert!(on.iter().all(|(v, _)| v != "C2"), "{on:?}");
    }

    #[test]
    fn off_the_policy_refuses_what_it_did_before() {
        use rand::{Rng, SeedableRng};
        // Off by default; off, a self-atari is refused exactly when it is big; on, the check
        // refuses more, never less.
        assert!(!Params::default().bad_selfatari_check);
        let (off, on) = (policy(false), policy(true));
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut small, mut bad) = (0, 0);
        for _ in 0..30 {
            let mut b = Board::new(9);
            let mut c = B;
            for _ in 0..rng.gen_range(20..90) {
                let Some(p) = crate::playout::random_move(&b, c, &mut rng) else {
                    break;
                };
                b.play_unchecked(c, p);
                c = c.opp();
            }
            for p in b.points().filter(|&p| b.is_legal(c, p)) {
                let atari = b.is_self_atari(c, p);
                let big = atari && b.size_after(c, p) > 3;
                assert_eq!(off.refuses_self_atari(&b, c, p), big);
                let refused = on.refuses_self_atari(&b, c, p);
                assert!(refused || !big);
                small += usize::from(atari && !big);
                bad += usize::from(refused && !big);
            }
        }
        assert!(small > 20 && bad > 5 && bad < small, "{bad} of {small}");
    }
}
