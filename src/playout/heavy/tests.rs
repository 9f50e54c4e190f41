//! Unit tests of `heavy`.

use super::*;
use crate::params::Params;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The policy `p` describes on a 9x9 board (the small-board settings).
pub(super) fn small_board(p: &Params) -> Policy {
    Policy::new(&p.for_size(9))
}

/// A board from (colour, vertex) stones, the last one the last move; and a vertex's point.
pub(super) use crate::board::diagram::{at as pt, stones_last as setup};

pub(super) fn choices(
    policy: &Policy,
    b: &Board,
    c: Color,
    last: Point,
    n: u64,
) -> Vec<(String, PolicyStep)> {
    choices_after(policy, b, c, last, None, n)
}

/// The policy's move and step for `c` over `n` seeds, after `prev` and then `last`.
fn choices_after(
    policy: &Policy,
    b: &Board,
    c: Color,
    last: Point,
    prev: Option<Point>,
    n: u64,
) -> Vec<(String, PolicyStep)> {
    choices_with(policy, b, c, (last, prev), None, n)
}

/// `choices_after` with the search's `pool`.
fn choices_with(
    policy: &Policy,
    b: &Board,
    c: Color,
    (last, prev): (Point, Option<Point>),
    pool: Option<&RavePool>,
    n: u64,
) -> Vec<(String, PolicyStep)> {
    let mut board = b.clone();
    (0..n)
        .map(|seed| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let (p, s) = policy
                .choose_pooled(&mut board, c, (Some(last), prev), pool, &mut rng)
                .expect("a move");
            (b.point_string(p), s)
        })
        .collect()
}

use Color::{Black as B, White as W};

#[test]
fn atari_save_extends_or_captures() {
    let policy = small_board(&Params::default());
    let (b, last) = setup(9, &[(B, "E5"), (W, "D5"), (W, "F5"), (W, "E6")]);
    let got = choices(&policy, &b, B, last, 20);
    assert!(
        got.iter()
            .all(|(v, s)| v == "E4" && *s == PolicyStep::AtariSave),
        "{got:?}"
    );
    // D5 is itself in atari: capturing it at D4 saves E5 too.
    let (b, last) = setup(
        9,
        &[
            (B, "C5"),
            (B, "D6"),
            (B, "E5"),
            (W, "D5"),
            (W, "F5"),
            (W, "E6"),
        ],
    );
    let got = choices(&policy, &b, B, last, 40);
    assert!(
        got.iter()
            .all(|(v, s)| (v == "E4" || v == "D4") && *s == PolicyStep::AtariSave)
    );
    assert!(got.iter().any(|(v, _)| v == "D4") && got.iter().any(|(v, _)| v == "E4"));
}

#[test]
fn no_escape_into_one_liberty() {
    let policy = small_board(&Params::default());
    // E5 in atari; extending to E4 runs into White's E3, D4, F4: still one liberty.
    let (b, last) = setup(
        9,
        &[
            (W, "E3"),
            (W, "D4"),
            (W, "F4"),
            (B, "E5"),
            (W, "D5"),
            (W, "F5"),
            (W, "E6"),
        ],
    );
    let got = choices(&policy, &b, B, last, 20);
    assert!(
        got.iter().all(|(_, s)| *s != PolicyStep::AtariSave),
        "{got:?}"
    );
}

#[test]
fn no_escape_into_a_working_ladder() {
    // D4 in atari; D3 gets two liberties and the ladder runs to the empty corner.
    let (b, last) = setup(9, &[(W, "D5"), (W, "C4"), (W, "E3"), (B, "D4"), (W, "E4")]);
    let on = small_board(&Params {
        atari_save_ladder_check: true,
        ..Params::default()
    });
    let got = choices(&on, &b, B, last, 20);
    assert!(
        got.iter()
            .all(|(v, s)| !(v == "D3" && *s == PolicyStep::AtariSave)),
        "{got:?}"
    );
    let off = small_board(&Params {
        atari_save_ladder_check: false,
        ..Params::default()
    });
    let got = choices(&off, &b, B, last, 20);
    assert!(
        got.iter()
            .all(|(v, s)| v == "D3" && *s == PolicyStep::AtariSave),
        "{got:?}"
    );
}

