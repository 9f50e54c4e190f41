//! What the engine writes on stderr while it thinks: a progress line every second (playouts,
//! the best move, its win rate, the principal variation) unless `--quiet`, and GoGui's live
//! graphics (`gogui-gfx:` blocks, then `gogui-gfx: CLEAR` before the answer) when switched on.
//! Stdout carries GTP only. A stderr nobody reads never stops the engine: lines that do not
//! fit are dropped and counted (`moyo-explain` says how many).

mod gtp_support;

use gtp_support::analysis::is_gfx_line;
use gtp_support::*;

#[test]
fn progress_lines_and_live_graphics_while_thinking() {
    let (out, err) = run_with_stderr(
        &[
            "--time-per-move",
            "3.5",
            "--threads",
            "1",
            "--no-book",
            "--set",
            "time_early_stop=0",
        ],
        "boardsize 9\nmoyo-display live_gfx 1\ngenmove b\nquit\n",
    );
    let r = responses(&out);
    assert_eq!(r.len(), 4, "{out}");
    assert!(matches("= {move}", &r[2]), "{out}");
    // Progress: about one a second.
    let progress: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("moyo: ") && l.contains(" playouts ("))
        .collect();
    assert!(progress.len() >= 2, "{err}");
    for l in &progress {
        assert!(l.contains(", best ") && l.contains(" pv "), "{l}");
    }
    // Live graphics: blocks of gfx commands, each closed by an empty line, then CLEAR.
    let lines: Vec<&str> = err.lines().collect();
    let mut blocks = 0;
    let mut i = 0;
    while i < lines.len() {
        if lines[i] == "gogui-gfx:" {
            blocks += 1;
            i += 1;
            let start = i;
            while i < lines.len() && !lines[i].is_empty() {
                assert!(is_gfx_line(lines[i]), "not a gfx command: {}", lines[i]);
                i += 1;
            }
            assert!(i < lines.len(), "a block without its empty line");
            assert!(i > start, "an empty block");
        }
        i += 1;
    }
    assert!(blocks >= 3, "{blocks} blocks in 3.5 s\n{err}");
    let clear = lines.iter().rposition(|l| *l == "gogui-gfx: CLEAR");
    let last_block = lines.iter().rposition(|l| *l == "gogui-gfx:");
    assert!(clear > last_block, "no CLEAR after the last block");
}

#[test]
fn quiet_means_no_progress_and_gfx_is_off_by_default() {
    let (out, err) = run_with_stderr(
        &["--time-per-move", "1.3", "--threads", "1", "--quiet"],
        "boardsize 9\ngenmove b\nmoyo-display\n",
    );
    assert!(!err.contains(" playouts ("), "{err}");
    assert!(!err.contains("gogui-gfx"), "{err}");
    assert!(
        out.ends_with("= [bool] live_gfx 0\n[bool] progress 0\n\n"),
        "{out}"
    );
}

/// 2,000 moves with stderr a pipe that is never read: every command is answered (the
/// progress lines fill a 64 KB pipe within some 450 moves), and the dropped lines are
/// counted.
#[test]
fn an_unread_stderr_never_stops_the_engine() {
    let (mut gtp, _stderr) = Gtp::start_with_unread_stderr(&[
        "--playouts",
        "2",
        "--threads",
        "1",
        "--seed",
        "1",
        "--no-book",
    ]);
    gtp.timeout = std::time::Duration::from_secs(10);
    gtp.ok("boardsize 9");
    for i in 0..2000 {
        if i % 100 == 0 {
            gtp.ok("clear_board");
        }
        let colour = if i % 2 == 0 { "b" } else { "w" };
        let r = gtp.ok(&format!("genmove {colour}"));
        assert!(matches("{gen}", &r), "move {i}: {r}");
    }
    let explained = gtp.ok("moyo-explain");
    assert!(explained.contains("stderr lines dropped "), "{explained}");
    gtp.ok("quit");
    gtp.finish();
}
