//! Rules unit tests on small ASCII boards (top row first; X black, O white, . empty).

use super::diagram::{at, board, play_all};
use super::*;

fn play(b: &mut Board, c: Color, v: &str) -> Result<(), Illegal> {
    let p = at(b, v);
    let r = b.play(c, Move::Play(p));
    b.check_consistency().unwrap();
    r
}

#[test]
fn corner_capture_and_liberties() {
    let mut b = board(&["....", "....", "O...", "X..."]);
    assert_eq!(b.lib_count(at(&b, "A1")), 1);
    play(&mut b, Color::White, "B1").unwrap();
    assert_eq!(b.stone(at(&b, "A1")), None);
    assert_eq!(b.captures(Color::White), 1);
    assert_eq!(b.lib_count(at(&b, "B1")), 3);
    assert_eq!(b.lib_count(at(&b, "A2")), 3);
    assert_eq!(play(&mut b, Color::Black, "A1"), Err(Illegal::Suicide));
    assert_eq!(play(&mut b, Color::Black, "B1"), Err(Illegal::Occupied));
}

#[test]
fn snapback() {
    // Black throws in at A1; White takes it at B1 and is left with one liberty, A1.
    let mut b = board(&[".....", ".....", "XX...", "OOX..", "..OX."]);
    play(&mut b, Color::Black, "A1").unwrap();
    assert_eq!(b.lib_count(at(&b, "A1")), 1);
    play(&mut b, Color::White, "B1").unwrap();
    assert_eq!(b.stone(at(&b, "A1")), None);
    assert_eq!(b.captures(Color::White), 1);
    assert_eq!(b.lib_count(at(&b, "B1")), 1);
    assert_eq!(b.string_size(at(&b, "B1")), 4);
    assert_eq!(b.ko(), None, "a snapback is not a ko");
    play(&mut b, Color::Black, "A1").unwrap();
    assert_eq!(b.captures(Color::Black), 4);
    assert_eq!(b.lib_count(at(&b, "A1")), 2);
}

#[test]
fn one_move_captures_two_strings() {
    let mut b = board(&[".....", ".....", "X....", "OX...", ".OX.."]);
    play(&mut b, Color::Black, "A1").unwrap();
    assert_eq!(b.captures(Color::Black), 2);
    assert_eq!(b.stone(at(&b, "A2")), None);
    assert_eq!(b.stone(at(&b, "B1")), None);
    assert_eq!(b.lib_count(at(&b, "A1")), 2);
}

#[test]
fn capture_is_not_suicide() {
    let mut b = board(&["....", "....", "XO..", ".XO."]);
    assert!(b.is_legal(Color::White, at(&b, "A1")));
    play(&mut b, Color::White, "A1").unwrap();
    assert_eq!(b.stone(at(&b, "B1")), None);
    assert_eq!(b.stone(at(&b, "A1")), Some(Color::White));
}

fn ko_board() -> Board {
    // Black to capture at C2 in a ko shape.
    board(&[".....", ".XO..", "X.XO.", ".XO..", "....."])
}

#[test]
fn simple_ko_ban_and_release() {
    let mut b = ko_board();
    play(&mut b, Color::White, "B3").unwrap();
    assert_eq!(b.ko(), Some((at(&b, "C3"), Color::Black)));
    assert_eq!(play(&mut b, Color::Black, "C3"), Err(Illegal::Ko));
    // Any other move lifts the ban.
    play(&mut b, Color::Black, "E5").unwrap();
    assert_eq!(b.ko(), None);
    play(&mut b, Color::White, "E1").unwrap();
    play(&mut b, Color::Black, "C3").unwrap();
    assert_eq!(b.captures(Color::Black), 1);
}

#[test]
fn superko_forbids_what_simple_ko_allows() {
    let mut g = Game::new(5, 0.0);
    play_all(
        &mut g,
        &[
            (Color::Black, "B4"),
            (Color::White, "C4"),
            (Color::Black, "A3"),
            (Color::White, "D3"),
            (Color::Black, "C3"),
            (Color::White, "C2"),
            (Color::Black, "B2"),
        ],
    );
    let b3 = g.board().parse_move("B3").unwrap();
    let c3 = g.board().parse_move("C3").unwrap();
    g.play(Color::White, b3).unwrap(); // captures C3
    g.play(Color::Black, Move::Pass).unwrap();
    g.play(Color::White, Move::Pass).unwrap();
    // The passes lifted the simple ko, but retaking recreates the position before B3.
    assert!(g.board().is_legal(
        Color::Black,
        match c3 {
            Move::Play(p) => p,
            _ => unreachable!(),
        }
    ));
    assert_eq!(g.play(Color::Black, c3), Err(Illegal::Superko));
    g.set_ko_rule(KoRule::Simple);
    assert_eq!(g.play(Color::Black, c3), Ok(()));
}

