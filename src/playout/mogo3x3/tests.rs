//! Unit tests of `mogo3x3`.

use super::*;
use crate::board::diagram::stamped;
use crate::board::{Board, Move, Symmetry};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const NAMES: [&str; 12] = [
    "hane-enclosing",
    "hane-noncutting",
    "hane-magari",
    "hane-thin",
    "cut1-open",
    "cut1-peeped",
    "cut2",
    "edge-chase",
    "edge-block-connection",
    "edge-sagari",
    "edge-hane",
    "edge-cut",
];

/// The built-in pattern `name` compiled by itself.
fn only(name: &str) -> Pattern3x3 {
    let specs = parse_specs(BUILTIN_TEXT).unwrap();
    let spec = specs
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no pattern `{name}`"));
    compile(std::slice::from_ref(spec))
}

/// Checks `diagram` in all 8 orientations and both colourings. `alone` is the expected
/// (Black to play, White to play) result of pattern `name` by itself and `full` that of
/// the whole built-in table, for the diagram as drawn (X = Black); with colours exchanged
/// the two players' results exchange too.
fn check(
    name: &str,
    diagram: &[&str],
    origin: (i32, i32),
    alone: (bool, bool),
    full: (bool, bool),
) {
    let single = only(name);
    let table = Pattern3x3::builtin();
    for sym in 0..8 {
        for swap in [false, true] {
            let (b, p) = stamped(9, diagram, origin, Symmetry(sym as u8), swap);
            let code = b.neighbourhood_code(p);
            for (colour, a, f) in [
                (Color::Black, alone.0, full.0),
                (Color::White, alone.1, full.1),
            ] {
                let to_play = if swap { colour.opp() } else { colour };
                let what = format!("symmetry {sym}, swap {swap}, {to_play:?} to play");
                assert_eq!(single.matches(code, to_play), a, "{name} alone, {what}");
                assert_eq!(table.matches(code, to_play), f, "table at {name}, {what}");
            }
        }
    }
}

const MID: (i32, i32) = (3, 3);
const EDGE: (i32, i32) = (3, -1);

#[test]
fn builtin_has_the_named_patterns() {
    let specs = parse_specs(BUILTIN_TEXT).unwrap();
    let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, NAMES);
    for name in NAMES {
        assert!(
            only(name).count(Color::Black) > 0,
            "{name} matches something"
        );
    }
}

#[test]
fn hane_patterns() {
    let both = (true, true);
    check(
        "hane-enclosing",
        &["X O X", ". * .", ". . ."],
        MID,
        both,
        both,
    );
    check(
        "hane-noncutting",
        &["X O .", ". * .", ". . ."],
        MID,
        both,
        both,
    );
    check(
        "hane-noncutting",
        &["X O .", ". * .", ". . X"],
        MID,
        both,
        both,
    );
    check("hane-magari", &["X O .", "X * .", ". . ."], MID, both, both);
    // The thin hane is only for the player to move; nothing matches for the other side.
    let black = (true, false);
    check("hane-thin", &["X O O", ". * .", ". . ."], MID, black, black);
}

#[test]
fn cut1_patterns() {
    let both = (true, true);
    check("cut1-open", &["X O .", "O * .", ". . ."], MID, both, both);
    check("cut1-open", &["X O .", "O * X", ". X ."], MID, both, both);
    check("cut1-peeped", &["X O .", "O * X", ". O ."], MID, both, both);
    // MoGo's exception: one O and one empty on the other sides makes the cut a
    // self-atari, and no pattern matches.
    let none = (false, false);
    check("cut1-open", &["X O .", "O * O", ". . ."], MID, none, none);
    check("cut1-peeped", &["X O .", "O * .", ". O ."], MID, none, none);
}

#[test]
fn cut2_pattern() {
    let both = (true, true);
    check("cut2", &[". X .", "O * O", ". . ."], MID, both, both);
    check("cut2", &[". X .", "O * O", "X . X"], MID, both, both);
    // An O behind the point spoils it.
    let none = (false, false);
    check("cut2", &[". X .", "O * O", "O . ."], MID, none, none);
}

