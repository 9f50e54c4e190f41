//! `moyo book build`: creating or resuming a book.

use super::games::records;
use super::sgf_files;
use clap::Args;
use moyo::board::Scoring;
use moyo::book::{
    self, BookRules, BuildInfo, BuildStep, Builder, Evaluator, Evaluators, Lines, OrderWeights,
    Played, PlayerMode, RunLimits, SearchEvaluator, Shape,
};
use moyo::cluster::Hub;
use moyo::cluster::book::ClusterEvaluators;
use moyo::params::Params;
use parking_lot::Mutex;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a build or a check runs: for how long, how many searches at once, how often it saves.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Stop after this many seconds of this run.
    #[arg(long)]
    seconds: Option<f64>,
    /// Searches run in parallel (one thread each), on each rank under mpirun.
    #[arg(long, default_value_t = 1)]
    pub(super) workers: usize,
    /// Seconds between checkpoints (the journal keeps every search's result in between).
    #[arg(long = "checkpoint-secs", default_value_t = 120.0)]
    checkpoint_secs: f64,
    /// Resume from a journal damaged before its end: keep its records before the damage
    /// and drop the rest (without it, such a journal stops the resume).
    #[arg(long)]
    salvage: bool,
}

impl RunArgs {
    /// Refuses a run with no worker.
    fn check(&self) -> Result<(), String> {
        if self.workers == 0 {
            return Err("--workers must be at least 1".into());
        }
        Ok(())
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The book file of a build (resumed with FILE.journal; checks are journalled too).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Book moves leading to positions down to this depth (moves from the start) are checked.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// A check that disagrees with the book's value by more than this win rate replaces it
    /// [default: the book's, 0.05 in a new book].
    #[arg(long)]
    margin: Option<f32>,
    #[command(flatten)]
    pub(super) run: RunArgs,
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The book file: created, or resumed when it exists (with FILE.journal).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Board size of a new book [default: 9].
    #[arg(long)]
    size: Option<usize>,
    /// Komi of a new book [default: 7].
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<f32>,
    /// Scoring of a new book: area or territory [default: area].
    #[arg(long)]
    rules: Option<String>,
    /// Lincke's omega: depth units per unit of value gap, values in [-1, 1] (a gap of 0.02 in
    /// win rate is 0.04); 0 = full breadth, inf = best-first [default: 20].
    #[arg(long)]
    omega: Option<f32>,
    /// Children per expansion and per widening, best first by the position's own search
    /// (0 = all legal moves) [default: 12].
    #[arg(long)]
    width: Option<u32>,
    /// Progressive widening: an interior node gets --width more children every this many
    /// visits (0 = never) [default: 8].
    #[arg(long = "widen-every")]
    widen_every: Option<u32>,
    /// Book player: alternate (Black in even expansions, White in odd), black, white, or
    /// none (both sides may play sub-optimal moves) [default: alternate].
    #[arg(long)]
    player: Option<String>,
    /// Move order of new children: every other place goes to the best move within this
    /// Manhattan distance of the last move (0 = the search's order alone) [default: 0].
    #[arg(long)]
    local: Option<u32>,
    /// Weights of the three predictors of the opponent's move that order a node's new
    /// children, PLAYED,VISITS,PATTERN: the move's share of the moves played in the position
    /// in the --games records (and on 19x19 in professional games), of the evaluation's
    /// visits, and its learned-pattern probability; 0,0,0 orders by the evaluation's ranking
    /// alone [default: 1,1,1].
    #[arg(long, value_name = "W,W,W")]
    order: Option<String>,
    /// A folder of SGF records (searched recursively; repeatable) whose opening moves the
    /// order counts as played [default: the folders stored in the book].
    #[arg(long, value_name = "DIR")]
    games: Vec<PathBuf>,
    /// Share of this run's expansions (0 to 1) that follow the --games records instead of
    /// drop-out: each goes where most of their openings leave the book (at least two of
    /// them), expanding the leaf they reach or adding the move they played [default: 0].
    #[arg(long, default_value_t = 0.0)]
    follow: f64,
    /// Fractional depth (Lincke 3.4): true or false [default: false].
    #[arg(long)]
    fractional: Option<bool>,
    /// With fractional depth: a best-to-second-best gap giving the smallest increment
    /// [default: 0.2].
    #[arg(long = "frac-gap")]
    frac_gap: Option<f32>,
    /// Stop when the book has this many expansions in total.
    #[arg(long)]
    expansions: Option<u64>,
    /// Stop when the book has this many positions.
    #[arg(long)]
    nodes: Option<usize>,
    #[command(flatten)]
    pub(super) run: RunArgs,
}

fn parse_rules(s: &str) -> Result<Scoring, String> {
    match s.to_ascii_lowercase().as_str() {
        "area" | "chinese" => Ok(Scoring::Area),
        "territory" | "japanese" => Ok(Scoring::Territory),
        _ => Err(format!("--rules {s}: expected area or territory")),
    }
}

pub(super) fn build(
    a: BuildArgs,
    params: &Params,
    playouts: Option<u64>,
    seed: Option<u64>,
    quiet: bool,
    hub: Option<Arc<Mutex<Hub>>>,
) -> Result<(), String> {
    let player = check_build_args(&a)?;
    // Two builds on one book would lose each other's work.
    let _lock = moyo::sys::lock::Lock::file(&a.out)?;
    let mut builder = if a.out.exists() {
        resume_build(&a, player, playouts, seed, quiet)?
    } else {
        new_build(&a, params, player, playouts, seed)?
    };
    builder.checkpoint_every = Duration::from_secs_f64(a.run.checkpoint_secs.max(1.0));
    let played = played_table(&builder.info, builder.book.rules.size)?;
    let evals: Vec<SearchEvaluator> = (0..a.run.workers)
        .map(|_| search_evaluator(params, &builder.info, &played))
        .collect();
    let mut evals = spread(evals, hub, a.run.workers, quiet);
    let limits = RunLimits {
        expansions: a.expansions,
        nodes: a.nodes,
        seconds: a.run.seconds,
    };
    let lines = if a.follow > 0.0 {
        follow_lines(&builder.info, builder.book.rules.size, quiet)?
    } else {
        Lines::default()
    };
    let start = Instant::now();
    let evals_at_start = builder.info.evaluations;
    let mut last_report = Instant::now();
    let progress = |b: &Builder, _| {
        if !quiet && last_report.elapsed() >= Duration::from_secs(30) {
            last_report = Instant::now();
            let rate = (b.info.evaluations - evals_at_start) as f64 * 3600.0
                / start.elapsed().as_secs_f64().max(1e-9);
            moyo::diag!(
                "book: expansions {} positions {} evaluations {} ({:.0}/h) root {:.4}",
                b.info.expansions,
                b.book.len(),
                b.info.evaluations,
                rate,
                (b.book.root_value() + 1.0) / 2.0
            );
        }
    };
    let last = builder.run_following(&lines, a.follow, evals.evaluators(), limits, progress);
    report_by_rank(&evals, quiet);
    report_build(&a, &builder, last?, evals_at_start, start);
    Ok(())
}

/// A build's or a check's evaluators: `evals` on this machine, or under `hub` with as many
/// evaluations at a time on each other rank.
fn spread(
    evals: Vec<SearchEvaluator>,
    hub: Option<Arc<Mutex<Hub>>>,
    workers: usize,
    quiet: bool,
) -> Spread {
    match hub {
        Some(hub) => {
            if !quiet {
                let ranks = hub.lock().size();
                moyo::diag!("book: evaluations on {ranks} ranks of {workers} workers each");
            }
            Spread::Cluster(Box::new(ClusterEvaluators::new(hub, evals, workers)))
        }
        None => Spread::Alone(
            evals
                .into_iter()
                .map(|e| Box::new(e) as Box<dyn Evaluator>)
                .collect(),
        ),
    }
}

/// The evaluators of a run.
enum Spread {
    Alone(Vec<Box<dyn Evaluator>>),
    Cluster(Box<ClusterEvaluators>),
}

impl Spread {
    fn evaluators(&mut self) -> &mut dyn Evaluators {
        match self {
            Spread::Alone(v) => v,
            Spread::Cluster(c) => c.as_mut(),
        }
    }
}

/// Under mpirun, the evaluations each rank gave in this sitting, on stderr.
fn report_by_rank(evals: &Spread, quiet: bool) {
    if let (Spread::Cluster(c), false) = (evals, quiet) {
        let counts: Vec<String> = c
            .evaluations_by_rank()
            .iter()
            .enumerate()
            .map(|(r, n)| format!("rank {r} {n}"))
            .collect();
        moyo::diag!("book: evaluations this sitting: {}", counts.join(", "));
    }
}

/// The book player given with `--player`, once the settings that need no book are checked.
fn check_build_args(a: &BuildArgs) -> Result<Option<PlayerMode>, String> {
    let player = match &a.player {
        Some(p) => Some(PlayerMode::parse(p).ok_or(format!(
            "--player {p}: expected alternate, black, white or none"
        ))?),
        None => None,
    };
    if let Some(o) = a.omega
        && (o.is_nan() || o < 0.0)
    {
        return Err("--omega must be 0 or more (inf for best-first)".into());
    }
    a.run.check()?;
    if !(0.0..=1.0).contains(&a.follow) {
        return Err("--follow must be a share from 0 to 1".into());
    }
    if let Some(o) = &a.order
        && OrderWeights::parse(o).is_none()
    {
        return Err(format!(
            "--order {o}: expected three weights of 0 or more, PLAYED,VISITS,PATTERN"
        ));
    }
    Ok(player)
}

/// The build saved in `--out`, with the settings given now replacing the stored ones; an
/// error if the size, komi or rules given are not the book's.
fn resume_build(
    a: &BuildArgs,
    player: Option<PlayerMode>,
    playouts: Option<u64>,
    seed: Option<u64>,
    quiet: bool,
) -> Result<Builder, String> {
    let mut b = Builder::resume_with(&a.out, a.run.salvage)?;
    let r = b.book.rules;
    if a.size.is_some_and(|s| s != r.size)
        || a.komi.is_some_and(|k| k != r.komi)
        || a.rules
            .as_deref()
            .map(parse_rules)
            .transpose()?
            .is_some_and(|s| s != r.scoring)
    {
        return Err(format!(
            "book {}: built for {r}, not for the size, komi or rules given",
            a.out.display()
        ));
    }
    if !quiet {
        moyo::diag!(
            "book: resuming {} ({} positions, {} expansions)",
            a.out.display(),
            b.book.len(),
            b.info.expansions
        );
        let stale = b.stale(book::EVAL_VERSION).len();
        if stale > 0 {
            moyo::diag!(
                "book: {stale} positions were valued by an older search: they are evaluated again first"
            );
        }
    }
    apply_settings(&mut b.book.shape, &mut b.info, a, player, playouts, seed);
    b.book.refresh();
    Ok(b)
}

/// A new build for `--out`: the start position evaluated, the file written.
fn new_build(
    a: &BuildArgs,
    params: &Params,
    player: Option<PlayerMode>,
    playouts: Option<u64>,
    seed: Option<u64>,
) -> Result<Builder, String> {
    let size = a.size.unwrap_or(9);
    if !(2..=moyo::board::MAX_SIZE).contains(&size) {
        return Err("--size must be 2 to 25".into());
    }
    let rules = BookRules {
        size,
        komi: a.komi.unwrap_or(7.0),
        scoring: parse_rules(a.rules.as_deref().unwrap_or("area"))?,
    };
    let mut shape = Shape::default();
    let mut info = BuildInfo::default();
    apply_settings(&mut shape, &mut info, a, player, playouts, seed);
    let played = played_table(&info, size)?;
    let mut ev = search_evaluator(params, &info, &played);
    Builder::create(rules, shape, info, Some(&a.out), &mut ev)
}

/// The moves played in opening positions that the build's order counts: the records of
/// its game folders and, on 19x19, the professional table (`None` when the order does not
/// count them).
fn played_table(info: &BuildInfo, size: usize) -> Result<Option<Arc<Played>>, String> {
    if info.order.played <= 0.0 {
        return Ok(None);
    }
    let dirs: Vec<PathBuf> = info.games.lines().map(PathBuf::from).collect();
    let files = sgf_files(&dirs)?;
    let played = Played::from_files(&files, size)?;
    moyo::diag!(
        "book: {} games of records, {} opening positions with the moves played in them",
        played.games,
        played.positions()
    );
    Ok(Some(Arc::new(played)))
}

/// The openings of the build's records, which `--follow` expansions go after.
fn follow_lines(info: &BuildInfo, size: usize, quiet: bool) -> Result<Lines, String> {
    let dirs: Vec<PathBuf> = info.games.lines().map(PathBuf::from).collect();
    if dirs.is_empty() {
        return Err("--follow needs game records: give --games DIR".into());
    }
    let recs = records(&dirs)?;
    let lines = Lines::from_records(recs.iter().map(|r| &r.1), size);
    if !quiet {
        moyo::diag!("book: following the openings of {} games", lines.len());
    }
    Ok(lines)
}

/// The evaluator of new positions: a moyo search with the build's playouts, seed and move
/// order.
fn search_evaluator(
    params: &Params,
    info: &BuildInfo,
    played: &Option<Arc<Played>>,
) -> SearchEvaluator {
    let mut ev = SearchEvaluator::new(params.clone(), info.playouts, info.seed);
    ev.local = info.local;
    ev.order = info.order;
    ev.played = played.clone();
    ev
}

/// The last line of a build run: the book's size, this run's evaluations and rate, and why
/// it stopped.
fn report_build(
    a: &BuildArgs,
    builder: &Builder,
    last: BuildStep,
    evals_at_start: u64,
    start: Instant,
) {
    let secs = start.elapsed().as_secs_f64();
    let done = builder.info.evaluations - evals_at_start;
    out!(
        "book {} positions {} expansions {} evaluations {} (this run {} in {:.0} s, {:.0}/h) {}",
        a.out.display(),
        builder.book.len(),
        builder.info.expansions,
        builder.info.evaluations,
        done,
        secs,
        done as f64 * 3600.0 / secs.max(1e-9),
        why(last)
    );
}

/// Why a run stopped, from its last step.
fn why(last: BuildStep) -> &'static str {
    match last {
        BuildStep::Complete => "complete",
        BuildStep::Interrupted => "interrupted",
        BuildStep::Expanded { .. } | BuildStep::Revalued { .. } | BuildStep::Checked { .. } => {
            "limit reached"
        }
    }
}

