//! The command table: every command the engine knows, its argument checks, and the text of
//! its answer. The table drives `list_commands` and `known_command`. GoGui's commands live in
//! `gogui.rs`, GNU Go's in `gnugo_ext.rs`, the analysis commands in `analyze.rs`.

use super::analyze::{self, Dialect, Request};
use super::args::*;
use super::response::CommandResult;
use super::{Session, explain, gnugo_ext, gogui, rules, think};
use crate::board::{Color, Move};
use crate::engine::{GenMode, GenMove, StoneStatus, TimeControl};
use std::fmt::Write as _;

/// What a command does.
#[derive(Clone, Copy)]
pub(super) enum CommandKind {
    /// Answers with one response.
    Reply(fn(&mut Session, &[String]) -> CommandResult),
    /// Streams its response: reads its arguments into an analysis request the main loop runs.
    Stream(fn(&Session, &[String]) -> Result<Request, String>),
}

/// A command's outcome: its answer, or the analysis to run.
pub(super) enum CommandOutcome {
    Text(String),
    Stream(Request),
}

impl CommandKind {
    /// Runs the command on `args`.
    pub(super) fn run(self, s: &mut Session, args: &[String]) -> Result<CommandOutcome, String> {
        match self {
            CommandKind::Reply(f) => f(s, args).map(CommandOutcome::Text),
            CommandKind::Stream(f) => f(s, args).map(CommandOutcome::Stream),
        }
    }
}

use CommandKind::{Reply as R, Stream as S};

