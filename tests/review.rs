//! `moyo review` from outside: the built binary reviews a short 9x9 record; the annotated
//! record is read by two other clients, sgfmill (`tests/sgfmill/review.py`, which also parses
//! the chart as XML) and Sabaki's `@sabaki/sgf` (`tests/sabaki-gtp/review.js`); a review
//! killed part way resumes from its cache and ends as an uninterrupted one; bad records are
//! refused with their names. The clients are needed as in `sgfmill_client.rs` and
//! `sabaki_client.rs`: a failure under CI, a skip elsewhere.

mod gtp_support;

use gtp_support::{node_client, sgfmill_python, temp_dir, text};
use moyo::board::vertex_string;
use moyo::sgf::{GameRecord, RecordedMove, coord_to_sgf};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A 9x9 game of 16 moves; White's 4th move (move 4, A9) throws a move away.
const RECORD: &str = "(;FF[4]GM[1]SZ[9]KM[7]RU[Chinese]PB[Alice]PW[Bob]RE[B+R]C[A short game]\n\
                      ;B[ee];W[cg];B[gc];W[aa]C[a wasted move];B[cc];W[gg];B[ce];W[ge];B[ec]\n\
                      ;W[eg];B[dd];W[fd];B[df];W[ff];B[bb];W[hh])\n";
const MOVES: usize = 16;

/// The record's moves as GTP vertices.
fn played() -> Vec<String> {
    GameRecord::parse(RECORD)
        .unwrap()
        .moves
        .iter()
        .map(|m| match m {
            RecordedMove::Play(_, Some((x, y))) => vertex_string(*x as usize, *y as usize),
            other => panic!("{other:?}"),
        })
        .collect()
}

/// A GTP vertex of a 9x9 board as SGF letters.
fn sgf_point(vertex: &str) -> String {
    let (x, y) = moyo::board::parse_vertex(vertex, 9).unwrap().unwrap();
    coord_to_sgf((x as u8, y as u8), 9)
}

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_moyo"));
    c.arg("review")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null());
    c
}

fn review(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("moyo runs")
}

/// A parsed `mistake` line: number, colour, played, better, win-rate loss.
type Mistake = (usize, String, String, String, f32);

/// The report's mistake lines; checks the summary line ends it.
fn mistakes(stdout: &str) -> Vec<Mistake> {
    let lines: Vec<&str> = stdout.lines().collect();
    let summary = lines.last().expect("a report");
    assert!(
        summary.starts_with(&format!("summary moves {MOVES} mistakes ")),
        "{stdout}"
    );
    lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!((f.len(), f[0]), (7, "mistake"), "{l}");
            let points: f32 = f[6].parse().expect("score loss");
            assert!(points.is_finite(), "{l}");
            (
                f[1].parse().expect("number"),
                f[2].to_string(),
                f[3].to_string(),
                f[4].to_string(),
                f[5].parse().expect("win-rate loss"),
            )
        })
        .collect()
}

/// What a client printed; it must succeed.
fn client(c: &mut Command) -> String {
    let out = c.output().expect("the client runs");
    let got = text(&out.stdout);
    assert!(out.status.success(), "{got}\n{}", text(&out.stderr));
    got
}

/// Checks a client's `move N COLOURPOINT COMMENT BM OTHERS...` lines: every move there, in
/// order, with a comment; each mistake marked `BM` with its better move beside it.
fn check_moves(client: &str, out: &str, moves: &[String], found: &[Mistake]) {
    let lines: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| l.starts_with("move "))
        .map(|l| l.split(' ').collect())
        .collect();
    assert_eq!(lines.len(), MOVES, "{client}:\n{out}");
    for (i, f) in lines.iter().enumerate() {
        assert_eq!(f[1], (i + 1).to_string(), "{client}:\n{out}");
        assert_eq!(&f[2][1..], moves[i], "{client}:\n{out}");
        assert_eq!(f[3], "1", "{client}: move {} has no comment:\n{out}", i + 1);
    }
    for (n, colour, _, better, _) in found {
        let f = &lines[n - 1];
        assert!(["1", "2"].contains(&f[4]), "{client}: move {n}:\n{out}");
        let want = format!("{colour}{better}");
        assert!(
            f[5..].contains(&want.as_str()),
            "{client}: no variation {want} beside move {n}:\n{out}"
        );
    }
}

