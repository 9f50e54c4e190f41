//! Analysis streams seen from outside: every argument form, both dialects, input ending a
//! stream at once (a command, a raw empty line, GoGui's interrupt, the end of input), the
//! `genmove` kinds running to the end whatever arrives, and the game left untouched; `avoid`
//! and `allow`, KataGo's scores and `rootInfo`, the score estimates, `stop` and
//! `clear_cache`.

mod gtp_support;

use gtp_support::analysis::{Analysis, Dialect, is_gfx_line, parse_stream};
use gtp_support::*;
use std::time::{Duration, Instant};

/// An engine whose moves take 400 playouts (no book: every move is searched); analysis runs
/// until input arrives.
/// The engine of these tests.
fn engine() -> Gtp {
    engine_9x9_komi7()
}

/// Sends an analysis command, waits `wait`, sends `then`; returns the stream's analyses and
/// how long the stream took to end after `then` was sent.
fn stream(
    g: &mut Gtp,
    cmd: &str,
    wait: Duration,
    then: &[u8],
    dialect: Dialect,
) -> (Vec<Analysis>, Duration) {
    g.send_raw(format!("{cmd}\n").as_bytes());
    std::thread::sleep(wait);
    let sent = Instant::now();
    g.send_raw(then);
    let r = g.response();
    let took = sent.elapsed();
    let body = r
        .strip_prefix("= ")
        .and_then(|b| b.strip_suffix("\n\n"))
        .unwrap_or_else(|| panic!("{cmd}: malformed stream {r:?}"));
    let (lines, play) =
        parse_stream(body, dialect, false).unwrap_or_else(|e| panic!("{cmd}: {e}\n{r}"));
    assert_eq!(play, None);
    (lines, took)
}

/// Watches the stream of `cmd` for `ms` milliseconds, then ends it with `name`, which must
/// be answered; the stream's analyses.
fn watch(g: &mut Gtp, cmd: &str, ms: u64, dialect: Dialect) -> Vec<Analysis> {
    let (lines, _) = stream(g, cmd, Duration::from_millis(ms), b"name\n", dialect);
    assert_eq!(g.response(), "= moyo\n\n", "{cmd}");
    lines
}

/// How quickly a stream must end after input arrives (generous: the machine may be loaded).
const PROMPT: Duration = Duration::from_millis(1500);

#[test]
fn lz_analyze_ends_at_once_on_the_next_command_which_is_answered() {
    let mut g = engine();
    let before = g.ok("showboard");
    let (lines, took) = stream(
        &mut g,
        "lz-analyze b 10",
        Duration::from_millis(800),
        b"2 name\n",
        Dialect::Leela,
    );
    assert!(took < PROMPT, "the stream took {took:?} to end");
    assert!(lines.len() >= 3, "only {} lines in 0.8 s", lines.len());
    // The search grows between lines.
    let visits = |a: &Analysis| a.infos.iter().map(|i| i.visits).sum::<u64>();
    assert!(visits(&lines[lines.len() - 1]) > visits(&lines[0]));
    assert!(lines.iter().all(|a| a.ownership.is_none()));
    // Most visited first.
    for a in &lines {
        assert!(a.infos.windows(2).all(|w| w[0].visits >= w[1].visits));
    }
    assert_eq!(g.response(), "=2 moyo\n\n");
    assert_eq!(g.ok("showboard"), before, "analysis changed the game");
    g.finish();
}

#[test]
fn kata_analyze_with_every_option_ends_on_a_raw_empty_line() {
    let mut g = engine();
    g.ok("play b E5");
    let (lines, took) = stream(
        &mut g,
        "kata-analyze w interval 10 minmoves 5 maxmoves 8 ownership true",
        Duration::from_millis(600),
        b"\n",
        Dialect::Kata,
    );
    assert!(took < PROMPT, "the stream took {took:?} to end");
    assert!(!lines.is_empty());
    for a in &lines {
        assert!((5..=8).contains(&a.infos.len()), "{} moves", a.infos.len());
        assert_eq!(a.ownership.as_ref().map(Vec::len), Some(81));
        assert!(a.infos.iter().all(|i| i.mv != "E5"));
    }
    // E5 is Black's: from White's view its ownership is negative (row 5 from the top, col E).
    let own = lines.last().unwrap().ownership.as_ref().unwrap();
    assert!(own[4 * 9 + 4] < 0.0, "{own:?}");
    // The empty line got no response of its own.
    assert_eq!(g.ok("name"), "moyo");
    g.finish();
}

