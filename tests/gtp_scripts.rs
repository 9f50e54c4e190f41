//! Runs the regression scripts in `gtp-scripts/` the way gogui-regress does (the reader is
//! `gtp_support::regress`); a `?` response always fails.

mod gtp_support;

use gtp_support::regress::{parse_script, regex_matches};
use gtp_support::*;

#[test]
fn the_matcher_works() {
    assert!(regex_matches("B5", "B5"));
    assert!(regex_matches("A1|B5", "B5"));
    assert!(!regex_matches("B5", "B55"));
    assert!(regex_matches(".*7  \\. O.*", "x\n 7  . O\nz"));
    assert!(regex_matches("W\\+0\\.5", "W+0.5"));
    assert!(regex_matches("", ""));
    assert!(!regex_matches("", "x"));
}

#[test]
fn regression_scripts_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("gtp-scripts exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let tests = parse_script(&text);
        assert!(!tests.is_empty(), "{} has no tests", file.display());
        let out = run_script_in(SCRIPT, text.as_bytes(), Some(&dir));
        for t in tests {
            let resp = responses(&out)
                .into_iter()
                .find(|r| r[1..].split(' ').next() == Some(t.id.as_str()))
                .unwrap_or_else(|| panic!("no answer to {}", t.command));
            let ok_answer = resp.starts_with('=');
            let body = resp.split_once(' ').map_or("", |(_, b)| b);
            let passed = ok_answer && regex_matches(&t.pattern, body) != t.negate;
            let name = format!(
                "{}: {}",
                file.file_name().unwrap().to_string_lossy(),
                t.command
            );
            match (passed, t.expect_fail) {
                (true, true) => eprintln!("unexpected pass: {name}"),
                (false, true) => eprintln!("expected failure: {name} -> {resp}"),
                (false, false) => failures.push(format!("{name} -> {resp:?}")),
                (true, false) => {}
            }
        }
    }
    assert!(failures.is_empty(), "failed:\n{}", failures.join("\n"));
}
