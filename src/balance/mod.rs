//! Simulation balancing of the softmax playout policy (Silver and Tesauro 2009, "Monte-Carlo
//! simulation balancing"; Huang, Coulom and Lin 2010, "Monte-Carlo simulation balancing in
//! practice"): the gammas are moved so that the playouts' mean outcome from a position
//! matches a deep search's value of it, rather than so that the playouts predict the moves
//! strong players make. A policy that plays well is not what a search needs of its
//! playouts; one whose errors cancel out is.
//!
//! `moyo playout balance GAMES... --out DIR` samples positions from game records, values
//! each by a deep search of moyo's default engine (`DIR/positions.txt`, one line a position,
//! kept as it is written), then runs iterations over them. For each position, `value_playouts`
//! playouts estimate the policy's value V and as many more the gradient of V (the outcome
//! times the sum over the moves of the gradient of log pi of the move, with the sample of
//! the expected move of `softmax::adapt`). The shape log-gammas move after each position by
//! `rate` times (V* - V) times that gradient; the log-gammas of every other group (line,
//! contiguity, tactics, self-atari) by `group_rate` times its mean over the positions, once
//! an iteration. Every `held_out`-th position is kept out of the steps and only judges them.
//! After every iteration the weights are written to `DIR/playout-softmax.txt` (atomically),
//! with the iteration in their meta lines, so a killed run resumes where it was, and the
//! weights with the least squared error on the held-out positions so far to
//! `DIR/best-playout-softmax.txt`. See docs/experiments/learned-playouts.md.

#[cfg(test)]
mod tests;

use crate::board::{Color, Game, Move, parse_vertex};
use crate::params::Params;
use crate::playout::MoveTrace;
use crate::playout::heavy::Policy as HeavyPolicy;
use crate::playout::softmax::adapt::{Adaptation, MAX_SHIFT, SampledMove};
use crate::playout::softmax::features::{GROUP_INFO, GROUPS, Levels, NONE};
use crate::playout::softmax::{Softmax, SoftmaxScratch, Weights};
use crate::search::{Limits, Searcher};
use crate::sgf::GameRecord;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

const LABEL: &str = "playout balance";

/// What `moyo playout balance` does (its command-line arguments).
#[derive(Clone, Debug, clap::Args)]
pub struct BalanceConfig {
    /// SGF files to sample positions from (collections allowed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// At most this many games, in file order.
    #[arg(long, default_value_t = usize::MAX)]
    pub max_games: usize,
    /// The output folder: positions.txt (the valued positions) and playout-softmax.txt
    /// (the balanced weights); the same command again resumes.
    #[arg(long)]
    pub out: PathBuf,
    /// Sample every this many moves of a game.
    #[arg(long, default_value_t = 6)]
    pub every: usize,
    /// The first move number sampled.
    #[arg(long, default_value_t = 8)]
    pub from: usize,
    /// The last move number sampled.
    #[arg(long, default_value_t = 50)]
    pub to: usize,
    /// Playouts of the deep search (the default engine) that values a position.
    #[arg(long, default_value_t = 20_000)]
    pub deep_playouts: u64,
    /// Playouts a position an iteration for the value, and as many for the gradient.
    #[arg(long, default_value_t = 64)]
    pub value_playouts: usize,
    /// Iterations in all (a resumed run counts those already done).
    #[arg(long, default_value_t = 20)]
    pub iterations: usize,
    /// The step size of the shape gammas, after each position.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f32,
    /// The step size of the other groups' gammas, once an iteration.
    #[arg(long, default_value_t = 1.0)]
    pub group_rate: f32,
    /// Every this many positions one is held out of the steps to judge them (0: none).
    #[arg(long, default_value_t = 5)]
    pub held_out: usize,
    /// The seed of the playouts and the deep searches.
    #[arg(long, default_value_t = 1)]
    pub balance_seed: u64,
    /// The weights to start from (default: the built-in ones).
    #[arg(long)]
    pub weights: Option<PathBuf>,
}

/// A sampled position: the game to it and its deep-search value for Black.
#[derive(Clone, Debug)]
pub struct Position {
    /// The game up to the position (komi included).
    pub game: Game,
    /// Black's winning chance by the deep search.
    pub value: f32,
}

/// The line of `positions.txt` for `p`: `<value> <size> <komi> <moves>` (GTP vertices).
fn position_line(p: &Position) -> String {
    let b = p.game.board();
    let moves: Vec<String> = p
        .game
        .moves()
        .iter()
        .map(|&(_, m)| match m {
            Move::Play(q) => b.point_string(q),
            _ => "pass".to_string(),
        })
        .collect();
    let (size, komi) = (p.game.size(), p.game.komi());
    format!("{:.4} {size} {komi} {}", p.value, moves.join(" "))
}

