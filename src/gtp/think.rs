//! What the engine shows while it thinks: observers of a running search, each called at its
//! own interval with a snapshot. Besides analysis output (`analyze.rs`), a move generation
//! writes a progress line on stderr every second (not with `--quiet`) and, when switched on,
//! GoGui's live graphics (`gogui-gfx:` blocks on stderr).

use super::Session;
use super::response::gfx_text;
use crate::board::{Board, Color};
use crate::engine::{GenMode, GenMove};
use crate::search::{ProgressCallback, SearchResult};
use std::time::{Duration, Instant};

/// Seconds between progress lines.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

/// Seconds between live graphics.
const GFX_INTERVAL: Duration = Duration::from_millis(500);

/// Moves of the principal variation a progress line shows.
const PROGRESS_PV: usize = 10;

/// What is shown on stderr while the engine thinks (GoGui's `moyo-display` parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display {
    /// A progress line every second during move generation.
    pub progress: bool,
    /// GoGui's live graphics (`gogui-gfx:` blocks) during any search.
    pub live_gfx: bool,
}

/// One observer: its interval, when it is due next, and what it does with a snapshot.
struct Watcher<'a> {
    interval: Duration,
    next: Instant,
    report: Box<dyn FnMut(&SearchResult) + 'a>,
}

/// Observers of one search, each called at its own interval (the first time one interval
/// after they were added).
#[derive(Default)]
pub(super) struct Watchers<'a> {
    list: Vec<Watcher<'a>>,
}

impl<'a> Watchers<'a> {
    /// No observers.
    pub(super) fn new() -> Watchers<'a> {
        Watchers::default()
    }

    /// Adds an observer called every `interval`.
    pub(super) fn add(&mut self, interval: Duration, report: impl FnMut(&SearchResult) + 'a) {
        self.list.push(Watcher {
            interval,
            next: Instant::now() + interval,
            report: Box::new(report),
        });
    }

    /// Adds the displays `display` switches on for a search of `board` for `color`: live
    /// graphics, and with `progress` also the progress line.
    fn add_displays(&mut self, display: Display, board: &Board, color: Color, progress: bool) {
        if progress && display.progress {
            let b = board.clone();
            self.add(PROGRESS_INTERVAL, move |r| {
                crate::diag!("moyo: {}", progress_line(&b, r));
            });
        }
        if display.live_gfx {
            let b = board.clone();
            self.add(GFX_INTERVAL, move |r| {
                let block = format!("gogui-gfx:\n{}\n\n", gfx_text(&b, color, r));
                crate::sys::stderr::write(block);
            });
        }
    }

    /// Runs `search` with the observers as its progress callback (none when there are none).
    fn run<T>(&mut self, search: impl FnOnce(Option<ProgressCallback>) -> T) -> T {
        let Some(interval) = self.list.iter().map(|w| w.interval).min() else {
            return search(None);
        };
        let mut call = |r: &SearchResult| {
            let now = Instant::now();
            for w in &mut self.list {
                if now >= w.next {
                    w.next = now + w.interval;
                    (w.report)(r);
                }
            }
        };
        search(Some((interval, &mut call)))
    }
}

/// Generates a move for `color` with the session's displays and `watchers` (analysis output)
/// observing the search.
pub(super) fn generate(
    s: &mut Session,
    color: Color,
    mode: GenMode,
    mut watchers: Watchers,
) -> GenMove {
    watchers.add_displays(s.display, s.engine.board(), color, true);
    let g = watchers.run(|p| s.engine.generate_with(color, mode, p));
    end_displays(s);
    g
}

/// Analyses the position for `color` (see `Engine::analyze`) with the session's live
/// graphics and `watchers` observing the search.
pub(super) fn analyze(
    s: &mut Session,
    color: Color,
    bounded: bool,
    mut watchers: Watchers,
) -> SearchResult {
    watchers.add_displays(s.display, s.engine.board(), color, false);
    let r = watchers.run(|p| s.engine.analyze(color, bounded, p));
    end_displays(s);
    r
}

/// Clears the live graphics before the response, as GoGui asks.
fn end_displays(s: &Session) {
    if s.display.live_gfx {
        crate::diag!("gogui-gfx: CLEAR");
    }
}

/// One progress line: time, playouts and their rate, the best move, its win rate and visits,
/// and the principal variation.
fn progress_line(b: &Board, r: &SearchResult) -> String {
    let secs = r.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        r.playouts as f64 / secs
    } else {
        0.0
    };
    let mut line = format!("{secs:.1}s {} playouts ({rate:.0}/s)", r.playouts);
    if let Some(best) = r.candidates.first() {
        let pv: Vec<String> = best
            .pv
            .iter()
            .take(PROGRESS_PV)
            .map(|&m| b.move_string(m))
            .collect();
        line.push_str(&format!(
            ", best {} {:.1}% ({} visits), pv {}",
            b.move_string(best.mv),
            best.winrate * 100.0,
            best.visits,
            pv.join(" ")
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MoveStat;

    #[test]
    fn watchers_run_at_their_intervals() {
        let mut fast = 0;
        let mut slow = 0;
        let mut w = Watchers::new();
        w.add(Duration::ZERO, |_| fast += 1);
        w.add(Duration::from_secs(3600), |_| slow += 1);
        let got = w.run(|p| {
            let (interval, f) = p.unwrap();
            assert_eq!(interval, Duration::ZERO);
            for _ in 0..3 {
                f(&SearchResult::default());
            }
            7
        });
        assert_eq!(got, 7);
        drop(w);
        assert_eq!((fast, slow), (3, 0));
        assert!(Watchers::new().run(|p| p.is_none()));
    }

    #[test]
    fn progress_line_shows_the_best_move() {
        let b = Board::new(9);
        let e5 = b.parse_move("E5").unwrap();
        let r = SearchResult {
            candidates: vec![MoveStat::new(e5, 40, 0.55)],
            playouts: 50,
            elapsed: Duration::from_millis(500),
            ..SearchResult::default()
        };
        assert_eq!(
            progress_line(&b, &r),
            "0.5s 50 playouts (100/s), best E5 55.0% (40 visits), pv E5"
        );
    }
}
