//! Unit tests of `ladder`.

use super::*;
use crate::board::Move;
use crate::board::diagram::{LADDER_9, at, board, play_stones};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// `diagram` with extra stones put on it (`X`/`O` per vertex).
fn with(rows: &[&str], extra: &[(Color, &str)]) -> Board {
    let mut b = board(rows);
    play_stones(&mut b, extra);
    b.pass();
    b
}

fn ladder_19() -> Vec<&'static str> {
    let mut rows = vec![". . . . . . . . . . . . . . . . . . ."; 19];
    rows[15] = ". . X . . . . . . . . . . . . . . . .";
    rows[16] = ". X O . . . . . . . . . . . . . . . .";
    rows[17] = ". . X X . . . . . . . . . . . . . . .";
    rows
}

/// Checks the reading leaves `b` as it was.
fn unchanged(b: &Board, f: impl FnOnce(&Board)) {
    let (hash, text, ko) = (b.hash(), b.to_string(), b.ko());
    f(b);
    assert_eq!((b.hash(), b.to_string(), b.ko()), (hash, text, ko));
    b.check_consistency().unwrap();
}

#[test]
fn classic_ladder_towards_an_empty_corner_is_captured() {
    let b = board(&LADDER_9);
    unchanged(&b, |b| assert!(b.ladder_captures(at(b, "C3"))));
    let rows = ladder_19();
    let b = board(&rows);
    unchanged(&b, |b| assert!(b.ladder_captures(at(b, "C3"))));
    // The same with the colours swapped.
    let swapped: Vec<String> = LADDER_9
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = swapped.iter().map(String::as_str).collect();
    let b = board(&rows);
    assert!(b.ladder_captures(at(&b, "C3")));
}

#[test]
fn a_breaker_on_the_path_saves_the_string() {
    // The ladder runs D3 E3 D4 D5 E4 F4 E5 E6 F5 G5 F6 F7 G6 ...: a white stone near any
    // later step breaks it.
    for v in ["G7", "H8", "F7", "J6"] {
        let b = with(&LADDER_9, &[(Color::White, v)]);
        assert!(!b.ladder_captures(at(&b, "C3")), "breaker on {v}");
    }
    for v in ["O15", "R18", "K10"] {
        let b = with(&ladder_19(), &[(Color::White, v)]);
        assert!(!b.ladder_captures(at(&b, "C3")), "breaker on {v}");
    }
    // Stones away from the path change nothing.
    for v in ["A9", "J1", "B7"] {
        let b = with(&LADDER_9, &[(Color::White, v)]);
        assert!(b.ladder_captures(at(&b, "C3")), "stone on {v}");
    }
}

#[test]
fn an_attacker_stone_on_the_path_still_captures() {
    for v in ["G7", "F6", "H8", "E5"] {
        let b = with(&LADDER_9, &[(Color::Black, v)]);
        assert!(b.ladder_captures(at(&b, "C3")), "black stone on {v}");
    }
    // White K12 breaks the ladder on 19x19, but not with a black stone already on K11,
    // one of the points Black ataris from on the way.
    let plain = with(&ladder_19(), &[(Color::White, "K12")]);
    assert!(!plain.ladder_captures(at(&plain, "C3")));
    let made = with(
        &ladder_19(),
        &[(Color::White, "K12"), (Color::Black, "K11")],
    );
    assert!(made.ladder_captures(at(&made, "C3")));
}

#[test]
fn capturing_a_chasing_stone_in_atari_escapes() {
    // The ladder works, but Black B3 has one liberty (B4) once White holds A3 and B2:
    // White takes it, and Black can neither retake (suicide) nor stop the connection.
    let b = with(&LADDER_9, &[(Color::White, "A3"), (Color::White, "B2")]);
    assert_eq!(b.lib_count(at(&b, "B3")), 1);
    unchanged(&b, |b| assert!(!b.ladder_captures(at(b, "C3"))));
    assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
    // With only one of them B3 keeps two liberties and the ladder works.
    for v in ["A3", "B2"] {
        let b = with(&LADDER_9, &[(Color::White, v)]);
        assert!(b.ladder_captures(at(&b, "C3")), "White {v}");
    }
}

