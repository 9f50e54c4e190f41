//! `moyo book build | stats | count`: the command-line side of the opening book.

/// `println!` that ignores a closed stdout (`moyo book stats | head`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

use clap::{Args, Subcommand};
use moyo::board::{Color, Game, Scoring};
use moyo::book::{
    self, Book, BookRules, BuildInfo, Builder, Evaluator, PlayerMode, RunLimits, SearchEvaluator,
    Shape, Step,
};
use moyo::params::Params;
use moyo::sgf::GameRecord;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Builds a book by drop-out expansion, or resumes the build saved in --out. Each new
    /// position is evaluated by a moyo search of --playouts playouts (default 3000) seeded by
    /// --seed (default 1). Settings given on a resumed build replace the stored ones.
    Build(BuildArgs),
    /// Statistics of a book: nodes, leaves, depth table, drop-out diagram (text and SVG).
    Stats(StatsArgs),
    /// Counts the book moves a player made in SGF games (positions where the book, and so
    /// moyo's genmove, had a move).
    Count(CountArgs),
    /// Shows the book's entry for the position after some moves: values, priorities, and
    /// each book move with its value.
    Show(ShowArgs),
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Book file [default: the embedded book of --size].
    file: Option<PathBuf>,
    /// Embedded book to show when no file is given: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Moves from the empty board, alternating from Black, e.g. "E5 C4".
    #[arg(long, default_value = "")]
    moves: String,
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
    /// Stop after this many seconds of this run.
    #[arg(long)]
    seconds: Option<f64>,
    /// Evaluations run in parallel (one search thread each).
    #[arg(long, default_value_t = 1)]
    workers: usize,
    /// Seconds between checkpoints (the journal keeps every evaluation in between).
    #[arg(long = "checkpoint-secs", default_value_t = 120.0)]
    checkpoint_secs: f64,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Book file [default: the embedded book of --size].
    file: Option<PathBuf>,
    /// Embedded book to show when no file is given: 9, 13 or 19.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Where to write the drop-out diagram.
    #[arg(long, value_name = "FILE", default_value = "dropout.svg")]
    svg: PathBuf,
    /// Do not write the SVG.
    #[arg(long)]
    no_svg: bool,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    /// Book file [default: the embedded book for each game's size and komi].
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// The player whose book moves are counted: a case-insensitive part of PB/PW.
    #[arg(long, default_value = "moyo")]
    name: String,
    /// SGF files.
    #[arg(required = true)]
    sgf: Vec<PathBuf>,
}

/// Runs a book subcommand; the error is printed by the caller.
pub fn run(
    cmd: BookCommand,
    params: &Params,
    playouts: Option<u64>,
    seed: Option<u64>,
    quiet: bool,
) -> Result<(), String> {
    match cmd {
        BookCommand::Build(a) => build(a, params, playouts, seed, quiet),
        BookCommand::Stats(a) => stats(a),
        BookCommand::Count(a) => count(a),
        BookCommand::Show(a) => show(a),
    }
}

fn parse_rules(s: &str) -> Result<Scoring, String> {
    match s.to_ascii_lowercase().as_str() {
        "area" | "chinese" => Ok(Scoring::Area),
        "territory" | "japanese" => Ok(Scoring::Territory),
        _ => Err(format!("--rules {s}: expected area or territory")),
    }
}

