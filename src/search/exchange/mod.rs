//! The search's side of MoGo's cluster parallelization (Gelly et al. 2008, Bourki et al.
//! 2010): several searchers, each growing its own tree of one position, trade at a fixed
//! interval (`cluster_interval_ms`) what the nodes near the root gained since the last trade,
//! so nothing is counted twice, and the move is chosen on the summed root. Shared are the
//! nodes down to `cluster_depth` moves with at least `cluster_share` of this searcher's own
//! playouts (`cluster_share_own`; else of the summed root's visits, which more searchers raise).
//!
//! The search knows the other searchers only through the [`Peers`] trait; the transport
//! (MPI) lives above the engine.

mod changes;

pub use super::tree::NodeStats;
pub use changes::{Change, Changes, MAX_DEPTH, Path, Tally};

use super::tree::Tree;
use crate::board::{Color, Game};
use crate::params::Params;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// What a search is about, as the searcher that starts it tells its peers.
pub struct Job<'a> {
    /// The game; its current position is searched.
    pub game: &'a Game,
    /// The side to move at the root.
    pub to_play: Color,
    /// Points added to the komi for White in the playouts (dynamic komi).
    pub komi_offset: f32,
    /// The side the search plays for (`jigo_contempt`), `None` in analysis.
    pub engine: Option<Color>,
    /// The parameters.
    pub params: &'a Params,
}

/// The other searchers of a cluster, as one searcher sees them. The searcher calls `begin`
/// as its search starts, `stopped` between playouts, `trade` every `cluster_interval_ms`
/// and `end` once its threads have stopped. All calls come from the thread that runs the
/// search, and none may block for long: a peer that hangs must not hang the search.
pub trait Peers: Send {
    /// A search of `job` starts here (the leader tells its peers to search it too).
    fn begin(&mut self, job: &Job);
    /// Whether the search must stop now because the cluster's leader ended it (checked
    /// every few playouts; cheap).
    fn stopped(&mut self, now: Instant) -> bool;
    /// Hands over this searcher's changes since the last trade (`playouts` run in this
    /// search so far) and fills `theirs` with the sum of the changes the peers sent since
    /// the last trade, which this searcher has not seen yet.
    fn trade(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes);
    /// The search has ended here: the last trade (the leader waits briefly for its peers'
    /// last changes, which `theirs` receives; a follower only sends).
    fn end(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes);
    /// Playouts the peers have run in the current (or last) search, as last reported.
    fn playouts(&self) -> u64;
}

/// What the trades of one search cost (the last one, at the end, apart).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TradeStats {
    /// Trades during the search.
    pub trades: u32,
    /// Node changes sent, all those trades together.
    pub nodes: u64,
    /// Bytes of changes sent (their byte form), all those trades together.
    pub bytes: u64,
    /// Time those trades took on the searching thread: collecting, exchanging, adding.
    pub time: Duration,
    /// The searching thread's CPU time in those trades: their cost even on a busy machine,
    /// where `time` also counts the moments the thread waited for a core (0 where the
    /// thread's CPU clock cannot be read).
    pub cpu: Duration,
    /// Time the last trade took, once the threads had stopped (the leader waits there for
    /// the followers' last changes).
    pub ending: Duration,
    /// Received node changes dropped because this tree lacked the node (its parent was
    /// still a leaf here), all trades together.
    pub missed: u64,
}

impl TradeStats {
    /// Adds another search's figures.
    pub fn add(&mut self, o: &TradeStats) {
        self.trades += o.trades;
        self.nodes += o.nodes;
        self.bytes += o.bytes;
        self.time += o.time;
        self.cpu += o.cpu;
        self.ending += o.ending;
        self.missed += o.missed;
    }
}

/// The statistics of a shared node that every searcher already has: what this one sent of
/// its own and what it received (packed words, as `Node::packed`).
#[derive(Clone, Copy, Debug, Default)]
struct Base {
    online: u64,
    amaf: u64,
}

/// One search's side of the trades: which nodes it shares and what of them it has shared.
pub(super) struct Sharer {
    interval: Duration,
    depth: usize,
    share: f32,
    /// The share is of this searcher's own playouts (`cluster_share_own`).
    share_own: bool,
    /// The root's visits when the search started (this searcher's own past).
    start_visits: u64,
    next: Instant,
    /// Nodes at or past this arena index were created by this search (they start at 0).
    fresh_from: usize,
    /// Per node index, what the others already have of it.
    bases: HashMap<usize, Base>,
    mine: Changes,
    theirs: Changes,
    stack: Vec<(usize, Path)>,
    /// What this search's trades cost and missed.
    pub stats: TradeStats,
}

impl Sharer {
    /// A sharer with the cluster parameters of `params`.
    pub fn new(params: &Params) -> Sharer {
        Sharer {
            interval: Duration::from_millis(u64::from(params.cluster_interval_ms.max(1))),
            depth: (params.cluster_depth as usize).min(MAX_DEPTH),
            share: params.cluster_share,
            share_own: params.cluster_share_own,
            start_visits: 0,
            next: Instant::now(),
            fresh_from: 0,
            bases: HashMap::new(),
            mine: Changes::default(),
            theirs: Changes::default(),
            stack: Vec::new(),
            stats: TradeStats::default(),
        }
    }

