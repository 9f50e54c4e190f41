//! The `moyo` command line: GTP on stdin/stdout by default, `moyo bench` for the speed
//! reference, `moyo book build|stats|count` for the opening book, `moyo patterns
//! train|predict|fuseki` for the learned move patterns and the opening table, `moyo playout
//! train|predict` for the learned playout policy, `moyo tune` for evolving the parameters in
//! games, `moyo review` for the analysis of a game record.

mod book_cmd;
mod playout_cmd;
mod tune_cmd;

use clap::{Parser, Subcommand};
use moyo::cluster::{Follower, FollowerEnd, Hub, Role, follower_searcher, leader_peers};
use moyo::engine::{Engine, EngineConfig};
use moyo::params::Params;
use moyo::search::default_memory;
use parking_lot::Mutex;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser, Debug)]
#[command(
    name = "moyo",
    version,
    about = "A classic Monte-Carlo Go engine speaking GTP v2"
)]
struct Cli {
    /// Playouts per move.
    #[arg(long, global = true, value_name = "N")]
    playouts: Option<u64>,
    /// Seconds per move (a float).
    #[arg(long = "time-per-move", global = true, value_name = "S")]
    time_per_move: Option<f64>,
    /// Search threads (default: the number of cores).
    #[arg(long, global = true, value_name = "T")]
    threads: Option<usize>,
    /// Random seed (default: from the time; fixed when given).
    #[arg(long, global = true, value_name = "X")]
    seed: Option<u64>,
    /// Loads parameters from a params file: `name = value` lines, `#` comments (as
    /// `moyo tune` writes its champion). Any `--set` wins over it.
    #[arg(long = "params", global = true, value_name = "FILE")]
    params_file: Option<PathBuf>,
    /// Sets a parameter, `name=value` (repeatable).
    #[arg(long = "set", global = true, value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Less on stderr.
    #[arg(long, global = true)]
    quiet: bool,
    /// Think on the opponent's time, until the next command arrives (off by default, for
    /// fair matches).
    #[arg(long, global = true)]
    ponder: bool,
    /// Memory for the search tree, e.g. `512M`, `4G` (K, M, G or T; a bare number is MiB;
    /// default: a quarter of the memory this process may use, its container's limit or the
    /// machine's, at most 4G). When full, the tree stops growing.
    #[arg(long = "max-memory", global = true, value_name = "SIZE")]
    max_memory: Option<String>,
    /// Play without the opening book.
    #[arg(long = "no-book")]
    no_book: bool,
    /// An opening book file to use (repeatable); it replaces the embedded book of the same
    /// size, komi and rules.
    #[arg(long = "book", value_name = "FILE")]
    book: Vec<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<MoyoCommand>,
}

#[derive(Subcommand, Debug)]
enum MoyoCommand {
    /// The speed reference: fixed positions and seeds, `name value` lines. Parameters given
    /// with `--set` apply (so `--set nakade_rate=0 bench` prices a policy step on small boards,
    /// and its twin `--set nakade_rate_large=0` from 13x13).
    Bench {
        /// Seconds per figure.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Also print what each step of the heavy policy costs: heavy playouts per second
        /// with that step switched off or an optional one on (`cost_<variant>_<size>` lines).
        #[arg(long)]
        costs: bool,
    },
    /// The opening book: build one, show its statistics, count book moves in games.
    Book {
        #[command(subcommand)]
        command: book_cmd::BookCommand,
    },
    /// Learned move patterns: fit the gammas from game records, measure move prediction.
    Patterns {
        #[command(subcommand)]
        command: PatternsCommand,
    },
    /// The learned softmax playout policy: fit its weights from game records, measure them.
    Playout {
        #[command(subcommand)]
        command: playout_cmd::PlayoutCommand,
    },
    /// Evolves parameters in games (co-evolution, or SPSA), resumable: `moyo tune --out DIR
    /// --param NAME ...`; the same command again resumes; `moyo tune report DIR`.
    #[command(args_conflicts_with_subcommands = true)]
    Tune {
        #[command(subcommand)]
        command: Option<tune_cmd::TuneCommand>,
        #[command(flatten)]
        args: tune_cmd::TuneArgs,
    },
    /// Reviews a game record: searches every position (`--playouts`, default 2000, one
    /// thread a position on `--threads` threads), writes the record with a comment on each
    /// move and the better line beside each mistake, optionally a chart, and prints the
    /// biggest mistakes. Resumable: a rerun reuses the positions in the cache.
    Review(ReviewArgs),
}

