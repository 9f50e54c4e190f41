//! Unit tests of `patterns`: the features of hand-made positions, shapes under the
//! symmetries, the gamma table and its file, MM training and its checkpoint, prediction.

use super::predict::{Report, run as predict_run};
use super::train::{Model, PatternData};
use super::*;
use crate::board::diagram::{at, board, stones};
use crate::board::{Color, Move, Symmetry};
use std::collections::HashMap;

use Color::{Black as B, White as W};

/// C1 (white) and C2 (black) are both in atari; D1 (black) too.
fn capture_position() -> Board {
    board(&[
        ". . . . .",
        ". . . . .",
        ". . O . .",
        ". . X O .",
        ". . O X .",
    ])
}

fn feats(b: &Board, c: Color, v: &str, recent: Recent) -> Features {
    features(b, c, Move::Play(at(b, v)), recent)
}

#[test]
fn capture_levels() {
    let b = capture_position();
    let none = Recent::default();
    // B1 captures C1, which frees C2: level 0, even when C1 was the last move.
    assert_eq!(feats(&b, B, "B1", none).level(PatternGroup::Capture), 0);
    let last_c1 = Recent {
        last: Some(Move::Play(at(&b, "C1"))),
        prev: None,
    };
    assert_eq!(feats(&b, B, "B1", last_c1).level(PatternGroup::Capture), 0);
    // White B2 captures C2, which frees C1: level 0 too.
    assert_eq!(feats(&b, W, "B2", none).level(PatternGroup::Capture), 0);
    // White E1 captures D1 (next to C1 in atari: saves it as well).
    assert_eq!(feats(&b, W, "E1", none).level(PatternGroup::Capture), 0);
    // A capture of the last move's string that saves nothing: level 1; otherwise level 2.
    let d = board(&[
        ". . . . .",
        ". . . . .",
        "X . . . .",
        "O X . . .",
        ". . . . .",
    ]);
    let last_a2 = Recent {
        last: Some(Move::Play(at(&d, "A2"))),
        prev: None,
    };
    assert_eq!(feats(&d, B, "A1", last_a2).level(PatternGroup::Capture), 1);
    assert_eq!(feats(&d, B, "A1", none).level(PatternGroup::Capture), 2);
}

#[test]
fn extension_self_atari_atari() {
    let b = capture_position();
    let none = Recent::default();
    // Black B2 extends C2 (in atari) to three liberties: a safe extension.
    let f = feats(&b, B, "B2", none);
    assert_eq!(f.level(PatternGroup::Extension), 0);
    assert_eq!(f.level(PatternGroup::SelfAtari), NONE);
    // Black E1 joins D1 and still has one liberty (E2): a self-atari of two stones.
    let f = feats(&b, B, "E1", none);
    assert_eq!(f.level(PatternGroup::SelfAtari), 1);
    assert_eq!(f.level(PatternGroup::Extension), NONE);
    // Black D3 puts D2 (two liberties) in atari.
    assert_ne!(feats(&b, B, "D3", none).level(PatternGroup::Atari), NONE);
    assert_eq!(feats(&b, B, "A5", none).level(PatternGroup::Atari), NONE);
    // A lone stone with one liberty: self-atari level 0.
    let e = board(&[
        ". . . . .",
        ". . . . .",
        ". . . . .",
        "O . . . .",
        ". O . . .",
    ]);
    assert_eq!(feats(&e, B, "A1", none).level(PatternGroup::SelfAtari), 0);
}

#[test]
fn ladder_extension_and_atari() {
    // White C3 with two liberties; Black C4 starts a ladder towards the empty upper right,
    // Black D3 an atari White escapes from by C4.
    let b = board(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". X O . . . .",
        ". . X X . . .",
        ". . . . . . .",
    ]);
    let none = Recent::default();
    assert_eq!(feats(&b, B, "C4", none).level(PatternGroup::Atari), 0);
    assert_eq!(feats(&b, B, "D3", none).level(PatternGroup::Atari), 2);
    let g = board(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . X . . . .",
        ". X O . . . .",
        ". . X X . . .",
        ". . . . . . .",
    ]);
    assert_eq!(
        feats(&g, W, "D3", none).level(PatternGroup::Extension),
        1,
        "D3 runs into a ladder"
    );
}

