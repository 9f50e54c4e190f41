use super::*;
use crate::board::diagram::played;
use crate::search::tree::ONE_VISIT;
use crate::search::{Limits, Searcher};
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::sync::atomic::AtomicBool;

/// A tree whose root has children playing 1, 2, 3, and child 1 children playing 4, 5.
fn small_tree() -> Tree {
    let mut t = Tree::new(64);
    t.reset();
    t.node(0).try_claim();
    t.expand(0, &[1, 2, 3], &[0.5; 3], &[]);
    t
}

fn params(depth: u32, share: f32) -> Params {
    Params {
        cluster_depth: depth,
        cluster_share: share,
        ..Params::default()
    }
}

/// Playouts through the root and its child `k` (1-based), `wins` of them won.
fn play(t: &Tree, k: usize, visits: u64, wins: u64) {
    t.node(0).add(ONE_VISIT * visits + wins);
    t.node(k).add(ONE_VISIT * visits + wins);
    t.node(k).add_amaf(visits, true);
}

/// `from` hands its changes to `to`.
fn send(from: &mut Sharer, a: &Tree, to: &mut Sharer, b: &Tree) {
    from.collect(a, 0);
    to.theirs = from.mine.clone();
    to.apply(b);
}

#[test]
fn two_trees_trade_only_what_is_new() {
    let (a, b) = (small_tree(), small_tree());
    let p = params(3, 0.0);
    let (mut sa, mut sb) = (Sharer::new(&p), Sharer::new(&p));
    let now = Instant::now();
    sa.start(&a, now);
    sb.start(&b, now);
    play(&a, 1, 10, 6);
    play(&b, 2, 7, 1);
    send(&mut sa, &a, &mut sb, &b);
    send(&mut sb, &b, &mut sa, &a);
    for t in [&a, &b] {
        assert_eq!(
            t.node(0).online(),
            NodeStats {
                visits: 17,
                wins: 7
            }
        );
        assert_eq!(
            t.node(1).online(),
            NodeStats {
                visits: 10,
                wins: 6
            }
        );
        assert_eq!(t.node(2).amaf(), NodeStats { visits: 7, wins: 7 });
    }
    // More playouts on one side: only they travel, the first ones are not sent again.
    play(&a, 3, 5, 5);
    send(&mut sa, &a, &mut sb, &b);
    assert_eq!(sa.mine.len(), 2, "the root and child 3");
    send(&mut sb, &b, &mut sa, &a);
    assert!(sb.mine.is_empty(), "b has nothing of its own to send");
    for t in [&a, &b] {
        assert_eq!(
            t.node(0).online(),
            NodeStats {
                visits: 22,
                wins: 12
            }
        );
        assert_eq!(t.node(3).online(), NodeStats { visits: 5, wins: 5 });
    }
}

#[test]
fn only_busy_nodes_near_the_root_are_shared() {
    let a = small_tree();
    // Child 1 gets children in a.
    a.node(1).try_claim();
    a.expand(1, &[4, 5], &[0.5; 2], &[]);
    let mut sa = Sharer::new(&params(1, 0.2));
    let now = Instant::now();
    sa.start(&a, now);
    play(&a, 1, 90, 50);
    play(&a, 2, 10, 5);
    a.node(4).add(ONE_VISIT * 80 + 40);
    sa.collect(&a, 100);
    let paths: Vec<Vec<u16>> = sa.mine.iter().map(|c| c.path.moves().to_vec()).collect();
    // Child 2 has 10% of the root's 100 visits, under the 20% share; grandchild 4 is past
    // the depth limit of 1.
    assert_eq!(paths, vec![vec![], vec![1]]);
    // Down to depth 2 the grandchild goes too, and b, which lacks it, counts it missed.
    let (mut sa, mut sb) = (Sharer::new(&params(2, 0.2)), Sharer::new(&params(2, 0.2)));
    let (a2, b2) = (small_tree(), small_tree());
    a2.node(1).try_claim();
    a2.expand(1, &[4, 5], &[0.5; 2], &[]);
    sa.start(&a2, now);
    sb.start(&b2, now);
    play(&a2, 1, 90, 50);
    a2.node(4).add(ONE_VISIT * 80 + 40);
    send(&mut sa, &a2, &mut sb, &b2);
    assert_eq!(sa.mine.len(), 3);
    assert_eq!(sb.stats.missed, 1);
    assert_eq!(
        b2.node(1).online(),
        NodeStats {
            visits: 90,
            wins: 50
        }
    );
}