/// The position of line `n` of file `name`.
fn parse_position(line: &str, name: &str, n: usize) -> Result<Position, String> {
    let bad = |what: &str| format!("{name}: line {n}: {what}");
    let mut w = line.split_whitespace();
    let mut number = |what: &str| {
        w.next()
            .and_then(|x| x.parse::<f32>().ok())
            .ok_or(bad(what))
    };
    let value = number("expected a value")?;
    let size = number("expected a board size")? as usize;
    let komi = number("expected a komi")?;
    if !(0.0..=1.0).contains(&value) || !(2..=25).contains(&size) {
        return Err(bad("value or size out of range"));
    }
    let mut game = Game::new(size, komi);
    for v in w {
        let c = game.to_play();
        let m = match parse_vertex(v, size).map_err(|_| bad("bad vertex"))? {
            Some((x, y)) => Move::Play(game.board().point(x, y)),
            None => Move::Pass,
        };
        game.play(c, m)
            .map_err(|e| bad(&format!("illegal move {v}: {e:?}")))?;
    }
    Ok(Position { game, value })
}

/// The games of `files` (at most `max_games`) replayed up to each sampled move number.
fn sample_games(cfg: &BalanceConfig) -> Result<Vec<Game>, String> {
    let mut out = Vec::new();
    let mut games = 0;
    for path in &cfg.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for rec in GameRecord::parse_all(&text).flatten() {
            if games >= cfg.max_games {
                return Ok(out);
            }
            games += 1;
            sample_record(&rec, cfg, &mut out);
        }
    }
    Ok(out)
}

/// Appends to `out` the positions of `rec` before moves `from`, `from + every`, ... `to`.
fn sample_record(rec: &GameRecord, cfg: &BalanceConfig, out: &mut Vec<Game>) {
    let mut game = Game::new(rec.size, rec.komi.unwrap_or(7.0));
    for (c, list) in [
        (Color::Black, &rec.black_setup),
        (Color::White, &rec.white_setup),
    ] {
        for &(x, y) in list {
            if game
                .add_setup_stone(c, game.board().point(x as usize, y as usize))
                .is_err()
            {
                return;
            }
        }
    }
    for (i, m) in rec.moves.iter().enumerate() {
        let no = i + 1;
        if no > cfg.to {
            break;
        }
        if no >= cfg.from && (no - cfg.from).is_multiple_of(cfg.every.max(1)) {
            out.push(game.clone());
        }
        let Some((c, mv)) = m.board_move(game.board()) else {
            return;
        };
        if c != game.to_play() || game.play(c, mv).is_err() {
            return;
        }
    }
}

/// The positions of `DIR/positions.txt`, valuing by deep search (and appending, each line
/// synced as written) those the file does not hold yet.
pub fn positions(cfg: &BalanceConfig) -> Result<Vec<Position>, String> {
    let path = cfg.out.join("positions.txt");
    let name = path.display().to_string();
    let mut done = Vec::new();
    if path.exists() {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        // A line cut short by a kill ends the file without its newline: it is valued again.
        let whole = text.rfind('\n').map_or("", |i| &text[..=i]);
        for (i, line) in whole.lines().enumerate() {
            done.push(parse_position(line, &name, i + 1)?);
        }
        crate::sys::durable::write(&path, whole.as_bytes()).map_err(|e| format!("{name}: {e}"))?;
    }
    let games = sample_games(cfg)?;
    if done.len() < games.len() {
        crate::diag!(
            "{LABEL}: {} positions valued, {} to go",
            done.len(),
            games.len() - done.len()
        );
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("{name}: {e}"))?;
    let mut searcher = Searcher::new(Params::default(), cfg.balance_seed, 1);
    let limits = Limits {
        playouts: Some(cfg.deep_playouts),
        ..Limits::default()
    };
    for game in games.into_iter().skip(done.len()) {
        searcher.clear();
        let c = game.to_play();
        let r = searcher.search(&game, c, &limits, &AtomicBool::new(false));
        let value = if c == Color::Black {
            r.winrate
        } else {
            1.0 - r.winrate
        };
        let p = Position { game, value };
        writeln!(file, "{}", position_line(&p))
            .and_then(|_| file.sync_data())
            .map_err(|e| format!("{name}: {e}"))?;
        done.push(p);
    }
    Ok(done)
}