#[test]
fn line_distance_pass() {
    let b = board(&["........."; 9]);
    let none = Recent::default();
    assert_eq!(feats(&b, B, "A1", none).level(PatternGroup::Line), 0);
    assert_eq!(feats(&b, B, "C5", none).level(PatternGroup::Line), 2);
    assert_eq!(feats(&b, B, "D4", none).level(PatternGroup::Line), 3);
    assert_eq!(feats(&b, B, "E5", none).level(PatternGroup::Line), NONE);
    let r = Recent {
        last: Some(Move::Play(at(&b, "E5"))),
        prev: Some(Move::Play(at(&b, "A1"))),
    };
    let f = feats(&b, B, "E6", r);
    assert_eq!(f.level(PatternGroup::DistLast), 0, "adjacent: distance 2");
    assert_eq!(f.level(PatternGroup::DistPrev), 12, "4 + 5 + 5 = 14");
    assert_eq!(
        feats(&b, B, "J9", r).level(PatternGroup::DistPrev),
        15,
        "24: 17 or more"
    );
    assert_eq!(feats(&b, B, "F6", r).level(PatternGroup::DistLast), 1);
    let p = features(&b, B, Move::Pass, none);
    assert_eq!(p.level(PatternGroup::Pass), 0);
    assert_eq!(p.shape, NO_SHAPE);
    let after_pass = Recent {
        last: Some(Move::Pass),
        prev: None,
    };
    assert_eq!(
        features(&b, B, Move::Pass, after_pass).level(PatternGroup::Pass),
        1
    );
    let mut all = Vec::new();
    all_features(&b, B, none, &mut all);
    assert_eq!(all.len(), 82, "81 points and the pass");
}

#[test]
fn shapes_are_canonical_under_symmetries_and_colours() {
    for code in [0u32, 0x1_2345, 0x3_0c0f, 0xf_0001, 0x5_5a69, 0x8_9999] {
        let c = canonical_shape(code);
        for s in 0..8 {
            assert_eq!(canonical_shape(transform_code(code, s)), c, "{code:x} {s}");
        }
    }
    // A position, its 8 transforms and its colour swap give one shape.
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . O X . .",
        ". . . . O . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let b = board(&rows);
    let p = at(&b, "D3");
    let base_f = features(&b, B, Move::Play(p), Recent::default());
    let base = base_f.shape;
    for s in Symmetry::ALL {
        let mut t = Board::new(7);
        for q in b.points() {
            if let Some(c) = b.stone(q) {
                t.play(c, Move::Play(s.map_point(&b, q))).unwrap();
            }
        }
        let f = features(&t, B, Move::Play(s.map_point(&b, p)), Recent::default());
        assert_eq!(f.shape, base, "symmetry {}", s.0);
        assert_eq!(f.spatial, base_f.spatial, "symmetry {}", s.0);
    }
    let swapped: Vec<String> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|ch| match ch {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect()
        })
        .collect();
    let refs: Vec<&str> = swapped.iter().map(|s| s.as_str()).collect();
    let w = board(&refs);
    assert_eq!(
        features(&w, W, Move::Play(p), Recent::default()).shape,
        base
    );
    assert_ne!(
        features(&b, W, Move::Play(p), Recent::default()).shape,
        base
    );
}

#[test]
fn spatial_sizes_and_largest_match() {
    let e = board(&[". . . . . . . . ."; 9]);
    let mut b = e.clone();
    // A stone at (dx, dy) = (2, 1) from E5: gridcular distance 2 + 1 + 2 = 5.
    b.play(B, Move::Play(at(&b, "G6"))).unwrap();
    let p = at(&b, "E5");
    let he = spatial_hashes(&e, B, p);
    let hb = spatial_hashes(&b, B, p);
    assert_eq!(he[0], hb[0], "size 4 does not see G6");
    for i in 1..SIZES {
        assert_ne!(he[i], hb[i], "size {} sees G6", i + MIN_D);
    }
    for i in 1..SIZES {
        assert_ne!(he[i], he[i - 1], "sizes have their own keys");
    }
    // The same stone for the other colour is an opponent stone.
    assert_ne!(spatial_hashes(&b, W, p)[1], hb[1]);
    // Only the largest known pattern counts.
    let f = features(&b, B, Move::Play(p), Recent::default());
    let mut spatial = HashMap::new();
    spatial.insert(f.spatial[0], 2.0);
    spatial.insert(f.spatial[2], 8.0);
    let groups = std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]);
    let g = Gammas::new(groups, HashMap::new(), 1.0, spatial, Vec::new());
    assert_eq!(g.spatial_match(&f), Some(2));
    assert!((g.log_gamma(&f) - 8f32.ln()).abs() < 1e-6);
    let pass = features(&b, B, Move::Pass, Recent::default());
    assert_eq!(g.spatial_match(&pass), None);
}