/// Every command, in the order `list_commands` gives them.
const COMMANDS: &[(&str, CommandKind)] = &[
    ("protocol_version", R(|_, a| no_args(a).map(|_| "2".into()))),
    ("name", R(|_, a| no_args(a).map(|_| "moyo".into()))),
    (
        "version",
        R(|_, a| no_args(a).map(|_| env!("CARGO_PKG_VERSION").into())),
    ),
    ("known_command", R(known_command)),
    (
        "list_commands",
        R(|_, a| no_args(a).map(|_| command_names().join("\n"))),
    ),
    ("quit", R(quit)),
    ("boardsize", R(boardsize)),
    ("rectangular_boardsize", R(rectangular_boardsize)),
    ("clear_board", R(clear_board)),
    ("komi", R(komi)),
    ("play", R(play)),
    ("genmove", R(|s, a| generate(s, a, GenMode::Play))),
    ("undo", R(undo)),
    ("fixed_handicap", R(fixed_handicap)),
    ("place_free_handicap", R(place_free_handicap)),
    ("set_free_handicap", R(set_free_handicap)),
    ("time_settings", R(time_settings)),
    ("time_left", R(time_left)),
    ("final_score", R(final_score)),
    ("estimate_score", R(estimate_score)),
    ("final_status_list", R(final_status_list)),
    ("final_status", R(gnugo_ext::final_status)),
    ("loadsgf", R(loadsgf)),
    ("reg_genmove", R(|s, a| generate(s, a, GenMode::Regression))),
    ("showboard", R(showboard)),
    ("list_stones", R(gnugo_ext::list_stones)),
    ("all_legal", R(gnugo_ext::all_legal)),
    ("captures", R(gnugo_ext::captures)),
    ("findlib", R(gnugo_ext::findlib)),
    ("move_history", R(gnugo_ext::move_history)),
    (
        "query_boardsize",
        R(|s, a| no_args(a).map(|_| s.engine.board().size().to_string())),
    ),
    (
        "get_komi",
        R(|s, a| no_args(a).map(|_| s.engine.game().komi().to_string())),
    ),
    (
        "get_handicap",
        R(|s, a| no_args(a).map(|_| s.engine.game().handicap().to_string())),
    ),
    ("top_moves", R(gnugo_ext::top_moves)),
    (
        "top_moves_black",
        R(|s, a| gnugo_ext::top_moves_for(s, a, Color::Black)),
    ),
    (
        "top_moves_white",
        R(|s, a| gnugo_ext::top_moves_for(s, a, Color::White)),
    ),
    ("printsgf", R(printsgf)),
    (
        "kgs-genmove_cleanup",
        R(|s, a| generate(s, a, GenMode::Cleanup)),
    ),
    ("kgs-time_settings", R(kgs_time_settings)),
    ("kata-time_settings", R(kata_time_settings)),
    (
        "kata-list_time_settings",
        R(|_, a| no_args(a).map(|_| TIME_SETTINGS.join(" "))),
    ),
    ("kgs-rules", R(rules::kgs_rules)),
    ("kata-set-rules", R(rules::kata_set_rules)),
    ("kata-set-rule", R(rules::kata_set_rule)),
    ("kata-get-rules", R(rules::kata_get_rules)),
    ("kgs-game_over", R(|_, _| Ok(String::new()))),
    (
        "analyze",
        S(|s, a| analyze::request(s, a, Dialect::Leela, false)),
    ),
    (
        "lz-analyze",
        S(|s, a| analyze::request(s, a, Dialect::Leela, false)),
    ),
    (
        "kata-analyze",
        S(|s, a| analyze::request(s, a, Dialect::Kata, false)),
    ),
    (
        "genmove_analyze",
        S(|s, a| analyze::request(s, a, Dialect::Leela, true)),
    ),
    (
        "lz-genmove_analyze",
        S(|s, a| analyze::request(s, a, Dialect::Leela, true)),
    ),
    (
        "kata-genmove_analyze",
        S(|s, a| analyze::request(s, a, Dialect::Kata, true)),
    ),
    // Lizzie and KaTrain end a stream with `stop`: the stream ends on any input, and this
    // answers it.
    ("stop", R(|_, _| Ok(String::new()))),
    ("clear_cache", R(clear_cache)),
    (
        "cgos-opponent_name",
        R(|s, a| {
            s.engine.set_opponent(&a.join(" "));
            cgos_note(s, "opponent", a)
        }),
    ),
    (
        "cgos-opponent_rating",
        R(|s, a| cgos_note(s, "opponent rating", a)),
    ),
    (
        "cgos-gameover",
        R(|s, a| {
            s.engine.game_over(&a.join(" "));
            cgos_note(s, "game over", a)
        }),
    ),
    ("gogui-analyze_commands", R(gogui::analyze_commands)),
    ("gogui-version", R(|_, _| Ok(String::new()))),
    (
        "gogui-interrupt",
        R(|_, a| no_args(a).map(|_| String::new())),
    ),
    ("gogui-play_sequence", R(gogui::play_sequence)),
    ("gogui-setup", R(gogui::setup)),
    ("gogui-setup_player", R(gogui::setup_player)),
    ("gg-undo", R(gogui::gg_undo)),
    ("play_sequence", R(gogui::play_sequence)),
    (
        "cputime",
        R(|s, a| no_args(a).map(|_| format!("{:.3}", s.engine.cputime()))),
    ),
    ("moyo-param", R(gogui::param)),
    ("moyo-display", R(gogui::display)),
    ("moyo-explain", R(explain::explain)),
    ("moyo-ownership", R(gogui::ownership)),
    ("moyo-visits", R(gogui::visits)),
    ("moyo-winrates", R(gogui::winrates)),
    ("moyo-pv", R(gogui::pv)),
    ("moyo-gfx", R(gogui::gfx)),
    ("moyo-territory", R(gogui::territory)),
    ("moyo-policy_genmove", R(policy_genmove)),
];

/// The names of all commands.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|(n, _)| *n).collect()
}

/// Whether `name` (any case) is a command.
pub fn is_known(name: &str) -> bool {
    kind(&name.to_ascii_lowercase()).is_some()
}

