//! Whole games the way kgsGtp and the CGOS clients run them, against a second engine process
//! as the opponent: a KGS game with `time_left` in byo-yomi, two passes, `final_status_list
//! dead`; a KGS dispute over dead stones settled by undo and `kgs-genmove_cleanup`, from a
//! position built so that the dispute always happens; a CGOS game with `time_left`
//! before every move, the Python client's `kata-genmove_analyze` against the Tcl client's
//! `genmove`, ended by Tromp-Taylor rules.

mod gtp_support;

use gtp_support::analysis::{Dialect, parse_stream};
use gtp_support::*;
use moyo::board::{Bitboard, Color, Game, Move};
use std::time::Instant;

/// Longest game, in moves.
const MAX_MOVES: usize = 200;

fn engine(playouts: &str, seed: &str) -> Gtp {
    Gtp::start(&[
        "--playouts",
        playouts,
        "--threads",
        "1",
        "--seed",
        seed,
        "--quiet",
    ])
}

fn is_pass(m: &str) -> bool {
    m.eq_ignore_ascii_case("pass")
}

/// Both programs' record of the game, to check every move is legal.
struct Referee {
    game: Game,
}

impl Referee {
    fn new(size: usize, komi: f32) -> Referee {
        Referee {
            game: Game::new(size, komi),
        }
    }

    fn play(&mut self, c: Color, v: &str) {
        let m = self.game.board().parse_move(v).expect("a vertex");
        self.game
            .play(c, m)
            .unwrap_or_else(|e| panic!("{c} {v} is illegal: {e}"));
    }

    fn stone(&self, v: &str) -> Option<Color> {
        match self.game.board().parse_move(v).unwrap() {
            Move::Play(p) => self.game.board().stone(p),
            Move::Pass => None,
        }
    }

    /// Tromp-Taylor: every stone alive.
    fn area_score(&self) -> f32 {
        self.game.score(&Bitboard::EMPTY)
    }
}

/// kgsGtp's turn for White: `time_left` (main time, then the period and the periods left),
/// then `genmove w`; charges the main time.
fn white_moves(w: &mut Gtp, main: &mut i64, periods: &mut u32, command: &str) -> String {
    let start = Instant::now();
    w.ok(&if *main > 0 {
        format!("time_left w {main} 0")
    } else {
        format!("time_left w 10 {periods}")
    });
    let m = w.ok(&format!("{command} w"));
    *main -= start.elapsed().as_secs() as i64;
    if *main <= 0 && *periods > 1 {
        *periods -= 1;
    }
    m
}

/// The rules, board and clock kgsGtp sets up before a game.
fn kgs_setup(g: &mut Gtp) {
    g.ok("kgs-rules chinese");
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.ok("komi 6.5");
    g.ok("kgs-time_settings byoyomi 120 10 3");
}

