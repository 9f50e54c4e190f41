//! Book moves re-checked by a later, deeper search (`moyo book check`): the position after
//! each book move (an optimal child of an interior node), shallowest first, is searched with
//! more playouts than the build's evaluations. The result is kept as the node's check; where
//! it disagrees with the book's propagated value by more than the shape's `check_margin`,
//! the deeper search's value stands instead (`Book::refresh`), so the book stops trusting a
//! line its shallow leaves overrate.

use super::builder::{BuildStep, Builder, RunLimits};
use super::evaluator::Evaluators;
use super::journal::Record;
use crate::board::{Color, Game};

/// Book moves checked in one step, per evaluator.
const BATCH_PER_EVALUATOR: usize = 2;

impl Builder {
    /// The book moves (optimal children of interior nodes above depth `depth`) without a
    /// check by an evaluator of today's version searching at least `playouts` playouts (the
    /// one of `eval`), shallowest first.
    pub fn unchecked(&self, eval: u16, depth: u32) -> Vec<u32> {
        let evaluators = &self.info.evaluators;
        let current = &evaluators[eval as usize];
        let done = |c: u32| {
            self.book.nodes[c as usize].check.is_some_and(|k| {
                let e = &evaluators[k.eval as usize];
                e.version >= current.version && e.playouts >= current.playouts
            })
        };
        let mut seen = vec![false; self.book.len()];
        let mut out = Vec::new();
        for (i, n) in self.book.nodes.iter().enumerate() {
            if !n.is_interior() || n.depth >= depth {
                continue;
            }
            for e in &n.edges {
                let c = e.child;
                let optimal = -self.book.nodes[c as usize].p >= n.negamax;
                if optimal && !seen[c as usize] && c as usize != i && !done(c) {
                    seen[c as usize] = true;
                    out.push(c);
                }
            }
        }
        out.sort_by_key(|&c| (self.book.nodes[c as usize].depth, c));
        out
    }

    /// Checks a batch of book moves above depth `depth` with `evals` (deeper searches than
    /// the build's), journalling each check; `Complete` when every book move there is checked.
    /// Values propagate after each batch, so a move that becomes optimal is checked later.
    pub fn check_step(
        &mut self,
        evals: &mut dyn Evaluators,
        depth: u32,
    ) -> Result<BuildStep, String> {
        let eval = self.current_evaluator(evals)?;
        let todo = self.unchecked(eval, depth);
        if todo.is_empty() {
            return Ok(BuildStep::Complete);
        }
        let batch = &todo[..todo.len().min(BATCH_PER_EVALUATOR * evals.parallel())];
        let games = self.positions_of(batch)?;
        let positions: Vec<(&Game, Color)> = games.iter().map(|(g, c)| (g, *c)).collect();
        let mut done = 0;
        let interrupted = evals.evaluate_each(&positions, &mut |k, e| {
            let node = batch[k];
            let value = e.value.clamp(-1.0, 1.0);
            self.book.nodes[node as usize].check = Some(super::graph::Check { value, eval });
            self.info.evaluations += 1;
            done += 1;
            self.log(&[Record::Check { node, value, eval }])
        })?;
        self.finish_step()?;
        Ok(if interrupted {
            BuildStep::Interrupted
        } else {
            BuildStep::Checked { nodes: done }
        })
    }

    /// Checks book moves above depth `depth` until all are checked, a limit is reached or
    /// an evaluator is interrupted (see `run`).
    pub fn run_checks(
        &mut self,
        evals: &mut dyn Evaluators,
        depth: u32,
        limits: RunLimits,
        progress: impl FnMut(&Builder, BuildStep),
    ) -> Result<BuildStep, String> {
        self.run_steps(evals, limits, progress, |b, ev| b.check_step(ev, depth))
    }

    /// The interior nodes whose check disagrees with their children's negamax.
    pub fn disputed(&self) -> Vec<u32> {
        (0..self.book.len() as u32)
            .filter(|&i| self.book.nodes[i as usize].disputed())
            .collect()
    }
}
