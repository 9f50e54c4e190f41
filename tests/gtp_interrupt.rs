//! GoGui's interrupt: a raw `# interrupt` line on stdin stops a running search, which then
//! answers with its best move at once; an interrupt sent while nothing runs has no effect on
//! the next search.

mod gtp_support;

use gtp_support::*;
use std::time::{Duration, Instant};

fn legal_vertex(s: &str) -> bool {
    matches("{move}", s)
}

#[test]
fn interrupt_stops_a_long_genmove() {
    // No book: it would answer the empty board at once, and a search is what is interrupted.
    let mut g = Gtp::start(&[
        "--time-per-move",
        "20",
        "--threads",
        "1",
        "--quiet",
        "--no-book",
    ]);
    assert_eq!(g.ok("known_command gogui-interrupt"), "true");
    assert_eq!(g.ok("gogui-interrupt"), "");
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.send_raw(b"genmove b\n");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        g.try_response(Duration::from_millis(1)).is_none(),
        "genmove answered before the interrupt"
    );
    let sent = Instant::now();
    g.send_raw(b"# interrupt\n");
    let r = g
        .try_response(Duration::from_secs(3))
        .expect("genmove answers within 3 s of the interrupt");
    assert!(sent.elapsed() < Duration::from_secs(3));
    assert!(r.starts_with("= ") && r.ends_with("\n\n"), "{r:?}");
    let mv = r[2..r.len() - 2].to_string();
    assert!(legal_vertex(&mv), "{mv:?}");
    // The move was played: playing on it again is illegal (unless it was a pass).
    if !mv.eq_ignore_ascii_case("pass") {
        assert!(g.cmd(&format!("play w {mv}")).is_err());
    }
    // The interrupt line itself got no response: the next answer belongs to `name`.
    assert_eq!(g.ok("name"), "moyo");
    g.finish();
}

#[test]
fn an_old_interrupt_does_not_cut_the_next_search() {
    let mut g = Gtp::start(&[
        "--time-per-move",
        "1",
        "--threads",
        "1",
        "--quiet",
        "--no-book",
    ]);
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.send_raw(b"# interrupt\n  # interrupt\r\n");
    assert_eq!(g.ok("name"), "moyo");
    let start = Instant::now();
    let mv = g.ok("genmove b");
    assert!(legal_vertex(&mv), "{mv:?}");
    assert!(
        start.elapsed() >= Duration::from_millis(600),
        "search was cut short: {:?}",
        start.elapsed()
    );
    g.finish();
}

#[test]
fn pondering_gives_way_to_the_next_command() {
    let mut g = Gtp::start(&[
        "--ponder",
        "--time-per-move",
        "0.5",
        "--threads",
        "1",
        "--quiet",
    ]);
    g.ok("boardsize 9");
    g.ok("clear_board");
    let mv = g.ok("genmove b");
    assert!(legal_vertex(&mv), "{mv:?}");
    // Now it ponders on White's time; any command is answered at once.
    std::thread::sleep(Duration::from_millis(400));
    let start = Instant::now();
    assert_eq!(g.ok("name"), "moyo");
    assert!(
        start.elapsed() < Duration::from_millis(300),
        "pondering held up a command for {:?}",
        start.elapsed()
    );
    let reply = if mv.eq_ignore_ascii_case("E5") {
        "C3"
    } else {
        "E5"
    };
    g.ok(&format!("play w {reply}"));
    std::thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    let mv2 = g.ok("genmove b");
    assert!(legal_vertex(&mv2), "{mv2:?}");
    assert!(start.elapsed() < Duration::from_secs(3));
    g.finish();
}
