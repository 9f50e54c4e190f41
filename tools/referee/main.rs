//! moyo-referee: plays two GTP engines against each other and reports the
//! result with its statistics.
//!
//! The referee keeps the game itself (moyo's rules: positional superko, no
//! suicide), so an engine's illegal move, crash, hang or overstepped time is
//! a loss for it and the match goes on. Each game is saved as SGF, one line
//! per game goes to stdout, and a `key value` summary block ends the run (and
//! is kept up to date in `DIR/summary.txt`).

/// `eprintln!` that ignores a closed stderr instead of panicking.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod clock;
mod equalize;
mod game;
mod journal;
mod stats;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use moyo::board::{Color, MAX_SIZE};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use clock::TimeSettings;
use equalize::Equalizer;
use game::{Config, MatchTime, play_game};
use journal::{FinishedGame, MatchJournal};
use moyo::gtp_process::{GtpProcess, StderrSink};
use stats::{MatchTally, MoveTimes};

/// Where engines' stderr goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StderrMode {
    /// Appended to `engine-a.log`, `engine-b.log`, `scorer.log` in the SGF directory.
    Log,
    /// The referee's own stderr.
    Inherit,
    /// Discarded.
    Null,
}

#[derive(Parser, Debug)]
#[command(
    name = "moyo-referee",
    version,
    args_override_self = true,
    about = "Plays two GTP engines against each other",
    long_about = "Plays two GTP engines (shell command lines) against each other. Engine A is \
                  --black, engine B is --white; with --alternate (the default) they swap \
                  colours every game, so A is Black in games 1, 3, 5, ... The referee checks \
                  the rules itself: an illegal move, crash, hang or time loss loses the game."
)]
struct Args {
    /// Command line of engine A (Black in the first game), run with `sh -c`.
    #[arg(long, value_name = "CMD")]
    black: String,
    /// Command line of engine B (White in the first game), run with `sh -c`.
    #[arg(long, value_name = "CMD")]
    white: String,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Board size (2..=25).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
    komi: f32,
    /// Fixed handicap stones for Black (`fixed_handicap N` to both engines; White moves
    /// first). With --alternate the engines still swap colours.
    #[arg(long, value_name = "N", default_value_t = 0)]
    handicap: usize,
    /// Seconds per move: announced as `time_settings 0 S 1`; a move over
    /// `timeout-factor * S + 2` seconds loses on time.
    #[arg(long, value_name = "SECS", conflicts_with = "time_settings")]
    time_per_move: Option<f64>,
    /// Main time, Canadian byo-yomi seconds and stones, e.g. `60,10,5`. The
    /// referee keeps each engine's clock and sends `time_left` before each
    /// genmove; a clock below -1 s (after 0.5 s lag allowance per move) loses.
    #[arg(long, value_name = "MAIN,BYO,STONES", value_parser = TimeSettings::parse)]
    time_settings: Option<TimeSettings>,
    /// Main time, then Japanese byo-yomi: PERIODS periods of PERIOD seconds,
    /// e.g. `30,5,3`; announced with `kgs-time_settings byoyomi` (engines that
    /// refuse it get `time_settings MAIN PERIOD 1`), kept like --time-settings.
    #[arg(
        long = "byo-yomi",
        value_name = "MAIN,PERIOD,PERIODS",
        value_parser = TimeSettings::parse_japanese,
        conflicts_with_all = ["time_settings", "time_per_move"]
    )]
    byo_yomi: Option<TimeSettings>,
    /// A Fischer clock: MAIN seconds, INCREMENT seconds added after every
    /// move, e.g. `10,1`; announced with `kata-time_settings fischer` (engines
    /// that refuse it get `time_settings MAIN 0 0`, and `time_left` shows
    /// them the increments), kept like --time-settings.
    #[arg(
        long,
        value_name = "MAIN,INCREMENT",
        value_parser = TimeSettings::parse_fischer,
        conflicts_with_all = ["time_settings", "time_per_move", "byo_yomi"]
    )]
    fischer: Option<TimeSettings>,
    /// GTP engine that judges dead stones after two passes (asked
    /// `final_status_list dead`); without it, Tromp-Taylor (all stones alive).
    #[arg(long, value_name = "CMD")]
    scorer: Option<String>,
    /// Directory for game-NNN.sgf, summary.txt and engine logs.
    #[arg(long, value_name = "DIR", default_value = "matches")]
    sgf_dir: PathBuf,
    /// Swap colours every game (the default).
    #[arg(long, overrides_with = "no_alternate")]
    alternate: bool,
    /// A plays Black in every game.
    #[arg(long, overrides_with = "alternate")]
    no_alternate: bool,
    /// Moves after which a game is stopped and counted as it stands
    /// [default: 3 * size * size].
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    /// With --time-per-move: a move may take FACTOR * S + 2 seconds.
    #[arg(long, value_name = "F", default_value_t = 3.0)]
    timeout_factor: f64,
    /// Seconds without any answer before an engine counts as hung (killed,
    /// loses on time, restarted next game) [default: 10 * S + 10 with
    /// --time-per-move, 120 without time control]. With --time-settings this
    /// is added to the time left on the clock [default: 10].
    #[arg(long, value_name = "SECS")]
    hard_timeout: Option<f64>,
    /// Seed: each game, engines get `set_random_seed` with numbers drawn from
    /// it (refusals are ignored). Without it no seed is sent.
    #[arg(long)]
    seed: Option<u64>,
    /// Equal time by playouts: engine B's command line holds `{N}`, its playouts a move,
    /// which starts at N0 and is re-set after each game so that B's average seconds a move
    /// over the last --equalize-window games match A's (at most 1.25 times up or down a
    /// game); B restarts with the new N.
    #[arg(long, value_name = "N0")]
    equalize: Option<u64>,
    /// Games whose times --equalize judges by.
    #[arg(long, value_name = "GAMES", default_value_t = 20)]
    equalize_window: usize,
    /// Where engines' stderr goes.
    #[arg(long, value_enum, default_value_t = StderrMode::Log)]
    engine_stderr: StderrMode,
    /// Echo every GTP exchange on stderr.
    #[arg(long, short)]
    verbose: bool,
}

