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

/// A time control, as announced by `time_settings`, `kgs-time_settings` or
/// `kata-time_settings`. Times in seconds.
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
    /// Fischer: `main` seconds, and `increment` seconds added after each move; the clock
    /// never holds more than `cap` (if given) after the increment, and no move may take more
    /// than `max_move` (if given).
    Fischer {
        main: f64,
        increment: f64,
        cap: Option<f64>,
        max_move: Option<f64>,
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
            TimeControl::Fischer {
                main,
                increment,
                cap: None,
                max_move: None,
            } if increment <= 0.0 => TimeControl::Absolute { main }.normalized(),
            other => other,
        }
    }

    fn main(self) -> f64 {
        match self {
            TimeControl::Unlimited => 0.0,
            TimeControl::Absolute { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Fischer { main, .. } => main,
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
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {
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
            TimeControl::Fischer { increment, cap, .. } => {
                let left = (s.main_left - e).max(0.0) + increment;
                s.main_left = cap.map_or(left, |c| left.min(c));
            }
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
    /// more: periods are never lost. Under Fischer time see `fischer_budget`.
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
            TimeControl::Fischer {
                increment,
                max_move,
                ..
            } => {
                return Some(fischer_budget(
                    s.main_left,
                    increment,
                    max_move,
                    moves,
                    params,
                ));
            }
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

/// The budget of a move under Fischer time with `main_left` on the clock: the main time's
/// share over `moves` moves still to come (after a lag reserve, as under absolute time) plus
/// the increment the move gets back, less the lag every move costs. Since the increment only
/// arrives once the move is made, no move may take more than half of the clock less the lag,
/// and none more than `max_move` less the lag: the clock never runs out.
fn fischer_budget(
    main_left: f64,
    increment: f64,
    max_move: Option<f64>,
    moves: f64,
    params: &Params,
) -> Budget {
    let safety = f64::from(params.time_safety);
    let main_left = main_left.max(0.0);
    let reserve = (safety * moves).min(f64::from(params.time_reserve_max) * main_left);
    let share = ((main_left - reserve) / moves).max(0.0);
    let back = (increment - safety).max(0.0);
    let ceiling = ((main_left - safety) / 2.0)
        .min(max_move.map_or(MAX_BUDGET, |m| m - safety))
        .clamp(0.001, MAX_BUDGET);
    let target = (share + back).min(ceiling).max(0.001);
    let max = (target * f64::from(params.time_max_factor))
        .min(back + (main_left - reserve).max(0.0) * 0.2)
        .min(ceiling)
        .max(target);
    Budget { target, max }
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
mod tests;