fn apply_settings(
    shape: &mut Shape,
    info: &mut BuildInfo,
    a: &BuildArgs,
    player: Option<PlayerMode>,
    playouts: Option<u64>,
    seed: Option<u64>,
) {
    if let Some(o) = a.omega {
        shape.omega = o;
    }
    if let Some(f) = a.fractional {
        shape.fractional = f;
    }
    if let Some(g) = a.frac_gap {
        shape.frac_gap = g;
    }
    if let Some(w) = a.width {
        info.width = w;
    }
    if let Some(w) = a.widen_every {
        info.widen_every = w;
    }
    if let Some(l) = a.local {
        info.local = l;
    }
    if let Some(p) = player {
        info.player = p;
    }
    if let Some(p) = playouts {
        info.playouts = p;
    }
    if let Some(s) = seed {
        info.seed = s;
    }
    if let Some(o) = a.order.as_deref().and_then(OrderWeights::parse) {
        info.order = o;
    }
    if !a.games.is_empty() {
        let dirs: Vec<String> = a.games.iter().map(|d| d.display().to_string()).collect();
        info.games = dirs.join("\n");
    }
}

/// Most disputed lines `check` lists.
const DISPUTES_SHOWN: usize = 20;

/// `moyo book check`: re-checks the book moves of the build in `--out` by searches of
/// `playouts` (default ten times the build's), seeded like the build's.
pub(super) fn check(
    a: CheckArgs,
    params: &Params,
    playouts: Option<u64>,
    quiet: bool,
    hub: Option<Arc<Mutex<Hub>>>,
) -> Result<(), String> {
    a.run.check()?;
    let _lock = moyo::sys::lock::Lock::file(&a.out)?;
    if let Some(m) = a.margin
        && !(0.0..=1.0).contains(&m)
    {
        return Err("--margin must be a win rate in [0, 1]".into());
    }
    let mut b = Builder::resume_with(&a.out, a.run.salvage)?;
    if let Some(m) = a.margin {
        b.book.shape.check_margin = m;
        b.book.refresh();
    }
    b.checkpoint_every = Duration::from_secs_f64(a.run.checkpoint_secs.max(1.0));
    let playouts = playouts.unwrap_or(10 * b.info.playouts);
    let evals: Vec<SearchEvaluator> = (0..a.run.workers)
        .map(|_| SearchEvaluator::new(params.clone(), playouts, b.info.seed))
        .collect();
    let mut evals = spread(evals, hub, a.run.workers, quiet);
    let start = Instant::now();
    let at_start = b.info.evaluations;
    let limits = RunLimits {
        seconds: a.run.seconds,
        ..RunLimits::default()
    };
    let mut last_report = Instant::now();
    let last = b.run_checks(evals.evaluators(), a.depth, limits, |b, _| {
        if !quiet && last_report.elapsed() >= Duration::from_secs(30) {
            last_report = Instant::now();
            moyo::diag!(
                "book: checks {} disputed {}",
                b.info.evaluations - at_start,
                b.disputed().len()
            );
        }
    });
    report_by_rank(&evals, quiet);
    let last = last?;
    let disputed = b.disputed();
    let checks = b.book.nodes.iter().filter(|n| n.check.is_some()).count();
    let secs = start.elapsed().as_secs_f64();
    out!(
        "book {} checks {checks} disputed {} margin {} (this run {} searches of {playouts} playouts in {secs:.0} s) {}",
        a.out.display(),
        disputed.len(),
        b.book.shape.check_margin,
        b.info.evaluations - at_start,
        why(last)
    );
    let mut shown: Vec<u32> = disputed;
    shown.sort_by_key(|&i| b.book.nodes[i as usize].depth);
    for &i in shown.iter().take(DISPUTES_SHOWN) {
        let n = &b.book.nodes[i as usize];
        let (game, _) = b.book.line(i)?;
        let line: Vec<String> = game
            .moves()
            .iter()
            .map(|&(_, m)| game.board().move_string(m))
            .collect();
        out!(
            "disputed {} ({} to move): book {:.3} check {:.3}",
            line.join(" "),
            n.to_move,
            (n.negamax + 1.0) / 2.0,
            (n.p + 1.0) / 2.0
        );
    }
    Ok(())
}