/// `moyo review`'s own options (`--playouts`, `--threads`, `--seed` and the parameters are
/// the global ones).
#[derive(clap::Args, Debug)]
struct ReviewArgs {
    /// The game record (SGF).
    file: PathBuf,
    /// The annotated record (default: `GAME-review.sgf` beside `GAME.sgf`).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also draws the win rate and score lead per move to this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The folder of finished positions (default: the output's name with `.cache`).
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// The win rate a move must lose to be a mistake (0..1).
    #[arg(long, default_value_t = moyo::review::DEFAULT_MARGIN)]
    margin: f32,
    /// Mistakes listed on stdout, biggest first.
    #[arg(long, default_value_t = 10)]
    top: usize,
}

/// The embedded books plus those given with `--book`, unless `--no-book`. A book that
/// cannot be read is reported and left out.
fn books(cli: &Cli) -> moyo::book::Library {
    if cli.no_book {
        return moyo::book::Library::default();
    }
    let (mut lib, errors) = moyo::book::embedded();
    for e in errors {
        moyo::diag!("moyo: {e}; playing without it");
    }
    for f in &cli.book {
        match moyo::book::load(f) {
            Ok((b, _)) => lib.add(b),
            Err(e) => moyo::diag!("moyo: {e}; playing without it"),
        }
    }
    lib
}

#[derive(Subcommand, Debug)]
enum PatternsCommand {
    /// Fits the gammas by Minorization-Maximization on SGF collections (progress on stderr;
    /// the table is checkpointed after every iteration and a rerun resumes from it).
    Train {
        /// SGF files (collections, one game per line allowed).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// At most this many games, in file order.
        #[arg(long, default_value_t = usize::MAX)]
        max_games: usize,
        /// The table written at the end.
        #[arg(long, default_value = "patterns/mm-gammas.txt")]
        out: PathBuf,
        /// The checkpoint (default: the output with `.ckpt` appended).
        #[arg(long)]
        checkpoint: Option<PathBuf>,
        /// MM iterations in all.
        #[arg(long, default_value_t = 12)]
        iterations: usize,
        /// 3x3 shapes played fewer times than this share one gamma.
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        /// Larger (spatial) patterns played fewer times than this are not kept.
        #[arg(long, default_value_t = 10)]
        min_spatial: u32,
    },
    /// Move prediction on SGF collections: `top1 P`, `top5 P`, `top10 P` (percent),
    /// `positions N`, `games N`, then the rates by game phase.
    Predict {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// At most this many games, in file order.
        #[arg(long, default_value_t = usize::MAX)]
        max_games: usize,
        /// A gamma table to use instead of the built-in one.
        #[arg(long)]
        gammas: Option<PathBuf>,
    },
    /// Counts the moves played in the opening positions of SGF collections into a fuseki
    /// table (the prior's `fuseki` term); prints `positions N` and `games N`.
    Fuseki {
        /// SGF files (all games of one board size).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// At most this many games, in file order.
        #[arg(long, default_value_t = usize::MAX)]
        max_games: usize,
        /// Moves counted from the start of each game.
        #[arg(long, default_value_t = 30)]
        plies: usize,
        /// Positions met fewer times than this are not kept.
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        /// The table written.
        #[arg(long, default_value = "patterns/fuseki-19x19.txt")]
        out: PathBuf,
    },
}

