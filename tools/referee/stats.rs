//! Match statistics: the running tally, the Wilson score interval, the Elo
//! difference implied by a score rate, and the summary block tools parse.
//!
//! This file depends on nothing but `std` so tests can include it directly.

use std::fmt::Write as _;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval, as fractions in 0..=1, for `wins` successes
/// (draws may count as halves) out of `n` trials at normal quantile `z`.
/// With no trials the interval is the whole range.
pub fn wilson(wins: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 || !wins.is_finite() || !n.is_finite() {
        return (0.0, 1.0);
    }
    let p = (wins / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 or 1 the bound is exactly 0 or 1; rounding would move it.
    let lo = if p <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if p >= 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// The Elo difference for an expected score `p` (0..=1): `-400 log10(1/p - 1)`.
/// Infinite at 0 and 1 (negative and positive).
pub fn elo_from_score(p: f64) -> f64 {
    if p.is_nan() {
        return 0.0;
    }
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / p - 1.0).log10()
}

/// An Elo value with one decimal, or `inf` / `-inf`.
pub fn fmt_elo(x: f64) -> String {
    if x == f64::INFINITY {
        "inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        // `+ 0.0` turns -0.0 into 0.0.
        format!("{:.1}", x + 0.0)
    }
}

/// One engine's answered `genmove`s over one game: their seconds, how many, the longest.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveTimes {
    pub secs: f64,
    pub moves: u64,
    pub max: f64,
}

impl MoveTimes {
    /// Adds one answered `genmove` that took `secs` (a time no move can take is ignored).
    pub fn add(&mut self, secs: f64) {
        if MatchTally::is_move_time(secs) {
            self.secs += secs;
            self.moves += 1;
            self.max = self.max.max(secs);
        }
    }
}

/// Counts over a match. Arrays indexed by engine: 0 = A (`--black`),
/// 1 = B (`--white`).
#[derive(Clone, Debug, Default)]
pub struct MatchTally {
    pub games: u32,
    pub wins: [u32; 2],
    pub jigo: u32,
    pub black_wins: u32,
    pub white_wins: u32,
    pub a_as_black_wins: u32,
    pub a_as_white_wins: u32,
    pub move_time_sum: [f64; 2],
    pub move_count: [u64; 2],
    pub move_time_max: [f64; 2],
    pub crashes: [u32; 2],
    pub time_losses: [u32; 2],
    pub illegal: [u32; 2],
}

impl MatchTally {
    /// Whether `secs` is a time a move can have taken (finite, not negative).
    pub fn is_move_time(secs: f64) -> bool {
        secs.is_finite() && secs >= 0.0
    }

    /// Adds one game's move times of engine `e`.
    pub fn add_times(&mut self, e: usize, t: &MoveTimes) {
        self.move_time_sum[e] += t.secs;
        self.move_count[e] += t.moves;
        self.move_time_max[e] = self.move_time_max[e].max(t.max);
    }

    /// A's score rate: wins plus half the draws, over games (0.5 with no games).
    pub fn a_score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins[0] as f64 + 0.5 * self.jigo as f64) / self.games as f64
    }

    /// The summary block: one `key value` per line, newline-terminated.
    pub fn summary(&self) -> String {
        let n = self.games as f64;
        let points = self.wins[0] as f64 + 0.5 * self.jigo as f64;
        let (lo, hi) = wilson(points, n, Z95);
        let p = self.a_score();
        let elo = if self.games == 0 {
            0.0
        } else {
            elo_from_score(p)
        };
        let avg = |e: usize| {
            if self.move_count[e] == 0 {
                0.0
            } else {
                self.move_time_sum[e] / self.move_count[e] as f64
            }
        };
        let mut s = String::new();
        let mut line = |k: &str, v: String| {
            let _ = writeln!(s, "{k} {v}");
        };
        line("games", self.games.to_string());
        line("a_wins", self.wins[0].to_string());
        line("b_wins", self.wins[1].to_string());
        line("a_winrate", format!("{:.1}", 100.0 * p));
        line(
            "a_winrate_ci95",
            format!("{:.1} {:.1}", 100.0 * lo, 100.0 * hi),
        );
        line("elo_diff", fmt_elo(elo));
        line(
            "elo_ci95",
            format!(
                "{} {}",
                fmt_elo(elo_from_score(lo)),
                fmt_elo(elo_from_score(hi))
            ),
        );
        line("black_wins", self.black_wins.to_string());
        line("white_wins", self.white_wins.to_string());
        line("a_as_black_wins", self.a_as_black_wins.to_string());
        line("a_as_white_wins", self.a_as_white_wins.to_string());
        line("a_avg_move_time", format!("{:.3}", avg(0)));
        line("b_avg_move_time", format!("{:.3}", avg(1)));
        line("a_max_move_time", format!("{:.3}", self.move_time_max[0]));
        line("b_max_move_time", format!("{:.3}", self.move_time_max[1]));
        line("a_crashes", self.crashes[0].to_string());
        line("b_crashes", self.crashes[1].to_string());
        line("a_time_losses", self.time_losses[0].to_string());
        line("b_time_losses", self.time_losses[1].to_string());
        line("a_illegal", self.illegal[0].to_string());
        line("b_illegal", self.illegal[1].to_string());
        line("jigo", self.jigo.to_string());
        s
    }
}
