//! A rank other than 0 in a cluster search: it waits for rank 0's jobs, searches each one in
//! its own tree until rank 0 stops it, trading changes with rank 0 meanwhile, and leaves when
//! rank 0 quits, or leaves on its own when rank 0 has been silent for `LEAVE_AFTER_TIMEOUTS`
//! timeouts (rank 0 sends heartbeats even when idle, so that silence means it is gone). It
//! prints nothing on stdout.

use super::hub::HEARTBEATS_PER_TIMEOUT;
use super::message::{Msg, decode_job, share_bytes};
use super::{LEAVE_AFTER_TIMEOUTS, Link, POLL};
use crate::search::exchange::{Changes, Job, Peers, Tally};
use crate::search::{Limits, Searcher};
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How a follower's service ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowerEnd {
    /// Rank 0 ended the session.
    Quit,
    /// Rank 0 fell silent for `LEAVE_AFTER_TIMEOUTS` timeouts: it is gone, and so is this rank.
    RankZeroLost,
}

/// A follower rank: its link to rank 0 and the state of its current search.
pub struct Follower {
    link: Box<dyn Link>,
    search: u64,
    stop: bool,
    /// A job or a quit that arrived during a search, served next.
    pending: Option<Msg>,
    tally: Tally,
    /// Playouts of the other ranks, as rank 0 last said.
    others: u64,
    heard: Instant,
    next_poll: Instant,
    /// Longest silence of rank 0 during a search before this rank stops searching.
    timeout: Duration,
    verbose: bool,
}

impl Follower {
    /// A follower on `link`, giving up a search when rank 0 is silent for `timeout`;
    /// `verbose`: a line per search on stderr.
    pub fn new(link: Box<dyn Link>, timeout: Duration, verbose: bool) -> Follower {
        let now = Instant::now();
        Follower {
            link,
            search: 0,
            stop: false,
            pending: None,
            tally: Tally::default(),
            others: 0,
            heard: now,
            next_poll: now,
            timeout,
            verbose,
        }
    }

    /// This rank.
    pub fn rank(&self) -> usize {
        self.link.rank()
    }

    /// Serves rank 0's searches with `searcher` until rank 0 quits or is lost; then closes
    /// the link (through MPI's finalization when rank 0 asks for it).
    pub fn serve(mut self, searcher: &mut Searcher) -> FollowerEnd {
        warm_up(searcher);
        let finalize = loop {
            match self.next_message() {
                Some(Msg::Start { search, job }) => self.run(searcher, search, &job),
                Some(Msg::Quit { finalize }) => break finalize,
                Some(_) => {} // late messages of a finished search, heartbeats
                None => return self.leave(),
            }
        };
        self.link.close(finalize);
        FollowerEnd::Quit
    }

