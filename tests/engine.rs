//! The engine through its public API: legality of every generated move, determinism, the
//! clock on the wall, passing, cleanup, handicap and records.

use moyo::board::{Color, Game, Move};
use moyo::engine::{Engine, EngineConfig, GenMove, StoneStatus};
use std::time::Instant;

fn engine(size: usize, komi: f32, playouts: Option<u64>, seed: u64) -> Engine {
    Engine::new(EngineConfig {
        playouts,
        threads: 1,
        seed,
        size,
        komi,
        ..Default::default()
    })
}

fn mv(e: &Engine, v: &str) -> Move {
    e.board().parse_move(v).unwrap()
}

/// 7x7: both sides alive with single-point eyes; `with_dead` adds a dead white stone on B4.
fn finished(with_dead: bool) -> Engine {
    let rows = [
        ".X.XO.O", "XXXXOOO", "...XO.O", ".O.XOOO", "...XO.O", "XXXXOOO", ".X.XO.O",
    ];
    let mut e = engine(7, 0.5, Some(200), 1);
    for (i, row) in rows.iter().enumerate() {
        for (col, ch) in row.chars().enumerate() {
            let c = match ch {
                'X' => Color::Black,
                'O' if with_dead || (col, i) != (1, 3) => Color::White,
                _ => continue,
            };
            let p = e.board().point(col, 6 - i);
            e.play(c, Move::Play(p)).unwrap();
        }
    }
    e
}

#[test]
fn self_play_moves_are_always_legal() {
    let mut e = engine(9, 7.0, Some(20), 11);
    let mut shadow = Game::new(9, 7.0);
    let mut c = Color::Black;
    let mut passes = 0;
    for _ in 0..200 {
        match e.genmove(c) {
            GenMove::Resign => break,
            GenMove::Play(m) => {
                shadow
                    .play(c, m)
                    .unwrap_or_else(|err| panic!("illegal {m:?}: {err}"));
                passes = if m == Move::Pass { passes + 1 } else { 0 };
            }
        }
        assert_eq!(e.board().hash(), shadow.board().hash());
        if passes == 2 {
            break;
        }
        c = c.opp();
    }
    assert!(shadow.moves().len() > 10);
}

#[test]
fn same_seed_same_game() {
    let play = |seed| {
        let mut e = engine(9, 7.0, Some(60), seed);
        let mut out = Vec::new();
        let mut c = Color::Black;
        for _ in 0..12 {
            out.push(e.genmove(c));
            c = c.opp();
        }
        out
    };
    assert_eq!(play(5), play(5));
}

#[test]
fn reg_genmove_changes_nothing() {
    let mut e = engine(9, 7.0, Some(30), 2);
    e.play(Color::Black, mv(&e, "E5")).unwrap();
    let before = (e.board().hash(), e.game().moves().len());
    let r = e.reg_genmove(Color::White);
    assert!(matches!(r, GenMove::Play(_)));
    assert_eq!((e.board().hash(), e.game().moves().len()), before);
    // A fresh engine with the same seed answers the same.
    let mut f = engine(9, 7.0, Some(30), 2);
    f.play(Color::Black, mv(&f, "E5")).unwrap();
    assert_eq!(f.reg_genmove(Color::White), r, "same seed, same answer");
}

#[test]
fn own_clock_keeps_within_absolute_time() {
    // Only time_settings, no playout limit (gogui-twogtp): 1.5 s per side for 25 moves each.
    let mut e = engine(9, 7.0, None, 3);
    e.time_settings(1.5, 0.0, 0);
    let mut spent = [0.0f64; 2];
    let mut c = Color::Black;
    for _ in 0..50 {
        let t = Instant::now();
        let g = e.genmove(c);
        spent[c.index()] += t.elapsed().as_secs_f64();
        if g == GenMove::Resign {
            break;
        }
        c = c.opp();
    }
    assert!(spent[0] < 1.5 && spent[1] < 1.5, "spent {spent:?}");
    assert!(e.clock().main_left(0) > 0.0 && e.clock().main_left(1) > 0.0);
}

