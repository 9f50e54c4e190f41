//! The rules matrix on constructed positions: each ko rule, suicide and scoring, and White's
//! handicap bonus, as `Game` plays and counts them.

use super::diagram::{at, game, play_all};
use super::*;

/// Black's C3 in atari in a ko (White captures it at B3), on the board as setup stones, so
/// that the starting position arose after no Black move.
const KO: [&str; 5] = [
    ". . . . .",
    ". X O . .",
    "X . X O .",
    ". X O . .",
    ". . . . .",
];

fn mv(g: &Game, v: &str) -> Move {
    g.board().parse_move(v).unwrap()
}

/// White takes the ko first, both pass, and Black retakes: the start comes back, with White to
/// move this time. Positional superko forbids that; situational superko and simple ko allow it.
#[test]
fn a_retake_that_repeats_the_start_with_the_other_side_to_move() {
    for (ko, allowed) in [
        (KoRule::Positional, false),
        (KoRule::Situational, true),
        (KoRule::Simple, true),
    ] {
        let mut g = game(0.0, &KO);
        g.set_ko_rule(ko);
        play_all(
            &mut g,
            &[
                (Color::White, "B3"),
                (Color::Black, "pass"),
                (Color::White, "pass"),
            ],
        );
        let c3 = mv(&g, "C3");
        let r = g.play(Color::Black, c3);
        assert_eq!(r.is_ok(), allowed, "{ko:?}: {r:?}");
        if !allowed {
            assert_eq!(r, Err(Illegal::Superko));
            assert_eq!(g.moves().len(), 3, "a refused move changes nothing");
        }
    }
}

/// The same retake after Black made the start position itself: every superko forbids it, and
/// only simple ko (the passes lifted its ban) allows it.
#[test]
fn a_retake_that_repeats_a_position_of_the_same_side() {
    for (ko, allowed) in [
        (KoRule::Positional, false),
        (KoRule::Situational, false),
        (KoRule::Simple, true),
    ] {
        let mut g = Game::new(5, 0.0);
        g.set_ko_rule(ko);
        play_all(
            &mut g,
            &[
                (Color::Black, "B4"),
                (Color::White, "C4"),
                (Color::Black, "A3"),
                (Color::White, "D3"),
                (Color::Black, "B2"),
                (Color::White, "C2"),
                (Color::Black, "C3"),
                (Color::White, "B3"),
                (Color::Black, "pass"),
                (Color::White, "pass"),
            ],
        );
        let r = g.play(Color::Black, mv(&g, "C3"));
        assert_eq!(r.is_ok(), allowed, "{ko:?}: {r:?}");
        // The engine's own moves are the legal ones: never this retake under a superko.
        let m = mv(&g, "C3");
        if !allowed {
            assert_eq!(g.legality(Color::Black, m), Err(Illegal::Superko));
        }
    }
}

/// Black A1 with White A2, B2, C1 around: Black B1 takes its own two stones off the board.
const SUICIDE: [&str; 5] = [
    ". . . . .",
    ". . . . .",
    ". . . . .",
    "O O . . .",
    "X . O . .",
];

#[test]
fn multi_stone_suicide_only_when_the_rules_allow_it() {
    let mut g = game(0.5, &SUICIDE);
    let b1 = mv(&g, "B1");
    assert_eq!(g.play(Color::Black, b1), Err(Illegal::Suicide));
    // It is never a move the engine considers, whatever the rules.
    g.set_rules(Rules {
        suicide: true,
        ..g.rules()
    });
    assert_eq!(g.legality(Color::Black, b1), Err(Illegal::Suicide));
    let before = g.board().hash();
    g.play(Color::Black, b1).unwrap();
    let b = g.board();
    b.check_consistency().unwrap();
    assert_eq!(b.stone(at(b, "A1")), None);
    assert_eq!(b.stone(at(b, "B1")), None);
    assert_eq!(b.captures(Color::White), 2);
    assert_eq!(b.lib_count(at(b, "C1")), 3, "C1 gets B1 back as a liberty");
    assert_ne!(b.hash(), before);
    // White may fill A1 now; undo brings the two stones back, and replays the suicide.
    g.play(Color::White, mv(&g, "A1")).unwrap();
    assert!(g.undo());
    assert_eq!(g.board().stone(at(g.board(), "A1")), None);
    assert!(g.undo());
    assert_eq!(g.board().hash(), before);
    assert_eq!(g.board().stone(at(g.board(), "A1")), Some(Color::Black));
}

#[test]
fn a_lone_stone_suicide_is_never_legal() {
    let mut g = game(
        0.5,
        &[
            ". . . . .",
            ". . . . .",
            ". . . . .",
            ". O . . .",
            "O . O . .",
        ],
    );
    g.set_rules(Rules {
        suicide: true,
        ..g.rules()
    });
    let before = g.board().hash();
    assert_eq!(g.play(Color::Black, mv(&g, "B1")), Err(Illegal::Suicide));
    assert_eq!(g.board().hash(), before);
}

/// Black: the A column and A5-B5 (six stones, four empty points); White: the C column (five
/// stones, ten empty points).
const FINAL: [&str; 5] = [
    "X X O . .",
    ". X O . .",
    ". X O . .",
    ". X O . .",
    ". X O . .",
];

#[test]
fn area_and_territory_count_the_same_position_differently() {
    let mut g = game(0.5, &FINAL);
    assert_eq!(g.score(&Bitboard::EMPTY), 10.0 - 15.0 - 0.5);
    g.set_scoring(Scoring::Territory);
    assert_eq!(g.score(&Bitboard::EMPTY), 4.0 - 10.0 - 0.5);
}

#[test]
fn white_handicap_bonus_follows_the_rules() {
    let mut g = Game::new(9, 0.5);
    let b = g.board();
    let pts = [b.point(2, 2), b.point(6, 6), b.point(2, 6)];
    g.set_handicap(&pts).unwrap();
    let area = g.score(&Bitboard::EMPTY);
    for (bonus, points) in [
        (HandicapBonus::Zero, 0.0),
        (HandicapBonus::NMinusOne, 2.0),
        (HandicapBonus::N, 3.0),
    ] {
        g.set_rules(Rules {
            white_handicap_bonus: bonus,
            ..g.rules()
        });
        assert_eq!(g.score_komi(), 0.5 + points);
        assert_eq!(g.score(&Bitboard::EMPTY), area - points);
    }
    // Clearing keeps the rules, and without handicap there is no bonus.
    g.clear();
    assert_eq!(g.rules().white_handicap_bonus, HandicapBonus::N);
    assert_eq!(g.score_komi(), 0.5);
}
