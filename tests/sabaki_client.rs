//! moyo driven by a real GTP client library from another ecosystem: `@sabaki/gtp`, the
//! Node.js library Sabaki is built on. `tests/sabaki-gtp/analyze.js` runs analysis and
//! genmove_analyze through its `Controller` and reads every line with Sabaki's rules.
//!
//! Needs Node.js and the package: `cd tests/sabaki-gtp && npm ci` (package.json and
//! package-lock.json are checked in; `.ci/run` does it). Under CI (`CI` set) a missing client
//! fails the test; elsewhere the test says on stderr that it skips.

mod gtp_support;

use gtp_support::node_client;
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

#[test]
fn sabaki_gtp_library_reads_moyo_analysis() {
    let Some(dir) = node_client("@sabaki/gtp") else {
        return;
    };
    let child = Command::new("node")
        .arg(dir.join("analyze.js"))
        .arg(env!("CARGO_BIN_EXE_moyo"))
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    // The script has its own 60 s watchdog.
    let out = rx
        .recv_timeout(Duration::from_secs(90))
        .expect("the script ends")
        .expect("the script runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprint!("{stdout}");
    assert!(
        out.status.success(),
        "analyze.js failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    assert!(stdout.contains("genmove_analyze: "), "{stdout}");
}