#[test]
fn kgs_game_in_byoyomi() {
    // moyo plays White; the opponent ("the human") is another engine.
    let mut w = engine("300", "7");
    let mut b = engine("100", "8");
    let list = w.ok("list_commands");
    assert!(!list.lines().any(|l| l == "kgs-chat"));
    for c in ["kgs-rules", "kgs-time_settings", "kgs-genmove_cleanup"] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
    }
    kgs_setup(&mut w);
    kgs_setup(&mut b);
    let mut r = Referee::new(9, 6.5);
    let (mut main, mut periods) = (120i64, 3);
    let mut passes = 0;
    let mut resigned = false;
    for _ in 0..MAX_MOVES {
        let m = white_moves(&mut w, &mut main, &mut periods, "genmove");
        assert_ne!(m, "resign", "no resignation in this test's even game");
        r.play(Color::White, &m);
        b.ok(&format!("play w {m}"));
        passes = if is_pass(&m) { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        let m = b.ok("genmove b");
        if m == "resign" {
            resigned = true;
            break;
        }
        r.play(Color::Black, &m);
        w.ok(&format!("play b {m}"));
        passes = if is_pass(&m) { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    eprintln!(
        "{} moves, {}",
        r.game.moves().len(),
        if resigned {
            "Black resigned"
        } else {
            "two passes"
        }
    );
    assert!(
        resigned || passes == 2,
        "the game did not end in {MAX_MOVES} moves"
    );
    assert!(r.game.moves().len() >= 20, "a real game, not an early end");
    if passes == 2 {
        // Scoring: every stone listed dead is on the board.
        let dead = w.ok("final_status_list dead");
        for v in dead.split_whitespace() {
            assert!(r.stone(v).is_some(), "{v} listed dead holds no stone");
        }
    }
    w.ok("kgs-game_over");
    w.finish();
    b.finish();
}

/// A position kgsGtp replays as `play` commands (a game resumed after a reconnection): Black
/// owns columns A to D, White E to J, and two black stones, J9 and J1, sit dead in White's
/// corners, each in atari with no way out. Black moves first and passes last; White to move.
const DISPUTE_SETUP: [(&str, &str); 15] = [
    ("D1", "E1"),
    ("D2", "E2"),
    ("D3", "E3"),
    ("D4", "E4"),
    ("D5", "E5"),
    ("D6", "E6"),
    ("D7", "E7"),
    ("D8", "E8"),
    ("D9", "E9"),
    ("B2", "H9"),
    ("B4", "H8"),
    ("B6", "J7"),
    ("B8", "H1"),
    ("J9", "H2"),
    ("J1", "J3"),
];

#[test]
fn kgs_dispute_is_settled_by_cleanup() {
    let mut w = engine("300", "7");
    kgs_setup(&mut w);
    let mut r = Referee::new(9, 6.5);
    for (bm, wm) in DISPUTE_SETUP {
        for (c, side, m) in [(Color::Black, "b", bm), (Color::White, "w", wm)] {
            r.play(c, m);
            w.ok(&format!("play {side} {m}"));
        }
    }
    r.play(Color::Black, "pass");
    w.ok("play b pass");
    // White, well ahead with the black stones dead, passes too: the game is over.
    let (mut main, mut periods) = (120i64, 3);
    let m = white_moves(&mut w, &mut main, &mut periods, "genmove");
    assert!(is_pass(&m), "White answered {m} instead of passing");
    r.play(Color::White, &m);
    let dead = w.ok("final_status_list dead");
    let mut called_dead: Vec<&str> = dead.split_whitespace().collect();
    called_dead.sort_unstable();
    assert_eq!(called_dead, ["J1", "J9"], "the dead stones: {dead:?}");
    // The human says its stones live: kgsGtp has White undo the two passes, then asks it
    // with kgs-genmove_cleanup; the human passes from now on.
    for _ in 0..2 {
        w.ok("undo");
        r.game.undo();
    }
    let mut cleanup_moves = Vec::new();
    let mut ended = false;
    for _ in 0..MAX_MOVES {
        let m = white_moves(&mut w, &mut main, &mut periods, "kgs-genmove_cleanup");
        assert!(matches("{move}", &m), "cleanup answered {m:?}");
        r.play(Color::White, &m);
        if is_pass(&m) {
            ended = true;
            break;
        }
        cleanup_moves.push(m);
        w.ok("play b pass");
        r.play(Color::Black, "pass");
    }
    assert!(ended, "cleanup never ended: {cleanup_moves:?}");
    eprintln!("cleanup moves: {cleanup_moves:?}");
    // Cleanup ran (no pass while dead stones stood) and captured them.
    assert!(cleanup_moves.len() >= 2, "{cleanup_moves:?}");
    for v in called_dead {
        assert_eq!(r.stone(v), None, "{v} survived the cleanup");
    }
    // (Against a human who only passes, White may go on to capture more than that.)
    assert!(r.game.board().captures(Color::White) >= 2);
    // Nothing is left to dispute.
    let dead = w.ok("final_status_list dead");
    assert!(
        dead.split_whitespace()
            .all(|v| r.stone(v) != Some(Color::Black)),
        "black stones still called dead after cleanup: {dead}"
    );
    w.ok("play b pass");
    w.ok("kgs-game_over");
    w.finish();
}

#[test]
fn cgos_game_with_time_left_every_move() {
    // moyo is Black through the Python client (kata-genmove_analyze, as it is listed); the
    // opponent, White, another engine through the Tcl client (genmove).
    let mut bl = engine("300", "11");
    let mut wh = engine("150", "12");
    let list = bl.ok("list_commands");
    for c in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "quit",
        "time_settings",
        "time_left",
        "kata-genmove_analyze",
        "cgos-opponent_name",
        "cgos-opponent_rating",
        "cgos-gameover",
    ] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
    }
    bl.ok("boardsize 9");
    bl.ok("komi 7");
    bl.ok("time_settings 60 0 0");
    bl.ok("cgos-opponent_name gnugo-level10");
    bl.ok("cgos-opponent_rating 1800?");
    bl.ok("clear_board");
    wh.ok("boardsize 9");
    wh.ok("clear_board");
    wh.ok("komi 7");
    wh.ok("time_settings 60 0 0");
    let mut r = Referee::new(9, 7.0);
    let mut clock = [60_000i64, 60_000i64];
    let mut passes = 0;
    let mut result = String::new();
    for ply in 0..MAX_MOVES {
        let (c, g) = if ply % 2 == 0 {
            (Color::Black, &mut bl)
        } else {
            (Color::White, &mut wh)
        };
        let side = if c == Color::Black { "b" } else { "w" };
        let start = Instant::now();
        g.ok(&format!("time_left {side} {} 0", clock[ply % 2] / 1000));
        let m = if c == Color::Black {
            let body = g.ok("kata-genmove_analyze b ownership true");
            let (lines, play) =
                parse_stream(&body, Dialect::Kata, true).unwrap_or_else(|e| panic!("{e}: {body}"));
            let m = play.unwrap();
            if m != "resign" && !is_pass(&m) {
                // The analysis the client sends to the server: the last line before play.
                let last = lines.last().expect("an analysis line before play");
                assert_eq!(last.ownership.as_ref().map(Vec::len), Some(81));
            }
            m
        } else {
            g.ok("genmove w")
        };
        clock[ply % 2] -= start.elapsed().as_millis() as i64;
        assert!(clock[ply % 2] > 0, "{c} lost on time");
        if m == "resign" {
            result = format!("{}+Resign", if c == Color::Black { "W" } else { "B" });
            break;
        }
        r.play(c, &m);
        let other = if c == Color::Black { &mut wh } else { &mut bl };
        other.ok(&format!("play {side} {m}"));
        if is_pass(&m) {
            passes += 1;
            if passes == 2 {
                let s = r.area_score();
                if c == Color::Black {
                    // moyo ended the game: under CGOS rules (every stone alive) it wins.
                    assert!(s > 0.0, "Black passed into a loss by {s}");
                }
                result = if s > 0.0 {
                    format!("B+{s}")
                } else {
                    format!("W+{}", -s)
                };
                break;
            }
        } else {
            passes = 0;
        }
    }
    assert!(!result.is_empty(), "no result in {MAX_MOVES} moves");
    eprintln!("{result} after {} moves", r.game.moves().len());
    bl.ok(&format!("cgos-gameover {result}"));
    assert_eq!(bl.ok("quit"), "");
    wh.finish();
}
