//! moyo driven by a real GTP client library from another ecosystem: `@sabaki/gtp`, the
//! Node.js library Sabaki is built on. `tests/sabaki-gtp/analyze.js` runs analysis and
//! genmove_analyze through its `Controller` and reads every line with Sabaki's rules.
//!
//! Needs Node.js and the package: `cd tests/sabaki-gtp && npm ci` (package.json and
//! package-lock.json are checked in; `.ci/run` does it). Under CI (`CI` set) a missing client
//! fails the test; elsewhere the test says on stderr that it skips.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

#[test]
fn sabaki_gtp_library_reads_moyo_analysis() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki-gtp");
    let node_ok = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let missing = if !node_ok {
        Some("`node` is not installed".to_string())
    } else if !dir.join("node_modules/@sabaki/gtp/package.json").exists() {
        Some(format!(
            "@sabaki/gtp is not installed (run `npm ci` in {})",
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
        eprintln!("SKIPPED sabaki_gtp_library_reads_moyo_analysis: {why}");
        return;
    }
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