fn positive(name: &str, v: f64) -> Result<f64, String> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(format!("--{name} must be a positive number, got {v}"))
    }
}

fn config(args: &Args) -> Result<Config, String> {
    if !(2..=MAX_SIZE).contains(&args.size) {
        return Err(format!("--size must be in 2..={MAX_SIZE}"));
    }
    if !args.komi.is_finite() {
        return Err("--komi must be a number".to_string());
    }
    if args.handicap > 0 && moyo::board::fixed_handicap_points(args.size, args.handicap).is_none() {
        return Err(format!(
            "--handicap {} has no fixed placement on {}x{}",
            args.handicap, args.size, args.size
        ));
    }
    let clock = args.time_settings.or(args.byo_yomi).or(args.fischer);
    let time = match (args.time_per_move, clock) {
        (Some(s), _) => MatchTime::PerMove(positive("time-per-move", s)?),
        (None, Some(ts)) => MatchTime::Clock(ts),
        (None, None) => MatchTime::Unlimited,
    };
    positive("timeout-factor", args.timeout_factor)?;
    if let Some(n) = args.equalize {
        if n == 0 || args.equalize_window == 0 {
            return Err("--equalize and --equalize-window must be at least 1".to_string());
        }
        if !args.white.contains(equalize::PLACEHOLDER) {
            return Err(format!(
                "--equalize needs {} (the playouts a move) in --white",
                equalize::PLACEHOLDER
            ));
        }
    }
    if let Some(h) = args.hard_timeout {
        positive("hard-timeout", h)?;
    }
    Ok(Config {
        size: args.size,
        komi: args.komi,
        handicap: args.handicap,
        time,
        timeout_factor: args.timeout_factor,
        hard_timeout: args.hard_timeout,
        max_moves: args.max_moves.unwrap_or(3 * args.size * args.size),
        verbose: args.verbose,
    })
}