/// What a lowercased command name does.
pub(super) fn kind(name: &str) -> Option<CommandKind> {
    COMMANDS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

// ---- administrative ----------------------------------------------------------------------

fn known_command(_: &mut Session, a: &[String]) -> CommandResult {
    let name = one_arg(a)?;
    Ok(if is_known(name) { "true" } else { "false" }.into())
}

fn quit(s: &mut Session, _: &[String]) -> CommandResult {
    s.quit = true;
    Ok(String::new())
}

// ---- setup -------------------------------------------------------------------------------

fn boardsize(s: &mut Session, a: &[String]) -> CommandResult {
    let n = integer(one_arg(a)?).ok_or_else(syntax)?;
    let n = usize::try_from(n).map_err(|_| "unacceptable size".to_string())?;
    s.engine.boardsize(n).map(|_| String::new())
}

/// `rectangular_boardsize <width> <height>` (Sabaki, for non-square boards): only square
/// boards are played.
fn rectangular_boardsize(s: &mut Session, a: &[String]) -> CommandResult {
    let [w, h] = a else { return Err(syntax()) };
    let (w, h) = (
        integer(w).ok_or_else(syntax)?,
        integer(h).ok_or_else(syntax)?,
    );
    if w != h {
        return Err("unacceptable size".into());
    }
    boardsize(s, &[w.to_string()])
}

fn clear_board(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    s.engine.clear_board();
    Ok(String::new())
}

fn komi(s: &mut Session, a: &[String]) -> CommandResult {
    let k = finite(one_arg(a)?).ok_or_else(syntax)?;
    let k = k as f32;
    if !k.is_finite() {
        return Err(syntax());
    }
    s.engine.komi(k).map(|_| String::new())
}

fn handicap_count(a: &[String]) -> Result<usize, String> {
    let n = integer(one_arg(a)?).ok_or_else(syntax)?;
    usize::try_from(n).map_err(|_| "invalid number of stones".to_string())
}

fn fixed_handicap(s: &mut Session, a: &[String]) -> CommandResult {
    let n = handicap_count(a)?;
    let pts = s.engine.fixed_handicap(n)?;
    Ok(vertices(s.engine.board(), &pts))
}

fn place_free_handicap(s: &mut Session, a: &[String]) -> CommandResult {
    let n = handicap_count(a)?;
    let pts = s.engine.place_free_handicap(n)?;
    Ok(vertices(s.engine.board(), &pts))
}

fn set_free_handicap(s: &mut Session, a: &[String]) -> CommandResult {
    let bad = || "bad vertex list".to_string();
    let mut pts = Vec::with_capacity(a.len());
    for v in a {
        match s.engine.board().parse_move(v) {
            Ok(Move::Play(p)) => pts.push(p),
            _ => return Err(bad()),
        }
    }
    s.engine.set_free_handicap(&pts).map(|_| String::new())
}

/// `cgos-opponent_name`, `cgos-opponent_rating`, `cgos-gameover`: always accepted (the CGOS
/// client treats any error as fatal), noted on stderr.
fn cgos_note(s: &mut Session, what: &str, a: &[String]) -> CommandResult {
    if s.engine.verbose() {
        crate::diag!("moyo: {what}: {}", a.join(" "));
    }
    Ok(String::new())
}

// ---- play --------------------------------------------------------------------------------

fn play(s: &mut Session, a: &[String]) -> CommandResult {
    let [c, v] = a else { return Err(syntax()) };
    let c = color(c)?;
    let m = vertex(s, v)?;
    s.engine
        .play(c, m)
        .map(|_| String::new())
        .map_err(|_| "illegal move".to_string())
}

/// `genmove`, `reg_genmove` and `kgs-genmove_cleanup <color>`.
fn generate(s: &mut Session, a: &[String], mode: GenMode) -> CommandResult {
    let c = color(one_arg(a)?)?;
    let g = think::generate(s, c, mode, think::Watchers::new());
    Ok(gen_text(s.engine.board(), g))
}

/// `moyo-policy_genmove <color>`: the playout policy's move, not played.
fn policy_genmove(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color(one_arg(a)?)?;
    let m = s.engine.policy_move(c);
    Ok(gen_text(s.engine.board(), GenMove::Play(m)))
}

fn undo(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    s.engine.undo().map(|_| String::new())
}

// ---- time --------------------------------------------------------------------------------

fn time_settings(s: &mut Session, a: &[String]) -> CommandResult {
    let [m, b, n] = a else { return Err(syntax()) };
    let (m, b) = (seconds(m)?, seconds(b)?);
    let n = count(n).ok_or_else(syntax)?;
    s.engine.time_settings(m, b, n);
    Ok(String::new())
}

/// `kgs-time_settings none | absolute m | byoyomi m p n | canadian m p n`. kgsGtp declines a
/// challenge whose time settings fail, so `none` and `absolute` also accept (and ignore)
/// trailing numbers: its documentation only promises "fewer than two options" for them.
fn kgs_time_settings(s: &mut Session, a: &[String]) -> CommandResult {
    let control = time_control(a, false)?;
    s.engine.set_time_control(control);
    Ok(String::new())
}

/// The kinds `kata-time_settings` takes (`kata-list_time_settings`); `byo-yomi` is
/// KataGo's spelling of `byoyomi`.
const TIME_SETTINGS: &[&str] = &[
    "none",
    "absolute",
    "byoyomi",
    "byo-yomi",
    "canadian",
    "fischer",
    "fischer-capped",
];

/// `kata-time_settings`: the kinds of `kgs-time_settings` with exactly their numbers (any
/// non-negative seconds), plus `fischer MAIN INCREMENT` and `fischer-capped MAIN INCREMENT
/// MAIN_LIMIT MAX_PER_MOVE` (a negative limit is no limit; a main-time limit is at least
/// `MAIN`).
fn kata_time_settings(s: &mut Session, a: &[String]) -> CommandResult {
    let control = time_control(a, true)?;
    s.engine.set_time_control(control);
    Ok(String::new())
}

/// The time control of `kgs-time_settings` (`kata == false`, lenient about trailing numbers)
/// or `kata-time_settings` arguments.
fn time_control(a: &[String], kata: bool) -> Result<TimeControl, String> {
    let Some((kind, rest)) = a.split_first() else {
        return Err(syntax());
    };
    let extra_ok = |x: &[String]| x.is_empty() || (!kata && x.iter().all(|v| finite(v).is_some()));
    let limit = |v: &String| -> Result<Option<f64>, String> {
        let v = finite(v).ok_or_else(syntax)?;
        Ok((v >= 0.0).then_some(v))
    };
    Ok(match (kind.to_ascii_lowercase().as_str(), rest) {
        ("none", extra) if extra_ok(extra) => TimeControl::Unlimited,
        ("absolute", [m, extra @ ..]) if extra_ok(extra) => {
            TimeControl::Absolute { main: seconds(m)? }
        }
        ("byoyomi" | "byo-yomi", [m, p, n]) => TimeControl::ByoYomi {
            main: seconds(m)?,
            period: seconds(p)?,
            periods: count(n).ok_or_else(syntax)?,
        },
        ("canadian", [m, p, n]) => TimeControl::Canadian {
            main: seconds(m)?,
            period: seconds(p)?,
            stones: count(n).ok_or_else(syntax)?,
        },
        ("fischer", [m, i]) if kata => TimeControl::Fischer {
            main: seconds(m)?,
            increment: seconds(i)?,
            cap: None,
            max_move: None,
        },
        ("fischer-capped", [m, i, cap, mv]) if kata => {
            let main = seconds(m)?;
            let cap = limit(cap)?;
            if cap.is_some_and(|c| c < main) {
                return Err("main time limit below the main time".into());
            }
            TimeControl::Fischer {
                main,
                increment: seconds(i)?,
                cap,
                max_move: limit(mv)?,
            }
        }
        _ => return Err(syntax()),
    })
}

fn time_left(s: &mut Session, a: &[String]) -> CommandResult {
    let [c, t, n] = a else { return Err(syntax()) };
    let c = color(c)?;
    // A controller may report a clock gone slightly negative: that is no time.
    let t = finite(t).ok_or_else(syntax)?.max(0.0);
    let n = count(n).ok_or_else(syntax)?;
    s.engine.time_left(c, t, n);
    Ok(String::new())
}

// ---- the end of the game -----------------------------------------------------------------

fn final_score(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    s.engine.final_score()
}

/// `estimate_score` (GNU Go's): the short search's mean margin, `W+x` or `B+x` with one
/// decimal, and the margin one standard deviation either side, both from White's view as
/// GNU Go gives them (`W+4.5 (upper bound: 9.3, lower: -0.3)`).
fn estimate_score(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let e = s.engine.estimate().ok_or("cannot score")?;
    let white = -e.black.lead;
    let lead = if white >= 0.0 {
        format!("W+{:.1}", white)
    } else {
        format!("B+{:.1}", -white)
    };
    Ok(format!(
        "{lead} (upper bound: {:.1}, lower: {:.1})",
        white + e.black.stdev + 0.0,
        white - e.black.stdev + 0.0
    ))
}

/// `clear_cache` (KataGo's): the next search starts from an empty tree.
fn clear_cache(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    s.engine.clear_cache();
    Ok(String::new())
}

fn final_status_list(s: &mut Session, a: &[String]) -> CommandResult {
    let arg = one_arg(a)?;
    if let Some(r) = gnugo_ext::territory_list(s, &arg.to_ascii_lowercase()) {
        return r;
    }
    let kind = StoneStatus::parse(arg).ok_or_else(syntax)?;
    let strings = s.engine.final_status_strings(kind);
    let b = s.engine.board();
    Ok(strings
        .iter()
        .map(|st| vertices(b, st))
        .collect::<Vec<_>>()
        .join("\n"))
}

// ---- records and display -----------------------------------------------------------------

fn loadsgf(s: &mut Session, a: &[String]) -> CommandResult {
    let (path, n) = match a {
        [p] => (p, None),
        [p, n] => {
            let n = integer(n).filter(|&n| n >= 0).ok_or_else(syntax)?;
            (p, Some(usize::try_from(n).unwrap_or(usize::MAX)))
        }
        _ => return Err(syntax()),
    };
    let c = s.engine.load_sgf(path, n)?;
    Ok(c.to_string())
}

fn printsgf(s: &mut Session, a: &[String]) -> CommandResult {
    let sgf = s.engine.game_record();
    match a {
        [] => Ok(sgf.trim_end().to_string()),
        [path] => std::fs::write(path, sgf)
            .map(|_| String::new())
            .map_err(|e| format!("cannot write file: {e}")),
        _ => Err(syntax()),
    }
}

fn showboard(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let g = s.engine.game();
    let b = g.board();
    let mut out = format!("\n{b}\n");
    let _ = write!(
        out,
        "{} to play, komi {}, captured by black {} by white {}",
        g.to_play(),
        g.komi(),
        b.captures(Color::Black),
        b.captures(Color::White)
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sane() {
        let names = command_names();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(n), "{n} twice");
            assert_eq!(n.to_ascii_lowercase(), *n);
        }
        assert!(!is_known("kgs-chat"));
        assert!(is_known("GENMOVE"));
        assert!(is_known("lz-analyze"));
    }

    #[test]
    fn rectangular_boards_must_be_square() {
        use crate::engine::{Engine, EngineConfig};
        let mut s = Session::new(Engine::new(EngineConfig::default()));
        let mut say = |l: &str| s.handle_line(l).unwrap();
        assert_eq!(say("rectangular_boardsize 9 13"), "? unacceptable size\n\n");
        assert_eq!(say("rectangular_boardsize 9"), "? syntax error\n\n");
        assert_eq!(
            say("rectangular_boardsize 26 26"),
            "? unacceptable size\n\n"
        );
        assert_eq!(say("rectangular_boardsize 7 7"), "= \n\n");
        assert_eq!(s.engine().board().size(), 7);
    }
}
