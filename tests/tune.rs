//! `moyo tune` end to end: two tiny generations on 5x5, the same command again (a resume
//! with nothing left to play), `moyo tune report`, and the champion loaded with `--params`;
//! a bad params file is refused with its name and line.

mod gtp_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `moyo` with `args` (nothing on stdin).
fn moyo<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("moyo runs")
}

/// `moyo tune --out OUT` on 5x5 with a few playouts, then `more` (split at spaces).
fn tiny(out: &str, more: &str) -> Vec<String> {
    let common = "--size 5 --komi 0.5 --survivors 1 --param prior_c";
    let mut v = vec!["tune".to_string(), "--out".to_string(), out.to_string()];
    v.extend(
        format!("{common} {more}")
            .split_whitespace()
            .map(String::from),
    );
    v
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("moyo-tune-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn tune_runs_resumes_reports_and_its_champion_loads() {
    let dir = scratch("run");
    let out = dir.to_str().expect("utf-8 path");
    let args = tiny(
        out,
        "--playouts 8 --population 3 --generations 2 --games-per-pair 2 \
         --param expand_visits:1:10 --check-every 1 --check-games 2 --threads 2 --seed 3",
    );
    let o = moyo(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(
        stdout.contains("--set prior_c=") && stdout.contains("--set expand_visits="),
        "{stdout}"
    );
    assert!(
        text(&o.stderr).contains("tune: generation"),
        "no progress line"
    );
    let champion = dir.join("champion.params");
    for f in ["checkpoint.txt", "games.jsonl", "tune.svg"] {
        assert!(dir.join(f).exists(), "{f} missing");
    }
    // 6 round-robin games a generation, 2 check games in the second, 3 records besides.
    let log = dir.join("games.jsonl");
    assert_eq!(lines(&log), 6 + 6 + 2 + 1 + 2 + 2);
    // The same command again: resumed, nothing left to play, the same champion.
    let again = moyo(&args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(lines(&log), 19);
    assert_eq!(text(&again.stdout).lines().next(), stdout.lines().next());
    // Other settings are refused, naming the checkpoint.
    let mut other = args.clone();
    other[4] = "7".into();
    let o = moyo(&other);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("checkpoint.txt"),
        "{}",
        text(&o.stderr)
    );
    // The report redraws the picture from the log.
    std::fs::remove_file(dir.join("tune.svg")).expect("svg");
    let r = moyo(&["tune", "report", out]);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(text(&r.stdout).contains("prior_c"));
    assert!(dir.join("tune.svg").exists());
    // The champion's file loads; a --set after it wins.
    let c = champion.to_str().expect("utf-8 path");
    let (listed, _) = gtp_support::run_with_stderr(
        &["--params", c, "--set", "expand_visits=7", "--quiet"],
        "moyo-param\nquit\n",
    );
    let file = std::fs::read_to_string(&champion).expect("champion.params");
    let prior_c = file
        .lines()
        .find_map(|l| l.strip_prefix("prior_c = "))
        .expect("prior_c in the champion");
    assert!(
        listed.contains(&format!(" prior_c {prior_c}\n")),
        "{listed}"
    );
    assert!(listed.contains(" expand_visits 7\n"), "{listed}");
    let bad = dir.join("bad.params");
    std::fs::write(&bad, "# fine\nprior_c = 0.2\nprior_c = lots\n").expect("write");
    let o = moyo(&["--params", bad.to_str().expect("utf-8"), "--quiet"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("bad.params:3") && err.contains("prior_c"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fixed_gtp_opponent_stands_in_for_the_round_robin() {
    let dir = scratch("opponent");
    let out = dir.to_str().expect("utf-8 path");
    let opponent = format!(
        "{} --playouts 4 --threads 1 --seed 5 --quiet",
        env!("CARGO_BIN_EXE_moyo")
    );
    for method in ["coevolution", "spsa"] {
        let _ = std::fs::remove_dir_all(&dir);
        let more = format!("--method {method} --playouts 4 --population 2 --generations 1");
        let mut args = tiny(out, &more);
        args.extend(["--threads", "2", "--quiet", "--opponent"].map(String::from));
        args.push(opponent.clone());
        let o = moyo(&args);
        assert!(o.status.success(), "{method}: {}", text(&o.stderr));
        let log = std::fs::read_to_string(dir.join("games.jsonl")).expect("log");
        // Two players, two games each against the opponent (index -1); SPSA: one pair.
        let against = log.matches("\"black\":-1").count() + log.matches("\"white\":-1").count();
        assert_eq!(against, 4, "{method}: {log}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let o = moyo(&tiny(
        out,
        "--playouts 4 --population 2 --generations 2 --quiet --opponent /nonexistent/engine",
    ));
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("opponent"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