fn patterns(command: PatternsCommand) -> ExitCode {
    use moyo::patterns::{Gammas, fuseki::Fuseki, predict, train};
    let result = match command {
        PatternsCommand::Train {
            files,
            max_games,
            out,
            checkpoint,
            iterations,
            min_count,
            min_spatial,
        } => {
            let checkpoint = checkpoint.unwrap_or_else(|| train::default_checkpoint(&out));
            train::run(&train::PatternTrainConfig {
                files,
                max_games,
                out,
                checkpoint,
                iterations,
                min_count,
                min_spatial,
            })
        }
        PatternsCommand::Predict {
            files,
            max_games,
            gammas,
        } => {
            let table = match gammas {
                Some(path) => Gammas::load(&path),
                None => Ok(Gammas::builtin().clone()),
            };
            table
                .and_then(|g| predict::run(&files, max_games, &g))
                .map(|report| print!("{report}"))
        }
        PatternsCommand::Fuseki {
            files,
            max_games,
            plies,
            min_count,
            out,
        } => Fuseki::extract(&files, None, max_games, plies, min_count).and_then(|t| {
            t.save(&out)?;
            println!("positions {}", t.positions());
            println!("games {}", t.meta("games").unwrap_or("0"));
            Ok(())
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            moyo::diag!("moyo patterns: {e}");
            ExitCode::FAILURE
        }
    }
}

fn config(cli: &Cli) -> Result<EngineConfig, String> {
    let mut params = Params::default();
    if let Some(f) = &cli.params_file {
        params.load_file(f)?;
    }
    for s in &cli.set {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("--set {s}: expected name=value"))?;
        params
            .set(name.trim(), value.trim())
            .map_err(|e| format!("--set {s}: {e}"))?;
    }
    if cli.playouts == Some(0) {
        return Err("--playouts must be at least 1".into());
    }
    if let Some(t) = cli.time_per_move
        && !(t.is_finite() && t > 0.0)
    {
        return Err("--time-per-move must be a positive number of seconds".into());
    }
    if cli.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    if let Some(t) = cli.threads
        && t > moyo::search::MAX_THREADS
    {
        return Err(format!(
            "--threads {t}: at most {}",
            moyo::search::MAX_THREADS
        ));
    }
    let max_memory = cli
        .max_memory
        .as_deref()
        .map(|s| {
            use moyo::sys::memory::{check_budget, parse_size};
            parse_size(s)
                .and_then(|b| check_budget(b).map(|_| b).map_err(|e| format!("{s}: {e}")))
                .map_err(|e| format!("--max-memory {e}"))
        })
        .transpose()?;
    let threads = cli
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let seed = cli.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    Ok(EngineConfig {
        params,
        playouts: cli.playouts,
        time_per_move: cli.time_per_move,
        threads,
        seed,
        ponder: cli.ponder,
        max_memory,
        ..EngineConfig::default()
    })
}

/// Rank 0's hub of an MPI job, which the subcommands share and quit at their end.
type SharedHub = Arc<Mutex<Hub>>;

/// This process's part in an MPI job: rank 0's hub to lead with (`None` alone); another rank
/// runs `serve`, its whole work, and gets the exit code to end with (a failure when rank 0
/// was lost).
fn join(
    cli: &Cli,
    cfg: &EngineConfig,
    serve: impl FnOnce(Follower) -> FollowerEnd,
) -> Result<Option<SharedHub>, ExitCode> {
    match moyo::cluster::join(&cfg.params, !cli.quiet) {
        Role::Alone => Ok(None),
        Role::Leader(hub) => Ok(Some(hub)),
        Role::Follower(f) => match serve(*f) {
            FollowerEnd::Quit => Err(ExitCode::SUCCESS),
            FollowerEnd::RankZeroLost => Err(ExitCode::FAILURE),
        },
    }
}

