//! `moyo tune` over MPI: rank 0 runs the tuner as on one machine (it alone keeps the
//! checkpoint and the log) with a game runner that plays games on its own threads and sends
//! pairings to the other ranks, which play them on theirs. A rank that is lost gives its
//! games back to the others; rank 0 plays on with whoever is left.

mod bytes;
#[cfg(test)]
mod tests;

use super::POLL;
use super::dispatch::{Dispatch, Outcome};
use super::follower::Follower;
use super::hub::Hub;
use crate::tune::runner::{GameResult, GameSettings, Pairing, Runner, play_each};
use bytes::{game_body, outcome_body, put_settings, read_game, read_outcome};
use crossbeam::channel::unbounded;
use parking_lot::Mutex;
use std::sync::Arc;

/// The games of one `run` not handed out yet: those a lost rank gave back, then the fresh
/// ones in order.
struct Todo {
    next: usize,
    len: usize,
    again: Vec<usize>,
}

impl Todo {
    fn take(&mut self) -> Option<usize> {
        if let Some(i) = self.again.pop() {
            return Some(i);
        }
        let i = self.next;
        (i < self.len).then(|| {
            self.next += 1;
            i
        })
    }
}

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
        self.dispatch.next_batch();
        let mut settings = Vec::new();
        put_settings(&mut settings, &self.settings);
        let mut todo = Todo {
            next: 0,
            len: games.len(),
            again: Vec::new(),
        };
        let mut left = games.len();
        let mut reported = vec![false; games.len()];
        let (jobs_tx, jobs_rx) = unbounded::<usize>();
        let (tx, rx) = unbounded::<(usize, Result<GameResult, String>)>();
        let mut error = None;
        std::thread::scope(|s| {
            for _ in 0..self.threads.min(games.len()) {
                let (jobs, tx, own) = (jobs_rx.clone(), tx.clone(), &self.settings);
                s.spawn(move || {
                    play_each(|| jobs.recv().ok().map(|i| (i, own, games[i].clone())), &tx)
                });
            }
            drop(tx);
            // Games on rank 0's threads.
            let mut local = 0;
            let (mut outcomes, mut lost) = (Vec::new(), Vec::new());
            let mut ended = Vec::new();
            'run: while left > 0 {
                while local < self.threads
                    && let Some(i) = todo.take()
                {
                    let _ = jobs_tx.send(i);
                    local += 1;
                }
                self.dispatch.fill(|| {
                    let i = todo.take()?;
                    Some((i as u32, game_body(&settings, &games[i])))
                });
                let mine: Vec<_> = rx
                    .recv_timeout(POLL)
                    .into_iter()
                    .chain(rx.try_iter())
                    .collect();
                local -= mine.len();
                ended.extend(mine.into_iter().map(|r| (0, r)));
                self.dispatch.collect(&mut outcomes, &mut lost);
                todo.again.extend(lost.drain(..).map(|k| k as usize));
                ended.extend(
                    outcomes
                        .drain(..)
                        .map(|o| (o.rank, (o.key as usize, remote(&o)))),
                );
                for (rank, (i, r)) in ended.drain(..) {
                    let go_on = match r {
                        Ok(_) if reported[i] => true,
                        Ok(r) => {
                            reported[i] = true;
                            left -= 1;
                            self.by_rank[rank] += 1;
                            done(i, r)
                        }
                        Err(e) => {
                            error = Some(e);
                            false
                        }
                    };
                    if !go_on {
                        break 'run;
                    }
                }
            }
            // No more games start; those still being played are dropped.
            drop(jobs_tx);
        });
        error.map_or(Ok(()), Err)
    }
}

/// A follower's outcome: its game's result, or an error naming the rank.
fn remote(o: &Outcome) -> Result<GameResult, String> {
    read_outcome(&o.body)
        .and_then(|r| r)
        .map_err(|e| format!("rank {}: {e}", o.rank))
}

/// A follower's side of `moyo tune`: plays the games rank 0 sends, `threads` at a time,
/// until rank 0 quits.
pub fn serve(f: Follower, threads: usize) {
    let (jobs_tx, jobs_rx) = unbounded::<(u64, GameSettings, Pairing)>();
    let (out_tx, out_rx) = unbounded::<(u64, Result<GameResult, String>)>();
    for _ in 0..threads.max(1) {
        let (jobs, tx) = (jobs_rx.clone(), out_tx.clone());
        // Not joined: when rank 0 quits, games still being played are of no use.
        std::thread::spawn(move || play_each(|| jobs.recv().ok(), &tx));
    }
    let start = |id: u64, body: Vec<u8>| match read_game(&body) {
        Ok((settings, pairing)) => {
            let _ = jobs_tx.send((id, settings, pairing));
        }
        Err(e) => {
            let _ = out_tx.send((id, Err(format!("a bad game ({e})"))));
        }
    };
    f.serve_work(start, &out_rx, outcome_body);
}
