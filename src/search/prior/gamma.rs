//! The learned pattern term of H(d): each candidate's Bradley-Terry probability among the
//! node's moves, from the MM gammas of `crate::patterns` (Coulom 2007), so that MoGo's
//! C / log(2 + n(d)) term unprunes the moves in pattern order.
//!
//! The term is `prior_gamma * (ln p + span) / span`, with p = gamma / (sum of the node's
//! gammas) and span = `prior_gamma_span`: the likeliest moves get up to the full weight, a
//! move `span` nats less likely than certain gets 0, rarer ones a malus.

use super::{PASS, PriorEval, PriorInput};
use crate::board::{Move, Point};
use crate::params::SizedParams;
use crate::patterns::{self, Recent};

impl PriorEval {
    /// Whether the gamma term applies on this board with these parameters.
    pub(super) fn gamma_applies(&self, params: &SizedParams, input: &PriorInput) -> bool {
        (params.prior_gamma != 0.0 || params.pattern_sims().0 > 0.0)
            && input.board.size() >= params.prior_gamma_min_size
    }

    /// The square root of each candidate's probability among `moves` (0 for the pass), for
    /// the score's pattern experience, after `evaluate` saw the same moves; `out` is left
    /// empty (no pattern values) while that experience is off or the gammas do not apply.
    pub fn pattern_roots(&self, params: &SizedParams, moves: &[u16], out: &mut Vec<f32>) {
        out.clear();
        if params.pattern_sims().0 <= 0.0 || !self.gamma_ready {
            return;
        }
        out.extend(moves.iter().map(|&mv| match mv {
            PASS => 0.0,
            mv => (0.5 * (self.log_gamma[Point(mv).idx()] - self.gamma_lse)).exp(),
        }));
    }

    /// ln(gamma) of every candidate in `moves` (the pass is left out), and their
    /// log-sum-exp, for `gamma_term`.
    pub(super) fn prepare_gammas(
        &mut self,
        params: &SizedParams,
        input: &PriorInput,
        moves: &[u16],
    ) {
        let nakade_log_factor = params.prior_nakade_gamma.ln();
        let b = input.board;
        let recent = Recent {
            last: input.last.map(Move::Play),
            prev: input.prev.map(Move::Play),
        };
        let mut max = f32::NEG_INFINITY;
        for &mv in moves {
            if mv == PASS {
                continue;
            }
            let p = Point(mv);
            let mut lg = patterns::move_log_gamma(b, input.to_play, p, recent, self.gammas);
            if self.vital.has(p) {
                lg += nakade_log_factor;
            }
            self.log_gamma[p.idx()] = lg;
            max = max.max(lg);
        }
        let mut sum = 0.0f32;
        for &mv in moves {
            if mv != PASS {
                sum += (self.log_gamma[Point(mv).idx()] - max).exp();
            }
        }
        self.gamma_lse = max + sum.ln();
    }

    /// The weighted gamma term of a move on `p` (after `prepare_gammas` saw it).
    #[inline]
    pub(super) fn gamma_term(&self, params: &SizedParams, p: Point) -> f32 {
        let span = params.prior_gamma_span;
        let ln_p = self.log_gamma[p.idx()] - self.gamma_lse;
        params.prior_gamma * ((ln_p + span) / span).clamp(-1.0, 1.0)
    }
}
