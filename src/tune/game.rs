//! One game of a tuning run: what it is (`Pairing`, `GameSettings`), how it ended
//! (`GameResult`), and how it is played in-process: the board's own `Game` keeps the rules the referee
//! keeps (positional superko, no suicide, a move cap), an illegal move or a resignation
//! loses, and the end is counted by area with the dead stones the engine's
//! `final_status_list` finds, as the referee does with moyo as its scorer.

use crate::board::{Board, Color, Game};
use crate::engine::{Engine, EngineConfig, GenMove, StoneStatus};
use crate::gtp_process::{Fail, GtpProcess, StderrSink};
use crate::params::Params;
use std::time::{Duration, Instant};

/// Who plays one side of a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// moyo in-process with these parameters.
    Engine(Box<Params>),
    /// The fixed GTP opponent of the run.
    Opponent,
}

/// One game to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub black: Player,
    pub white: Player,
    /// Seeds both engines (Black's is this, White's is derived from it).
    pub seed: u64,
}

/// How a game ended, as the referee counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Two passes, then area counting with the dead stones removed.
    Score,
    /// The move cap was reached; counted as it stands, dead stones removed.
    MaxMoves,
    Resign,
    /// An illegal or unreadable move, or a refused command: forfeit.
    Illegal,
    /// The opponent died or hung: forfeit.
    Crash,
}