#[test]
fn a_chasing_stone_put_in_atari_during_the_ladder_breaks_it() {
    // With White on E2, Black must atari on E3 (from D4, White would connect to E2). After
    // White D4, Black D5 and White E4, the chaser E3 is down to one liberty, F3, and White
    // takes it.
    let b = with(&LADDER_9, &[(Color::White, "E2")]);
    assert!(!b.ladder_captures(at(&b, "C3")));
    let mut line = b.clone();
    play_stones(
        &mut line,
        &[
            (Color::White, "D3"),
            (Color::Black, "E3"),
            (Color::White, "D4"),
            (Color::Black, "D5"),
            (Color::White, "E4"),
        ],
    );
    assert_eq!(line.lib_count(at(&line, "E3")), 1);
    assert_eq!(line.lib_count(at(&line, "E4")), 2);
}

#[test]
fn edge_ladders_are_captured() {
    // First line: White C1 (liberty D1) is chased along the edge to the corner.
    let first_line = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . . . .",
        ". X O . . . . . .",
    ];
    let b = board(&first_line);
    assert!(b.ladder_captures(at(&b, "C1")));
    // A white stone on the second line ahead of it saves it.
    let b2 = with(&first_line, &[(Color::White, "G2")]);
    assert!(!b2.ladder_captures(at(&b2, "C1")));
    // Second line: White C4 runs down to the right, reaches the first and second lines
    // and dies against the lower edge.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X . . . . .",
        ". X O . . . . . .",
        ". . X . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert!(b.ladder_captures(at(&b, "C4")));
    // Straight along the second line: White C2 extends to D2 and is blocked on E2.
    let b = board(&[
        ". . . . .",
        ". . . . .",
        ". . X X .",
        ". X O . .",
        ". . X . .",
    ]);
    assert!(b.ladder_captures(at(&b, "C2")));
    // A ladder that meets the top edge before the corner.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . X O . . . .",
        ". . . . X X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert_eq!(b.lib_count(at(&b, "E5")), 1);
    assert!(b.ladder_captures(at(&b, "E5")));
}

#[test]
fn three_liberties_after_extension_is_no_ladder() {
    // Without Black D2 the extension to D3 has D2, E3 and D4.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . . . .",
        ". X O . . . . . .",
        ". . X . . . . . .",
        ". . . . . . . . .",
    ]);
    assert!(!b.ladder_captures(at(&b, "C3")));
    assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
}

#[test]
fn escape_is_ladder_tells_a_working_ladder_from_a_safe_extension() {
    let b = board(&LADDER_9);
    unchanged(&b, |b| {
        assert!(b.escape_is_ladder(Color::White, at(b, "D3")));
    });
    let b = with(&LADDER_9, &[(Color::White, "G7")]);
    assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
    // An occupied point is no escape; Black D3 takes C3 and leaves a strong string.
    let b = board(&LADDER_9);
    assert!(!b.escape_is_ladder(Color::White, at(&b, "C4")));
    assert!(!b.escape_is_ladder(Color::Black, at(&b, "D3")));
}

#[test]
fn non_atari_and_empty_points_are_not_ladders() {
    let b = board(&LADDER_9);
    assert!(!b.ladder_captures(at(&b, "E5")), "empty point");
    assert!(
        !b.ladder_captures(at(&b, "C4")),
        "a string with three liberties"
    );
}

#[test]
fn a_ko_retake_is_no_escape() {
    // Black has just taken a white stone on B2 with C2, a ko. White D2 (liberty D1) can
    // only escape by retaking on B2: extending to D1 joins C1 and leaves E1 alone.
    let mut b = board(&[
        ". . . . .",
        ". . . . .",
        ". X O X .",
        "X O . O X",
        ". X O . .",
    ]);
    b.play(Color::Black, Move::Play(at(&b, "C2"))).unwrap();
    assert_eq!(b.ko(), Some((at(&b, "B2"), Color::White)));
    assert_eq!(b.lib_count(at(&b, "D2")), 1);
    unchanged(&b, |b| assert!(b.ladder_captures(at(b, "D2"))));
    // Once the ban is lifted (White found a ko threat) the retake saves it: Black may not
    // retake at once, and D1 would be a self-atari.
    b.pass();
    assert!(!b.ladder_captures(at(&b, "D2")));
}

