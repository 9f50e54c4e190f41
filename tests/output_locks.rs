//! One writer per output: a second `moyo book build`, `book check`, `tune` or `patterns
//! train` on an output in use is refused with the holder's pid; a lock left by a killed run
//! is taken over. A build without MPI started by an MPI launcher refuses to run.

mod gtp_support;

use gtp_support::{moyo_output as moyo, temp_dir as scratch, text};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A tiny 5x5 book build into `book`, for `seconds`.
fn build_args(book: &Path, seconds: &str) -> Vec<String> {
    let mut v: Vec<String> = ["--playouts", "20", "book", "build", "--out"]
        .map(String::from)
        .to_vec();
    v.push(book.display().to_string());
    v.extend(
        [
            "--size",
            "5",
            "--komi",
            "0.5",
            "--width",
            "4",
            "--checkpoint-secs",
            "1",
            "--seconds",
            seconds,
        ]
        .map(String::from),
    );
    v
}

fn wait_for(path: &Path, child: &mut Child) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the first build ended before taking its lock"
        );
        assert!(start.elapsed() < Duration::from_secs(30), "no lock file");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_second_book_build_or_check_is_refused_and_a_dead_ones_lock_taken_over() {
    let dir = scratch("locks-book");
    let book = dir.join("b.book");
    let lock = dir.join("b.book.lock");
    let mut first = Command::new(env!("CARGO_BIN_EXE_moyo"))
        .args(build_args(&book, "60"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&lock, &mut first);
    let holder = format!("in use by process {}", first.id());
    let second = moyo(&build_args(&book, "1"));
    assert!(!second.status.success());
    assert!(
        text(&second.stderr).contains(&holder),
        "{}",
        text(&second.stderr)
    );
    let check = moyo(&[
        "--playouts",
        "20",
        "book",
        "check",
        "--out",
        book.to_str().unwrap(),
        "--seconds",
        "1",
    ]);
    assert!(!check.status.success());
    assert!(
        text(&check.stderr).contains(&holder),
        "{}",
        text(&check.stderr)
    );
    // Killed: its lock stays behind, stale, and the next build takes it over.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(lock.exists());
    let resumed = moyo(&build_args(&book, "1"));
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(!lock.exists(), "the lock is removed at the end");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tiny tuning run of `tests/tune.rs`, one generation.
fn tune_args(out: &Path) -> Vec<String> {
    let mut v = vec![
        "tune".to_string(),
        "--out".to_string(),
        out.display().to_string(),
    ];
    v.extend(
        "--size 5 --komi 0.5 --survivors 1 --param prior_c --playouts 8 --population 2 \
         --generations 1 --games-per-pair 1 --check-every 0 --threads 1"
            .split_whitespace()
            .map(String::from),
    );
    v
}

#[test]
fn a_second_tuner_on_one_folder_is_refused() {
    let dir = scratch("locks-tune");
    // A live holder: this test process.
    std::fs::write(dir.join(".lock"), format!("pid {}\n", std::process::id())).unwrap();
    let o = moyo(&tune_args(&dir));
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!("in use by process {}", std::process::id())),
        "{err}"
    );
    assert!(!dir.join("games.jsonl").exists(), "nothing written");
    // A holder that is gone.
    std::fs::write(dir.join(".lock"), "pid 4194305\n").unwrap();
    let o = moyo(&tune_args(&dir));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(dir.join("games.jsonl").exists());
    assert!(!dir.join(".lock").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_pattern_trainer_on_one_output_is_refused() {
    let dir = scratch("locks-patterns");
    let out = dir.join("gammas.txt");
    std::fs::write(
        dir.join("gammas.txt.lock"),
        format!("pid {}\n", std::process::id()),
    )
    .unwrap();
    let o = moyo(&[
        "patterns",
        "train",
        dir.join("none.sgf").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!("in use by process {}", std::process::id())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(not(feature = "mpi"))]
#[test]
fn started_by_an_mpi_launcher_without_mpi_it_refuses_to_run() {
    let dir = scratch("locks-mpi");
    let out = dir.join("run");
    for (name, value) in [("OMPI_COMM_WORLD_SIZE", "2"), ("PMI_SIZE", "4")] {
        let o = Command::new(env!("CARGO_BIN_EXE_moyo"))
            .args(tune_args(&out))
            .env(name, value)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o.stderr);
        assert!(
            err.contains(&format!("{name}={value}")) && err.contains("--features mpi"),
            "{err}"
        );
        assert!(!out.exists(), "nothing written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
