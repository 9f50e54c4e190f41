//! Fitting the softmax policy's weights (`moyo playout train`): every position of the
//! training games is one competition among the moves the policy may play there (legal, no
//! own eye, no refused self-atari: `features::move_features`), won by the move played;
//! the gammas are fitted by the pattern trainer's Minorization-Maximization (`patterns::mm`).
//! The weights are checkpointed atomically after every iteration, so a killed run resumes
//! from the last one it finished. `predict` measures how often the heaviest move is the
//! one played, against a uniform draw among the same moves.

use super::Weights;
use super::features::{GROUP_INFO, GROUPS, Levels, Local, NONE, move_features};
use crate::board::{Board, Color, Move, Point};
use crate::params::Params;
use crate::patterns::train::for_each_position;
use crate::patterns::{Recent, mm};
use crate::playout::heavy::Policy as HeavyPolicy;
use crate::playout::{MoveTrace, Mover, play_out};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

/// The prefix of the trainer's progress lines.
const LABEL: &str = "playout train";

/// Moves of one position sharing all features.
#[derive(Clone, Copy, Debug)]
pub struct SoftmaxTeam {
    /// Level per group (`NONE` when absent).
    pub levels: Levels,
    /// The canonical 3x3 shape while collecting, then its index in `SoftmaxData::codes`
    /// (`codes.len()`: every other shape).
    pub shape: u32,
    /// How many moves of the position have these features.
    pub mult: u32,
}

impl mm::Merge for SoftmaxTeam {
    type Key = (Levels, u32);

    fn key(&self) -> Self::Key {
        (self.levels, self.shape)
    }

    fn mult_mut(&mut self) -> &mut u32 {
        &mut self.mult
    }
}

/// The training competitions.
#[derive(Default, Debug)]
pub struct SoftmaxData {
    /// All teams, position after position.
    pub teams: Vec<SoftmaxTeam>,
    /// Start of each position's teams in `teams` (one more entry than positions).
    pub starts: Vec<u32>,
    /// The winning team of each position.
    pub winners: Vec<u32>,
    /// Canonical codes of the kept shapes.
    pub codes: Vec<u32>,
    /// Merges the moves of the position being added.
    index: HashMap<(Levels, u32), u32>,
}

impl SoftmaxData {
    /// An empty set.
    pub fn new() -> SoftmaxData {
        SoftmaxData {
            starts: vec![0],
            ..SoftmaxData::default()
        }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.winners.len()
    }

    /// Adds one position: the features of its candidate moves, and which one was played
    /// (`None`: not a candidate, the position is left out).
    pub fn add(&mut self, moves: impl Iterator<Item = (Levels, u32)>, played: Option<usize>) {
        let teams = moves.map(|(levels, shape)| SoftmaxTeam {
            levels,
            shape,
            mult: 1,
        });
        let into = (&mut self.teams, &mut self.starts, &mut self.winners);
        mm::add_position(into, &mut self.index, teams, played);
    }

    /// Replaces shape codes by indices: shapes played at least `min_count` times are kept,
    /// the others share the last index.
    pub fn index_shapes(&mut self, min_count: u32) {
        let played = self.winners.iter().map(|&w| self.teams[w as usize].shape);
        let (codes, index) = mm::kept_codes(played, min_count);
        let other = codes.len() as u32;
        for t in &mut self.teams {
            t.shape = *index.get(&t.shape).unwrap_or(&other);
        }
        self.codes = codes;
    }

    /// The competitions, for the MM core.
    pub fn competitions(&self) -> mm::Competitions<'_, SoftmaxTeam> {
        mm::Competitions {
            teams: &self.teams,
            starts: &self.starts,
            winners: &self.winners,
        }
    }
}

/// Where the gammas lie in the flat vector: each group's levels, then the kept shapes and
/// one for every other shape.
pub struct SoftmaxLayout {
    off: [usize; GROUPS],
    shape_off: usize,
    len: usize,
}

