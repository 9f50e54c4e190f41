//! When a timed search stops: at its budget, later while the best move is unstable (the
//! most-visited move is not the best valued), earlier once the best move can no longer be
//! overtaken in the time left.

use super::Limits;
use super::tree::Tree;
use crate::params::Params;
use std::time::{Duration, Instant};

/// How often the root is examined.
const CHECK_EVERY: Duration = Duration::from_millis(5);

/// A challenger must have this share of the leader's visits for its better value to count as
/// instability.
const CHALLENGER_SHARE: f32 = 0.5;

/// Fewest root visits before the early stop is trusted.
const EARLY_MIN_VISITS: u32 = 100;

/// The stopping rule of one search.
pub struct TimePolicy {
    start: Instant,
    target: Option<Duration>,
    max: Duration,
    early_stop: bool,
    next_check: Instant,
    next_progress: Instant,
    /// Root visits when the search started (kept from earlier searches).
    visits_at_start: u32,
}

/// The leaders at the root: the most-visited move's visits and value, the runner-up's visits,
/// and whether a well-visited challenger has a better value than the leader.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Leaders {
    pub first: u32,
    pub second: u32,
    pub unstable: bool,
}

impl Leaders {
    /// Reads the root children of `tree`.
    pub fn of(tree: &Tree) -> Leaders {
        let mut best = (0u32, 0.0f32);
        let mut second = 0u32;
        for i in tree.children(tree.root()) {
            let n = tree.node(i);
            if n.excluded() {
                continue;
            }
            let o = n.online();
            if o.visits > best.0 {
                second = best.0;
                best = (o.visits, o.wins as f32 / o.visits as f32);
            } else if o.visits > second {
                second = o.visits;
            }
        }
        let unstable = best.0 > 0
            && tree.children(tree.root()).any(|i| {
                let o = tree.node(i).online();
                o.visits < best.0
                    && o.visits as f32 >= CHALLENGER_SHARE * best.0 as f32
                    && o.wins as f32 / o.visits as f32 > best.1
            });
        Leaders {
            first: best.0,
            second,
            unstable,
        }
    }
}

impl TimePolicy {
    /// The rule for a search started at `start` under `limits`.
    pub fn new(start: Instant, limits: &Limits, params: &Params) -> TimePolicy {
        let max = match (limits.time, limits.max_time) {
            (Some(t), Some(m)) => m.max(t),
            (Some(t), None) => t,
            _ => Duration::MAX,
        };
        TimePolicy {
            start,
            target: limits.time,
            max,
            early_stop: params.time_early_stop,
            next_check: start,
            next_progress: start,
            visits_at_start: 0,
        }
    }

    /// Notes the root visits the search started with.
    pub fn set_visits_at_start(&mut self, v: u32) {
        self.visits_at_start = v;
    }

    /// Whether a progress report is due at `now` (then the next one is `interval` later).
    pub fn progress_due(&mut self, now: Instant, interval: Duration) -> bool {
        if now < self.next_progress {
            return false;
        }
        self.next_progress = now + interval;
        true
    }

    /// Whether the search should stop at `now`.
    pub fn should_stop(&mut self, tree: &Tree, now: Instant) -> bool {
        let Some(target) = self.target else {
            return false;
        };
        if now < self.next_check {
            return false;
        }
        self.next_check = now + CHECK_EVERY;
        let elapsed = now - self.start;
        if elapsed >= self.max {
            return true;
        }
        let leaders = Leaders::of(tree);
        if elapsed >= target {
            return !leaders.unstable;
        }
        if !self.early_stop || leaders.first < EARLY_MIN_VISITS || elapsed < target / 10 {
            return false;
        }
        // Visits still to come at the rate so far: if even all of them went to the runner-up
        // it would not catch up.
        let done = tree
            .node(tree.root())
            .online()
            .visits
            .saturating_sub(self.visits_at_start);
        let rate = f64::from(done) / elapsed.as_secs_f64();
        let to_come = rate * (target - elapsed).as_secs_f64();
        f64::from(leaders.first - leaders.second) > to_come
    }
}

#[cfg(test)]
mod tests {
    use super::super::tree::ONE_VISIT;
    use super::*;

    /// A tree whose root has children with these (visits, wins).
    fn tree_with(stats: &[(u32, u32)]) -> Tree {
        let mut t = Tree::new(64);
        t.reset();
        t.node(0).try_claim();
        let moves: Vec<u16> = (0..stats.len() as u16).collect();
        t.expand(0, &moves, &vec![0.5; stats.len()], &[]);
        let mut total = 0;
        for (i, &(v, w)) in t.children(0).zip(stats) {
            t.node(i).add(ONE_VISIT * u64::from(v) + u64::from(w));
            total += u64::from(v);
        }
        t.node(0).add(ONE_VISIT * total);
        t
    }

    #[test]
    fn leaders_and_instability() {
        let t = tree_with(&[(100, 60), (40, 30), (10, 9)]);
        let l = Leaders::of(&t);
        assert_eq!((l.first, l.second), (100, 40));
        // 40 < half of 100: the better value of the runner-up does not count.
        assert!(!l.unstable);
        let t = tree_with(&[(100, 60), (60, 45)]);
        assert!(Leaders::of(&t).unstable);
    }

    fn limits(ms: u64, max_ms: u64) -> Limits {
        Limits {
            playouts: None,
            time: Some(Duration::from_millis(ms)),
            max_time: Some(Duration::from_millis(max_ms)),
        }
    }

    #[test]
    fn stops_at_target_unless_unstable_then_at_max() {
        let p = Params::default();
        let start = Instant::now();
        let ms = |m| start + Duration::from_millis(m);
        let stable = tree_with(&[(100, 60), (60, 30)]);
        let unstable = tree_with(&[(100, 60), (60, 45)]);
        let mut tp = TimePolicy::new(start, &limits(1000, 2500), &p);
        assert!(!tp.should_stop(&unstable, ms(10)));
        assert!(!tp.should_stop(&unstable, ms(1000)));
        assert!(!tp.should_stop(&unstable, ms(2000)));
        assert!(tp.should_stop(&unstable, ms(2500)));
        let mut tp = TimePolicy::new(start, &limits(1000, 2500), &p);
        assert!(tp.should_stop(&stable, ms(1001)));
    }

    #[test]
    fn early_stop_when_the_leader_cannot_be_caught() {
        let mut p = Params::default();
        let start = Instant::now();
        let at = start + Duration::from_millis(500);
        // 1100 visits in 0.5 s: 1100 more to come; the lead is 1000 - 100 = 900 < 1100.
        let close = tree_with(&[(1000, 600), (100, 50)]);
        let mut tp = TimePolicy::new(start, &limits(1000, 1000), &p);
        assert!(!tp.should_stop(&close, at));
        // Lead 2000 - 100 > 2100 * ... : 2100 visits in 0.5 s, 2100 to come, lead 1900: go on;
        // at 0.9 s only 233 more would come.
        let far = tree_with(&[(2000, 1200), (100, 50)]);
        let mut tp = TimePolicy::new(start, &limits(1000, 1000), &p);
        assert!(!tp.should_stop(&far, at));
        assert!(tp.should_stop(&far, start + Duration::from_millis(900)));
        // Switched off: runs to the target.
        p.time_early_stop = false;
        let mut tp = TimePolicy::new(start, &limits(1000, 1000), &p);
        assert!(!tp.should_stop(&far, start + Duration::from_millis(900)));
    }
}
