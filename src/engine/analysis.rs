//! Analysis for the front ends: searches that play nothing (analysis streams, GoGui's analyze
//! commands), and the explanation of the last generated move.

use super::{Engine, GenMove};
use crate::board::{Board, Color, Game, Move};
use crate::search::prior::{PASS, PriorEval, PriorInput};
use crate::search::{Limits, MoveStat, ProgressCallback, SearchResult};
use std::sync::atomic::Ordering;

/// Alternatives `explain` describes besides the chosen move.
const ALTERNATIVES: usize = 4;

/// The last move generation as it happened (kept for `explain`).
pub(super) struct Explained {
    pub(super) before: Game,
    pub(super) color: Color,
    pub(super) answer: GenMove,
    pub(super) reason: &'static str,
    pub(super) result: Option<SearchResult>,
}

/// Why the last generated move was chosen: the numbers behind it.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The colour the move was generated for.
    pub color: Color,
    /// The answer given.
    pub answer: GenMove,
    /// Why that answer: the most visited move, passing wins, resignation...
    pub reason: &'static str,
    /// The position the move was chosen in.
    pub board: Board,
    /// The search behind it (None when no search ran: only a pass was legal).
    pub result: Option<SearchResult>,
    /// The prior terms that fire for the chosen move (none for a resignation), recomputed on
    /// the position with the search's ownership.
    pub terms: Vec<(&'static str, f32)>,
    /// The most visited other moves, with their prior terms.
    pub alternatives: Vec<(MoveStat, Vec<(&'static str, f32)>)>,
}

impl Explanation {
    /// The search statistics of the chosen move, if the search looked at it.
    pub fn chosen(&self) -> Option<&MoveStat> {
        let GenMove::Play(m) = self.answer else {
            return None;
        };
        self.result.as_ref()?.candidates.iter().find(|s| s.mv == m)
    }
}

impl Engine {
    /// Analysis: searches the current position for `color` without playing anything or
    /// charging the clock, calling `progress` with snapshots while it runs. Unbounded, it runs
    /// until the stop flag is set (the caller clears the flag before; the GTP front end sets
    /// it when input arrives); `bounded`, it takes as long as a move would. The tree is kept
    /// and grows, so a following `genmove` goes on from it.
    pub fn analyze(
        &mut self,
        color: Color,
        bounded: bool,
        progress: Option<ProgressCallback>,
    ) -> SearchResult {
        let limits = if bounded {
            self.move_limits(color)
        } else {
            Limits {
                playouts: Some(u64::MAX),
                ..Limits::default()
            }
        };
        let r = self
            .searcher
            .search_with(&self.state.game, color, &limits, &self.stop, progress);
        self.record(color, &r);
        r
    }

    /// A search of the current position for `color`: the last one if it looked at this
    /// position for this colour, else a new one as long as a move would take (nothing is
    /// played). For the analyze commands that show the engine's view of the position.
    pub fn search_here(&mut self, color: Color) -> SearchResult {
        if let Some(l) = &self.last
            && l.key == self.position_key()
            && l.to_play == color
            && !l.result.candidates.is_empty()
        {
            return l.result.clone();
        }
        self.stop.store(false, Ordering::Relaxed);
        self.analyze(color, true, None)
    }

    /// The result of the last search (of any kind).
    pub fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref().map(|l| &l.result)
    }

    /// The search behind the last move generation (None before one, or when no search ran).
    pub fn last_generated(&self) -> Option<&SearchResult> {
        self.last_move.as_ref()?.result.as_ref()
    }

    /// Why the last `genmove` (or `reg_genmove`, `kgs-genmove_cleanup`) answered what it did;
    /// None before the first one.
    pub fn explain(&self) -> Option<Explanation> {
        let e = self.last_move.as_ref()?;
        let board = e.before.board().clone();
        let (last, prev) = e.before.last_two_points();
        let input = PriorInput {
            board: &board,
            to_play: e.color,
            last,
            prev,
            ownership: e.result.as_ref().map(|r| r.ownership.as_slice()),
        };
        let mut eval = PriorEval::new();
        let params = &self.config.params.for_size(board.size());
        let mut terms_of = |m: Move| {
            let code = match m {
                Move::Play(p) => p.0,
                Move::Pass => PASS,
            };
            eval.explain(params, &input, code)
        };
        let chosen = match e.answer {
            GenMove::Play(m) => Some(m),
            GenMove::Resign => None,
        };
        let terms = chosen.map(&mut terms_of).unwrap_or_default();
        let alternatives = e
            .result
            .iter()
            .flat_map(|r| r.candidates.iter())
            .filter(|s| Some(s.mv) != chosen)
            .take(ALTERNATIVES)
            .map(|s| (s.clone(), terms_of(s.mv)))
            .collect();
        Some(Explanation {
            color: e.color,
            answer: e.answer,
            reason: e.reason,
            board: board.clone(),
            result: e.result.clone(),
            terms,
            alternatives,
        })
    }
}
