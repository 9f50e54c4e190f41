//! `moyo bench`: the speed reference. Fixed positions and seeds, one thread, one
//! `name value` line per figure (tools parse these names: keep them).

use crate::board::{Color, Game, Move, Point};
use crate::params::Params;
use crate::playout::MoveTrace;
use crate::playout::heavy::Policy;
use crate::search::exchange::Peers;
use crate::search::{Limits, Searcher, TradeStats};
use crate::sgf::midgame_19;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::cell::Cell;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Playouts per second with `params`' policy from `game`'s position, without a tree, for
/// about `seconds`.
pub fn playout_pps(game: &Game, params: &Params, seconds: f64) -> f64 {
    let policy = Policy::new(&params.for_size(game.board().size()));
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
            let score = policy.playout(
                &mut board,
                to_play,
                7.5,
                max_moves,
                last,
                None::<Point>,
                &mut rng,
                &mut trace,
            );
            sink += score;
            n += 1;
        }
    }
    std::hint::black_box(sink);
    n as f64 / start.elapsed().as_secs_f64()
}

/// Light playouts per second from the empty board of `size`.
pub fn light_pps(size: usize, seconds: f64, params: &Params) -> f64 {
    let light = Params {
        heavy_playouts: false,
        ..params.clone()
    };
    playout_pps(&Game::new(size, 7.5), &light, seconds)
}

/// Heavy playouts per second from the empty board of `size`.
pub fn heavy_pps(size: usize, seconds: f64, params: &Params) -> f64 {
    let heavy = Params {
        heavy_playouts: true,
        ..params.clone()
    };
    playout_pps(&Game::new(size, 7.5), &heavy, seconds)
}

/// Playouts per second inside fixed-playout searches from the empty board of `size`,
/// repeated for about `seconds`, one thread.
pub fn search_pps(size: usize, seconds: f64, playouts_per_search: u64, params: &Params) -> f64 {
    search_pps_threads(size, seconds, playouts_per_search, params, 1)
}

/// `search_pps` with `threads` threads sharing the tree.
pub fn search_pps_threads(
    size: usize,
    seconds: f64,
    playouts_per_search: u64,
    params: &Params,
    threads: usize,
) -> f64 {
    search_rate(size, seconds, playouts_per_search, params, threads, None).0
}

/// Playouts per second of fixed-playout searches from the empty board of `size` (the limit
/// counts this searcher's playouts; the rate counts its `peers`' too), and what the trades
/// with the peers cost, all searches together.
fn search_rate(
    size: usize,
    seconds: f64,
    playouts_per_search: u64,
    params: &Params,
    threads: usize,
    peers: Option<Box<dyn Peers>>,
) -> (f64, TradeStats) {
    let game = Game::new(size, 7.5);
    let mut searcher = Searcher::new(params.clone(), 1, threads);
    searcher.set_peers(peers);
    let limits = Limits {
        playouts: Some(playouts_per_search),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut total = 0u64;
    let mut spent = Duration::ZERO;
    let mut trades = TradeStats::default();
    while spent.as_secs_f64() < seconds {
        searcher.clear();
        let r = searcher.search(&game, Color::Black, &limits, &stop);
        total += r.playouts;
        spent += r.elapsed;
        trades.add(&r.trades);
    }
    searcher.set_peers(None);
    (total as f64 / spent.as_secs_f64(), trades)
}

/// The other ranks of a cluster, for the `*_mpi<N>` figures.
pub struct ClusterBench<'a> {
    /// Ranks, this one included.
    pub ranks: usize,
    /// New peers for this rank's searcher (rank 0's leader).
    pub peers: &'a dyn Fn() -> Box<dyn Peers>,
}

