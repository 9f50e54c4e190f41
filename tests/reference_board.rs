//! The "perft" of Go: seeded random games, with garbage moves mixed in, played at the same
//! time on moyo's fast board (through `Game`) and on the slow reference board of
//! `tests/common/refboard.rs`. Every candidate move must get the same verdict (and the same
//! reason) from both, and after every accepted move the two positions must agree point by
//! point, string by string, liberty by liberty. Per-size totals are pinned to golden numbers
//! so that any behaviour change shows. Also: symmetries and the canonical hash, `hash_after`,
//! `undo`, and small rules edge cases.

mod common;

use common::refboard::{Grid, RefBoard, RefGame, RefMove};
use moyo::board::{Bitboard, Board, Color, Game, Illegal, Move, Point, Symmetry, diagram};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------
// Deterministic randomness: only raw 64-bit outputs of the generator are used, so the
// games do not depend on how `rand` maps them to ranges.

struct Rng(Xoshiro256PlusPlus);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Uniform in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------------------
// The mapping between reference indices (row * size + col) and the fast board's points.

struct Layout {
    size: usize,
    /// Fast point of each reference index.
    points: Vec<Point>,
    /// Reference index of each fast point index (None for padding).
    index: Vec<Option<usize>>,
    /// Point indices that are not on the board: padding, and beyond the arrays.
    garbage: Vec<u16>,
}

impl Layout {
    fn new(size: usize) -> Layout {
        let b = Board::new(size);
        assert_eq!(b.size(), size);
        let mut points = Vec::with_capacity(size * size);
        let mut index = vec![None; b.len()];
        for row in 0..size {
            for col in 0..size {
                let p = b.point(col, row);
                assert_eq!(b.col_row(p), (col, row), "col_row(point) on {size}x{size}");
                assert!(p.idx() < b.len());
                assert_eq!(index[p.idx()], None, "two points share an index");
                index[p.idx()] = Some(row * size + col);
                assert!(b.is_onboard(p));
                points.push(p);
            }
        }
        let listed: Vec<Point> = b.points().collect();
        assert_eq!(listed, points, "points() is row by row from A1");
        let mut garbage: Vec<u16> = (0..b.len())
            .filter(|&i| index[i].is_none())
            .map(|i| i as u16)
            .collect();
        garbage.extend([
            b.len() as u16,
            b.len() as u16 + 1,
            703,
            704,
            1000,
            u16::MAX - 1,
            u16::MAX,
        ]);
        garbage.sort_unstable();
        garbage.dedup();
        Layout {
            size,
            points,
            index,
            garbage,
        }
    }

    fn bitboard(&self, idxs: &[usize]) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for &i in idxs {
            b.set(self.points[i]);
        }
        b
    }

    fn vertex(&self, i: usize) -> String {
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        format!("{}{}", letters[i % self.size] as char, i / self.size + 1)
    }
}

/// The fast board's ko as a reference ko.
fn fast_ko(fast: &Board, lay: &Layout) -> Option<(usize, Color)> {
    fast.ko().map(|(p, c)| {
        (
            lay.index
                .get(p.idx())
                .copied()
                .flatten()
                .expect("ko on the board"),
            c,
        )
    })
}

/// A fresh fast board with the stones of `grid` placed one by one (legal for any legal
/// position: a partial string always touches an empty point).
fn fast_from_grid(size: usize, grid: &[Option<Color>], lay: &Layout) -> Board {
    let mut b = Board::new(size);
    for (i, s) in grid.iter().enumerate() {
        if let Some(c) = *s {
            b.play(c, Move::Play(lay.points[i]))
                .expect("placing a legal position");
        }
    }
    b.pass();
    b
}

