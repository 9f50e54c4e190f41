use super::*;
use crate::playout::softmax::features::{NO_LEVELS, SoftmaxGroup};

#[test]
fn the_gradient_follows_the_features_of_the_won_playouts() {
    let step = |played, drawn| SampledMove::shapes(0, played, drawn);
    // Black won the playouts that played shape 2 and lost the one that played shape 3.
    let samples = vec![
        (true, vec![step(2, 1), step(2, 1)]),
        (true, vec![step(2, 1), step(1, 1)]),
        (false, vec![step(3, 1)]),
        (false, vec![]),
    ];
    let mut grad = vec![0.0; 4];
    let mut groups = vec![0.0; LEVEL_COUNT];
    add_gradient(&samples, 0.5, &mut grad, &mut groups);
    assert_eq!(grad, vec![0.0, -0.375 + 0.125, 0.375, -0.125]);
    assert!(groups.iter().all(|&g| g == 0.0), "no levels recorded");
    // Where the playouts already win too often for Black, the step is the other way.
    let mut down = vec![0.0; 4];
    add_gradient(&samples, -0.5, &mut down, &mut groups);
    assert!(down.iter().zip(&grad).all(|(d, g)| *d == -*g));
    // The other groups: a won playout whose move was a capture on the first line, where the
    // point drawn beside it was on the second line and nothing else.
    let mut played = NO_LEVELS;
    played[SoftmaxGroup::Line as usize] = 0;
    played[SoftmaxGroup::Capture as usize] = 3;
    let mut drawn = NO_LEVELS;
    drawn[SoftmaxGroup::Line as usize] = 1;
    let m = SampledMove {
        played_levels: played,
        drawn_levels: drawn,
        ..step(2, 2)
    };
    let mut shapes = vec![0.0; 4];
    add_gradient(&[(true, vec![m])], 1.0, &mut shapes, &mut groups);
    assert!(shapes.iter().all(|&g| g == 0.0), "the same shape both ways");
    let line = |l| groups[level_index(SoftmaxGroup::Line as usize, l)];
    assert_eq!((line(0), line(1), line(2)), (1.0, -1.0, 0.0));
    assert_eq!(groups[level_index(SoftmaxGroup::Capture as usize, 3)], 1.0);
    assert_eq!(groups.iter().filter(|&&g| g != 0.0).count(), 3);
    assert_eq!(
        level_index(SoftmaxGroup::MogoPattern as usize, 1),
        LEVEL_COUNT - 1
    );
}

/// A run over the positions already in `dir` (no games to sample), 200 playouts a value,
/// the shapes' rate 2, nothing held out, seeded with `seed`.
fn settings(dir: &std::path::Path, seed: u64) -> BalanceConfig {
    BalanceConfig {
        files: Vec::new(),
        max_games: 0,
        out: dir.to_path_buf(),
        every: 1,
        from: 1,
        to: 1,
        deep_playouts: 100,
        value_playouts: 200,
        iterations: 1,
        rate: 2.0,
        group_rate: 1.0,
        held_out: 0,
        balance_seed: seed,
        weights: None,
    }
}

#[test]
fn a_position_line_round_trips() {
    let mut game = Game::new(9, 6.5);
    for v in ["E5", "C3", "pass", "G7"] {
        let c = game.to_play();
        let m = match parse_vertex(v, 9).unwrap() {
            Some((x, y)) => Move::Play(game.board().point(x, y)),
            None => Move::Pass,
        };
        game.play(c, m).unwrap();
    }
    let p = Position { game, value: 0.625 };
    let line = position_line(&p);
    assert_eq!(line, "0.6250 9 6.5 E5 C3 pass G7");
    let back = parse_position(&line, "positions.txt", 1).unwrap();
    assert_eq!(back.game.moves(), p.game.moves());
    assert_eq!((back.value, back.game.komi()), (0.625, 6.5));
    for bad in ["0.5 9", "1.5 9 7", "0.5 9 7 Z9", "0.5 9 7 E5 E5"] {
        let e = parse_position(bad, "positions.txt", 3).unwrap_err();
        assert!(e.starts_with("positions.txt: line 3:"), "{e}");
    }
}

#[test]
fn balancing_moves_the_playouts_towards_the_deep_values() {
    // A position the playouts call about even, given the value 1 for Black: after a few
    // iterations Black wins more of them; the written weights load, and a second run
    // resumes after the iterations done.
    let dir = std::env::temp_dir().join(format!("moyo-balance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let line = "1.0 7 7.5 D4 C3 E3 C5";
    std::fs::write(dir.join("positions.txt"), format!("{line}\n")).unwrap();
    let cfg = BalanceConfig {
        iterations: 12,
        ..settings(&dir, 5)
    };
    let pos = parse_position(line, "test", 1).unwrap();
    let base = Weights::builtin();
    let black_wins = |adapt: Arc<Adaptation>| {
        let policy = Softmax::with_adaptation(base, adapt);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut scratch = SoftmaxScratch::default();
        (0..2000)
            .filter(|_| playout(&policy, &pos.game, &mut scratch, &mut rng))
            .count()
    };
    let start = Adaptation::with_shifts(base.base_table().gammas(), &[]);
    let before = black_wins(Arc::new(start));
    run(&cfg).unwrap();
    let w = Weights::load(&dir.join("playout-softmax.txt")).unwrap();
    assert_eq!(w.meta("balance_iteration"), Some("12"));
    let after = black_wins(Arc::new(Adaptation::with_shifts(
        base.base_table().gammas(),
        &shifts(base, &w).0,
    )));
    assert!(
        after > before + 100,
        "Black won {before} of 2000, then {after}"
    );
    run(&BalanceConfig {
        iterations: 13,
        ..cfg
    })
    .unwrap();
    let w = Weights::load(&dir.join("playout-softmax.txt")).unwrap();
    assert_eq!(w.meta("balance_iteration"), Some("13"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_held_out_positions_keep_the_best_weights_and_the_groups_move() {
    // Three copies of a position the playouts call about even, each given the value 1 for
    // Black; the third is held out. Balancing lowers its error, the best weights so far are
    // kept with their held-out error, and the other groups' gammas move with the shapes'.
    let dir = std::env::temp_dir().join(format!("moyo-balance-held-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let line = "1.0 7 7.5 D4 C3 E3 C5\n";
    std::fs::write(dir.join("positions.txt"), line.repeat(3)).unwrap();
    let cfg = BalanceConfig {
        iterations: 6,
        group_rate: 4.0,
        held_out: 3,
        ..settings(&dir, 7)
    };
    run(&cfg).unwrap();
    let best = Weights::load(&dir.join("best-playout-softmax.txt")).unwrap();
    let last = Weights::load(&dir.join("playout-softmax.txt")).unwrap();
    let mse = |w: &Weights| -> f64 { w.meta("balance_held_out_mse").unwrap().parse().unwrap() };
    let iteration =
        |w: &Weights| -> usize { w.meta("balance_iteration").unwrap().parse().unwrap() };
    assert_eq!(iteration(&last), 6);
    assert!(iteration(&best) >= 1, "balancing improved on the start");
    assert!(mse(&best) <= mse(&last), "{} > {}", mse(&best), mse(&last));
    assert_eq!(last.meta("balance_positions"), Some("2"));
    let (_, groups) = shifts(Weights::builtin(), &last);
    assert!(
        groups.iter().any(|g| g.abs() > 0.01),
        "the groups did not move: {groups:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
