//! The `moyo` command line: GTP on stdin/stdout by default, `moyo bench` for the speed
//! reference, `moyo book build|stats|count` for the opening book.

mod book_cmd;

use clap::{Parser, Subcommand};
use moyo::engine::{Engine, EngineConfig};
use moyo::params::Params;
use std::process::ExitCode;

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
    /// Memory for the search tree, e.g. `512M`, `4G` (a bare number is MiB; default: a
    /// quarter of the machine's memory, at most 4G). When full, the tree stops growing.
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
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The speed reference: fixed positions and seeds, `name value` lines. Parameters given
    /// with `--set` apply (so `--set nakade_rate=0 bench` prices a policy step).
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
}

/// The embedded books plus those given with `--book`, unless `--no-book`. A book that
/// cannot be read is reported and left out.
fn books(cli: &Cli) -> moyo::book::Library {
    if cli.no_book {
        return moyo::book::Library::default();
    }
    let (mut lib, errors) = moyo::book::embedded();
    for e in errors {
        eprintln!("moyo: {e}; playing without it");
    }
    for f in &cli.book {
        match moyo::book::load(f) {
            Ok((b, _)) => lib.add(b),
            Err(e) => eprintln!("moyo: {e}; playing without it"),
        }
    }
    lib
}

fn config(cli: &Cli) -> Result<EngineConfig, String> {
    let mut params = Params::default();
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
    let max_memory = cli.max_memory.as_deref().map(parse_memory).transpose()?;
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

/// Bytes from a size such as `512M`, `4G`, `800K` or `256` (MiB); at least 1 MiB.
fn parse_memory(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, "M"),
    };
    let shift = match unit
        .trim()
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => {
            return Err(format!(
                "--max-memory {s}: expected a size such as 512M or 4G"
            ));
        }
    };
    let n: f64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("--max-memory {s}: expected a size such as 512M or 4G"))?;
    let bytes = n * (1u64 << shift) as f64;
    if !(bytes >= (1 << 20) as f64 && bytes < 1e15) {
        return Err(format!("--max-memory {s}: between 1M and 1000T"));
    }
    Ok(bytes as usize)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cfg = match config(&cli) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("moyo: {e}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Book { command }) => {
            match book_cmd::run(command, &cfg.params, cli.playouts, cli.seed, cli.quiet) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("moyo: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Bench { seconds, costs }) => {
            moyo::bench::run(seconds, &cfg.params);
            if costs {
                moyo::bench::costs(seconds, &cfg.params);
            }
            ExitCode::SUCCESS
        }
        None => {
            if !cli.quiet {
                eprintln!(
                    "moyo {}: GTP on stdin, {} threads, seed {}",
                    env!("CARGO_PKG_VERSION"),
                    cfg.threads,
                    cfg.seed
                );
            }
            let mut cfg = cfg;
            cfg.books = books(&cli);
            if !cli.quiet {
                for b in cfg.books.books() {
                    eprintln!("moyo: opening book {} ({} positions)", b.rules, b.len());
                }
            }
            let mut engine = Engine::new(cfg);
            engine.set_verbose(!cli.quiet);
            match moyo::gtp::run(engine, std::io::stdin(), std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("moyo: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