fn sink(mode: StderrMode, dir: &Path, file: &str) -> StderrSink {
    match mode {
        StderrMode::Log => StderrSink::File(dir.join(file)),
        StderrMode::Inherit => StderrSink::Inherit,
        StderrMode::Null => StderrSink::Null,
    }
}

/// Writes a line to stdout and flushes it; a closed stdout is ignored.
fn say(line: &str) {
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

fn write_file(path: &Path, text: &str) {
    if let Err(e) = fs::write(path, text) {
        note!("referee: cannot write {}: {e}", path.display());
    }
}

/// The summary block, with B's playouts a move for the next game when equalizing.
fn summary_block(tally: &MatchTally, equalizer: Option<&Equalizer>) -> String {
    let mut s = tally.summary();
    if let Some(eq) = equalizer {
        s.push_str(&format!("equalize_n {}\n", eq.n()));
    }
    s
}

/// The settings a resumed match must share with the match its journal began: all that
/// decides how its games are played (not their number, nor B's first N when equalizing).
fn match_settings(args: &Args, cfg: &Config) -> Vec<(&'static str, String)> {
    vec![
        ("black", format!("{:?}", args.black)),
        ("white", format!("{:?}", args.white)),
        ("size", cfg.size.to_string()),
        ("komi", cfg.komi.to_string()),
        ("handicap", cfg.handicap.to_string()),
        ("time", format!("{:?}", cfg.time)),
        ("max_moves", cfg.max_moves.to_string()),
        ("alternate", (!args.no_alternate).to_string()),
        ("seed", format!("{:?}", args.seed)),
        ("scorer", format!("{:?}", args.scorer)),
        ("equalize", args.equalize.is_some().to_string()),
        ("equalize_window", args.equalize_window.to_string()),
    ]
}

/// Counts a finished game, prints its line and, when equalizing, re-sets B's N from it and
/// prints that.
fn count_game(
    tally: &mut MatchTally,
    equalizer: Option<&mut Equalizer>,
    game: &FinishedGame,
    number: usize,
    window: usize,
) {
    game.count(tally);
    say(&game.line);
    if let (Some(eq), Some(played)) = (equalizer, game.b_n) {
        let [a, b] = &game.times;
        eq.set_n(played);
        let next = eq.record(a.secs, a.moves, b.secs, b.moves);
        let (a_avg, b_avg) = eq.averages();
        say(&format!(
            "equalize: game {number} B at N={played}, next N={next} \
             (last {} games: A {a_avg:.3} s, B {b_avg:.3} s a move)",
            window.min(number)
        ));
    }
}

/// The next game's engine seeds (A's, then B's) from the match's generator, if it has one; a
/// resumed match draws them for each finished game too, so that later games get the seeds
/// of an unbroken match.
fn game_seeds(rng: Option<&mut Xoshiro256PlusPlus>) -> Option<(u32, u32)> {
    rng.map(|r| (r.r#gen::<u32>() >> 1, r.r#gen::<u32>() >> 1))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let cfg = match config(&args) {
        Ok(c) => c,
        Err(e) => {
            note!("moyo-referee: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = args.sgf_dir.clone();
    if let Err(e) = fs::create_dir_all(&dir) {
        note!("moyo-referee: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let (mut journal, finished) = match MatchJournal::open(&dir, &match_settings(&args, &cfg)) {
        Ok(j) => j,
        Err(e) => {
            note!("moyo-referee: {e}");
            return ExitCode::from(2);
        }
    };
    let alternate = !args.no_alternate;
    let mode = args.engine_stderr;
    let mut equalizer = args
        .equalize
        .map(|n| Equalizer::new(n, args.equalize_window));
    let mut rng = args.seed.map(Xoshiro256PlusPlus::seed_from_u64);
    let mut tally = MatchTally::default();
    let width = if args.games >= 1000 { 4 } else { 3 };

    // A resumed match: its finished games count again, each taking its seeds from the
    // generator as it did, and the logs lose what the unfinished game wrote.
    if let Some(last) = finished.last() {
        note!(
            "moyo-referee: resuming the match in {}: {} of {} games finished",
            dir.display(),
            finished.len(),
            args.games
        );
        if mode == StderrMode::Log {
            journal::cut_logs(&dir, last);
        }
    }
    for (g, game) in finished.iter().enumerate() {
        game_seeds(rng.as_mut());
        count_game(
            &mut tally,
            equalizer.as_mut(),
            game,
            g + 1,
            args.equalize_window,
        );
    }

    let b_command = equalizer
        .as_ref()
        .map_or(args.white.clone(), |e| e.command(&args.white));
    let mut engines = [
        GtpProcess::new(
            "A",
            &args.black,
            sink(mode, &dir, journal::LOGS[0]),
            cfg.verbose,
        ),
        GtpProcess::new(
            "B",
            &b_command,
            sink(mode, &dir, journal::LOGS[1]),
            cfg.verbose,
        ),
    ];
    let mut scorer = args.scorer.as_deref().map(|cmd| {
        GtpProcess::new(
            "scorer",
            cmd,
            sink(mode, &dir, journal::LOGS[2]),
            cfg.verbose,
        )
    });
    let grace = Duration::from_secs(2);

    for g in finished.len()..args.games as usize {
        let a_black = !alternate || g % 2 == 0;
        let seeds = game_seeds(rng.as_mut()).map(|(x, y)| if a_black { (x, y) } else { (y, x) });
        let [a, b] = &mut engines;
        let (black, white) = if a_black { (a, b) } else { (b, a) };
        let started = Instant::now();
        let out = play_game(&cfg, black, white, scorer.as_mut(), seeds);
        let took = started.elapsed().as_secs_f64();

        let n = g + 1;
        let mut game = FinishedGame {
            a_black,
            winner: out.winner,
            kind: out.kind,
            times: [MoveTimes::default(); 2],
            b_n: equalizer.as_ref().map(Equalizer::n),
            logs: journal::log_lengths(&dir, mode == StderrMode::Log),
            line: String::new(),
        };
        for &(c, t) in &out.move_times {
            let e = game.engine(c);
            game.times[e].add(t);
        }
        let label = |c: Color| if game.engine(c) == 0 { "A" } else { "B" };
        let winner = match out.winner {
            Some(w) => format!("winner {}", label(w)),
            None => "jigo".to_string(),
        };
        game.line = format!(
            "game {n}: {}(black) vs {}(white): {} ({}) moves {} {winner} time {took:.1}s [{}]",
            label(Color::Black),
            label(Color::White),
            out.result,
            out.kind.as_str(),
            out.moves,
            out.detail
        )
        .replace(['\n', '\r'], " ");
        write_file(&dir.join(format!("game-{n:0width$}.sgf")), &out.sgf);
        if let Err(e) = journal.append(&game, n) {
            note!("moyo-referee: {e}; a resumed match would play this game again");
        }
        count_game(
            &mut tally,
            equalizer.as_mut(),
            &game,
            n,
            args.equalize_window,
        );
        if let Some(eq) = equalizer.as_ref() {
            engines[1].set_command(&eq.command(&args.white), grace);
        }
        write_file(
            &dir.join("summary.txt"),
            &summary_block(&tally, equalizer.as_ref()),
        );
    }

    for e in engines.iter_mut().chain(scorer.as_mut()) {
        e.quit(grace);
    }
    let summary = summary_block(&tally, equalizer.as_ref());
    say(summary.trim_end());
    write_file(&dir.join("summary.txt"), &summary);
    ExitCode::SUCCESS
}
