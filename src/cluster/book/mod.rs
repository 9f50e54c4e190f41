//! `moyo book build` (and `book check`) over MPI: rank 0 runs the builder as on one machine
//! (it alone keeps the graph, the checkpoint and the journal) with evaluators that search
//! positions on its own threads and send others to the other ranks, which search them on
//! theirs. An evaluation travels whole (the position, the side to move, the search's
//! parameters, playouts and seed), so any rank finds what a single machine would; rank 0
//! makes the move order of what comes back. A rank that is lost gives its positions back to
//! the others; rank 0 goes on with whoever is left.

mod eval_codec;
#[cfg(test)]
mod tests;

use super::dispatch::{Dispatch, LocalWorker, spread};
use super::follower::{Follower, FollowerEnd};
use super::hub::Hub;
use crate::board::{Color, Game, Move};
use crate::book::{EvalSettings, Evaluation, Evaluator, Evaluators, SearchEvaluator, Searched};
use crossbeam::channel::{Receiver, Sender};
use eval_codec::{outcome_body, read_outcome, read_request, request_body};
use parking_lot::Mutex;
use std::sync::Arc;

/// Rank 0's evaluators: searches on its own threads (one per evaluator) and, as many at a
/// time, on every follower that still answers.
pub struct ClusterEvaluators {
    evals: Vec<SearchEvaluator>,
    /// The settings the followers search with, and the order made of their searches.
    model: SearchEvaluator,
    dispatch: Dispatch,
    /// Per rank, the evaluations it gave that were handed to the builder.
    by_rank: Vec<u64>,
}

impl ClusterEvaluators {
    /// Evaluators over `hub`: `evals` (all of the same settings, one thread each) on rank 0,
    /// `slots` positions at a time on each follower.
    pub fn new(hub: Arc<Mutex<Hub>>, evals: Vec<SearchEvaluator>, slots: usize) -> Self {
        assert!(!evals.is_empty(), "rank 0 evaluates too");
        let dispatch = Dispatch::new(hub, slots);
        ClusterEvaluators {
            model: evals[0].clone(),
            by_rank: vec![0; dispatch.ranks()],
            evals,
            dispatch,
        }
    }

    /// Per rank (rank 0 first), the evaluations it gave so far.
    pub fn evaluations_by_rank(&self) -> &[u64] {
        &self.by_rank
    }
}

impl Evaluators for ClusterEvaluators {
    fn settings(&self) -> EvalSettings {
        self.model.settings()
    }

    fn parallel(&self) -> usize {
        self.evals.len() + self.dispatch.capacity()
    }

    fn evaluate_each(
        &mut self,
        positions: &[(&Game, Color)],
        done: &mut dyn FnMut(usize, Evaluation) -> Result<(), String>,
    ) -> Result<bool, String> {
        let local: Vec<LocalWorker<Option<Evaluation>>> = self
            .evals
            .iter_mut()
            .map(|ev| -> LocalWorker<Option<Evaluation>> {
                Box::new(
                    move |jobs: Receiver<usize>, tx: Sender<(usize, Result<_, String>)>| {
                        for k in jobs {
                            let (game, color) = positions[k];
                            if tx.send((k, Ok(ev.evaluate(game, color)))).is_err() {
                                break;
                            }
                        }
                    },
                )
            })
            .collect();
        let model = &self.model;
        let by_rank = &mut self.by_rank;
        let (mut interrupted, mut failed) = (false, None);
        spread(
            &mut self.dispatch,
            positions.len(),
            local,
            |k| request_body(positions[k].0, positions[k].1, model),
            |k, body| {
                let (game, color) = positions[k];
                let s = read_outcome(body).and_then(|r| r)?;
                on_board(&s, game)?;
                Ok(Some(model.finish(game, color, &s)))
            },
            &mut |rank, k, e| match e {
                None => {
                    interrupted = true;
                    false
                }
                Some(e) => match done(k, e) {
                    Ok(()) => {
                        by_rank[rank] += 1;
                        true
                    }
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                },
            },
        )?;
        failed.map_or(Ok(interrupted), Err)
    }
}

/// Fails unless every move of a follower's search `s` is on `game`'s board (a pass only
/// among the visits).
fn on_board(s: &Searched, game: &Game) -> Result<(), String> {
    let b = game.board();
    let on = |m: Move, pass: bool| match m {
        Move::Play(p) => b.is_onboard(p),
        Move::Pass => pass,
    };
    if s.ranked.iter().all(|&m| on(m, false)) && s.visits.iter().all(|&(m, _)| on(m, true)) {
        Ok(())
    } else {
        Err("a move off the board".into())
    }
}

/// A follower's side of `moyo book build` and `book check`: searches the positions rank 0
/// sends, `threads` at a time, until rank 0 quits (or is lost).
pub fn serve(f: Follower, threads: usize) -> FollowerEnd {
    f.serve_on_threads(
        threads,
        |body| read_request(body).map_err(|e| format!("a bad evaluation ({e})")),
        |jobs, tx| {
            for (id, request) in jobs {
                if tx.send((id, Ok(request.search()))).is_err() {
                    break;
                }
            }
        },
        outcome_body,
    )
}
