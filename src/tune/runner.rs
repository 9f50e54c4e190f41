//! The game runner: one interface (play this list of pairings, report each result as it
//! ends) and its local implementation on worker threads. A pairing carries everything a
//! game needs (full parameter sets, the seed), and a result refers to its pairing by index
//! only, so another implementation can ship both over a network.

use super::game::{self, GameResult, GameSettings, Pairing};
use crossbeam::channel::{self, Sender};
use std::borrow::Borrow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Plays lists of games.
pub trait Runner {
    /// Plays `games`, in any order and as parallel as it can, calling `done` with each
    /// game's index in `games` and its result as soon as it ends. When `done` returns false
    /// no further game starts, and the results of games still in flight are dropped. An
    /// error (a fixed opponent that cannot be started, say) stops the run.
    fn run(
        &mut self,
        games: &[Pairing],
        done: &mut dyn FnMut(usize, GameResult) -> bool,
    ) -> Result<(), String>;
}

/// One worker thread's loop: plays the games `next` hands out (a key, the settings, the
/// pairing), one after the other, sending each result with its key to `tx`, until `next`
/// has no more or nobody listens; then quits the thread's fixed opponent, if it started one.
pub fn play_each<K, S: Borrow<GameSettings>>(
    mut next: impl FnMut() -> Option<(K, S, Pairing)>,
    tx: &Sender<(K, Result<GameResult, String>)>,
) {
    let mut opponent = None;
    while let Some((key, settings, pairing)) = next() {
        let r = game::play(settings.borrow(), &pairing, &mut opponent);
        if tx.send((key, r)).is_err() {
            break;
        }
    }
    if let Some(o) = opponent.as_mut() {
        game::quit(o);
    }
}

/// The runner on this machine's threads, one game per thread (each engine searches on one).
pub struct LocalRunner {
    pub settings: GameSettings,
    pub threads: usize,
}

impl Runner for LocalRunner {
    fn run(
        &mut self,
        games: &[Pairing],
        done: &mut dyn FnMut(usize, GameResult) -> bool,
    ) -> Result<(), String> {
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (tx, rx) = channel::unbounded::<(usize, Result<GameResult, String>)>();
        let settings = &self.settings;
        let mut error = None;
        std::thread::scope(|s| {
            for _ in 0..self.threads.clamp(1, games.len().max(1)) {
                let tx = tx.clone();
                let (next, stop) = (&next, &stop);
                s.spawn(move || {
                    let take = || {
                        if stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        Some((i, settings, games.get(i)?.clone()))
                    };
                    play_each(take, &tx);
                });
            }
            drop(tx);
            for (i, r) in rx {
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                match r {
                    Ok(r) => {
                        if !done(i, r) {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Err(e) => {
                        error = Some(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        error.map_or(Ok(()), Err)
    }
}
