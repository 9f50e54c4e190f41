//! Tests of the match referee (`moyo-referee`): its statistics and clock
//! arithmetic directly, and whole matches between tiny fake GTP engines
//! (a python3 script) that pass, play illegal moves, crash, hang or babble.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../tools/referee/stats.rs"]
mod stats;

#[allow(dead_code)]
#[path = "../tools/referee/clock.rs"]
mod clock;

#[allow(dead_code)]
#[path = "../tools/referee/equalize.rs"]
mod equalize;

/// A fake GTP engine; its first argument picks its behaviour at `genmove`:
/// `pass`, `illegal` (always A1, occupied the second time), `garbage` (not a
/// vertex), `crash` (exits), `hang` (sleeps), `resign`, `noisy` (pass, with
/// junk lines and ids around its answers), `sleep N` (pass after N / 100,000 s, as an
/// engine on N playouts a move would).
const FAKE_ENGINE: &str = r#"
import sys, time
mode = sys.argv[1]
def reply(text="", ok=True, cid=""):
    if mode == "noisy":
        sys.stdout.write("debug: thinking hard\n\n")
    sys.stdout.write(("=" if ok else "?") + cid + " " + text + "\n\n")
    sys.stdout.flush()
for line in sys.stdin:
    parts = line.split()
    if not parts:
        continue
    cid = ""
    if parts[0].isdigit():
        cid = parts.pop(0)
    if not parts:
        continue
    cmd, args = parts[0], parts[1:]
    if mode == "noisy" and cmd != "quit":
        cid = cid or "7"
    if cmd == "quit":
        reply("", True, cid)
        break
    elif cmd == "name":
        reply("Fake-" + mode, True, cid)
    elif cmd == "version":
        reply("1.0", True, cid)
    elif cmd == "protocol_version":
        reply("2", True, cid)
    elif cmd in ("boardsize", "clear_board", "komi", "play", "time_left"):
        reply("", True, cid)
    elif cmd == "genmove":
        if mode == "illegal":
            reply("A1", True, cid)
        elif mode == "garbage":
            reply("Z99 whatever", True, cid)
        elif mode == "crash":
            sys.exit(3)
        elif mode == "hang":
            time.sleep(600)
        elif mode == "resign":
            reply("resign", True, cid)
        elif mode == "sleep":
            time.sleep(int(sys.argv[2]) / 100000)
            reply("pass", True, cid)
        else:
            reply("pass", True, cid)
    else:
        reply("unknown command", False, cid)
"#;

/// A fresh scratch directory holding the fake engine script.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("moyo-referee-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("fake.py"), FAKE_ENGINE).unwrap();
    dir
}

/// The python3 interpreter itself (not a version manager's wrapper script,
/// which can take half a second to start).
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|p| !p.is_empty() && !p.contains('\'') && Path::new(p).exists())
            .unwrap_or_else(|| "python3".to_string())
    })
}

fn fake(dir: &Path, mode: &str) -> String {
    format!("'{}' '{}' {mode}", python(), dir.join("fake.py").display())
}

/// The referee's command for fake engines `black` and `white` (modes), saving into
/// DIR/matches, 9x9 komi 7, with `extra` arguments.
fn referee_command(dir: &Path, black: &str, white: &str, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_moyo-referee"));
    c.args(["--black", &fake(dir, black), "--white", &fake(dir, white)])
        .arg("--sgf-dir")
        .arg(dir.join("matches"))
        .args(["--size", "9", "--komi", "7"])
        .args(extra);
    c
}

/// Runs the referee; returns its stdout and the summary as a map.
fn referee(
    dir: &Path,
    black: &str,
    white: &str,
    extra: &[&str],
) -> (String, HashMap<String, String>) {
    let sgf_dir = dir.join("matches");
    let out = referee_command(dir, black, white, extra)
        .output()
        .expect("referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "referee failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let mut summary = HashMap::new();
    for line in stdout.lines().filter(|l| !l.starts_with("game ")) {
        if let Some((k, v)) = line.split_once(' ') {
            summary.insert(k.to_string(), v.to_string());
        }
    }
    // The same summary is written to the directory.
    let file = fs::read_to_string(sgf_dir.join("summary.txt")).unwrap();
    assert!(stdout.ends_with(&file), "summary.txt differs from stdout");
    (stdout, summary)
}

fn get<'a>(s: &'a HashMap<String, String>, k: &str) -> &'a str {
    s.get(k)
        .map(String::as_str)
        .unwrap_or_else(|| panic!("no key {k} in {s:?}"))
}

