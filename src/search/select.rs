//! Selection: the MoGo tree score (Chaslot et al., Eq. 1-4): online win rate, RAVE win rate and the prior
//! H(d), weighted so that the prior leads at first, RAVE next, and the online statistics in
//! the end; plus the progressive-unpruning term C / log(2 + n(d)).

use super::tree::Node;
use crate::params::SizedParams;

/// The coefficients of one kind of node (the root or the others).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coefs {
    /// C: weight of the prior in the progressive-unpruning term C / log(2 + n(d)).
    pub c: f32,
    /// c1: how fast RAVE gives way to the online statistics.
    pub c1: f32,
    /// c2: gamma = c2 / #rave-sims, how fast the prior gives way to RAVE.
    pub c2: f32,
    /// RAVE simulations the prior stands for (initial AMAF count, wins = count * H).
    pub prior_sims: f32,
    /// Online simulations, all won, per unit of a child's pattern value sqrt(p) (Pachi's
    /// pattern prior; 0 off).
    pub pattern_sims: f32,
    /// Online simulations at half a win every child starts with (Pachi's even prior).
    pub even_sims: f32,
    /// UCB exploration constant (0 once RAVE and priors are in, as in the paper).
    pub ucb: f32,
}

impl Coefs {
    /// The coefficients for the root (`root`) or for the other nodes, from the parameters of
    /// the board.
    pub fn from_params(p: &SizedParams, root: bool) -> Coefs {
        let (pattern_sims, even_sims) = p.pattern_sims();
        let (c, rave_equiv, c2) = if root {
            (p.prior_c_root, p.rave_equiv_root, p.prior_c2_root)
        } else {
            (p.prior_c, p.rave_equiv, p.prior_c2)
        };
        Coefs {
            c,
            c1: 1.0 / rave_equiv.max(1e-3),
            c2,
            prior_sims: p.prior_sims,
            pattern_sims,
            even_sims,
            ucb: p.uct_c,
        }
    }
}

/// The statistics the score of one move is computed from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    /// n(d): simulations of the move (running ones count as losses).
    pub n: f32,
    /// Wins among them, for the player of the move.
    pub wins: f32,
    /// RAVE simulations and wins, not counting the prior's.
    pub rave_n: f32,
    pub rave_wins: f32,
    /// H(d) on the win-rate scale, in [0, 1].
    pub prior: f32,
    /// The square root of the move's learned-pattern probability among its siblings.
    pub pattern: f32,
    /// ln(simulations of the parent), for the optional UCB term.
    pub ln_parent: f32,
}

/// The selection value of a child, MoGo's
/// score(d) = alpha * p(d) + beta * rave(d) + (gamma + C / log(2 + n(d))) * H(d), with
/// beta = R / (R + n + c1 n R), gamma = c2 / R (capped so that alpha >= 0) and
/// alpha = 1 - beta - gamma, where R counts the RAVE simulations including the prior's and
/// n(d) in alpha, beta and p(d) the online ones including the pattern experience's (`pattern_sims` sqrt(p) won and `even_sims` at half a win; the
/// unpruning term keeps the real n(d)). Without any RAVE simulation the prior alone speaks
/// (gamma = 1 - beta); without online simulations p(d) is not used (beta = 1).
#[inline]
pub fn value(k: &Coefs, s: &Inputs) -> f32 {
    let r = s.rave_n + k.prior_sims;
    let rave_wins = s.rave_wins + k.prior_sims * s.prior;
    let pattern = k.pattern_sims * s.pattern;
    let n = s.n + k.even_sims + pattern;
    let wins = s.wins + 0.5 * k.even_sims + pattern;
    let (beta, rave) = if r > 0.0 {
        (r / (r + n + k.c1 * n * r), rave_wins / r)
    } else {
        (0.0, 0.0)
    };
    let gamma = if r > 0.0 {
        (k.c2 / r).min(1.0 - beta)
    } else {
        1.0 - beta
    };
    let alpha = 1.0 - beta - gamma;
    let online = if n > 0.0 { wins / n } else { 0.0 };
    let mut v = alpha * online + beta * rave + (gamma + k.c * inv_ln2n(s.n)) * s.prior;
    if k.ucb > 0.0 {
        v += k.ucb * (s.ln_parent / (s.n + 1.0)).sqrt();
    }
    v
}

/// Simulation counts below which 1 / ln(2 + n) comes from a table.
const TABLE: usize = 4096;