/// The levels of all groups but the shape, one after the other.
pub const LEVEL_COUNT: usize = {
    let mut n = 0;
    let mut g = 0;
    while g < GROUPS {
        n += GROUP_INFO[g].2;
        g += 1;
    }
    n
};

/// The place of level `l` of group `g` among the `LEVEL_COUNT`.
fn level_index(g: usize, l: u8) -> usize {
    GROUP_INFO[..g].iter().map(|x| x.2).sum::<usize>() + l as usize
}

/// Adds `z` to the entries of `groups` of each level in `levels`.
fn add_levels(levels: &Levels, z: f32, groups: &mut [f32]) {
    for (g, &l) in levels.iter().enumerate() {
        if l != NONE && (l as usize) < GROUP_INFO[g].2 {
            groups[level_index(g, l)] += z;
        }
    }
}

/// The gradient estimate of one position: the sum over `samples` (a playout's Black win and
/// its moves) of the outcome (+1 / -1) times the moves' played-minus-drawn feature counts,
/// over the number of samples, times `scale`: added into `shapes` (one entry per shape
/// number) and `groups` (one per level, `LEVEL_COUNT`). Both movers' moves count alike:
/// the value is Black's, and both play by the same gammas.
pub fn add_gradient(
    samples: &[(bool, Vec<SampledMove>)],
    scale: f32,
    shapes: &mut [f32],
    groups: &mut [f32],
) {
    let n = samples.len().max(1) as f32;
    for (black_won, steps) in samples {
        let z = if *black_won { scale / n } else { -scale / n };
        for s in steps {
            if s.played != s.drawn {
                shapes[s.played as usize] += z;
                shapes[s.drawn as usize] -= z;
            }
            add_levels(&s.played_levels, z, groups);
            add_levels(&s.drawn_levels, -z, groups);
        }
    }
}

/// One playout of `policy` from `pos`: whether Black won (a jigo counts as a loss).
fn playout(
    policy: &Softmax,
    pos: &Game,
    scratch: &mut SoftmaxScratch,
    rng: &mut Xoshiro256PlusPlus,
) -> bool {
    let mut board = pos.board().clone();
    let mut trace = MoveTrace::default();
    let max = 3 * board.size() * board.size();
    let (last, prev) = pos.last_two_points();
    let start = (pos.to_play(), last, prev);
    let score = policy.playout_with(
        scratch,
        &mut board,
        start,
        pos.komi(),
        max,
        0.0,
        rng,
        &mut trace,
    );
    score > 0.0
}

/// The mean squared error between the deep values of `positions` and `value` of each.
fn mse(positions: &[&Position], mut value: impl FnMut(&Position) -> f32) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|pos| f64::from((pos.value - value(pos)).powi(2)))
        .sum();
    sum / positions.len().max(1) as f64
}

/// The share of `n` tries that `win` says Black won.
fn share(n: usize, mut win: impl FnMut() -> bool) -> f32 {
    (0..n).filter(|_| win()).count() as f32 / n.max(1) as f32
}

/// The mean squared error between the deep values of `positions` and the values of
/// `cfg.value_playouts` playouts of `policy` each.
pub fn error(
    policy: &Softmax,
    positions: &[&Position],
    cfg: &BalanceConfig,
    rng: &mut Xoshiro256PlusPlus,
) -> f64 {
    let mut scratch = SoftmaxScratch::default();
    mse(positions, |pos| value(policy, pos, cfg, &mut scratch, rng))
}

/// The same error for the default engine's heavy playouts: the line the softmax's is read
/// against.
pub fn heavy_error(
    positions: &[&Position],
    cfg: &BalanceConfig,
    rng: &mut Xoshiro256PlusPlus,
) -> f64 {
    let params = Params::default();
    mse(positions, |pos| {
        let policy = HeavyPolicy::new(&params.for_size(pos.game.size()));
        let (last, prev) = pos.game.last_two_points();
        let mut trace = MoveTrace::default();
        share(cfg.value_playouts, || {
            let mut board = pos.game.board().clone();
            let max = 3 * board.size() * board.size();
            let (c, komi) = (pos.game.to_play(), pos.game.komi());
            policy.playout(&mut board, c, komi, max, last, prev, rng, &mut trace) > 0.0
        })
    })
}

/// Black's share of wins in `cfg.value_playouts` playouts of `policy` from `pos`.
fn value(
    policy: &Softmax,
    pos: &Position,
    cfg: &BalanceConfig,
    scratch: &mut SoftmaxScratch,
    rng: &mut Xoshiro256PlusPlus,
) -> f32 {
    share(cfg.value_playouts, || {
        playout(policy, &pos.game, scratch, rng)
    })
}

