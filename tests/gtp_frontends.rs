//! Each front end's command sequence, as it sends it, with the expected responses checked in:
//! `tests/sessions/<front end>.gtp` is the input (its opening comments name the front end's
//! version and describe what it sends, and when), `<front end>.expected` the transcript, with
//! placeholders where the answer depends on the search (a move, an analysis stream checked by
//! a strict reader, a board of numbers...; see `gtp_support::matches`).

mod gtp_support;

use gtp_support::*;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn session(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let input = std::fs::read_to_string(dir.join(format!("{name}.gtp"))).unwrap();
    let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
    let out = run_paced(FAST, &input, &dir);
    assert_transcript(&out, &expected);
}

/// Whether `line` starts an analysis that runs until the next input (not a `genmove` kind).
fn is_open_analysis(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let name = if first.bytes().all(|b| b.is_ascii_digit()) {
        words.next().unwrap_or("")
    } else {
        first
    };
    name.ends_with("analyze") && !name.contains("genmove")
}

/// Runs the engine on `input` the way a front end talks: line by line, and after a line that
/// starts an open-ended analysis, the next line only once the analysis has shown a line or
/// the command was answered (a refusal), as a user watching the analysis would. (A script
/// written all at once would stop each analysis before it starts.) Returns all of stdout.
fn run_paced(args: &[&str], input: &str, dir: &Path) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("moyo starts");
    let out = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let out = out.clone();
        let mut stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                out.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    };
    let answers = || {
        let text = String::from_utf8_lossy(&out.lock().unwrap()).into_owned();
        text.matches("\n\n").count()
    };
    // What the engine wrote after its first `n` answers (none: fewer are in).
    let after = |n: usize| {
        let text = String::from_utf8_lossy(&out.lock().unwrap()).into_owned();
        let mut rest = text.as_str();
        for _ in 0..n {
            rest = &rest[rest.find("\n\n")? + 2..];
        }
        Some(rest.to_string())
    };
    // Answers owed for the lines sent (GTP answers no empty or comment line); an open
    // analysis is answered only when the next line ends it, so it is not owed yet.
    let mut owed = 0;
    let mut open = false;
    let mut stdin = child.stdin.take().unwrap();
    for line in input.lines() {
        if is_open_analysis(line) {
            // Every earlier command answered first, so that a late answer is not taken for
            // the analysis having started.
            let start = Instant::now();
            while answers() < owed && start.elapsed() < Duration::from_secs(20) {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            // This line also ends an open analysis before it, which now owes its answer.
            if open {
                owed += 1;
            }
            open = is_open_analysis(line);
            if !open {
                owed += 1;
            }
        }
        if is_open_analysis(line) {
            // This analysis has shown a line, or was answered (a refusal), after every
            // earlier answer: the analysis this line ended answers first, and its lines and
            // end are not this one's.
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(20) {
                if after(owed).is_some_and(|t| t.contains("info ") || t.contains("\n\n")) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
    drop(stdin);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the engine did not exit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().unwrap();
    String::from_utf8(out.lock().unwrap().clone()).expect("stdout is UTF-8")
}

#[test]
fn sabaki() {
    session("sabaki");
}

#[test]
fn lizzie_and_lizgoban() {
    session("lizzie");
}

#[test]
fn gogui() {
    session("gogui");
}

#[test]
fn kgs() {
    session("kgs");
}

#[test]
fn cgos() {
    session("cgos");
}

#[test]
fn gogui_twogtp() {
    session("twogtp");
}

#[test]
fn kigo() {
    session("kigo");
}

#[test]
fn the_placeholders_reject_malformed_output() {
    let good = "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4 E5";
    assert!(matches("= {lz}", &format!("= {good}")));
    // An empty stream shows nothing: refused.
    assert!(!matches("= {lz}", "= "));
    assert!(!matches("= {lz-play}", "= \nplay D4"));
    assert!(matches("= {lz-play}", &format!("= {good}\nplay D4")));
    for bad in [
        // Float win rate in the Leela dialect, pv not last, missing key, bad order, bad pv.
        "\ninfo move D4 visits 3 winrate 0.5 prior 4000 lcb 2000 order 0 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 pv D4 prior 4000 lcb 2000 order 0",
        "\ninfo move D4 visits 3 prior 4000 lcb 2000 order 0 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 1 pv D4",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4 I5",
        "\ninfo move D4 visits 3 winrate 5000 prior 4000 lcb 6000 order 0 pv D4",
        "info move D4 visits 3 winrate 5000 prior 4000 lcb 2000 order 0 pv D4",
        "\n",
    ] {
        assert!(!matches("= {lz}", &format!("= {bad}")), "{bad:?}");
    }
    let kata = "\ninfo move D4 visits 3 winrate 0.500000 scoreMean 1.5 scoreStdev 3.0 \
                scoreLead 1.5 prior 0.4 lcb 0.2 order 0 pv D4";
    // KataGo's dialect carries the scores.
    assert!(!matches(
        "= {kata}",
        "= \ninfo move D4 visits 3 winrate 0.500000 prior 0.4 lcb 0.2 order 0 pv D4"
    ));
    assert!(matches(
        "= {kata}",
        &format!("= {kata} ownership 0.5 -1 0 0")
    ));
    assert!(!matches(
        "= {kata}",
        &format!("= {kata} ownership 0.5 -1 0")
    ));
    assert!(!matches("= {kata}", &format!("= {good}")));
    assert!(matches(
        "= {kata+own}",
        &format!("= {kata} ownership 0.5 -1 0 0")
    ));
    assert!(!matches("= {kata+own}", &format!("= {kata}")));
    assert!(matches(
        "= {kata-play+own}",
        &format!("= {kata} ownership 0.5 -1 0 0\nplay D4")
    ));
    assert!(!matches("= {kata-play+own}", &format!("= {kata}\nplay D4")));
    // The other placeholders that stand for several lines accept only their own kind.
    assert!(matches(
        "= {commands}",
        "= protocol_version\nlist_commands\nplay\ngenmove\nquit"
    ));
    assert!(!matches(
        "= {commands}",
        "= protocol_version\nlist_commands\nplay\ngenmove"
    ));
    assert!(!matches(
        "= {commands}",
        "= play\nplay\nprotocol_version\nlist_commands\ngenmove\nquit"
    ));
    assert!(!matches(
        "= {commands}",
        "= frobnicate\nprotocol_version\nlist_commands\nplay\ngenmove\nquit"
    ));
    assert!(matches("= {strings}", "= "));
    assert!(matches("= {strings}", "= A1 B1\nC3"));
    assert!(!matches("= {strings}", "= A1  B1"));
    assert!(!matches("= {strings}", "= A1\n\nC3"));
    assert!(!matches("= {strings}", "= I1"));
    assert!(matches(
        "= {lines}",
        "= Black D4: the most visited move\nwin rate 55%"
    ));
    assert!(!matches("= {lines}", "= "));
    assert!(!matches("= {lines}", "= one\n\ntwo"));
    assert!(!matches("= {lines}", "= a # comment"));
    assert!(!matches("= {kata-play}", &format!("= {kata}")));
    assert!(matches("= {dboard}", "= \n0.10 -0.20\n1.00 0.00"));
    assert!(!matches("= {dboard}", "= \n0.10 -0.20\n1.00"));
    assert!(matches(
        "= {gfx}",
        "= INFLUENCE A1 0.5\nVAR b D4 w pass\nTEXT hi"
    ));
    assert!(!matches("= {gfx}", "= INFLUENCE A1 2\nTEXT hi"));
    assert!(matches("= {pspairs}", "= D4 12 E5 3"));
    assert!(!matches("= {pspairs}", "= D4 12 E5"));
}
