//! The tree search: UCT with RAVE over light playouts (the baseline the MoGo score replaces).
//! It knows nothing of GTP: the engine hands it a game and limits, and reads a result.

use crate::board::{Color, Game, Move};
use crate::params::Params;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use worker::{Job, Worker};

pub mod prior;
mod tree;
mod worker;

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

/// A reusable searcher (keeps its threads' trees and buffers between searches).
pub struct Searcher {
    params: Params,
    seed: u64,
    /// Searches run so far: part of each search's seed, so that games between the same
    /// engines differ while a fresh process with the same seed replays the same moves.
    searches: u64,
    workers: Vec<Worker>,
}

impl Searcher {
    /// A searcher with these parameters, seed (fixed seed + one thread + playout limit =
    /// deterministic) and number of threads.
    pub fn new(params: Params, seed: u64, threads: usize) -> Searcher {
        let workers = (0..threads.max(1)).map(|_| Worker::new()).collect();
        Searcher {
            params,
            seed,
            searches: 0,
            workers,
        }
    }

    /// The parameters in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Replaces the parameters.
    pub fn set_params(&mut self, params: Params) {
        self.params = params;
    }

    /// Number of search threads.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Searches the current position of `game` for `to_play` until a limit is reached or
    /// `stop` becomes true. Each thread grows its own tree (root parallelism); their root
    /// statistics are summed.
    pub fn search(
        &mut self,
        game: &Game,
        to_play: Color,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> SearchResult {
        let start = Instant::now();
        let deadline = limits.time.map(|t| start + t);
        let threads = self.workers.len() as u64;
        let total = limits
            .playouts
            .unwrap_or(if deadline.is_some() { u64::MAX } else { 1000 });
        let per_thread = total.div_ceil(threads).max(1);
        let base =
            self.seed ^ game.board().hash() ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.searches += 1;
        let params = &self.params;
        if self.workers.len() == 1 {
            let job = Job {
                seed: base,
                max_playouts: per_thread,
                deadline,
            };
            self.workers[0].run(params, game, to_play, job, stop);
        } else {
            std::thread::scope(|s| {
                for (i, w) in self.workers.iter_mut().enumerate() {
                    let seed = base.wrapping_add((i as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
                    let job = Job {
                        seed,
                        max_playouts: per_thread,
                        deadline,
                    };
                    s.spawn(move || w.run(params, game, to_play, job, stop));
                }
            });
        }
        self.collect(game, start.elapsed())
    }

    /// Sums the threads' root statistics and ownership into a result.
    fn collect(&self, game: &Game, elapsed: Duration) -> SearchResult {
        let mut stats: Vec<MoveStat> = Vec::new();
        let mut wins: Vec<f32> = Vec::new();
        let mut playouts = 0;
        let mut ownership = vec![0.0f32; game.board().len()];
        for w in &self.workers {
            playouts += w.playouts;
            for (o, &s) in ownership.iter_mut().zip(&w.ownership) {
                *o += s as f32;
            }
            for i in w.tree.children(0) {
                let n = &w.tree.nodes[i];
                let mv = n.board_move();
                match stats.iter().position(|m| m.mv == mv) {
                    Some(k) => {
                        stats[k].visits += n.visits;
                        wins[k] += n.wins;
                    }
                    None => {
                        stats.push(MoveStat {
                            mv,
                            visits: n.visits,
                            winrate: 0.0,
                        });
                        wins.push(n.wins);
                    }
                }
            }
        }
        for (m, w) in stats.iter_mut().zip(&wins) {
            m.winrate = if m.visits > 0 {
                w / m.visits as f32
            } else {
                0.5
            };
        }
        if playouts > 0 {
            for o in &mut ownership {
                *o /= playouts as f32;
            }
        }
        stats.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
        });
        let (best, winrate) = stats
            .first()
            .map_or((Move::Pass, 0.5), |m| (m.mv, m.winrate));
        SearchResult {
            best,
            winrate,
            playouts,
            elapsed,
            candidates: stats,
            ownership,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_from(moves: &[(&str, Color)], size: usize, komi: f32) -> Game {
        let mut g = Game::new(size, komi);
        for &(v, c) in moves {
            let m = g.board().parse_move(v).unwrap();
            g.play(c, m).unwrap();
        }
        g
    }

    #[test]
    fn deterministic_with_seed_and_playouts() {
        let g = game_from(&[("E5", Color::Black), ("C3", Color::White)], 9, 7.0);
        let limits = Limits {
            playouts: Some(400),
            time: None,
        };
        let stop = AtomicBool::new(false);
        // Two fresh searchers with one seed give the same sequence of searches...
        let run = || {
            let mut s = Searcher::new(Params::default(), 42, 1);
            let first = s.search(&game_from(&[], 9, 7.0), Color::Black, &limits, &stop);
            let second = s.search(&g, Color::Black, &limits, &stop);
            (first, second)
        };
        let (a1, a2) = run();
        let (b1, b2) = run();
        assert_eq!(a1.best, b1.best);
        assert_eq!(a2.best, b2.best);
        assert_eq!(a2.playouts, 400);
        let visits = |r: &SearchResult| r.candidates.iter().map(|m| m.visits).collect::<Vec<_>>();
        assert_eq!(visits(&a1), visits(&b1));
        assert_eq!(visits(&a2), visits(&b2));
        // ...while repeating a search in one searcher explores differently (games vary).
        let mut s = Searcher::new(Params::default(), 42, 1);
        let x = s.search(&g, Color::Black, &limits, &stop);
        let y = s.search(&g, Color::Black, &limits, &stop);
        assert_ne!(visits(&x), visits(&y));
    }

    #[test]
    fn captures_a_big_string_in_atari() {
        // White's five stones on the left are in atari at B3, where White would connect out.
        let g = game_from(
            &[
                ("A5", Color::White),
                ("B5", Color::Black),
                ("A4", Color::White),
                ("B4", Color::Black),
                ("A3", Color::White),
                ("C3", Color::White),
                ("A2", Color::White),
                ("B2", Color::Black),
                ("A1", Color::White),
                ("B1", Color::Black),
                ("E5", Color::White),
                ("A6", Color::Black),
                ("E3", Color::White),
            ],
            7,
            0.5,
        );
        let limits = Limits {
            playouts: Some(3000),
            time: None,
        };
        let r = Searcher::new(Params::default(), 3, 1).search(
            &g,
            Color::Black,
            &limits,
            &AtomicBool::new(false),
        );
        assert_eq!(g.board().move_string(r.best), "B3");
        assert!(r.candidates[0].visits > r.candidates[1].visits + 100);
        let a3 = g.board().parse_move("A3").unwrap();
        if let Move::Play(p) = a3 {
            assert!(r.ownership[p.idx()] > 0.2, "the captured area is Black's");
        }
    }

    #[test]
    fn threads_merge_and_time_limit_stops() {
        let g = game_from(&[], 9, 7.0);
        let limits = Limits {
            playouts: None,
            time: Some(Duration::from_millis(150)),
        };
        let r = Searcher::new(Params::default(), 1, 2).search(
            &g,
            Color::Black,
            &limits,
            &AtomicBool::new(false),
        );
        assert!(r.elapsed < Duration::from_millis(1500));
        assert!(r.playouts > 10);
        let visits: u64 = r.candidates.iter().map(|m| m.visits as u64).sum();
        assert_eq!(visits, r.playouts);
    }
}
