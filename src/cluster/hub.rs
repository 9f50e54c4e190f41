//! Rank 0's view of the other ranks: sending, receiving, and which ranks still answer. A
//! rank that leaves a message unanswered for the timeout is reported on stderr once and
//! left out from then on; nothing waits for it.

use super::Link;
use super::message::Msg;
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Heartbeats in each `cluster_timeout_ms`, both ways: rank 0's, sent even while it waits for
/// a GTP command, so that the followers can tell when it is gone; and a working follower's,
/// so that rank 0 can tell it is busy, not lost.
pub(super) const HEARTBEATS_PER_TIMEOUT: u32 = 5;

/// Silences of `cluster_timeout_ms` after which a follower decides that rank 0 is gone and
/// leaves (rank 0 beats `HEARTBEATS_PER_TIMEOUT` times in each, whatever it is doing).
pub const LEAVE_AFTER_TIMEOUTS: u32 = 10;

/// Sends rank 0's heartbeat through `hub` every `period` on a thread of its own, until the
/// session ends (`Hub::quit`) or the hub is dropped.
fn start_heartbeat(hub: &Arc<Mutex<Hub>>, period: Duration) {
    let hub = Arc::downgrade(hub);
    let spawned = std::thread::Builder::new()
        .name("cluster-heartbeat".into())
        .spawn(move || {
            loop {
                std::thread::sleep(period);
                match hub.upgrade() {
                    Some(h) if h.lock().beat() => {}
                    _ => break,
                }
            }
        });
    if let Err(e) = spawned {
        note!("no heartbeat thread ({e}): idle followers may leave");
    }
}

/// One other rank as rank 0 sees it.
#[derive(Clone, Copy, Debug)]
struct Rank {
    alive: bool,
    /// Since when a message to it has been waiting for any answer.
    awaiting: Option<Instant>,
}

/// Rank 0's side of the message passing.
pub struct Hub {
    link: Box<dyn Link>,
    ranks: Vec<Rank>,
    timeout: Duration,
    lost: usize,
    /// Set by `quit`: nothing more is sent.
    closed: bool,
}

impl Hub {
    /// The hub over `link` (rank 0's), giving up on a rank silent for `timeout`; rank 0 leads
    /// through `shared`, which also starts its heartbeat.
    fn new(link: Box<dyn Link>, timeout: Duration) -> Hub {
        let rank = Rank {
            alive: true,
            awaiting: None,
        };
        Hub {
            ranks: vec![rank; link.size()],
            link,
            timeout,
            lost: 0,
            closed: false,
        }
    }

    /// The hub over `link`, shared, with rank 0's heartbeat started: how rank 0 leads.
    pub fn shared(link: Box<dyn Link>, timeout: Duration) -> Arc<Mutex<Hub>> {
        let hub = Arc::new(Mutex::new(Hub::new(link, timeout)));
        start_heartbeat(&hub, timeout / HEARTBEATS_PER_TIMEOUT);
        hub
    }

    /// Number of ranks, rank 0 and lost ones included.
    pub fn size(&self) -> usize {
        self.ranks.len()
    }

    /// Whether rank `r` (not 0) still answers.
    pub fn alive(&self, r: usize) -> bool {
        r > 0 && self.ranks.get(r).is_some_and(|k| k.alive)
    }

    /// Ranks given up on so far.
    pub fn lost(&self) -> usize {
        self.lost
    }

    /// Sends `bytes` (a message's byte form) to rank `r` if it still answers; an answer is
    /// then awaited.
    pub fn send(&mut self, r: usize, bytes: Vec<u8>) {
        if !self.alive(r) {
            return;
        }
        if let Err(e) = self.link.send(r, bytes) {
            self.give_up(r, &format!("cannot be reached ({e})"));
            return;
        }
        self.expect(r, Instant::now());
    }

    /// Awaits an answer from rank `r` from `now` on, unless one is awaited already: if it
    /// stays silent for the timeout, `check` gives up on it. For a rank that owes results
    /// but has been sent nothing lately.
    pub fn expect(&mut self, r: usize, now: Instant) {
        if self.alive(r) {
            self.ranks[r].awaiting.get_or_insert(now);
        }
    }

    /// The next message that has arrived from a rank that still answers (which counts as
    /// its answer); malformed ones are reported and skipped.
    pub fn recv(&mut self) -> Option<(usize, Msg)> {
        while let Some((r, bytes)) = self.link.try_recv() {
            if !self.alive(r) {
                continue;
            }
            self.ranks[r].awaiting = None;
            match Msg::decode(&bytes) {
                Ok(m) => return Some((r, m)),
                Err(e) => note!("rank {r} sent a bad message ({e}); ignored"),
            }
        }
        None
    }

    /// Gives up on every rank that has left a message unanswered for the timeout at `now`.
    pub fn check(&mut self, now: Instant) {
        for r in 1..self.ranks.len() {
            let k = self.ranks[r];
            if let (true, Some(t)) = (k.alive, k.awaiting)
                && now.saturating_duration_since(t) > self.timeout
            {
                let silent = format!(
                    "has not answered for {:.1} s",
                    now.saturating_duration_since(t).as_secs_f64()
                );
                self.give_up(r, &silent);
            }
        }
    }

    fn give_up(&mut self, r: usize, why: &str) {
        self.ranks[r].alive = false;
        self.lost += 1;
        self.link.forget(r);
        let left = self.ranks.len() - self.lost;
        note!(
            "rank {r} {why}: playing on without it ({left} of {} ranks left)",
            self.ranks.len()
        );
    }

    /// Tells every rank that still answers that rank 0 is alive (`Msg::Alive`, which needs
    /// no answer), so that an idle follower can tell a quiet rank 0 from a dead one; false
    /// once the session has ended.
    pub fn beat(&mut self) -> bool {
        if self.closed {
            return false;
        }
        let bytes = Msg::Alive.encode();
        for r in 1..self.ranks.len() {
            if self.alive(r)
                && let Err(e) = self.link.send(r, bytes.clone())
            {
                self.give_up(r, &format!("cannot be reached ({e})"));
            }
        }
        true
    }

    /// Ends the session: tells every other rank to quit (through MPI's finalization only when
    /// no rank was lost, since it waits for all), waits a moment for the messages to leave,
    /// and closes the link.
    pub fn quit(&mut self) {
        if self.closed {
            return;
        }
        self.closed = true;
        let finalize = self.lost == 0;
        let bytes = Msg::Quit { finalize }.encode();
        for r in 1..self.ranks.len() {
            // A rank given up on may only be slow: tell it too, and expect nothing back.
            let _ = self.link.send(r, bytes.clone());
        }
        self.link.flush(Instant::now() + Duration::from_secs(2));
        self.link.close(finalize);
    }
}
