//! The search tree shared by all threads: nodes in a fixed arena, children stored
//! contiguously, statistics in atomics so threads read and update them without locks.
//!
//! A node's visits and wins share one 64-bit word (visits high, wins low), so one atomic add
//! updates both and a reader always sees a consistent pair; the same holds for the AMAF pair.
//! A thread descending through a node counts its visit at once (a virtual loss until the
//! result is added), which steers the other threads elsewhere. Children are created by one
//! thread (the one that wins the node's `expanding` flag), written, then published by a
//! release store of the child count; the others go on with a playout meanwhile.

use crate::board::{Move, Point};
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize};

/// Marks "no point" in `Node::mv` (the pass move and the root).
pub const PASS: u16 = u16::MAX;

/// Size of a node in bytes (what `--max-memory` divides by).
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// A (visits, wins) pair read from one node in one load.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NodeStats {
    pub visits: u32,
    pub wins: u32,
}

impl NodeStats {
    /// The pair packed in one word as a node stores it (`visits << 32 | wins`).
    #[inline]
    pub fn unpack(w: u64) -> NodeStats {
        NodeStats {
            visits: (w >> 32) as u32,
            wins: w as u32,
        }
    }

    /// The pair as one word (`visits << 32 | wins`).
    #[inline]
    pub fn pack(self) -> u64 {
        (u64::from(self.visits) << 32) | u64::from(self.wins)
    }
}

/// One visit counted (for `Node::add`).
pub const ONE_VISIT: u64 = 1 << 32;

/// One move of the tree with its online and AMAF statistics and its prior.
#[derive(Debug, Default)]
pub struct Node {
    /// The point played to reach this node, or `PASS`. Written before the node is published.
    mv: AtomicU16,
    /// Number of children; 0 until published (release) by the expanding thread.
    n_children: AtomicU16,
    /// Index of the first child in the arena.
    first_child: AtomicU32,
    /// Visits (high half, including playouts still running) and wins of the player who made
    /// `mv` (low half).
    online: AtomicU64,
    /// AMAF playouts in which `mv` was played first by the same player, and their wins.
    amaf: AtomicU64,
    /// The prior H(d) on the win-rate scale (f32 bits), written before publication.
    prior: AtomicU32,
    /// Set by the thread that creates the children.
    expanding: AtomicBool,
    /// Per-search flags (`EXCLUDED`).
    flags: AtomicU8,
    /// The square root of the move's learned-pattern probability among its siblings, in
    /// units of 1/65535 (0: none or unknown), for the pattern experience of the score.
    pattern: AtomicU16,
}

/// The stored pattern value that stands for 1.
const PATTERN_UNIT: f32 = u16::MAX as f32;

/// A root child that is illegal in the actual game (positional superko) and must not be chosen.
pub const EXCLUDED: u8 = 1;

impl Node {
    /// Sets every field of a node that is not yet visible to other threads.
    fn init(&self, mv: u16, prior: f32, pattern: f32) {
        self.mv.store(mv, Relaxed);
        let pattern = (pattern.clamp(0.0, 1.0) * PATTERN_UNIT).round() as u16;
        self.pattern.store(pattern, Relaxed);
        self.n_children.store(0, Relaxed);
        self.first_child.store(0, Relaxed);
        self.online.store(0, Relaxed);
        self.amaf.store(0, Relaxed);
        self.prior.store(prior.to_bits(), Relaxed);
        self.expanding.store(false, Relaxed);
        self.flags.store(0, Relaxed);
    }

    /// The move's point, or `PASS`.
    #[inline]
    pub fn mv(&self) -> u16 {
        self.mv.load(Relaxed)
    }

    /// The move as a board move.
    #[inline]
    pub fn board_move(&self) -> Move {
        match self.mv() {
            PASS => Move::Pass,
            m => Move::Play(Point(m)),
        }
    }

    /// Online statistics.
    #[inline]
    pub fn online(&self) -> NodeStats {
        NodeStats::unpack(self.online.load(Relaxed))
    }

    /// AMAF statistics.
    #[inline]
    pub fn amaf(&self) -> NodeStats {
        NodeStats::unpack(self.amaf.load(Relaxed))
    }