fn three_space() -> (Board, Point) {
    // White's corner group has the eye space A1 B1 C1; White's last move was C2.
    setup(
        7,
        &[
            (B, "A3"),
            (B, "B3"),
            (B, "C3"),
            (B, "D3"),
            (B, "E3"),
            (B, "E2"),
            (B, "E1"),
        ]
        .into_iter()
        .chain([(W, "A2"), (W, "B2"), (W, "D2"), (W, "D1"), (W, "C2")])
        .collect::<Vec<_>>(),
    )
}

#[test]
fn nakade_takes_the_vital_point() {
    let policy = small_board(&Params::default());
    let (b, last) = three_space();
    let got = choices(&policy, &b, B, last, 20);
    assert!(
        got.iter()
            .all(|(v, s)| v == "B1" && *s == PolicyStep::Nakade),
        "{got:?}"
    );
    let p = Params {
        nakade_three: false,
        ..Params::default()
    };
    let off = small_board(&p);
    assert!(
        choices(&off, &b, B, last, 20)
            .iter()
            .all(|(_, s)| *s != PolicyStep::Nakade)
    );
}

#[test]
fn capture_prefers_the_bigger_string() {
    let p = Params {
        pattern_rate: 0.0,
        ..Params::default()
    };
    let policy = small_board(&p);
    // White E5-E6 (two stones) in atari at E7; White C5 in atari at C6 next to the last move.
    let (b, last) = setup(
        9,
        &[
            (B, "D5"),
            (B, "D6"),
            (B, "F5"),
            (B, "F6"),
            (B, "E4"),
            (B, "B5"),
            (B, "C4"),
        ]
        .into_iter()
        .chain([(W, "C5"), (W, "E6"), (W, "E5")])
        .collect::<Vec<_>>(),
    );
    let got = choices(&policy, &b, B, last, 10);
    assert!(
        got.iter()
            .all(|(v, s)| v == "E7" && *s == PolicyStep::Capture),
        "{got:?}"
    );
}

#[test]
fn random_step_never_fills_own_eye_nor_big_self_atari() {
    let policy = small_board(&Params::default());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut trace = MoveTrace::default();
    for _ in 0..50 {
        let mut b = Board::new(9);
        trace.clear();
        policy.playout(&mut b, B, 7.0, 243, None, None, &mut rng, &mut trace);
        b.check_consistency().unwrap();
        for c in [B, W] {
            if let Some(p) = policy.random(&b, c, &mut rng) {
                assert!(!b.is_eye(c, p) && b.is_legal(c, p));
                assert!(!b.is_self_atari(c, p) || b.size_after(c, p) <= 3);
            }
        }
    }
}

/// How often White's corner group (A2) is gone at the end of a playout from `b`.
fn death_rate(policy: &Policy, b: &Board, last: Point, n: u64) -> f64 {
    let a2 = pt(b, "A2");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut trace = MoveTrace::default();
    let mut dead = 0;
    for _ in 0..n {
        let mut x = b.clone();
        trace.clear();
        policy.playout(&mut x, B, 0.0, 150, Some(last), None, &mut rng, &mut trace);
        if x.stone(a2) != Some(W) {
            dead += 1;
        }
    }
    dead as f64 / n as f64
}

#[test]
fn nakade_kills_in_playouts() {
    let (b, last) = three_space();
    // The test reads the final position, so the playouts run to the end.
    let heavy = small_board(&Params::default()).without_mercy();
    let p = Params {
        heavy_playouts: false,
        ..Params::default()
    };
    let light = small_board(&p);
    let with = death_rate(&heavy, &b, last, 2000);
    let without = death_rate(&light, &b, last, 2000);
    assert!(with > 0.9, "heavy: the group dies in {with}");
    assert!(
        without < 0.8,
        "light: the group lives often, dies in {without}"
    );
}