/// One iteration over `positions`: moves the shape shifts of `adapt` after each position,
/// and returns the mean squared error of the playouts' values before each position's step
/// with the step of the other groups' log-gammas (`LEVEL_COUNT`, `group_rate` times the
/// mean gradient).
pub fn iterate(
    policy: &Softmax,
    adapt: &Adaptation,
    positions: &[&Position],
    cfg: &BalanceConfig,
    rng: &mut Xoshiro256PlusPlus,
) -> (f64, Vec<f32>) {
    let mut scratch = SoftmaxScratch::default();
    let len = policy.weights().base_table().gammas().len();
    let mut grad = vec![0f32; len];
    let mut groups = vec![0f32; LEVEL_COUNT];
    let mut samples: Vec<(bool, Vec<SampledMove>)> = Vec::new();
    let mut error = 0.0;
    for pos in positions {
        let v = value(policy, pos, cfg, &mut scratch, rng);
        error += f64::from((pos.value - v) * (pos.value - v));
        samples.clear();
        for _ in 0..cfg.value_playouts {
            let won = playout(policy, &pos.game, &mut scratch, rng);
            samples.push((won, scratch.steps().to_vec()));
        }
        grad.iter_mut().for_each(|g| *g = 0.0);
        add_gradient(&samples, pos.value - v, &mut grad, &mut groups);
        for (n, &g) in grad.iter().enumerate() {
            if g != 0.0 {
                adapt.add(n, (cfg.rate * g).clamp(-MAX_SHIFT, MAX_SHIFT));
            }
        }
    }
    let n = positions.len().max(1) as f32;
    groups.iter_mut().for_each(|g| *g *= cfg.group_rate / n);
    (error / positions.len().max(1) as f64, groups)
}

/// `base`'s groups with each level's gamma times e^shift (`LEVEL_COUNT` shifts).
fn shifted_groups(base: &Weights, shift: &[f32]) -> [Vec<f64>; GROUPS] {
    std::array::from_fn(|g| {
        let levels = base.groups[g].iter().enumerate();
        levels
            .map(|(l, &x)| x * f64::from(shift[level_index(g, l as u8)]).exp())
            .collect()
    })
}

/// The weights `base` with the shape gammas of `adapt` and the group shifts `groups`, and
/// `meta` lines.
fn balanced(
    base: &Weights,
    adapt: &Adaptation,
    groups: &[f32],
    meta: Vec<(String, String)>,
) -> Weights {
    let table = base.base_table();
    let own = Default::default();
    let factor = |n: usize| f64::from(adapt.shift(&own, n)).exp();
    let shapes = (2..table.gammas().len())
        .filter_map(|n| table.canonical(n).map(|c| (c, base.shape(c) * factor(n))))
        .collect();
    Weights::new(
        shifted_groups(base, groups),
        shapes,
        base.other_shape * factor(1),
        meta,
    )
}

/// The weights `base` plays by with the group shifts `groups` (its shapes as they are: the
/// adaptation shifts those), for the rest of the run.
fn playing(base: &Weights, groups: &[f32]) -> &'static Weights {
    let w = Weights::new(
        shifted_groups(base, groups),
        base.shapes.clone(),
        base.other_shape,
        Vec::new(),
    );
    Box::leak(Box::new(w))
}

/// The log-gamma shifts of `w` against `base`: per shape number (0 where they agree), and
/// per level of the other groups.
fn shifts(base: &Weights, w: &Weights) -> (Vec<f32>, Vec<f32>) {
    let table = base.base_table();
    let mut shapes = vec![0.0; table.gammas().len()];
    for (n, s) in shapes.iter_mut().enumerate().skip(1) {
        let (b, x) = match table.canonical(n) {
            Some(c) => (base.shape(c), w.shape(c)),
            None => (base.other_shape, w.other_shape),
        };
        *s = (x / b).ln() as f32;
    }
    let mut groups = vec![0.0; LEVEL_COUNT];
    for (g, (b, x)) in base.groups.iter().zip(&w.groups).enumerate() {
        for (l, (b, x)) in b.iter().zip(x).enumerate() {
            groups[level_index(g, l as u8)] = (x / b).ln() as f32;
        }
    }
    (shapes, groups)
}

/// The held-out error in the meta lines of `path`, when it holds weights.
fn held_out_error(path: &std::path::Path) -> Result<Option<f64>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let w = Weights::load(path)?;
    Ok(w.meta("balance_held_out_mse").and_then(|s| s.parse().ok()))
}