#[test]
fn edge_patterns() {
    let both = (true, true);
    let black = (true, false);
    check("edge-chase", &["X . .", "O * .", "# # #"], EDGE, both, both);
    check(
        "edge-block-connection",
        &[". X .", ". * O", "# # #"],
        EDGE,
        both,
        both,
    );
    // Sagari for Black; for White the same point is the edge hane.
    check(
        "edge-sagari",
        &[". X O", ". * .", "# # #"],
        EDGE,
        black,
        both,
    );
    check("edge-hane", &[". O X", ". * .", "# # #"], EDGE, black, both);
    // With an X beside the point White has no edge hane: Black only.
    check(
        "edge-sagari",
        &[". X O", ". * X", "# # #"],
        EDGE,
        black,
        black,
    );
    check("edge-cut", &[". O X", "X * O", "# # #"], EDGE, black, both);
}

#[test]
fn centre_patterns_stay_off_the_first_line_and_edge_ones_on_it() {
    // The enclosing hane shape on the first line is not a hane (the edge patterns see
    // it as sagari / edge hane instead).
    check(
        "hane-enclosing",
        &["X O X", ". * .", "# # #"],
        EDGE,
        (false, false),
        (true, true),
    );
    // The chase shape in the middle of the board is no edge pattern (but a non-cutting
    // hane around the O).
    check(
        "edge-chase",
        &["X . .", "O * .", ". . ."],
        MID,
        (false, false),
        (true, true),
    );
}

#[test]
fn no_match_on_an_empty_board() {
    let table = Pattern3x3::builtin();
    for size in [3, 5, 9, 19] {
        let b = Board::new(size);
        for c in 0..size {
            for r in 0..size {
                let code = b.neighbourhood_code(b.point(c, r));
                for to_play in [Color::Black, Color::White] {
                    assert!(!table.matches(code, to_play), "{size}x{size} ({c},{r})");
                }
            }
        }
    }
}

