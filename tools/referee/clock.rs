//! The referee's own game clock for one player: main time followed by
//! Canadian byo-yomi (`byo` seconds for every `stones` moves), as GTP's
//! `time_settings main byo stones` describes it, or by Japanese byo-yomi
//! (`stones` periods of `byo` seconds; a move within its period keeps it, a
//! longer one uses up periods), as `kgs-time_settings byoyomi` describes it,
//! or a Fischer clock (`increment` seconds added after every move), as
//! `kata-time_settings fischer` describes it.
//!
//! This file depends on nothing but `std` so tests can include it directly.

/// Seconds forgiven per move for process and pipe lag.
pub const LAG_ALLOWANCE: f64 = 0.5;
/// How far below zero a clock may go before the player loses on time.
pub const FLAG_TOLERANCE: f64 = 1.0;

/// A time control: `main` seconds, then `byo` seconds per `stones` moves
/// (Canadian), or `stones` periods of `byo` seconds (`japanese`).
/// `byo == 0` or `stones == 0` means no byo-yomi (absolute time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeSettings {
    pub main: f64,
    pub byo: f64,
    pub stones: u32,
    pub japanese: bool,
    /// Seconds added to the main time after each move (Fischer); 0 for none.
    pub increment: f64,
}

impl TimeSettings {
    /// Reads `MAIN,BYO,STONES` (seconds, seconds, count).
    pub fn parse(s: &str) -> Result<TimeSettings, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let [main, byo, stones] = parts.as_slice() else {
            return Err(format!("expected MAIN,BYO,STONES, got '{s}'"));
        };
        let secs = |x: &str, what: &str| -> Result<f64, String> {
            match x.parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
                _ => Err(format!("bad {what} time '{x}'")),
            }
        };
        let main = secs(main, "main")?;
        let byo = secs(byo, "byo-yomi")?;
        let stones = stones
            .parse::<u32>()
            .map_err(|_| format!("bad byo-yomi stones '{stones}'"))?;
        if main == 0.0 && (byo == 0.0 || stones == 0) {
            return Err("time settings give no time at all".to_string());
        }
        Ok(TimeSettings {
            main,
            byo,
            stones,
            japanese: false,
            increment: 0.0,
        })
    }

    /// Reads a Fischer clock, `MAIN,INCREMENT` (seconds, seconds).
    pub fn parse_fischer(s: &str) -> Result<TimeSettings, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let [main, inc] = parts.as_slice() else {
            return Err(format!("expected MAIN,INCREMENT, got '{s}'"));
        };
        let ts = TimeSettings::parse(&format!("{main},0,0"))?;
        match inc.parse::<f64>() {
            Ok(i) if i.is_finite() && i > 0.0 => Ok(TimeSettings { increment: i, ..ts }),
            _ => Err(format!("bad increment '{inc}'")),
        }
    }

    /// Reads Japanese byo-yomi, `MAIN,PERIOD,PERIODS` (seconds, seconds, count).
    pub fn parse_japanese(s: &str) -> Result<TimeSettings, String> {
        let ts = TimeSettings::parse(s)?;
        if !ts.has_byo() {
            return Err(format!("byo-yomi '{s}' needs a period and periods"));
        }
        Ok(TimeSettings {
            japanese: true,
            ..ts
        })
    }

    /// Whether there is a byo-yomi phase.
    pub fn has_byo(&self) -> bool {
        self.byo > 0.0 && self.stones > 0
    }

    /// Whether this is a Fischer clock.
    pub fn is_fischer(&self) -> bool {
        self.increment > 0.0
    }

    /// The GTP command announcing these settings (whole seconds, rounded up):
    /// `kgs-time_settings byoyomi` for Japanese byo-yomi, `kata-time_settings
    /// fischer` (in seconds as given) for Fischer, `time_settings` else.
    pub fn gtp_command(&self) -> String {
        if self.is_fischer() {
            format!(
                "kata-time_settings fischer {} {}",
                self.main, self.increment
            )
        } else if self.japanese {
            format!(
                "kgs-time_settings byoyomi {} {} {}",
                self.main.ceil() as u64,
                self.byo.ceil() as u64,
                self.stones
            )
        } else if self.has_byo() {
            format!(
                "time_settings {} {} {}",
                self.main.ceil() as u64,
                self.byo.ceil() as u64,
                self.stones
            )
        } else {
            format!("time_settings {} 0 0", self.main.ceil() as u64)
        }
    }
}

