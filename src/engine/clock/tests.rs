//! Unit tests of `clock`.

use super::*;

fn params() -> Params {
    Params {
        time_safety: 0.5,
        time_min_moves: 25.0,
        time_empty_fraction: 0.5,
        ..Params::default()
    }
}

fn approx(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Plays `moves` moves for Black, each using its whole budget plus `lag` seconds of
/// overhead, on a board with `empty` points; returns the total time used.
fn play_out(c: &mut Clock, moves: usize, empty: usize, lag: f64) -> f64 {
    let p = params();
    let mut used = 0.0;
    for _ in 0..moves {
        let b = c.budget(0, empty, &p).unwrap().target;
        used += b + lag;
        c.charge(0, b + lag);
    }
    used
}

#[test]
fn no_control_means_no_budget() {
    let c = Clock::new();
    assert_eq!(c.budget(0, 81, &params()), None);
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(0.0, 1.0, 0));
    assert_eq!(c.control(), Some(TimeControl::Unlimited));
    assert_eq!(c.budget(0, 81, &params()), None);
    c.set_control(TimeControl::from_gtp(0.0, 0.0, 0));
    assert_eq!(c.budget(1, 81, &params()), None);
    c.charge(0, 10.0);
    assert_eq!(c.budget(0, 81, &params()), None);
}

#[test]
fn absolute_divides_main_time() {
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(300.0, 0.0, 0));
    assert_eq!(c.control(), Some(TimeControl::Absolute { main: 300.0 }));
    // 361 empty points * 0.5 = 180.5 moves to go; the lag reserve for them would be
    // 90 s, capped at a quarter of the main time.
    let b = c.budget(0, 361, &params()).unwrap().target;
    assert!(approx(b, (300.0 - 75.0) / 180.5));
    // Few empty points: at least 25 moves are assumed.
    let b = c.budget(0, 10, &params()).unwrap().target;
    assert!(approx(b, 300.0 / 25.0 - 0.5));
    // time_left overrides.
    c.time_left(0, 10.0, 0);
    assert!(approx(
        c.budget(0, 10, &params()).unwrap().target,
        MIN_BUDGET
    ));
    c.time_left(0, 0.4, 0);
    assert!(approx(
        c.budget(0, 10, &params()).unwrap().target,
        0.4 / 25.0 * 0.25
    ));
    c.time_left(0, 100.0, 0);
    assert!(approx(
        c.budget(0, 10, &params()).unwrap().target,
        4.0 - 0.5
    ));
    // White's clock is separate.
    assert!(approx(
        c.budget(1, 10, &params()).unwrap().target,
        300.0 / 25.0 - 0.5
    ));
}

#[test]
fn absolute_own_clock_never_runs_out() {
    // gogui-twogtp: only time_settings, never time_left. 200 moves with 20 ms lag each.
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(60.0, 0.0, 0));
    let used = play_out(&mut c, 200, 40, 0.02);
    assert!(used < 60.0, "used {used}");
    assert!(c.main_left(0) > 0.0);
    // After clear_board both sides start again.
    c.reset();
    assert!(approx(c.main_left(0), 60.0));
}

#[test]
fn short_absolute_games_still_think() {
    // 20 s for the game on 9x9: a quarter of it is the lag reserve.
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(20.0, 0.0, 0));
    let b = c.budget(0, 81, &params()).unwrap().target;
    assert!(approx(b, 15.0 / 40.5), "{b}");
    // A minute on 19x19 still gives a quarter of a second a move, not the minimum.
    let mut big = Clock::new();
    big.set_control(TimeControl::from_gtp(60.0, 0.0, 0));
    let b = big.budget(0, 361, &params()).unwrap().target;
    assert!(approx(b, 45.0 / 180.5), "{b}");
    let used = play_out(&mut big, 250, 200, 0.02);
    assert!(used < 60.0, "used {used}");
    // 150 moves with 5 ms of lag each never run out.
    let used = play_out(&mut c, 150, 40, 0.005);
    assert!(used < 20.0, "used {used}");
}