#[test]
fn the_share_counts_this_searchers_own_playouts() {
    // Three other searchers sent 900 playouts through child 1; this one ran 100, 20 of them
    // through child 2: 20% of its own, 2% of the summed root.
    let shared = |own: bool| {
        let a = small_tree();
        let p = Params {
            cluster_share_own: own,
            ..params(1, 0.1)
        };
        let mut sa = Sharer::new(&p);
        sa.start(&a, Instant::now());
        sa.theirs.push(Change {
            path: Path::ROOT,
            online: NodeStats {
                visits: 900,
                wins: 450,
            },
            amaf: NodeStats::default(),
        });
        sa.theirs.push(Change {
            path: Path::ROOT.child(1).unwrap(),
            online: NodeStats {
                visits: 900,
                wins: 450,
            },
            amaf: NodeStats::default(),
        });
        sa.apply(&a);
        play(&a, 1, 80, 40);
        play(&a, 2, 20, 10);
        sa.collect(&a, 100);
        sa.mine.iter().any(|c| c.path.moves() == [2])
    };
    assert!(
        shared(true),
        "20% of its own playouts is over the 10% share"
    );
    assert!(!shared(false), "2% of the summed root is under it");
}

#[test]
fn kept_statistics_are_not_traded_again() {
    // Statistics a tree held when the search started are its own past: not sent.
    let (a, b) = (small_tree(), small_tree());
    play(&a, 1, 40, 20);
    let (mut sa, mut sb) = (Sharer::new(&params(3, 0.0)), Sharer::new(&params(3, 0.0)));
    let now = Instant::now();
    sa.start(&a, now);
    sb.start(&b, now);
    play(&a, 1, 2, 1);
    send(&mut sa, &a, &mut sb, &b);
    assert_eq!(b.node(0).online(), NodeStats { visits: 2, wins: 1 });
    assert_eq!(b.node(1).online(), NodeStats { visits: 2, wins: 1 });
}

/// Peers made of channels: the other searcher runs on another thread.
struct Duo {
    tx: Sender<(Changes, u64)>,
    rx: Receiver<(Changes, u64)>,
    tally: Tally,
    theirs: u64,
}

impl Duo {
    fn pair() -> (Duo, Duo) {
        let (t1, r1) = unbounded();
        let (t2, r2) = unbounded();
        let duo = |tx, rx| Duo {
            tx,
            rx,
            tally: Tally::default(),
            theirs: 0,
        };
        (duo(t1, r2), duo(t2, r1))
    }
}

impl Peers for Duo {
    fn begin(&mut self, _: &Job) {}
    fn stopped(&mut self, _: Instant) -> bool {
        false
    }
    fn trade(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        let _ = self.tx.send((mine.clone(), playouts));
        self.tally.clear();
        for (c, n) in self.rx.try_iter() {
            self.tally.add(&c);
            self.theirs = n;
        }
        self.tally.without(&Changes::default(), theirs);
    }
    fn end(&mut self, mine: &Changes, playouts: u64, theirs: &mut Changes) {
        self.trade(mine, playouts, theirs);
    }
    fn playouts(&self) -> u64 {
        self.theirs
    }
}

#[test]
fn two_searchers_sum_their_roots() {
    let g = played(9, 7.0, &[(Color::Black, "E5")]);
    let limits = Limits {
        playouts: Some(3000),
        ..Limits::default()
    };
    let p = Params {
        cluster_interval_ms: 2,
        ..Params::default()
    };
    let (da, db) = Duo::pair();
    let stop = AtomicBool::new(false);
    let (ra, rb) = std::thread::scope(|s| {
        let run = |mut duo: Duo, seed| {
            let (g, limits, stop, p) = (&g, &limits, &stop, p.clone());
            s.spawn(move || {
                let mut sr = Searcher::new(p, seed, 1);
                let r = sr.search_among(g, Color::White, limits, stop, &mut duo);
                let root = sr.tree.node(sr.tree.root()).online().visits;
                (r, root)
            })
        };
        let (a, b) = (run(da, 1), run(db, 2));
        (a.join().unwrap(), b.join().unwrap())
    });
    for (r, root) in [&ra, &rb] {
        assert_eq!(r.playouts - r.peer_playouts, 3000);
        assert!(r.trades.trades >= 1 && r.trades.bytes > 0);
        // Each root holds its own playouts and some of the other's, never more than all.
        assert!(*root > 3000 && *root <= 6000, "root {root}");
    }
    // The searcher that ended last got every change of the other, counted once.
    assert_eq!(ra.1.max(rb.1), 6000);
}
