//! moyo on a cluster (`--features mpi`), two MPI ranks under `mpirun`. A short 9x9 game
//! against GNU Go: both ranks must report playouts, and after rank 1 is killed mid-game,
//! rank 0 must say so and play the game to its legal end. A tiny `moyo tune`: both ranks
//! must play games, a run killed with `kill -9` must resume from its checkpoint and play
//! only the games it had not logged, and a run must go on to its end when a rank is killed
//! mid-run. A tiny `moyo book build`: both ranks must evaluate, and a build killed with
//! `kill -9` must resume from its checkpoint and journal without losing an evaluation.
//! When rank 0 dies, the followers must leave on their own instead of hanging.
//! `.ci/run` runs it with `cargo test --release --features mpi --test cluster`.
#![cfg(feature = "mpi")]

use moyo::gtp_process::{GtpProcess, ProcessReply, StderrSink};
use moyo::tune::json::Json;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// Seconds per move: short. A rank killed after a move is noticed once it has been silent
/// for `cluster_timeout_ms` (1 s), which is within the next two moves.
const MOVE_SECONDS: &str = "0.6";

/// One test at a time: the ranks of two tests would compete for the cores, and the tests
/// count on every rank answering within `cluster_timeout_ms`.
static MPIRUN: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    MPIRUN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `mpirun` is here; under CI (`CI` set) its absence fails the test.
fn has_mpirun() -> bool {
    if Command::new("mpirun").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must install Open MPI (see .ci/run)"
    );
    eprintln!("SKIPPED: mpirun is missing");
    false
}

/// Whether `mpirun` and GNU Go are here; under CI (`CI` set) their absence fails the test.
fn tools() -> Option<&'static str> {
    let mpirun = has_mpirun();
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    if !mpirun || gnugo.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install Open MPI and GNU Go (see .ci/run)"
        );
        eprintln!("SKIPPED: mpirun or GNU Go is missing");
        return None;
    }
    gnugo
}

fn ask(e: &mut GtpProcess, cmd: &str) -> String {
    match e.command(cmd, TIMEOUT) {
        Ok(ProcessReply { ok: true, text }) => text.trim().to_string(),
        Ok(ProcessReply { ok: false, text }) => panic!("{}: `{cmd}` refused: {text}", e.label),
        Err(f) => panic!("{}: `{cmd}` got no answer: {f:?}", e.label),
    }
}