fn team(line: u8, shape: u32) -> Features {
    let mut levels = [NONE; GROUPS];
    levels[PatternGroup::Line as usize] = line;
    Features {
        levels,
        shape,
        spatial: [0; SIZES],
    }
}

#[test]
fn mm_gives_the_winning_feature_the_larger_gamma() {
    let mut data = PatternData::new(Vec::new());
    let a = Move::Play(Point(10));
    let b = Move::Play(Point(11));
    let c = Move::Play(Point(12));
    // Line-1 moves with shape 7 win 3 of 4 against line-2 moves with shape 9 (two of them).
    for i in 0..40 {
        let moves = [(a, team(0, 7)), (b, team(1, 9)), (c, team(1, 9))];
        data.add(&moves, if i % 4 == 3 { b } else { a });
    }
    assert_eq!(data.positions(), 40);
    assert_eq!(data.teams.len(), 80, "b and c merge into one team");
    data.index_shapes(1);
    assert_eq!(data.codes, vec![7, 9]);
    let mut m = Model::new(&data);
    let ll0 = m.log_likelihood(&data);
    for _ in 0..30 {
        m.iterate(&data);
    }
    assert!(m.log_likelihood(&data) > ll0);
    let g = m.gammas(&data, Vec::new());
    let strength =
        |line: usize, shape: u32| g.groups[PatternGroup::Line as usize][line] * g.shapes[&shape];
    let ratio = strength(0, 7) / strength(1, 9);
    // The maximum-likelihood ratio is 6 (3 wins against 1 with two line-2 moves); the prior
    // pulls it a little towards 1.
    assert!(ratio > 3.0 && ratio < 7.0, "ratio {ratio}");
}

#[test]
fn file_round_trip_and_corruption() {
    let mut groups: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]);
    groups[PatternGroup::Capture as usize][0] = 31.5;
    groups[PatternGroup::DistLast as usize][3] = 0.125;
    let mut shapes = HashMap::new();
    shapes.insert(0x1234, 2.5);
    shapes.insert(0xabcde, 0.01);
    let mut spatial = HashMap::new();
    spatial.insert(0xdead_beef_0000_0001, 3.0);
    let g = Gammas::new(
        groups,
        shapes,
        0.5,
        spatial,
        vec![("iteration".into(), "4".into())],
    );
    let text = g.to_text();
    let back = Gammas::parse(&text, "x.txt").unwrap();
    assert_eq!(back.groups, g.groups);
    assert_eq!(back.shapes, g.shapes);
    assert_eq!(back.other_shape, 0.5);
    assert_eq!(back.spatial, g.spatial);
    assert_eq!(back.meta("iteration"), Some("4"));
    assert_eq!(back.to_text(), text);
    let mut f = team(0, 0x1234);
    f.levels[PatternGroup::Capture as usize] = 0;
    assert!((back.log_gamma(&f) - (31.5f64 * 2.5).ln() as f32).abs() < 1e-5);
    assert!((back.log_gamma(&team(NONE, 0x77)) - 0.5f64.ln() as f32).abs() < 1e-6);
    // One changed digit: the checksum catches it, and the message names the file.
    let bad = text.replace("3.150000e1", "3.150001e1");
    assert_ne!(bad, text);
    let e = Gammas::parse(&bad, "x.txt").unwrap_err();
    assert!(e.starts_with("x.txt") && e.contains("checksum"), "{e}");
    let e = Gammas::parse(&text.replace("shape3x3", "shape5x5"), "y.txt").unwrap_err();
    assert!(e.starts_with("y.txt") && e.contains("layout"), "{e}");
    let e = Gammas::parse(&text.replace("gammas 1", "gammas 2"), "z.txt").unwrap_err();
    assert!(e.starts_with("z.txt"), "{e}");
    assert!(Gammas::parse("", "e.txt").is_err());
}

#[test]
fn builtin_table_loads() {
    let text = include_str!("../../patterns/mm-gammas.txt");
    Gammas::parse(text, BUILTIN_NAME).unwrap();
    let _ = Gammas::builtin();
}