#[test]
fn mercy_rule_ends_a_playout_at_a_decisive_capture() {
    // A white string of 26 stones fills rows 1-3 but A1, its last liberty; Black walls row 4.
    let mut stones: Vec<(Color, String)> = "ABCDEFGHJ"
        .chars()
        .map(|c| (Color::Black, format!("{c}4")))
        .collect();
    for row in 1..=3 {
        for c in "ABCDEFGHJ".chars() {
            let v = format!("{c}{row}");
            if v != "A1" && v != "B1" {
                stones.push((Color::White, v));
            }
        }
    }
    stones.push((Color::White, "B1".into()));
    let refs: Vec<(Color, &str)> = stones.iter().map(|(c, v)| (*c, v.as_str())).collect();
    let (b, last) = setup(9, &refs);
    let run = |policy: Policy, komi: f32| {
        let mut board = b.clone();
        let mut trace = MoveTrace::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let score = policy.playout(
            &mut board,
            Color::Black,
            komi,
            243,
            Some(last),
            None,
            &mut rng,
            &mut trace,
        );
        (score, trace.moves.len())
    };
    let mut p = Params::default();
    p.set("mercy_share", "0.3").unwrap();
    // 26 stones taken at once pass 0.3 of the 81 points (24), and 52 points less the komi
    // pass 48: Black wins by the whole board.
    assert_eq!(run(small_board(&p), 4.0), (81.0, 1));
    // With a komi of 5 the lead (47) falls short: the playout goes on.
    assert!(run(small_board(&p), 5.0).1 > 1);
    // The dead-stone count's policy plays on to the end, as the policy without the rule does.
    assert!(run(small_board(&p).without_mercy(), 4.0).1 > 1);
    p.set("mercy_share", "0").unwrap();
    assert!(run(small_board(&p), 4.0).1 > 1);
}

#[test]
fn a_false_eye_is_not_filled_while_its_spoiler_can_be_taken() {
    use crate::board::diagram::{at, board};
    let policy = small_board(&Params {
        false_eye_rate: 1.0,
        ..Params::default()
    });
    // E3 is Black's false eye on the edge: White D4 on its diagonal, in atari at D5.
    let atari = board(&[".....", "..XOX", "...X.", "....X", "....."]);
    assert!(atari.is_eye_like(Color::Black, at(&atari, "E3")));
    assert_eq!(
        policy.false_eye_redirect(&atari, Color::Black, at(&atari, "E3")),
        Some(at(&atari, "D5")),
        "captures the spoiler"
    );
    // D4-D5 has two liberties: C5 ataris it, E5 would be a self-atari of E4.
    let two = board(&["...O.", "..XOX", "...X.", "....X", "....."]);
    assert_eq!(
        policy.false_eye_redirect(&two, Color::Black, at(&two, "E3")),
        Some(at(&two, "C5"))
    );
    // E4 is in atari itself (White E5): filling E3 may be its escape, so no redirect.
    let own = board(&["....O", "..XOX", "...X.", "....X", "....."]);
    assert_eq!(
        policy.false_eye_redirect(&own, Color::Black, at(&own, "E3")),
        None
    );
}

#[test]
fn the_pattern_step_looks_around_our_previous_move_when_asked() {
    // White's last move G8 stands alone; our (Black's) move before it, D4, touches White's
    // E4: E3 and E5 reach around E4, D3 and D5 around D4 (MoGo's hane, for either side).
    let (b, last) = setup(9, &[(B, "D4"), (W, "E4"), (W, "G8")]);
    let prev = pt(&b, "D4");
    let moves = |pattern_prev: bool| {
        let policy = small_board(&Params {
            pattern_prev,
            ..Params::default()
        });
        choices_after(&policy, &b, B, last, Some(prev), 60)
            .into_iter()
            .filter_map(|(v, s)| (s == PolicyStep::Pattern).then_some(v))
            .collect::<Vec<_>>()
    };
    assert!(moves(false).is_empty(), "{:?}", moves(false));
    let on = moves(true);
    assert!(on.len() > 30, "{on:?}");
    let hanes = ["D3", "D5", "E3", "E5"];
    assert!(on.iter().all(|v| hanes.contains(&v.as_str())), "{on:?}");
    assert!(hanes.iter().all(|h| on.iter().any(|v| v == h)), "{on:?}");
}

#[test]
fn the_small_board_bundle_stays_off_on_large_boards() {
    // The 9x9 bundle's switches are on below `large_board_min_size` and off from it; the
    // race step has its own board range.
    let p = Params::default();
    let small = Policy::new(&p.for_size(9));
    assert!(small.pattern_prev && small.selfatari_nakade && small.false_eye > 0.0);
    assert!(small.race > 0.0 && small.race_sizes.contains(&9));
    let large = Policy::new(&p.for_size(19));
    assert!(!large.pattern_prev && !large.selfatari_nakade && large.false_eye == 0.0);
    assert!(!large.race_sizes.contains(&13) && !large.race_sizes.contains(&19));
    // The `_large` variants switch them on there.
    let on = Policy::new(
        &Params {
            pattern_prev_large: true,
            selfatari_nakade_large: true,
            false_eye_rate_large: 1.0,
            ..Params::default()
        }
        .for_size(19),
    );
    assert!(on.pattern_prev && on.selfatari_nakade && on.false_eye == 1.0);
}