impl SoftmaxLayout {
    /// The layout for `data` (after `index_shapes`).
    pub fn new(data: &SoftmaxData) -> SoftmaxLayout {
        let mut off = [0; GROUPS];
        let mut n = 0;
        for (g, o) in off.iter_mut().enumerate() {
            *o = n;
            n += GROUP_INFO[g].2;
        }
        SoftmaxLayout {
            off,
            shape_off: n,
            len: n + data.codes.len() + 1,
        }
    }

    /// The weights of the flat gammas `gamma`, with `meta` lines.
    pub fn weights(
        &self,
        gamma: &[f64],
        data: &SoftmaxData,
        meta: Vec<(String, String)>,
    ) -> Weights {
        let groups = std::array::from_fn(|g| gamma[mm::Layout::range(self, g)].to_vec());
        let shapes = data
            .codes
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, gamma[self.shape_off + i]))
            .collect();
        Weights::new(groups, shapes, gamma[self.len - 1], meta)
    }

    /// The flat gammas of saved weights (shapes matched by code).
    pub fn restore(&self, gamma: &mut [f64], data: &SoftmaxData, saved: &Weights) {
        for g in 0..GROUPS {
            gamma[mm::Layout::range(self, g)].copy_from_slice(&saved.groups[g]);
        }
        for (i, &c) in data.codes.iter().enumerate() {
            gamma[self.shape_off + i] = saved.shape(c);
        }
        gamma[self.len - 1] = saved.other_shape;
    }
}

impl mm::Layout<SoftmaxTeam> for SoftmaxLayout {
    /// The groups, then the 3x3 shapes (`GROUPS`).
    fn groups(&self) -> usize {
        GROUPS + 1
    }

    fn range(&self, g: usize) -> std::ops::Range<usize> {
        if g < GROUPS {
            self.off[g]..self.off[g] + GROUP_INFO[g].2
        } else {
            self.shape_off..self.len
        }
    }

    #[inline]
    fn feature(&self, t: &SoftmaxTeam, g: usize) -> Option<usize> {
        if g < GROUPS {
            (t.levels[g] != NONE).then(|| self.off[g] + t.levels[g] as usize)
        } else {
            Some(self.shape_off + t.shape as usize)
        }
    }

    #[inline]
    fn mult(&self, t: &SoftmaxTeam) -> u32 {
        t.mult
    }
}

/// The point of a move, if it is a play.
fn point(m: Option<Move>) -> Option<Point> {
    match m {
        Some(Move::Play(p)) => Some(p),
        _ => None,
    }
}

/// The candidates of `c` to move on `board` after `last` and `prev`: (point, levels, shape)
/// of every move the policy may play, into `cands`.
fn candidates(
    board: &mut Board,
    c: Color,
    (last, prev): (Option<Point>, Option<Point>),
    local: &mut Local,
    cands: &mut Vec<(Point, Levels, u32)>,
) {
    local.compute(board, c, last, prev);
    cands.clear();
    for &i in board.empties() {
        let p = Point(i);
        if let Some((levels, shape)) = move_features(board, c, p, local) {
            cands.push((p, levels, shape));
        }
    }
}

/// The default heavy policy as `play_out` drives it, handing each of its moves, with the
/// softmax's candidates there, to `f`.
struct Imitated<'a, F> {
    policy: &'a HeavyPolicy,
    local: &'a mut Local,
    cands: &'a mut Vec<(Point, Levels, u32)>,
    rng: Xoshiro256PlusPlus,
    f: &'a mut F,
}

impl<F: FnMut(&[(Point, Levels, u32)], Move)> Mover for Imitated<'_, F> {
    fn choose(
        &mut self,
        b: &mut Board,
        c: Color,
        _i: usize,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Option<Point> {
        candidates(b, c, (last, prev), self.local, self.cands);
        let (p, _) = self.policy.choose(b, c, last, prev, &mut self.rng)?;
        (self.f)(self.cands, Move::Play(p));
        Some(p)
    }
}

