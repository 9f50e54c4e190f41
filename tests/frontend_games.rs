//! Whole games the way kgsGtp and the CGOS clients run them, against a second engine process
//! as the opponent: a KGS game with `time_left` in byo-yomi, two passes, `final_status_list
//! dead`, a dispute settled by undo and `kgs-genmove_cleanup`; a CGOS game with `time_left`
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

/// The point deepest in White's area by the engine's ownership: empty, its neighbours empty
/// too, owned by White beyond 0.8.
fn invasion_point(g: &mut Gtp, r: &Referee) -> Option<String> {
    let own = g.ok("moyo-ownership");
    let rows: Vec<Vec<f32>> = own
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split(' ').map(|x| x.parse().unwrap()).collect())
        .collect();
    let b = r.game.board();
    let n = b.size();
    let mut best: Option<(f32, String)> = None;
    for p in b.points() {
        let (col, row) = b.col_row(p);
        let o = rows[n - 1 - row][col];
        let quiet = b.stone(p).is_none() && b.neighbours(p).iter().all(|&q| b.stone(q).is_none());
        if quiet && o < -0.8 && best.as_ref().is_none_or(|(v, _)| o < *v) {
            best = Some((o, b.point_string(p)));
        }
    }
    best.map(|(_, v)| v)
}

#[test]
fn kgs_game_with_a_dispute_and_cleanup() {
    // moyo plays White; the opponent ("the human") is another engine.
    let mut w = engine("300", "7");
    let mut b = engine("100", "8");
    let list = w.ok("list_commands");
    assert!(!list.lines().any(|l| l == "kgs-chat"));
    for c in ["kgs-rules", "kgs-time_settings", "kgs-genmove_cleanup"] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
    }
    for g in [&mut w, &mut b] {
        g.ok("kgs-rules chinese");
        g.ok("boardsize 9");
        g.ok("clear_board");
        g.ok("komi 6.5");
        g.ok("kgs-time_settings byoyomi 120 10 3");
    }
    let mut r = Referee::new(9, 6.5);
    let (mut main, mut periods) = (120i64, 3);
    let mut passes = 0;
    let mut invader: Option<String> = None;
    for _ in 0..MAX_MOVES {
        // White: time_left, then genmove (the time left in the period and the periods left,
        // once main time is over).
        let start = Instant::now();
        w.ok(&if main > 0 {
            format!("time_left w {main} 0")
        } else {
            format!("time_left w 10 {periods}")
        });
        let m = w.ok("genmove w");
        main -= start.elapsed().as_secs() as i64;
        if main <= 0 && periods > 1 {
            periods -= 1;
        }
        assert_ne!(m, "resign", "no resignation in this test's even game");
        r.play(Color::White, &m);
        b.ok(&format!("play w {m}"));
        passes = if is_pass(&m) { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        // Black: once White passes, the human throws in a stone deep in White's area (dead).
        let m = match (invader.is_none() && passes == 1)
            .then(|| invasion_point(&mut w, &r))
            .flatten()
        {
            Some(v) => {
                invader = Some(v.clone());
                v
            }
            None => b.ok("genmove b"),
        };
        if m == "resign" {
            // The human gave up: no scoring, nothing to dispute.
            eprintln!("the opponent resigned after {} moves", r.game.moves().len());
            w.ok("kgs-game_over");
            return;
        }
        r.play(Color::Black, &m);
        w.ok(&format!("play b {m}"));
        if invader.as_deref() == Some(m.as_str()) {
            b.ok(&format!("play b {m}"));
        }
        passes = if is_pass(&m) { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    assert_eq!(passes, 2, "the game did not end in {MAX_MOVES} moves");
    let dead = w.ok("final_status_list dead");
    let black_dead: Vec<&str> = dead
        .split_whitespace()
        .filter(|v| r.stone(v) == Some(Color::Black))
        .collect();
    for v in dead.split_whitespace() {
        assert!(r.stone(v).is_some(), "{v} listed dead holds no stone");
    }
    eprintln!(
        "{} moves, invasion at {invader:?}, black stones called dead: {black_dead:?}",
        r.game.moves().len()
    );
    if black_dead.is_empty() {
        // White captured everything on the board already; nothing to dispute.
        w.ok("kgs-game_over");
        return;
    }
    // The human says its stones live: kgsGtp has them undo the passes, then asks White with
    // kgs-genmove_cleanup; the human passes from now on.
    for _ in 0..2 {
        w.ok("undo");
        r.game.undo();
    }
    let mut ended = false;
    for _ in 0..MAX_MOVES {
        w.ok("time_left w 10 3");
        let m = w.ok("kgs-genmove_cleanup w");
        assert!(matches("{move}", &m), "cleanup answered {m:?}");
        r.play(Color::White, &m);
        if is_pass(&m) {
            // No pass while dead black stones remain: White's own list now has none.
            let dead = w.ok("final_status_list dead");
            assert!(
                dead.split_whitespace()
                    .all(|v| r.stone(v) != Some(Color::Black)),
                "passed in cleanup with black stones still called dead: {dead}"
            );
            w.ok("play b pass");
            r.play(Color::Black, "pass");
            ended = true;
            break;
        }
        w.ok("play b pass");
        r.play(Color::Black, "pass");
    }
    assert!(ended, "cleanup never ended");
    eprintln!("cleanup ended after {} moves", r.game.moves().len());
    for v in black_dead {
        assert_ne!(r.stone(v), Some(Color::Black), "{v} survived the cleanup");
    }
    w.ok("kgs-game_over");
    w.finish();
    b.finish();
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
