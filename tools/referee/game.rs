//! One refereed game: setting the engines up, relaying moves with the
//! referee's own rules and time checks, scoring, and the SGF record.

use std::time::{Duration, Instant};

use moyo::board::{Board, Color, Game, Move, Point, VertexError, fixed_handicap_points};
use moyo::sgf::{GameRecord, RecordedMove, SgfColor};

use crate::clock::{RefereeClock, TimeSettings};
use moyo::gtp_process::{Fail, GtpProcess, ProcessReply};

/// How the engines' thinking time is limited.
#[derive(Clone, Copy, Debug)]
pub enum MatchTime {
    /// No limit announced; only the hang timeout applies.
    Unlimited,
    /// Seconds per move (announced as byo-yomi of one stone).
    PerMove(f64),
    /// A game clock per player kept by the referee.
    Clock(TimeSettings),
}

/// Everything about a game that does not change during a match.
#[derive(Clone, Debug)]
pub struct Config {
    pub size: usize,
    pub komi: f32,
    /// Fixed handicap stones for Black (0: an even game; White moves first otherwise).
    pub handicap: usize,
    pub time: MatchTime,
    /// A move may take `timeout_factor * per-move time + 2 s`.
    pub timeout_factor: f64,
    /// Seconds without an answer after which an engine counts as hung:
    /// absolute with per-move or no time control, added to the time left on
    /// the clock with `--time-settings`.
    pub hard_timeout: Option<f64>,
    pub max_moves: usize,
    pub verbose: bool,
}

/// Seconds without an answer before a hang, when there is no time control.
const UNLIMITED_HANG_SECS: f64 = 120.0;
/// Least time allowed for commands other than `genmove`.
const MIN_COMMAND_SECS: f64 = 10.0;
/// Least time allowed for the first commands after a start.
const MIN_STARTUP_SECS: f64 = 30.0;
/// Least time allowed for each scorer command.
const MIN_SCORER_SECS: f64 = 60.0;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s.clamp(0.0, 1e7))
}

impl Config {
    /// The longest a move may take without losing on time (per-move control).
    pub fn soft_limit(&self) -> Option<f64> {
        match self.time {
            MatchTime::PerMove(s) => Some(self.timeout_factor * s + 2.0),
            _ => None,
        }
    }

    /// How long to wait for a `genmove` answer before declaring a hang.
    fn move_timeout(&self, clock: Option<&RefereeClock>) -> Duration {
        secs(match (self.time, clock) {
            (MatchTime::Clock(_), Some(c)) => c.available() + self.hard_timeout.unwrap_or(10.0),
            (MatchTime::PerMove(s), _) => self.hard_timeout.unwrap_or(10.0 * s + 10.0),
            _ => self.hard_timeout.unwrap_or(UNLIMITED_HANG_SECS),
        })
    }

    /// How long to wait for the answer to any other command.
    pub fn command_timeout(&self) -> Duration {
        let base = match self.time {
            MatchTime::Clock(_) => self.hard_timeout.unwrap_or(10.0),
            _ => self.move_timeout(None).as_secs_f64(),
        };
        secs(base.max(MIN_COMMAND_SECS))
    }

    /// How long to wait for the first answers of a freshly started engine.
    pub fn startup_timeout(&self) -> Duration {
        self.command_timeout().max(secs(MIN_STARTUP_SECS))
    }

    fn scorer_timeout(&self) -> Duration {
        self.command_timeout().max(secs(MIN_SCORER_SECS))
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// Two passes, then counting.
    Score,
    /// The move limit was reached; counted as it stands.
    MaxMoves,
    Resign,
    /// Over the time limit, or no answer at all (hung).
    Time,
    /// The engine exited or its pipe broke.
    Crash,
    /// An illegal or unreadable move, or a refused command: forfeit.
    Illegal,
}

impl EndKind {
    /// Every kind, in declaration order.
    pub const ALL: [EndKind; 6] = [
        EndKind::Score,
        EndKind::MaxMoves,
        EndKind::Resign,
        EndKind::Time,
        EndKind::Crash,
        EndKind::Illegal,
    ];

