use super::local::{QuitOnDrop, links};
use super::*;
use crate::board::Color;
use crate::board::diagram::played;
use crate::params::Params;
use crate::search::{Limits, Searcher};
use parking_lot::Mutex;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn params() -> Params {
    Params {
        cluster_interval_ms: 5,
        ..Params::default()
    }
}

/// Serves rank `link`'s follower with a fresh searcher until rank 0 quits.
fn follow(link: local::LocalLink) {
    let mut searcher = Searcher::new(params(), 100 + link.rank() as u64, 1);
    Follower::new(Box::new(link), Duration::from_secs(10), false).serve(&mut searcher);
}

/// Rank 0's searcher trading through `hub`.
fn leader(hub: &Arc<Mutex<Hub>>) -> Searcher {
    let mut s = Searcher::new(params(), 1, 1);
    let peers = Leader::new(hub.clone(), Duration::from_millis(200), false);
    s.set_peers(Some(Box::new(peers)));
    s
}

#[test]
fn followers_search_with_rank_0_and_quit_with_it() {
    let mut ls = links(2).into_iter();
    let (l0, l1) = (ls.next().unwrap(), ls.next().unwrap());
    let hub = Hub::shared(Box::new(l0), Duration::from_secs(10));
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| follow(l1));
        let _quit = QuitOnDrop(&hub);
        let mut searcher = leader(&hub);
        let mut g = played(9, 7.0, &[(Color::Black, "E5")]);
        let limits = Limits {
            time: Some(Duration::from_millis(400)),
            ..Limits::default()
        };
        for _ in 0..2 {
            let r = searcher.search(&g, g.to_play(), &limits, &stop);
            assert!(r.peer_playouts > 0, "rank 1 ran no playouts");
            assert!(r.trades.trades >= 1);
            let visits: u64 = r.candidates.iter().map(|m| u64::from(m.visits)).sum();
            let own = r.playouts - r.peer_playouts;
            assert!(
                visits > own + r.kept,
                "the root holds rank 1's playouts too"
            );
            g.play(g.to_play(), r.best).unwrap();
        }
    });
    assert_eq!(hub.lock().lost(), 0);
}

#[test]
fn four_ranks_count_every_playout_once() {
    let mut ls = links(4).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), Duration::from_secs(10));
    let followers: Vec<_> = ls.collect();
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        for l in followers {
            s.spawn(|| follow(l));
        }
        let _quit = QuitOnDrop(&hub);
        let mut searcher = leader(&hub);
        let mut g = played(9, 7.0, &[(Color::Black, "E5")]);
        let limits = Limits {
            playouts: Some(3000),
            ..Limits::default()
        };
        for _ in 0..3 {
            let r = searcher.search(&g, g.to_play(), &limits, &stop);
            let visits: u64 = r.candidates.iter().map(|m| u64::from(m.visits)).sum();
            let all = r.playouts + r.kept;
            assert!(r.peer_playouts > 0);
            // Every playout of every rank passes through one root child, once at most.
            assert!(visits <= all, "root children {visits} > {all} playouts");
            // Most reach it (the quiet children a rank does not share stay home).
            assert!(
                visits * 2 >= all,
                "root children {visits} of {all} playouts"
            );
            g.play(g.to_play(), r.best).unwrap();
        }
    });
}

#[test]
fn a_silent_or_dead_rank_is_left_out_and_the_game_goes_on() {
    let mut ls = links(4).into_iter();
    let l0 = ls.next().unwrap();
    let l1 = ls.next().unwrap();
    // Rank 2 hangs: its link stays, nobody reads it. Rank 3 is dead: its link is gone.
    let _hung = ls.next().unwrap();
    drop(ls.next());
    let hub = Hub::shared(Box::new(l0), Duration::from_millis(500));
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| follow(l1));
        let _quit = QuitOnDrop(&hub);
        let mut searcher = leader(&hub);
        let g = played(9, 7.0, &[]);
        let limits = Limits {
            time: Some(Duration::from_millis(1200)),
            max_time: Some(Duration::from_millis(1200)),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = searcher.search(&g, Color::Black, &limits, &stop);
        // Nothing waits for the silent ranks (only a loaded machine slows this down).
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(r.peer_playouts > 0, "rank 1 still counts");
        {
            let h = hub.lock();
            assert!(h.alive(1));
            assert!(!h.alive(2), "the hung rank is noticed within the move");
            assert!(!h.alive(3), "the dead rank too");
            assert_eq!(h.lost(), 2);
        }
        let r = searcher.search(&g, Color::Black, &limits, &stop);
        assert!(r.peer_playouts > 0);
    });
}