/// Checks that the fast board shows exactly the reference position. `ctx` describes where we
/// are (only evaluated on failure).
fn compare(fast: &Board, r: &RefBoard, lay: &Layout, ctx: &dyn Fn() -> String) {
    let n = lay.size * lay.size;
    assert_eq!(fast.size(), lay.size);
    for i in 0..n {
        assert_eq!(
            fast.stone(lay.points[i]),
            r.grid[i],
            "colour of {} {}",
            lay.vertex(i),
            ctx()
        );
    }
    let strings = r.strings();
    for s in &strings {
        let stones = lay.bitboard(&s.stones);
        // Reference indices are row-major, the same order as increasing point indices.
        let libs: Vec<Point> = s.libs.iter().map(|&i| lay.points[i]).collect();
        for (k, &i) in s.stones.iter().enumerate() {
            let p = lay.points[i];
            assert_eq!(
                fast.string_size(p),
                s.stones.len(),
                "size at {} {}",
                lay.vertex(i),
                ctx()
            );
            assert_eq!(
                fast.string_libs(p).iter().collect::<Vec<_>>(),
                libs,
                "liberties at {} {}",
                lay.vertex(i),
                ctx()
            );
            assert_eq!(
                fast.lib_count(p) as usize,
                s.libs.len(),
                "lib count {}",
                ctx()
            );
            if k == 0 || lay.size <= 9 {
                let listed: Vec<Point> = fast.string_stones(p).collect();
                assert_eq!(listed.len(), s.stones.len(), "string list length {}", ctx());
                let mut got = Bitboard::EMPTY;
                for q in listed {
                    got.set(q);
                }
                assert_eq!(got, stones, "string stones at {} {}", lay.vertex(i), ctx());
            }
        }
    }
    let by = |c: Color| -> Vec<usize> { (0..n).filter(|&i| r.grid[i] == Some(c)).collect() };
    assert_eq!(
        *fast.stones(Color::Black),
        lay.bitboard(&by(Color::Black)),
        "black set {}",
        ctx()
    );
    assert_eq!(
        *fast.stones(Color::White),
        lay.bitboard(&by(Color::White)),
        "white set {}",
        ctx()
    );
    let empties = r.empties();
    assert_eq!(
        *fast.empty_points(),
        lay.bitboard(&empties),
        "empty set {}",
        ctx()
    );
    let mut listed: Vec<usize> = fast
        .empties()
        .iter()
        .map(|&e| lay.index[e as usize].expect("empty on board"))
        .collect();
    listed.sort_unstable();
    assert_eq!(listed, empties, "empties() {}", ctx());
    assert_eq!(
        fast.captures(Color::Black),
        r.captures[0],
        "black captures {}",
        ctx()
    );
    assert_eq!(
        fast.captures(Color::White),
        r.captures[1],
        "white captures {}",
        ctx()
    );
    assert_eq!(fast_ko(fast, lay), r.ko, "ko {}", ctx());
    // Same stones, same hash, whatever the history.
    assert_eq!(
        fast_from_grid(lay.size, &r.grid, lay).hash(),
        fast.hash(),
        "hash {}",
        ctx()
    );
    if let Err(e) = fast.check_consistency() {
        panic!("check_consistency: {e} {}", ctx());
    }
}

// ---------------------------------------------------------------------------------------
// The stress test.

/// Exact per-size counts of what happened; pinned by golden numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Totals {
    games: u64,
    /// Stones played (accepted non-pass moves).
    moves: u64,
    passes: u64,
    /// Refusals, by reason; `offboard` are padding or out-of-range indices (refused as
    /// `Occupied`), counted apart from real occupied points.
    occupied: u64,
    offboard: u64,
    ko: u64,
    superko: u64,
    suicide: u64,
    /// Stones captured, both colours.
    captured: u64,
}

#[derive(Clone, Copy, Debug)]
enum Cand {
    Pass,
    At(usize),
    Raw(u16),
}

/// Points where `c` would commit suicide (simple rules).
fn suicide_points(r: &RefBoard, c: Color) -> Vec<usize> {
    r.empties()
        .into_iter()
        .filter(|&i| {
            let (col, row) = r.col_row(i);
            r.legality(c, col, row, &[]) == Err(Illegal::Suicide)
        })
        .collect()
}