    /// The prior H(d), in [0, 1].
    #[inline]
    pub fn prior(&self) -> f32 {
        f32::from_bits(self.prior.load(Relaxed))
    }

    /// The square root of the move's learned-pattern probability among its siblings, in
    /// [0, 1] (0: none or unknown).
    #[inline]
    pub fn pattern(&self) -> f32 {
        f32::from(self.pattern.load(Relaxed)) / PATTERN_UNIT
    }

    /// Adds `visits << 32 | wins` to the online statistics (one atomic add).
    #[inline]
    pub fn add(&self, packed: u64) {
        self.online.fetch_add(packed, Relaxed);
    }

    /// The online and AMAF statistics as packed words (`visits << 32 | wins`), for the
    /// exchange of a cluster search, which subtracts and adds them whole.
    #[inline]
    pub fn packed(&self) -> (u64, u64) {
        (self.online.load(Relaxed), self.amaf.load(Relaxed))
    }

    /// Adds packed online and AMAF statistics (`visits << 32 | wins` each): the playouts of
    /// another searcher of the same position.
    pub fn add_packed(&self, online: u64, amaf: u64) {
        if online != 0 {
            self.online.fetch_add(online, Relaxed);
        }
        if amaf != 0 {
            self.amaf.fetch_add(amaf, Relaxed);
        }
    }

    /// Adds `n` AMAF playouts, all won or all lost (more than one: a weighted AMAF update).
    #[inline]
    pub fn add_amaf(&self, n: u64, win: bool) {
        if n > 0 {
            self.amaf
                .fetch_add(n * (ONE_VISIT | u64::from(win)), Relaxed);
        }
    }

    /// Number of published children (0: a leaf).
    #[inline]
    pub fn n_children(&self) -> usize {
        self.n_children.load(Acquire) as usize
    }

    /// Whether the node is excluded from selection.
    #[inline]
    pub fn excluded(&self) -> bool {
        self.flags.load(Relaxed) & EXCLUDED != 0
    }

    /// Sets or clears the exclusion flag.
    pub fn set_excluded(&self, on: bool) {
        self.flags.store(if on { EXCLUDED } else { 0 }, Relaxed);
    }

    /// Claims the right to create this node's children; false when another thread has it.
    #[inline]
    pub fn try_claim(&self) -> bool {
        !self.expanding.load(Relaxed)
            && self
                .expanding
                .compare_exchange(false, true, Acquire, Relaxed)
                .is_ok()
    }
}

/// A fixed block of nodes filled front to back.
struct Arena {
    nodes: Box<[Node]>,
    len: AtomicUsize,
}

impl Arena {
    /// An arena of `cap` nodes, `None` when the memory cannot be had. The memory comes
    /// zeroed from the allocator, so pages are only committed as the tree grows into them.
    fn try_new(cap: usize) -> Option<Arena> {
        Some(Arena {
            nodes: zeroed_nodes(cap)?,
            len: AtomicUsize::new(0),
        })
    }
}

/// Memory that must still be free once the tree is reserved, for everything else the
/// process allocates (threads, the game, the book): the tree is made smaller rather than
/// leave none, so that a later allocation does not fail under a limit such as `ulimit -v`.
const HEADROOM: usize = 256 << 20;

/// The tree of one search, reused (re-rooted) between searches of the same game.
pub struct Tree {
    arenas: [Arena; 2],
    /// Which arena holds the tree.
    active: usize,
    /// Index of the root in the active arena.
    root: usize,
    /// Set when an expansion found the arena full.
    full: AtomicBool,
}