fn log_of(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// The pid a rank announced on stderr in the line that contains `marker` (`rank 0 of 2
/// leads`, `rank 1 of 2 follows`).
fn rank_pid(log: &Path, marker: &str) -> Option<u32> {
    let text = std::fs::read_to_string(log).ok()?;
    let line = text.lines().find(|l| l.contains(marker))?;
    line.rsplit("pid ")
        .next()?
        .trim_end_matches(')')
        .parse()
        .ok()
}

/// Playouts of rank 1's searches as rank 1 and rank 0 report them on stderr.
fn rank1_playouts(log: &str) -> (u64, u64) {
    let own: u64 = log
        .lines()
        .filter_map(|l| l.split("rank 1: search ").nth(1))
        .filter_map(|rest| {
            rest.split(": ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum();
    let seen: u64 = log
        .lines()
        .filter(|l| l.contains("moyo: cluster: rank 0"))
        .filter_map(|l| {
            l.split("rank 1 ")
                .nth(1)?
                .split([' ', ','])
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum();
    (own, seen)
}

/// Kills with signal 9 the rank whose pid `log` announces after `marker`.
fn kill_9(log: &Path, marker: &str) {
    let pid = rank_pid(log, marker)
        .unwrap_or_else(|| panic!("no pid after `{marker}`:\n{}", log_of(log)));
    let killed = Command::new("kill").args(["-9", &pid.to_string()]).status();
    assert!(
        killed.is_ok_and(|s| s.success()),
        "cannot kill `{marker}` ({pid})"
    );
}

#[test]
fn two_ranks_play_gnugo_and_rank_0_survives_rank_1() {
    let Some(gnugo) = tools() else {
        return;
    };
    let _one = one_at_a_time();
    let dir = scratch("game");
    let log = dir.join("mpirun.stderr");
    let moyo_cmd = format!(
        "mpirun --allow-run-as-root --oversubscribe --enable-recovery -np 2 {} --threads 1 \
         --time-per-move {MOVE_SECONDS} --seed 5 --no-book --max-memory 256M",
        env!("CARGO_BIN_EXE_moyo")
    );
    let mut moyo = GtpProcess::new("moyo", &moyo_cmd, StderrSink::File(log.clone()), false);
    let mut gnu = GtpProcess::new(
        "gnugo",
        &format!("{gnugo} --mode gtp --level 1"),
        StderrSink::Null,
        false,
    );
    moyo.ensure_started(TIMEOUT).expect("mpirun starts moyo");
    gnu.ensure_started(TIMEOUT).expect("GNU Go starts");
    for e in [&mut moyo, &mut gnu] {
        ask(e, "boardsize 9");
        ask(e, "komi 7");
        ask(e, "clear_board");
    }
    let (mut passes, mut plies, mut moyo_moves) = (0, 0, 0);
    let mut killed_at: Option<usize> = None;
    let mut ended_by = "move limit";
    while plies < 160 {
        let black = plies % 2 == 0;
        let (colour, mover) = if black {
            ("b", &mut moyo)
        } else {
            ("w", &mut gnu)
        };
        let mv = ask(mover, &format!("genmove {colour}")).to_lowercase();
        plies += 1;
        if mv == "resign" {
            ended_by = "resignation";
            break;
        }
        let other = if black { &mut gnu } else { &mut moyo };
        // The other side accepts the move: it is legal.
        ask(other, &format!("play {colour} {mv}"));
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            ended_by = "two passes";
            break;
        }
        if !black {
            continue;
        }
        moyo_moves += 1;
        if moyo_moves == 4 {
            // Both ranks have searched: each reports its playouts.
            let text = log_of(&log);
            let (own, seen) = rank1_playouts(&text);
            assert!(own > 0, "rank 1 reports no playouts:\n{text}");
            assert!(seen > 0, "rank 0 saw none of rank 1's playouts:\n{text}");
            assert!(
                text.lines()
                    .any(|l| l.starts_with("moyo: search black:") && l.contains(" playouts ")),
                "rank 0 reports no playouts:\n{text}"
            );
            kill_9(&log, "rank 1 of 2 follows");
            killed_at = Some(moyo_moves);
        }
        if let Some(k) = killed_at
            && moyo_moves == k + 3
        {
            let text = log_of(&log);
            assert!(
                text.lines()
                    .any(|l| l.contains("rank 1 ") && l.contains("playing on without it")),
                "rank 0 did not notice within two moves that rank 1 is gone:\n{text}"
            );
        }
    }
    let start = Instant::now();
    moyo.quit(Duration::from_secs(10));
    gnu.quit(Duration::from_secs(5));
    assert!(
        killed_at.is_some_and(|k| moyo_moves >= k + 3),
        "the game ended ({ended_by}) before rank 0 played on alone: {moyo_moves} moves"
    );
    eprintln!(
        "cluster game: {plies} plies, ended by {ended_by}; rank 1 killed after move {}; quit in {:.1}s",
        killed_at.unwrap_or(0),
        start.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_followers_leave_when_rank_0_dies() {
    if !has_mpirun() {
        return;
    }
    let _one = one_at_a_time();
    let dir = scratch("rank0");
    let log = dir.join("mpirun.stderr");
    // With `--enable-recovery` the launcher keeps the job when a rank dies: only the
    // followers themselves can notice that rank 0 is gone (after 10 silent timeouts, 3 s).
    let mut mpirun = Command::new("mpirun")
        .args([
            "--allow-run-as-root",
            "--oversubscribe",
            "--bind-to",
            "none",
        ])
        .args(["--enable-recovery", "-np", "2", env!("CARGO_BIN_EXE_moyo")])
        .args(["--threads", "1", "--playouts", "300", "--no-book"])
        .args(["--set", "cluster_timeout_ms=300"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("mpirun starts");
    let mut stdin = mpirun.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(mpirun.stdout.take().unwrap());
    // One move, so that rank 1 has followed a search; stdin stays open, as a GUI's would.
    stdin.write_all(b"genmove b\n").unwrap();
    let mut answer = String::new();
    stdout.read_line(&mut answer).unwrap();
    assert!(answer.starts_with("= "), "{answer:?}:\n{}", log_of(&log));
    wait_until(&mut mpirun, &log, || {
        rank_pid(&log, "rank 1 of 2 follows").is_some()
    });
    kill_9(&log, "rank 0 of 2 leads");
    let t = Instant::now();
    wait_end(&mut mpirun, &log);
    let text = log_of(&log);
    assert!(
        text.lines()
            .any(|l| l.contains("rank 1: rank 0 silent for") && l.ends_with("leaving")),
        "rank 1 did not say why it left:\n{text}"
    );
    eprintln!(
        "the job ended {:.1} s after rank 0 died",
        t.elapsed().as_secs_f64()
    );
    drop(stdin);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Generations of the tuning runs, of 6 games each (3 players, 2 games a pair).
const GENERATIONS: usize = 4;
const GAMES: usize = 6 * GENERATIONS;

/// A scratch folder of this test process.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("moyo-cluster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// Starts a tiny `moyo tune` over two ranks into `dir/run`, its stdout and stderr into
/// `dir/NAME.stdout` and `dir/NAME.stderr`: 5x5, 200 playouts a move (about a tenth of a
/// second a game), one thread a rank, the ranks not bound to a core (with two ranks Open MPI
/// binds each to one). `recovery`: the job outlives a rank that dies.
fn start_tune(dir: &Path, name: &str, recovery: bool) -> Child {
    let mut cmd = Command::new("mpirun");
    cmd.args([
        "--allow-run-as-root",
        "--oversubscribe",
        "--bind-to",
        "none",
    ]);
    if recovery {
        cmd.arg("--enable-recovery");
    }
    let generations = GENERATIONS.to_string();
    cmd.args(["-np", "2", env!("CARGO_BIN_EXE_moyo")])
        .args(["--threads", "1", "--seed", "3", "--playouts", "200", "tune"])
        .arg("--out")
        .arg(dir.join("run"))
        .args(["--size", "5", "--komi", "0.5", "--population", "3"])
        .args(["--survivors", "1", "--generations", &generations])
        .args(["--param", "uct_c", "--check-every", "0"]);
    let file = |ext: &str| std::fs::File::create(dir.join(format!("{name}.{ext}"))).unwrap();
    cmd.stdin(Stdio::null())
        .stdout(file("stdout"))
        .stderr(file("stderr"))
        .spawn()
        .expect("mpirun starts")
}

/// Waits for `child` to end, at most `TIMEOUT` (then kills it and fails, showing `log`).
fn wait_end(child: &mut Child, log: &Path) -> ExitStatus {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().expect("mpirun's status") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("mpirun did not end:\n{}", log_of(log));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits until `ready`, while `child` runs, at most `TIMEOUT`.
fn wait_until(child: &mut Child, log: &Path, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + TIMEOUT;
    while !ready() {
        if let Some(status) = child.try_wait().expect("mpirun's status") {
            panic!("mpirun ended ({status}) too soon:\n{}", log_of(log));
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("timed out:\n{}", log_of(log));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The generations the run's checkpoint has completed.
fn checkpoint_generation(run: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(run.join("checkpoint.txt")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("generation "))?
        .parse()
        .ok()
}

/// The (generation, game) of every game in the run's log.
fn logged_games(run: &Path) -> Vec<(i64, i64)> {
    let (records, _) = moyo::tune::log::read(&run.join("games.jsonl")).expect("the run's log");
    records
        .iter()
        .filter(|r| r.get("type").and_then(Json::str) == Some("game"))
        .map(|r| (r.int("gen").unwrap(), r.int("game").unwrap()))
        .collect()
}

/// Checks that the log holds every game of the run once.
fn assert_all_games_once(run: &Path) {
    let mut games = logged_games(run);
    let logged = games.len();
    games.sort_unstable();
    games.dedup();
    assert_eq!((logged, games.len()), (GAMES, GAMES), "{games:?}");
    assert_eq!(checkpoint_generation(run), Some(GENERATIONS));
}

/// Per rank, the games rank 0 says each played in its sitting.
fn sitting(log: &Path) -> Vec<u64> {
    let text = log_of(log);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("tune: games played this sitting: "))
        .unwrap_or_else(|| panic!("no count of games by rank:\n{text}"));
    line.split(", ")
        .map(|p| p.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap())
        .collect()
}

#[test]
fn tune_spreads_its_games_over_the_ranks_and_resumes_after_kill_9() {
    if !has_mpirun() {
        return;
    }
    let _one = one_at_a_time();
    let dir = scratch("tune-resume");
    let run = dir.join("run");
    // The first sitting dies (rank 0 killed, and mpirun ends rank 1) in generation 1,
    // once generation 0 is checkpointed and a game of generation 1 logged.
    let first = dir.join("first.stderr");
    let mut mpirun = start_tune(&dir, "first", false);
    wait_until(&mut mpirun, &first, || {
        checkpoint_generation(&run).is_some_and(|g| g >= 1)
            && logged_games(&run).iter().any(|g| g.0 >= 1)
    });
    kill_9(&first, "rank 0 of 2 leads");
    let status = wait_end(&mut mpirun, &first);
    assert!(!status.success(), "the first sitting was killed");
    let done = checkpoint_generation(&run).unwrap();
    assert!(done < GENERATIONS, "killed after the end");
    let before = logged_games(&run).len();
    // The same command again resumes from the checkpoint and the log.
    let second = dir.join("second.stderr");
    let mut mpirun = start_tune(&dir, "second", false);
    let status = wait_end(&mut mpirun, &second);
    assert!(status.success(), "{status}:\n{}", log_of(&second));
    let stdout = log_of(&dir.join("second.stdout"));
    assert!(stdout.contains("champion: "), "{stdout}");
    let by_rank = sitting(&second);
    assert_eq!(by_rank.len(), 2);
    assert!(
        by_rank.iter().all(|&n| n > 0),
        "both ranks play: {by_rank:?}"
    );
    assert_eq!(
        by_rank.iter().sum::<u64>() as usize,
        GAMES - before,
        "the resumed sitting plays only the games not logged (generation {done} checkpointed)"
    );
    assert_all_games_once(&run);
    eprintln!(
        "tune resumed after generation {done} with {before} games logged; then {by_rank:?} by rank"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_plays_on_without_a_rank_that_dies() {
    if !has_mpirun() {
        return;
    }
    let _one = one_at_a_time();
    let dir = scratch("tune-lost");
    let run = dir.join("run");
    let log = dir.join("tune.stderr");
    let mut mpirun = start_tune(&dir, "tune", true);
    wait_until(&mut mpirun, &log, || {
        checkpoint_generation(&run).is_some_and(|g| g >= 1)
    });
    kill_9(&log, "rank 1 of 2 follows");
    // Rank 0 leaves without MPI's finalization once a rank is lost: mpirun calls that a
    // failure, so only the run's files tell.
    wait_end(&mut mpirun, &log);
    let text = log_of(&log);
    assert!(
        text.lines()
            .any(|l| l.contains("rank 1 ") && l.contains("playing on without it")),
        "rank 0 did not notice that rank 1 is gone:\n{text}"
    );
    assert!(
        log_of(&dir.join("tune.stdout")).contains("champion: "),
        "{text}"
    );
    assert_all_games_once(&run);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `moyo book build` over two ranks into `dir/book`, its stdout and stderr into
/// `dir/NAME.stdout` and `dir/NAME.stderr`: 5x5, `playouts` a position, 4 children an
/// expansion, up to `nodes` positions, a checkpoint every second, one evaluation at a time a
/// rank, the ranks not bound to a core.
fn start_book(dir: &Path, name: &str, playouts: u64, nodes: usize) -> Child {
    let (playouts, nodes) = (playouts.to_string(), nodes.to_string());
    let mut cmd = Command::new("mpirun");
    cmd.args([
        "--allow-run-as-root",
        "--oversubscribe",
        "--bind-to",
        "none",
    ])
    .args(["-np", "2", env!("CARGO_BIN_EXE_moyo")])
    .args([
        "--seed",
        "3",
        "--playouts",
        &playouts,
        "book",
        "build",
        "--out",
    ])
    .arg(dir.join("book"))
    .args([
        "--size", "5", "--komi", "0.5", "--width", "4", "--nodes", &nodes,
    ])
    .args(["--checkpoint-secs", "1"]);
    let file = |ext: &str| std::fs::File::create(dir.join(format!("{name}.{ext}"))).unwrap();
    cmd.stdin(Stdio::null())
        .stdout(file("stdout"))
        .stderr(file("stderr"))
        .spawn()
        .expect("mpirun starts")
}

/// Per rank, the evaluations rank 0 says each gave in its sitting.
fn evaluations_by_rank(log: &Path) -> Vec<u64> {
    let text = log_of(log);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("book: evaluations this sitting: "))
        .unwrap_or_else(|| panic!("no count of evaluations by rank:\n{text}"));
    line.split(", ")
        .map(|p| p.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap())
        .collect()
}

/// The positions of the book a build in `dir` would resume from (its checkpoint and
/// journal), read from a copy: each key with its value.
fn resumable(dir: &Path) -> Vec<(u64, f32)> {
    let copy = dir.join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    let (book, journal) = (
        dir.join("book"),
        moyo::book::sibling(&dir.join("book"), ".journal"),
    );
    std::fs::copy(&book, copy.join("book")).expect("the checkpoint");
    let _ = std::fs::copy(
        &journal,
        moyo::book::sibling(&copy.join("book"), ".journal"),
    );
    let b = moyo::book::Builder::resume(&copy.join("book")).expect("a resumable build");
    b.book.nodes.iter().map(|n| (n.key, n.h)).collect()
}

#[test]
fn a_book_build_evaluates_on_both_ranks() {
    if !has_mpirun() {
        return;
    }
    let _one = one_at_a_time();
    let dir = scratch("book");
    let log = dir.join("build.stderr");
    let mut mpirun = start_book(&dir, "build", 64, 40);
    let status = wait_end(&mut mpirun, &log);
    assert!(status.success(), "{status}:\n{}", log_of(&log));
    let by_rank = evaluations_by_rank(&log);
    assert_eq!(by_rank.len(), 2);
    assert!(
        by_rank.iter().all(|&n| n > 0),
        "both ranks evaluate: {by_rank:?}"
    );
    let (book, info) = moyo::book::load(&dir.join("book")).expect("the book");
    assert!(book.len() >= 40, "{} positions", book.len());
    // The start position is evaluated on rank 0 before the ranks share the work.
    assert_eq!(info.evaluations, 1 + by_rank.iter().sum::<u64>());
    let stdout = log_of(&dir.join("build.stdout"));
    assert!(stdout.contains("limit reached"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_build_killed_with_kill_9_resumes_without_losing_an_evaluation() {
    if !has_mpirun() {
        return;
    }
    let _one = one_at_a_time();
    let dir = scratch("book-resume");
    const NODES: usize = 300;
    // The first sitting dies (rank 0 killed, and mpirun ends rank 1) once a checkpoint is
    // written and evaluations are journalled after it.
    let first = dir.join("first.stderr");
    let journal = moyo::book::sibling(&dir.join("book"), ".journal");
    let mut mpirun = start_book(&dir, "first", 300, NODES);
    wait_until(&mut mpirun, &first, || {
        std::fs::metadata(&journal).is_ok_and(|m| m.len() > 1200)
            && rank_pid(&first, "rank 0 of 2 leads").is_some()
    });
    kill_9(&first, "rank 0 of 2 leads");
    let status = wait_end(&mut mpirun, &first);
    assert!(!status.success(), "the first sitting was killed");
    let saved = resumable(&dir);
    assert!(saved.len() < NODES, "killed after the end");
    // The same command again resumes from the checkpoint and the journal.
    let second = dir.join("second.stderr");
    let mut mpirun = start_book(&dir, "second", 300, NODES);
    let status = wait_end(&mut mpirun, &second);
    assert!(status.success(), "{status}:\n{}", log_of(&second));
    assert!(
        log_of(&second).contains("book: resuming"),
        "{}",
        log_of(&second)
    );
    let by_rank = evaluations_by_rank(&second);
    assert!(
        by_rank.iter().all(|&n| n > 0),
        "both ranks evaluate: {by_rank:?}"
    );
    let (book, _) = moyo::book::load(&dir.join("book")).expect("the book");
    assert!(book.len() >= NODES, "{} positions", book.len());
    for &(key, h) in &saved {
        let i = book
            .find(key)
            .unwrap_or_else(|| panic!("position {key:x} lost"));
        assert_eq!(
            book.nodes[i as usize].h, h,
            "position {key:x} evaluated again"
        );
    }
    eprintln!(
        "book build killed at {} positions, resumed to {} ({by_rank:?} by rank)",
        saved.len(),
        book.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