#[test]
fn undo_restores_position() {
    let mut g = Game::new(9, 7.0);
    let before = g.board().hash();
    let m = g.board().parse_move("E5").unwrap();
    g.play(Color::Black, m).unwrap();
    assert!(g.undo());
    assert_eq!(g.board().hash(), before);
    assert!(!g.undo());
    assert_eq!(g.to_play(), Color::Black);
}

#[test]
fn hash_after_predicts_hash() {
    let b = ko_board();
    let p = at(&b, "B3");
    let predicted = b.hash_after(Color::White, p);
    let mut c = b.clone();
    c.play(Color::White, Move::Play(p)).unwrap();
    assert_eq!(predicted, c.hash());
}

#[test]
fn eyes() {
    let b = board(&[".X...", "X.X..", ".X...", ".....", "X.X.."]);
    assert!(b.is_eye(Color::Black, at(&b, "B4")));
    assert!(b.is_eye(Color::Black, at(&b, "A5")));
    assert!(!b.is_eye(Color::White, at(&b, "B4")));
    assert!(!b.is_eye(Color::Black, at(&b, "B1")), "B1 lacks B2");
    let c = board(&[".....", ".....", ".....", "XO...", ".X..."]);
    assert!(
        !c.is_eye(Color::Black, at(&c, "A1")),
        "false eye on the edge"
    );
}

#[test]
fn area_and_territory_scores() {
    let b = board(&[".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."]);
    // Black: 5 stones + column A (5) = 10; White: 5 + column E (5) = 10; C column is dame.
    assert_eq!(b.area_score(0.0), 0.0);
    assert_eq!(b.area_score(7.0), -7.0);
    assert_eq!(Board::score_string(-7.0), "W+7");
    assert_eq!(Board::score_string(2.5), "B+2.5");
    assert_eq!(Board::score_string(0.0), "0");
    // A dead white stone inside Black's area.
    let d = board(&["OX.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."]);
    let dead = Board::bitboard_of(&[at(&d, "A5")]);
    assert_eq!(
        d.area_score(0.0),
        -6.0,
        "all stones alive: A5 white, A1-A4 neutral"
    );
    assert_eq!(d.area_score_with_dead(&dead, 0.0), 0.0);
    // Territory: Black 5 (column A with the dead stone's point) + 1 prisoner; White 5.
    assert_eq!(d.territory_score(&dead, 0.0, Tax::Seki), 1.0);
}

#[test]
fn playout_score_matches_area_on_eyes() {
    let b = board(&[".X.O.", "XX.OO", ".X.O.", "XX.OO", ".X.O."]);
    assert_eq!(b.playout_score(0.5), b.area_score(0.5));
}

#[test]
fn every_size_plays() {
    for size in 2..=MAX_SIZE {
        let mut b = Board::new(size);
        assert_eq!(b.points().count(), size * size);
        let last = b.point(size - 1, size - 1);
        b.play(Color::Black, Move::Play(last)).unwrap();
        assert_eq!(b.lib_count(last), 2);
        assert_eq!(b.point_string(last), vertex_string(size - 1, size - 1));
        b.check_consistency().unwrap();
    }
}

/// Plays `n` random legal moves, colours alternating from `c`.
fn play_random(b: &mut Board, n: usize, mut c: Color, rng: &mut rand_xoshiro::Xoshiro256PlusPlus) {
    use rand::Rng;
    for _ in 0..n {
        let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(c, p)).collect();
        if legal.is_empty() {
            return;
        }
        let p = legal[rng.gen_range(0..legal.len())];
        b.play(c, Move::Play(p)).unwrap();
        c = c.opp();
    }
}

#[test]
fn clone_from_over_another_game_plays_on_alike() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    for size in [9, 19] {
        for round in 0..20 {
            let mut a = Board::new(size);
            play_random(&mut a, 40 + 7 * round, Color::Black, &mut rng);
            // The target has strings (and stale liberty rows) where `a` has none.
            let mut b = Board::new(size);
            play_random(&mut b, 150, Color::White, &mut rng);
            b.clone_from(&a);
            b.check_consistency().unwrap();
            let mut twin = rng.clone();
            play_random(&mut a, 60, Color::White, &mut rng);
            play_random(&mut b, 60, Color::White, &mut twin);
            b.check_consistency().unwrap();
            assert_eq!(a.hash(), b.hash());
            for p in a.points().filter(|&p| a.stone(p).is_some()) {
                assert_eq!(a.string_libs(p), b.string_libs(p));
            }
        }
    }
}
