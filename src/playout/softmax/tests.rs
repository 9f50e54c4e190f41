use super::features::{
    GROUP_INFO, GROUPS, Local, NONE, SoftmaxGroup, from_mover, move_features, playable_code,
};
use super::train::{SoftmaxData, SoftmaxTrainConfig, predict, run};
use super::*;
use crate::board::diagram::{at, board};
use crate::board::{CODE_BITS, Illegal, Move};
use crate::patterns::normalise_colours;
use Color::{Black as B, White as W};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::path::PathBuf;

/// Weights that tell moves apart: every group level and shape its own gamma, the self-atari
/// ones below 1 (as the draw's rejection wants).
fn varied() -> &'static Weights {
    let mut groups: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]);
    for (g, v) in groups.iter_mut().enumerate() {
        for (l, x) in v.iter_mut().enumerate() {
            *x = 0.5 + 1.7 * ((g * 7 + l * 3) % 5) as f64;
        }
    }
    groups[SoftmaxGroup::SelfAtari as usize] = vec![0.4, 0.2, 0.1];
    groups[SoftmaxGroup::Sacrifice as usize] = vec![0.9];
    // Every canonical shape its own gamma, from a hash of its code.
    let shapes = (0..1u32 << CODE_BITS)
        .step_by(97)
        .map(|c| {
            let s = crate::patterns::canonical_shape(c);
            (s, 0.2 + (s.wrapping_mul(2_654_435_761) >> 28) as f64 * 0.3)
        })
        .collect();
    Box::leak(Box::new(Weights::new(groups, shapes, 0.7, Vec::new())))
}

#[test]
fn the_embedded_weights_load() {
    let text = include_str!("../../../patterns/playout-softmax.txt");
    let w = Weights::parse(text, BUILTIN_NAME).unwrap();
    assert!(
        w.meta("iteration").is_some(),
        "trained weights name their iteration"
    );
    assert_eq!(Weights::builtin().to_text(), w.to_text());
}