fn build(
    a: BuildArgs,
    params: &Params,
    playouts: Option<u64>,
    seed: Option<u64>,
    quiet: bool,
) -> Result<(), String> {
    let player = check_build_args(&a)?;
    let mut builder = if a.out.exists() {
        resume_build(&a, player, playouts, seed, quiet)?
    } else {
        new_build(&a, params, player, playouts, seed)?
    };
    builder.checkpoint_every = Duration::from_secs_f64(a.checkpoint_secs.max(1.0));
    let mut evals: Vec<Box<dyn Evaluator>> = (0..a.workers)
        .map(|_| Box::new(search_evaluator(params, &builder.info)) as Box<dyn Evaluator>)
        .collect();
    let limits = RunLimits {
        expansions: a.expansions,
        nodes: a.nodes,
        seconds: a.seconds,
    };
    let start = Instant::now();
    let evals_at_start = builder.info.evaluations;
    let mut last_report = Instant::now();
    let last = builder.run(&mut evals, limits, |b, _| {
        if !quiet && last_report.elapsed() >= Duration::from_secs(30) {
            last_report = Instant::now();
            let rate = (b.info.evaluations - evals_at_start) as f64 * 3600.0
                / start.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "book: expansions {} positions {} evaluations {} ({:.0}/h) root {:.4}",
                b.info.expansions,
                b.book.len(),
                b.info.evaluations,
                rate,
                (b.book.root_value() + 1.0) / 2.0
            );
        }
    })?;
    report_build(&a, &builder, last, evals_at_start, start);
    Ok(())
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
    if a.workers == 0 {
        return Err("--workers must be at least 1".into());
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
    let mut b = Builder::resume(&a.out)?;
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
        eprintln!(
            "book: resuming {} ({} positions, {} expansions)",
            a.out.display(),
            b.book.len(),
            b.info.expansions
        );
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
    let mut ev = search_evaluator(params, &info);
    Builder::create(rules, shape, info, Some(&a.out), &mut ev)
}

/// The evaluator of new positions: a moyo search with the build's playouts, seed and move
/// order.
fn search_evaluator(params: &Params, info: &BuildInfo) -> SearchEvaluator {
    let mut ev = SearchEvaluator::new(params.clone(), info.playouts, info.seed);
    ev.local = info.local;
    ev
}

/// The last line of a build run: the book's size, this run's evaluations and rate, and why
/// it stopped.
fn report_build(a: &BuildArgs, builder: &Builder, last: Step, evals_at_start: u64, start: Instant) {
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
        match last {
            Step::Complete => "complete",
            Step::Interrupted => "interrupted",
            Step::Expanded { .. } => "limit reached",
        }
    );
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
}

fn load_for_stats(a: &StatsArgs) -> Result<(Book, BuildInfo, String), String> {
    load_book(&a.file, a.size)
}

fn load_book(file: &Option<PathBuf>, size: usize) -> Result<(Book, BuildInfo, String), String> {
    match file {
        Some(f) => {
            let (b, i) = book::load(f)?;
            Ok((b, i, f.display().to_string()))
        }
        None => {
            for (name, bytes) in book::EMBEDDED_FILES {
                let label = format!("{name} (embedded)");
                let (b, i) = book::from_bytes(bytes, &label)?;
                if b.rules.size == size {
                    return Ok((b, i, label));
                }
            }
            Err(format!("no embedded book for {size}x{size}"))
        }
    }
}

fn stats(a: StatsArgs) -> Result<(), String> {
    use std::io::Write;
    let (b, info, name) = load_for_stats(&a)?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "book {name}");
    let _ = write!(out, "{}", book::report(&b, &info));
    if !a.no_svg {
        let title = format!(
            "Drop-out diagram: {} ({}, {} positions, omega {})",
            name,
            b.rules,
            b.len(),
            b.shape.omega
        );
        std::fs::write(&a.svg, book::svg(&b, &title))
            .map_err(|e| format!("{}: {e}", a.svg.display()))?;
        let _ = writeln!(out, "svg {}", a.svg.display());
    }
    Ok(())
}

