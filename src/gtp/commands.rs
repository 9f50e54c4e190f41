//! The command table: every command the engine knows, its argument checks, and the text of
//! its answer. The table drives `list_commands` and `known_command`.

use super::Session;
use crate::board::{Board, Color, Move, Point, VertexError};
use crate::engine::{GenMove, StoneStatus, TimeControl};
use std::fmt::Write as _;

type Reply = Result<String, String>;
type Handler = fn(&mut Session, &[String]) -> Reply;

/// Every command, in the order `list_commands` gives them.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, a| no_args(a).map(|_| "2".into())),
    ("name", |_, a| no_args(a).map(|_| "moyo".into())),
    ("version", |_, a| {
        no_args(a).map(|_| env!("CARGO_PKG_VERSION").into())
    }),
    ("known_command", known_command),
    ("list_commands", |_, a| {
        no_args(a).map(|_| command_names().join("\n"))
    }),
    ("quit", quit),
    ("boardsize", boardsize),
    ("clear_board", clear_board),
    ("komi", komi),
    ("play", play),
    ("genmove", genmove),
    ("undo", undo),
    ("fixed_handicap", fixed_handicap),
    ("place_free_handicap", place_free_handicap),
    ("set_free_handicap", set_free_handicap),
    ("time_settings", time_settings),
    ("time_left", time_left),
    ("final_score", final_score),
    ("final_status_list", final_status_list),
    ("loadsgf", loadsgf),
    ("reg_genmove", reg_genmove),
    ("showboard", showboard),
    ("printsgf", printsgf),
    ("kgs-genmove_cleanup", kgs_genmove_cleanup),
    ("kgs-time_settings", kgs_time_settings),
    ("kgs-rules", kgs_rules),
    ("kgs-game_over", |_, _| Ok(String::new())),
    ("gogui-analyze_commands", analyze_commands),
    ("gogui-interrupt", |_, a| no_args(a).map(|_| String::new())),
    ("gogui-play_sequence", play_sequence),
    ("gogui-setup", gogui_setup),
    ("gogui-setup_player", gogui_setup_player),
    ("gg-undo", gg_undo),
    ("play_sequence", play_sequence),
    ("cputime", |s, a| {
        no_args(a).map(|_| format!("{:.3}", s.engine.cputime()))
    }),
    ("moyo-param", moyo_param),
    ("moyo-policy_genmove", policy_genmove),
];

/// GoGui's analyze menu: only commands that exist.
const ANALYZE_COMMANDS: &str = "\
plist/Dead stones/final_status_list dead
plist/Alive stones/final_status_list alive
string/Final score/final_score
string/Show board/showboard
param/Parameters/moyo-param
none/Print SGF/printsgf";

/// The names of all commands.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|(n, _)| *n).collect()
}

/// Whether `name` (any case) is a command.
pub fn is_known(name: &str) -> bool {
    handler(&name.to_ascii_lowercase()).is_some()
}

/// The handler of a lowercased command name.
pub(super) fn handler(name: &str) -> Option<Handler> {
    COMMANDS.iter().find(|(n, _)| *n == name).map(|(_, h)| *h)
}

// ---- argument helpers --------------------------------------------------------------------

fn syntax() -> String {
    "syntax error".into()
}

fn no_args(a: &[String]) -> Result<(), String> {
    if a.is_empty() { Ok(()) } else { Err(syntax()) }
}

fn one_arg(a: &[String]) -> Result<&str, String> {
    match a {
        [x] => Ok(x),
        _ => Err(syntax()),
    }
}

/// An integer of any size (saturating) with an optional sign; `None` if not an integer.
fn integer(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if neg { -v } else { v })
}

/// A count: a non-negative integer (`5` or `5.0`), saturating at `u32::MAX`.
fn count(s: &str) -> Option<u32> {
    if let Some(v) = integer(s) {
        return (v >= 0).then(|| v.min(i64::from(u32::MAX)) as u32);
    }
    let f = finite(s)?;
    (f >= 0.0 && f.fract() == 0.0).then(|| f.min(f64::from(u32::MAX)) as u32)
}

