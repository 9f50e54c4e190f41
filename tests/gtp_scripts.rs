//! Runs the regression scripts in `gtp-scripts/` the way gogui-regress does: a numbered
//! command is a test, the `#? [pattern]` line after it the expected answer (a regular
//! expression matched against the whole response; `!` negates it, a `*` after the bracket
//! marks an expected failure, and a `?` response always fails). The patterns may use the
//! subset of Java regular expressions this file understands: literals, `\` escapes, `.`,
//! `*` after an atom, and `|` between whole alternatives.

mod gtp_support;

use gtp_support::*;

struct Test {
    id: String,
    command: String,
    pattern: String,
    negate: bool,
    expect_fail: bool,
}

fn parse_script(text: &str) -> Vec<Test> {
    let mut tests = Vec::new();
    let mut last: Option<(String, String)> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#?") {
            let Some((id, command)) = last.take() else {
                continue;
            };
            let rest = rest.trim();
            let (Some(open), Some(close)) = (rest.find('['), rest.rfind(']')) else {
                panic!("bad pattern line {line:?}")
            };
            let mut pattern = rest[open + 1..close].to_string();
            let negate = pattern.starts_with('!');
            if negate {
                pattern.remove(0);
            }
            let expect_fail = rest[close + 1..].trim() == "*";
            tests.push(Test {
                id,
                command,
                pattern,
                negate,
                expect_fail,
            });
        } else if !t.is_empty() && !t.starts_with('#') {
            let first = t.split_whitespace().next().unwrap();
            last = first
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| (first.to_string(), t.to_string()));
        }
    }
    tests
}

#[derive(Debug, Clone, Copy)]
enum Atom {
    Char(char),
    Any,
}

fn compile(alt: &str) -> Vec<(Atom, bool)> {
    let mut out = Vec::new();
    let mut chars = alt.chars().peekable();
    while let Some(c) = chars.next() {
        let atom = match c {
            '\\' => Atom::Char(chars.next().expect("dangling escape")),
            '.' => Atom::Any,
            c => Atom::Char(c),
        };
        let star = chars.peek() == Some(&'*');
        if star {
            chars.next();
        }
        out.push((atom, star));
    }
    out
}

fn match_seq(p: &[(Atom, bool)], s: &[char]) -> bool {
    let Some(&(atom, star)) = p.first() else {
        return s.is_empty();
    };
    let one = |c: char| match atom {
        Atom::Any => true,
        Atom::Char(x) => x == c,
    };
    if star {
        let mut k = 0;
        loop {
            if match_seq(&p[1..], &s[k..]) {
                return true;
            }
            if k < s.len() && one(s[k]) {
                k += 1;
            } else {
                return false;
            }
        }
    }
    !s.is_empty() && one(s[0]) && match_seq(&p[1..], &s[1..])
}

/// Whole-string match of the supported regex subset.
fn regex_matches(pattern: &str, s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    // Split on top-level `|` (not escaped).
    let mut alts = vec![String::new()];
    let mut escaped = false;
    for c in pattern.chars() {
        if !escaped && c == '|' {
            alts.push(String::new());
            continue;
        }
        escaped = !escaped && c == '\\';
        alts.last_mut().unwrap().push(c);
    }
    alts.iter().any(|a| match_seq(&compile(a), &chars))
}

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
        let args = [
            "--playouts",
            "1000",
            "--threads",
            "1",
            "--seed",
            "1",
            "--quiet",
        ];
        let out = run_script_in(&args, text.as_bytes(), Some(&dir));
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
