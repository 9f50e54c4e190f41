//! The engine under memory limits, and the limits it refuses at start: a tree that does not
//! fit a process limit (`ulimit -v`) is made smaller and the game goes on; a `--max-memory`
//! above what the process may use, or a `--threads` beyond reason, is refused with a
//! message, never an abort.

mod gtp_support;

use gtp_support::{moyo_output as moyo, text};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `sh -c SCRIPT` with `input` on stdin and returns its output.
fn sh(script: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Virtual memory (KiB) the engine runs in: less than the 2G asked for its tree.
const ULIMIT_KIB: &str = "1600000";

#[test]
fn two_genmoves_under_a_limit_smaller_than_max_memory() {
    let probe = sh(&format!("ulimit -v {ULIMIT_KIB}"), &[], "");
    if !probe.status.success() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true and `ulimit -v` fails: {}",
            text(&probe.stderr)
        );
        eprintln!("skipped: this sandbox cannot set `ulimit -v`");
        return;
    }
    let out = sh(
        &format!("ulimit -v {ULIMIT_KIB} && exec \"$@\""),
        &[
            env!("CARGO_BIN_EXE_moyo"),
            "--max-memory",
            "2G",
            "--threads",
            "1",
            "--playouts",
            "200",
            "--no-book",
        ],
        "boardsize 9\ngenmove b\ngenmove w\nquit\n",
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{}\n{stdout}\n{stderr}", out.status);
    let answers: Vec<&str> = stdout.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 4, "{stdout}\n{stderr}");
    for a in &answers[1..3] {
        assert!(a.starts_with("= ") && a.len() > 2, "{stdout}");
    }
    assert!(stderr.contains("could be reserved"), "{stderr}");
}

#[test]
fn a_budget_beyond_the_machine_is_refused_at_start() {
    let o = moyo(&["--max-memory", "4000G"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("--max-memory 4000G: more than this process may use"),
        "{err}"
    );
    let o = moyo(&["--max-memory", "4P"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("512M, 4G or 1T"));
}

#[test]
fn absurd_thread_counts_are_refused() {
    for t in ["100000000", "18446744073709551615"] {
        let o = moyo(&["--threads", t]);
        assert_eq!(o.status.code(), Some(2), "{t}: {}", text(&o.stderr));
        assert!(
            text(&o.stderr).contains(&format!("--threads {t}: at most 1024")),
            "{}",
            text(&o.stderr)
        );
    }
}