#[test]
fn the_rates_tuned_on_small_boards_have_their_own_values_on_large_ones() {
    let p = Params {
        approach_rate: 0.25,
        approach_rate_large: 0.75,
        mercy_share: 0.2,
        mercy_share_large: 0.4,
        ..Params::default()
    };
    let (small, large) = (Policy::new(&p.for_size(9)), Policy::new(&p.for_size(19)));
    assert_eq!((small.approach, small.mercy_share), (0.25, 0.2));
    assert_eq!((large.approach, large.mercy_share), (0.75, 0.4));
}

#[test]
fn approach_connects_only_to_a_string_the_self_atari_would_not_join() {
    // E4 would join E5-F5; F4 touches that string (no connection elsewhere) unless G4 or F3
    // is Black too.
    let (b, _) = setup(9, &[(B, "E5"), (B, "F5"), (W, "A1")]);
    assert!(!connects_elsewhere(&b, B, pt(&b, "E4"), pt(&b, "F4")));
    let (b, _) = setup(9, &[(B, "E5"), (B, "F5"), (B, "G4"), (W, "A1")]);
    assert!(connects_elsewhere(&b, B, pt(&b, "E4"), pt(&b, "F4")));
    // A White neighbour is no connection, and neither is an empty board.
    let (b, _) = setup(9, &[(B, "E5"), (W, "G4")]);
    assert!(!connects_elsewhere(&b, B, pt(&b, "E4"), pt(&b, "F4")));
    assert!(!connects_elsewhere(&b, W, pt(&b, "C3"), pt(&b, "C4")));
}

/// The policy's moves for `c` over `n` seeds with `pool`, after `last`.
fn pooled_choices(
    policy: &Policy,
    b: &Board,
    c: Color,
    last: Point,
    pool: &RavePool,
    n: u64,
) -> Vec<(String, PolicyStep)> {
    choices_with(policy, b, c, (last, None), Some(pool), n)
}

#[test]
fn the_pool_step_replaces_only_the_random_move() {
    let mut params = Params::default();
    params.set("playout_pool_rate", "1").unwrap();
    let policy = small_board(&params);
    assert!(policy.uses_pool());
    assert!(!small_board(&Params::default()).uses_pool());
    // A quiet position: with no pattern or capture to play, the pool's one move every time.
    let (b, last) = setup(9, &[(B, "C3"), (W, "G7")]);
    let mut pool = RavePool::default();
    pool.push(B, pt(&b, "E5").0);
    let got = pooled_choices(&policy, &b, B, last, &pool, 20);
    assert!(
        got.iter().all(|(v, s)| v == "E5" && *s == PolicyStep::Pool),
        "{got:?}"
    );
    // White's pool is empty: White's moves come from the other steps.
    let got = pooled_choices(&policy, &b, W, last, &pool, 20);
    assert!(got.iter().all(|(_, s)| *s != PolicyStep::Pool), "{got:?}");
    // White's E4 against Black's D4: MoGo's hane patterns answer it before any pool move.
    let (b, last) = setup(9, &[(B, "D4"), (W, "E4")]);
    let mut pool = RavePool::default();
    pool.push(B, pt(&b, "H8").0);
    let got = pooled_choices(&policy, &b, B, last, &pool, 40);
    assert!(
        got.iter().all(|(_, s)| *s == PolicyStep::Pattern),
        "{got:?}"
    );
    // An own string in atari is saved first.
    let (b, last) = setup(9, &[(B, "E5"), (W, "D5"), (W, "F5"), (W, "E6")]);
    let got = pooled_choices(&policy, &b, B, last, &pool, 20);
    assert!(
        got.iter()
            .all(|(v, s)| v == "E4" && *s == PolicyStep::AtariSave),
        "{got:?}"
    );
    // A pool move that would throw a big string into atari is not played.
    let (b, last) = setup(
        9,
        &[
            (B, "D4"),
            (B, "E4"),
            (B, "F4"),
            (W, "D5"),
            (W, "E5"),
            (W, "F5"),
            (W, "C4"),
            (W, "G4"),
            (W, "D3"),
            (W, "F3"),
            (W, "A9"),
        ],
    );
    let mut pool = RavePool::default();
    pool.push(B, pt(&b, "E3").0);
    let got = pooled_choices(&policy, &b, B, last, &pool, 20);
    assert!(got.iter().all(|(_, s)| *s != PolicyStep::Pool), "{got:?}");
}
