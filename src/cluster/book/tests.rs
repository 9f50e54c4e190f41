//! The book's evaluators over channel links: 5x5 positions, rank 0 and followers in threads.

use super::super::local::{LocalLink, QuitOnDrop, links};
use super::*;
use crate::board::diagram::played;
use crate::book::{BookRules, BuildInfo, Builder, RunLimits, Shape};
use crate::params::Params;
use std::time::Duration;

fn evaluator() -> SearchEvaluator {
    SearchEvaluator::new(Params::default(), 48, 7)
}

/// The empty 5x5 board and the positions after each of a few first moves.
fn positions() -> Vec<(Game, Color)> {
    let mut v = vec![(played(5, 0.5, &[]), Color::Black)];
    for mv in ["C3", "B2", "B3", "C2", "D4", "A1", "E5"] {
        v.push((played(5, 0.5, &[(Color::Black, mv)]), Color::White));
    }
    v
}

/// Serves `link` as a follower of one thread, hearing rank 0 for `timeout`.
fn follow(link: LocalLink, timeout: Duration) {
    serve(Follower::new(Box::new(link), timeout, false), 1);
}

/// Each position's evaluation by `evals`, and how often it was handed over.
#[inline(never)]
fn evaluate(evals: &mut dyn Evaluators, ps: &[(Game, Color)]) -> (Vec<Evaluation>, Vec<usize>) {
    let positions: Vec<(&Game, Color)> = ps.iter().map(|(g, c)| (g, *c)).collect();
    let mut out = vec![None; ps.len()];
    let mut times = vec![0; ps.len()];
    let interrupted = evals
        .evaluate_each(&positions, &mut |k, e| {
            out[k] = Some(e);
            times[k] += 1;
            Ok(())
        })
        .unwrap();
    assert!(!interrupted);
    (out.into_iter().map(Option::unwrap).collect(), times)
}

/// The evaluations of a lone evaluator of the same settings.
#[inline(never)]
fn alone(ps: &[(Game, Color)]) -> Vec<Evaluation> {
    let mut lone: Vec<Box<dyn Evaluator>> = vec![Box::new(evaluator())];
    evaluate(&mut lone, ps).0
}

/// Rank 0's hub over the first of `n` local links, and the others.
fn hub_of(n: usize, timeout: Duration) -> (Arc<Mutex<Hub>>, Vec<LocalLink>) {
    let mut ls = links(n).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), timeout);
    (hub, ls.collect())
}

#[test]
fn evaluations_spread_over_the_ranks_and_equal_a_lone_evaluators() {
    let (hub, ls) = hub_of(3, Duration::from_secs(10));
    let ps = positions();
    let want = alone(&ps);
    std::thread::scope(|s| {
        for link in ls {
            s.spawn(move || follow(link, Duration::from_secs(10)));
        }
        let _quit = QuitOnDrop(&hub);
        let mut evals = ClusterEvaluators::new(hub.clone(), vec![evaluator()], 1);
        assert_eq!(evals.parallel(), 3);
        assert_eq!(evals.settings(), evaluator().settings());
        // Two batches, as two builder steps: the followers serve both.
        for batch in 0..2 {
            let (got, times) = evaluate(&mut evals, &ps);
            assert_eq!(
                times,
                vec![1; ps.len()],
                "batch {batch}: each position once"
            );
            assert_eq!(got, want, "batch {batch}");
        }
        let by_rank = evals.evaluations_by_rank();
        assert_eq!(by_rank.iter().sum::<u64>(), 2 * ps.len() as u64);
        assert!(
            by_rank.iter().all(|&n| n > 0),
            "every rank evaluates: {by_rank:?}"
        );
    });
    assert_eq!(hub.lock().lost(), 0);
}

#[test]
fn the_positions_of_a_lost_rank_are_evaluated_by_the_others() {
    let timeout = Duration::from_millis(200);
    let (hub, mut ls) = hub_of(4, timeout);
    // Rank 2 hangs: its link stays, nobody reads it. Rank 3 is dead: its link is gone.
    drop(ls.pop());
    let _hung = ls.pop().unwrap();
    let l1 = ls.pop().unwrap();
    let ps = positions();
    let want = alone(&ps);
    std::thread::scope(|s| {
        s.spawn(move || follow(l1, timeout));
        let _quit = QuitOnDrop(&hub);
        let mut evals = ClusterEvaluators::new(hub.clone(), vec![evaluator()], 1);
        let (got, times) = evaluate(&mut evals, &ps);
        assert_eq!(times, vec![1; ps.len()], "each position once");
        assert_eq!(got, want);
        let by_rank = evals.evaluations_by_rank();
        assert_eq!((by_rank[2], by_rank[3]), (0, 0));
        assert_eq!(by_rank.iter().sum::<u64>(), ps.len() as u64);
        assert_eq!(evals.parallel(), 2, "rank 0 and rank 1 are left");
        let h = hub.lock();
        assert!(h.alive(1) && !h.alive(2) && !h.alive(3));
        assert_eq!(h.lost(), 2);
    });
}

/// A 5x5 book of `nodes` positions built with `evals`, the start evaluated by a lone
/// evaluator.
#[inline(never)]
fn build(evals: &mut dyn Evaluators, nodes: usize) -> Builder {
    let rules = BookRules {
        size: 5,
        komi: 0.5,
        scoring: crate::board::Scoring::Area,
    };
    let info = BuildInfo {
        playouts: 48,
        seed: 7,
        width: 4,
        ..BuildInfo::default()
    };
    let mut b = Builder::create(rules, Shape::default(), info, None, &mut evaluator()).unwrap();
    let limits = RunLimits {
        nodes: Some(nodes),
        ..RunLimits::default()
    };
    b.run(evals, limits, |_, _| {}).unwrap();
    b
}

#[test]
fn a_book_builds_over_the_ranks() {
    let (hub, ls) = hub_of(2, Duration::from_secs(10));
    std::thread::scope(|s| {
        for link in ls {
            s.spawn(move || follow(link, Duration::from_secs(10)));
        }
        let _quit = QuitOnDrop(&hub);
        let mut evals = ClusterEvaluators::new(hub.clone(), vec![evaluator()], 1);
        let b = build(&mut evals, 20);
        assert!(b.book.len() >= 20, "{} positions", b.book.len());
        let by_rank = evals.evaluations_by_rank();
        assert!(
            by_rank.iter().all(|&n| n > 0),
            "both ranks evaluate: {by_rank:?}"
        );
        // Every evaluation but the start position's came through the cluster.
        assert_eq!(b.info.evaluations, 1 + by_rank.iter().sum::<u64>());
        assert_eq!(b.info.evaluators, vec![evaluator().settings()]);
    });
}
