//! Whole games: moyo plays GNU Go 3.8 through the referee, once with each colour, and must
//! finish both without an illegal move, a crash or a time loss; and a finished position with
//! a seki, whose stones and count moyo must judge as GNU Go does.

mod gtp_support;

use std::path::Path;
use std::process::Command;

/// GNU Go's path. Under CI (`CI` set, as `.ci/run` does) a missing GNU Go fails the test;
/// elsewhere the test says it skips (run `cargo test -- --nocapture` to see it).
fn gnugo() -> Option<&'static str> {
    let found = ["/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install GNU Go (see .ci/run)"
        );
        eprintln!("SKIPPED: GNU Go is not installed");
    }
    found
}

fn summary_value(summary: &str, key: &str) -> String {
    summary
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("no `{key}` in summary:\n{summary}"))
        .trim()
        .to_string()
}

/// Runs the referee with moyo (`moyo_args`) as Black in the first game against GNU Go level
/// 1, with `extra` arguments, saving into `dir`; returns the referee's stdout.
fn referee_vs_gnugo(gnugo: &str, moyo_args: &str, extra: &[&str], dir: &Path) -> String {
    let moyo = format!("{} {moyo_args} --quiet", env!("CARGO_BIN_EXE_moyo"));
    let out = Command::new(env!("CARGO_BIN_EXE_moyo-referee"))
        .args(["--black", &moyo])
        .args(["--white", &format!("{gnugo} --mode gtp --level 1")])
        .args(["--size", "9", "--komi", "7"])
        .args(extra)
        .arg("--sgf-dir")
        .arg(dir)
        .output()
        .expect("referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "referee failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The referee's summary shows `games` finished games (wins and jigo) with no crash, illegal
/// move or time loss of moyo and no crash or illegal move of GNU Go.
fn assert_clean_games(stdout: &str, games: u32) {
    for key in [
        "a_crashes",
        "a_illegal",
        "a_time_losses",
        "b_crashes",
        "b_illegal",
    ] {
        assert_eq!(summary_value(stdout, key), "0", "{key}:\n{stdout}");
    }
    let a: u32 = summary_value(stdout, "a_wins").parse().unwrap();
    let b: u32 = summary_value(stdout, "b_wins").parse().unwrap();
    let jigo: u32 = summary_value(stdout, "jigo").parse().unwrap();
    assert_eq!(a + b + jigo, games, "the games ended:\n{stdout}");
}

/// Game `n` (from 1; some referees number from 0) was saved in `dir` and is a real game of
/// 20 moves or more, not an early forfeit.
fn assert_real_game(dir: &Path, n: usize) {
    let sgf = std::fs::read_to_string(dir.join(format!("game-{n:03}.sgf")))
        .or_else(|_| std::fs::read_to_string(dir.join(format!("game-{:03}.sgf", n - 1))))
        .expect("game saved as SGF");
    let moves = sgf.matches(";B[").count() + sgf.matches(";W[").count();
    assert!(moves >= 20, "game {n} has only {moves} moves:\n{sgf}");
}

#[test]
fn plays_full_games_against_gnugo() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("moyo-vs-gnugo-{}", std::process::id()));
    let scorer = format!("{gnugo} --mode gtp --chinese-rules");
    let stdout = referee_vs_gnugo(
        gnugo,
        "--playouts 400 --threads 1 --seed 7",
        &["--games", "2", "--time-per-move", "10", "--scorer", &scorer],
        &dir,
    );
    assert_eq!(summary_value(&stdout, "games"), "2");
    assert_clean_games(&stdout, 2);
    // Both games were saved and are real games, not early forfeits.
    for n in 1..=2 {
        assert_real_game(&dir, n);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 30-second sudden-death game on 9x9 under the referee's clock (it sends `time_left`
/// before every move): moyo must use its time and never lose on it.
#[test]
fn sudden_death_game_without_time_loss() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("moyo-sudden-death-{}", std::process::id()));
    let stdout = referee_vs_gnugo(
        gnugo,
        "--threads 1 --seed 3",
        &["--games", "1", "--time-settings", "30,0,0"],
        &dir,
    );
    for key in ["a_crashes", "a_illegal", "a_time_losses"] {
        assert_eq!(summary_value(&stdout, key), "0", "{key}:\n{stdout}");
    }
    // It thought: more than the minimum per move, less than the whole clock.
    let avg: f64 = summary_value(&stdout, "a_avg_move_time").parse().unwrap();
    let max: f64 = summary_value(&stdout, "a_max_move_time").parse().unwrap();
    assert!(avg > 0.1, "average move time {avg}:\n{stdout}");
    assert!(max < 10.0, "longest move {max}:\n{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished 9x9 game with a seki in the lower half: each side's inner group has one eye
/// (A2, J2) and they share the liberty E1; the walls above own the rest.
const SEKI_GAME: [&str; 9] = [
    "....OX...",
    "....OX...",
    "....OX...",
    "....OX...",
    "....OX...",
    "OOOOOXXXX",
    "XXXXXOOOO",
    ".XXXOOOO.",
    "XXXX.OOOO",
];

/// GTP commands that set up `SEKI_GAME` with komi 0 under `rules`, end it with two passes,
/// then `queries`.
fn seki_script(rules: &str, queries: &[&str]) -> String {
    let mut s = format!("boardsize 9\nclear_board\nkomi 0\n{rules}\n");
    for (r, line) in SEKI_GAME.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let colour = match ch {
                'X' => "b",
                'O' => "w",
                _ => continue,
            };
            s += &format!("play {colour} {}{}\n", &"ABCDEFGHJ"[c..=c], 9 - r);
        }
    }
    // Two passes end the game: `final_score` counts it rather than estimating.
    s += "play b pass\nplay w pass\n";
    for q in queries {
        s += q;
        s += "\n";
    }
    s + "quit\n"
}