    /// Whether rank 0 has been silent so long at `now` that it must be gone.
    fn rank_zero_lost(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.heard) > self.timeout * LEAVE_AFTER_TIMEOUTS
    }

    /// Says on stderr that rank 0 is gone and closes the link without MPI's finalization
    /// (which would wait for rank 0).
    fn leave(mut self) -> FollowerEnd {
        note!(
            "rank {}: rank 0 silent for {:.1} s: it is gone, leaving",
            self.rank(),
            self.heard.elapsed().as_secs_f64()
        );
        self.link.close(false);
        FollowerEnd::RankZeroLost
    }

    /// Serves rank 0's work (`cluster::dispatch`: tuning games, book evaluations) until
    /// rank 0 quits: `start` takes each item (its id and body) and gets it done elsewhere
    /// (on a worker thread); each outcome that arrives on `outcomes` with its item's id goes
    /// back to rank 0 in the bytes `encode` makes of it. Meanwhile the rank says it is alive
    /// five times per timeout, however long its work takes. Then closes the link (through
    /// MPI's finalization when rank 0 asks for it); leaves when rank 0 is lost.
    pub fn serve_work<T>(
        mut self,
        mut start: impl FnMut(u64, Vec<u8>),
        outcomes: &Receiver<(u64, T)>,
        encode: impl Fn(&T) -> Vec<u8>,
    ) -> FollowerEnd {
        let beat = self.timeout / HEARTBEATS_PER_TIMEOUT;
        let mut next_beat = Instant::now();
        let finalize = 'serve: loop {
            let mut idle = true;
            while let Some(m) = self.recv() {
                idle = false;
                match m {
                    Msg::Work { id, body } => start(id, body),
                    Msg::Quit { finalize } => break 'serve finalize,
                    _ => {}
                }
            }
            while let Ok((id, outcome)) = outcomes.try_recv() {
                idle = false;
                let body = encode(&outcome);
                let _ = self.link.send(0, Msg::Done { id, body }.encode());
            }
            let now = Instant::now();
            if now >= next_beat {
                let _ = self.link.send(0, Msg::Alive.encode());
                next_beat = now + beat;
            }
            if self.rank_zero_lost(now) {
                return self.leave();
            }
            if idle {
                std::thread::sleep(POLL);
            }
        };
        self.link.flush(Instant::now() + self.timeout);
        self.link.close(finalize);
        FollowerEnd::Quit
    }

    /// Serves rank 0's work on `threads` threads of its own (through `serve_work`): `read`
    /// takes an item's bytes apart (an item it refuses goes back as its error), and each
    /// thread runs `worker` over the items it is handed with their ids, sending each outcome
    /// with its item's id; `encode` makes an outcome's bytes.
    pub fn serve_on_threads<R, T>(
        self,
        threads: usize,
        read: impl Fn(&[u8]) -> Result<R, String>,
        worker: impl Fn(Receiver<(u64, R)>, Sender<(u64, Result<T, String>)>) + Clone + Send + 'static,
        encode: impl Fn(&Result<T, String>) -> Vec<u8>,
    ) -> FollowerEnd
    where
        R: Send + 'static,
        T: Send + 'static,
    {
        let (jobs_tx, jobs_rx) = unbounded::<(u64, R)>();
        let (out_tx, out_rx) = unbounded::<(u64, Result<T, String>)>();
        for _ in 0..threads.max(1) {
            let (jobs, tx, worker) = (jobs_rx.clone(), out_tx.clone(), worker.clone());
            // Not joined: when rank 0 quits, the work still being done is of no use.
            std::thread::spawn(move || worker(jobs, tx));
        }
        let start = |id: u64, body: Vec<u8>| match read(&body) {
            Ok(item) => {
                let _ = jobs_tx.send((id, item));
            }
            Err(e) => {
                let _ = out_tx.send((id, Err(e)));
            }
        };
        self.serve_work(start, &out_rx, encode)
    }

    /// The next message from rank 0, waiting as long as it takes; `None` when rank 0 is lost.
    fn next_message(&mut self) -> Option<Msg> {
        if let Some(m) = self.pending.take() {
            return Some(m);
        }
        loop {
            if let Some(m) = self.recv() {
                return Some(m);
            }
            if self.rank_zero_lost(Instant::now()) {
                return None;
            }
            std::thread::sleep(POLL);
        }
    }

    /// The next message that has arrived, if any (malformed ones are reported and skipped).
    fn recv(&mut self) -> Option<Msg> {
        while let Some((from, bytes)) = self.link.try_recv() {
            if from != 0 {
                continue;
            }
            self.heard = Instant::now();
            match Msg::decode(&bytes) {
                Ok(m) => return Some(m),
                Err(e) => note!("rank {}: a bad message ({e})", self.rank()),
            }
        }
        None
    }

    /// Searches job `search` until rank 0 stops it.
    fn run(&mut self, searcher: &mut Searcher, search: u64, job: &[u8]) {
        self.search = search;
        self.stop = false;
        self.others = 0;
        self.tally.clear();
        self.heard = Instant::now();
        // At once, so that rank 0 hears from this rank even before its first trade.
        let _ = self
            .link
            .send(0, share_bytes(false, search, 0, &Changes::default()));
        let job = match decode_job(job) {
            Ok(j) => j,
            Err(e) => {
                note!("rank {}: cannot follow search {search}: {e}", self.rank());
                let _ = self
                    .link
                    .send(0, share_bytes(true, search, 0, &Changes::default()));
                return;
            }
        };
        if *searcher.params() != job.params {
            searcher.set_params(job.params.clone());
        }
        searcher.set_komi_offset(job.komi_offset);
        searcher.set_engine(job.engine);
        let limits = Limits {
            playouts: Some(u64::MAX),
            ..Limits::default()
        };
        let r = searcher.search_among(
            &job.game,
            job.to_play,
            &limits,
            &AtomicBool::new(false),
            self,
        );
        if self.verbose {
            note!(
                "rank {}: search {search}: {} playouts in {:.2}s, changes missed {}",
                self.rank(),
                r.playouts - r.peer_playouts,
                r.elapsed.as_secs_f64(),
                r.trades.missed
            );
        }
    }

    /// Takes in what rank 0 sent during the search.
    fn poll(&mut self) {
        while let Some(m) = self.recv() {
            match m {
                Msg::Share {
                    search,
                    playouts,
                    changes,
                } if search == self.search => {
                    self.tally.add(&changes);
                    self.others = playouts;
                }
                Msg::Stop { search } if search == self.search => self.stop = true,
                m @ (Msg::Start { .. } | Msg::Quit { .. }) => {
                    self.pending = Some(m);
                    self.stop = true;
                }
                _ => {}
            }
        }
    }
}

/// Runs a few playouts on 9x9 and 19x19, so that the tables built on first use (patterns,
/// fuseki) are ready before the first search: a rank busy building them for a second
/// would look lost.
fn warm_up(searcher: &mut Searcher) {
    let limits = Limits {
        playouts: Some(64),
        ..Limits::default()
    };
    for size in [9, 19] {
        let game = crate::board::Game::new(size, 7.5);
        searcher.search(
            &game,
            crate::board::Color::Black,
            &limits,
            &AtomicBool::new(false),
        );
    }
    searcher.clear();
}

impl Peers for Follower {
    fn begin(&mut self, _: &Job) {}

    fn stopped(&mut self, now: Instant) -> bool {
        if now >= self.next_poll && !self.stop {
            self.next_poll = now + POLL;
            self.poll();
            if now.saturating_duration_since(self.heard) > self.timeout {
                note!(
                    "rank {}: rank 0 silent for {:.1} s, search {} stopped",
                    self.rank(),
                    now.saturating_duration_since(self.heard).as_secs_f64(),
                    self.search
                );
                self.stop = true;
            }
        }
        self.stop
    }

    fn trade(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        let bytes = share_bytes(false, self.search, playouts, mine);
        if self.link.send(0, bytes).is_err() {
            self.stop = true;
        }
        self.poll();
        self.tally.without(&Changes::default(), theirs);
        self.tally.clear();
    }

    fn end(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        let _ = self
            .link
            .send(0, share_bytes(true, self.search, playouts, mine));
        theirs.clear();
    }

    fn playouts(&self) -> u64 {
        self.others
    }
}