#[test]
fn sabaki_and_lizzie_forms_and_refused_options() {
    let mut g = engine();
    for (cmd, dialect) in [
        ("analyze B 5", Dialect::Leela),
        ("lz-analyze 10", Dialect::Leela),
        ("lz-analyze b interval 20", Dialect::Leela),
        ("analyze", Dialect::Leela),
        ("kata-analyze 5", Dialect::Kata),
        ("kata-analyze b 0 ownership false", Dialect::Kata),
    ] {
        let (_, took) = stream(&mut g, cmd, Duration::from_millis(300), b"name\n", dialect);
        assert!(took < PROMPT, "{cmd}: {took:?}");
        assert_eq!(g.response(), "= moyo\n\n");
    }
    assert_eq!(g.cmd("kata-analyze b interval"), Err("syntax error".into()));
    assert_eq!(
        g.cmd("lz-analyze purple 10"),
        Err("unsupported option: purple".into())
    );
    g.finish();
}

/// Starts `cmd`, a stream of `dialect`, and ends it with `stop` (a command `moyo` lists) after
/// some lines: the stream must end at once.
fn ended_by(g: &mut Gtp, command: &str, cmd: &str, stop: &[u8], dialect: Dialect) {
    assert_eq!(g.ok(&format!("known_command {command}")), "true");
    let (lines, took) = stream(g, cmd, Duration::from_millis(400), stop, dialect);
    assert!(took < PROMPT, "{took:?}");
    assert!(!lines.is_empty());
}

#[test]
fn gogui_interrupt_ends_a_stream() {
    let mut g = engine();
    ended_by(
        &mut g,
        "gogui-interrupt",
        "analyze W 10",
        b"# interrupt\n",
        Dialect::Leela,
    );
    assert_eq!(g.ok("name"), "moyo");
    g.finish();
}