#[test]
fn unstable_moves_may_stretch_in_main_time_only() {
    let p = params();
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(300.0, 0.0, 0));
    let b = c.budget(0, 81, &p).unwrap();
    assert!(approx(b.max, b.target * 2.5), "{b:?}");
    // Near the end of the main time the stretch is capped by a fifth of what is usable.
    c.time_left(0, 20.0, 0);
    let b = c.budget(0, 10, &p).unwrap();
    assert!(approx(b.target, (20.0 - 12.5) / 25.0));
    assert!(approx(b.max, (b.target * 2.5).min(7.5 * 0.2)), "{b:?}");
    // Inside a byo-yomi period: no stretch at all.
    c.set_control(TimeControl::ByoYomi {
        main: 0.0,
        period: 10.0,
        periods: 3,
    });
    let b = c.budget(0, 50, &p).unwrap();
    assert_eq!(b.target, b.max);
    assert!(approx(b.target, 9.5));
}

#[test]
fn cgos_lag_credit_and_increments() {
    // CGOS adds 0.25 s a move; the time_left figures carry it. Whatever the credit, the
    // budget follows the time left and a game of 0.3 s lag a move never runs out.
    let p = params();
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(60.0, 0.0, 0));
    let mut left: f64 = 60.0;
    for i in 0..120 {
        c.time_left(0, left, 0);
        let b = c.budget(0, 81usize.saturating_sub(i).max(10), &p).unwrap();
        assert!(b.max <= left, "move {i}: {b:?} with {left} left");
        left = left - b.max - 0.3 + 0.25;
        assert!(left > 0.0, "move {i}: lost on time");
    }
}

#[test]
fn canadian_main_then_blocks() {
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(60.0, 30.0, 10));
    assert_eq!(
        c.control(),
        Some(TimeControl::Canadian {
            main: 60.0,
            period: 30.0,
            stones: 10
        })
    );
    // Main time: 60 / 25 = 2.4 < 3 = 30 / 10, so the block rate is used.
    assert!(approx(
        c.budget(0, 20, &params()).unwrap().target,
        3.0 - 0.5
    ));
    // Into the block: main time exhausted by a long move.
    c.charge(0, 70.0);
    // 10 s overflow went into the block; 9 moves left with 20 s.
    assert!(approx(
        c.budget(0, 20, &params()).unwrap().target,
        20.0 / 9.0 - 0.5
    ));
    // Controller's figures: 12 s for 4 stones.
    c.time_left(0, 12.0, 4);
    assert!(approx(
        c.budget(0, 20, &params()).unwrap().target,
        3.0 - 0.5
    ));
    // Playing out whole blocks with lag never overruns a block.
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(0.0, 30.0, 10));
    let p = params();
    let mut block = 0.0;
    for i in 0..100 {
        let b = c.budget(0, 50, &p).unwrap().target;
        block += b + 0.2;
        c.charge(0, b + 0.2);
        if i % 10 == 9 {
            assert!(block < 30.0, "block used {block}");
            block = 0.0;
        }
    }
}

#[test]
fn byoyomi_periods() {
    let mut c = Clock::new();
    c.set_control(TimeControl::ByoYomi {
        main: 600.0,
        period: 30.0,
        periods: 5,
    });
    // Main time: 600 / 180.5 = 3.3 < 30, so a period's worth may be spent.
    assert!(approx(
        c.budget(0, 361, &params()).unwrap().target,
        30.0 - 0.5
    ));
    // Lots of main time on a small board: the division wins.
    c.time_left(0, 6000.0, 0);
    assert!(approx(
        c.budget(0, 50, &params()).unwrap().target,
        240.0 - 0.5
    ));
    // KGS sends time of current period and periods left.
    c.time_left(0, 30.0, 3);
    assert!(approx(c.budget(0, 50, &params()).unwrap().target, 29.5));
    c.time_left(0, 7.0, 1);
    assert!(approx(c.budget(0, 50, &params()).unwrap().target, 6.5));
    // More than a period with a period count: still main time.
    c.time_left(0, 500.0, 5);
    assert!(approx(c.budget(0, 50, &params()).unwrap().target, 29.5));
    // Own clock: main runs out, then moves inside the period keep it.
    let mut c = Clock::new();
    c.set_control(TimeControl::ByoYomi {
        main: 10.0,
        period: 5.0,
        periods: 3,
    });
    c.charge(0, 12.0);
    assert!(approx(c.budget(0, 50, &params()).unwrap().target, 4.5));
    for _ in 0..50 {
        let b = c.budget(0, 50, &params()).unwrap().target;
        assert!(b < 5.0);
        c.charge(0, b + 0.1);
    }
    assert!(approx(c.budget(0, 50, &params()).unwrap().target, 4.5));
}

