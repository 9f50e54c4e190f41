//! `moyo playout train` and `moyo playout balance` survive `kill -9`: a run killed after its
//! first checkpoint resumes from it and ends with the iterations asked for and weights that
//! load.

use moyo::board::{Board, Color};
use moyo::playout::softmax::Weights;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `games` random games of `moves` moves on 19x19, one SGF game a line.
fn random_games(games: usize, moves: usize) -> String {
    random_games_on(19, games, moves)
}

/// `games` random games of `moves` moves on `size`, one SGF game a line.
fn random_games_on(size: usize, games: usize, moves: usize) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut text = String::new();
    for _ in 0..games {
        let mut b = Board::new(size);
        let mut c = Color::Black;
        text.push_str(&format!("(;SZ[{size}]KM[7]"));
        for _ in 0..moves {
            let Some(p) = moyo::playout::random_move(&b, c, &mut rng) else {
                break;
            };
            b.play_unchecked(c, p);
            let (col, row) = b.col_row(p);
            let letter = |i: usize| (b'a' + i as u8) as char;
            text.push_str(&format!(
                ";{}[{}{}]",
                c.letter(),
                letter(col),
                letter(size - 1 - row)
            ));
            c = c.opp();
        }
        text.push_str(")\n");
    }
    text
}

/// `moyo playout train` on `games` for `iterations`, writing into `dir`.
fn train(games: &Path, dir: &Path, iterations: usize) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_moyo"));
    cmd.args(["playout", "train"])
        .arg(games)
        .arg("--out")
        .arg(dir.join("w.txt"))
        .arg("--checkpoint")
        .arg(dir.join("w.ckpt"))
        .args(["--iterations", &iterations.to_string(), "--min-count", "1"]);
    cmd
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("moyo-playout-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.sgf");
    std::fs::write(&games, random_games(30, 150)).unwrap();
    let (out, ckpt) = (dir.join("w.txt"), dir.join("w.ckpt"));
    let iterations = 60;
    let mut child = train(&games, &dir, iterations)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ckpt.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(2));
    }
    // SIGKILL: nothing of the run's own runs after it.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!out.exists(), "killed before the end");
    let saved = Weights::load(&ckpt).expect("the checkpoint is whole");
    let at: usize = saved.meta("iteration").unwrap().parse().unwrap();
    assert!((1..iterations).contains(&at), "killed at iteration {at}");
    let resumed = train(&games, &dir, iterations).output().unwrap();
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{log}");
    assert!(log.contains("resuming from"), "{log}");
    assert!(
        !log.contains("iteration 1/"),
        "iterations done are not done again: {log}"
    );
    let w = Weights::load(&out).unwrap();
    assert_eq!(w.meta("iteration"), Some(iterations.to_string().as_str()));
    assert_eq!(Weights::load(&ckpt).unwrap().to_text(), w.to_text());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `moyo playout balance` on `games` for `iterations`, into `dir`.
fn balance(games: &Path, dir: &Path, iterations: usize) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_moyo"));
    cmd.args(["playout", "balance"])
        .arg(games)
        .arg("--out")
        .arg(dir);
    cmd.args([
        "--every",
        "5",
        "--from",
        "5",
        "--to",
        "20",
        "--deep-playouts",
        "60",
    ])
    .args([
        "--value-playouts",
        "16",
        "--iterations",
        &iterations.to_string(),
    ]);
    cmd
}

#[test]
fn a_killed_balancing_resumes_without_valuing_again() {
    let dir = std::env::temp_dir().join(format!("moyo-playout-balance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.sgf");
    std::fs::write(&games, random_games_on(9, 3, 40)).unwrap();
    let out = dir.join("run");
    let weights = out.join("playout-softmax.txt");
    let mut child = balance(&games, &out, 100_000)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !weights.exists() {
        assert!(start.elapsed() < Duration::from_secs(120), "no checkpoint");
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let positions = std::fs::read_to_string(out.join("positions.txt")).unwrap();
    assert_eq!(
        positions.lines().count(),
        12,
        "4 positions a game:\n{positions}"
    );
    let at: usize = Weights::load(&weights)
        .expect("the checkpoint is whole")
        .meta("balance_iteration")
        .unwrap()
        .parse()
        .unwrap();
    let resumed = balance(&games, &out, at + 2).output().unwrap();
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{log}");
    assert!(
        log.contains(&format!("resuming after iteration {at}")),
        "{log}"
    );
    assert!(!log.contains("to go"), "positions valued again: {log}");
    let w = Weights::load(&weights).unwrap();
    assert_eq!(
        w.meta("balance_iteration"),
        Some((at + 2).to_string().as_str())
    );
    assert_eq!(
        std::fs::read_to_string(out.join("positions.txt")).unwrap(),
        positions
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
