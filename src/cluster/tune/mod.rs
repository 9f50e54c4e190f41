//! `moyo tune` over MPI: rank 0 runs the tuner as on one machine (it alone keeps the
//! checkpoint and the log) with a game runner that plays games on its own threads and sends
//! pairings to the other ranks, which play them on theirs. A rank that is lost gives its
//! games back to the others; rank 0 plays on with whoever is left.

mod game_codec;
#[cfg(test)]
mod tests;

use super::dispatch::{Dispatch, LocalWorker, spread};
use super::follower::{Follower, FollowerEnd};
use super::hub::Hub;
use crate::tune::game::{GameResult, GameSettings, Pairing};
use crate::tune::runner::{Runner, play_each};
use crossbeam::channel::{Receiver, Sender};
use game_codec::{game_body, outcome_body, put_settings, read_game, read_outcome};
use parking_lot::Mutex;
use std::sync::Arc;

/// Rank 0's game runner: games on its own `threads` and, as many at a time, on every
/// follower that still answers (every rank runs the same command line).
pub struct ClusterRunner {
    settings: GameSettings,
    threads: usize,
    dispatch: Dispatch,
    /// Per rank, the games it played whose results were reported.
    by_rank: Vec<u64>,
}

impl ClusterRunner {
    /// A runner over `hub`: `threads` games at a time on rank 0 and on each follower.
    pub fn new(hub: Arc<Mutex<Hub>>, settings: GameSettings, threads: usize) -> ClusterRunner {
        let threads = threads.max(1);
        let dispatch = Dispatch::new(hub, threads);
        ClusterRunner {
            settings,
            threads,
            by_rank: vec![0; dispatch.ranks()],
            dispatch,
        }
    }

    /// Per rank (rank 0 first), the games it played whose results were reported so far.
    pub fn games_by_rank(&self) -> &[u64] {
        &self.by_rank
    }
}

impl Runner for ClusterRunner {
    fn run(
        &mut self,
        games: &[Pairing],
        done: &mut dyn FnMut(usize, GameResult) -> bool,
    ) -> Result<(), String> {
        let mut settings = Vec::new();
        put_settings(&mut settings, &self.settings);
        let own = &self.settings;
        let local: Vec<LocalWorker<GameResult>> = (0..self.threads)
            .map(|_| -> LocalWorker<GameResult> {
                Box::new(
                    move |jobs: Receiver<usize>, tx: Sender<(usize, Result<_, String>)>| {
                        play_each(|| jobs.recv().ok().map(|i| (i, own, games[i].clone())), &tx)
                    },
                )
            })
            .collect();
        let by_rank = &mut self.by_rank;
        spread(
            &mut self.dispatch,
            games.len(),
            local,
            |i| game_body(&settings, &games[i]),
            |_, body| read_outcome(body).and_then(|r| r),
            &mut |rank, i, r| {
                by_rank[rank] += 1;
                done(i, r)
            },
        )
    }
}

/// A follower's side of `moyo tune`: plays the games rank 0 sends, `threads` at a time,
/// until rank 0 quits (or is lost).
pub fn serve(f: Follower, threads: usize) -> FollowerEnd {
    f.serve_on_threads(
        threads,
        |body| read_game(body).map_err(|e| format!("a bad game ({e})")),
        |jobs, tx| {
            let next = || {
                jobs.recv()
                    .ok()
                    .map(|(id, (settings, pairing))| (id, settings, pairing))
            };
            play_each(next, &tx)
        },
        outcome_body,
    )
}
