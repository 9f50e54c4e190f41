//! The game clock: the time control the controller announced, what is left for each side, and
//! the time budget of the next move.
//!
//! The clock never reads the wall clock itself: the engine reports how long each of its moves
//! took (`charge`), and the controller may correct the figures at any time (`time_left`). That
//! keeps it testable with made-up times, and it is exactly what gogui-twogtp needs (it sends
//! `time_settings` once and never `time_left`).

use crate::params::Params;

/// Smallest budget ever handed to the search, in seconds.
pub const MIN_BUDGET: f64 = 0.05;

/// Largest budget ever handed to the search, in seconds (a day: absurd settings stay finite).
pub const MAX_BUDGET: f64 = 86_400.0;

/// A time control, as announced by `time_settings` or `kgs-time_settings`. Times in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// No time limit.
    Unlimited,
    /// Sudden death: `main` seconds for the whole game.
    Absolute { main: f64 },
    /// Main time, then `period` seconds for every `stones` moves.
    Canadian { main: f64, period: f64, stones: u32 },
    /// Main time, then `periods` periods of `period` seconds; a move inside its period keeps it.
    ByoYomi {
        main: f64,
        period: f64,
        periods: u32,
    },
}

impl TimeControl {
    /// The GTP `time_settings main byo stones` meaning: `byo > 0, stones == 0` is no limit,
    /// `byo == 0` is absolute time (`0 0 0` is taken as no limit too: no time at all cannot be
    /// meant).
    pub fn from_gtp(main: f64, byo: f64, stones: u32) -> TimeControl {
        if byo > 0.0 && stones == 0 {
            TimeControl::Unlimited
        } else if byo <= 0.0 {
            TimeControl::Absolute { main }.normalized()
        } else {
            TimeControl::Canadian {
                main,
                period: byo,
                stones,
            }
            .normalized()
        }
    }

    /// Degenerate controls mapped onto simpler ones.
    fn normalized(self) -> TimeControl {
        match self {
            TimeControl::Absolute { main } if main <= 0.0 => TimeControl::Unlimited,
            TimeControl::Canadian {
                main,
                period,
                stones,
            } if period <= 0.0 || stones == 0 => TimeControl::Absolute { main }.normalized(),
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } if period <= 0.0 || periods == 0 => TimeControl::Absolute { main }.normalized(),
            other => other,
        }
    }

    fn main(self) -> f64 {
        match self {
            TimeControl::Unlimited => 0.0,
            TimeControl::Absolute { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::ByoYomi { main, .. } => main,
        }
    }
}

/// Charges `e` seconds to `s`'s main time while it lasts: `None` when the move fitted in it,
/// else the seconds still to charge to byo-yomi and whether byo-yomi starts with this move.
fn spend_main(s: &mut Side, e: f64) -> Option<(f64, bool)> {
    if s.in_byo {
        return Some((e, false));
    }
    if e <= s.main_left {
        s.main_left -= e;
        return None;
    }
    let over = e - s.main_left;
    s.main_left = 0.0;
    s.in_byo = true;
    Some((over, true))
}

/// One side's remaining time.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Side {
    /// Main time left.
    main_left: f64,
    /// Whether main time is used up.
    in_byo: bool,
    /// Canadian: time left for the current block; byo-yomi: time left in the current period.
    period_left: f64,
    /// Canadian: moves still to play in the current block; byo-yomi: periods left.
    count: u32,
}

impl Side {
    fn fresh(c: TimeControl) -> Side {
        let (period, count) = match c {
            TimeControl::Canadian { period, stones, .. } => (period, stones),
            TimeControl::ByoYomi {
                period, periods, ..
            } => (period, periods),
            _ => (0.0, 0),
        };
        Side {
            main_left: c.main(),
            in_byo: false,
            period_left: period,
            count,
        }
    }
}

/// Both players' clocks under one time control.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    /// `None` until the controller says anything about time.
    control: Option<TimeControl>,
    sides: [Side; 2],
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

impl Clock {
    /// A clock that knows no time control yet (moves then use the configured limits).
    pub fn new() -> Clock {
        let s = Side::fresh(TimeControl::Unlimited);
        Clock {
            control: None,
            sides: [s, s],
        }
    }

    /// The time control in force, if one was given.
    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// Sets the time control and gives both sides its full time.
    pub fn set_control(&mut self, c: TimeControl) {
        let c = c.normalized();
        self.control = Some(c);
        self.reset();
    }

    /// A new game under the same control: both sides get the full time again.
    pub fn reset(&mut self) {
        let s = Side::fresh(self.control.unwrap_or(TimeControl::Unlimited));
        self.sides = [s, s];
    }

    /// Main time left for side `side` (0 = Black, 1 = White), for diagnostics and tests.
    pub fn main_left(&self, side: usize) -> f64 {
        self.sides[side].main_left
    }