#[test]
fn no_match_inside_own_territory() {
    let table = Pattern3x3::builtin();
    // Black walls off the lower-left 5x5 corner; an eye in the middle of it too.
    let mut b = Board::new(9);
    let mut stones = Vec::new();
    for i in 0..5 {
        stones.push((i, 5));
        stones.push((5, i));
    }
    stones.push((5, 5));
    stones.extend([
        (1, 2),
        (2, 1),
        (3, 2),
        (2, 3),
        (1, 1),
        (3, 3),
        (1, 3),
        (3, 1),
    ]);
    for &(c, r) in &stones {
        b.play(Color::Black, Move::Play(b.point(c, r))).unwrap();
    }
    let mut checked = 0;
    for c in 0..5 {
        for r in 0..5 {
            if stones.contains(&(c, r)) {
                continue;
            }
            let code = b.neighbourhood_code(b.point(c, r));
            for to_play in [Color::Black, Color::White] {
                assert!(!table.matches(code, to_play), "({c},{r}) {to_play:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} points checked");
    // The eye at C3 is surrounded by black stones on all 8 sides.
    assert_eq!(b.neighbourhood_code(b.point(2, 2)), 0x5555);
}

#[test]
fn atari_markers_turn_with_their_cells() {
    let text = "
        pattern save-north      ; X stone in atari next to the point
        ? X ?
        ? . ?
        ? ? ?
        atari N+
    ";
    let t = Pattern3x3::parse(text).unwrap();
    // D5 black with one liberty (D4) between white C5, E5, D6.
    let in_atari = [". O .", "O X O", ". * ."];
    let free = [". . .", "O X O", ". * ."];
    for sym in 0..8 {
        for swap in [false, true] {
            let mover = if swap { Color::White } else { Color::Black };
            let (b, p) = stamped(9, &in_atari, MID, Symmetry(sym as u8), swap);
            let code = b.neighbourhood_code(p);
            assert!(t.matches(code, mover), "symmetry {sym}, swap {swap}");
            assert!(!t.matches(code, mover.opp()), "symmetry {sym}, swap {swap}");
            let (b, p) = stamped(9, &free, MID, Symmetry(sym as u8), swap);
            assert!(!t.matches(b.neighbourhood_code(p), mover), "symmetry {sym}");
        }
    }
    // `-` is the complement among stones; empty cells satisfy it.
    let not = Pattern3x3::parse("pattern p both\n???\n?.X\n???\natari E-").unwrap();
    let e_black = CODE_BLACK << 4;
    assert!(not.matches(e_black, Color::Black));
    assert!(!not.matches(e_black | atari_bit(2), Color::Black));
    // Turned a quarter: the stone at N, flag on N.
    assert!(not.matches(CODE_WHITE, Color::White));
    assert!(!not.matches(CODE_WHITE | atari_bit(0), Color::White));
    let plus = Pattern3x3::parse("pattern p\n???\n?.X\n???\natari E+").unwrap();
    assert!(plus.matches(e_black | atari_bit(2), Color::Black));
    assert!(plus.matches(CODE_BLACK << 12 | atari_bit(6), Color::Black));
    assert!(!plus.matches(CODE_BLACK << 12 | atari_bit(2), Color::Black));
    assert!(!plus.matches(e_black, Color::Black));
}

/// A direct matcher for cross-checking the tables: tries every pattern in every
/// orientation by reading the code at each pattern cell's transformed offset.
fn reference(specs: &[ShapeSpec], code: u32, to_play: Color) -> bool {
    if !edge_shape_ok(code) {
        return false;
    }
    specs.iter().any(|spec| {
        let xs: &[Color] = if spec.both {
            &[Color::Black, Color::White]
        } else {
            &[to_play]
        };
        xs.iter().any(|&x| {
            Symmetry::ALL.iter().any(|s| {
                spec.cells.iter().enumerate().all(|(i, cell)| {
                    let (dx, dy) = NEIGHBOUR_OFFSETS[i];
                    // Symmetry::apply on a 3x3 board maps offsets around its centre.
                    let (c, r) = s.apply((dx + 1) as usize, (dy + 1) as usize, 3);
                    let j = neighbour_index(c as i32 - 1, r as i32 - 1);
                    let mut v = value(code, j);
                    if x == Color::White && (v == CODE_BLACK || v == CODE_WHITE) {
                        v = 3 - v;
                    }
                    let flag = is_orthogonal(i) && code & atari_bit(j) != 0;
                    let atari_ok = match cell.atari {
                        Atari::Any => true,
                        Atari::Required => flag,
                        Atari::Forbidden => !flag,
                    };
                    cell.values & (1 << v) != 0 && atari_ok
                })
            })
        })
    })
}

/// A random code an on-board point can have: a random edge shape, random contents,
/// atari flags only on stones.
fn random_code(rng: &mut Xoshiro256PlusPlus) -> u32 {
    loop {
        let mut code = 0;
        for i in 0..8 {
            let v = match rng.gen_range(0..10) {
                0..=3 => CODE_EMPTY,
                4..=6 => CODE_BLACK,
                _ => CODE_WHITE,
            };
            code |= v << (2 * i);
        }
        // Put an edge or a corner in one time out of three.
        let sides = match rng.gen_range(0..6) {
            0 => vec![(0, 1)],
            1 => vec![(1, 0), (0, -1)],
            _ => vec![],
        };
        for (i, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            if sides
                .iter()
                .any(|&(sx, sy)| (sx != 0 && dx == sx) || (sy != 0 && dy == sy))
            {
                code |= CODE_OFF << (2 * i);
            }
        }
        for i in [0, 2, 4, 6] {
            let v = value(code, i);
            if (v == CODE_BLACK || v == CODE_WHITE) && rng.gen_range(0..4) == 0 {
                code |= atari_bit(i);
            }
        }
        if edge_shape_ok(code) {
            return code;
        }
    }
}

#[test]
fn tables_agree_with_a_direct_matcher() {
    let specs = parse_specs(BUILTIN_TEXT).unwrap();
    let table = Pattern3x3::builtin();
    // Every code in the tables...
    for colour in [Color::Black, Color::White] {
        for (w, &word) in table.bits[colour.index()].iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let code = (w * 64) as u32 + word.trailing_zeros();
                word &= word - 1;
                assert!(reference(&specs, code, colour), "{code:#07x} {colour:?}");
            }
        }
    }
    // ...and random codes, matching or not.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut hits = 0;
    for _ in 0..100_000 {
        let code = random_code(&mut rng);
        for colour in [Color::Black, Color::White] {
            let m = table.matches(code, colour);
            assert_eq!(m, reference(&specs, code, colour), "{code:#07x} {colour:?}");
            hits += m as usize;
        }
    }
    assert!(hits > 1000, "{hits} random hits");
}

#[test]
fn colour_tables_mirror_each_other() {
    let table = Pattern3x3::builtin();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for _ in 0..100_000 {
        let code = random_code(&mut rng);
        assert_eq!(
            table.matches(code, Color::Black),
            table.matches(swap_colours(code), Color::White)
        );
    }
}

#[test]
fn counts_are_plausible_and_equal() {
    let table = Pattern3x3::builtin();
    let (b, w) = (table.count(Color::Black), table.count(Color::White));
    assert_eq!(b, w);
    assert_eq!(b, 23_456, "the count in the module docs");
    // Each pattern alone: one orientation is a few hundred codes at most, so 8
    // orientations (x2 colourings for `both`) stay well below 2^20.
    let mut sum = 0;
    for name in NAMES {
        let t = only(name);
        let n = t.count(Color::Black);
        assert_eq!(n, t.count(Color::White), "{name}");
        assert!((8..20_000).contains(&n), "{name}: {n}");
        sum += n;
    }
    assert!(b <= sum, "patterns overlap, never add codes");
    // An empty text compiles to an empty table.
    assert_eq!(
        Pattern3x3::parse("; nothing\n")
            .unwrap()
            .count(Color::Black),
        0
    );
}

#[test]
fn builds_quickly() {
    let start = std::time::Instant::now();
    let t = Pattern3x3::parse(BUILTIN_TEXT).unwrap();
    let elapsed = start.elapsed();
    assert_eq!(
        t.count(Color::Black),
        Pattern3x3::builtin().count(Color::Black)
    );
    // Well under 50 ms in release; the bound is loose for debug builds and busy hosts.
    assert!(elapsed.as_millis() < 1000, "{elapsed:?}");
}

#[test]
fn parse_errors_name_the_line() {
    let cases: &[(&str, &str)] = &[
        ("pattern a\nXOX\n.Z.\n???\n", "line 3"),
        ("; comment\n\npattern a\nXOX\n.X.\n???\n", "line 5"),
        ("pattern a\nXOXX\n...\n???\n", "line 2"),
        ("\npattern a\nXOX\n", "line 2"),
        ("pattern a\nXOX\n...\n???\n???\n", "line 5"),
        ("XOX\n", "line 1"),
        ("pattern a sideways\n", "line 1"),
        ("pattern\n", "line 1"),
        ("pattern a\nXOX\n...\n???\natari N+ Q+\n", "line 5"),
        ("pattern a\nXOX\n...\n???\natari N+ N-\n", "line 5"),
        ("pattern a\n?.?\n...\n???\natari N+\n", "line 5"),
        ("pattern a\nXOX\natari N+\n", "line 3"),
        (
            "pattern a\nXOX\n...\n???\npattern a\nXOX\n...\n???\n",
            "line 5",
        ),
    ];
    for (text, line) in cases {
        let e = Pattern3x3::parse(text).expect_err(text);
        assert!(e.starts_with(&format!("{line}:")), "{text:?} gave {e:?}");
    }
    // Comments, blank lines and spaced cells are fine.
    let ok = "// c\npattern a both ; hane\n X O X \n\n. . .\n* * * // end\n";
    assert_eq!(
        Pattern3x3::parse(ok).unwrap().count(Color::Black),
        only("hane-enclosing").count(Color::Black)
    );
}

#[test]
fn swap_and_transform_basics() {
    let code = CODE_BLACK | CODE_WHITE << 2 | CODE_OFF << 4 | atari_bit(0);
    assert_eq!(
        swap_colours(code),
        CODE_WHITE | CODE_BLACK << 2 | CODE_OFF << 4 | atari_bit(0)
    );
    let perms = symmetry_perms();
    assert_eq!(perms[0], [0, 1, 2, 3, 4, 5, 6, 7]);
    for perm in &perms {
        let mut seen = *perm;
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7]);
        assert!(
            (0..8).step_by(2).all(|i| is_orthogonal(perm[i])),
            "orthogonals stay"
        );
        // The N stone and its atari flag move together.
        let t = transform(code, perm);
        let j = perm[0];
        assert_eq!(value(t, j), CODE_BLACK);
        assert_eq!(t >> 16, atari_bit(j) >> 16);
    }
}

#[test]
fn colour_test_passes_exactly_the_codes_some_atari_flags_match() {
    let t = Pattern3x3::builtin();
    for to_play in [Color::Black, Color::White] {
        let mut passed = 0;
        for colours in 0..1u32 << 16 {
            let any = (0..16u32).any(|flags| t.matches(colours | flags << 16, to_play));
            assert_eq!(t.may_match(colours, to_play), any, "{colours:#x}");
            passed += usize::from(any);
        }
        // The cheap test turns most colour codes away (few are patterns at all).
        assert!(passed > 0 && passed < 1 << 14, "{passed}");
    }
}