/// A finite number.
fn finite(s: &str) -> Option<f64> {
    // Only plain decimal notation (Rust would also read `inf` and `NaN`).
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
    {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A non-negative number of seconds.
fn seconds(s: &str) -> Result<f64, String> {
    finite(s).filter(|&v| v >= 0.0).ok_or_else(syntax)
}

fn color(s: &str) -> Result<Color, String> {
    Color::parse(s).ok_or_else(|| "invalid color".to_string())
}

fn vertex(s: &Session, v: &str) -> Result<Move, String> {
    s.engine.board().parse_move(v).map_err(|e| match e {
        VertexError::Syntax | VertexError::OffBoard => "invalid vertex".to_string(),
    })
}

fn vertices(b: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| b.point_string(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn gen_text(s: &Session, g: GenMove) -> String {
    match g {
        GenMove::Play(m) => s.engine.board().move_string(m),
        GenMove::Resign => "resign".into(),
    }
}

// ---- administrative ----------------------------------------------------------------------

fn known_command(_: &mut Session, a: &[String]) -> Reply {
    let name = one_arg(a)?;
    Ok(if is_known(name) { "true" } else { "false" }.into())
}

fn quit(s: &mut Session, _: &[String]) -> Reply {
    s.quit = true;
    Ok(String::new())
}

// ---- setup -------------------------------------------------------------------------------

fn boardsize(s: &mut Session, a: &[String]) -> Reply {
    let n = integer(one_arg(a)?).ok_or_else(syntax)?;
    let n = usize::try_from(n).map_err(|_| "unacceptable size".to_string())?;
    s.engine.boardsize(n).map(|_| String::new())
}

fn clear_board(s: &mut Session, a: &[String]) -> Reply {
    no_args(a)?;
    s.engine.clear_board();
    Ok(String::new())
}

fn komi(s: &mut Session, a: &[String]) -> Reply {
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

fn fixed_handicap(s: &mut Session, a: &[String]) -> Reply {
    let n = handicap_count(a)?;
    let pts = s.engine.fixed_handicap(n)?;
    Ok(vertices(s.engine.board(), &pts))
}

fn place_free_handicap(s: &mut Session, a: &[String]) -> Reply {
    let n = handicap_count(a)?;
    let pts = s.engine.place_free_handicap(n)?;
    Ok(vertices(s.engine.board(), &pts))
}

fn set_free_handicap(s: &mut Session, a: &[String]) -> Reply {
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

fn kgs_rules(s: &mut Session, a: &[String]) -> Reply {
    // Always accepted: kgsGtp ignores the answer, and unknown rules change nothing.
    if let Some(name) = a.first() {
        s.engine.set_rules(name);
    }
    Ok(String::new())
}

// ---- play --------------------------------------------------------------------------------

fn play(s: &mut Session, a: &[String]) -> Reply {
    let [c, v] = a else { return Err(syntax()) };
    let c = color(c)?;
    let m = vertex(s, v)?;
    s.engine
        .play(c, m)
        .map(|_| String::new())
        .map_err(|_| "illegal move".to_string())
}

fn play_sequence(s: &mut Session, a: &[String]) -> Reply {
    if !a.len().is_multiple_of(2) {
        return Err(syntax());
    }
    let mut moves = Vec::with_capacity(a.len() / 2);
    for pair in a.chunks(2) {
        moves.push((color(&pair[0])?, vertex(s, &pair[1])?));
    }
    s.engine
        .play_sequence(&moves)
        .map(|_| String::new())
        .map_err(|(i, _)| {
            format!(
                "illegal move: {} {}",
                pair_text(&a[2 * i]),
                a[2 * i + 1].to_ascii_uppercase()
            )
        })
}

fn pair_text(c: &str) -> String {
    Color::parse(c).map_or_else(|| c.to_string(), |c| c.to_string())
}

fn genmove(s: &mut Session, a: &[String]) -> Reply {
    let c = color(one_arg(a)?)?;
    let g = s.engine.genmove(c)?;
    Ok(gen_text(s, g))
}

fn reg_genmove(s: &mut Session, a: &[String]) -> Reply {
    let c = color(one_arg(a)?)?;
    let g = s.engine.reg_genmove(c)?;
    Ok(gen_text(s, g))
}

/// `moyo-policy_genmove <color>`: the playout policy's move, not played.
fn policy_genmove(s: &mut Session, a: &[String]) -> Reply {
    let c = color(one_arg(a)?)?;
    let m = s.engine.policy_move(c);
    Ok(gen_text(s, GenMove::Play(m)))
}

fn kgs_genmove_cleanup(s: &mut Session, a: &[String]) -> Reply {
    let c = color(one_arg(a)?)?;
    let g = s.engine.genmove_cleanup(c)?;
    Ok(gen_text(s, g))
}

fn undo(s: &mut Session, a: &[String]) -> Reply {
    no_args(a)?;
    s.engine.undo().map(|_| String::new())
}

/// `gg-undo [n]`: takes back `n` moves (default 1), all or none.
fn gg_undo(s: &mut Session, a: &[String]) -> Reply {
    let n = match a {
        [] => 1,
        [n] => integer(n).filter(|&n| n >= 0).ok_or_else(syntax)?,
        _ => return Err(syntax()),
    };
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    s.engine.undo_many(n).map(|_| String::new())
}

/// `gogui-setup <color> <vertex> ...`: setup stones, all or none.
fn gogui_setup(s: &mut Session, a: &[String]) -> Reply {
    if !a.len().is_multiple_of(2) {
        return Err(syntax());
    }
    let mut stones = Vec::with_capacity(a.len() / 2);
    for pair in a.chunks(2) {
        let c = color(&pair[0])?;
        match vertex(s, &pair[1])? {
            Move::Play(p) => stones.push((c, p)),
            Move::Pass => return Err("invalid vertex".into()),
        }
    }
    s.engine.setup(&stones).map(|_| String::new()).map_err(|i| {
        format!(
            "illegal setup stone: {} {}",
            pair_text(&a[2 * i]),
            a[2 * i + 1].to_ascii_uppercase()
        )
    })
}

/// `gogui-setup_player <color>`: the colour to move next.
fn gogui_setup_player(s: &mut Session, a: &[String]) -> Reply {
    let c = color(one_arg(a)?)?;
    s.engine.set_to_play(c);
    Ok(String::new())
}

// ---- time --------------------------------------------------------------------------------

fn time_settings(s: &mut Session, a: &[String]) -> Reply {
    let [m, b, n] = a else { return Err(syntax()) };
    let (m, b) = (seconds(m)?, seconds(b)?);
    let n = count(n).ok_or_else(syntax)?;
    s.engine.time_settings(m, b, n);
    Ok(String::new())
}

fn kgs_time_settings(s: &mut Session, a: &[String]) -> Reply {
    let Some((kind, rest)) = a.split_first() else {
        return Err(syntax());
    };
    let control = match (kind.to_ascii_lowercase().as_str(), rest) {
        ("none", []) => TimeControl::Unlimited,
        ("absolute", [m]) => TimeControl::Absolute { main: seconds(m)? },
        ("byoyomi", [m, p, n]) => TimeControl::ByoYomi {
            main: seconds(m)?,
            period: seconds(p)?,
            periods: count(n).ok_or_else(syntax)?,
        },
        ("canadian", [m, p, n]) => TimeControl::Canadian {
            main: seconds(m)?,
            period: seconds(p)?,
            stones: count(n).ok_or_else(syntax)?,
        },
        _ => return Err(syntax()),
    };
    s.engine.kgs_time_settings(control);
    Ok(String::new())
}

fn time_left(s: &mut Session, a: &[String]) -> Reply {
    let [c, t, n] = a else { return Err(syntax()) };
    let c = color(c)?;
    // A controller may report a clock gone slightly negative: that is no time.
    let t = finite(t).ok_or_else(syntax)?.max(0.0);
    let n = count(n).ok_or_else(syntax)?;
    s.engine.time_left(c, t, n);
    Ok(String::new())
}

// ---- the end of the game -----------------------------------------------------------------

fn final_score(s: &mut Session, a: &[String]) -> Reply {
    no_args(a)?;
    s.engine.final_score()
}

fn final_status_list(s: &mut Session, a: &[String]) -> Reply {
    let kind = StoneStatus::parse(one_arg(a)?).ok_or_else(syntax)?;
    let strings = s.engine.final_status_strings(kind);
    let b = s.engine.board();
    Ok(strings
        .iter()
        .map(|st| vertices(b, st))
        .collect::<Vec<_>>()
        .join("\n"))
}

// ---- records and display -----------------------------------------------------------------

fn loadsgf(s: &mut Session, a: &[String]) -> Reply {
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

fn printsgf(s: &mut Session, a: &[String]) -> Reply {
    let sgf = s.engine.to_sgf();
    match a {
        [] => Ok(sgf.trim_end().to_string()),
        [path] => std::fs::write(path, sgf)
            .map(|_| String::new())
            .map_err(|e| format!("cannot write file: {e}")),
        _ => Err(syntax()),
    }
}

fn showboard(s: &mut Session, a: &[String]) -> Reply {
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

fn analyze_commands(_: &mut Session, a: &[String]) -> Reply {
    no_args(a)?;
    Ok(ANALYZE_COMMANDS.to_string())
}

fn moyo_param(s: &mut Session, a: &[String]) -> Reply {
    match a {
        [] => {
            let lines: Vec<String> = s
                .engine
                .describe_params()
                .iter()
                .map(|p| {
                    let value = match p.value.as_str() {
                        "true" => "1",
                        "false" => "0",
                        v => v,
                    };
                    let kind = if p.default == "true" || p.default == "false" {
                        "bool"
                    } else {
                        "string"
                    };
                    format!("[{kind}] {} {value}", p.name)
                })
                .collect();
            Ok(lines.join("\n"))
        }
        [name, value] => {
            let is_bool = s
                .engine
                .describe_params()
                .iter()
                .any(|p| p.name == name && (p.default == "true" || p.default == "false"));
            let value = match (is_bool, value.as_str()) {
                (true, "1") => "true",
                (true, "0") => "false",
                (_, v) => v,
            };
            s.engine.set_param(name, value).map(|_| String::new())
        }
        _ => Err(syntax()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(integer("19"), Some(19));
        assert_eq!(integer("-3"), Some(-3));
        assert_eq!(integer("+3"), Some(3));
        assert_eq!(integer("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(integer("9.5"), None);
        assert_eq!(integer(""), None);
        assert_eq!(integer("-"), None);
        assert_eq!(count("5.0"), Some(5));
        assert_eq!(count("-1"), None);
        assert_eq!(count("1e99"), Some(u32::MAX));
        assert_eq!(finite("7.5"), Some(7.5));
        assert_eq!(finite("-0.5"), Some(-0.5));
        assert_eq!(finite("inf"), None);
        assert_eq!(finite("NaN"), None);
        assert_eq!(finite("1e999"), None);
        assert_eq!(finite("0x10"), None);
        assert!(seconds("-1").is_err());
    }

    #[test]
    fn table_is_sane() {
        let names = command_names();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(n), "{n} twice");
            assert_eq!(n.to_ascii_lowercase(), *n);
        }
        assert!(!is_known("kgs-chat"));
        assert!(is_known("GENMOVE"));
        for line in ANALYZE_COMMANDS.lines() {
            let cmd = line.split('/').nth(2).unwrap();
            assert!(is_known(cmd.split(' ').next().unwrap()), "{line}");
        }
    }
}
