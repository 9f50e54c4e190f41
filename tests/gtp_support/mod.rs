//! Helpers for the GTP integration tests: run the `moyo` binary on a script, talk to it
//! command by command with a timeout, and match responses against patterns.

#![allow(dead_code)]

pub mod analysis;
pub mod regress;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// Flags every test engine gets: small, deterministic searches.
pub const FAST: &[&str] = &[
    "--playouts",
    "30",
    "--threads",
    "1",
    "--seed",
    "1",
    "--quiet",
];

/// Flags of the regression-script runs (`.tst` files): searches big enough to find the
/// expected moves, still deterministic.
pub const SCRIPT: &[&str] = &[
    "--playouts",
    "1000",
    "--threads",
    "1",
    "--seed",
    "1",
    "--quiet",
];

/// An engine on an empty 9x9 board with komi 7: searches of 400 playouts, seeded, no book.
pub fn engine_9x9_komi7() -> Gtp {
    let mut g = Gtp::start(&[
        "--playouts",
        "400",
        "--threads",
        "1",
        "--seed",
        "3",
        "--no-book",
        "--quiet",
    ]);
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.ok("komi 7");
    g
}

/// Plays a 9x9 position where Black owns rows 1 to 7 (walls on rows 2, 4, 6 and 7, whose
/// one-line eyes no playout can fill) and White rows 8 and 9: with komi 7 Black leads by
/// 63 - 18 - 7 = 38 points, and the playouts agree. Black to move.
pub fn play_black_far_ahead(g: &mut Gtp) {
    for row in [2, 4, 6, 7] {
        for col in "ABCDEFGHJ".chars() {
            g.ok(&format!("play b {col}{row}"));
        }
    }
    for col in "ABCDEFGHJ".chars() {
        g.ok(&format!("play w {col}8"));
    }
}

/// Runs `moyo` with `args` and nothing on stdin; its exit status, stdout and stderr.
pub fn moyo_output<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("moyo runs")
}

/// Output bytes as text (invalid UTF-8 replaced).
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs the engine on `input` (stdin closed afterwards) and returns all of stdout.
pub fn run_script(args: &[&str], input: &[u8]) -> String {
    run_script_in(args, input, None)
}

/// The engine binary with piped stdin and stdout, stderr dropped, run in `dir` if given.
fn spawn_moyo(args: &[&str], dir: Option<&Path>) -> Child {
    spawn_moyo_with(args, dir, Stdio::null())
}

/// `spawn_moyo` with stderr going to `stderr`.
fn spawn_moyo_with(args: &[&str], dir: Option<&Path>, stderr: Stdio) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_moyo"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    cmd.spawn().expect("moyo starts")
}

/// `run_script` with a working directory.
pub fn run_script_in(args: &[&str], input: &[u8], dir: Option<&Path>) -> String {
    let mut child = spawn_moyo(args, dir);
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = String::new();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(buf) => out.push_str(&String::from_utf8(buf).expect("stdout is UTF-8")),
        Err(_) => {
            let _ = child.kill();
            panic!("engine hung");
        }
    }
    let _ = writer.join();
    let status = child.wait().unwrap();
    assert!(status.success(), "engine exited with {status}");
    out
}

