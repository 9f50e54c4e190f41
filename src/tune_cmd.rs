//! `moyo tune ...`: the command line of the tuner (`moyo::tune`).

use clap::{Args, Subcommand};
use moyo::cluster::Hub;
use moyo::cluster::tune::ClusterRunner;
use moyo::params::Params;
use moyo::tune::game::GameSettings;
use moyo::tune::runner::LocalRunner;
use moyo::tune::spec::Spec;
use moyo::tune::{self, Finish, Method, TuneConfig};
use parking_lot::Mutex;
use std::path::PathBuf;
use std::sync::Arc;

/// Playouts a move when neither `--playouts` nor `--time-per-move` is given.
const DEFAULT_PLAYOUTS: u64 = 1000;
/// Tree memory of each in-process engine unless `--max-memory` says otherwise.
const DEFAULT_MEMORY: usize = 256 << 20;

#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// Prints the tables of a run from its log and writes DIR/tune.svg.
    Report {
        /// The run's directory (its --out).
        dir: PathBuf,
    },
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The run's directory: checkpoint, games.jsonl, champion.params, tune.svg. A directory
    /// with a checkpoint is resumed.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// coevolution (Davis and Kendall) or spsa, on the same game budget.
    #[arg(long, default_value = "coevolution", value_parser = ["coevolution", "spsa"])]
    method: String,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.0)]
    komi: f32,
    /// Players per generation (the defaults are one of the first).
    #[arg(long, default_value_t = 10)]
    population: usize,
    /// Players that survive a generation (each has children).
    #[arg(long, default_value_t = 5)]
    survivors: usize,
    /// Generations in all (raise it and rerun to go on).
    #[arg(long, default_value_t = 50)]
    generations: usize,
    /// Games each pair plays per generation, colours swapped.
    #[arg(long = "games-per-pair", default_value_t = 2)]
    games_per_pair: usize,
    /// Parameters to tune: NAME, NAME:MIN:MAX or NAME:MIN:MAX:STEP (repeatable).
    #[arg(long = "param", value_name = "NAME", num_args = 1..)]
    param: Vec<String>,
    /// A spec file: one `NAME [MIN MAX [STEP]]` a line, `#` comments.
    #[arg(long, value_name = "FILE")]
    spec: Option<PathBuf>,
    /// A GTP engine's command line: every player plays it instead of the round robin.
    #[arg(long, value_name = "GTP COMMAND")]
    opponent: Option<String>,
    /// Mutation sigma in steps (SPSA: the perturbation c).
    #[arg(long, default_value_t = 3.0)]
    sigma: f64,
    /// Sigma is multiplied by this every generation (co-evolution).
    #[arg(long, default_value_t = 0.98)]
    anneal: f64,
    /// Every K generations the champion so far plays the defaults (0: never).
    #[arg(long = "check-every", default_value_t = 5, value_name = "K")]
    check_every: usize,
    /// Games of each such check.
    #[arg(long = "check-games", default_value_t = 20)]
    check_games: usize,
    /// The move cap (default: 3 moves a point, as the referee).
    #[arg(long = "max-moves")]
    max_moves: Option<usize>,
}

/// The global options `moyo tune` uses.
pub struct Globals {
    pub params: Params,
    pub playouts: Option<u64>,
    pub time_per_move: Option<f64>,
    pub threads: usize,
    pub seed: Option<u64>,
    pub max_memory: Option<usize>,
    pub quiet: bool,
    /// Rank 0's hub under `mpirun`: the games are spread over the ranks.
    pub hub: Option<Arc<Mutex<Hub>>>,
}

/// Runs `moyo tune`: a report of a run, or a run started or resumed.
pub fn run(command: Option<TuneCommand>, args: TuneArgs, g: Globals) -> Result<(), String> {
    if let Some(TuneCommand::Report { dir }) = command {
        print!("{}", tune::report::run(&dir)?);
        println!("picture: {}", dir.join("tune.svg").display());
        return Ok(());
    }
    let cfg = config(args, &g)?;
    if !g.quiet {
        moyo::diag!(
            "tune: {} of {} parameters on {}x{}, {} games a generation, {} threads, into {}",
            cfg.method.as_str(),
            cfg.spec.params.len(),
            cfg.games.size,
            cfg.games.size,
            cfg.games_per_generation(),
            cfg.threads,
            cfg.out.display()
        );
    }
    match play(&cfg, g.hub)? {
        Finish::Done(champion) => {
            let report = tune::report::run(&cfg.out)?;
            if !g.quiet {
                moyo::sys::stderr::write(report);
            }
            println!("{}", cfg.spec.set_line(&champion));
            println!("champion: {}", tune::champion_path(&cfg.out).display());
            println!("picture: {}", cfg.out.join("tune.svg").display());
            Ok(())
        }
        Finish::Stopped => Err("stopped".into()),
    }
}

/// The run the arguments ask for, checked.
fn config(args: TuneArgs, g: &Globals) -> Result<TuneConfig, String> {
    let out = args
        .out
        .ok_or("moyo tune needs --out DIR (or: moyo tune report DIR)")?;
    if !(2..=moyo::board::MAX_SIZE).contains(&args.size) {
        return Err(format!("--size must be in [2, {}]", moyo::board::MAX_SIZE));
    }
    if !args.komi.is_finite() {
        return Err("--komi must be a number".into());
    }
    let spec = Spec::new(&g.params, &args.param, args.spec.as_deref())?;
    spec.check_size(&g.params, args.size)?;
    let playouts = match (g.playouts, g.time_per_move) {
        (None, None) => Some(DEFAULT_PLAYOUTS),
        (p, _) => p,
    };
    let games = GameSettings {
        size: args.size,
        komi: args.komi,
        playouts,
        time_per_move: g.time_per_move,
        max_moves: args.max_moves.unwrap_or(3 * args.size * args.size),
        opponent: args.opponent,
        scorer: g.params.clone(),
        max_memory: g.max_memory.unwrap_or(DEFAULT_MEMORY),
    };
    Ok(TuneConfig {
        out,
        method: Method::parse(&args.method).unwrap_or(Method::Coevolution),
        spec,
        base: g.params.clone(),
        games,
        population: args.population,
        survivors: args.survivors,
        generations: args.generations,
        games_per_pair: args.games_per_pair,
        sigma: args.sigma,
        anneal: args.anneal,
        check_every: args.check_every,
        check_games: args.check_games,
        threads: g.threads,
        seed: g.seed.unwrap_or(1),
        quiet: g.quiet,
        stop_after: None,
    })
}

/// Plays the run's games: on this process's threads, or over the ranks of `hub`.
fn play(cfg: &TuneConfig, hub: Option<Arc<Mutex<Hub>>>) -> Result<Finish, String> {
    let Some(hub) = hub else {
        let mut runner = LocalRunner {
            settings: cfg.games.clone(),
            threads: cfg.threads,
        };
        return tune::run(cfg, &mut runner);
    };
    let ranks = hub.lock().size();
    if !cfg.quiet {
        moyo::diag!(
            "tune: games on {ranks} ranks of {} threads each",
            cfg.threads
        );
    }
    let mut runner = ClusterRunner::new(hub, cfg.games.clone(), cfg.threads);
    let finish = tune::run(cfg, &mut runner);
    if !cfg.quiet {
        let counts: Vec<String> = runner
            .games_by_rank()
            .iter()
            .enumerate()
            .map(|(r, n)| format!("rank {r} {n}"))
            .collect();
        moyo::diag!("tune: games played this sitting: {}", counts.join(", "));
    }
    finish
}