#[test]
fn time_left_without_settings_assumes_a_clock() {
    let mut c = Clock::new();
    c.time_left(0, 100.0, 0);
    assert_eq!(c.control(), Some(TimeControl::Absolute { main: 100.0 }));
    assert!(approx(c.budget(0, 10, &params()).unwrap().target, 3.5));
    let mut c = Clock::new();
    c.time_left(1, 20.0, 5);
    assert!(approx(c.budget(1, 10, &params()).unwrap().target, 3.5));
    // Junk figures stay finite.
    c.time_left(1, f64::NAN, 1);
    let b = c.budget(1, 10, &params()).unwrap().target;
    assert!(b > 0.0 && b <= MIN_BUDGET);
    c.time_left(1, 1e300, 0);
    assert!(c.budget(1, 10, &params()).unwrap().target <= MAX_BUDGET);
}

#[test]
fn cgos_sudden_death_with_time_left() {
    // CGOS: time_settings 300 0 0, then time_left before every genmove.
    let mut c = Clock::new();
    c.set_control(TimeControl::from_gtp(300.0, 0.0, 0));
    let p = params();
    let mut left: f64 = 300.0;
    let mut empty: usize = 81;
    for _ in 0..80 {
        c.time_left(0, left.floor(), 0);
        let b = c.budget(0, empty, &p).unwrap().target;
        left -= b + 0.1;
        empty = empty.saturating_sub(1).max(20);
    }
    assert!(left > 0.0, "left {left}");
}

fn fischer(main: f64, increment: f64) -> TimeControl {
    TimeControl::Fischer {
        main,
        increment,
        cap: None,
        max_move: None,
    }
}

#[test]
fn fischer_budget_counts_the_increment_it_gets_back() {
    let p = params();
    let mut c = Clock::new();
    c.set_control(fischer(60.0, 5.0));
    // 81 empty points: 40.5 moves to go; reserve min(0.5 * 40.5, 0.25 * 60) = 15 s.
    let b = c.budget(0, 81, &p).unwrap();
    assert!(approx(b.target, (60.0 - 15.0) / 40.5 + (5.0 - 0.5)));
    assert!(b.max >= b.target);
    // Without the increment it is absolute time, and spends less.
    let mut a = Clock::new();
    a.set_control(fischer(60.0, 0.0));
    assert_eq!(a.control(), Some(TimeControl::Absolute { main: 60.0 }));
    assert!(a.budget(0, 81, &p).unwrap().target < b.target);
}

#[test]
fn fischer_charge_adds_the_increment_and_time_left_sets_the_clock() {
    let mut c = Clock::new();
    c.set_control(TimeControl::Fischer {
        main: 10.0,
        increment: 2.0,
        cap: Some(11.0),
        max_move: None,
    });
    c.charge(0, 3.0);
    assert!(approx(c.main_left(0), 9.0));
    c.charge(0, 0.5);
    assert!(approx(c.main_left(0), 10.5));
    c.charge(0, 0.5);
    assert!(
        approx(c.main_left(0), 11.0),
        "capped at the main time limit"
    );
    c.time_left(0, 4.5, 0);
    assert!(approx(c.main_left(0), 4.5));
    assert!(approx(c.main_left(1), 10.0));
}

#[test]
fn fischer_never_lets_the_clock_run_out() {
    let p = params();
    // A short clock and an increment smaller than the lag: every move must still leave time,
    // however long the game, and each one takes its whole budget plus the lag.
    for (main, inc) in [(5.0, 0.5), (10.0, 1.0), (2.0, 0.1), (0.3, 1.0)] {
        let mut c = Clock::new();
        c.set_control(fischer(main, inc));
        for _ in 0..300 {
            let b = c.budget(0, 40, &p).unwrap();
            let left = c.main_left(0);
            assert!(
                b.max < left || left < 0.01,
                "{main}+{inc}: {b:?} with {left} left"
            );
            assert!(b.max <= (left - 0.5).max(0.0) / 2.0 + 1e-9 || b.max <= 0.001);
            c.charge(0, b.max + 0.2);
            assert!(c.main_left(0) > 0.0, "{main}+{inc}: out of time");
        }
    }
    // A long increment makes long moves, never past the per-move limit.
    let mut c = Clock::new();
    c.set_control(TimeControl::Fischer {
        main: 30.0,
        increment: 20.0,
        cap: None,
        max_move: Some(8.0),
    });
    let b = c.budget(0, 81, &p).unwrap();
    assert!(b.target <= 7.5 && b.max <= 7.5, "{b:?}");
}