#[test]
fn time_left_overrides_and_time_per_move_caps() {
    let mut e = Engine::new(EngineConfig {
        time_per_move: Some(0.2),
        size: 9,
        ..Default::default()
    });
    let t = Instant::now();
    e.genmove(Color::Black);
    assert!(t.elapsed().as_secs_f64() < 1.0);
    // Two seconds left on the controller's clock: far less than the per-move time.
    e.time_settings(300.0, 0.0, 0);
    e.time_left(Color::White, 2.0, 0);
    let l = e.move_limits(Color::White);
    assert!(l.time.unwrap().as_secs_f64() < 0.2);
    let t = Instant::now();
    e.genmove(Color::White);
    assert!(t.elapsed().as_secs_f64() < 0.5);
}

#[test]
fn passes_after_a_pass_when_the_board_wins() {
    let mut e = finished(false);
    e.play(Color::White, Move::Pass).unwrap();
    assert_eq!(e.genmove(Color::Black), GenMove::Play(Move::Pass));
    assert!(e.game().is_over());
    assert_eq!(e.final_score().unwrap(), "B+6.5");
    assert!(e.final_status_list(StoneStatus::Dead).is_empty());
}

#[test]
fn plays_on_when_a_dead_stone_spoils_the_count() {
    // Tromp-Taylor counts the white stone on B4: passing would lose for Black.
    let mut e = finished(true);
    e.play(Color::White, Move::Pass).unwrap();
    assert!(matches!(
        e.genmove(Color::Black),
        GenMove::Play(Move::Play(_))
    ));
}

#[test]
fn cleanup_captures_the_dead_stones_before_passing() {
    let mut e = finished(true);
    e.play(Color::Black, Move::Pass).unwrap();
    e.play(Color::White, Move::Pass).unwrap();
    let b4 = match mv(&e, "B4") {
        Move::Play(p) => p,
        Move::Pass => unreachable!(),
    };
    assert_eq!(e.final_status_list(StoneStatus::Dead), vec![b4]);
    // KGS cleanup: Black plays until B4 is gone; White (a human) passes.
    for _ in 0..30 {
        match e.genmove_cleanup(Color::Black) {
            GenMove::Play(Move::Pass) => break,
            GenMove::Play(_) => e.play(Color::White, Move::Pass).unwrap(),
            GenMove::Resign => panic!("cleanup never resigns"),
        }
    }
    assert_eq!(e.board().stone(b4), None, "B4 still on the board");
    assert!(e.final_status_list(StoneStatus::Dead).is_empty());
}

#[test]
fn handicap_game_as_white() {
    let mut e = engine(19, 0.5, Some(30), 4);
    let pts = e.place_free_handicap(4).unwrap();
    assert_eq!(pts.len(), 4);
    assert_eq!(e.game().to_play(), Color::White);
    assert!(matches!(e.genmove(Color::White), GenMove::Play(_)));
    let sgf = e.to_sgf();
    assert!(sgf.contains("HA[4]") && sgf.contains("AB["), "{sgf}");
    let mut f = engine(9, 7.0, Some(30), 4);
    assert_eq!(f.load_sgf_text(&sgf, None), Ok(Color::Black));
    assert_eq!(f.board().hash(), e.board().hash());
    assert_eq!(f.game().handicap(), 4);
}

#[test]
fn boardsize_and_komi_checks() {
    let mut e = engine(9, 7.0, Some(10), 1);
    assert!(e.boardsize(1).is_err());
    assert!(e.boardsize(26).is_err());
    assert_eq!(e.board().size(), 9);
    e.boardsize(25).unwrap();
    assert_eq!(e.board().size(), 25);
    assert!(e.komi(f32::NAN).is_err());
    e.komi(-3.5).unwrap();
    assert_eq!(e.game().komi(), -3.5);
}

#[test]
fn resigns_only_when_the_game_stays_hopeless() {
    // Komi 100 on 7x7: Black cannot win. The first low search plays on, the second resigns.
    let mut e = engine(7, 100.0, Some(2500), 5);
    let first = e.genmove(Color::Black);
    assert!(matches!(first, GenMove::Play(_)), "{first:?}");
    e.play(Color::White, Move::Pass).unwrap();
    assert_eq!(e.genmove(Color::Black), GenMove::Resign);
    // A new game starts the count again.
    e.clear_board();
    assert!(matches!(e.genmove(Color::Black), GenMove::Play(_)));
}