/// Runs a `genmove` kind to its end; returns the analyses and the move.
fn genmove_stream(g: &mut Gtp, cmd: &str, dialect: Dialect) -> (Vec<Analysis>, String) {
    let r = g.cmd(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
    let (lines, play) = parse_stream(&r, dialect, true).unwrap_or_else(|e| panic!("{e}\n{r}"));
    (lines, play.unwrap())
}

#[test]
fn genmove_analyze_kinds_play_their_move() {
    let mut g = engine();
    // Sabaki's form, the CGOS client's kata form (no interval: one line before play), Leela
    // Zero's.
    for (cmd, dialect, colour) in [
        ("genmove_analyze B 5", Dialect::Leela, "w"),
        ("kata-genmove_analyze w ownership true", Dialect::Kata, "b"),
        ("lz-genmove_analyze b 100000", Dialect::Leela, "w"),
    ] {
        let (lines, mv) = genmove_stream(&mut g, cmd, dialect);
        assert!(!lines.is_empty(), "{cmd}: no analysis before play");
        assert_eq!(lines.last().unwrap().infos[0].mv, mv, "{cmd}");
        if cmd.contains("ownership") {
            assert!(lines.iter().all(|a| a.ownership.is_some()));
        }
        // The move was played: the point is taken now.
        assert!(
            g.cmd(&format!("play {colour} {mv}")).is_err(),
            "{cmd}: {mv}"
        );
    }
    g.finish();
}

#[test]
fn genmove_analyze_is_not_cut_by_input() {
    let mut g = engine();
    g.send_raw(b"lz-genmove_analyze b 5\nname\n");
    let r = g.response();
    let body = r.strip_prefix("= ").unwrap().strip_suffix("\n\n").unwrap();
    let (lines, play) = parse_stream(body, Dialect::Leela, true).unwrap();
    // A fresh tree: the root's visits, summed over the moves, are the 400 playouts.
    let last = lines.last().unwrap();
    let total: u64 = last.infos.iter().map(|i| i.visits).sum();
    assert_eq!(total, 400, "the search was cut short");
    assert!(play.is_some());
    assert_eq!(g.response(), "= moyo\n\n");
    g.finish();
}

#[test]
fn analysis_grows_the_tree_the_next_genmove_uses() {
    let mut g = engine();
    stream(
        &mut g,
        "lz-analyze b 50",
        Duration::from_millis(500),
        b"genmove b\n",
        Dialect::Leela,
    );
    let mv = g.response();
    assert!(matches("= {move}\n\n", &mv), "{mv}");
    let why = g.ok("moyo-explain");
    assert!(why.contains(" kept from before)"), "{why}");
    g.finish();
}

#[test]
fn the_end_of_input_ends_a_stream() {
    // The end of input ends the stream at once, perhaps before its first line: the engine
    // exits (`run_script` waits for it) after a well-formed stream, which may be empty.
    let out = run_script(FAST, b"boardsize 9\nlz-analyze b 10\n");
    let r = responses(&out);
    assert_eq!(r.len(), 2);
    let body = r[1]
        .strip_prefix('=')
        .expect("a success answer")
        .trim_start_matches(' ');
    let parsed = parse_stream(body, Dialect::Leela, false);
    assert!(parsed.is_ok(), "{parsed:?} in {out}");
}

/// The centre of 9x9, where Black's first moves go.
const CENTRE: &[&str] = &["D4", "E4", "F4", "D5", "E5", "F5", "D6", "E6", "F6"];

#[test]
fn avoid_keeps_moves_out_of_the_analysis_and_the_move_played() {
    let mut g = engine();
    let avoid = format!("avoid b {} 1", CENTRE.join(","));
    let lines = watch(
        &mut g,
        &format!("kata-analyze b 10 minmoves 100 {avoid} avoid w A1 1"),
        500,
        Dialect::Kata,
    );
    assert!(!lines.is_empty());
    for a in &lines {
        assert!(a.infos.iter().all(|i| !CENTRE.contains(&i.mv.as_str())));
        // minmoves lists every other move: only the avoided ones are missing (and A1 is
        // avoided for White only).
        assert_eq!(a.infos.len(), 82 - CENTRE.len(), "{a:?}");
    }
    let (lines, mv) = genmove_stream(
        &mut g,
        &format!("kata-genmove_analyze b {avoid}"),
        Dialect::Kata,
    );
    assert!(!CENTRE.contains(&mv.as_str()), "{mv}");
    assert!(
        lines
            .iter()
            .flat_map(|a| &a.infos)
            .all(|i| !CENTRE.contains(&i.mv.as_str()))
    );
    // The filter was for those commands only: the next analysis may show the centre again.
    let lines = watch(&mut g, "lz-analyze w 10 minmoves 100", 300, Dialect::Leela);
    assert!(lines.iter().all(|a| a.infos.iter().any(|i| i.mv == "E4")));
    g.finish();
}

#[test]
fn allow_confines_the_root_to_the_listed_moves() {
    let mut g = engine();
    let allowed = ["C3", "G7", "pass"];
    let lines = watch(
        &mut g,
        "lz-analyze b 10 minmoves 10 allow b C3,G7,pass 1",
        400,
        Dialect::Leela,
    );
    assert!(!lines.is_empty());
    for a in &lines {
        assert!(
            a.infos.iter().all(|i| allowed.contains(&i.mv.as_str())),
            "{a:?}"
        );
        // minmoves lists them all, and nothing else.
        assert_eq!(a.infos.len(), allowed.len(), "{a:?}");
    }
    let (_, mv) = genmove_stream(
        &mut g,
        "lz-genmove_analyze b 5 allow b C3,G7 1",
        Dialect::Leela,
    );
    assert!(["C3", "G7"].contains(&mv.as_str()), "{mv}");
    g.finish();
}

#[test]
fn malformed_avoid_and_allow_are_refused_and_change_nothing() {
    let mut g = engine();
    g.ok("play b E5");
    let before = g.ok("showboard");
    for (cmd, why) in [
        ("lz-analyze b 10 avoid b D4 0", "invalid depth: 0"),
        ("kata-analyze b 10 avoid b D4", "syntax error"),
        ("kata-analyze w avoid purple D4 1", "invalid color: purple"),
        ("lz-analyze w avoid w D4,I4 1", "invalid vertex: I4"),
        (
            "lz-genmove_analyze w allow w D4 1 allow w E4 1",
            "allow given twice for one color",
        ),
        (
            "kata-genmove_analyze w avoid w D4 1 allow w E4 1",
            "allow and avoid for the same color",
        ),
    ] {
        assert_eq!(g.cmd(cmd), Err(why.into()), "{cmd}");
    }
    assert_eq!(g.ok("showboard"), before);
    // No filter was left behind: White's analysis may show D4.
    let lines = watch(&mut g, "lz-analyze w 10 minmoves 100", 300, Dialect::Leela);
    assert!(lines.iter().all(|a| a.infos.iter().any(|i| i.mv == "D4")));
    g.finish();
}

/// `engine()` in the position of `play_black_far_ahead`.
fn black_far_ahead() -> Gtp {
    let mut g = engine();
    play_black_far_ahead(&mut g);
    g
}

#[test]
fn kata_scores_and_root_info_are_the_analysed_sides_view() {
    let mut g = black_far_ahead();
    for (colour, sign) in [("b", 1.0), ("w", -1.0)] {
        let lines = watch(
            &mut g,
            &format!("kata-analyze {colour} 10 rootInfo true"),
            500,
            Dialect::Kata,
        );
        let last = lines.last().expect("a line");
        let root = last.root.as_ref().expect("rootInfo");
        assert!(root.visits > 0);
        let lead = root.score_lead.unwrap() * sign;
        assert!(lead > 20.0, "{colour}: root lead {lead}");
        let best = &last.infos[0];
        assert!(best.score_lead.unwrap() * sign > 20.0, "{colour}: {best:?}");
        assert!(best.score_stdev.unwrap() >= 0.0);
    }
    // Without rootInfo none is written; lz-analyze has no scores.
    let lines = watch(&mut g, "kata-analyze b 10", 300, Dialect::Kata);
    assert!(
        lines
            .iter()
            .all(|a| a.root.is_none() && a.infos[0].score_lead.is_some())
    );
    g.finish();
}

#[test]
fn score_estimates_name_the_side_ahead() {
    let mut g = black_far_ahead();
    // Mid-game: the short search's mean margin, rounded to a result the game can end with.
    let s = g.ok("final_score");
    assert!(matches("B+{num}", &s), "{s}");
    let lead: f64 = s[2..].parse().unwrap();
    assert!(lead > 20.0 && lead.fract() == 0.0, "{s}");
    // GNU Go's form, the bounds from White's view.
    let e = g.ok("estimate_score");
    assert!(
        matches("B+{num} (upper bound: {num}, lower: {num})", &e),
        "{e}"
    );
    let n: Vec<f64> = e
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|t| t.parse().ok())
        .collect();
    assert_eq!(n.len(), 3, "{e}");
    assert!(n[0] > 20.0 && n[2] <= n[1] && n[1] < -20.0, "{e}");
    // GoGui's territory map: White's row 9, Black's lower rows.
    let t = g.ok("moyo-territory");
    let lines: Vec<&str> = t.lines().collect();
    assert!(lines.iter().all(|l| is_gfx_line(l)), "{t}");
    assert!(
        lines[0].starts_with("BLACK ") && lines[0].contains(" E1") && lines[0].contains(" E3"),
        "{t}"
    );
    assert!(
        lines[1].starts_with("WHITE ") && lines[1].contains(" E9"),
        "{t}"
    );
    assert!(lines[2].starts_with("TEXT estimate B+"), "{t}");
    // After two passes the board is counted: 63 - 18 - 7.
    g.ok("play b pass");
    g.ok("play w pass");
    assert_eq!(g.ok("final_score"), "B+38");
    g.finish();
}

#[test]
fn stop_ends_a_stream_and_is_answered() {
    let mut g = engine();
    ended_by(
        &mut g,
        "stop",
        "kata-analyze b 10",
        b"7 stop\n",
        Dialect::Kata,
    );
    assert_eq!(g.response(), "=7 \n\n");
    // With nothing running it is answered all the same.
    assert_eq!(g.ok("stop"), "");
    g.finish();
}

#[test]
fn clear_cache_drops_the_tree() {
    let mut g = engine();
    watch(&mut g, "lz-analyze b 50", 300, Dialect::Leela);
    assert_eq!(g.cmd("clear_cache"), Ok(String::new()));
    assert_eq!(g.cmd("clear_cache x"), Err("syntax error".into()));
    g.ok("genmove b");
    let why = g.ok("moyo-explain");
    assert!(!why.contains(" kept from before)"), "{why}");
    g.finish();
}