#[test]
fn predict_output_format() {
    let dir = std::env::temp_dir().join(format!("moyo-predict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two.sgf");
    std::fs::write(
        &path,
        "(;SZ[9]KM[7];B[ee];W[ec];B[cc];W[];B[])\n(;SZ[9]HA[2]AB[cc][gg];W[ee];B[ce])\n",
    )
    .unwrap();
    let r = predict_run(std::slice::from_ref(&path), 10, &Gammas::uniform()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(r.games, 2);
    assert_eq!(r.all.positions, 7);
    assert_eq!(r.phases[0].positions, 7);
    let text = r.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("top1 "), "{text}");
    assert!(lines[1].starts_with("top5 "));
    assert!(lines[2].starts_with("top10 "));
    assert_eq!(lines[3], "positions 7");
    assert_eq!(lines[4], "games 2");
    assert!(lines[5].starts_with("moves 1-50 top1 "));
    assert!(lines[7].starts_with("moves 151+ "));
    let mut rep = Report::default();
    rep.add(1, 0);
    rep.add(60, 3);
    rep.add(200, 20);
    let t = rep.to_string();
    assert!(
        t.starts_with("top1 33.33\ntop5 66.67\ntop10 66.67\npositions 3\n"),
        "{t}"
    );
}

#[test]
fn move_log_gamma_ranks_a_capture_first_with_a_capture_gamma() {
    let b = capture_position();
    let mut groups: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]);
    groups[PatternGroup::Capture as usize][0] = 20.0;
    let g = Gammas::new(groups, HashMap::new(), 1.0, HashMap::new(), Vec::new());
    let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(B, p)).collect();
    assert_eq!(legal.len(), 20);
    let best = legal
        .iter()
        .max_by(|&&x, &&y| {
            let r = Recent::default();
            move_log_gamma(&b, B, x, r, &g).total_cmp(&move_log_gamma(&b, B, y, r, &g))
        })
        .copied();
    assert_eq!(best, Some(at(&b, "B1")));
    assert!((move_log_gamma(&b, B, at(&b, "B1"), Recent::default(), &g) - 20f32.ln()).abs() < 1e-4);
}