/// Runs the engine on `input` (stdin closed afterwards), asserts a clean exit and returns
/// stdout and stderr, for tests of what the engine says on stderr.
pub fn run_with_stderr(args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("moyo starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert!(out.status.success(), "engine exited with {}", out.status);
    (
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// Splits a whole transcript into responses (each without its final empty line).
pub fn responses(out: &str) -> Vec<String> {
    assert!(
        out.is_empty() || out.ends_with("\n\n"),
        "transcript must end with an empty line"
    );
    let mut v: Vec<String> = out.split("\n\n").map(str::to_string).collect();
    v.pop();
    v
}

/// Whether `s` matches `pat`, where `{move}` is a vertex or `pass`, `{gen}` a vertex, `pass`
/// or `resign`, `{vertex}` a vertex, `{score}` a GTP score, `{num}` a number, `{any}`
/// anything on one line, `{lines}` one or more non-empty lines of text without `#`,
/// `{commands}` a `list_commands` answer, `{strings}` a `final_status_list` answer; for
/// streamed analysis, `{lz}` and `{kata}` are one or more analysis lines of that dialect and
/// `{lz-play}`, `{kata-play}` the same ending with `play <move>` (see `analysis.rs`), and a
/// `+own` suffix asks for ownership on every line; `{dboard}` and `{sboard}` are GoGui boards
/// of numbers in [-1, 1] and of labels, `{pspairs}` vertex-label pairs, `{var}` a list of
/// moves, `{gfx}` lines of GoGui graphics commands.
pub fn matches(pat: &str, s: &str) -> bool {
    let Some(open) = pat.find('{') else {
        return pat == s;
    };
    let Some(close) = pat[open..].find('}').map(|c| open + c) else {
        return pat == s;
    };
    let (lit, name, rest) = (&pat[..open], &pat[open + 1..close], &pat[close + 1..]);
    let Some(s) = s.strip_prefix(lit) else {
        return false;
    };
    if rest.is_empty() {
        return placeholder(name, s);
    }
    (0..=s.len())
        .filter(|&k| s.is_char_boundary(k))
        .any(|k| placeholder(name, &s[..k]) && matches(rest, &s[k..]))
}

fn is_vertex(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && b.len() <= 3
        && b[0].is_ascii_uppercase()
        && b[0] != b'I'
        && b[1..].iter().all(u8::is_ascii_digit)
        && b[1] != b'0'
}

fn placeholder(name: &str, s: &str) -> bool {
    match name {
        "move" => s == "pass" || is_vertex(s),
        "gen" => s == "pass" || s == "resign" || is_vertex(s),
        "vertex" => is_vertex(s),
        "score" => {
            s == "0"
                || ((s.starts_with("B+") || s.starts_with("W+")) && s[2..].parse::<f32>().is_ok())
        }
        "num" => !s.is_empty() && s.parse::<f64>().is_ok(),
        "any" => !s.contains('\n'),
        // Text for a person: at least one line, none of them empty (that would end the
        // response) and no `#` (kgsGtp cuts responses there).
        "lines" => !s.is_empty() && !s.contains('#') && s.split('\n').all(|l| !l.trim().is_empty()),
        // `list_commands`: one known command a line, each once, the core ones among them.
        "commands" => {
            let names: Vec<&str> = s.split('\n').collect();
            names
                .iter()
                .all(|n| moyo::gtp::is_known(n) && *n == n.to_ascii_lowercase())
                && names
                    .iter()
                    .enumerate()
                    .all(|(i, n)| !names[i + 1..].contains(n))
                && [
                    "protocol_version",
                    "list_commands",
                    "play",
                    "genmove",
                    "quit",
                ]
                .iter()
                .all(|c| names.contains(c))
        }
        // `final_status_list`: one string a line, its vertices separated by single spaces (or
        // nothing at all).
        "strings" => {
            s.is_empty()
                || s.split('\n')
                    .all(|l| !l.is_empty() && l.split(' ').all(is_vertex))
        }
        // An analysis stream: at least one well-formed `info` line (moves, visits, win rates,
        // a pv); with `+own`, ownership on every line; `-play` ends it with the move.
        "lz" | "kata" | "lz-play" | "kata-play" | "kata+own" | "kata-play+own" => {
            let dialect = if name.starts_with("lz") {
                analysis::Dialect::Leela
            } else {
                analysis::Dialect::Kata
            };
            let genmove = name.contains("-play");
            let ownership = name.ends_with("+own");
            match analysis::parse_stream(s, dialect, genmove) {
                Ok((lines, _)) if lines.is_empty() => {
                    eprintln!("{{{name}}} does not match: no analysis line in {s:?}");
                    false
                }
                Ok((lines, _)) => {
                    let owned = lines.iter().all(|l| l.ownership.is_some());
                    if ownership && !owned {
                        eprintln!("{{{name}}} does not match: a line without ownership");
                    }
                    owned || !ownership
                }
                Err(e) => {
                    eprintln!("{{{name}}} does not match: {e}");
                    false
                }
            }
        }
        "dboard" => analysis::is_board(s, |t| {
            t.contains('.') && t.parse::<f64>().is_ok_and(|v| (-1.0..=1.0).contains(&v))
        }),
        "sboard" => analysis::is_board(s, |t| !t.is_empty()),
        "pspairs" => {
            let t: Vec<&str> = s.split(' ').collect();
            t.len().is_multiple_of(2)
                && t.chunks(2)
                    .all(|p| is_vertex(p[0]) && !p[1].is_empty() && !p[1].contains('\n'))
        }
        "var" => s.split(' ').all(analysis::is_move),
        "gfx" => !s.is_empty() && s.lines().all(analysis::is_gfx_line),
        _ => panic!("unknown placeholder {name}"),
    }
}

/// Asserts the transcript matches the expected one response by response.
pub fn assert_transcript(out: &str, expected: &str) {
    let got = responses(out);
    let want = responses(expected);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!(
            matches(w, g),
            "response {i} differs\n--- expected\n{w}\n--- got\n{g}\n--- whole transcript\n{out}"
        );
    }
    assert_eq!(
        got.len(),
        want.len(),
        "number of responses differs; transcript:\n{out}"
    );
}

/// A running engine spoken to one command at a time.
pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    pub timeout: Duration,
}

impl Gtp {
    pub fn start(args: &[&str]) -> Gtp {
        Gtp::start_in(args, None)
    }

    pub fn start_in(args: &[&str], dir: Option<&Path>) -> Gtp {
        Gtp::of_child(spawn_moyo(args, dir))
    }

    /// An engine whose stderr is a pipe nobody reads (the returned end is kept open, never
    /// read), as some controllers leave it.
    pub fn start_with_unread_stderr(args: &[&str]) -> (Gtp, std::process::ChildStderr) {
        let mut child = spawn_moyo_with(args, None, Stdio::piped());
        let stderr = child.stderr.take().unwrap();
        (Gtp::of_child(child), stderr)
    }

    /// Speaks to a child started with piped stdin and stdout.
    fn of_child(mut child: Child) -> Gtp {
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        // Sends one complete response (lines up to the empty line) at a time.
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut resp = String::new();
            loop {
                let mut line = Vec::new();
                match r.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => {
                        if !resp.is_empty() {
                            let _ = tx.send(resp);
                        }
                        return;
                    }
                    Ok(_) => {}
                }
                let line = String::from_utf8(line).expect("stdout is UTF-8");
                resp.push_str(&line);
                if line == "\n" && tx.send(std::mem::take(&mut resp)).is_err() {
                    return;
                }
            }
        });
        Gtp {
            child,
            stdin,
            rx,
            timeout: Duration::from_secs(30),
        }
    }

    /// Sends raw bytes (a line feed is not added).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("engine reads");
        self.stdin.flush().unwrap();
    }

    /// The next complete response, including its final empty line; panics after the timeout.
    pub fn response(&mut self) -> String {
        match self.rx.recv_timeout(self.timeout) {
            Ok(r) => r,
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                panic!("engine did not answer within {:?}", self.timeout)
            }
            Err(RecvTimeoutError::Disconnected) => panic!("engine closed its output"),
        }
    }

    /// A response if one comes within `wait`.
    pub fn try_response(&mut self, wait: Duration) -> Option<String> {
        self.rx.recv_timeout(wait).ok()
    }

    /// Sends one command and returns its response text: `Ok` for `=`, `Err` for `?`, without
    /// the `= ` and the final empty line.
    pub fn cmd(&mut self, line: &str) -> Result<String, String> {
        self.send_raw(format!("{line}\n").as_bytes());
        let r = self.response();
        assert!(
            r.ends_with("\n\n") && !r[..r.len() - 2].contains("\n\n"),
            "framing: {r:?}"
        );
        let body = r[2..r.len() - 2].to_string();
        if r.starts_with("= ") {
            Ok(body)
        } else if r.starts_with("? ") {
            Err(body)
        } else {
            panic!("malformed response to {line:?}: {r:?}")
        }
    }

    /// `cmd` that must succeed.
    pub fn ok(&mut self, line: &str) -> String {
        self.cmd(line)
            .unwrap_or_else(|e| panic!("{line:?} failed: {e}"))
    }

    /// Closes stdin and waits for a clean exit.
    pub fn finish(self) {
        drop(self.stdin);
        let (tx, rx) = channel();
        let mut child = self.child;
        std::thread::spawn(move || {
            let _ = tx.send(child.wait());
        });
        let status = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("engine exits at EOF");
        assert!(status.unwrap().success());
    }
}

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("moyo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The Python interpreter that has sgfmill, if any: `target/sgfmill-venv` (`.ci/run` makes
/// it) or `MOYO_SGFMILL_PYTHON`. Under CI (`CI` set) a missing sgfmill fails the test;
/// elsewhere the test says on stderr that it skips.
pub fn sgfmill_python() -> Option<PathBuf> {
    let python = std::env::var_os("MOYO_SGFMILL_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sgfmill-venv/bin/python")
        });
    let ok = Command::new(&python)
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install sgfmill (see .ci/run): {} cannot import it",
            python.display()
        );
        eprintln!("SKIPPED: no sgfmill for {}", python.display());
    }
    ok.then_some(python)
}

/// The folder of the Node.js clients (`tests/sabaki-gtp`) when `node` runs and `package` is
/// installed there (`npm ci` in it; `.ci/run` does it). Under CI (`CI` set) a missing client
/// fails the test; elsewhere the test says on stderr that it skips.
pub fn node_client(package: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki-gtp");
    let node_ok = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let missing = if !node_ok {
        Some("`node` is not installed".to_string())
    } else if !dir
        .join("node_modules")
        .join(package)
        .join("package.json")
        .exists()
    {
        Some(format!(
            "{package} is not installed (run `npm ci` in {})",
            dir.display()
        ))
    } else {
        None
    };
    if let Some(why) = missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the real client (see .ci/run): {why}"
        );
        eprintln!("SKIPPED: {why}");
        return None;
    }
    Some(dir)
}
