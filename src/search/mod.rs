//! The tree search: UCT with RAVE over light playouts (the baseline the MoGo score replaces).
//! It knows nothing of GTP: the engine hands it a game and limits, and reads a result.

use crate::board::{Color, Game, Move};
use crate::params::Params;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// When a search stops: whichever limit is reached first (at least one must be set).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Total playouts (all threads together).
    pub playouts: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
}

/// Statistics of one root move.
#[derive(Clone, Debug)]
pub struct MoveStat {
    pub mv: Move,
    pub visits: u32,
    /// Win rate for the side to move, in [0, 1].
    pub winrate: f32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (most visited), pass when there is nothing better.
    pub best: Move,
    /// Win rate of `best` for the side to move, in [0, 1].
    pub winrate: f32,
    /// Playouts run.
    pub playouts: u64,
    pub elapsed: Duration,
    /// Root moves, most visited first.
    pub candidates: Vec<MoveStat>,
    /// Per point (`Point::idx`), the average final owner over the playouts: +1 Black, -1 White.
    pub ownership: Vec<f32>,
}

/// A reusable searcher (keeps its random generator and memory between searches).
pub struct Searcher {
    params: Params,
    seed: u64,
    threads: usize,
}

impl Searcher {
    /// A searcher with these parameters, seed (fixed seed + one thread + playout limit =
    /// deterministic) and number of threads.
    pub fn new(params: Params, seed: u64, threads: usize) -> Searcher {
        Searcher { params, seed, threads: threads.max(1) }
    }

    /// Replaces the parameters.
    pub fn set_params(&mut self, params: Params) {
        self.params = params;
    }

    /// Searches the current position of `game` for `to_play` until a limit is reached or
    /// `stop` becomes true.
    pub fn search(&mut self, game: &Game, to_play: Color, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let _ = (game, to_play, limits, stop, &self.params, self.seed, self.threads);
        todo!("being written")
    }
}