/// Balances and writes `DIR/playout-softmax.txt` and `DIR/best-playout-softmax.txt`;
/// resumes from the first when it holds an iteration count.
pub fn run(cfg: &BalanceConfig) -> Result<(), String> {
    std::fs::create_dir_all(&cfg.out).map_err(|e| format!("{}: {e}", cfg.out.display()))?;
    let _lock = crate::sys::lock::Lock::folder(&cfg.out)?;
    let base: &'static Weights = match &cfg.weights {
        Some(path) => Box::leak(Box::new(Weights::load(path)?)),
        None => Weights::builtin(),
    };
    let positions = positions(cfg)?;
    if positions.is_empty() {
        return Err(format!("{LABEL}: no position sampled from the games given"));
    }
    let (mut held_out, mut train): (Vec<&Position>, Vec<&Position>) = (Vec::new(), Vec::new());
    for (i, p) in positions.iter().enumerate() {
        if cfg.held_out > 0 && i % cfg.held_out == cfg.held_out - 1 {
            held_out.push(p);
        } else {
            train.push(p);
        }
    }
    let out = cfg.out.join("playout-softmax.txt");
    let best_path = cfg.out.join("best-playout-softmax.txt");
    let mut best = held_out_error(&best_path)?.unwrap_or(f64::INFINITY);
    let mut done = 0;
    let mut start = (vec![], vec![0.0; LEVEL_COUNT]);
    if out.exists() {
        let saved = Weights::load(&out)?;
        done = saved
            .meta("balance_iteration")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        start = shifts(base, &saved);
        crate::diag!("{LABEL}: resuming after iteration {done}");
    }
    let (shape_shifts, mut groups) = start;
    let adapt = Arc::new(Adaptation::with_shifts(
        base.base_table().gammas(),
        &shape_shifts,
    ));
    let meta = |key: &str, value: String| (key.to_string(), value);
    let mut policy = Softmax::with_adaptation(playing(base, &groups), adapt.clone());
    if !held_out.is_empty() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(cfg.balance_seed);
        let heavy = heavy_error(&held_out, cfg, &mut rng);
        crate::diag!("{LABEL}: held-out error of the heavy playouts {heavy:.4}");
    }
    if !held_out.is_empty() && !best_path.exists() {
        // The weights the run starts from are the first best.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(cfg.balance_seed);
        best = error(&policy, &held_out, cfg, &mut rng);
        crate::diag!(
            "{LABEL}: held-out error {best:.4} before iteration {}",
            done + 1
        );
        let lines = vec![
            meta("balance_iteration", done.to_string()),
            meta("balance_held_out_mse", format!("{best:.5}")),
        ];
        balanced(base, &adapt, &groups, lines).save(&best_path)?;
    }
    while done < cfg.iterations {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(cfg.balance_seed ^ (done as u64 + 1) << 20);
        let (error_before, step) = iterate(&policy, &adapt, &train, cfg, &mut rng);
        for (g, d) in groups.iter_mut().zip(step) {
            *g = (*g + d).clamp(-MAX_SHIFT, MAX_SHIFT);
        }
        done += 1;
        policy = Softmax::with_adaptation(playing(base, &groups), adapt.clone());
        let judged = (!held_out.is_empty()).then(|| error(&policy, &held_out, cfg, &mut rng));
        crate::diag!(
            "{LABEL}: iteration {done}/{} mean squared error {error_before:.4}, held out {}",
            cfg.iterations,
            judged.map_or("-".to_string(), |e| format!("{e:.4}"))
        );
        let mut lines = vec![
            meta("balance_iteration", done.to_string()),
            meta("balance_positions", train.len().to_string()),
            meta("balance_mse_before", format!("{error_before:.5}")),
            meta(
                "balance_settings",
                format!(
                    "deep_playouts {} value_playouts {} rate {} group_rate {} held_out {}",
                    cfg.deep_playouts, cfg.value_playouts, cfg.rate, cfg.group_rate, cfg.held_out
                ),
            ),
        ];
        if let Some(e) = judged {
            lines.push(meta("balance_held_out_mse", format!("{e:.5}")));
        }
        let w = balanced(base, &adapt, &groups, lines);
        // The best first: a kill between the two writes repeats the iteration.
        if let Some(e) = judged.filter(|&e| e < best) {
            best = e;
            w.save(&best_path)?;
        }
        w.save(&out)?;
    }
    crate::diag!("{LABEL}: wrote {}", out.display());
    Ok(())
}