impl Tree {
    /// A tree that holds at most `cap` nodes at a time (two arenas of `cap`: re-rooting
    /// copies the kept subtree into the other one), both reserved now. When that much
    /// memory cannot be had (a process limit), the tree holds fewer: half as many, and so
    /// on, never an abort; [`Tree::capacity`] says how many.
    pub fn new(cap: usize) -> Tree {
        let mut cap = cap.clamp(16, u32::MAX as usize / 2);
        loop {
            if let Some(t) = Tree::try_new(cap) {
                return t;
            }
            if cap == 16 {
                // Not even 1 KB: the process cannot go on anyway.
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[Node; 16]>());
            }
            cap = (cap / 2).max(16);
        }
    }

    /// A tree of two arenas of `cap` nodes with `HEADROOM` still free, or `None`.
    fn try_new(cap: usize) -> Option<Tree> {
        let arenas = [Arena::try_new(cap)?, Arena::try_new(cap)?];
        let headroom = std::alloc::Layout::array::<u8>(HEADROOM).ok()?;
        // SAFETY: the layout is of a non-zero size; the block is freed at once with it.
        unsafe {
            let probe = std::alloc::alloc(headroom);
            if probe.is_null() {
                return None;
            }
            std::alloc::dealloc(probe, headroom);
        }
        Some(Tree {
            arenas,
            active: 0,
            root: 0,
            full: AtomicBool::new(false),
        })
    }

    /// Nodes the tree may hold.
    pub fn capacity(&self) -> usize {
        self.arenas[self.active].nodes.len()
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.arenas[self.active]
            .len
            .load(Relaxed)
            .min(self.capacity())
    }

    /// Whether an expansion has found the arena full since the last reset or re-root.
    pub fn is_full(&self) -> bool {
        self.full.load(Relaxed)
    }

    /// Index of the root.
    #[inline]
    pub fn root(&self) -> usize {
        self.root
    }

    /// Node `i` of the active arena.
    #[inline]
    pub fn node(&self, i: usize) -> &Node {
        &self.arenas[self.active].nodes[i]
    }

    /// The range of `n`'s children (empty for a leaf).
    #[inline]
    pub fn children(&self, n: usize) -> std::ops::Range<usize> {
        let node = self.node(n);
        let k = node.n_children();
        let s = node.first_child.load(Relaxed) as usize;
        s..s + k
    }

    /// The child of `n` that plays `mv` (a point or `PASS`), if `n` has children.
    pub fn child_with_move(&self, n: usize, mv: u16) -> Option<usize> {
        self.children(n).find(|&i| self.node(i).mv() == mv)
    }

    /// Empties the tree and makes a fresh root.
    pub fn reset(&mut self) {
        let a = &self.arenas[self.active];
        a.nodes[0].init(PASS, 0.5, 0.0);
        a.len.store(1, Relaxed);
        self.root = 0;
        self.full.store(false, Relaxed);
    }

    /// Creates children of `n` for `moves` with priors `priors` (same length) and the square
    /// roots of their pattern probabilities `patterns` (same length, or empty for none), and
    /// publishes them. The caller must have claimed `n` (`try_claim`). Returns false when the
    /// arena is full (the node stays a leaf and may be tried again later).
    pub fn expand(&self, n: usize, moves: &[u16], priors: &[f32], patterns: &[f32]) -> bool {
        let node = self.node(n);
        let a = &self.arenas[self.active];
        let k = moves.len();
        if k == 0 || k > u16::MAX as usize {
            node.expanding.store(false, Release);
            return false;
        }
        // Only a block that fits is taken, so a refused claim leaves the length as it was
        // and a later, smaller expansion can still fit in what is left.
        let cap = a.nodes.len();
        let Ok(first) = a
            .len
            .fetch_update(Relaxed, Relaxed, |len| (len + k <= cap).then_some(len + k))
        else {
            self.full.store(true, Relaxed);
            node.expanding.store(false, Release);
            return false;
        };
        for (i, (&m, &p)) in moves.iter().zip(priors).enumerate() {
            a.nodes[first + i].init(m, p, patterns.get(i).copied().unwrap_or(0.0));
        }
        node.first_child.store(first as u32, Relaxed);
        node.n_children.store(k as u16, Release);
        true
    }

    /// Makes node `new_root` the root, keeping its subtree and statistics; the rest of the
    /// tree is dropped. The kept nodes are copied into the spare arena so the freed space can
    /// be used again.
    pub fn reroot(&mut self, new_root: usize) {
        let spare = 1 - self.active;
        // Both arenas are reserved together, so this holds; were it not so and the memory
        // not to be had, the search goes on in a fresh tree rather than end the game.
        if self.arenas[spare].nodes.len() != self.capacity() {
            match Arena::try_new(self.capacity()) {
                Some(a) => self.arenas[spare] = a,
                None => return self.reset(),
            }
        }
        let (src, dst) = if self.active == 0 {
            let (a, b) = self.arenas.split_at_mut(1);
            (&a[0], &b[0])
        } else {
            let (a, b) = self.arenas.split_at_mut(1);
            (&b[0], &a[0])
        };
        // Breadth-first copy: each copied node's children are placed as one block.
        copy_node(&src.nodes[new_root], &dst.nodes[0]);
        let mut len = 1usize;
        let mut next = 0usize;
        while next < len {
            let d = &dst.nodes[next];
            let k = d.n_children.load(Relaxed) as usize;
            if k > 0 {
                let s = d.first_child.load(Relaxed) as usize;
                for i in 0..k {
                    copy_node(&src.nodes[s + i], &dst.nodes[len + i]);
                }
                d.first_child.store(len as u32, Relaxed);
                len += k;
            }
            next += 1;
        }
        dst.len.store(len, Relaxed);
        self.active = spare;
        self.root = 0;
        self.full.store(false, Relaxed);
    }
}

