//! Rank 0's searches as peers of the others': each search starts them on the same job, each
//! trade sums everyone's changes and hands each rank the others', and the end collects their
//! last changes for a short while before the move is chosen on the summed root.

use super::hub::Hub;
use super::message::{Msg, encode_job, share_bytes};
use crate::search::exchange::{Changes, Job, Peers, Tally};
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Another rank's part in the current search.
#[derive(Clone, Debug, Default)]
struct Part {
    /// Told to search it.
    joined: bool,
    /// Sent its last changes.
    done: bool,
    playouts: u64,
    /// Changes received since the last trade.
    got: Changes,
}

/// Rank 0's peers: the followers, through the hub.
pub struct Leader {
    hub: Arc<Mutex<Hub>>,
    search: u64,
    parts: Vec<Part>,
    tally: Tally,
    out: Changes,
    /// Longest wait for the followers' last changes at the end of a search.
    final_wait: Duration,
    verbose: bool,
}

impl Leader {
    /// Peers for rank 0's searcher over `hub`, waiting up to `final_wait` for the last changes;
    /// `verbose`: a line per search on stderr with each rank's playouts.
    pub fn new(hub: Arc<Mutex<Hub>>, final_wait: Duration, verbose: bool) -> Leader {
        let n = hub.lock().size();
        Leader {
            hub,
            search: 0,
            parts: vec![Part::default(); n],
            tally: Tally::default(),
            out: Changes::default(),
            final_wait,
            verbose,
        }
    }

    /// Takes in the messages that have arrived: changes of the current search (late ones of
    /// earlier searches are dropped).
    fn absorb(&mut self, hub: &mut Hub) {
        while let Some((r, msg)) = hub.recv() {
            let (search, playouts, changes, last) = match msg {
                Msg::Share {
                    search,
                    playouts,
                    changes,
                } => (search, playouts, changes, false),
                Msg::Last {
                    search,
                    playouts,
                    changes,
                } => (search, playouts, changes, true),
                _ => continue,
            };
            let p = &mut self.parts[r];
            if search != self.search || !p.joined || p.done {
                continue;
            }
            p.got.extend_from(&changes);
            p.playouts = playouts;
            p.done = last;
        }
    }

    /// Whether rank `r` takes part in the search and may still send.
    fn running(&self, hub: &Hub, r: usize) -> bool {
        self.parts[r].joined && !self.parts[r].done && hub.alive(r)
    }

    /// Sums `mine` and every rank's changes received since the last trade into the tally.
    fn tally_all(&mut self, mine: &Changes) {
        self.tally.clear();
        self.tally.add(mine);
        for p in &mut self.parts {
            self.tally.add(&p.got);
        }
    }
}

impl Peers for Leader {
    fn begin(&mut self, job: &Job) {
        let hub = self.hub.clone();
        let mut hub = hub.lock();
        self.absorb(&mut hub);
        hub.check(Instant::now());
        self.search += 1;
        let bytes = Msg::Start {
            search: self.search,
            job: encode_job(job),
        }
        .encode();
        for r in 1..self.parts.len() {
            self.parts[r] = Part {
                joined: hub.alive(r),
                got: std::mem::take(&mut self.parts[r].got),
                ..Part::default()
            };
            self.parts[r].got.clear();
            if self.parts[r].joined {
                hub.send(r, bytes.clone());
            }
        }
    }

    fn stopped(&mut self, _: Instant) -> bool {
        false
    }

    fn trade(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        let hub = self.hub.clone();
        let mut hub = hub.lock();
        self.absorb(&mut hub);
        self.tally_all(mine);
        self.tally.without(mine, theirs);
        let everyone = playouts + self.playouts();
        for r in 1..self.parts.len() {
            if self.running(&hub, r) {
                self.tally.without(&self.parts[r].got, &mut self.out);
                let others = everyone - self.parts[r].playouts;
                hub.send(r, share_bytes(false, self.search, others, &self.out));
            }
            self.parts[r].got.clear();
        }
        hub.check(Instant::now());
    }

    fn end(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        let hub = self.hub.clone();
        let mut hub = hub.lock();
        let stop = Msg::Stop {
            search: self.search,
        }
        .encode();
        for r in 1..self.parts.len() {
            if self.running(&hub, r) {
                hub.send(r, stop.clone());
            }
        }
        let deadline = Instant::now() + self.final_wait;
        loop {
            self.absorb(&mut hub);
            let waiting = (1..self.parts.len()).any(|r| self.running(&hub, r));
            if !waiting || Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        self.tally_all(&Changes::default());
        self.tally.without(&Changes::default(), theirs);
        for p in &mut self.parts {
            p.got.clear();
        }
        hub.check(Instant::now());
        if self.verbose {
            let ranks: Vec<String> = (1..self.parts.len())
                .map(|r| match (hub.alive(r), self.parts[r].done) {
                    (false, _) => format!("rank {r} lost"),
                    (true, false) => format!("rank {r} {} (late)", self.parts[r].playouts),
                    (true, true) => format!("rank {r} {}", self.parts[r].playouts),
                })
                .collect();
            note!("cluster: rank 0 {playouts} playouts, {}", ranks.join(", "));
        }
        // `mine` is not sent: the search is over.
        let _ = mine;
    }

    fn playouts(&self) -> u64 {
        self.parts.iter().map(|p| p.playouts).sum()
    }
}
