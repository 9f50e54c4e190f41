//! What a finished playout counts for: a Black win or a loss, decided from its area score.
//! A jigo may count half: a coin decides it, so the tree keeps whole-number statistics and
//! the expected win rate is the value's mean. With a half-won jigo, win rates estimate
//! P(win) + P(jigo) / 2, the score a match gives; counting every jigo for White (the board's
//! rule) made White content with a draw. With contempt the side the engine plays for values
//! a jigo below half (and its opponent above).

use crate::board::Color;
use crate::params::Params;
use crate::playout::heavy::chance;
use rand::RngCore;

/// How the playouts of one search turn scores into wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Black's value of a jigo: 1/2 less or more the contempt, or 0 when jigo is White's.
    jigo_black: f32,
}

impl Outcome {
    /// The outcome rule of `params`, searching for `engine` (the side `jigo_contempt` counts
    /// against; `None`, as in analysis: no contempt).
    pub fn new(params: &Params, engine: Option<Color>) -> Outcome {
        let contempt = params.jigo_contempt.clamp(0.0, 0.5);
        let jigo_black = match (params.jigo_half_win, engine) {
            (false, _) => 0.0,
            (true, None) => 0.5,
            (true, Some(Color::Black)) => 0.5 - contempt,
            (true, Some(Color::White)) => 0.5 + contempt,
        };
        Outcome { jigo_black }
    }

    /// Whether the playout counts as a Black win: always for a win, never for a loss, and a
    /// jigo with chance Black's value of a jigo.
    #[inline]
    pub fn black_wins(&self, score: f32, rng: &mut impl RngCore) -> bool {
        if score != 0.0 {
            return score > 0.0;
        }
        chance(rng, self.jigo_black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn outcome(jigo_half: bool) -> Outcome {
        let p = Params {
            jigo_half_win: jigo_half,
            ..Params::default()
        };
        Outcome::new(&p, None)
    }

    fn black_share(o: &Outcome, score: f32) -> f64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let n = 20_000;
        let wins = (0..n).filter(|_| o.black_wins(score, &mut rng)).count();
        wins as f64 / n as f64
    }

    #[test]
    fn a_jigo_is_half_a_win() {
        let o = outcome(true);
        assert!((black_share(&o, 0.0) - 0.5).abs() < 0.02);
        assert_eq!(black_share(&outcome(false), 0.0), 0.0);
        assert_eq!(black_share(&o, 0.5), 1.0);
        assert_eq!(black_share(&o, -0.5), 0.0);
    }

    #[test]
    fn contempt_counts_a_jigo_against_the_engine() {
        let p = Params {
            jigo_contempt: 0.2,
            ..Params::default()
        };
        let black = Outcome::new(&p, Some(Color::Black));
        let white = Outcome::new(&p, Some(Color::White));
        assert!((black_share(&black, 0.0) - 0.3).abs() < 0.02);
        assert!((black_share(&white, 0.0) - 0.7).abs() < 0.02);
        // Analysis (no side) and wins or losses are untouched.
        assert_eq!(Outcome::new(&p, None).jigo_black, 0.5);
        assert_eq!(black_share(&black, 0.5), 1.0);
        assert_eq!(black_share(&white, -0.5), 0.0);
        // Without the half-won jigo the board's rule stands.
        let board_rule = Params {
            jigo_half_win: false,
            ..p
        };
        assert_eq!(
            Outcome::new(&board_rule, Some(Color::Black)).jigo_black,
            0.0
        );
    }
}