/// The end of a subcommand: the other ranks are told to quit, an error is reported on
/// stderr after `who`.
fn finish(hub: Option<SharedHub>, done: Result<(), String>, who: &str) -> ExitCode {
    if let Some(hub) = hub {
        hub.lock().quit();
    }
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            moyo::diag!("{who}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Serves rank 0's searches as a follower rank with `threads` threads and the configured
/// memory.
fn follow(f: Follower, cfg: &EngineConfig, threads: usize) -> FollowerEnd {
    let memory = cfg.max_memory.unwrap_or_else(default_memory);
    let mut s = follower_searcher(&cfg.params, cfg.seed, threads, memory, f.rank());
    f.serve(&mut s)
}

/// `moyo book ...`: a build or a check spreads its evaluations over the ranks of an MPI job.
fn book(cli: &Cli, cfg: EngineConfig, command: book_cmd::BookCommand) -> ExitCode {
    let hub = match book_cmd::workers(&command) {
        None => None,
        Some(workers) => match join(cli, &cfg, |f| moyo::cluster::book::serve(f, workers)) {
            Ok(hub) => hub,
            Err(code) => return code,
        },
    };
    let done = book_cmd::run(
        command,
        &cfg.params,
        cli.playouts,
        cli.seed,
        cli.quiet,
        hub.clone(),
    );
    finish(hub, done, "moyo")
}

/// `moyo bench`: the figures, with the cluster's when run as an MPI job (one thread a
/// rank), then the policy steps' costs when asked.
fn bench(cli: &Cli, cfg: EngineConfig, seconds: f64, costs: bool) -> ExitCode {
    let hub = match join(cli, &cfg, |f| follow(f, &cfg, 1)) {
        Ok(hub) => hub,
        Err(code) => return code,
    };
    match &hub {
        Some(h) => {
            let peers = || -> Box<dyn moyo::search::exchange::Peers> {
                leader_peers(h, &cfg.params, false)
            };
            let ranks = h.lock().size();
            let cluster = moyo::bench::ClusterBench {
                ranks,
                peers: &peers,
            };
            moyo::bench::run(seconds, &cfg.params, Some(&cluster));
        }
        None => moyo::bench::run(seconds, &cfg.params, None),
    }
    let code = finish(hub, Ok(()), "moyo");
    if costs {
        moyo::bench::costs(seconds, &cfg.params);
    }
    code
}

/// `moyo tune ...`: its games spread over the ranks of an MPI job.
fn tune(
    cli: &Cli,
    cfg: EngineConfig,
    command: Option<tune_cmd::TuneCommand>,
    args: tune_cmd::TuneArgs,
) -> ExitCode {
    let hub = match join(cli, &cfg, |f| moyo::cluster::tune::serve(f, cfg.threads)) {
        Ok(hub) => hub,
        Err(code) => return code,
    };
    let globals = tune_cmd::Globals {
        params: cfg.params,
        playouts: cli.playouts,
        time_per_move: cli.time_per_move,
        threads: cfg.threads,
        seed: cli.seed,
        max_memory: cfg.max_memory,
        quiet: cli.quiet,
        hub: hub.clone(),
    };
    let tuned = tune_cmd::run(command, args, globals);
    finish(hub, tuned, "moyo tune")
}

/// `moyo review`: the review's settings from the global options (a fixed seed unless
/// `--seed`, so that a rerun resumes the same review), the report on stdout.
fn review(cli: &Cli, cfg: EngineConfig, args: ReviewArgs) -> ExitCode {
    let ReviewArgs {
        file,
        out,
        svg,
        cache,
        margin,
        top,
    } = args;
    if !(0.0..=1.0).contains(&margin) {
        moyo::diag!("moyo review: --margin {margin}: a win rate from 0 to 1");
        return ExitCode::from(2);
    }
    let out = out.unwrap_or_else(|| moyo::review::default_out(&file));
    let config = moyo::review::ReviewConfig {
        cache: cache.unwrap_or_else(|| moyo::review::default_cache(&out)),
        input: file,
        out,
        svg,
        margin,
        top,
        settings: moyo::review::Settings {
            playouts: cli.playouts.unwrap_or(moyo::review::DEFAULT_PLAYOUTS),
            threads: cfg.threads,
            seed: cli.seed.unwrap_or(1),
            params: cfg.params,
            max_memory: cfg.max_memory,
        },
        quiet: cli.quiet,
    };
    let done = moyo::review::run(&config).map(|report| print!("{report}"));
    finish(None, done, "moyo review")
}

/// GTP on stdin and stdout, the searches shared with the other ranks of an MPI job.
fn gtp(cli: &Cli, mut cfg: EngineConfig) -> ExitCode {
    let hub = match join(cli, &cfg, |f| follow(f, &cfg, cfg.threads)) {
        Ok(hub) => hub,
        Err(code) => return code,
    };
    if !cli.quiet {
        moyo::diag!(
            "moyo {}: GTP on stdin, {} threads, seed {}",
            env!("CARGO_PKG_VERSION"),
            cfg.threads,
            cfg.seed
        );
    }
    cfg.books = books(cli);
    if !cli.quiet {
        for b in cfg.books.books() {
            moyo::diag!("moyo: opening book {} ({} positions)", b.rules, b.len());
        }
    }
    let mut engine = Engine::new(cfg);
    engine.set_verbose(!cli.quiet);
    if let Some(hub) = &hub {
        engine.set_peers(Some(leader_peers(hub, engine.params(), !cli.quiet)));
    }
    let served = match moyo::gtp::run(engine, std::io::stdin(), std::io::stdout()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| e.to_string()),
    };
    finish(hub, served, "moyo")
}

fn main() -> ExitCode {
    // Lets the queued stderr lines out when main returns (see `moyo::sys::stderr`).
    let _flush = moyo::sys::stderr::FlushOnDrop;
    let mut cli = Cli::parse();
    let cfg = match config(&cli).and_then(|c| moyo::cluster::check_launcher().map(|_| c)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("moyo: {e}");
            return ExitCode::from(2);
        }
    };
    match cli.command.take() {
        Some(MoyoCommand::Book { command }) => book(&cli, cfg, command),
        Some(MoyoCommand::Bench { seconds, costs }) => bench(&cli, cfg, seconds, costs),
        Some(MoyoCommand::Patterns { command }) => patterns(command),
        Some(MoyoCommand::Playout { command }) => playout_cmd::run(command),
        Some(MoyoCommand::Tune { command, args }) => tune(&cli, cfg, command, args),
        Some(MoyoCommand::Review(args)) => review(&cli, cfg, args),
        None => gtp(&cli, cfg),
    }
}