impl End {
    pub fn as_str(self) -> &'static str {
        match self {
            End::Score => "score",
            End::MaxMoves => "max-moves",
            End::Resign => "resign",
            End::Illegal => "illegal",
            End::Crash => "crash",
        }
    }

    pub fn parse(s: &str) -> Option<End> {
        [
            End::Score,
            End::MaxMoves,
            End::Resign,
            End::Illegal,
            End::Crash,
        ]
        .into_iter()
        .find(|e| e.as_str() == s)
    }
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// `None`: a draw (jigo).
    pub winner: Option<Color>,
    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+F`, `0`.
    pub result: String,
    pub end: End,
    /// Moves played, passes included.
    pub moves: usize,
    /// Wall-clock seconds the game took.
    pub seconds: f64,
}

/// Everything about the games that does not change during a run.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub size: usize,
    pub komi: f32,
    pub playouts: Option<u64>,
    pub time_per_move: Option<f64>,
    /// The move cap (the referee's: 3 moves a point).
    pub max_moves: usize,
    /// The fixed opponent's command line (`sh -c`), if any.
    pub opponent: Option<String>,
    /// The parameters of the engine that finds the dead stones at the end.
    pub scorer: Params,
    /// Tree memory of each in-process engine, in bytes.
    pub max_memory: usize,
}

/// Seconds a fixed opponent may take to start and answer setup commands.
const STARTUP_SECS: u64 = 60;

/// One side at the board.
enum Seat<'a> {
    Local(Box<Engine>),
    Gtp(&'a mut GtpProcess),
}

/// A loss before counting: who lost and how.
type Loss = (Color, End);

/// Plays `pairing`. `opponent` is this thread's fixed opponent process, started on first
/// use and kept between games. An error means the game could not be set up at all.
pub fn play(
    settings: &GameSettings,
    pairing: &Pairing,
    opponent: &mut Option<GtpProcess>,
) -> Result<GameResult, String> {
    let start = Instant::now();
    if pairing.black == Player::Opponent && pairing.white == Player::Opponent {
        return Err("a game of the fixed opponent against itself".into());
    }
    let seeds = [pairing.seed, super::population::splitmix(pairing.seed)];
    let mut seats = Vec::with_capacity(2);
    let mut gtp = Some(opponent);
    for (i, player) in [&pairing.black, &pairing.white].into_iter().enumerate() {
        match player {
            Player::Engine(params) => {
                let cfg = EngineConfig {
                    params: (**params).clone(),
                    playouts: settings.playouts,
                    time_per_move: settings.time_per_move,
                    threads: 1,
                    seed: seeds[i],
                    size: settings.size,
                    komi: settings.komi,
                    max_memory: Some(settings.max_memory),
                    ..EngineConfig::default()
                };
                seats.push(Seat::Local(Box::new(Engine::new(cfg))));
            }
            Player::Opponent => {
                let slot = gtp.take().ok_or("two fixed opponents")?;
                seats.push(Seat::Gtp(setup_opponent(settings, slot)?));
            }
        }
    }
    let mut game = Game::new(settings.size, settings.komi);
    let timeout = move_timeout(settings);
    let end = moves(settings, &mut game, &mut seats, timeout);
    let (winner, result, end) = match end {
        Ok(end) => {
            let score = count(settings, &game);
            let winner = if score > 0.0 {
                Some(Color::Black)
            } else if score < 0.0 {
                Some(Color::White)
            } else {
                None
            };
            (winner, Board::score_string(score), end)
        }
        Err((loser, end)) => {
            let w = loser.opp();
            let code = if end == End::Resign { 'R' } else { 'F' };
            (Some(w), format!("{}+{code}", w.letter()), end)
        }
    };
    Ok(GameResult {
        winner,
        result,
        end,
        moves: game.moves().len(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Sends `quit` to a fixed opponent and stops it.
pub fn quit(o: &mut GtpProcess) {
    o.quit(Duration::from_secs(2));
}

fn move_timeout(settings: &GameSettings) -> Duration {
    Duration::from_secs_f64(settings.time_per_move.map_or(300.0, |s| 10.0 * s + 30.0))
}

/// Starts the opponent if needed and sets up a new game on it.
fn setup_opponent<'a>(
    settings: &GameSettings,
    slot: &'a mut Option<GtpProcess>,
) -> Result<&'a mut GtpProcess, String> {
    let cmd = settings
        .opponent
        .as_deref()
        .ok_or("a game against the fixed opponent, but no --opponent")?;
    let o = slot.get_or_insert_with(|| GtpProcess::new("opponent", cmd, StderrSink::Null, false));
    let t = Duration::from_secs(STARTUP_SECS);
    let fail = |what: &str, f: Fail| match f {
        Fail::Timeout => format!("the opponent '{cmd}' did not answer {what}"),
        Fail::Dead(how) => format!("the opponent '{cmd}' {how} at {what}"),
    };
    o.ensure_started(t).map_err(|f| fail("its start", f))?;
    let mut cmds = vec![
        format!("boardsize {}", settings.size),
        "clear_board".to_string(),
        format!("komi {}", settings.komi),
    ];
    if let Some(s) = settings.time_per_move {
        cmds.push(format!("time_settings 0 {} 1", (s.ceil() as u64).max(1)));
    }
    for c in &cmds {
        let r = o.command(c, t).map_err(|f| fail(c, f))?;
        if !r.ok && !c.starts_with("komi") && !c.starts_with("time") {
            return Err(format!("the opponent '{cmd}' refused '{c}': {}", r.text));
        }
    }
    Ok(o)
}

/// Plays the moves until two passes or the move cap (`Ok`), or until one side loses.
fn moves(
    settings: &GameSettings,
    game: &mut Game,
    seats: &mut [Seat],
    timeout: Duration,
) -> Result<End, Loss> {
    loop {
        if game.is_over() {
            return Ok(End::Score);
        }
        if game.moves().len() >= settings.max_moves {
            return Ok(End::MaxMoves);
        }
        let color = game.to_play();
        let (me, other) = match seats {
            [b, w] if color == Color::Black => (b, w),
            [b, w] => (w, b),
            _ => unreachable!("two seats"),
        };
        let mv = match me {
            Seat::Local(e) => match e.genmove(color) {
                GenMove::Play(m) => m,
                GenMove::Resign => return Err((color, End::Resign)),
            },
            Seat::Gtp(o) => match o.command(&format!("genmove {color}"), timeout) {
                Err(_) => return Err((color, End::Crash)),
                Ok(r) if !r.ok => return Err((color, End::Illegal)),
                Ok(r) => {
                    let token = r.text.split_whitespace().next().unwrap_or("");
                    if token.eq_ignore_ascii_case("resign") {
                        return Err((color, End::Resign));
                    }
                    game.board()
                        .parse_move(token)
                        .map_err(|_| (color, End::Illegal))?
                }
            },
        };
        let text = game.board().move_string(mv);
        game.play(color, mv).map_err(|_| (color, End::Illegal))?;
        let told = match other {
            Seat::Local(e) => e.play(color, mv).map_err(|_| End::Illegal),
            Seat::Gtp(o) => match o.command(&format!("play {color} {text}"), timeout) {
                Ok(r) if r.ok => Ok(()),
                Ok(_) => Err(End::Illegal),
                Err(_) => Err(End::Crash),
            },
        };
        told.map_err(|end| (color.opp(), end))?;
    }
}

/// Black's area score minus komi, the stones the scorer engine calls dead removed.
fn count(settings: &GameSettings, game: &Game) -> f32 {
    let cfg = EngineConfig {
        params: settings.scorer.clone(),
        threads: 1,
        size: settings.size,
        komi: settings.komi,
        max_memory: Some(16 << 20),
        ..EngineConfig::default()
    };
    let mut scorer = Engine::new(cfg);
    let dead = match scorer.play_sequence(game.moves()) {
        Ok(()) => scorer.final_status_list(StoneStatus::Dead),
        Err(_) => Vec::new(),
    };
    game.board()
        .area_score_with_dead(&Board::bitboard_of(&dead), settings.komi)
}