fn count(a: CountArgs) -> Result<(), String> {
    let file_book = match &a.book {
        Some(f) => Some(book::load(f)?.0),
        None => None,
    };
    let (lib, errors) = book::embedded();
    for e in errors {
        eprintln!("moyo: {e}");
    }
    let name = a.name.to_ascii_lowercase();
    let (mut games, mut total, mut played_best) = (0usize, 0usize, 0usize);
    let mut histogram: Vec<usize> = Vec::new();
    for path in &a.sgf {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let rec = GameRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let is = |p: &Option<String>| {
            p.as_ref()
                .is_some_and(|s| s.to_ascii_lowercase().contains(&name))
        };
        let colour = match (is(&rec.player_black), is(&rec.player_white)) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => {
                eprintln!(
                    "{}: cannot tell which colour {} played; skipped",
                    path.display(),
                    a.name
                );
                continue;
            }
        };
        let mut game = Game::new(rec.size, rec.komi);
        game.set_scoring(Scoring::Area);
        let bk = match &file_book {
            Some(b) => b.rules.matches(&game).then_some(b),
            None => lib.for_game(&game),
        };
        let (hits, best) = count_game(&rec, &mut game, colour, bk, path)?;
        games += 1;
        total += hits;
        played_best += best;
        if histogram.len() <= hits {
            histogram.resize(hits + 1, 0);
        }
        histogram[hits] += 1;
        out!("game {} {} book_moves {}", path.display(), colour, hits);
    }
    out!("games {games}");
    out!("book_moves {total}");
    out!("book_moves_best {played_best}");
    out!(
        "book_moves_per_game {:.2}",
        if games > 0 {
            total as f64 / games as f64
        } else {
            0.0
        }
    );
    let h: Vec<String> = histogram.iter().map(|n| n.to_string()).collect();
    out!("histogram {}", h.join(" "));
    Ok(())
}

/// Book moves of `colour` in one game: positions where the book had a move for it; and
/// how many of those moves were the book's best move.
fn count_game(
    rec: &GameRecord,
    game: &mut Game,
    colour: Color,
    bk: Option<&Book>,
    path: &Path,
) -> Result<(usize, usize), String> {
    let (mut hits, mut best) = (0, 0);
    for m in &rec.moves {
        let Some((c, mv)) = m.board_move(game.board()) else {
            continue;
        };
        if c == colour
            && let Some(b) = bk
        {
            let moves = b.moves(game, c);
            if !moves.is_empty() {
                hits += 1;
                if moves[0].mv == mv {
                    best += 1;
                }
            }
        }
        game.play(c, mv)
            .map_err(|e| format!("{}: illegal move in the record: {e}", path.display()))?;
    }
    Ok((hits, best))
}

fn show(a: ShowArgs) -> Result<(), String> {
    use std::io::Write;
    let (b, _, name) = load_book(&a.file, a.size)?;
    let mut game = Game::new(b.rules.size, b.rules.komi);
    game.set_scoring(b.rules.scoring);
    for v in a.moves.split_whitespace() {
        let m = game
            .board()
            .parse_move(v)
            .map_err(|_| format!("bad move {v}"))?;
        let c = game.to_play();
        game.play(c, m).map_err(|e| format!("{v}: {e}"))?;
    }
    let c = game.to_play();
    let mut out = std::io::stdout().lock();
    let (key, sym) = book::canonical(game.board(), c);
    let _ = writeln!(out, "book {name}");
    let Some(i) = b.find(key) else {
        let _ = writeln!(out, "position not in the book");
        return Ok(());
    };
    let n = &b.nodes[i as usize];
    let _ = writeln!(
        out,
        "position {i} {c} to move depth {} h {:.4} p {:.4} (win rate {:.4}) epb {:.2} epo {:.2} epn {:.2} visits {} {}",
        n.depth,
        n.h,
        n.p,
        (n.p + 1.0) / 2.0,
        n.epb,
        n.epo,
        n.epn,
        n.visits,
        if n.is_interior() { "interior" } else { "leaf" },
    );
    let mut rows: Vec<_> = n
        .edges
        .iter()
        .map(|e| {
            (
                book::from_book(game.board(), sym, e.mv),
                &b.nodes[e.child as usize],
            )
        })
        .collect();
    rows.sort_by(|x, y| x.1.p.total_cmp(&y.1.p));
    for (m, ch) in rows {
        let _ = writeln!(
            out,
            "{} value {:.4} (win rate {:.4}) h {:.4} epb {:.2} epo {:.2} {}",
            game.board().move_string(m),
            -ch.p,
            (1.0 - ch.p) / 2.0,
            -ch.h,
            ch.epb,
            ch.epo,
            if ch.is_interior() { "interior" } else { "leaf" },
        );
    }
    Ok(())
}