/// The best time per call of `f` over a few batches (the machine may be busy).
fn time_per_call(mut f: impl FnMut()) -> std::time::Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..1000 {
                f();
            }
            t.elapsed() / 1000
        })
        .min()
        .unwrap()
}

/// Plays the reading makes on `p`.
fn plays_read(b: &Board, p: Point) -> u32 {
    let mut r = LadderReader::new();
    r.defend(&mut b.clone(), p);
    r.plays
}

#[test]
fn board_is_unchanged_and_deep_ladders_are_fast() {
    let b = board(&ladder_19());
    let c3 = at(&b, "C3");
    let mut captured = true;
    unchanged(&b, |b| captured = b.ladder_captures(c3));
    assert!(captured);
    let per = time_per_call(|| assert!(b.ladder_captures(c3)));
    let plays = plays_read(&b, c3);
    println!("19x19 ladder from C3 to the upper right: {plays} plays read, {per:?}");
    // A ladder from the centre, about 30 moves to the edge.
    let mut mid = Board::new(19);
    play_stones(
        &mut mid,
        &[
            (Color::Black, "J10"),
            (Color::Black, "K11"),
            (Color::Black, "K9"),
            (Color::Black, "L9"),
            (Color::White, "K10"),
        ],
    );
    let k10 = at(&mid, "K10");
    let per = time_per_call(|| assert!(mid.ladder_captures(k10)));
    let plays = plays_read(&mid, k10);
    println!("19x19 ladder from K10: {plays} plays read, {per:?}");
    let broken = with(&ladder_19(), &[(Color::White, "R18")]);
    let per = time_per_call(|| assert!(!broken.ladder_captures(c3)));
    println!("the C3 ladder broken at R18: {per:?}");
    let d3 = at(&b, "D3");
    let per = time_per_call(|| assert!(b.escape_is_ladder(Color::White, d3)));
    println!("escape_is_ladder on D3: {per:?}");
    unchanged(&b, |b| assert!(b.escape_is_ladder(Color::White, d3)));
}

#[test]
fn the_budget_gives_up_as_not_captured() {
    let b = board(&ladder_19());
    let c3 = at(&b, "C3");
    for (budget, result) in [(10, None), (60, None), (61, Some(true)), (2000, Some(true))] {
        let mut r = LadderReader::new();
        r.budget = budget;
        let captured = r.defend(&mut b.clone(), c3);
        assert_eq!((!r.aborted).then_some(captured), result, "budget {budget}");
    }
    assert_eq!(b.read_ladder(c3), Some(true));
}

/// A plain reading with the same rules and none of the shortcuts, on fresh clones.
fn naive_defend(b: &Board, s: Point, plays: &mut u32) -> bool {
    let d = b.stone(s).unwrap();
    let lib = b.string_libs(s).first().unwrap();
    let mut moves = Bitboard::single(lib);
    for st in b.string_stones(s) {
        for q in b.neighbours(st) {
            if b.stone(q) == Some(d.opp()) && b.lib_count(q) == 1 {
                moves = moves.or(&b.string_libs(q));
            }
        }
    }
    for x in moves.iter() {
        if !b.is_legal(d, x) {
            continue;
        }
        *plays += 1;
        let mut c = b.clone();
        c.play_unchecked(d, x);
        let captured = match c.lib_count(s) {
            0 => true,
            1 => c.is_legal(d.opp(), c.string_libs(s).first().unwrap()),
            2 => naive_attack(&c, s, plays),
            _ => false,
        };
        if !captured {
            return false;
        }
    }
    true
}

fn naive_attack(b: &Board, s: Point, plays: &mut u32) -> bool {
    let a = b.stone(s).unwrap().opp();
    for l in b.string_libs(s).iter() {
        if !b.is_legal(a, l) || b.capture_size(a, l) == 0 && b.libs_after(a, l).count() <= 1 {
            continue;
        }
        *plays += 1;
        let mut c = b.clone();
        c.play_unchecked(a, l);
        if naive_defend(&c, s, plays) {
            return true;
        }
    }
    false
}