/// Calls `f(the candidates' (point, levels, shape), the move that won)` for every
/// competition of the games in `files` (at most `max_games`), and returns the number of
/// games read. With `imitate_heavy` 0 the competitions are the records' positions, won by
/// the move played; with k > 0, every k-th position of a record starts one playout of the
/// default heavy policy (seeded from `seed` and the position), and the competitions are that
/// playout's positions, won by the heavy policy's moves.
fn for_each_competition(
    files: &[PathBuf],
    max_games: usize,
    (imitate_heavy, seed): (usize, u64),
    mut f: impl FnMut(&[(Point, Levels, u32)], Move),
) -> Result<usize, String> {
    let mut board = Board::new(19);
    let mut local = Local::new();
    let mut cands = Vec::new();
    let mut heavy: Option<(usize, HeavyPolicy)> = None;
    let mut started = 0u64;
    let mut trace = MoveTrace::default();
    for_each_position(files, max_games, |b, c, recent: Recent, played, no| {
        board.clone_from(b);
        let start = (point(recent.last), point(recent.prev));
        if imitate_heavy == 0 {
            candidates(&mut board, c, start, &mut local, &mut cands);
            f(&cands, played);
            return;
        }
        if !no.is_multiple_of(imitate_heavy) {
            return;
        }
        if heavy.as_ref().is_none_or(|h| h.0 != b.size()) {
            let params = Params::default().for_size(b.size());
            heavy = Some((b.size(), HeavyPolicy::new(&params)));
        }
        let policy = &heavy.as_ref().expect("made above").1;
        started += 1;
        let mut mover = Imitated {
            policy,
            local: &mut local,
            cands: &mut cands,
            rng: Xoshiro256PlusPlus::seed_from_u64(
                seed ^ started.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            ),
            f: &mut f,
        };
        let max = 3 * board.size() * board.size();
        trace.clear();
        play_out(
            &mut mover,
            &mut board,
            (c, start.0, start.1),
            0.0,
            max,
            0.0,
            &mut trace,
        );
    })
}

/// Collects the competitions of `files` (progress on stderr; `imitate` as in
/// `SoftmaxTrainConfig`, with its seed).
pub fn collect(
    files: &[PathBuf],
    max_games: usize,
    min_count: u32,
    imitate: (usize, u64),
) -> Result<SoftmaxData, String> {
    let t0 = Instant::now();
    let mut data = SoftmaxData::new();
    let games = for_each_competition(files, max_games, imitate, |cands, played| {
        if data.positions() % 100_000 == 99_999 {
            crate::diag!(
                "{LABEL}: positions {} teams {} ({:.1} s)",
                data.positions() + 1,
                data.teams.len(),
                t0.elapsed().as_secs_f64()
            );
        }
        let won = cands.iter().position(|x| Move::Play(x.0) == played);
        data.add(cands.iter().map(|x| (x.1, x.2)), won);
    })?;
    data.index_shapes(min_count);
    crate::diag!(
        "{LABEL}: data: games {games} positions {} teams {} shapes kept {} ({:.1} s)",
        data.positions(),
        data.teams.len(),
        data.codes.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(data)
}

/// What `moyo playout train` does.
#[derive(Clone, Debug)]
pub struct SoftmaxTrainConfig {
    /// SGF collections to learn from.
    pub files: Vec<PathBuf>,
    /// At most this many games.
    pub max_games: usize,
    /// The weights written at the end.
    pub out: PathBuf,
    /// The checkpoint (the weights after each iteration, with its iteration number).
    pub checkpoint: PathBuf,
    /// MM iterations in all (a resumed run counts those already done).
    pub iterations: usize,
    /// Shapes played fewer times share one gamma.
    pub min_count: u32,
    /// 0: learn the records' moves; k > 0: learn the default heavy policy's moves, along one
    /// playout from every k-th position of each record (distilling it into the softmax).
    pub imitate_heavy: usize,
    /// The seed of those heavy playouts.
    pub seed: u64,
}

/// Trains and writes `cfg.out`; resumes from `cfg.checkpoint` when it was made from the same
/// data settings.
pub fn run(cfg: &SoftmaxTrainConfig) -> Result<(), String> {
    // One trainer at a time on an output and its checkpoint.
    let _lock = crate::sys::lock::Lock::file(&cfg.out)?;
    let names = mm::file_names(&cfg.files);
    let mut settings = format!(
        "{} {} {} {}",
        cfg.max_games,
        cfg.min_count,
        super::LAYOUT,
        super::features::VERSION
    );
    if cfg.imitate_heavy > 0 {
        settings += &format!(" heavy {} {}", cfg.imitate_heavy, cfg.seed);
    }
    let fingerprint = mm::fingerprint(&names, &settings);
    let imitate = (cfg.imitate_heavy, cfg.seed);
    let data = collect(&cfg.files, cfg.max_games, cfg.min_count, imitate)?;
    let layout = SoftmaxLayout::new(&data);
    let mut gamma = vec![1.0; layout.len];
    let mut done = 0;
    if let Some((w, it)) = mm::resume::<Weights>(&cfg.checkpoint, &fingerprint, LABEL) {
        layout.restore(&mut gamma, &data, &w);
        done = it;
    }
    let mut settings = vec![("min_count", cfg.min_count.to_string())];
    if cfg.imitate_heavy > 0 {
        settings.push(("imitate_heavy", cfg.imitate_heavy.to_string()));
        settings.push(("seed", cfg.seed.to_string()));
    }
    let games = (cfg.max_games, data.positions());
    let meta = |it: usize, ll: f64| mm::meta(&names, games, &settings, (it, ll), &fingerprint);
    let files = mm::FitFiles {
        out: &cfg.out,
        checkpoint: &cfg.checkpoint,
    };
    mm::fit(
        &mut gamma,
        &layout,
        data.competitions(),
        (done, cfg.iterations),
        LABEL,
        files,
        |gamma, it, ll, path| layout.weights(gamma, &data, meta(it, ll)).save(path),
    )?;
    Ok(())
}

/// Move prediction of the softmax weights on some games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SoftmaxPrediction {
    /// Games read.
    pub games: usize,
    /// Positions whose move played was a candidate.
    pub positions: usize,
    /// Positions where the heaviest candidate was the move played (a tie of k shares 1/k).
    pub top1: f64,
    /// The same for a uniform draw among the candidates: the sum of 1/candidates.
    pub uniform: f64,
    /// Sum over the positions of ln(probability of the move played).
    pub log_likelihood: f64,
    /// The same for the uniform draw.
    pub uniform_log_likelihood: f64,
}