    /// The kind `as_str` names `s`.
    pub fn parse(s: &str) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EndKind::Score => "score",
            EndKind::MaxMoves => "max-moves",
            EndKind::Resign => "resign",
            EndKind::Time => "time",
            EndKind::Crash => "crash",
            EndKind::Illegal => "illegal",
        }
    }
}

/// The end of a game as the match needs it.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// `None` for a draw (jigo).
    pub winner: Option<Color>,
    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+T`, `W+F`, `0`.
    pub result: String,
    pub kind: EndKind,
    /// Why it ended, in words (scoring method, or the reason for a loss).
    pub detail: String,
    /// Legal moves played (passes included).
    pub moves: usize,
    /// Seconds taken by each answered `genmove`, by colour.
    pub move_times: Vec<(Color, f64)>,
    /// The SGF record.
    pub sgf: String,
}

/// A game lost by one side before counting.
struct Forfeit {
    loser: Color,
    kind: EndKind,
    detail: String,
}

fn who(e: &GtpProcess, c: Color) -> String {
    format!("{} ({c})", e.label)
}

/// The loss for a command that got no response.
fn no_answer(c: Color, e: &GtpProcess, cmd: &str, f: Fail, timeout: Duration) -> Forfeit {
    let verb = cmd.split_whitespace().next().unwrap_or(cmd);
    match f {
        Fail::Timeout => Forfeit {
            loser: c,
            kind: EndKind::Time,
            detail: format!(
                "{} did not answer {verb} within {:.1} s: hung, killed",
                who(e, c),
                timeout.as_secs_f64()
            ),
        },
        Fail::Dead(how) => Forfeit {
            loser: c,
            kind: EndKind::Crash,
            detail: format!("{} crashed at {verb}: {how}", who(e, c)),
        },
    }
}

/// Sends `cmd`; a failure response is tolerated unless `required`.
fn send(
    e: &mut GtpProcess,
    c: Color,
    cmd: &str,
    timeout: Duration,
    required: bool,
    verbose: bool,
) -> Result<ProcessReply, Forfeit> {
    match e.command(cmd, timeout) {
        Ok(r) if r.ok => Ok(r),
        Ok(r) if !required => {
            if verbose {
                note!("[{}] refused '{cmd}': {}; carrying on", e.label, r.text);
            }
            Ok(r)
        }
        Ok(r) => Err(Forfeit {
            loser: c,
            kind: EndKind::Illegal,
            detail: format!("{} refused '{cmd}': {}", who(e, c), r.text),
        }),
        Err(f) => Err(no_answer(c, e, cmd, f, timeout)),
    }
}

/// (Re)starts `e` if it is not running.
fn start(cfg: &Config, e: &mut GtpProcess, c: Color) -> Result<(), Forfeit> {
    let startup = cfg.startup_timeout();
    match e.ensure_started(startup) {
        Ok(true) if cfg.verbose => note!(
            "[{}] started: {}",
            e.label,
            e.name.as_deref().unwrap_or("(no name)")
        ),
        Ok(_) => {}
        Err(f) => return Err(no_answer(c, e, "startup", f, startup)),
    }
    Ok(())
}

/// Prepares a running engine for a new game.
fn setup(cfg: &Config, e: &mut GtpProcess, c: Color, seed: Option<u32>) -> Result<(), Forfeit> {
    let t = cfg.command_timeout();
    let v = cfg.verbose;
    send(e, c, &format!("boardsize {}", cfg.size), t, true, v)?;
    send(e, c, "clear_board", t, true, v)?;
    send(e, c, &format!("komi {}", cfg.komi), t, false, v)?;
    if cfg.handicap > 0 {
        send(
            e,
            c,
            &format!("fixed_handicap {}", cfg.handicap),
            t,
            true,
            v,
        )?;
    }
    match cfg.time {
        MatchTime::Unlimited => {}
        MatchTime::PerMove(s) => {
            let byo = (s.ceil() as u64).max(1);
            send(e, c, &format!("time_settings 0 {byo} 1"), t, false, v)?;
        }
        MatchTime::Clock(ts) => {
            let r = send(e, c, &ts.gtp_command(), t, false, v)?;
            if !r.ok && ts.is_fischer() {
                // The nearest standard GTP has: absolute time; `time_left` then
                // carries the increments as they come.
                let cmd = format!("time_settings {} 0 0", ts.main.ceil() as u64);
                send(e, c, &cmd, t, false, v)?;
            } else if !r.ok && ts.japanese {
                // The nearest standard GTP has: one move per period.
                let cmd = format!(
                    "time_settings {} {} 1",
                    ts.main.ceil() as u64,
                    ts.byo.ceil() as u64
                );
                send(e, c, &cmd, t, false, v)?;
            }
        }
    }
    if let Some(s) = seed {
        send(e, c, &format!("set_random_seed {s}"), t, false, v)?;
    }
    Ok(())
}

fn vertex_problem(e: VertexError) -> &'static str {
    match e {
        VertexError::Syntax => "not a move",
        VertexError::OffBoard => "off the board",
    }
}

/// Plays one game between `black` and `white`. `seeds` are sent with
/// `set_random_seed` (black's, white's) when given.
pub fn play_game(
    cfg: &Config,
    black: &mut GtpProcess,
    white: &mut GtpProcess,
    scorer: Option<&mut GtpProcess>,
    seeds: Option<(u32, u32)>,
) -> GameOutcome {
    let mut game = Game::new(cfg.size, cfg.komi);
    if cfg.handicap > 0 {
        let stones = handicap_points(cfg, &game);
        // The handicap was checked when the match was set up.
        let _ = game.set_handicap(&stones);
    }
    let mut move_times = Vec::new();
    let end = run(cfg, black, white, seeds, &mut game, &mut move_times);
    let moves = game.moves().len();
    let (winner, result, kind, detail) = match end {
        Ok(kind) => {
            let (score, how) = score(cfg, &game, scorer);
            let winner = if score > 0.0 {
                Some(Color::Black)
            } else if score < 0.0 {
                Some(Color::White)
            } else {
                None
            };
            let detail = if kind == EndKind::MaxMoves {
                format!("move limit {} reached; {how}", cfg.max_moves)
            } else {
                how
            };
            (winner, Board::score_string(score), kind, detail)
        }
        Err(loss) => {
            let winner = loss.loser.opp();
            let code = match loss.kind {
                EndKind::Resign => "R",
                EndKind::Time => "T",
                _ => "F",
            };
            (
                Some(winner),
                format!("{}+{code}", winner.letter()),
                loss.kind,
                loss.detail,
            )
        }
    };
    let names = [
        black.name.clone().unwrap_or_else(|| black.label.clone()),
        white.name.clone().unwrap_or_else(|| white.label.clone()),
    ];
    let sgf = sgf_text(cfg, &game, &names, &result, &detail);
    GameOutcome {
        winner,
        result,
        kind,
        detail,
        moves,
        move_times,
        sgf,
    }
}

/// The game proper: returns how it ended when it ends by itself
/// (`Score`/`MaxMoves`), or the loss.
fn run(
    cfg: &Config,
    black: &mut GtpProcess,
    white: &mut GtpProcess,
    seeds: Option<(u32, u32)>,
    game: &mut Game,
    move_times: &mut Vec<(Color, f64)>,
) -> Result<EndKind, Forfeit> {
    // Both are started before either failure counts, so the record names both.
    let started_black = start(cfg, black, Color::Black);
    let started_white = start(cfg, white, Color::White);
    started_black?;
    started_white?;
    setup(cfg, black, Color::Black, seeds.map(|s| s.0))?;
    setup(cfg, white, Color::White, seeds.map(|s| s.1))?;
    let mut clocks = match cfg.time {
        MatchTime::Clock(ts) => [Some(RefereeClock::new(ts)), Some(RefereeClock::new(ts))],
        _ => [None, None],
    };
    let t = cfg.command_timeout();
    let v = cfg.verbose;
    loop {
        if game.is_over() {
            return Ok(EndKind::Score);
        }
        if game.moves().len() >= cfg.max_moves {
            return Ok(EndKind::MaxMoves);
        }
        let color = game.to_play();
        let (me, other) = if color == Color::Black {
            (&mut *black, &mut *white)
        } else {
            (&mut *white, &mut *black)
        };
        let clock = &mut clocks[color.index()];
        if let Some(c) = clock {
            let (left, stones) = c.time_left();
            send(
                me,
                color,
                &format!("time_left {color} {left} {stones}"),
                t,
                false,
                v,
            )?;
        }
        let timeout = cfg.move_timeout(clock.as_ref());
        let cmd = format!("genmove {color}");
        let start = Instant::now();
        let reply = me.command(&cmd, timeout);
        let elapsed = start.elapsed().as_secs_f64();
        let reply = reply.map_err(|f| no_answer(color, me, &cmd, f, timeout))?;
        move_times.push((color, elapsed));
        let lose = |kind, detail: String| Forfeit {
            loser: color,
            kind,
            detail,
        };
        if !reply.ok {
            return Err(lose(
                EndKind::Illegal,
                format!("{} failed genmove: {}", who(me, color), reply.text),
            ));
        }
        if let Some(limit) = cfg.soft_limit()
            && elapsed > limit
        {
            return Err(lose(
                EndKind::Time,
                format!(
                    "{} took {elapsed:.2} s for a move (limit {limit:.2} s)",
                    who(me, color)
                ),
            ));
        }
        if let Some(c) = clock
            && c.charge(elapsed)
        {
            return Err(lose(
                EndKind::Time,
                format!(
                    "{} ran out of time ({elapsed:.2} s for move {})",
                    who(me, color),
                    game.moves().len() + 1
                ),
            ));
        }
        let token = reply.text.split_whitespace().next().unwrap_or("");
        if token.eq_ignore_ascii_case("resign") {
            return Err(lose(
                EndKind::Resign,
                format!("{} resigned", who(me, color)),
            ));
        }
        let mv = match game.board().parse_move(token) {
            Ok(m) => m,
            Err(e) => {
                let shown: String = reply.text.chars().take(60).collect();
                return Err(lose(
                    EndKind::Illegal,
                    format!(
                        "{} answered genmove with '{shown}': {}",
                        who(me, color),
                        vertex_problem(e)
                    ),
                ));
            }
        };
        let text = game.board().move_string(mv);
        if let Err(e) = game.play(color, mv) {
            return Err(lose(
                EndKind::Illegal,
                format!(
                    "{} played {text} at move {}: {e}",
                    who(me, color),
                    game.moves().len() + 1
                ),
            ));
        }
        send(
            other,
            color.opp(),
            &format!("play {color} {text}"),
            t,
            true,
            v,
        )?;
    }
}

/// The final score (Black minus White minus komi) and how it was reached.
fn score(cfg: &Config, game: &Game, scorer: Option<&mut GtpProcess>) -> (f32, String) {
    let board = game.board();
    let Some(scorer) = scorer else {
        return (board.area_score(cfg.komi), "tromp-taylor".to_string());
    };
    match dead_stones(cfg, game, scorer) {
        Ok(dead) => (
            board.area_score_with_dead(&Board::bitboard_of(&dead), cfg.komi),
            format!("area, {} dead by scorer", dead.len()),
        ),
        Err(why) => {
            note!("referee: scorer failed ({why}); using Tromp-Taylor");
            (
                board.area_score(cfg.komi),
                format!("tromp-taylor (scorer failed: {why})"),
            )
        }
    }
}

/// Replays the game into the scorer and asks it which stones are dead.
fn dead_stones(cfg: &Config, game: &Game, scorer: &mut GtpProcess) -> Result<Vec<Point>, String> {
    let describe = |f: Fail| match f {
        Fail::Timeout => "no answer, killed".to_string(),
        Fail::Dead(how) => how,
    };
    scorer
        .ensure_started(cfg.startup_timeout())
        .map_err(describe)?;
    let t = cfg.scorer_timeout();
    let board = game.board();
    let mut cmds = vec![
        format!("boardsize {}", cfg.size),
        "clear_board".to_string(),
        format!("komi {}", cfg.komi),
    ];
    if cfg.handicap > 0 {
        cmds.push(format!("fixed_handicap {}", cfg.handicap));
    }
    for &(c, m) in game.moves() {
        cmds.push(format!("play {c} {}", board.move_string(m)));
    }
    for cmd in &cmds {
        let r = scorer.command(cmd, t).map_err(describe)?;
        if !r.ok && !cmd.starts_with("komi") {
            return Err(format!("refused '{cmd}': {}", r.text));
        }
    }
    let r = scorer
        .command("final_status_list dead", t)
        .map_err(describe)?;
    if !r.ok {
        return Err(format!("refused final_status_list: {}", r.text));
    }
    let mut dead = Vec::new();
    for tok in r.text.split_whitespace() {
        match board.parse_move(tok) {
            Ok(Move::Play(p)) if board.stone(p).is_some() => dead.push(p),
            _ => return Err(format!("bad dead stone '{tok}'")),
        }
    }
    Ok(dead)
}

/// The handicap stones of `cfg` on `game`'s board (none for an even game).
fn handicap_points(cfg: &Config, game: &Game) -> Vec<Point> {
    fixed_handicap_points(cfg.size, cfg.handicap)
        .unwrap_or_default()
        .into_iter()
        .map(|(c, r)| game.board().point(c, r))
        .collect()
}

/// The SGF record of the game, with the reason for its end as a comment
/// on the last node.
fn sgf_text(cfg: &Config, game: &Game, names: &[String; 2], result: &str, detail: &str) -> String {
    let board = game.board();
    let sgf_color = |c: Color| match c {
        Color::Black => SgfColor::Black,
        Color::White => SgfColor::White,
    };
    let moves = game
        .moves()
        .iter()
        .map(|&(c, m)| {
            let at = match m {
                Move::Pass => None,
                Move::Play(p) => {
                    let (col, row) = board.col_row(p);
                    Some((col as u8, row as u8))
                }
            };
            RecordedMove::Play(sgf_color(c), at)
        })
        .collect();
    let record = GameRecord {
        size: cfg.size,
        komi: Some(cfg.komi),
        handicap: cfg.handicap as u32,
        black_setup: handicap_points(cfg, game)
            .into_iter()
            .map(|p| {
                let (col, row) = board.col_row(p);
                (col as u8, row as u8)
            })
            .collect(),
        white_setup: Vec::new(),
        moves,
        result: Some(result.to_string()),
        player_black: Some(names[0].clone()),
        player_white: Some(names[1].clone()),
        rules: Some("Tromp-Taylor".to_string()),
    };
    let mut text = record.to_sgf();
    let comment = format!("{result}: {detail}");
    let trimmed = text.trim_end().len();
    text.truncate(trimmed);
    if text.ends_with(')') {
        text.pop();
        text.push_str("C[");
        for ch in comment.chars() {
            if ch == '\\' || ch == ']' {
                text.push('\\');
            }
            text.push(ch);
        }
        text.push_str("])\n");
    } else {
        text.push('\n');
    }
    text
}
