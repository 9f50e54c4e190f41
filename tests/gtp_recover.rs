//! A command that panics half-way must leave a consistent engine: the answer is
//! `? internal error: ...`, and the next commands see the game as it was before. The panic
//! is forced with the hidden `moyo-test_panic`, which exists only when `MOYO_TEST_PANICS` is
//! set in the engine's environment.

mod gtp_support;

use gtp_support::responses;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// Runs the engine with the test command enabled on `script`; returns its responses.
fn run_with_test_panics(args: &[&str], script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(args)
        .env(moyo::gtp::TEST_PANICS_VAR, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("moyo starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = script.as_bytes().to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    writer.join().unwrap().unwrap();
    assert!(child.wait().unwrap().success(), "moyo exited badly:\n{out}");
    responses(&out)
}

#[test]
fn a_forced_panic_leaves_a_consistent_game() {
    let script = "\
boardsize 9
clear_board
komi 6.5
kgs-rules chinese
play b E5
play w C3
genmove b
1 printsgf
2 showboard
3 moyo-test_panic w G7
4 printsgf
5 showboard
6 known_command moyo-test_panic
7 list_commands
8 play w G7
9 genmove b
10 moyo-test_panic w search
11 printsgf
12 genmove w
13 final_score
14 moyo-test_panic b
15 quit
";
    for threads in ["1", "2"] {
        let args = [
            "--playouts",
            "200",
            "--threads",
            threads,
            "--seed",
            "3",
            "--quiet",
            "--no-book",
        ];
        let r = run_with_test_panics(&args, script);
        let by_id = |id: &str| -> &str {
            r.iter()
                .find(|x| x[1..].starts_with(&format!("{id} ")))
                .unwrap_or_else(|| panic!("no response {id} in {r:?}"))
        };
        // The panic is answered, as an error, and nothing it did is left.
        assert_eq!(
            by_id("3"),
            "?3 internal error: forced after a move with a comment"
        );
        assert_eq!(by_id("4")[2..], by_id("1")[2..], "the record changed");
        assert_eq!(by_id("5")[2..], by_id("2")[2..], "the board changed");
        assert!(by_id("1").contains("KM[6.5]RU[Chinese]"), "{}", by_id("1"));
        // The test command is hidden.
        assert_eq!(by_id("6"), "=6 false");
        assert!(!by_id("7").contains("moyo-test_panic"));
        // The game goes on: G7 is still free, and a panic inside a search is survived too.
        assert_eq!(by_id("8"), "=8 ");
        assert!(by_id("9").starts_with("=9 "), "{}", by_id("9"));
        assert_eq!(by_id("10"), "?10 internal error: forced in a search");
        let record = by_id("11");
        assert_eq!(record.matches(";B[").count(), 3, "{record}");
        assert_eq!(record.matches(";W[").count(), 2, "{record}");
        assert!(by_id("12").starts_with("=12 "), "{}", by_id("12"));
        assert!(by_id("13").starts_with("=13 "), "{}", by_id("13"));
        // Bad arguments to the test command are refused like any other's.
        assert_eq!(by_id("14"), "?14 syntax error");
        // `quit` was answered: the panic's `quit` flag did not survive either.
        assert_eq!(r.last().map(String::as_str), Some("=15 "));
    }
}