    /// The controller's `time_left side secs stones`. `stones == 0` means main time; otherwise
    /// `secs` is the time of the current Canadian block (`stones` moves still to play in it) or
    /// of the current byo-yomi period (`stones` periods left). With no control announced, an
    /// absolute (or Canadian) control is assumed from these figures.
    pub fn time_left(&mut self, side: usize, secs: f64, stones: u32) {
        let secs = if secs.is_finite() {
            secs.clamp(0.0, 1e12)
        } else {
            0.0
        };
        let control = match self.control {
            Some(c) if c != TimeControl::Unlimited => c,
            _ => {
                // There is a clock after all: take its figures as the control.
                let c = if stones == 0 {
                    TimeControl::Absolute {
                        main: secs.max(MIN_BUDGET),
                    }
                } else {
                    TimeControl::Canadian {
                        main: 0.0,
                        period: secs.max(MIN_BUDGET),
                        stones,
                    }
                };
                self.set_control(c);
                self.control.unwrap_or(c)
            }
        };
        let s = &mut self.sides[side];
        match control {
            TimeControl::Unlimited => {}
            TimeControl::Absolute { .. } => {
                s.main_left = secs;
                s.in_byo = false;
            }
            TimeControl::Canadian { .. } => {
                if stones == 0 {
                    s.main_left = secs;
                    s.in_byo = false;
                } else {
                    s.main_left = 0.0;
                    s.in_byo = true;
                    s.period_left = secs;
                    s.count = stones;
                }
            }
            TimeControl::ByoYomi { period, .. } => {
                if stones == 0 || secs > period + 0.5 {
                    // Main time (KGS may send the periods left along with the main time: more
                    // than a period's time can only be main time).
                    s.main_left = secs;
                    s.in_byo = false;
                    if stones > 0 {
                        s.count = stones;
                    }
                } else {
                    // Inside a period. (If this was main time shorter than a period, spending
                    // at most `secs` is still safe.)
                    s.main_left = 0.0;
                    s.in_byo = true;
                    s.period_left = secs;
                    s.count = stones;
                }
            }
        }
    }

    /// Our own bookkeeping: side `side` just spent `elapsed` seconds on a move.
    pub fn charge(&mut self, side: usize, elapsed: f64) {
        let Some(control) = self.control else { return };
        let e = if elapsed.is_finite() {
            elapsed.max(0.0)
        } else {
            0.0
        };
        let s = &mut self.sides[side];
        match control {
            TimeControl::Unlimited => {}
            TimeControl::Absolute { .. } => s.main_left = (s.main_left - e).max(0.0),
            TimeControl::Canadian { period, stones, .. } => {
                let Some((e, entered)) = spend_main(s, e) else {
                    return;
                };
                if entered {
                    s.period_left = period;
                    s.count = stones;
                }
                s.period_left = (s.period_left - e).max(0.0);
                s.count = s.count.saturating_sub(1);
                if s.count == 0 {
                    s.period_left = period;
                    s.count = stones;
                }
            }
            TimeControl::ByoYomi {
                period, periods, ..
            } => {
                let Some((e, entered)) = spend_main(s, e) else {
                    return;
                };
                if entered {
                    s.period_left = period;
                    if s.count == 0 || s.count > periods {
                        s.count = periods;
                    }
                }
                if e > s.period_left {
                    // Every period overrun is lost; the next one starts full.
                    let over = e - s.period_left;
                    let lost = 1 + (over / period) as u32;
                    s.count = s.count.saturating_sub(lost).max(1);
                }
                s.period_left = period;
            }
        }
    }

    /// The time the next move of side `side` may take, or `None` when there is no time limit.
    /// `empty_points` estimates how long the game still runs.
    ///
    /// In main time the move gets its share of the usable time, which is the time left minus a
    /// lag reserve for the rest of the game (`time_safety` per move still to come, at most
    /// `time_reserve_max` of the main time); the share shrinks as the board fills, so the
    /// opening and middle game get more than the endgame. Inside a byo-yomi period or a
    /// Canadian block the move gets its part of the period minus the per-move lag, and never
    /// more: periods are never lost.
    pub fn budget(&self, side: usize, empty_points: usize, params: &Params) -> Option<Budget> {
        let control = self.control?;
        let s = &self.sides[side];
        let moves = f64::from(params.time_min_moves)
            .max(empty_points as f64 * f64::from(params.time_empty_fraction))
            .max(1.0);
        let safety = f64::from(params.time_safety);
        let reserve = (safety * moves).min(f64::from(params.time_reserve_max) * control.main());
        let main_share = (s.main_left - reserve) / moves;
        // The share of this move, and whether it is spent inside a byo-yomi period or a
        // Canadian block.
        let (raw, in_period) = match control {
            TimeControl::Unlimited => return None,
            TimeControl::Absolute { .. } => (main_share, false),
            TimeControl::Canadian { period, stones, .. } => {
                let block = period / f64::from(stones.max(1));
                if s.in_byo {
                    (s.period_left / f64::from(s.count.max(1)), true)
                } else if main_share >= block {
                    (main_share, false)
                } else {
                    // Little main time left: the move may run on into the first block at the
                    // block's own rate.
                    (block, true)
                }
            }
            TimeControl::ByoYomi { period, .. } => {
                if s.in_byo {
                    (s.period_left, true)
                } else if main_share >= period {
                    (main_share, false)
                } else {
                    (period, true)
                }
            }
        };
        // When even the share is tiny, a quarter of the plain division.
        let floor = MIN_BUDGET
            .min(s.main_left.max(0.0) / moves * 0.25)
            .max(0.001);
        let (target, max) = if in_period {
            let t = (raw - safety.min(raw / 2.0)).max(0.001);
            (t, t)
        } else if raw.is_finite() && raw > floor {
            let usable = s.main_left - reserve;
            let t = raw.min(MAX_BUDGET);
            (
                t,
                (t * f64::from(params.time_max_factor))
                    .min(usable * 0.2)
                    .max(t),
            )
        } else {
            (floor, floor)
        };
        Some(Budget { target, max })
    }
}

/// What the next move may spend, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The normal thinking time.
    pub target: f64,
    /// The most it may stretch to while the best move is unstable.
    pub max: f64,
}

#[cfg(test)]
mod tests {
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
}