#[test]
fn followers_leave_when_rank_0_is_gone() {
    let timeout = Duration::from_millis(30);
    // Rank 0 died: its link stays (MPI does not tell), but it sends nothing.
    let mut ls = links(2).into_iter();
    let _dead = ls.next().unwrap();
    let t = Instant::now();
    let mut searcher = Searcher::new(params(), 7, 1);
    let end = Follower::new(Box::new(ls.next().unwrap()), timeout, false).serve(&mut searcher);
    assert_eq!(end, FollowerEnd::RankZeroLost);
    assert!(t.elapsed() >= timeout * LEAVE_AFTER_TIMEOUTS);
    // The same for a rank that plays games or evaluates positions for rank 0.
    let mut ls = links(2).into_iter();
    let _dead = ls.next().unwrap();
    let (_tx, rx) = crossbeam::channel::unbounded::<(u64, Vec<u8>)>();
    let follower = Follower::new(Box::new(ls.next().unwrap()), timeout, false);
    let end = follower.serve_work(|_, _| {}, &rx, |b: &Vec<u8>| b.clone());
    assert_eq!(end, FollowerEnd::RankZeroLost);
}

#[test]
fn rank_0s_heartbeat_keeps_an_idle_follower_until_it_quits() {
    let timeout = Duration::from_millis(50);
    let mut ls = links(2).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), timeout);
    let l1 = ls.next().unwrap();
    let (tx, rx) = crossbeam::channel::unbounded();
    std::thread::scope(|s| {
        s.spawn(move || {
            let mut searcher = Searcher::new(params(), 8, 1);
            let _ = tx.send(Follower::new(Box::new(l1), timeout, false).serve(&mut searcher));
        });
        let _quit = QuitOnDrop(&hub);
        // Rank 0 waits for a GTP command for three times as long as a follower would wait.
        std::thread::sleep(3 * timeout * LEAVE_AFTER_TIMEOUTS);
        assert!(rx.try_recv().is_err(), "the follower left an idle rank 0");
        hub.lock().quit();
        let end = rx.recv_timeout(Duration::from_secs(30));
        assert_eq!(end, Ok(FollowerEnd::Quit));
    });
}

#[test]
fn mpi_launchers_are_told_from_a_lone_start() {
    let with = |vars: &'static [(&'static str, &'static str)]| {
        super::launched_by(move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    };
    assert_eq!(with(&[]), None);
    assert_eq!(
        with(&[("OMPI_COMM_WORLD_SIZE", "4"), ("OMPI_COMM_WORLD_RANK", "0")]).as_deref(),
        Some("OMPI_COMM_WORLD_SIZE=4")
    );
    assert_eq!(with(&[("OMPI_COMM_WORLD_SIZE", "1")]), None);
    assert_eq!(with(&[("PMI_SIZE", "2")]).as_deref(), Some("PMI_SIZE=2"));
    assert_eq!(with(&[("PMIX_RANK", "3")]).as_deref(), Some("PMIX_RANK=3"));
    assert_eq!(with(&[("PMIX_RANK", "0")]), None);
    // A Slurm batch script that runs moyo itself is no launch; srun's tasks are.
    assert_eq!(with(&[("SLURM_NTASKS", "8"), ("SLURM_PROCID", "0")]), None);
    assert_eq!(
        with(&[
            ("SLURM_NTASKS", "8"),
            ("SLURM_PROCID", "0"),
            ("SLURM_STEP_ID", "0")
        ])
        .as_deref(),
        Some("SLURM_NTASKS=8")
    );
    assert_eq!(
        with(&[("SLURM_STEP_NUM_TASKS", "2")]).as_deref(),
        Some("SLURM_STEP_NUM_TASKS=2")
    );
}