/// One player's clock during a game.
#[derive(Clone, Debug)]
pub struct RefereeClock {
    settings: TimeSettings,
    main_left: f64,
    in_byo: bool,
    period_left: f64,
    stones_left: u32,
}

impl RefereeClock {
    /// A full clock.
    pub fn new(settings: TimeSettings) -> RefereeClock {
        RefereeClock {
            settings,
            main_left: settings.main,
            in_byo: settings.main <= 0.0 && settings.has_byo(),
            period_left: settings.byo,
            stones_left: settings.stones,
        }
    }

    /// The arguments of GTP `time_left`: whole seconds left in the current
    /// phase (rounded down) and stones left in the byo-yomi period, or the
    /// periods left in Japanese byo-yomi (0 while in main time).
    pub fn time_left(&self) -> (u64, u32) {
        if self.in_byo {
            (self.period_left.max(0.0).floor() as u64, self.stones_left)
        } else {
            (self.main_left.max(0.0).floor() as u64, 0)
        }
    }

    /// The most time the next move can take without losing, lag allowance
    /// and tolerance included.
    pub fn available(&self) -> f64 {
        let s = &self.settings;
        let base = if s.is_fischer() {
            self.main_left
        } else if s.japanese && self.in_byo {
            f64::from(self.stones_left) * s.byo
        } else if s.japanese {
            self.main_left + f64::from(s.stones) * s.byo
        } else if self.in_byo {
            self.period_left
        } else if s.has_byo() {
            self.main_left + s.byo
        } else {
            self.main_left
        };
        base.max(0.0) + LAG_ALLOWANCE + FLAG_TOLERANCE
    }

    /// Charges a move that took `elapsed` seconds. Returns true when the
    /// player has run out of time.
    pub fn charge(&mut self, elapsed: f64) -> bool {
        let t = (elapsed - LAG_ALLOWANCE).max(0.0);
        if self.settings.is_fischer() {
            self.main_left -= t;
            if self.main_left < -FLAG_TOLERANCE {
                return true;
            }
            // The increment comes after the move; as under absolute time the
            // tolerance is for the whole game (an overrun stays on the clock).
            self.main_left += self.settings.increment;
            return false;
        }
        if self.settings.japanese {
            return self.charge_japanese(t);
        }
        if !self.in_byo {
            self.main_left -= t;
            if self.main_left >= 0.0 {
                return false;
            }
            if !self.settings.has_byo() {
                // The tolerance is for the whole game, not for every move:
                // the clock stays negative.
                return self.main_left < -FLAG_TOLERANCE;
            }
            // Main time ran out during this move: the rest of it comes out of
            // the first byo-yomi period, and it counts as that period's first
            // stone.
            let over = -self.main_left;
            self.main_left = 0.0;
            self.in_byo = true;
            self.period_left = self.settings.byo - over;
            self.stones_left = self.settings.stones;
        } else {
            self.period_left -= t;
        }
        if self.period_left < -FLAG_TOLERANCE {
            return true;
        }
        self.stones_left = self.stones_left.saturating_sub(1);
        if self.stones_left == 0 {
            self.period_left = self.settings.byo;
            self.stones_left = self.settings.stones;
        }
        false
    }
}

impl RefereeClock {
    /// `charge` under Japanese byo-yomi, for a move of `t` seconds (lag
    /// allowance deducted).
    fn charge_japanese(&mut self, mut t: f64) -> bool {
        let byo = self.settings.byo;
        if !self.in_byo {
            self.main_left -= t;
            if self.main_left >= 0.0 {
                return false;
            }
            t = -self.main_left;
            self.main_left = 0.0;
            self.in_byo = true;
        }
        // A move within its period keeps it; each period overrun is lost.
        let lost = if t <= byo {
            0
        } else {
            ((t - byo) / byo).ceil() as u32
        };
        if lost >= self.stones_left {
            if t - f64::from(self.stones_left) * byo > FLAG_TOLERANCE {
                return true;
            }
            self.stones_left = 1;
        } else {
            self.stones_left -= lost;
        }
        self.period_left = byo;
        false
    }
}
