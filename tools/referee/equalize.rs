//! Equal time by playouts: engine B plays a fixed number of playouts a move (`{N}` in its
//! command line), and N is re-set after each game so that B's average seconds a move match
//! A's over the last games. A peer on fixed playouts (Pachi's `-t =N`) then gets the same
//! time as a timed engine however fast the machine runs this hour.
//!
//! This file depends on nothing but `std` so tests can include it directly.

use std::collections::VecDeque;

/// The placeholder in engine B's command line that stands for its playouts a move.
pub const PLACEHOLDER: &str = "{N}";

/// N never moves by more than this factor, up or down, from one game to the next: the
/// first games' few moves are a noisy measure.
pub const MAX_STEP: f64 = 1.25;

/// A new N closer than this share to the current one is not worth restarting B for.
pub const DEAD_BAND: f64 = 0.02;

/// One finished game's time as the equalizer sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct GameTimes {
    a_secs: f64,
    a_moves: u64,
    b_secs: f64,
    b_moves: u64,
    /// B's moves times the N it played them at: the playouts it was asked for.
    b_playouts: f64,
}

/// Keeps N for engine B from the time both engines took in the last `window` games.
#[derive(Clone, Debug)]
pub struct Equalizer {
    n: u64,
    window: usize,
    recent: VecDeque<GameTimes>,
}

impl Equalizer {
    /// Starts at `n` playouts a move, judging by the last `window` games (at least 1).
    pub fn new(n: u64, window: usize) -> Equalizer {
        Equalizer {
            n: n.max(1),
            window: window.max(1),
            recent: VecDeque::new(),
        }
    }

    /// B's playouts a move for the next game.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Sets B's playouts a move, as a resumed match's last game had them.
    pub fn set_n(&mut self, n: u64) {
        self.n = n.max(1);
    }

    /// B's command line for the next game: `template` with the placeholder replaced by N.
    pub fn command(&self, template: &str) -> String {
        template.replace(PLACEHOLDER, &self.n.to_string())
    }

    /// A's and B's average seconds a move over the window (0 without moves).
    pub fn averages(&self) -> (f64, f64) {
        let t = self.totals();
        let avg = |secs: f64, moves: u64| if moves > 0 { secs / moves as f64 } else { 0.0 };
        (avg(t.a_secs, t.a_moves), avg(t.b_secs, t.b_moves))
    }

    /// The window's games added up.
    fn totals(&self) -> GameTimes {
        let mut t = GameTimes::default();
        for g in &self.recent {
            t.a_secs += g.a_secs;
            t.a_moves += g.a_moves;
            t.b_secs += g.b_secs;
            t.b_moves += g.b_moves;
            t.b_playouts += g.b_playouts;
        }
        t
    }

    /// Records a game played at the current N (seconds and answered moves of each engine)
    /// and returns the N for the next one: A's average seconds a move divided by B's
    /// seconds a playout, both over the window, at most `MAX_STEP` away from the current N,
    /// to three significant digits, and unchanged within `DEAD_BAND`.
    pub fn record(&mut self, a_secs: f64, a_moves: u64, b_secs: f64, b_moves: u64) -> u64 {
        if !(a_secs.is_finite() && b_secs.is_finite()) || a_secs < 0.0 || b_secs < 0.0 {
            return self.n;
        }
        self.recent.push_back(GameTimes {
            a_secs,
            a_moves,
            b_secs,
            b_moves,
            b_playouts: b_moves as f64 * self.n as f64,
        });
        while self.recent.len() > self.window {
            self.recent.pop_front();
        }
        let t = self.totals();
        if t.a_moves == 0 || t.b_playouts <= 0.0 || t.b_secs <= 0.0 || t.a_secs <= 0.0 {
            return self.n;
        }
        let target = (t.a_secs / t.a_moves as f64) / (t.b_secs / t.b_playouts);
        let now = self.n as f64;
        let next = round_sig(target.clamp(now / MAX_STEP, now * MAX_STEP), 3).max(1.0);
        if (next - now).abs() >= DEAD_BAND * now {
            self.n = next as u64;
        }
        self.n
    }
}

/// `x` rounded to `digits` significant digits.
fn round_sig(x: f64, digits: i32) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(digits - 1 - x.log10().floor() as i32);
    (x * scale).round() / scale
}