#[test]
fn training_writes_a_table_and_resumes_from_its_checkpoint() {
    use super::train::{PatternTrainConfig, run};
    let dir = std::env::temp_dir().join(format!("moyo-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("g.sgf");
    std::fs::write(
        &games,
        "(;SZ[9];B[ee];W[ec];B[cc];W[gc];B[eg])\n(;SZ[9];B[ee];W[ce];B[cc];W[gg];B[ge])\n",
    )
    .unwrap();
    let mut cfg = PatternTrainConfig {
        files: vec![games],
        max_games: 10,
        out: dir.join("out.txt"),
        checkpoint: dir.join("out.ckpt"),
        iterations: 2,
        min_count: 1,
        min_spatial: 1,
    };
    run(&cfg).unwrap();
    let first = Gammas::load(&cfg.out).unwrap();
    assert_eq!(first.meta("iteration"), Some("2"));
    assert_eq!(first.meta("positions"), Some("10"));
    assert!(!first.spatial.is_empty());
    // A rerun with more iterations starts from the checkpoint's iteration 2.
    cfg.iterations = 3;
    run(&cfg).unwrap();
    let second = Gammas::load(&cfg.out).unwrap();
    assert_eq!(second.meta("iteration"), Some("3"));
    // Other data settings start afresh.
    cfg.min_count = 2;
    cfg.iterations = 1;
    run(&cfg).unwrap();
    assert_eq!(Gammas::load(&cfg.out).unwrap().meta("iteration"), Some("1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The prior's fast path gives the same ln(gamma) as the full features, on every legal move
/// of positions along a professional game (the built-in table holds every smaller pattern of
/// a pattern it holds, so stopping at the first unknown size loses nothing).
#[test]
fn move_log_gamma_agrees_with_the_full_features() {
    let g = crate::sgf::midgame_19();
    let gammas = Gammas::builtin();
    assert!(gammas.has_spatial());
    let mut replay = crate::board::Game::new(19, 7.5);
    let mut checked = 0;
    let mut spatial_used = 0;
    for (i, &(c, m)) in g.moves().iter().enumerate() {
        if i % 10 == 0 {
            let b = replay.board();
            let to_play = replay.to_play();
            let recent = Recent {
                last: replay.moves().last().map(|x| x.1),
                prev: replay.moves().iter().rev().nth(1).map(|x| x.1),
            };
            for p in b.points().filter(|&p| b.is_legal(to_play, p)) {
                let f = features(b, to_play, Move::Play(p), recent);
                let slow = gammas.log_gamma(&f);
                let fast = move_log_gamma(b, to_play, p, recent, gammas);
                assert!((slow - fast).abs() < 1e-4, "{p:?}: {slow} vs {fast}");
                spatial_used += usize::from(gammas.spatial_match(&f).is_some());
                checked += 1;
            }
        }
        replay.play(c, m).unwrap();
    }
    assert!(checked > 1000, "{checked}");
    assert!(spatial_used > checked / 2, "{spatial_used} of {checked}");
}

/// The rank (1 = best) the built-in table gives the best of `wanted` among Black's legal
/// moves, and the number of legal moves.
fn builtin_rank(b: &Board, wanted: &[&str]) -> (usize, usize) {
    let g = Gammas::builtin();
    let r = Recent::default();
    let score = |p| move_log_gamma(b, B, p, r, g);
    let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(B, p)).collect();
    let best = wanted
        .iter()
        .map(|v| score(at(b, v)))
        .fold(f32::NEG_INFINITY, f32::max);
    let above = legal.iter().filter(|&&p| score(p) > best).count();
    (above + 1, legal.len())
}

/// What the table does, not only that it loads: a good shape scores above a bad one in the
/// same place. Black's two stones C10 C11 face White's D10 D11: the hane at the head of the
/// two stones (D12) is the proverb's move, the empty triangle (B11, with B10 empty) the
/// proverb's bad shape.
#[test]
fn builtin_table_prefers_good_shape_to_bad() {
    let b = stones(19, &[(B, "C10"), (W, "D10"), (B, "C11"), (W, "D11")]);
    let g = Gammas::builtin();
    let r = Recent::default();
    let hane = move_log_gamma(&b, B, at(&b, "D12"), r, g);
    let triangle = move_log_gamma(&b, B, at(&b, "B11"), r, g);
    assert!(hane > triangle, "hane {hane} vs empty triangle {triangle}");
    // In a corner: the solid 3-4 point beats the first line.
    let e = Board::new(19);
    let komoku = move_log_gamma(&e, B, at(&e, "R16"), r, g);
    let first_line = move_log_gamma(&e, B, at(&e, "T16"), r, g);
    assert!(
        komoku > first_line,
        "3-4 point {komoku} vs first line {first_line}"
    );
}

/// The table predicts positions it was not trained on (textbook positions made up here, not
/// from the game collection) far above chance: by chance the right move would rank in the
/// middle of the legal moves, on average.
#[test]
fn builtin_table_predicts_held_out_positions_above_chance() {
    let cases: Vec<(&str, Board, Vec<&str>)> = vec![
        (
            "capture the stone in atari",
            stones(19, &[(B, "D4"), (W, "E4"), (B, "E3"), (B, "F4")]),
            vec!["E5"],
        ),
        (
            "escape from atari",
            stones(19, &[(B, "D4"), (W, "C4"), (W, "E4"), (W, "D3")]),
            vec!["D5"],
        ),
        (
            "the first move of the game",
            Board::new(19),
            vec![
                "D4", "D16", "Q4", "Q16", "C4", "D3", "C16", "D17", "Q3", "R4", "Q17", "R16",
            ],
        ),
        (
            "hane at the head of two stones",
            stones(19, &[(B, "C10"), (W, "D10"), (B, "C11"), (W, "D11")]),
            vec!["D12", "D9"],
        ),
        (
            "connect the cutting point",
            stones(19, &[(B, "D4"), (B, "E5"), (W, "E4"), (W, "F5"), (W, "C5")]),
            vec!["D5"],
        ),
    ];
    let mut share_sum = 0.0;
    for (name, b, wanted) in &cases {
        let (rank, legal) = builtin_rank(b, wanted);
        let share = rank as f64 / legal as f64;
        eprintln!("{name}: rank {rank} of {legal}");
        // Each one in the best tenth of the legal moves (chance: half of them).
        assert!(share <= 0.1, "{name}: rank {rank} of {legal}");
        share_sum += share;
    }
    let mean = share_sum / cases.len() as f64;
    assert!(mean < 0.05, "mean rank share {mean:.3}, chance is 0.5");
}
