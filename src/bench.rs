//! `moyo bench`: the speed reference. Fixed positions and seeds, one thread, one
//! `name value` line per figure (tools parse these names: keep them).

use crate::board::{Color, Game, Move, Point};
use crate::params::Params;
use crate::playout::MoveTrace;
use crate::playout::heavy::Policy;
use crate::search::{Limits, Searcher};
use crate::sgf::GameRecord;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A 19x19 middle-game position (100 moves of moyo self-play), for `heavy_pps_19x19_midgame`.
const MIDGAME_19: &str = include_str!("../patterns/bench/midgame19.sgf");

/// The game after replaying the bench's middle-game record (an empty 19x19 game if it cannot
/// be read, which a test rules out).
pub fn midgame_19() -> Game {
    let mut game = Game::new(19, 7.5);
    let Ok(record) = GameRecord::parse(MIDGAME_19) else {
        return game;
    };
    for m in &record.moves {
        if let crate::sgf::RecordedMove::Play(c, at) = m {
            let colour = match c {
                crate::sgf::SgfColor::Black => Color::Black,
                crate::sgf::SgfColor::White => Color::White,
            };
            let mv = at.map_or(Move::Pass, |(x, y)| {
                Move::Play(game.board().point(x as usize, y as usize))
            });
            if game.play(colour, mv).is_err() {
                break;
            }
        }
    }
    game
}

/// Playouts per second with `params`' policy from `game`'s position, without a tree, for
/// about `seconds`.
pub fn playout_pps(game: &Game, params: &Params, seconds: f64) -> f64 {
    let policy = Policy::from_params(params);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let start_board = game.board();
    let mut board = start_board.clone();
    let mut trace = MoveTrace::default();
    let size = start_board.size();
    let to_play = game.to_play();
    let last = match game.last_move() {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let max_moves = 3 * size * size;
    let start = Instant::now();
    let mut n = 0u64;
    let mut sink = 0.0f32;
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..16 {
            board.clone_from(start_board);
            trace.clear();
            sink += policy.playout(
                &mut board,
                to_play,
                7.5,
                max_moves,
                last,
                None::<Point>,
                &mut rng,
                &mut trace,
            );
            n += 1;
        }
    }
    std::hint::black_box(sink);
    n as f64 / start.elapsed().as_secs_f64()
}

/// Light playouts per second from the empty board of `size`.
pub fn light_pps(size: usize, seconds: f64) -> f64 {
    let params = Params {
        heavy_playouts: false,
        ..Params::default()
    };
    playout_pps(&Game::new(size, 7.5), &params, seconds)
}

/// Heavy (default policy) playouts per second from the empty board of `size`.
pub fn heavy_pps(size: usize, seconds: f64) -> f64 {
    playout_pps(&Game::new(size, 7.5), &Params::default(), seconds)
}

/// Playouts per second inside fixed-playout searches from the empty board of `size`,
/// repeated for about `seconds`, one thread, default parameters.
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

/// Runs every figure for about `seconds` each and prints `name value` lines to stdout
/// (a closed stdout ends the bench quietly).
pub fn run(seconds: f64) {
    let s = seconds.max(0.05);
    let mut out = std::io::stdout();
    let figures: [(&str, &dyn Fn() -> f64); 7] = [
        ("light_pps_9x9", &|| light_pps(9, s)),
        ("light_pps_19x19", &|| light_pps(19, s)),
        ("heavy_pps_9x9", &|| heavy_pps(9, s)),
        ("heavy_pps_19x19", &|| heavy_pps(19, s)),
        ("heavy_pps_19x19_midgame", &|| {
            playout_pps(&midgame_19(), &Params::default(), s)
        }),
        ("search_pps_9x9", &|| search_pps(9, s, 10_000)),
        ("search_pps_19x19", &|| search_pps(19, s, 2_000)),
    ];
    for (name, figure) in figures {
        if writeln!(out, "{name} {:.0}", figure())
            .and_then(|_| out.flush())
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn midgame_position_loads() {
        let g = super::midgame_19();
        assert_eq!(g.size(), 19);
        assert!(
            g.moves().len() >= 80,
            "only {} moves replayed",
            g.moves().len()
        );
    }
}