#[test]
fn summary_has_every_key() {
    let keys = stats::MatchTally::default()
        .summary()
        .lines()
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect::<Vec<_>>();
    let want = [
        "games",
        "a_wins",
        "b_wins",
        "a_winrate",
        "a_winrate_ci95",
        "elo_diff",
        "elo_ci95",
        "black_wins",
        "white_wins",
        "a_as_black_wins",
        "a_as_white_wins",
        "a_avg_move_time",
        "b_avg_move_time",
        "a_max_move_time",
        "b_max_move_time",
        "a_crashes",
        "b_crashes",
        "a_time_losses",
        "b_time_losses",
        "a_illegal",
        "b_illegal",
        "jigo",
    ];
    assert_eq!(keys, want);
}

/// Feeds the equalizer `games` games of 30 moves a side: A takes `a` seconds a move, B
/// `per_playout` seconds a playout at the N the equalizer gives it. Returns each game's N.
fn equalize_games(
    eq: &mut equalize::Equalizer,
    games: usize,
    a: f64,
    per_playout: f64,
) -> Vec<u64> {
    (0..games)
        .map(|_| {
            let b = per_playout * eq.n() as f64;
            eq.record(30.0 * a, 30, 30.0 * b, 30)
        })
        .collect()
}

#[test]
fn equalizer_finds_equal_time_in_bounded_steps() {
    // A 2 s a move, B 0.1 ms a playout: equal time at 20,000 playouts.
    let mut eq = equalize::Equalizer::new(10_000, 20);
    assert_eq!(
        eq.command("pachi -t ={N} threads=1"),
        "pachi -t =10000 threads=1"
    );
    let ns = equalize_games(&mut eq, 8, 2.0, 1e-4);
    assert_eq!(ns[..4], [12_500, 15_600, 19_500, 20_000]);
    assert!(ns[4..].iter().all(|&n| n == 20_000), "{ns:?}");
    assert_eq!(eq.command("x {N}"), "x 20000");
    let (a, b) = eq.averages();
    assert!((a - 2.0).abs() < 1e-9 && b > 1.0 && b < 2.0, "{a} {b}");

    // The machine halves B's speed: the window forgets the old games and N halves.
    let mut eq = equalize::Equalizer::new(20_000, 4);
    equalize_games(&mut eq, 2, 2.0, 1e-4);
    let ns = equalize_games(&mut eq, 12, 2.0, 2e-4);
    let last = *ns.last().unwrap();
    assert!((9_800..=10_200).contains(&last), "{ns:?}");
    for w in ns.windows(2) {
        assert!(
            w[1] as f64 >= w[0] as f64 / equalize::MAX_STEP - 100.0,
            "{ns:?}"
        );
    }

    // A game without moves, or with nonsense times, changes nothing.
    let mut eq = equalize::Equalizer::new(5_000, 20);
    assert_eq!(eq.record(0.0, 0, 0.0, 0), 5_000);
    assert_eq!(eq.record(f64::NAN, 3, 1.0, 3), 5_000);
    assert_eq!(eq.record(-1.0, 3, 1.0, 3), 5_000);
    // Within the dead band N stays, so B is not restarted for nothing.
    assert_eq!(eq.record(30.0 * 1.01, 30, 30.0, 30), 5_000);
}

#[test]
fn equalize_sets_the_opponents_playouts_for_equal_time() {
    let dir = scratch("equalize");
    // A sleeps 0.03 s a move; B (N / 100,000 s) starts at half that.
    let (out, s) = referee(
        &dir,
        "sleep 3000",
        "sleep {N}",
        &["--games", "8", "--equalize", "1500"],
    );
    assert!(
        out.contains("equalize: game 1 B at N=1500, next N=1880"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 8);
    let n: u64 = get(&s, "equalize_n").parse().unwrap();
    assert!((2_500..=3_500).contains(&n), "final N {n}\n{out}");

    // Without the placeholder the referee refuses to start.
    let bad = Command::new(env!("CARGO_BIN_EXE_moyo-referee"))
        .args(["--black", "true", "--white", "true", "--equalize", "100"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("{N}"));
}

/// The `game N: ...` lines of a referee's stdout.
fn game_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("game ")).collect()
}

