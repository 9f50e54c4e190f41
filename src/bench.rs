//! `moyo bench`: the speed reference. Fixed positions and seeds, one thread, one
//! `name value` line per figure (tools parse these names: keep them).

use crate::board::{Board, Color, Game};
use crate::params::Params;
use crate::playout::{MoveTrace, light_playout};
use crate::search::{Limits, Searcher};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Light playouts per second from the empty board of `size`, for about `seconds`.
pub fn light_pps(size: usize, seconds: f64) -> f64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut trace = MoveTrace::default();
    let max_moves = 3 * size * size;
    let start = Instant::now();
    let mut n = 0u64;
    let mut sink = 0.0f32;
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..64 {
            board.clone_from(&empty);
            trace.clear();
            sink += light_playout(
                &mut board,
                Color::Black,
                7.5,
                max_moves,
                &mut rng,
                &mut trace,
            );
            n += 1;
        }
    }
    std::hint::black_box(sink);
    n as f64 / start.elapsed().as_secs_f64()
}

/// Playouts per second inside fixed-playout searches from the empty board of `size`,
/// repeated for about `seconds`, one thread.
pub fn search_pps(size: usize, seconds: f64, playouts_per_search: u64) -> f64 {
    let game = Game::new(size, 7.5);
    let mut searcher = Searcher::new(Params::default(), 1, 1);
    let limits = Limits {
        playouts: Some(playouts_per_search),
        time: None,
    };
    let stop = AtomicBool::new(false);
    let mut total = 0u64;
    let mut spent = Duration::ZERO;
    while spent.as_secs_f64() < seconds {
        let r = searcher.search(&game, Color::Black, &limits, &stop);
        total += r.playouts;
        spent += r.elapsed;
    }
    total as f64 / spent.as_secs_f64()
}

/// Runs every figure for about `seconds` each and prints `name value` lines to stdout.
pub fn run(seconds: f64) {
    let s = seconds.max(0.05);
    println!("light_pps_9x9 {:.0}", light_pps(9, s));
    println!("light_pps_19x19 {:.0}", light_pps(19, s));
    println!("search_pps_9x9 {:.0}", search_pps(9, s, 10_000));
    println!("search_pps_19x19 {:.0}", search_pps(19, s, 2_000));
}