/// The cluster figures of one board size: search playouts a second over all ranks (one
/// thread each), and per exchange the mean bytes of rank 0's changes and the microseconds
/// of CPU its searching thread spends (collecting, messages, adding; not waiting).
fn cluster_figures<'a>(
    size: usize,
    playouts: u64,
    s: f64,
    p: &'a Params,
    c: &'a ClusterBench<'a>,
    cost: &'a Cell<(f64, f64)>,
) -> [(String, Box<dyn Fn() -> f64 + 'a>); 3] {
    let n = c.ranks;
    [
        (
            format!("search_pps_{size}x{size}_mpi{n}"),
            Box::new(move || {
                let (pps, t) = search_rate(size, s, playouts, p, 1, Some((c.peers)()));
                let per = f64::from(t.trades.max(1));
                cost.set((t.bytes as f64 / per, t.cpu.as_secs_f64() * 1e6 / per));
                pps
            }),
        ),
        (
            format!("exchange_bytes_{size}x{size}_mpi{n}"),
            Box::new(move || cost.get().0),
        ),
        (
            format!("exchange_us_{size}x{size}_mpi{n}"),
            Box::new(move || cost.get().1),
        ),
    ]
}

/// A 9x9 position after 13 moves of a fighting opening, for `prior_ns_9x9`.
fn opening_9() -> Game {
    let mut g = Game::new(9, 7.0);
    for v in [
        "E5", "C4", "G5", "D6", "F3", "E4", "D4", "F6", "E6", "F5", "G4", "C6", "B5",
    ] {
        let c = g.to_play();
        if let Ok(m) = g.board().parse_move(v) {
            let _ = g.play(c, m);
        }
    }
    g
}

/// Nanoseconds the prior H(d) takes for all children of a new node in `game`'s position
/// (every legal non-eye move and pass), measured for about `seconds`.
pub fn prior_ns(game: &Game, seconds: f64, params: &Params) -> f64 {
    use crate::search::prior::{PASS, PriorEval, PriorInput};
    let b = game.board();
    let to_play = game.to_play();
    let mut moves: Vec<u16> = b
        .points()
        .filter(|&p| !b.is_eye(to_play, p) && b.is_legal(to_play, p))
        .map(|p| p.0)
        .collect();
    moves.push(PASS);
    let last = |i: usize| match game.moves().iter().rev().nth(i) {
        Some((_, Move::Play(p))) => Some(*p),
        _ => None,
    };
    let own = vec![0.1f32; b.len()];
    let input = PriorInput {
        board: b,
        to_play,
        last: last(0),
        prev: last(1),
        ownership: Some(&own),
    };
    let mut out = vec![0.0f32; moves.len()];
    let mut eval = PriorEval::new();
    let params = params.for_size(b.size());
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..64 {
            eval.evaluate(&params, &input, &moves, &mut out);
        }
        n += 64;
    }
    std::hint::black_box(&out);
    start.elapsed().as_secs_f64() * 1e9 / n as f64
}

/// Prints `name value` lines until stdout closes; false once it has.
fn print_figures(figures: &[(String, &dyn Fn() -> f64)]) -> bool {
    let mut out = std::io::stdout();
    for (name, figure) in figures {
        if writeln!(out, "{name} {:.0}", figure())
            .and_then(|_| out.flush())
            .is_err()
        {
            return false;
        }
    }
    true
}

/// Runs every figure for about `seconds` each with `params` and prints `name value` lines to
/// stdout (a closed stdout ends the bench quietly). With `cluster` (rank 0 of a cluster), the
/// `*_mpi<N>` figures follow each size's thread figures.
pub fn run(seconds: f64, params: &Params, cluster: Option<&ClusterBench>) {
    let s = seconds.max(0.05);
    let p = params;
    let heavy = Params {
        heavy_playouts: true,
        ..p.clone()
    };
    let figures: [(String, &dyn Fn() -> f64); 14] = [
        ("light_pps_9x9".into(), &|| light_pps(9, s, p)),
        ("light_pps_19x19".into(), &|| light_pps(19, s, p)),
        ("heavy_pps_9x9".into(), &|| heavy_pps(9, s, p)),
        ("heavy_pps_19x19".into(), &|| heavy_pps(19, s, p)),
        ("heavy_pps_19x19_midgame".into(), &|| {
            playout_pps(&midgame_19(), &heavy, s)
        }),
        ("search_pps_9x9".into(), &|| search_pps(9, s, 10_000, p)),
        ("search_pps_19x19".into(), &|| search_pps(19, s, 2_000, p)),
        ("search_pps_9x9_t1".into(), &|| {
            search_pps_threads(9, s, 20_000, p, 1)
        }),
        ("search_pps_9x9_t2".into(), &|| {
            search_pps_threads(9, s, 20_000, p, 2)
        }),
        ("search_pps_19x19_t1".into(), &|| {
            search_pps_threads(19, s, 5_000, p, 1)
        }),
        ("search_pps_19x19_t2".into(), &|| {
            search_pps_threads(19, s, 5_000, p, 2)
        }),
        ("bytes_per_node".into(), &|| {
            crate::search::bytes_per_node() as f64
        }),
        ("prior_ns_9x9".into(), &|| prior_ns(&opening_9(), s, p)),
        ("prior_ns_19x19_midgame".into(), &|| {
            prior_ns(&midgame_19(), s, p)
        }),
    ];
    let Some(c) = cluster else {
        print_figures(&figures);
        return;
    };
    // After search_pps_9x9_t2 and search_pps_19x19_t2.
    let (cost9, cost19) = (Cell::new((0.0, 0.0)), Cell::new((0.0, 0.0)));
    let parts = [
        (
            &figures[..9],
            Some(cluster_figures(9, 20_000, s, p, c, &cost9)),
        ),
        (
            &figures[9..11],
            Some(cluster_figures(19, 5_000, s, p, c, &cost19)),
        ),
        (&figures[11..], None),
    ];
    for (plain, mpi) in parts {
        let mpi: Vec<(String, &dyn Fn() -> f64)> = mpi
            .iter()
            .flatten()
            .map(|(name, f)| (name.clone(), f.as_ref() as &dyn Fn() -> f64))
            .collect();
        if !print_figures(plain) || !print_figures(&mpi) {
            return;
        }
    }
}

