//! moyo on a cluster (`--features mpi`): two MPI ranks under `mpirun` play a short 9x9 game
//! against GNU Go. Both ranks must report playouts, and after rank 1 is killed mid-game,
//! rank 0 must say so and play the game to its legal end. `.ci/run` runs it with
//! `cargo test --release --features mpi --test cluster`.
#![cfg(feature = "mpi")]

use moyo::gtp::client::{Engine, Reply, StderrSink};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

/// Seconds per move: short. A rank killed after a move is noticed once it has been silent
/// for `cluster_timeout_ms` (1 s), which is within the next two moves.
const MOVE_SECONDS: &str = "0.6";

/// Whether `mpirun` and GNU Go are here; under CI (`CI` set) their absence fails the test.
fn tools() -> Option<&'static str> {
    let mpirun = Command::new("mpirun").arg("--version").output().is_ok();
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

fn ask(e: &mut Engine, cmd: &str) -> String {
    match e.command(cmd, TIMEOUT) {
        Ok(Reply { ok: true, text }) => text.trim().to_string(),
        Ok(Reply { ok: false, text }) => panic!("{}: `{cmd}` refused: {text}", e.label),
        Err(f) => panic!("{}: `{cmd}` got no answer: {f:?}", e.label),
    }
}

fn log_of(path: &PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// The pid rank 1 announced on stderr.
fn rank1_pid(log: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(log).ok()?;
    let line = text.lines().find(|l| l.contains("rank 1 of 2 follows"))?;
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

#[test]
fn two_ranks_play_gnugo_and_rank_0_survives_rank_1() {
    let Some(gnugo) = tools() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("moyo-cluster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("mpirun.stderr");
    let _ = std::fs::remove_file(&log);
    let moyo_cmd = format!(
        "mpirun --allow-run-as-root --oversubscribe --enable-recovery -np 2 {} --threads 1 \
         --time-per-move {MOVE_SECONDS} --seed 5 --no-book --max-memory 256M",
        env!("CARGO_BIN_EXE_moyo")
    );
    let mut moyo = Engine::new("moyo", &moyo_cmd, StderrSink::File(log.clone()), false);
    let mut gnu = Engine::new(
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
            let pid = rank1_pid(&log).unwrap_or_else(|| panic!("no pid of rank 1:\n{text}"));
            let killed = Command::new("kill").args(["-9", &pid.to_string()]).status();
            assert!(
                killed.is_ok_and(|s| s.success()),
                "cannot kill rank 1 ({pid})"
            );
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