#[test]
fn shortcuts_agree_with_a_plain_reading_on_random_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut checked = 0;
    let mut captured = 0;
    let mut deep = 0;
    let mut ataris = 0;
    let mut previous: Option<(Board, Color, Point, bool)> = None;
    for game in 0..1000 {
        let size = [7, 9, 13][game % 3];
        let mut b = Board::new(size);
        let moves = rng.gen_range(10..size * size);
        let mut color = Color::Black;
        for _ in 0..moves {
            let empties: Vec<Point> = b
                .empties()
                .iter()
                .map(|&e| Point(e))
                .filter(|&p| b.is_legal(color, p) && !b.is_eye(color, p))
                .collect();
            if empties.is_empty() {
                b.pass();
            } else {
                let p = empties[rng.gen_range(0..empties.len())];
                b.play_unchecked(color, p);
            }
            color = color.opp();
        }
        for p in b.points().collect::<Vec<_>>() {
            if b.stone(p).is_none() || b.string_head(p) != p || b.lib_count(p) != 1 {
                continue;
            }
            let (hash, text) = (b.hash(), b.to_string());
            let fast = b.read_ladder(p);
            assert_eq!((b.hash(), b.to_string()), (hash, text));
            let mut plays = 0;
            let naive = naive_defend(&b, p, &mut plays);
            if let Some(fast) = fast {
                assert_eq!(fast, naive, "ladder of {}\n{b}", b.point_string(p));
                checked += 1;
                captured += fast as u32;
                deep += (plays >= 6) as u32;
            }
            // The escape question on the liberty of the string, read on the board itself:
            // it comes back exactly as it was, the order of the empty points included.
            let c = b.stone(p).unwrap();
            let lib = b.string_libs(p).first().unwrap();
            let before = (b.hash(), b.to_string(), b.empties().to_vec(), b.ko());
            let fast = match b.escape_needs_reading(c, lib) {
                true => b.read_escape(c, lib),
                false => Some(false),
            };
            assert_eq!(
                (b.hash(), b.to_string(), b.empties().to_vec(), b.ko()),
                before
            );
            b.check_consistency().unwrap();
            assert_eq!(
                b.escape_is_ladder_in_place(c, lib),
                b.escape_is_ladder(c, lib)
            );
            if let Some(fast) = fast {
                let mut after = b.clone();
                let naive = b.is_legal(c, lib) && {
                    after.play_unchecked(c, lib);
                    after.lib_count(lib) == 2 && naive_attack(&after, lib, &mut plays)
                };
                assert_eq!(fast, naive, "escape on {}\n{b}", b.point_string(lib));
            }
        }
        // The atari question on every legal liberty of a string with two, asked of this
        // board and of the last one in turn (the shared scratch copy must follow).
        for p in b.points() {
            if b.stone(p).is_none() || b.string_head(p) != p || b.lib_count(p) != 2 {
                continue;
            }
            let attacker = b.stone(p).unwrap().opp();
            for l in b.string_libs(p).iter() {
                if !b.is_legal(attacker, l) {
                    continue;
                }
                let fast = b.atari_is_ladder(attacker, l);
                let naive = naive_atari_is_ladder(&b, attacker, l);
                assert_eq!(fast, naive, "atari on {}\n{b}", b.point_string(l));
                ataris += 1;
                if let Some((last, c, q, answer)) = &previous {
                    assert_eq!(last.atari_is_ladder(*c, *q), *answer);
                }
                previous = Some((b.clone(), attacker, l, fast));
            }
        }
    }
    println!(
        "{checked} strings in atari read, {captured} captured in a ladder, {deep} readings of \
         6+ plays"
    );
    assert!(checked > 1000 && captured > 100 && deep > 150 && ataris > 1000);
}

/// `atari_is_ladder` the slow way: a fresh copy, the atari played, each enemy string it
/// put in atari read by `naive_defend`.
fn naive_atari_is_ladder(b: &Board, c: Color, p: Point) -> bool {
    let targets: Vec<Point> = b
        .neighbours(p)
        .into_iter()
        .filter(|&q| b.stone(q) == Some(c.opp()) && b.lib_count(q) == 2)
        .collect();
    let mut after = b.clone();
    after.play_unchecked(c, p);
    let mut plays = 0;
    targets.iter().any(|&t| {
        after.stone(t).is_some() && after.lib_count(t) == 1 && naive_defend(&after, t, &mut plays)
    })
}