    /// Starts a search at `now` on `tree`, whose statistics (kept from earlier searches) are
    /// this searcher's own: only what this search adds is traded. The nodes a trade could
    /// share now and their children note what they hold; other nodes kept from earlier
    /// searches count from the first trade that meets them.
    pub fn start(&mut self, tree: &Tree, now: Instant) {
        self.next = now + self.interval;
        self.fresh_from = tree.len();
        self.bases.clear();
        self.stats = TradeStats::default();
        let root = tree.root();
        self.start_visits = u64::from(tree.node(root).online().visits);
        let floor = self.share * self.start_visits as f32;
        self.stack.clear();
        self.stack.push((root, Path::ROOT));
        while let Some((n, path)) = self.stack.pop() {
            self.base(tree, n);
            if path.depth() >= self.depth {
                continue;
            }
            for c in tree.children(n) {
                let node = tree.node(c);
                match path.child(node.mv()) {
                    Some(p) if node.online().visits as f32 >= floor => self.stack.push((c, p)),
                    _ => {
                        self.base(tree, c);
                    }
                }
            }
        }
    }

    /// Whether a trade is due at `now` (then the next one is an interval later).
    pub fn due(&mut self, now: Instant) -> bool {
        if now < self.next {
            return false;
        }
        self.next = now + self.interval;
        true
    }

    /// One trade with `peers`, `playouts` run here so far.
    pub fn trade(&mut self, tree: &Tree, peers: &mut dyn Peers, playouts: u64) {
        let (t, cpu) = (Instant::now(), thread_cpu());
        self.collect(tree, playouts);
        peers.trade(&self.mine, playouts, &mut self.theirs);
        self.apply(tree);
        self.stats.trades += 1;
        self.stats.nodes += self.mine.len() as u64;
        self.stats.bytes += self.mine.encoded_len() as u64;
        self.stats.time += t.elapsed();
        self.stats.cpu += thread_cpu().saturating_sub(cpu);
    }

    /// The last trade, once the search's threads have stopped.
    pub fn end(&mut self, tree: &Tree, peers: &mut dyn Peers, playouts: u64) {
        let t = Instant::now();
        self.collect(tree, playouts);
        peers.end(&self.mine, playouts, &mut self.theirs);
        self.apply(tree);
        self.stats.ending += t.elapsed();
    }

    /// The base of node `n` (first met now: 0 if this search created it, else what it holds).
    fn base(&mut self, tree: &Tree, n: usize) -> &mut Base {
        let fresh = n >= self.fresh_from;
        self.bases.entry(n).or_insert_with(|| {
            if fresh {
                Base::default()
            } else {
                let (online, amaf) = tree.node(n).packed();
                Base { online, amaf }
            }
        })
    }

    /// Fills `mine` with what the shared nodes gained since the last trade (`playouts` run
    /// here in this search), and counts it as shared.
    fn collect(&mut self, tree: &Tree, playouts: u64) {
        self.mine.clear();
        let root = tree.root();
        let visits = if self.share_own {
            self.start_visits + playouts
        } else {
            u64::from(tree.node(root).online().visits)
        };
        let floor = (self.share * visits as f32).max(1.0);
        self.stack.clear();
        self.stack.push((root, Path::ROOT));
        while let Some((n, path)) = self.stack.pop() {
            let (online, amaf) = tree.node(n).packed();
            let base = self.base(tree, n);
            let (d_online, d_amaf) = (online - base.online, amaf - base.amaf);
            *base = Base { online, amaf };
            if d_online | d_amaf != 0 {
                self.mine.push(Change {
                    path,
                    online: NodeStats::unpack(d_online),
                    amaf: NodeStats::unpack(d_amaf),
                });
            }
            if path.depth() >= self.depth {
                continue;
            }
            for c in tree.children(n) {
                let node = tree.node(c);
                if node.online().visits as f32 >= floor
                    && let Some(p) = path.child(node.mv())
                {
                    self.stack.push((c, p));
                }
            }
        }
    }

    /// Adds `theirs` to the tree and to the bases (the others have it already).
    fn apply(&mut self, tree: &Tree) {
        let theirs = std::mem::take(&mut self.theirs);
        for c in theirs.iter() {
            let Some(n) = find(tree, c.path.moves()) else {
                self.stats.missed += 1;
                continue;
            };
            let (online, amaf) = (c.online.pack(), c.amaf.pack());
            let base = self.base(tree, n);
            base.online += online;
            base.amaf += amaf;
            tree.node(n).add_packed(online, amaf);
        }
        self.theirs = theirs;
    }
}

/// The calling thread's CPU time (Linux's per-thread clock; zero elsewhere).
fn thread_cpu() -> Duration {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    {
        unsafe extern "C" {
            /// POSIX `clock_gettime(2)`, from the C library every Rust program on Linux links.
            fn clock_gettime(clock: i32, time: *mut [i64; 2]) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = [0i64; 2];
        // SAFETY: on 64-bit Linux a `timespec` is two 64-bit integers (seconds, nanoseconds),
        // which `t` provides and the call fills.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t[0].max(0) as u64, t[1].clamp(0, 999_999_999) as u32);
        }
    }
    Duration::ZERO
}

/// The node at `moves` from the root of `tree`, if the tree has it.
fn find(tree: &Tree, moves: &[u16]) -> Option<usize> {
    moves
        .iter()
        .try_fold(tree.root(), |n, &m| tree.child_with_move(n, m))
}

#[cfg(test)]
mod tests;