/// Liberties of strings in atari (captures, escapes and self-ataris).
fn atari_libs(r: &RefBoard) -> Vec<usize> {
    let mut out: Vec<usize> = r
        .strings()
        .into_iter()
        .filter(|s| s.libs.len() == 1)
        .map(|s| s.libs[0])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Chooses a candidate move: mostly random empty points, biased towards fights, plus garbage.
fn choose(
    rng: &mut Rng,
    r: &RefBoard,
    c: Color,
    last: Option<usize>,
    captured: &[usize],
    lay: &Layout,
) -> Cand {
    let empties = r.empties();
    let random_empty = |rng: &mut Rng| {
        if empties.is_empty() {
            Cand::Pass
        } else {
            Cand::At(rng.pick(&empties))
        }
    };
    let roll = rng.below(100);
    match roll {
        // Passes are rarer on big boards, so that their games run longer.
        0..3 if lay.size <= 9 || rng.chance(25) => Cand::Pass,
        3..5 => Cand::Raw(rng.pick(&lay.garbage)),
        5..10 => {
            let occ = r.occupied();
            if occ.is_empty() {
                Cand::At(rng.below(r.grid.len()))
            } else {
                Cand::At(rng.pick(&occ))
            }
        }
        10..16 => match r.ko {
            Some((p, _)) => Cand::At(p),
            None => random_empty(rng),
        },
        16..21 => {
            let s = suicide_points(r, c);
            if s.is_empty() {
                random_empty(rng)
            } else {
                Cand::At(rng.pick(&s))
            }
        }
        21..33 if !captured.is_empty() => Cand::At(rng.pick(captured)),
        33..45 => {
            let a = atari_libs(r);
            if a.is_empty() {
                random_empty(rng)
            } else {
                Cand::At(rng.pick(&a))
            }
        }
        45..55 => match last {
            Some(l) => Cand::At(rng.pick(&r.neighbours(l))),
            None => random_empty(rng),
        },
        _ => random_empty(rng),
    }
}

/// Where a stress game stands, for failure messages.
fn describe(
    size: usize,
    seed: u64,
    g: u64,
    log: &[String],
    c: Color,
    cand: Cand,
    b: &Board,
) -> String {
    format!(
        "\n[{size}x{size} seed {seed:#x} game {g} after {} moves: {}]\ncandidate {} {:?}\n{b}",
        log.len(),
        log.join(" "),
        c.letter(),
        cand
    )
}

/// Plays `games` seeded games of `size` on both boards, checking everything; returns totals.
fn run_size(size: usize, games: u64, seed: u64) -> Totals {
    let lay = Layout::new(size);
    let mut rng = Rng::new(seed);
    let mut t = Totals {
        games,
        ..Totals::default()
    };
    for g in 0..games {
        let mut game = Game::new(size, 7.5);
        let mut rg = RefGame::new(size);
        let mut log: Vec<String> = Vec::new();
        let mut to_move = Color::Black;
        let mut last: Option<usize> = None;
        let mut last_captured: Vec<usize> = Vec::new();
        let mut passes_in_row = 0;
        // A ko ban just lifted by a pass: retaking at once repeats the position (superko).
        let mut lifted_ko: Option<(usize, Color)> = None;
        let cap = 4 * size * size;
        while log.len() < cap && passes_in_row < 2 {
            let mut accepted = false;
            for attempt in 0..13 {
                // After 12 refusals the side to move passes.
                let (c, cand) = if attempt == 12 {
                    (to_move, Cand::Pass)
                } else if let Some((p, banned)) = lifted_ko.filter(|_| rng.chance(50)) {
                    (banned, Cand::At(p))
                } else if rg.board.ko.is_some() && rng.chance(10) {
                    // Passing lifts the ko ban; see `lifted_ko`.
                    (to_move, Cand::Pass)
                } else {
                    let c = if rng.chance(5) {
                        to_move.opp()
                    } else {
                        to_move
                    };
                    (
                        c,
                        choose(&mut rng, &rg.board, c, last, &last_captured, &lay),
                    )
                };
                macro_rules! ctx {
                    () => {
                        describe(size, seed, g, &log, c, cand, game.board())
                    };
                }
                let (fm, rm) = match cand {
                    Cand::Pass => (Move::Pass, RefMove::Pass),
                    Cand::At(i) => {
                        let (col, row) = rg.board.col_row(i);
                        (Move::Play(lay.points[i]), RefMove::At(col, row))
                    }
                    Cand::Raw(x) => (Move::Play(Point(x)), RefMove::At(size, size)),
                };
                let expected = rg.legality(c, rm);
                assert_eq!(game.legality(c, fm), expected, "Game::legality {}", ctx!());
                match cand {
                    Cand::At(i) => {
                        let simple = match expected {
                            Err(Illegal::Superko) => Ok(()),
                            e => e,
                        };
                        let p = lay.points[i];
                        assert_eq!(
                            game.board().legality(c, p),
                            simple,
                            "Board::legality {}",
                            ctx!()
                        );
                        assert_eq!(
                            game.board().is_legal(c, p),
                            simple.is_ok(),
                            "is_legal {}",
                            ctx!()
                        );
                    }
                    Cand::Raw(x) => {
                        let mut b = game.board().clone();
                        assert_eq!(
                            b.play(c, Move::Play(Point(x))),
                            Err(Illegal::Occupied),
                            "{}",
                            ctx!()
                        );
                        assert_eq!(b.hash(), game.board().hash());
                    }
                    Cand::Pass => {}
                }
                let predicted = match (expected, cand) {
                    (Ok(()), Cand::At(i)) => Some(game.board().hash_after(c, lay.points[i])),
                    _ => None,
                };
                let before = (game.board().hash(), game.moves().len(), game.board().ko());
                let result = game.play(c, fm);
                assert_eq!(result, expected, "Game::play {}", ctx!());
                let Ok(()) = expected else {
                    let after = (game.board().hash(), game.moves().len(), game.board().ko());
                    assert_eq!(after, before, "a refused move changed the game {}", ctx!());
                    match (expected, cand) {
                        (Err(Illegal::Occupied), Cand::Raw(_)) => t.offboard += 1,
                        (Err(Illegal::Occupied), _) => t.occupied += 1,
                        (Err(Illegal::Ko), _) => t.ko += 1,
                        (Err(Illegal::Superko), _) => t.superko += 1,
                        _ => t.suicide += 1,
                    }
                    continue;
                };
                let before_grid = rg.board.grid.clone();
                lifted_ko = match cand {
                    Cand::Pass => rg.board.ko,
                    _ => None,
                };
                let n = rg
                    .play(c, rm)
                    .expect("reference accepts what it judged legal");
                if let Some(h) = predicted {
                    assert_eq!(game.board().hash(), h, "hash_after {}", ctx!());
                }
                if let Cand::At(i) = cand {
                    t.moves += 1;
                    passes_in_row = 0;
                    last = Some(i);
                    log.push(format!("{}{}", c.letter(), lay.vertex(i)));
                    if n > 0 {
                        t.captured += u64::from(n);
                        last_captured = (0..before_grid.len())
                            .filter(|&k| before_grid[k].is_some() && rg.board.grid[k].is_none())
                            .collect();
                        assert_eq!(last_captured.len(), n as usize);
                    }
                } else {
                    t.passes += 1;
                    passes_in_row += 1;
                    log.push(format!("{}pass", c.letter()));
                }
                compare(game.board(), &rg.board, &lay, &|| ctx!());
                to_move = c.opp();
                accepted = true;
                break;
            }
            assert!(accepted, "a pass is always accepted");
        }
        assert_eq!(game.moves().len(), log.len());
        assert_eq!(game.is_over(), passes_in_row >= 2);
    }
    t
}

/// Runs one size and checks its totals against the golden numbers. The goldens were taken
/// from a run in which every move agreed with the reference board. If they change, the
/// board's behaviour (or this test's move generator) changed: find out why before pasting
/// the new totals printed by `cargo test --test reference_board -- --nocapture`.
fn stress(size: usize, games: u64, seed: u64, golden: Totals) {
    let t = run_size(size, games, seed);
    println!("{size}x{size}: {t:?}");
    if (3..=13).contains(&size) {
        assert!(
            t.ko > 0 && t.superko > 0 && t.suicide > 0,
            "{size}x{size} lacks interesting moves: {t:?}"
        );
    }
    assert_eq!(t, golden, "{size}x{size} totals changed");
}

#[test]
fn stress_2x2() {
    stress(
        2,
        3000,
        0x2002,
        Totals {
            games: 3000,
            moves: 33387,
            passes: 5754,
            occupied: 9992,
            offboard: 1884,
            ko: 0,
            superko: 17825,
            suicide: 26292,
            captured: 25633,
        },
    );
}

#[test]
fn stress_3x3() {
    stress(
        3,
        1500,
        0x3003,
        Totals {
            games: 1500,
            moves: 43053,
            passes: 4996,
            occupied: 12610,
            offboard: 1917,
            ko: 625,
            superko: 1485,
            suicide: 32902,
            captured: 34311,
        },
    );
}

#[test]
fn stress_5x5() {
    stress(
        5,
        600,
        0x5005,
        Totals {
            games: 600,
            moves: 45446,
            passes: 4166,
            occupied: 13710,
            offboard: 1865,
            ko: 318,
            superko: 250,
            suicide: 27880,
            captured: 35346,
        },
    );
}

#[test]
fn stress_7x7() {
    stress(
        7,
        250,
        0x7007,
        Totals {
            games: 250,
            moves: 32630,
            passes: 2556,
            occupied: 9103,
            offboard: 1229,
            ko: 157,
            superko: 71,
            suicide: 16290,
            captured: 23094,
        },
    );
}

#[test]
fn stress_9x9() {
    stress(
        9,
        100,
        0x9009,
        Totals {
            games: 100,
            moves: 20430,
            passes: 1409,
            occupied: 5278,
            offboard: 748,
            ko: 48,
            superko: 46,
            suicide: 8320,
            captured: 14379,
        },
    );
}

#[test]
fn stress_13x13() {
    stress(
        13,
        40,
        0x1313,
        Totals {
            games: 40,
            moves: 22867,
            passes: 648,
            occupied: 6212,
            offboard: 836,
            ko: 48,
            superko: 25,
            suicide: 9884,
            captured: 17298,
        },
    );
}

#[test]
fn stress_19x19() {
    stress(
        19,
        10,
        0x1919,
        Totals {
            games: 10,
            moves: 12099,
            passes: 234,
            occupied: 2958,
            offboard: 399,
            ko: 22,
            superko: 35,
            suicide: 4247,
            captured: 9114,
        },
    );
}

#[test]
fn stress_25x25() {
    stress(
        25,
        3,
        0x2525,
        Totals {
            games: 3,
            moves: 7343,
            passes: 157,
            occupied: 1908,
            offboard: 263,
            ko: 17,
            superko: 2,
            suicide: 2331,
            captured: 5920,
        },
    );
}

// ---------------------------------------------------------------------------------------
// Symmetries and hashes.

/// The 8 transforms of the square, written out by hand: (col, row) -> (col', row').
fn transform(k: usize, col: usize, row: usize, size: usize) -> (usize, usize) {
    let m = size - 1;
    match k {
        0 => (col, row),
        1 => (m - col, row),
        2 => (col, m - row),
        3 => (m - col, m - row),
        4 => (row, col),
        5 => (m - row, col),
        6 => (row, m - col),
        _ => (m - row, m - col),
    }
}

fn transform_grid(k: usize, grid: &[Option<Color>], size: usize) -> Grid {
    let mut out = vec![None; grid.len()];
    for (i, s) in grid.iter().enumerate() {
        let (c, r) = transform(k, i % size, i / size, size);
        out[r * size + c] = *s;
    }
    out
}

fn grid_of(b: &Board, lay: &Layout) -> Grid {
    lay.points.iter().map(|&p| b.stone(p)).collect()
}

/// A random position reached by `n` random legal moves (captures included) on a fast board.
fn random_position(size: usize, n: usize, rng: &mut Rng, lay: &Layout) -> Board {
    let mut b = Board::new(size);
    let mut to_move = Color::Black;
    for _ in 0..n {
        let legal: Vec<Point> = lay
            .points
            .iter()
            .copied()
            .filter(|&p| b.is_legal(to_move, p))
            .collect();
        if legal.is_empty() {
            break;
        }
        b.play(to_move, Move::Play(rng.pick(&legal)))
            .expect("legal");
        to_move = to_move.opp();
    }
    b
}

#[test]
fn canonical_hash_is_symmetry_invariant() {
    let mut rng = Rng::new(0x5e77);
    for size in [2, 3, 4, 5, 8, 9, 13, 19, 25] {
        let lay = Layout::new(size);
        // (canonical grid computed here, canonical hash from moyo) of every board built.
        let mut seen: Vec<(Grid, u64)> = Vec::new();
        let positions = if size <= 9 { 24 } else { 8 };
        for k in 0..positions {
            let n = if k == 0 {
                0
            } else {
                rng.below(size * size * 3 / 2) + 1
            };
            let b = random_position(size, n, &mut rng, &lay);
            let grid = grid_of(&b, &lay);
            let canon = (0..8)
                .map(|t| transform_grid(t, &grid, size))
                .min()
                .unwrap_or_default();
            let (h, sym) = b.canonical_hash();
            assert_eq!(b.hash_under(sym), h);
            assert_eq!(b.hash_under(Symmetry(0)), b.hash());
            let mut from_moyo: Vec<u64> = Symmetry::ALL.iter().map(|&s| b.hash_under(s)).collect();
            let mut by_hand = Vec::new();
            for t in 0..8 {
                let tg = transform_grid(t, &grid, size);
                let tb = fast_from_grid(size, &tg, &lay);
                tb.check_consistency().unwrap();
                assert_eq!(
                    tb.canonical_hash().0,
                    h,
                    "{size}x{size} transform {t}\n{b}\n{tb}"
                );
                by_hand.push(tb.hash());
                seen.push((canon.clone(), tb.canonical_hash().0));
            }
            for s in Symmetry::ALL {
                // Symmetry::apply agrees with its own hash_under.
                let mut tg = vec![None; grid.len()];
                for (i, st) in grid.iter().enumerate() {
                    let (c, r) = s.apply(i % size, i / size, size);
                    tg[r * size + c] = *st;
                }
                assert_eq!(fast_from_grid(size, &tg, &lay).hash(), b.hash_under(s));
                for (i, _) in grid.iter().enumerate() {
                    let (c, r) = s.apply(i % size, i / size, size);
                    let (c2, r2) = s.inverse().apply(c, r, size);
                    assert_eq!((c2, r2), (i % size, i / size), "inverse of {s:?}");
                }
            }
            from_moyo.sort_unstable();
            by_hand.sort_unstable();
            assert_eq!(
                from_moyo, by_hand,
                "the 8 hash_under values are the 8 transforms"
            );
        }
        // Equal canonical hashes exactly for positions equal up to symmetry.
        let mut classes = 0;
        for i in 0..seen.len() {
            if !seen[..i].iter().any(|(g, _)| *g == seen[i].0) {
                classes += 1;
            }
            for j in 0..i {
                assert_eq!(
                    seen[i].0 == seen[j].0,
                    seen[i].1 == seen[j].1,
                    "{size}x{size} {i} {j}"
                );
            }
        }
        assert!(
            classes > 3,
            "{size}x{size}: only {classes} distinct positions"
        );
    }
}

#[test]
fn canonical_hash_tells_positions_apart() {
    let lay = Layout::new(9);
    let one = |c: Color, col: usize, row: usize| {
        let mut b = Board::new(9);
        b.play(c, Move::Play(lay.points[row * 9 + col])).unwrap();
        b.canonical_hash().0
    };
    assert_eq!(one(Color::Black, 2, 3), one(Color::Black, 5, 2));
    assert_eq!(one(Color::Black, 2, 3), one(Color::Black, 6, 3));
    assert_ne!(one(Color::Black, 2, 3), one(Color::White, 2, 3));
    assert_ne!(one(Color::Black, 2, 3), one(Color::Black, 2, 4));
    assert_ne!(one(Color::Black, 4, 4), one(Color::Black, 0, 0));
    assert_ne!(Board::new(9).canonical_hash().0, one(Color::Black, 4, 4));
}

#[test]
fn hash_after_matches_play() {
    let mut rng = Rng::new(0xa7);
    for size in [2, 3, 5, 9, 13, 19, 25] {
        let lay = Layout::new(size);
        for k in 0..20 {
            let b = random_position(size, rng.below(size * size * 2) + k, &mut rng, &lay);
            for c in [Color::Black, Color::White] {
                for &p in &lay.points {
                    if b.is_legal(c, p) {
                        let mut a = b.clone();
                        a.play(c, Move::Play(p)).unwrap();
                        assert_eq!(b.hash_after(c, p), a.hash(), "{size}x{size}\n{b}");
                    }
                }
            }
        }
    }
}

/// Everything undo must restore.
#[derive(Debug, PartialEq)]
struct Snapshot {
    grid: Grid,
    hash: u64,
    ko: Option<(Point, Color)>,
    captures: [u32; 2],
    to_play: Color,
    moves: usize,
    legal: Vec<Result<(), Illegal>>,
}

fn snapshot(g: &Game, lay: &Layout) -> Snapshot {
    let b = g.board();
    let mut legal = Vec::new();
    for c in [Color::Black, Color::White] {
        for &p in &lay.points {
            legal.push(g.legality(c, Move::Play(p)));
        }
    }
    Snapshot {
        grid: grid_of(b, lay),
        hash: b.hash(),
        ko: b.ko(),
        captures: [b.captures(Color::Black), b.captures(Color::White)],
        to_play: g.to_play(),
        moves: g.moves().len(),
        legal,
    }
}

#[test]
fn undo_restores_exactly() {
    let mut rng = Rng::new(0x0d0);
    for (size, games) in [(2, 40), (3, 40), (5, 30), (7, 20), (9, 10), (13, 4)] {
        let lay = Layout::new(size);
        for _ in 0..games {
            let mut g = Game::new(size, 7.5);
            let mut stack = vec![snapshot(&g, &lay)];
            for _ in 0..3 * size * size {
                if stack.len() > 1 && rng.chance(20) {
                    assert!(g.undo());
                    stack.pop();
                    assert_eq!(Some(&snapshot(&g, &lay)), stack.last());
                    g.board().check_consistency().unwrap();
                    continue;
                }
                let c = g.to_play();
                let m = if rng.chance(4) {
                    Move::Pass
                } else {
                    Move::Play(rng.pick(&lay.points))
                };
                if g.play(c, m).is_ok() {
                    stack.push(snapshot(&g, &lay));
                }
            }
            while stack.len() > 1 {
                assert!(g.undo());
                stack.pop();
                assert_eq!(Some(&snapshot(&g, &lay)), stack.last());
            }
            assert!(!g.undo());
            assert_eq!(snapshot(&g, &lay), stack[0]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Edge cases, each played on both boards.

/// Both boards set up from a diagram (the board's test toolkit: top row first; X black, O
/// white, . empty).
fn setup(rows: &[&str]) -> (Board, RefBoard, Layout) {
    let size = rows.len();
    let lay = Layout::new(size);
    let mut r = RefBoard::new(size);
    for (col, row, c) in diagram::stones_of(rows) {
        r.play(c, col, row).expect("legal diagram");
    }
    r.pass();
    let b = diagram::board(rows);
    compare(&b, &r, &lay, &|| "setup".to_string());
    (b, r, lay)
}

/// Plays on both boards (simple-ko rules) and checks they agree; returns the verdict.
fn both(
    b: &mut Board,
    r: &mut RefBoard,
    lay: &Layout,
    c: Color,
    col: usize,
    row: usize,
) -> Result<u32, Illegal> {
    let before = b.captures(c);
    let fast = b
        .play(c, Move::Play(lay.points[row * lay.size + col]))
        .map(|()| b.captures(c) - before);
    let slow = r.play(c, col, row);
    assert_eq!(fast, slow, "{} at ({col},{row})\n{b}", c.letter());
    compare(b, r, lay, &|| format!("after {} ({col},{row})", c.letter()));
    fast
}

/// A 2x2 game from the first stone to two passes: multi-stone captures, a capture that is no
/// ko, whole-board suicide, a positional-superko refusal that simple ko allows, the count.
#[test]
fn two_by_two_full_game() {
    let lay = Layout::new(2);
    let mut g = Game::new(2, 0.5);
    let mut r = RefGame::new(2);
    let at =
        |col: usize, row: usize| (Move::Play(lay.points[row * 2 + col]), RefMove::At(col, row));
    let pass = (Move::Pass, RefMove::Pass);
    let mut step = |c: Color, (fm, rm): (Move, RefMove), want: Result<(), Illegal>| {
        assert_eq!(r.legality(c, rm), want, "reference on {rm:?}");
        assert_eq!(g.legality(c, fm), want, "{rm:?}\n{}", g.board());
        assert_eq!(g.play(c, fm), want, "{rm:?}\n{}", g.board());
        if want.is_ok() {
            r.play(c, rm).unwrap();
        }
        compare(g.board(), &r.board, &lay, &|| format!("2x2 after {rm:?}"));
        g.clone()
    };
    step(Color::Black, at(0, 0), Ok(())); // A1
    step(Color::White, at(1, 1), Ok(())); // B2
    step(Color::Black, at(1, 0), Ok(())); // B1: Black A1 B1 and White B2 share liberty A2
    let s = step(Color::White, at(0, 1), Ok(())); // A2 captures A1 B1
    assert_eq!(s.board().captures(Color::White), 2);
    assert_eq!(s.board().ko(), None);
    step(Color::Black, at(0, 0), Ok(())); // A1
    let s = step(Color::White, at(1, 0), Ok(())); // B1 captures A1; White has 3 stones: no ko
    assert_eq!(s.board().ko(), None);
    assert_eq!(s.board().captures(Color::White), 3);
    assert_eq!(s.board().lib_count(lay.points[1]), 1);
    step(Color::White, at(0, 0), Err(Illegal::Suicide)); // filling the whole board
    step(Color::Black, at(1, 0), Err(Illegal::Occupied));
    // Black A1 would capture three stones and recreate the position after move 1.
    let s = step(Color::Black, at(0, 0), Err(Illegal::Superko));
    assert!(
        s.board().is_legal(Color::Black, lay.points[0]),
        "simple ko allows it"
    );
    let mut one_stone = Board::new(2);
    one_stone
        .play(Color::Black, Move::Play(lay.points[0]))
        .unwrap();
    assert_eq!(
        s.board().hash_after(Color::Black, lay.points[0]),
        one_stone.hash()
    );
    assert!(!s.is_over());
    step(Color::Black, pass, Ok(()));
    let s = step(Color::White, pass, Ok(()));
    assert!(s.is_over());
    // White: three stones and the empty A1.
    assert_eq!(s.board().area_score(0.5), -4.5);
}

#[test]
fn one_move_captures_two_separate_strings() {
    // Corner: White A2 and White B1 are separate strings whose last liberty is A1.
    let (mut b, mut r, lay) = setup(&[".....", ".....", "X....", "OX...", ".OX.."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 0, 0), Ok(2));
    assert_eq!(b.ko(), None);
    assert_eq!(b.lib_count(lay.points[0]), 2);
    // Centre: White B3 and D3 both lose their last liberty to Black C3.
    let (mut b, mut r, lay) = setup(&[".....", ".X.X.", "XO.OX", ".X.X.", "....."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 2, 2), Ok(2));
    assert_eq!(b.string_size(lay.points[2 * 5 + 2]), 1);
    assert_eq!(b.lib_count(lay.points[2 * 5 + 2]), 4);
    assert_eq!(b.ko(), None, "two stones captured: no ko");
    // A two-stone string (A4 B4) and a single stone (A2) captured by Black A3.
    let (mut b, mut r, lay) = setup(&["XXX..", "OOX..", ".XX..", "OX...", "....."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 0, 0), Ok(0));
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 0, 2), Ok(3));
    assert_eq!(b.captures(Color::Black), 3);
    assert_eq!(b.string_size(lay.points[2 * 5]), 8);
}

#[test]
fn multi_stone_suicide_refused() {
    // Black C3 would join A3 B3 into a three-stone string without liberty, capturing nothing.
    let (mut b, mut r, lay) = setup(&["OOO.", "XX.O", "OOO.", "...."]);
    assert_eq!(
        both(&mut b, &mut r, &lay, Color::Black, 2, 2),
        Err(Illegal::Suicide)
    );
    assert_eq!(b.string_size(lay.points[2 * 4]), 2);
    assert_eq!(both(&mut b, &mut r, &lay, Color::White, 2, 2), Ok(2));
    // The same shape where the filling move captures White's top string is legal.
    let (mut b, mut r, lay) = setup(&["OOOX.", "XX.X.", "OOO..", ".....", "....."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 2, 3), Ok(3));
    assert_eq!(b.string_size(lay.points[3 * 5]), 5);
    // White filling the last liberty of its five-stone string is refused; Black captures it.
    let (mut b, mut r, lay) = setup(&[".XXX.", "XOOX.", "XO.X.", "XOXX.", ".X..."]);
    assert_eq!(b.lib_count(lay.points[3 * 5 + 1]), 1);
    assert_eq!(
        both(&mut b, &mut r, &lay, Color::White, 2, 2),
        Err(Illegal::Suicide)
    );
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 2, 2), Ok(4));
}

#[test]
fn captures_on_edge_and_corner() {
    // Corner: White B1 captures Black A1; Black cannot play back into A1.
    let (mut b, mut r, lay) = setup(&["....", "....", "O...", "X..."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::White, 1, 0), Ok(1));
    assert_eq!(b.ko(), None, "White B1 keeps two liberties");
    assert_eq!(b.lib_count(lay.points[1]), 3);
    assert_eq!(
        both(&mut b, &mut r, &lay, Color::Black, 0, 0),
        Err(Illegal::Suicide)
    );
    // Corner ko: White A1 captures A2; Black may retake only after a move elsewhere.
    let (mut b, mut r, lay) = setup(&[".....", ".....", "O....", "XO...", ".X..."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::White, 0, 0), Ok(1));
    assert_eq!(fast_ko(&b, &lay), Some((5, Color::Black)));
    assert_eq!(
        both(&mut b, &mut r, &lay, Color::Black, 0, 1),
        Err(Illegal::Ko)
    );
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 4, 4), Ok(0));
    assert_eq!(both(&mut b, &mut r, &lay, Color::White, 4, 3), Ok(0));
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 0, 1), Ok(1));
    assert_eq!(fast_ko(&b, &lay), Some((0, Color::White)));
    // Edge: Black C2 captures White C1 between B1 and D1.
    let (mut b, mut r, lay) = setup(&[".....", ".....", ".....", ".....", ".XOX."]);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 2, 1), Ok(1));
    assert_eq!(b.lib_count(lay.points[5 + 2]), 4);
    // Edge: a three-stone white string along the top edge captured at E5.
    let (mut b, mut r, lay) = setup(&["XOOO.", ".XXXX", ".....", ".....", "....."]);
    assert_eq!(b.lib_count(lay.points[4 * 5 + 1]), 1);
    assert_eq!(both(&mut b, &mut r, &lay, Color::Black, 4, 4), Ok(3));
    assert_eq!(b.string_size(lay.points[4 * 5 + 4]), 5);
    assert_eq!(b.lib_count(lay.points[4 * 5]), 2);
}