/// Policy variants priced by `costs`: the label and the parameter changes from the defaults.
/// A change to a parameter with a `_large` twin sets the twin too, so that a line prices the
/// same change on both boards. `with_ladder_check` predates the check's becoming the default;
/// `with_race`, `with_false_eye`, `with_selfatari_nakade` and `with_pattern_prev` predate the
/// 9x9 bundle's becoming the small-board default, and now switch each on on every board (on
/// 9x9 they price the default, the `without_` lines the bundle's parts taken out). Names are
/// kept for the tools that read them.
const VARIANTS: [(&str, &[(&str, &str)]); 22] = [
    ("without_atari_save", &[("atari_save_rate", "0")]),
    ("with_ladder_check", &[("atari_save_ladder_check", "true")]),
    (
        "without_ladder_check",
        &[("atari_save_ladder_check", "false")],
    ),
    ("without_race", &[("race_rate", "0")]),
    (
        "with_race",
        &[
            ("race_rate", "1"),
            ("race_min_size", "2"),
            ("race_max_size", "26"),
        ],
    ),
    ("without_nakade", &[("nakade_rate", "0")]),
    ("without_patterns", &[("pattern_rate", "0")]),
    ("without_approach", &[("approach_rate", "0")]),
    ("without_capture", &[("capture_rate", "0")]),
    (
        "without_selfatari_check",
        &[("selfatari_max_stones", "1000")],
    ),
    ("with_fill_board", &[("fill_board_tries", "4")]),
    ("without_mercy", &[("mercy_share", "0")]),
    ("with_false_eye", &[("false_eye_rate", "1")]),
    ("without_false_eye", &[("false_eye_rate", "0")]),
    ("with_ko_fight", &[("ko_fight_rate", "1")]),
    (
        "with_bad_selfatari_check",
        &[("bad_selfatari_check", "true")],
    ),
    ("with_selfatari_nakade", &[("selfatari_nakade", "true")]),
    ("without_selfatari_nakade", &[("selfatari_nakade", "false")]),
    ("with_pattern_prev", &[("pattern_prev", "true")]),
    ("without_pattern_prev", &[("pattern_prev", "false")]),
    ("with_softmax", &[("playout_softmax", "true")]),
    (
        "with_softmax_adapt",
        &[("playout_softmax", "true"), ("playout_adapt_rate", "0.002")],
    ),
];

/// Policy variants that need the search's tree, priced by `costs` in the searches of
/// `search_pps_*` (10,000 playouts on 9x9, 2,000 on 19x19).
const SEARCH_VARIANTS: [(&str, &[(&str, &str)]); 1] =
    [("with_pool", &[("playout_pool_rate", "0.5")])];

/// Sets a parameter and its `_large` twin, if it has one.
fn set_both(p: &mut Params, name: &str, value: &str) -> Result<(), String> {
    let twin = Params::LARGE_TWINS.iter().find(|(base, _)| *base == name);
    twin.map_or(Ok(()), |(_, twin)| p.set(twin, value))?;
    p.set(name, value)
}

/// The price of each heavy-policy step: heavy playouts per second on 9x9 and 19x19 with one
/// step switched off (or an optional one on); compare with `heavy_pps_*`. Lines are
/// `cost_<variant>_<size> pps`; the steps that need a tree are `cost_search_<variant>_<size>`,
/// to compare with `search_pps_*`.
pub fn costs(seconds: f64, params: &Params) {
    let s = seconds.max(0.05);
    let variants = VARIANTS.iter().map(|v| (false, v));
    for (search, (label, changes)) in variants.chain(SEARCH_VARIANTS.iter().map(|v| (true, v))) {
        let mut p = Params {
            heavy_playouts: true,
            ..params.clone()
        };
        if changes
            .iter()
            .any(|(name, value)| set_both(&mut p, name, value).is_err())
        {
            continue;
        }
        let figures: [(String, &dyn Fn() -> f64); 2] = if search {
            [
                (format!("cost_search_{label}_9x9"), &|| {
                    search_pps(9, s, 10_000, &p)
                }),
                (format!("cost_search_{label}_19x19"), &|| {
                    search_pps(19, s, 2_000, &p)
                }),
            ]
        } else {
            [
                (format!("cost_{label}_9x9"), &|| heavy_pps(9, s, &p)),
                (format!("cost_{label}_19x19"), &|| heavy_pps(19, s, &p)),
            ]
        };
        if !print_figures(&figures) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_priced_variant_names_real_parameters_and_changes_both_boards() {
        for (label, changes) in VARIANTS.iter().chain(SEARCH_VARIANTS.iter()) {
            let mut p = Params::default();
            for (name, value) in changes.iter() {
                set_both(&mut p, name, value).unwrap_or_else(|e| panic!("{label}: {e}"));
            }
            let (small, large) = (p.for_size(9), p.for_size(19));
            let value = |sized: &crate::params::SizedParams, name: &str| {
                let info = sized.describe().into_iter().find(|i| i.name == name);
                info.unwrap().value
            };
            for (name, _) in changes.iter() {
                assert_eq!(value(&small, name), value(&large, name), "{label}: {name}");
            }
        }
    }
}
