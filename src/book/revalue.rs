//! Keeping a book's values honest: a position valued by an evaluator of an older version
//! than the build's ([`EVAL_VERSION`](super::settings::EVAL_VERSION) for the search) is
//! evaluated again before a resumed build expands anything, so no value of the book comes
//! from an older search.

use super::builder::{BuildStep, Builder};
use super::evaluator::Evaluators;
use super::journal::Record;
use crate::board::{Color, Game, canonical};

/// Stale positions evaluated again in one builder step, per evaluator.
const BATCH_PER_EVALUATOR: usize = 8;

impl Builder {
    /// The reachable positions whose value comes from an evaluator of a version older than
    /// `version`, shallowest first.
    pub fn stale(&self, version: u32) -> Vec<u32> {
        let evaluators = &self.info.evaluators;
        let mut v: Vec<u32> = (0..self.book.len() as u32)
            .filter(|&i| {
                let n = &self.book.nodes[i as usize];
                n.depth != u32::MAX
                    && evaluators
                        .get(n.eval as usize)
                        .is_none_or(|e| e.version < version)
            })
            .collect();
        v.sort_by_key(|&i| (self.book.nodes[i as usize].depth, i));
        v
    }

    /// Evaluates a batch of stale positions again with `evals` (whose settings are
    /// evaluator `eval`), journalling each new value; `None` when nothing is stale.
    pub(super) fn revalue_stale(
        &mut self,
        evals: &mut dyn Evaluators,
        eval: u16,
    ) -> Result<Option<BuildStep>, String> {
        let version = self.info.evaluators[eval as usize].version;
        self.drop_stale_checks(version)?;
        let stale = self.stale(version);
        if stale.is_empty() {
            return Ok(None);
        }
        let batch = &stale[..stale.len().min(BATCH_PER_EVALUATOR * evals.parallel())];
        let games = self.positions_of(batch)?;
        let positions: Vec<(&Game, Color)> = games.iter().map(|(g, c)| (g, *c)).collect();
        let mut done = 0;
        let interrupted = evals.evaluate_each(&positions, &mut |k, e| {
            let node = batch[k];
            let (game, color) = &games[k];
            let h = e.value.clamp(-1.0, 1.0);
            let nd = &mut self.book.nodes[node as usize];
            nd.h = h;
            nd.eval = eval;
            let key = nd.key;
            let sym = canonical(game.board(), *color).1;
            self.remember_order(key, game, sym, &e.moves);
            self.info.evaluations += 1;
            done += 1;
            self.log(&[Record::Value { node, h, eval }])
        })?;
        self.finish_step()?;
        Ok(Some(if interrupted {
            BuildStep::Interrupted
        } else {
            BuildStep::Revalued { nodes: done }
        }))
    }

    /// Drops the checks by evaluators older than `version` (journalled).
    fn drop_stale_checks(&mut self, version: u32) -> Result<(), String> {
        for i in 0..self.book.len() {
            let old = self.book.nodes[i].check.is_some_and(|c| {
                self.info
                    .evaluators
                    .get(c.eval as usize)
                    .is_none_or(|e| e.version < version)
            });
            if old {
                self.book.nodes[i].check = None;
                self.log(&[Record::Uncheck { node: i as u32 }])?;
            }
        }
        Ok(())
    }
}