#[test]
fn a_review_annotates_every_move_for_sgfmill_and_sabaki() {
    let dir = temp_dir("review-clients");
    std::fs::write(dir.join("game.sgf"), RECORD).unwrap();
    let started = Instant::now();
    let args = ["game.sgf", "--playouts", "400", "--threads", "2"];
    let chart = ["--svg", "game.svg", "--margin", "0.05", "--top", "100"];
    let out = review(&dir, &[&args[..], &chart[..]].concat());
    eprintln!("review of {MOVES} moves: {:?}", started.elapsed());
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(dir.join("game-review.cache").is_dir(), "{stderr}");
    let found = mistakes(&stdout);
    assert!(!found.is_empty(), "no mistake at all:\n{stdout}");
    let moves = played();
    for w in found.windows(2) {
        assert!(w[0].4 >= w[1].4, "not biggest first:\n{stdout}");
    }
    for (n, colour, at, better, loss) in &found {
        let want = if n % 2 == 1 { "B" } else { "W" };
        assert_eq!((colour.as_str(), at), (want, &moves[n - 1]), "{stdout}");
        assert!(*loss > 0.05 && better != at, "{stdout}");
    }
    // moyo reads back the same game with everything the record had.
    let written = std::fs::read_to_string(dir.join("game-review.sgf")).unwrap();
    let (a, b) = (
        GameRecord::parse(RECORD).unwrap(),
        GameRecord::parse(&written).unwrap(),
    );
    assert_eq!(a, b, "{written}");
    let root = moyo::sgf::parse_first_tree(&written).unwrap();
    for (id, value) in [("C", "A short game"), ("RU", "Chinese"), ("KM", "7")] {
        assert_eq!(root.nodes[0].get_first(id), Some(value), "{written}");
    }
    assert!(
        written.contains("C[a wasted move\n\nmoyo review"),
        "{written}"
    );
    if let Some(python) = sgfmill_python() {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sgfmill/review.py");
        let got = client(
            Command::new(python)
                .arg(script)
                .args(["game-review.sgf", "game.svg"])
                .current_dir(&dir),
        );
        assert!(got.starts_with("root Alice Bob B+R 7\n"), "{got}");
        check_moves("sgfmill", &got, &moves, &found);
        assert!(
            got.contains(&format!(
                "svg {{http://www.w3.org/2000/svg}}svg {}",
                found.len()
            )),
            "{got}"
        );
    }
    if let Some(modules) = node_client("@sabaki/sgf") {
        let got = client(
            Command::new("node")
                .arg(modules.join("review.js"))
                .arg(dir.join("game-review.sgf"))
                .current_dir(&modules),
        );
        assert!(got.starts_with("root Alice Bob B+R\n"), "{got}");
        let letters: Vec<String> = moves.iter().map(|v| sgf_point(v)).collect();
        let found_letters: Vec<Mistake> = found
            .iter()
            .map(|(n, c, at, better, loss)| {
                (*n, c.clone(), sgf_point(at), sgf_point(better), *loss)
            })
            .collect();
        check_moves("@sabaki/sgf", &got, &letters, &found_letters);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The finished positions in a cache folder.
fn entries(cache: &Path) -> usize {
    std::fs::read_dir(cache).map_or(0, |d| {
        d.flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with("pos-") && name.ends_with(".txt")
            })
            .count()
    })
}

/// The positions a review took from its cache, from its first line on stderr.
fn from_cache(stderr: &str) -> usize {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("moyo review: ") && l.contains(" from the cache "))
        .unwrap_or_else(|| panic!("{stderr}"));
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(
        words[2..4],
        [&(MOVES + 1).to_string(), "positions,"],
        "{line}"
    );
    words[4].parse().unwrap()
}

#[test]
fn a_killed_review_resumes_and_ends_as_an_uninterrupted_one() {
    let dir = temp_dir("review-resume");
    std::fs::write(dir.join("game.sgf"), RECORD).unwrap();
    let common = ["game.sgf", "--playouts", "1000", "--seed", "5", "--quiet"];
    let whole = review(
        &dir,
        &[&common[..], &["--out", "whole.sgf", "--threads", "2"]].concat(),
    );
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    // The same review on one thread, killed after a few positions.
    let cut = |threads| [&common[..], &["--out", "cut.sgf", "--threads", threads]].concat();
    let cache = dir.join("cut.cache");
    let mut child = command(&dir, &cut("1"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while entries(&cache) < 3 {
        assert!(Instant::now() < deadline, "no progress");
        assert!(
            child.try_wait().unwrap().is_none(),
            "ended before it was killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // While it runs, a second review of the same cache is refused.
    let second = review(&dir, &cut("1"));
    assert!(!second.status.success());
    let why = text(&second.stderr);
    assert!(
        why.contains(&format!("in use by process {}", child.id())),
        "{why}"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let done = entries(&cache);
    assert!(done < MOVES + 1, "killed too late");
    // A damaged entry is analysed again.
    std::fs::write(cache.join("pos-0000.txt"), "moyo-review-position 1\nkey 12").unwrap();
    let rerun = review(&dir, &cut("2"));
    let stderr = text(&rerun.stderr);
    assert!(rerun.status.success(), "{stderr}");
    assert_eq!(from_cache(&stderr), done - 1, "{stderr}");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_eq!(read("cut.sgf"), read("whole.sgf"));
    assert_eq!(text(&rerun.stdout), text(&whole.stdout));
    // Once done, nothing is analysed again.
    let again = review(&dir, &cut("2"));
    assert_eq!(from_cache(&text(&again.stderr)), MOVES + 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_records_are_refused_with_their_names() {
    let dir = temp_dir("review-bad");
    for (name, content) in [
        ("garbage.sgf", "this is no game record"),
        ("cut.sgf", "(;SZ[9];B[ee];W[c"),
        ("illegal.sgf", "(;SZ[9];B[ee];W[ee])"),
        ("empty.sgf", "(;SZ[9]KM[7])"),
        ("huge.sgf", "(;SZ[99];B[aa])"),
    ] {
        std::fs::write(dir.join(name), content).unwrap();
        let out = review(&dir, &[name, "--playouts", "10"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(name) && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
    let out = review(&dir, &["missing.sgf"]);
    assert!(!out.status.success() && text(&out.stderr).contains("missing.sgf"));
    let _ = std::fs::remove_dir_all(&dir);
}