#[test]
fn text_round_trips_and_damage_is_named() {
    let w = varied();
    let back = Weights::parse(&w.to_text(), "x.txt").unwrap();
    assert_eq!(back.to_text(), w.to_text());
    assert_eq!(back.groups, w.groups);
    // A changed byte breaks the checksum; the file is named.
    let dir = std::env::temp_dir().join(format!("moyo-softmax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("weights.txt");
    std::fs::write(&path, w.to_text().replace("g line 0", "g line 1")).unwrap();
    let err = Weights::load(&path).unwrap_err();
    assert!(err.starts_with(&path.display().to_string()), "{err}");
    assert!(err.contains("checksum"), "{err}");
    // A bad line under a good checksum names the file and the line.
    let bad = crate::patterns::checked::wrap(FORMAT, LAYOUT, "g line 9 1.0\n");
    let err = Weights::parse(&bad, "w.txt").unwrap_err();
    assert_eq!(err, "w.txt: line 4: bad level");
    let bad = crate::patterns::checked::wrap(FORMAT, LAYOUT, "s other -1\n");
    assert!(
        Weights::parse(&bad, "w.txt")
            .unwrap_err()
            .contains("line 4")
    );
    let other = crate::patterns::checked::wrap(FORMAT, "line:4 shape3x3", "");
    assert!(
        Weights::parse(&other, "w.txt")
            .unwrap_err()
            .contains("line 2")
    );
    // A missing file too.
    assert!(
        Weights::load(&dir.join("none.txt"))
            .unwrap_err()
            .contains("none.txt")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_mover_view_is_the_pattern_normalisation() {
    for code in (0..1u32 << CODE_BITS).step_by(7) {
        for c in [B, W] {
            assert_eq!(from_mover(code, c), normalise_colours(code, c), "{code:x}");
        }
    }
}

/// Boards along random light playouts of a few sizes, with the side to move.
fn positions(seed: u64) -> Vec<(Board, Color)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    for size in [5, 9, 13, 19] {
        let mut b = Board::new(size);
        let mut c = B;
        for i in 0..size * size * 2 {
            match crate::playout::random_move(&b, c, &mut rng) {
                Some(p) => {
                    b.play_unchecked(c, p);
                }
                None => b.pass(),
            }
            c = c.opp();
            if i % 7 == 0 {
                out.push((b.clone(), c));
            }
        }
    }
    out
}

#[test]
fn the_code_tells_legal_moves_and_eyes() {
    let mut seen = [0; 2];
    for (b, _) in positions(5) {
        for p in b.points().filter(|&p| b.code(p) == crate::board::EMPTY) {
            for c in [B, W] {
                let legal = matches!(b.legality(c, p), Ok(()) | Err(Illegal::Ko));
                let want = legal && !b.is_eye(c, p);
                let code = from_mover(b.neighbourhood_code(p), c);
                assert_eq!(playable_code(code), want, "{} for {c}", b.point_string(p));
                seen[usize::from(want)] += 1;
            }
        }
    }
    assert!(seen[0] > 100 && seen[1] > 1000, "{seen:?}");
}

/// Plays `moves` alternately (a `None` passes) from `b` with the sampler kept up to date,
/// checking it against a recomputation after every move; returns the captures seen.
fn follow(
    b: &mut Board,
    w: &Weights,
    first: Color,
    moves: &mut dyn FnMut(&mut Board, Color, &mut SoftmaxScratch) -> Option<Point>,
) -> u32 {
    let mut scratch = SoftmaxScratch::default();
    scratch.sampler.reset(b, w);
    let mut c = first;
    let mut taken = 0;
    let mut passes = 0;
    while passes < 2 {
        match moves(b, c, &mut scratch) {
            Some(p) => {
                scratch.sampler.before_play(b, c, p);
                taken += b.play_unchecked(c, p);
                scratch.sampler.after_play(b, w, c, p);
                passes = 0;
            }
            None => {
                b.pass();
                passes += 1;
            }
        }
        if let Err(e) = scratch.sampler.check(b, w) {
            panic!("{e}\n{b:?}");
        }
        c = c.opp();
    }
    taken
}

#[test]
fn kept_weights_equal_a_recomputation_after_every_move() {
    let w = varied();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut taken = 0;
    for size in [5, 9, 19] {
        for _ in 0..3 {
            let mut b = Board::new(size);
            taken += follow(&mut b, w, B, &mut |b, c, _| {
                crate::playout::random_move(b, c, &mut rng)
            });
        }
    }
    assert!(taken > 100, "captures: {taken}");
    // And along the policy's own playouts.
    let policy = Softmax::new(w);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    for size in [9, 19] {
        let mut b = Board::new(size);
        let mut last = (None, None);
        follow(&mut b, w, B, &mut |b, c, s| {
            let p = policy.choose(b, c, last, s, &mut rng);
            last = (p, last.0);
            p
        });
    }
}

/// The weight of each move `c` may play on `b` after `last` and `prev`, by the features the
/// trainer sees (`move_features`).
fn model_weights(
    b: &Board,
    c: Color,
    last: Option<Point>,
    prev: Option<Point>,
    w: &Weights,
) -> HashMap<Point, f64> {
    let mut local = Local::new();
    local.compute(&mut b.clone(), c, last, prev);
    b.points()
        .filter_map(|p| {
            let (levels, shape) = move_features(b, c, p, &local)?;
            Some((p, w.weight(&levels, shape)))
        })
        .collect()
}

/// Draws `n` moves of `c` on `b` and compares their counts with the model's weights: the
/// chi-square statistic over the points, and its degrees of freedom.
fn chi_square(
    b: &Board,
    c: Color,
    last: Option<Point>,
    prev: Option<Point>,
    n: u32,
) -> (f64, usize) {
    let w = varied();
    let want = model_weights(b, c, last, prev, w);
    let total: f64 = want.values().sum();
    let policy = Softmax::new(w);
    let mut s = SoftmaxScratch::default();
    let mut board = b.clone();
    s.sampler.reset(&board, w);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut count: HashMap<Point, u32> = HashMap::new();
    for _ in 0..n {
        let p = policy.choose(&mut board, c, (last, prev), &mut s, &mut rng);
        let p = p.expect("a move");
        assert!(
            want.contains_key(&p),
            "{} is no candidate",
            b.point_string(p)
        );
        *count.entry(p).or_default() += 1;
    }
    assert_eq!(board.hash(), b.hash(), "the board is left as it was");
    s.sampler.check(&board, w).unwrap();
    let mut chi = 0.0;
    for (p, x) in &want {
        let e = n as f64 * x / total;
        let o = count.get(p).copied().unwrap_or(0) as f64;
        chi += (o - e) * (o - e) / e;
    }
    (chi, want.len() - 1)
}

/// White's last move D5 leaves Black D4-D3 in atari: its escape E3 takes White E4, the
/// attacker in atari. Black's previous move G6 put White G7 in atari (capture on H7).
/// Returns the board and the last two moves.
fn tactics() -> (Board, Option<Point>, Option<Point>) {
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . X . .",
        ". . . . . X O . .",
        ". . . . . . X . .",
        ". . . O X . . . .",
        ". . O X O X . . .",
        ". . O X . . . . .",
        ". . . O . . . . .",
        ". . . . . . . . .",
    ]);
    let (last, prev) = (Some(at(&b, "D5")), Some(at(&b, "G6")));
    (b, last, prev)
}

/// The race and MoGo pattern features mark the heavy policy's race and pattern moves: after
/// Black's F8 White's string has three liberties, and A9 ataris Black's ten stones, whose
/// escape B7 has no liberty left.
#[test]
fn race_and_pattern_features_mark_the_heavy_steps() {
    let mut b = board(&[
        ". O O O O . . . .",
        "X X O X O . . . .",
        "X . X X O . . . .",
        "X X X X O X . . .",
        "O O O O O X . . .",
        "X X X X X X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let last = at(&b, "F8");
    b.play(B, Move::Play(last)).unwrap();
    let mut local = Local::new();
    local.compute(&mut b.clone(), W, Some(last), None);
    let marked = |g: SoftmaxGroup| -> Vec<Point> {
        let mut v: Vec<Point> = local
            .iter()
            .filter(|(_, l)| l[g as usize] != NONE)
            .map(|(p, _)| p)
            .collect();
        v.sort();
        v
    };
    assert_eq!(marked(SoftmaxGroup::Race), vec![at(&b, "A9")]);
    let table = crate::playout::mogo3x3::Pattern3x3::builtin();
    let mut matching: Vec<Point> = b
        .neighbours(last)
        .into_iter()
        .chain(b.diagonals(last))
        .filter(|&p| b.code(p) == crate::board::EMPTY && table.matches_at(&b, p, W))
        .collect();
    matching.sort();
    assert!(!matching.is_empty(), "some point around F8 matches");
    assert_eq!(marked(SoftmaxGroup::MogoPattern), matching);
}

#[test]
fn draws_follow_the_weights() {
    let (b, last, prev) = tactics();
    let mut local = Local::new();
    local.compute(&mut b.clone(), B, last, prev);
    let levels = |v: &str| *local.levels_of(at(&b, v)).unwrap();
    let e3 = levels("E3");
    assert_eq!(
        e3[SoftmaxGroup::Escape as usize],
        0,
        "three liberties after it"
    );
    assert_eq!(e3[SoftmaxGroup::CounterCapture as usize], 0);
    assert_eq!(
        e3[SoftmaxGroup::Capture as usize],
        0,
        "one stone, apart from the last move"
    );
    assert_eq!(
        e3[SoftmaxGroup::DistLast as usize],
        1,
        "a knight's move from D5"
    );
    assert_eq!(levels("H7")[SoftmaxGroup::DistLast as usize], NONE);
    assert_eq!(levels("H7")[SoftmaxGroup::Capture as usize], 0);
    assert_eq!(levels("H7")[SoftmaxGroup::DistPrev as usize], 0);
    assert_eq!(levels("D7")[SoftmaxGroup::DistLast as usize], 1);
    let (chi, df) = chi_square(&b, B, last, prev, 200_000);
    // Mean df, standard deviation sqrt(2 df): six of them is far beyond chance.
    assert!(
        chi < df as f64 + 6.0 * (2.0 * df as f64).sqrt(),
        "chi-square {chi:.1} with {df} degrees of freedom"
    );
    // With no recent move, on an empty board.
    let (chi, df) = chi_square(&Board::new(7), W, None, None, 100_000);
    assert!(
        chi < df as f64 + 6.0 * (2.0 * df as f64).sqrt(),
        "{chi:.1} with {df}"
    );
}

#[test]
fn balancing_records_the_levels_the_trainer_sees() {
    // Escapes, captures and contiguity to both recent moves (`tactics`). Under a balancing adaptation each move records every group's levels of
    // the point played, as `move_features` gives them, and of the point drawn beside it.
    let (b, last, prev) = tactics();
    let mut local = Local::new();
    local.compute(&mut b.clone(), B, last, prev);
    let w = Weights::builtin();
    let adapt = adapt::Adaptation::with_shifts(w.base_table().gammas(), &[]);
    let policy = Softmax::with_adaptation(w, std::sync::Arc::new(adapt));
    let mut s = SoftmaxScratch::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut seen = [false; GROUPS];
    for _ in 0..3000 {
        policy.reset(&mut s, &b);
        s.steps.clear();
        let p = policy
            .choose(&mut b.clone(), B, (last, prev), &mut s, &mut rng)
            .unwrap();
        let step = s.steps[0];
        let (levels, _) = move_features(&b, B, p, &local).unwrap();
        assert_eq!(step.played_levels, levels, "{}", b.point_string(p));
        for (g, l) in step.drawn_levels.iter().enumerate() {
            seen[g] |= *l != NONE;
        }
    }
    for g in [
        SoftmaxGroup::Line,
        SoftmaxGroup::DistLast,
        SoftmaxGroup::DistPrev,
        SoftmaxGroup::Escape,
        SoftmaxGroup::Capture,
    ] {
        assert!(seen[g as usize], "no point drawn with a level of {g:?}");
    }
}

#[test]
fn drawn_moves_are_candidates() {
    let w = varied();
    let policy = Softmax::new(w);
    let mut s = SoftmaxScratch::default();
    let none = Local::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let (mut kos, mut self_ataris) = (0, 0);
    for (b, c) in positions(3) {
        let mut board = b.clone();
        s.sampler.reset(&board, w);
        kos += usize::from(b.ko().is_some_and(|k| k.1 == c));
        for _ in 0..20 {
            let Some(p) = policy.choose(&mut board, c, (None, None), &mut s, &mut rng) else {
                assert!(b.points().all(|p| move_features(&b, c, p, &none).is_none()));
                break;
            };
            assert!(
                move_features(&b, c, p, &none).is_some(),
                "{}",
                b.point_string(p)
            );
            self_ataris += usize::from(b.is_self_atari(c, p));
        }
    }
    assert!(
        kos > 0 && self_ataris > 0,
        "{kos} kos, {self_ataris} self-ataris"
    );
}

#[test]
fn playouts_end_filled_with_the_exact_score() {
    let policy = Softmax::new(varied());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let mut trace = MoveTrace::default();
    let local = Local::new();
    for size in [5, 9, 19] {
        for i in 0..10 {
            let mut b = Board::new(size);
            trace.clear();
            let first = if i % 2 == 0 { B } else { W };
            let max = 3 * size * size + 50;
            let score = policy.playout(
                &mut b,
                first,
                7.5,
                max,
                (None, None),
                0.0,
                &mut rng,
                &mut trace,
            );
            b.check_consistency().unwrap();
            assert!(trace.moves.len() > size * size / 2);
            assert_eq!(score, b.area_score(7.5));
            for c in [B, W] {
                let left: Vec<_> = b
                    .points()
                    .filter(|&p| move_features(&b, c, p, &local).is_some())
                    .collect();
                assert!(left.is_empty(), "{c} could still play {left:?}");
            }
        }
    }
}

#[test]
fn the_mercy_rule_stops_a_lopsided_playout() {
    // White's 20 stones in atari on G7: whenever Black takes them, the playout ends.
    let b = board(&[
        "O O O O O O .",
        "O O O O O O O",
        "O O O O O O O",
        "X X X X X X X",
        ". . . . . . .",
        ". . . . . . .",
        ". X . . . . X",
    ]);
    let mut hits = 0;
    let policy = Softmax::new(varied());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let mut trace = MoveTrace::default();
    for _ in 0..20 {
        let mut board = b.clone();
        trace.clear();
        let score = policy.playout(
            &mut board,
            B,
            7.5,
            200,
            (None, None),
            0.2,
            &mut rng,
            &mut trace,
        );
        hits += u32::from(score == 49.0);
        assert!(score == 49.0 || !trace.moves.contains(&(at(&b, "G7").0, B)));
    }
    assert!(hits > 10, "{hits} of 20 playouts ended by the capture");
}

/// A fresh temporary folder named after `name` holding two short 9x9 games (13 positions)
/// as `g.sgf`, and a training of `iterations` on them into `out.txt`.
fn two_games_training(name: &str, iterations: usize) -> (PathBuf, PathBuf, SoftmaxTrainConfig) {
    let dir = std::env::temp_dir().join(format!("moyo-softmax-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("g.sgf");
    std::fs::write(
        &games,
        "(;SZ[9];B[ee];W[ec];B[cc];W[gc];B[eg];W[cd];B[dc])\n(;SZ[9];B[ee];W[ce];B[cc];W[gg];B[ge];W[eg])\n",
    )
    .unwrap();
    let cfg = SoftmaxTrainConfig {
        files: vec![games.clone()],
        max_games: 10,
        out: dir.join("out.txt"),
        checkpoint: dir.join("out.ckpt"),
        iterations,
        min_count: 1,
        imitate_heavy: 0,
        seed: 1,
    };
    (dir, games, cfg)
}

#[test]
fn training_resumes_and_predicts() {
    let (dir, games, mut cfg) = two_games_training("train", 2);
    run(&cfg).unwrap();
    let first = Weights::load(&cfg.out).unwrap();
    assert_eq!(first.meta("iteration"), Some("2"));
    assert_eq!(first.meta("positions"), Some("13"));
    assert_eq!(
        Weights::load(&cfg.checkpoint).unwrap().to_text(),
        first.to_text()
    );
    cfg.iterations = 3;
    run(&cfg).unwrap();
    assert_eq!(
        Weights::load(&cfg.out).unwrap().meta("iteration"),
        Some("3")
    );
    // Other data settings start afresh.
    cfg.min_count = 2;
    cfg.iterations = 1;
    run(&cfg).unwrap();
    assert_eq!(
        Weights::load(&cfg.out).unwrap().meta("iteration"),
        Some("1")
    );
    // The fitted weights predict their own games better than a uniform draw.
    let r = predict(&[games], 10, (0, 1), &first).unwrap();
    assert_eq!((r.games, r.positions), (2, 13));
    assert!(r.log_likelihood > r.uniform_log_likelihood, "{r}");
    assert!(r.top1 > r.uniform, "{r}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn teams_merge_moves_with_the_same_features() {
    let mut d = SoftmaxData::new();
    let mut levels = super::features::NO_LEVELS;
    levels[SoftmaxGroup::Line as usize] = 0;
    let moves = [(levels, 5), (levels, 5), (levels, 9)];
    d.add(moves.into_iter(), Some(1));
    d.add(moves.into_iter(), None);
    assert_eq!(d.positions(), 1);
    assert_eq!(d.teams.len(), 2);
    assert_eq!(d.teams[0].mult, 2);
    assert_eq!(d.winners, vec![0]);
}

#[test]
fn the_base_table_holds_each_codes_shape_gammas() {
    let w = varied();
    let table = w.base_table();
    let mut seen = 0;
    for (b, _) in positions(9) {
        for p in b.points().filter(|&p| b.code(p) == crate::board::EMPTY) {
            let code = b.neighbourhood_code(p);
            let want = [B, W].map(|c| {
                let own = from_mover(code, c);
                let gamma = w.shape(crate::patterns::canonical_shape(own));
                if playable_code(own) {
                    sampler::fixed(gamma)
                } else {
                    0
                }
            });
            assert_eq!(table.get(code), want, "{code:05x}");
            seen += 1;
        }
    }
    assert!(seen > 1000);
}

#[test]
fn imitation_learns_the_heavy_policys_moves() {
    let (dir, games, mut cfg) = two_games_training("imitate", 5);
    run(&cfg).unwrap();
    let records = Weights::load(&cfg.out).unwrap();
    (cfg.out, cfg.checkpoint, cfg.imitate_heavy) = (dir.join("h.txt"), dir.join("h.ckpt"), 2);
    run(&cfg).unwrap();
    let imitated = Weights::load(&cfg.out).unwrap();
    assert_eq!(imitated.meta("imitate_heavy"), Some("2"));
    // Playouts from moves 2, 4 and 6 of both games, each to the end of the game.
    let positions: usize = imitated.meta("positions").unwrap().parse().unwrap();
    assert!(positions > 200, "{positions}");
    // On other heavy playouts (another seed), the imitation predicts the heavy moves better
    // than the records' weights do.
    let on_heavy = |w| predict(std::slice::from_ref(&games), 10, (2, 9), w).unwrap();
    let (a, b) = (on_heavy(&imitated), on_heavy(&records));
    assert!(a.positions > 200 && a.positions == b.positions);
    assert!(a.log_likelihood > b.log_likelihood, "{a}\n{b}");
    std::fs::remove_dir_all(&dir).unwrap();
}