impl fmt::Display for SoftmaxPrediction {
    /// `top1 P` and `uniform_top1 P` (percent), the mean log-likelihoods, `positions N`,
    /// `games N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.positions.max(1) as f64;
        writeln!(f, "top1 {:.2}", 100.0 * self.top1 / n)?;
        writeln!(f, "uniform_top1 {:.2}", 100.0 * self.uniform / n)?;
        writeln!(f, "log_likelihood {:.4}", self.log_likelihood / n)?;
        writeln!(
            f,
            "uniform_log_likelihood {:.4}",
            self.uniform_log_likelihood / n
        )?;
        writeln!(f, "positions {}", self.positions)?;
        writeln!(f, "games {}", self.games)
    }
}

/// Measures `weights` on the games of `files` (at most `max_games`), or on the heavy
/// policy's moves from their positions (`imitate` as in `SoftmaxTrainConfig`).
pub fn predict(
    files: &[PathBuf],
    max_games: usize,
    imitate: (usize, u64),
    weights: &Weights,
) -> Result<SoftmaxPrediction, String> {
    let mut r = SoftmaxPrediction::default();
    r.games = for_each_competition(files, max_games, imitate, |cands, played| {
        let Some(won) = cands.iter().position(|x| Move::Play(x.0) == played) else {
            return;
        };
        let w: Vec<f64> = cands.iter().map(|x| weights.weight(&x.1, x.2)).collect();
        let best = w.iter().copied().fold(0.0, f64::max);
        let ties = w.iter().filter(|&&x| x == best).count();
        let n = cands.len() as f64;
        r.positions += 1;
        if w[won] == best {
            r.top1 += 1.0 / ties as f64;
        }
        r.uniform += 1.0 / n;
        r.log_likelihood += (w[won] / w.iter().sum::<f64>()).ln();
        r.uniform_log_likelihood -= n.ln();
    })?;
    Ok(r)
}

/// The default checkpoint beside an output file: `<out>.ckpt`.
pub use crate::patterns::train::default_checkpoint;
