//! The fuseki term of H(d): in an opening position professionals reached often enough
//! (`patterns::fuseki`, the built-in table of 19x19 pro games), the moves they played there
//! get a bonus by how often they played them, and the moves none of them played a malus once
//! the position is well known. It nudges the search to tried moves without pruning the rest
//! (Baier and Winands' active opening book).

use super::{PriorEval, PriorInput};
use crate::board::Point;
use crate::params::SizedParams;

impl PriorEval {
    /// Looks the node's position up in the fuseki table and marks the share of each move pros
    /// played, relative to the most played one; clears the last lookup's marks first.
    pub(super) fn prepare_fuseki(&mut self, params: &SizedParams, input: &PriorInput) {
        for &(p, _) in &self.fuseki_moves {
            self.fuseki_share[p.idx()] = 0.0;
        }
        self.fuseki_total = 0;
        if params.prior_fuseki == 0.0 && params.prior_fuseki_other == 0.0 {
            self.fuseki_moves.clear();
            return;
        }
        let total = self
            .fuseki
            .lookup(input.board, input.to_play, &mut self.fuseki_moves);
        let most = self.fuseki_moves.iter().map(|m| m.1).max().unwrap_or(0);
        if most == 0 {
            return;
        }
        self.fuseki_total = total;
        for &(p, n) in &self.fuseki_moves {
            self.fuseki_share[p.idx()] = n as f32 / most as f32;
        }
    }

    /// The weighted fuseki term of a move on `p` (after `prepare_fuseki`): half the weight
    /// for any move pros played, up to the whole for their favourite; `prior_fuseki_other`
    /// for the others in a position met at least `fuseki_known_count` times; else 0.
    #[inline]
    pub(super) fn fuseki_term(&self, params: &SizedParams, p: Point) -> f32 {
        if self.fuseki_total == 0 {
            return 0.0;
        }
        let share = self.fuseki_share[p.idx()];
        if share > 0.0 {
            params.prior_fuseki * (0.5 + 0.5 * share)
        } else if self.fuseki_total >= params.fuseki_known_count {
            params.prior_fuseki_other
        } else {
            0.0
        }
    }
}
