//! A book journal damaged before its end: the resume stops with the file and the byte
//! offset, `--salvage` resumes from the records before the damage; a torn last record (a
//! kill mid-write) is cut in silence.

mod gtp_support;

use gtp_support::{temp_dir, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `moyo book build` of a tiny 5x5 book into `book` for `seconds`, checkpointing only at
/// the start and the end, with `more` flags.
fn build(book: &Path, seconds: &str, more: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_moyo"));
    c.args(["--playouts", "20", "book", "build", "--out"])
        .arg(book)
        .args(["--size", "5", "--komi", "0.5", "--width", "4"])
        .args(["--checkpoint-secs", "100000", "--seconds", seconds])
        .args(more)
        .stdin(Stdio::null());
    c
}

fn run(mut c: Command) -> Output {
    c.output().expect("moyo runs")
}

/// A build killed with its journal holding at least 2,000 bytes of records.
fn killed_build(name: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(&format!("damage-{name}"));
    let book = dir.join("b.book");
    let journal = dir.join("b.book.journal");
    let mut child = build(&book, "60", &[])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&journal).map_or(0, |m| m.len()) < 2000 {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the journal does not grow"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    (dir, book)
}

#[test]
fn a_flipped_byte_stops_the_resume_and_salvage_keeps_the_prefix() {
    let (dir, book) = killed_build("flip");
    let journal = dir.join("b.book.journal");
    let mut bytes = std::fs::read(&journal).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&journal, &bytes).unwrap();
    let o = run(build(&book, "1", &[]));
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "book journal {}: damaged record at byte ",
            journal.display()
        )) && err.contains("--salvage"),
        "{err}"
    );
    // The offset named is at or before the flipped byte, and nothing was written.
    let at: usize = err
        .split("at byte ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|s| s.parse().ok())
        .expect("an offset");
    assert!(at <= middle && middle - at < 40, "{at} {middle}");
    assert_eq!(std::fs::read(&journal).unwrap(), bytes);
    let o = run(build(&book, "1", &["--salvage"]));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(&format!("damaged record at byte {at}; kept the ")),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_torn_last_record_is_cut_in_silence() {
    let (dir, book) = killed_build("torn");
    let journal = dir.join("b.book.journal");
    let bytes = std::fs::read(&journal).unwrap();
    std::fs::write(&journal, &bytes[..bytes.len() - 3]).unwrap();
    let o = run(build(&book, "1", &[]));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stderr).contains("damaged"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
