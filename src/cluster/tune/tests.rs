//! The tuning runner over channel links: tiny games on 5x5, rank 0 and followers in threads.

use super::super::local::{LocalLink, QuitOnDrop, links};
use super::*;
use crate::params::Params;
use crate::tune::game::Player;
use crate::tune::runner::LocalRunner;
use std::time::Duration;

fn settings() -> GameSettings {
    GameSettings {
        size: 5,
        komi: 0.5,
        playouts: Some(8),
        time_per_move: None,
        max_moves: 75,
        opponent: None,
        scorer: Params::default(),
        max_memory: 8 << 20,
    }
}

/// `n` games between two differently set engines, colours alternating.
fn pairings(n: usize) -> Vec<Pairing> {
    let a = Player::Engine(Box::default());
    let b = Player::Engine(Box::new(Params {
        uct_c: 0.5,
        ..Params::default()
    }));
    (0..n)
        .map(|i| {
            let (black, white) = if i % 2 == 0 {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            };
            Pairing {
                black,
                white,
                seed: 1000 + i as u64,
            }
        })
        .collect()
}

/// Serves `link` as a follower of one thread, hearing rank 0 for `timeout`.
fn follow(link: LocalLink, timeout: Duration) {
    serve(Follower::new(Box::new(link), timeout, false), 1);
}

/// Plays `games` with `runner`: each game's result, and how often it was reported.
fn play(runner: &mut dyn Runner, games: &[Pairing]) -> (Vec<Option<GameResult>>, Vec<usize>) {
    let mut results = vec![None; games.len()];
    let mut times = vec![0; games.len()];
    runner
        .run(games, &mut |i, r| {
            results[i] = Some(r);
            times[i] += 1;
            true
        })
        .unwrap();
    (results, times)
}

/// What a game's result says, its time left out.
fn outcome(r: &GameResult) -> (Option<crate::board::Color>, String, usize) {
    (r.winner, r.result.clone(), r.moves)
}

#[test]
fn games_spread_over_the_ranks_and_end_as_on_one_machine() {
    let mut ls = links(3).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), Duration::from_secs(10));
    let games = pairings(10);
    let mut local = LocalRunner {
        settings: settings(),
        threads: 1,
    };
    let (alone, _) = play(&mut local, &games);
    std::thread::scope(|s| {
        for link in ls {
            s.spawn(move || follow(link, Duration::from_secs(10)));
        }
        let _quit = QuitOnDrop(&hub);
        let mut runner = ClusterRunner::new(hub.clone(), settings(), 1);
        // Two runs, as two generations: the followers serve both.
        for run in 0..2 {
            let (results, times) = play(&mut runner, &games);
            assert_eq!(times, vec![1; games.len()], "run {run}: each game once");
            for (i, (r, a)) in results.iter().zip(&alone).enumerate() {
                let (r, a) = (r.as_ref().unwrap(), a.as_ref().unwrap());
                assert_eq!(outcome(r), outcome(a), "run {run}, game {i}");
            }
        }
        let by_rank = runner.games_by_rank();
        assert_eq!(by_rank.iter().sum::<u64>(), 20);
        assert!(
            by_rank.iter().all(|&n| n > 0),
            "every rank plays: {by_rank:?}"
        );
    });
    assert_eq!(hub.lock().lost(), 0);
}

#[test]
fn the_games_of_a_lost_rank_are_played_by_the_others() {
    let timeout = Duration::from_millis(200);
    let mut ls = links(4).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), timeout);
    let l1 = ls.next().unwrap();
    // Rank 2 hangs: its link stays, nobody reads it. Rank 3 is dead: its link is gone.
    let _hung = ls.next().unwrap();
    drop(ls.next());
    let games = pairings(8);
    std::thread::scope(|s| {
        s.spawn(move || follow(l1, timeout));
        let _quit = QuitOnDrop(&hub);
        let mut runner = ClusterRunner::new(hub.clone(), settings(), 1);
        let (results, times) = play(&mut runner, &games);
        assert_eq!(times, vec![1; games.len()], "each game once");
        assert!(results.iter().all(Option::is_some));
        let by_rank = runner.games_by_rank();
        assert_eq!((by_rank[2], by_rank[3]), (0, 0));
        assert_eq!(by_rank.iter().sum::<u64>(), 8);
        let h = hub.lock();
        assert!(h.alive(1) && !h.alive(2) && !h.alive(3));
        assert_eq!(h.lost(), 2);
    });
}

#[test]
fn no_game_is_reported_after_done_says_stop() {
    let mut ls = links(2).into_iter();
    let hub = Hub::shared(Box::new(ls.next().unwrap()), Duration::from_secs(10));
    let l1 = ls.next().unwrap();
    let games = pairings(12);
    std::thread::scope(|s| {
        s.spawn(move || follow(l1, Duration::from_secs(10)));
        let _quit = QuitOnDrop(&hub);
        let mut runner = ClusterRunner::new(hub.clone(), settings(), 2);
        let mut reported = 0;
        runner
            .run(&games, &mut |_, _| {
                reported += 1;
                reported < 3
            })
            .unwrap();
        assert_eq!(reported, 3);
        // The next run is not disturbed by the games the last one dropped.
        let (_, times) = play(&mut runner, &games[..4]);
        assert_eq!(times, vec![1; 4]);
    });
}