/// Runs a referee expected to refuse to start; returns its stderr.
fn refused(mut referee: Command) -> String {
    let out = referee.output().expect("referee runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn a_match_resumes_where_it_stopped() {
    let dir = scratch("resume");
    let run = |games: &str, n0: &str| {
        let args = ["--games", games, "--seed", "5", "--equalize", n0];
        referee(&dir, "sleep 3000", "sleep {N}", &args)
    };
    let (first, s) = run("2", "1500");
    let next = get(&s, "equalize_n").to_string();
    let sgf = fs::read(dir.join("matches/game-001.sgf")).unwrap();

    // The same match to 4 games (B's first N is no setting): games 1 and 2 are counted
    // from the journal, as they were, and only 3 and 4 are played.
    let (out, s) = run("4", "900");
    let lines = game_lines(&out);
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[..2], game_lines(&first)[..], "{out}");
    assert!(out.contains("equalize: game 1 B at N=1500,"), "{out}");
    assert!(
        out.contains(&format!("equalize: game 3 B at N={next},")),
        "{out}"
    );
    assert!(
        lines[3].starts_with("game 4: B(black) vs A(white)"),
        "{out}"
    );
    assert_eq!(get(&s, "games"), "4");
    assert_eq!(fs::read(dir.join("matches/game-001.sgf")).unwrap(), sgf);

    // A finished match replays and plays nothing.
    let (again, _) = run("4", "900");
    assert_eq!(game_lines(&again), lines);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_match_loses_only_its_unfinished_game() {
    let dir = scratch("killed");
    let journal = dir.join("matches/journal.txt");
    // Each game is two passes of 0.5 s.
    let engines = ("sleep 50000", "sleep 50000");
    let games = ["--games", "4"];
    let mut first = referee_command(&dir, engines.0, engines.1, &games)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let finished = || {
        fs::read_to_string(&journal)
            .map_or(0, |t| t.lines().filter(|l| l.starts_with("game\t")).count())
    };
    while finished() < 1 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // While it plays, no second referee writes its folder.
    let err = refused(referee_command(&dir, engines.0, engines.1, &games));
    assert!(err.contains("another moyo-referee is writing"), "{err}");
    first.kill().unwrap();
    first.wait().unwrap();
    let done = finished();
    assert!(done < 4, "the match ended before it was killed");

    let (out, s) = referee(&dir, engines.0, engines.1, &games);
    let numbers: Vec<&str> = game_lines(&out)
        .iter()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(numbers, ["game 1", "game 2", "game 3", "game 4"], "{out}");
    assert_eq!(get(&s, "games"), "4");
    assert_eq!(finished(), 4);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_of_another_match_is_refused() {
    let dir = scratch("refused");
    referee(&dir, "pass", "pass", &["--games", "1"]);
    let err = refused(referee_command(&dir, "pass", "pass", &["--komi", "6.5"]));
    assert!(err.contains("komi 7, this one has komi 6.5"), "{err}");
    assert!(err.contains("journal.txt"), "{err}");

    // Game records of an older referee, without a journal, are not overwritten.
    fs::remove_file(dir.join("matches/journal.txt")).unwrap();
    let err = refused(referee_command(&dir, "pass", "pass", &[]));
    assert!(err.contains("no journal.txt"), "{err}");

    // A journal that is no journal is named.
    fs::write(dir.join("matches/journal.txt"), "hello\n").unwrap();
    let err = refused(referee_command(&dir, "pass", "pass", &[]));
    assert!(
        err.contains("journal.txt: not a moyo-referee journal"),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn wilson_interval_and_elo() {
    // 50 of 100: p = 0.5, interval 0.404 .. 0.596.
    let (lo, hi) = stats::wilson(50.0, 100.0, stats::Z95);
    assert!(
        (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
        "{lo} {hi}"
    );
    // 8 of 10: 0.490 .. 0.943.
    let (lo, hi) = stats::wilson(8.0, 10.0, stats::Z95);
    assert!(
        (lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3,
        "{lo} {hi}"
    );
    // 0 of 10: 0 .. 0.278; no games: everything.
    let (lo, hi) = stats::wilson(0.0, 10.0, stats::Z95);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
    assert_eq!(stats::wilson(0.0, 0.0, stats::Z95), (0.0, 1.0));

    assert!(stats::elo_from_score(0.5).abs() < 1e-9);
    assert!((stats::elo_from_score(0.75) - 190.85).abs() < 0.01);
    assert!((stats::elo_from_score(0.25) + 190.85).abs() < 0.01);
    assert_eq!(stats::elo_from_score(1.0), f64::INFINITY);
    assert_eq!(stats::elo_from_score(0.0), f64::NEG_INFINITY);
    assert_eq!(stats::fmt_elo(f64::INFINITY), "inf");
    assert_eq!(stats::fmt_elo(f64::NEG_INFINITY), "-inf");
    assert_eq!(stats::fmt_elo(-0.0), "0.0");

    let mut t = stats::MatchTally {
        games: 10,
        ..Default::default()
    };
    t.wins = [7, 2];
    t.jigo = 1;
    let s = t.summary();
    assert!(s.contains("a_winrate 75.0\n"), "{s}");
    assert!(
        s.contains("elo_diff 190.8\n") || s.contains("elo_diff 190.9\n"),
        "{s}"
    );
    t.wins = [10, 0];
    t.jigo = 0;
    let s = t.summary();
    assert!(s.contains("a_winrate 100.0\n"), "{s}");
    assert!(s.contains("elo_diff inf\n"), "{s}");
    assert!(s.contains("a_winrate_ci95 72.2 100.0\n"), "{s}");
    assert!(s.contains("elo_ci95 166.2 inf\n"), "{s}");
}

#[test]
fn canadian_clock() {
    let ts = clock::TimeSettings::parse("10,5,2").unwrap();
    assert_eq!(ts.gtp_command(), "time_settings 10 5 2");
    assert!(clock::TimeSettings::parse("10,5").is_err());
    assert!(clock::TimeSettings::parse("0,0,0").is_err());
    let mut c = clock::RefereeClock::new(ts);
    assert_eq!(c.time_left(), (10, 0));
    // 0.5 s of lag is forgiven per move.
    assert!(!c.charge(4.5));
    assert_eq!(c.time_left(), (6, 0));
    // Main time runs out 2 s into this move: 3 s left of the period, one stone played.
    assert!(!c.charge(8.5));
    assert_eq!(c.time_left(), (3, 1));
    // The period's second stone resets it.
    assert!(!c.charge(2.0));
    assert_eq!(c.time_left(), (5, 2));
    // Up to 1 s over is tolerated, more loses.
    assert!(!c.charge(6.4));
    assert_eq!(c.time_left(), (0, 1));
    assert!(c.charge(1.6));

    let mut abs = clock::RefereeClock::new(clock::TimeSettings::parse("3,0,0").unwrap());
    assert_eq!(abs.time_left(), (3, 0));
    assert!(!abs.charge(4.4));
    assert!(abs.charge(1.6));
    // No main time: byo-yomi from the start.
    let mut byo = clock::RefereeClock::new(clock::TimeSettings::parse("0,2,1").unwrap());
    assert_eq!(byo.time_left(), (2, 1));
    assert!(!byo.charge(3.4));
    assert_eq!(byo.time_left(), (2, 1));
    assert!(byo.charge(3.6));
    // The 1 s tolerance is for the whole game: small overruns add up.
    let mut abs = clock::RefereeClock::new(clock::TimeSettings::parse("3,0,0").unwrap());
    for _ in 0..4 {
        assert!(!abs.charge(1.4));
    }
    assert_eq!(abs.time_left(), (0, 0));
    assert!(abs.charge(1.4));
}

#[test]
fn fischer_clock() {
    let ts = clock::TimeSettings::parse_fischer("6,1.5").unwrap();
    assert_eq!(ts.gtp_command(), "kata-time_settings fischer 6 1.5");
    assert!(clock::TimeSettings::parse_fischer("6").is_err());
    assert!(clock::TimeSettings::parse_fischer("6,0").is_err());
    assert!(clock::TimeSettings::parse_fischer("0,1").is_err());
    let mut c = clock::RefereeClock::new(ts);
    assert_eq!(c.time_left(), (6, 0));
    // 0.5 s of lag forgiven, then the increment: 6 - 2 + 1.5.
    assert!(!c.charge(2.5));
    assert_eq!(c.time_left(), (5, 0));
    // A move of the whole clock plus the tolerance still stands; the next increment is owed.
    assert!(!c.charge(5.5 + 0.5 + 0.9));
    assert!(c.available() > 1.5);
    // More than the clock and the tolerance loses.
    assert!(c.charge(0.5 + 0.6 + 1.2));
}

#[test]
fn japanese_byo_yomi_clock() {
    let ts = clock::TimeSettings::parse_japanese("10,5,3").unwrap();
    assert_eq!(ts.gtp_command(), "kgs-time_settings byoyomi 10 5 3");
    assert!(clock::TimeSettings::parse_japanese("10,0,0").is_err());
    let mut c = clock::RefereeClock::new(ts);
    assert_eq!(c.time_left(), (10, 0));
    // Main time runs out 2 s into this move: within the first period, kept.
    assert!(!c.charge(12.5));
    assert_eq!(c.time_left(), (5, 3));
    // A move within its period keeps every period; one over uses one up.
    assert!(!c.charge(5.4));
    assert_eq!(c.time_left(), (5, 3));
    assert!(!c.charge(8.5));
    assert_eq!(c.time_left(), (5, 2));
    // Into the last period: one left; up to 1 s past it is tolerated, more loses.
    assert!(!c.charge(10.5));
    assert_eq!(c.time_left(), (5, 1));
    assert!(!c.charge(5.9));
    assert_eq!(c.time_left(), (5, 1));
    assert!(c.charge(6.6));
    // Three periods left and a move of four: lost.
    let mut c = clock::RefereeClock::new(clock::TimeSettings::parse_japanese("0,5,3").unwrap());
    assert_eq!(c.time_left(), (5, 3));
    assert!(c.charge(20.5 + 1.1));
}

#[test]
fn two_passers_give_white_the_komi() {
    let dir = scratch("pass");
    let (out, s) = referee(
        &dir,
        "pass",
        "noisy",
        &["--games", "2", "--time-per-move", "1"],
    );
    assert!(
        out.contains("game 1: A(black) vs B(white): W+7 (score) moves 2"),
        "{out}"
    );
    assert!(
        out.contains("game 2: B(black) vs A(white): W+7 (score) moves 2"),
        "{out}"
    );
    assert_eq!(get(&s, "games"), "2");
    assert_eq!(get(&s, "a_wins"), "1");
    assert_eq!(get(&s, "b_wins"), "1");
    assert_eq!(get(&s, "white_wins"), "2");
    assert_eq!(get(&s, "a_as_white_wins"), "1");
    assert_eq!(get(&s, "a_winrate"), "50.0");
    assert_eq!(get(&s, "elo_diff"), "0.0");
    assert_eq!(get(&s, "jigo"), "0");
    let sgf = fs::read_to_string(dir.join("matches/game-001.sgf")).unwrap();
    assert!(
        sgf.contains("RE[W+7]") && sgf.contains("KM[7]") && sgf.contains("SZ[9]"),
        "{sgf}"
    );
    assert!(
        sgf.contains("PB[Fake-pass 1.0]") && sgf.contains("PW[Fake-noisy 1.0]"),
        "{sgf}"
    );
    assert!(sgf.contains(";B[];W[]"), "{sgf}");

    // With no komi the empty board is a draw (here under a game clock), in a new match.
    fs::remove_dir_all(dir.join("matches")).unwrap();
    let (out, s) = referee(
        &dir,
        "noisy",
        "pass",
        &["--games", "1", "--komi", "0", "--time-settings", "5,1,1"],
    );
    assert!(
        out.contains("game 1: A(black) vs B(white): 0 (score) moves 2 jigo"),
        "{out}"
    );
    assert_eq!(get(&s, "jigo"), "1");
    assert_eq!(get(&s, "a_winrate"), "50.0");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn illegal_moves_forfeit() {
    let dir = scratch("illegal");
    let (out, s) = referee(&dir, "illegal", "pass", &["--games", "2"]);
    assert_eq!(get(&s, "a_illegal"), "2");
    assert_eq!(get(&s, "b_illegal"), "0");
    assert_eq!(get(&s, "b_wins"), "2");
    assert_eq!(get(&s, "a_winrate"), "0.0");
    assert_eq!(get(&s, "elo_diff"), "-inf");
    assert!(
        out.contains("game 1: A(black) vs B(white): W+F (illegal) moves 2"),
        "{out}"
    );
    assert!(
        out.contains("game 2: B(black) vs A(white): B+F (illegal) moves 3"),
        "{out}"
    );
    assert!(out.contains("point occupied"), "{out}");
    let sgf = fs::read_to_string(dir.join("matches/game-001.sgf")).unwrap();
    assert!(
        sgf.contains("RE[W+F]") && sgf.contains("C[W+F: A (black) played A1"),
        "{sgf}"
    );

    // A reply that is no vertex at all forfeits too (a new match).
    fs::remove_dir_all(dir.join("matches")).unwrap();
    let (out, s) = referee(&dir, "pass", "garbage", &["--games", "1"]);
    assert_eq!(get(&s, "b_illegal"), "1");
    assert!(out.contains("B+F (illegal)"), "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn crash_loses_and_the_engine_is_restarted() {
    let dir = scratch("crash");
    let (out, s) = referee(&dir, "pass", "crash", &["--games", "2"]);
    assert_eq!(get(&s, "b_crashes"), "2");
    assert_eq!(get(&s, "a_wins"), "2");
    assert_eq!(get(&s, "a_crashes"), "0");
    assert!(
        out.contains("B+F (crash)") && out.contains("W+F (crash)"),
        "{out}"
    );
    assert!(out.contains("B (white) crashed at genmove"), "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn hang_is_a_time_loss() {
    let dir = scratch("hang");
    let start = Instant::now();
    let (out, s) = referee(
        &dir,
        "hang",
        "resign",
        &["--games", "2", "--hard-timeout", "1"],
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    // Game 1: A hangs as Black and is killed. Game 2: B, now Black, resigns at once
    // against the restarted A.
    assert_eq!(get(&s, "a_time_losses"), "1");
    assert_eq!(get(&s, "b_wins"), "1");
    assert_eq!(get(&s, "a_wins"), "1");
    assert!(
        out.contains("game 1: A(black) vs B(white): W+T (time)"),
        "{out}"
    );
    assert!(
        out.contains("game 2: B(black) vs A(white): W+R (resign)"),
        "{out}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn handicap_games_start_with_white() {
    let dir = scratch("handicap");
    let sgf_dir = dir.join("matches");
    let moyo = format!(
        "{} --playouts 30 --threads 1 --seed 2 --quiet",
        env!("CARGO_BIN_EXE_moyo")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_moyo-referee"))
        .args(["--black", &moyo, "--white", &moyo])
        .args(["--size", "9", "--komi", "0.5", "--handicap", "2"])
        .args(["--games", "1", "--max-moves", "12"])
        .arg("--sgf-dir")
        .arg(&sgf_dir)
        .output()
        .expect("referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "referee failed:\n{stdout}");
    let sgf = fs::read_to_string(sgf_dir.join("game-001.sgf")).unwrap();
    assert!(sgf.contains("HA[2]"), "{sgf}");
    assert!(sgf.contains("AB["), "{sgf}");
    let first = sgf.find(";W[").expect("White moved");
    assert!(
        sgf.find(";B[").is_none_or(|b| b > first),
        "White moves first:\n{sgf}"
    );
    // No handicap placement exists for 9 stones on 7x7: refused before any game.
    let bad = Command::new(env!("CARGO_BIN_EXE_moyo-referee"))
        .args(["--black", &moyo, "--white", &moyo])
        .args(["--size", "7", "--handicap", "9", "--games", "1"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let _ = fs::remove_dir_all(&dir);
}