/// The answers (text after `= `) of a GTP transcript, in order, blank ones left out.
fn answers(transcript: &str) -> Vec<String> {
    transcript
        .split("\n\n")
        .filter_map(|a| a.trim().strip_prefix('=').map(|t| t.trim().to_string()))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The vertices of a status list, sorted.
fn vertex_set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn seki_stones_and_counts_agree_with_gnugo() {
    let queries = [
        "final_status_list seki",
        "final_status_list dead",
        "final_score",
    ];
    let moyo = |rules: &str| {
        let out = gtp_support::run_script(
            &["--threads", "1", "--quiet", "--seed", "1"],
            seki_script(rules, &queries).as_bytes(),
        );
        answers(&out)
    };
    let japanese = moyo("kgs-rules japanese");
    let chinese = moyo("kgs-rules chinese");
    // Nothing is dead; the 24 inner stones are in seki, and territory counts neither eye.
    assert_eq!(japanese.len(), 2, "{japanese:?}");
    assert_eq!(vertex_set(&japanese[0]).len(), 24, "{japanese:?}");
    assert_eq!(japanese[1], "W+5");
    assert_eq!(chinese[1], "W+6", "area counts the eyes: {chinese:?}");
    let alive = gtp_support::run_script(
        &["--threads", "1", "--quiet", "--seed", "1"],
        seki_script("kgs-rules japanese", &["final_status_list alive"]).as_bytes(),
    );
    let alive = vertex_set(&answers(&alive)[0]);
    assert!(!alive.contains(&"E3".to_string()) && alive.contains(&"E9".to_string()));
    let Some(gnugo) = gnugo() else {
        return;
    };
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    let script = seki_script("", &queries[..1]);
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), script.as_bytes()).unwrap();
    let out = child.wait_with_output().expect("gnugo answers");
    let theirs = answers(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(vertex_set(&theirs[0]), vertex_set(&japanese[0]));
}

/// A Fischer game on 9x9, 6 s and 1 s a move (the referee sends moyo `kata-time_settings
/// fischer` and GNU Go the nearest `time_settings`, and `time_left` before every move): moyo
/// must spend its increments without ever losing on time, and the game must end.
#[test]
fn fischer_game_without_time_loss() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("moyo-fischer-{}", std::process::id()));
    let stdout = referee_vs_gnugo(
        gnugo,
        "--threads 1 --seed 5",
        &["--games", "1", "--fischer", "6,1"],
        &dir,
    );
    assert_clean_games(&stdout, 1);
    // It used its increments: more than the minimum a move, never near the clock.
    let avg: f64 = summary_value(&stdout, "a_avg_move_time").parse().unwrap();
    let max: f64 = summary_value(&stdout, "a_max_move_time").parse().unwrap();
    assert!(avg > 0.3, "average move time {avg}:\n{stdout}");
    assert!(max < 4.0, "longest move {max}:\n{stdout}");
    assert_real_game(&dir, 1);
    let _ = std::fs::remove_dir_all(&dir);
}