/// `cap` nodes of all-zero bytes, without touching the memory (large allocations come from
/// fresh zero pages); `None` when the allocator cannot give them.
fn zeroed_nodes(cap: usize) -> Option<Box<[Node]>> {
    let layout = std::alloc::Layout::array::<Node>(cap).ok()?;
    if layout.size() == 0 {
        return Some(Box::new([]));
    }
    // SAFETY: the layout is non-zero and that of `[Node; cap]`, which `Box<[Node]>` frees with
    // the same layout; a `Node` is made of atomics only, for which all-zero bytes are a valid
    // value (the same as `Node::default()`).
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Node>();
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, cap)))
    }
}

/// Copies every field of `s` into `d` (children indices still point into the source arena).
fn copy_node(s: &Node, d: &Node) {
    d.mv.store(s.mv.load(Relaxed), Relaxed);
    // A node claimed but never published is copied as a plain leaf.
    let k = s.n_children.load(Acquire);
    d.n_children.store(k, Relaxed);
    d.first_child.store(s.first_child.load(Relaxed), Relaxed);
    d.online.store(s.online.load(Relaxed), Relaxed);
    d.amaf.store(s.amaf.load(Relaxed), Relaxed);
    d.prior.store(s.prior.load(Relaxed), Relaxed);
    d.pattern.store(s.pattern.load(Relaxed), Relaxed);
    d.expanding.store(k > 0, Relaxed);
    d.flags.store(0, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_is_32_bytes() {
        assert_eq!(NODE_BYTES, 32);
    }

    #[test]
    fn expand_publishes_children_and_stops_when_full() {
        let mut t = Tree::new(16);
        t.reset();
        assert!(t.node(0).try_claim());
        assert!(!t.node(0).try_claim());
        assert!(t.expand(0, &[3, 4, PASS], &[0.5, 0.6, 0.1], &[]));
        assert_eq!(t.children(0), 1..4);
        assert_eq!(t.node(2).mv(), 4);
        assert_eq!(t.node(3).board_move(), Move::Pass);
        assert!((t.node(2).prior() - 0.6).abs() < 1e-6);
        assert!(t.node(1).try_claim());
        assert!(!t.expand(1, &[1; 13], &[0.5; 13], &[]));
        assert!(t.is_full());
        assert_eq!(t.node(1).n_children(), 0);
        // The claim was released and the refused block not taken: 4 of 16 nodes are in
        // use, so a later, smaller expansion that fits succeeds.
        assert_eq!(t.len(), 4);
        assert!(t.node(1).try_claim());
        assert!(t.expand(1, &[1; 12], &[0.5; 12], &[]));
        assert_eq!(t.children(1), 4..16);
        assert_eq!(t.len(), 16);
        // Now nothing fits, not even one child.
        assert!(t.node(4).try_claim());
        assert!(!t.expand(4, &[2], &[0.5], &[]));
        assert_eq!(t.len(), 16);
    }

    #[test]
    fn concurrent_expansions_never_overrun_the_arena() {
        // Threads race to expand distinct leaves with blocks of different sizes: every
        // block granted lies inside the arena, no two overlap, and the length ends at the
        // sum of the granted blocks.
        let mut t = Tree::new(1000);
        t.reset();
        assert!(t.node(0).try_claim());
        assert!(t.expand(0, &[7; 64], &[0.5; 64], &[]));
        let granted: Vec<(usize, std::ops::Range<usize>)> = std::thread::scope(|s| {
            let t = &t;
            let handles: Vec<_> = (0..4)
                .map(|th| {
                    s.spawn(move || {
                        let mut mine = Vec::new();
                        for leaf in (1 + th..65).step_by(4) {
                            let k = 5 + (leaf * 7) % 29;
                            assert!(t.node(leaf).try_claim());
                            if t.expand(leaf, &vec![1; k], &vec![0.5; k], &[]) {
                                mine.push((leaf, t.children(leaf)));
                            }
                        }
                        mine
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        let mut ranges: Vec<_> = granted.iter().map(|(_, r)| r.clone()).collect();
        ranges.sort_by_key(|r| r.start);
        assert_eq!(ranges[0].start, 65);
        for w in ranges.windows(2) {
            assert!(w[0].end <= w[1].start, "{:?} overlaps {:?}", w[0], w[1]);
        }
        assert!(ranges.last().unwrap().end <= 1000);
        let used: usize = ranges.iter().map(|r| r.len()).sum();
        assert_eq!(t.len(), 65 + used);
        // The blocks asked for add up to more than the arena holds: some were refused.
        assert!(granted.len() < 64);
        assert!(t.is_full());
    }

    #[test]
    fn a_tree_too_big_for_memory_is_made_smaller_not_aborted() {
        // Two arenas of 2^31 nodes (64 GiB each): more than most machines let a process
        // reserve at once, then halved until they fit; either way there is a tree.
        let mut t = Tree::new(u32::MAX as usize / 2);
        assert!(t.capacity() >= 16);
        t.reset();
        assert!(t.node(0).try_claim());
        assert!(t.expand(0, &[1, 2], &[0.5, 0.5], &[]));
        t.reroot(1);
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn packed_statistics_add_together() {
        let n = Node::default();
        n.add(ONE_VISIT);
        n.add(ONE_VISIT);
        n.add(1);
        n.add_amaf(1, true);
        n.add_amaf(1, false);
        assert_eq!(n.online(), NodeStats { visits: 2, wins: 1 });
        assert_eq!(n.amaf(), NodeStats { visits: 2, wins: 1 });
    }

    #[test]
    fn reroot_keeps_the_subtree_and_its_statistics() {
        let mut t = Tree::new(64);
        t.reset();
        t.node(0).try_claim();
        t.expand(0, &[10, 11], &[0.5, 0.5], &[]);
        t.node(2).try_claim();
        t.expand(2, &[20, 21, 22], &[0.4, 0.5, 0.6], &[0.1, 0.7, 0.0]);
        t.node(4).add(ONE_VISIT * 5 + 3);
        t.node(5).try_claim();
        t.expand(5, &[30], &[0.7], &[]);
        t.node(6).add_amaf(1, true);
        t.reroot(2);
        assert_eq!(t.len(), 5);
        let r = t.root();
        assert_eq!(t.node(r).mv(), 11);
        let kids: Vec<u16> = t.children(r).map(|i| t.node(i).mv()).collect();
        assert_eq!(kids, vec![20, 21, 22]);
        let second = t.children(r).nth(1).unwrap();
        assert_eq!(t.node(second).online(), NodeStats { visits: 5, wins: 3 });
        assert!((t.node(second).pattern() - 0.7).abs() < 1e-4);
        assert_eq!(t.node(second).prior(), 0.5);
        let third = t.children(r).nth(2).unwrap();
        let g: Vec<usize> = t.children(third).collect();
        assert_eq!(g.len(), 1);
        assert_eq!(t.node(g[0]).mv(), 30);
        assert_eq!(t.node(g[0]).amaf(), NodeStats { visits: 1, wins: 1 });
        // The other arena is free again: growth continues from the copied tree.
        let leaf = t.children(r).next().unwrap();
        assert!(t.node(leaf).try_claim());
        assert!(t.expand(leaf, &[1, 2], &[0.5, 0.5], &[]));
        assert_eq!(t.len(), 7);
    }
}