/// 1 / ln(2 + n) for n < `TABLE`.
static INV_LN: std::sync::LazyLock<Box<[f32]>> =
    std::sync::LazyLock::new(|| (0..TABLE).map(|n| 1.0 / (2.0 + n as f32).ln()).collect());

/// 1 / ln(2 + n): the progressive-unpruning factor (a table lookup for small n, where the
/// descent spends its time).
#[inline]
fn inv_ln2n(n: f32) -> f32 {
    let i = n as usize;
    if i < TABLE && i as f32 == n {
        INV_LN[i]
    } else {
        1.0 / (2.0 + n).ln()
    }
}

/// The score inputs of a child node.
#[inline]
pub fn inputs(node: &Node, ln_parent: f32) -> Inputs {
    let o = node.online();
    let a = node.amaf();
    Inputs {
        n: o.visits as f32,
        wins: o.wins as f32,
        rave_n: a.visits as f32,
        rave_wins: a.wins as f32,
        prior: node.prior(),
        pattern: node.pattern(),
        ln_parent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;

    fn coefs(c: f32, c1: f32, c2: f32, prior_sims: f32) -> Coefs {
        Coefs {
            c,
            c1,
            c2,
            prior_sims,
            pattern_sims: 0.0,
            even_sims: 0.0,
            ucb: 0.0,
        }
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-5
    }

    #[test]
    fn hand_computed_value() {
        // R = 20 + 10 = 30, rave = (12 + 10 * 0.6) / 30 = 0.6; n = 10, p = 0.7.
        // beta = 30 / (30 + 10 + 0.01 * 10 * 30) = 30 / 43; gamma = 3 / 30 = 0.1.
        // alpha = 1 - 30/43 - 0.1; C term = 0.5 / ln 12.
        let k = coefs(0.5, 0.01, 3.0, 10.0);
        let s = Inputs {
            n: 10.0,
            wins: 7.0,
            rave_n: 20.0,
            rave_wins: 12.0,
            prior: 0.6,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        let beta = 30.0 / 43.0;
        let gamma = 0.1;
        let alpha = 1.0 - beta - gamma;
        let want = alpha * 0.7 + beta * 0.6 + (gamma + 0.5 / 12f32.ln()) * 0.6;
        assert!(close(value(&k, &s), want), "{} vs {want}", value(&k, &s));
    }

    #[test]
    fn no_simulations_at_all_gives_the_prior() {
        // No RAVE, no prior simulations: gamma = 1, the value is H (1 + C / ln 2).
        let k = coefs(0.2, 0.01, 3.0, 0.0);
        let s = Inputs {
            n: 0.0,
            wins: 0.0,
            rave_n: 0.0,
            rave_wins: 0.0,
            prior: 0.8,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        let v = value(&k, &s);
        assert!(v.is_finite());
        assert!(close(v, 0.8 * (1.0 + 0.2 / 2f32.ln())), "{v}");
    }

    #[test]
    fn gamma_is_capped_so_alpha_stays_non_negative() {
        // c2 / R = 100 / 5 would be 20: gamma is capped at 1 - beta, so alpha = 0.
        let k = coefs(0.0, 0.01, 100.0, 5.0);
        let s = Inputs {
            n: 50.0,
            wins: 50.0,
            rave_n: 0.0,
            rave_wins: 0.0,
            prior: 0.5,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        let beta = 5.0 / (5.0 + 50.0 + 0.01 * 50.0 * 5.0);
        let want = beta * 0.5 + (1.0 - beta) * 0.5;
        assert!(close(value(&k, &s), want));
    }

    #[test]
    fn online_statistics_win_in_the_end() {
        // Many simulations: the online win rate dominates RAVE and the prior.
        let k = coefs(0.1, 0.01, 1.0, 10.0);
        let good = Inputs {
            n: 100_000.0,
            wins: 70_000.0,
            rave_n: 100_000.0,
            rave_wins: 10_000.0,
            prior: 0.0,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        let bad = Inputs {
            wins: 40_000.0,
            rave_wins: 90_000.0,
            prior: 1.0,
            pattern: 0.0,
            ..good
        };
        assert!(value(&k, &good) > value(&k, &bad));
        assert!((value(&k, &good) - 0.7).abs() < 0.01);
    }

    #[test]
    fn prior_leads_young_moves() {
        let k = coefs(0.3, 0.01, 5.0, 10.0);
        let young = |prior| Inputs {
            n: 1.0,
            wins: 0.0,
            rave_n: 2.0,
            rave_wins: 1.0,
            prior,
            pattern: 0.0,
            ln_parent: 0.0,
        };
        assert!(value(&k, &young(0.9)) > value(&k, &young(0.3)) + 0.3);
    }

    /// A move with 10 online simulations (3 won), 20 RAVE ones (3 won) and H = 0.9.
    fn ten_played() -> Inputs {
        Inputs {
            n: 10.0,
            wins: 3.0,
            rave_n: 20.0,
            rave_wins: 3.0,
            prior: 0.9,
            pattern: 0.0,
            ln_parent: 0.0,
        }
    }

    #[test]
    fn pattern_experience_counts_as_won_simulations_of_the_move() {
        // 300 sqrt(p) = 60 won and 20 even (10 won) online sims on top of 10 real ones
        // with 3 wins: n = 90, p = 73 / 90; beta = 30 / (30 + 90 + 0.01 * 90 * 30),
        // gamma = 3 / 30; the C term keeps the real n = 10.
        let mut k = coefs(0.5, 0.01, 3.0, 10.0);
        k.pattern_sims = 300.0;
        k.even_sims = 20.0;
        let s = Inputs {
            pattern: 0.2,
            ..ten_played()
        };
        let beta = 30.0 / 147.0;
        let gamma = 0.1;
        let rave = (3.0 + 10.0 * 0.9) / 30.0;
        let want =
            (1.0 - beta - gamma) * (73.0 / 90.0) + beta * rave + (gamma + 0.5 / 12.0f32.ln()) * 0.9;
        assert!(close(value(&k, &s), want), "{} {}", value(&k, &s), want);
        // A move the patterns like more scores higher, all else equal.
        let liked = Inputs { pattern: 0.5, ..s };
        assert!(value(&k, &liked) > value(&k, &s));
    }

    #[test]
    fn table_matches_the_logarithm() {
        for n in [0.0f32, 1.0, 2.0, 100.0, 4095.0, 4096.0, 1e6, 2.5] {
            assert!((inv_ln2n(n) - 1.0 / (2.0 + n).ln()).abs() < 1e-6, "{n}");
        }
    }

    #[test]
    fn ucb_term_when_asked() {
        let mut k = coefs(0.0, 0.01, 1.0, 10.0);
        let s = Inputs {
            n: 3.0,
            wins: 1.0,
            rave_n: 0.0,
            rave_wins: 0.0,
            prior: 0.5,
            pattern: 0.0,
            ln_parent: 4.0,
        };
        let base = value(&k, &s);
        k.ucb = 0.5;
        assert!(close(value(&k, &s), base + 0.5 * (4.0f32 / 4.0).sqrt()));
    }

    #[test]
    fn large_boards_take_their_own_prior_sims() {
        let p = Params {
            prior_sims: 30.0,
            prior_sims_large: 100.0,
            large_board_min_size: 13,
            ..Params::default()
        };
        for root in [true, false] {
            assert_eq!(Coefs::from_params(&p.for_size(9), root).prior_sims, 30.0);
            assert_eq!(Coefs::from_params(&p.for_size(13), root).prior_sims, 100.0);
            assert_eq!(Coefs::from_params(&p.for_size(19), root).prior_sims, 100.0);
        }
        assert_eq!(
            Coefs::from_params(&p.for_size(19), true).c2,
            p.prior_c2_root
        );
        assert_eq!(
            Coefs::from_params(&p.for_size(19), false).c2,
            p.prior_c2_large
        );
    }

    #[test]
    fn large_boards_take_their_own_score_constants_below_the_root() {
        let p = Params {
            prior_c: 0.2,
            prior_c_large: 0.3,
            prior_c2: 0.4,
            prior_c2_large: 0.6,
            rave_equiv: 1000.0,
            rave_equiv_large: 500.0,
            ..Params::default()
        };
        let (small, large) = (
            Coefs::from_params(&p.for_size(9), false),
            Coefs::from_params(&p.for_size(19), false),
        );
        assert_eq!((small.c, small.c1, small.c2), (0.2, 0.001, 0.4));
        assert_eq!((large.c, large.c1, large.c2), (0.3, 0.002, 0.6));
        let root = Coefs::from_params(&p.for_size(19), true);
        assert_eq!((root.c, root.c2), (p.prior_c_root, p.prior_c2_root));
    }
}
