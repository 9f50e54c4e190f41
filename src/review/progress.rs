//! The progress of a review on stderr: on a terminal a bar redrawn in place (positions done
//! of those to analyse, elapsed time, time left); otherwise a plain line at most every few
//! seconds and at the end, for logs.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Seconds between the plain lines written when stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// Width of the bar, in characters.
const BAR: usize = 30;

/// A review's progress display.
pub(super) struct ReviewProgress {
    total: usize,
    done: usize,
    start: Instant,
    last: Option<Instant>,
    terminal: bool,
    quiet: bool,
}

impl ReviewProgress {
    /// ReviewProgress through `total` positions; nothing shown when `quiet` or when there is
    /// nothing to do.
    pub(super) fn new(total: usize, quiet: bool) -> ReviewProgress {
        ReviewProgress {
            total,
            done: 0,
            start: Instant::now(),
            last: None,
            terminal: std::io::stderr().is_terminal(),
            quiet: quiet || total == 0,
        }
    }

    /// One more position done.
    pub(super) fn advance(&mut self) {
        self.done += 1;
        let now = Instant::now();
        let due = self.terminal || self.last.is_none_or(|t| now - t >= LINE_EVERY);
        if due && self.done < self.total {
            self.show(now);
        }
    }

    /// The last state, and the end of the bar's line.
    pub(super) fn finish(&mut self) {
        self.show(Instant::now());
        if self.terminal && !self.quiet {
            crate::sys::stderr::write("\n".into());
        }
    }

    fn show(&mut self, now: Instant) {
        if self.quiet {
            return;
        }
        self.last = Some(now);
        let elapsed = now - self.start;
        let left = if self.done == 0 {
            "?".to_string()
        } else {
            let per = elapsed.as_secs_f64() / self.done as f64;
            clock((per * (self.total - self.done) as f64) as u64)
        };
        let text = format!(
            "{}/{} positions, {} elapsed, {left} left",
            self.done,
            self.total,
            clock(elapsed.as_secs())
        );
        if self.terminal {
            let filled = BAR * self.done / self.total.max(1);
            crate::sys::stderr::write(format!(
                "\r[{}{}] {text}   ",
                "#".repeat(filled),
                ".".repeat(BAR - filled)
            ));
        } else {
            crate::diag!("moyo review: {text}");
        }
    }
}

/// Seconds as `m:ss` (or `h:mm:ss`).
fn clock(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clocks_read_as_minutes_and_hours() {
        assert_eq!(super::clock(0), "0:00");
        assert_eq!(super::clock(75), "1:15");
        assert_eq!(super::clock(3 * 3600 + 62), "3:01:02");
    }
}
