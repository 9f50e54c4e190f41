//! What a finished playout counts for: a Black win or a loss, decided from its area score.
//! A jigo may count half (a coin decides it), and a share of the value may follow the margin
//! (after Fuego's score modification): a win by more counts as a little more of a win, a
//! narrow loss as a little less of a loss. The value is turned into a win with that chance,
//! so the tree keeps whole-number statistics and the expected win rate is the value's mean.
//! With a half-won jigo, win rates estimate P(win) + P(jigo) / 2, the score a match gives;
//! counting every jigo for White (the board's rule) made White content with a draw. With
//! contempt the side the engine plays for values a jigo below half (and its opponent above).

use crate::board::Color;
use crate::params::Params;
use crate::playout::heavy::chance;
use rand::RngCore;

/// How the playouts of one search turn scores into wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Black's value of a jigo: 1/2 less or more the contempt, or 0 when jigo is White's.
    jigo_black: f32,
    /// Share of the value that follows the margin (0: plain win or loss).
    bonus: f32,
    /// Points of margin that earn the whole bonus.
    span: f32,
}

impl Outcome {
    /// The outcome rule of `params` on a board of `points` points, searching for `engine`
    /// (the side `jigo_contempt` counts against; `None`, as in analysis: no contempt).
    pub fn new(params: &Params, points: usize, engine: Option<Color>) -> Outcome {
        let contempt = params.jigo_contempt.clamp(0.0, 0.5);
        let jigo_black = match (params.jigo_half_win, engine) {
            (false, _) => 0.0,
            (true, None) => 0.5,
            (true, Some(Color::Black)) => 0.5 - contempt,
            (true, Some(Color::White)) => 0.5 + contempt,
        };
        Outcome {
            jigo_black,
            bonus: params.score_bonus,
            span: (params.score_bonus_span * points as f32).max(0.5),
        }
    }

    /// Black's value of a playout with area score `score` (Black minus White minus komi), in
    /// [0, 1]: a win is worth 1 - bonus up to 1 at `span` points or more, a loss bonus down
    /// to 0 at `span` points or more; a jigo is 1/2 (or 0 when jigo is White's), moved by
    /// the contempt.
    pub fn black_value(&self, score: f32) -> f32 {
        if score == 0.0 {
            return self.jigo_black;
        }
        let share = (score.abs() / self.span).min(1.0);
        if score > 0.0 {
            1.0 - self.bonus + self.bonus * share
        } else {
            self.bonus * (1.0 - share)
        }
    }

    /// Whether the playout counts as a Black win: always for a win and never for a loss
    /// without a bonus; otherwise with chance `black_value`.
    #[inline]
    pub fn black_wins(&self, score: f32, rng: &mut impl RngCore) -> bool {
        if self.bonus <= 0.0 && score != 0.0 {
            return score > 0.0;
        }
        chance(rng, self.black_value(score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn outcome(jigo_half: bool, bonus: f32) -> Outcome {
        let p = Params {
            jigo_half_win: jigo_half,
            score_bonus: bonus,
            score_bonus_span: 0.1,
            ..Params::default()
        };
        Outcome::new(&p, 81, None)
    }

    fn black_share(o: &Outcome, score: f32) -> f64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let n = 20_000;
        let wins = (0..n).filter(|_| o.black_wins(score, &mut rng)).count();
        wins as f64 / n as f64
    }

    #[test]
    fn a_jigo_is_half_a_win() {
        let o = outcome(true, 0.0);
        assert!((black_share(&o, 0.0) - 0.5).abs() < 0.02);
        assert_eq!(black_share(&outcome(false, 0.0), 0.0), 0.0);
        assert_eq!(black_share(&o, 0.5), 1.0);
        assert_eq!(black_share(&o, -0.5), 0.0);
    }

    #[test]
    fn contempt_counts_a_jigo_against_the_engine() {
        let p = Params {
            jigo_contempt: 0.2,
            ..Params::default()
        };
        let black = Outcome::new(&p, 81, Some(Color::Black));
        let white = Outcome::new(&p, 81, Some(Color::White));
        assert!((black_share(&black, 0.0) - 0.3).abs() < 0.02);
        assert!((black_share(&white, 0.0) - 0.7).abs() < 0.02);
        // Analysis (no side) and wins or losses are untouched.
        assert_eq!(Outcome::new(&p, 81, None).black_value(0.0), 0.5);
        assert_eq!(black_share(&black, 0.5), 1.0);
        assert_eq!(black_share(&white, -0.5), 0.0);
        // Without the half-won jigo the board's rule stands.
        let board_rule = Params {
            jigo_half_win: false,
            ..p
        };
        assert_eq!(
            Outcome::new(&board_rule, 81, Some(Color::Black)).black_value(0.0),
            0.0
        );
    }

    #[test]
    fn the_bonus_follows_the_margin() {
        // Span 8.1 points on 81.
        let o = outcome(true, 0.1);
        assert!((o.black_value(0.5) - (0.9 + 0.1 * 0.5 / 8.1)).abs() < 1e-6);
        assert_eq!(o.black_value(8.1), 1.0);
        assert_eq!(o.black_value(40.0), 1.0);
        assert!((o.black_value(-0.5) - 0.1 * (1.0 - 0.5 / 8.1)).abs() < 1e-6);
        assert_eq!(o.black_value(-30.0), 0.0);
        assert_eq!(o.black_value(0.0), 0.5);
        // Drawn wins follow the value.
        assert!((black_share(&o, 0.5) - 0.906).abs() < 0.01);
        assert!((black_share(&o, -0.5) - 0.094).abs() < 0.01);
        assert_eq!(black_share(&o, 10.0), 1.0);
        assert_eq!(black_share(&o, -10.0), 0.0);
    }
}
