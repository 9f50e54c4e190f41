//! Hand-made positions for the tactical terms, the pass, the clamp and `explain`; the
//! helpers the other test file shares.

use super::*;
use crate::board::Move;
use crate::board::diagram::{at, board, from_lists};
use crate::params::Params;
use Color::{Black, White};

pub(super) fn input(b: &Board, me: Color) -> PriorInput<'_> {
    PriorInput {
        board: b,
        to_play: me,
        last: None,
        prev: None,
        ownership: None,
    }
}

/// H of the move on vertex `v` with the default parameters, among all the node's moves (the
/// gamma term compares the move with the others).
pub(super) fn h(inp: &PriorInput, v: &str) -> f32 {
    h_with(inp, v, &Params::default())
}

/// H of the move on vertex `v` with `params`.
pub(super) fn h_with(inp: &PriorInput, v: &str, params: &Params) -> f32 {
    let (moves, out) = all_moves(inp, params);
    let mv = at(inp.board, v).0;
    let i = moves.iter().position(|&m| m == mv).expect("a legal move");
    out[i]
}

/// The terms of the move on vertex `v` with the default parameters.
pub(super) fn terms(inp: &PriorInput, v: &str) -> Vec<(&'static str, f32)> {
    let params = Params::default().for_size(inp.board.size());
    PriorEval::new().explain(&params, inp, at(inp.board, v).0)
}

pub(super) fn fired(inp: &PriorInput, v: &str, name: &str) -> Option<f32> {
    terms(inp, v).iter().find(|t| t.0 == name).map(|t| t.1)
}

/// All legal moves of the side to move (and pass), with their H.
fn all_moves(inp: &PriorInput, params: &Params) -> (Vec<u16>, Vec<f32>) {
    let b = inp.board;
    let mut moves: Vec<u16> = b
        .points()
        .filter(|&p| b.is_legal(inp.to_play, p))
        .map(|p| p.0)
        .collect();
    moves.push(PASS);
    let mut out = vec![0.0; moves.len()];
    PriorEval::new().evaluate(&params.for_size(b.size()), inp, &moves, &mut out);
    (moves, out)
}

/// White's three stones on C4-E4 are in atari: Black captures them on F4.
fn capture_position() -> Board {
    board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X . . . .",
        ". X O O O . . . .",
        ". . X X X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ])
}

#[test]
fn capturing_a_big_string_is_the_best_move() {
    let b = capture_position();
    let inp = input(&b, Black);
    let f4 = h(&inp, "F4");
    assert!(fired(&inp, "F4", "capture").unwrap() > 0.3);
    assert!(f4 > h(&inp, "H8") + 0.3, "{f4} {:?}", terms(&inp, "H8"));
    let (moves, out) = all_moves(&inp, &Params::default());
    let best = moves[out
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .unwrap()
        .0];
    assert_eq!(best, at(&b, "F4").0);
}

/// Black C7 is in atari (liberty C6) and White D7, next to it, is in atari (liberty D6);
/// White J1 is in atari elsewhere (liberty J2).
fn save_position() -> Board {
    from_lists(9, &["C7", "D8", "E7", "H1"], &["B7", "C8", "D7", "J1"])
}

#[test]
fn a_capture_that_saves_outranks_a_plain_capture() {
    let b = save_position();
    let inp = input(&b, Black);
    assert!(fired(&inp, "D6", "capture_save").unwrap() > 0.0);
    assert!(fired(&inp, "J2", "capture").is_some());
    assert_eq!(fired(&inp, "J2", "capture_save"), None);
    assert!(
        h(&inp, "D6") > h(&inp, "J2"),
        "{:?} {:?}",
        terms(&inp, "D6"),
        terms(&inp, "J2")
    );
    // Extending C7 to C6 gets three liberties: a bonus too.
    assert!(fired(&inp, "C6", "extend").unwrap() > 0.0);
}

#[test]
fn self_atari_is_penalised_more_for_bigger_strings() {
    // Black A2-B2-C2 has the liberties A1 and B1: B1 leaves 4 stones in atari. J8, between
    // White H8 and J7, is a one-stone throw-in with the liberty J9 only.
    let b = from_lists(
        9,
        &["A2", "B2", "C2", "G6", "H7"],
        &["A3", "B3", "C3", "D2", "C1", "G7", "H8", "J7"],
    );
    let inp = input(&b, Black);
    let big = fired(&inp, "B1", "self_atari").unwrap();
    assert!(big <= -0.5, "{big}");
    let small = fired(&inp, "J8", "self_atari").unwrap();
    assert!(small < 0.0 && small > big, "{small} {big}");
    assert!(h(&inp, "B1") < h(&inp, "E5"));
    assert_eq!(fired(&inp, "E5", "self_atari"), None);
}

#[test]
fn escaping_a_broken_ladder_outranks_escaping_into_a_working_one() {
    let ladder = board(&crate::board::diagram::LADDER_9);
    assert!(ladder.ladder_captures(at(&ladder, "C3")));
    let mut broken = board(&crate::board::diagram::LADDER_9);
    broken.play(White, Move::Play(at(&broken, "G7"))).unwrap();
    broken.pass();
    assert!(!broken.ladder_captures(at(&broken, "C3")));
    let (li, bi) = (input(&ladder, White), input(&broken, White));
    assert!(fired(&li, "D3", "extend_ladder").unwrap() < 0.0);
    assert_eq!(fired(&li, "D3", "extend"), None);
    assert!(fired(&bi, "D3", "extend").unwrap() > 0.0);
    assert_eq!(fired(&bi, "D3", "extend_ladder"), None);
    assert!(h(&bi, "D3") > h(&li, "D3") + 0.3);
}

#[test]
fn an_atari_is_worth_more_with_a_ko_on_the_board() {
    // Black C2 takes the ko at B2; White then ataris Black G7 (liberties G6 and H7).
    let mut b = from_lists(
        9,
        &["B3", "A2", "B1", "G7"],
        &["C3", "D2", "C1", "B2", "G8", "F7"],
    );
    b.play(Black, Move::Play(at(&b, "C2"))).unwrap();
    assert!(b.ko().is_some());
    let with_ko = input(&b, White);
    assert!(fired(&with_ko, "G6", "atari").unwrap() > 0.0);
    assert!(fired(&with_ko, "G6", "atari_ko").unwrap() > 0.0);
    let mut calm = b.clone();
    calm.pass();
    let without = input(&calm, White);
    assert_eq!(fired(&without, "G6", "atari_ko"), None);
    assert!(h(&with_ko, "G6") > h(&without, "G6"));
}

#[test]
fn the_tactical_weights_have_their_own_values_on_large_boards() {
    // Black captures White C4-E4 on F4, its last liberty; the same shape on 9x9 and 19x19,
    // with the parameters as each board reads them.
    let p = Params {
        prior_capture: 0.5,
        prior_capture_large: 0.9,
        ..Params::default()
    };
    let shape = (
        &["C5", "D5", "E5", "B4", "C3", "D3", "E3"][..],
        &["C4", "D4", "E4"][..],
    );
    for (size, want) in [(9, 0.5), (19, 0.9)] {
        let b = from_lists(size, shape.0, shape.1);
        let inp = input(&b, Black);
        let t = PriorEval::new().explain(&p.for_size(size), &inp, at(&b, "F4").0);
        let capture = t.iter().find(|t| t.0 == "capture").map(|t| t.1);
        // Three stones weigh 0.7 of the full term.
        assert!(
            (capture.unwrap() - want * 0.7).abs() < 1e-6,
            "{size}x{size}: {t:?}"
        );
    }
}

#[test]
fn pass_is_negative() {
    let b = Board::new(9);
    let mut out = [0.0];
    let params = Params::default().for_size(9);
    PriorEval::new().evaluate(&params, &input(&b, Black), &[PASS], &mut out);
    assert!(out[0] < 0.0);
    assert_eq!(out[0], Params::default().prior_pass);
}

#[test]
fn h_is_clamped_and_explain_sums_to_evaluate() {
    let b = save_position();
    let inp = PriorInput {
        last: Some(at(&b, "C8")),
        ..input(&b, Black)
    };
    let mut big = Params::default();
    for name in ["prior_capture", "prior_capture_save", "prior_near_last"] {
        big.set(name, "1").unwrap();
    }
    let big = big.for_size(b.size());
    let mut eval = PriorEval::new();
    let sum: f32 = eval
        .explain(&big, &inp, at(&b, "D6").0)
        .iter()
        .map(|t| t.1)
        .sum();
    assert!(sum > 1.0);
    let mut out = [0.0];
    eval.evaluate(&big, &inp, &[at(&b, "D6").0], &mut out);
    assert_eq!(out[0], 1.0);
    // Everywhere, on several positions, explain and evaluate agree (up to the clamp).
    let game = crate::sgf::midgame_19();
    let ladder = board(&crate::board::diagram::LADDER_9);
    let own = vec![0.2f32; game.board().len()];
    let cases = [
        inp,
        input(&ladder, White),
        PriorInput {
            last: Some(at(game.board(), "K10")),
            prev: Some(at(game.board(), "D4")),
            ownership: Some(&own),
            ..input(game.board(), game.to_play())
        },
    ];
    let p = Params::default();
    for inp in &cases {
        let (moves, out) = all_moves(inp, &p);
        for (&mv, &v) in moves.iter().zip(&out) {
            let terms = eval.explain(&p.for_size(inp.board.size()), inp, mv);
            let sum: f32 = terms.iter().map(|t| t.1).sum();
            assert!(
                (sum.clamp(-1.0, 1.0) - v).abs() < 1e-5,
                "{mv}: {terms:?} vs {v}"
            );
            assert!((-1.0..=1.0).contains(&v));
        }
    }
}

#[test]
fn zero_weights_silence_every_term() {
    let b = save_position();
    let inp = input(&b, Black);
    let mut p = Params::default();
    for info in Params::default().describe() {
        if info.name.starts_with("prior_") && info.min < 0.0 {
            p.set(info.name, "0").unwrap();
        }
    }
    let (_, out) = all_moves(&inp, &p);
    assert!(out.iter().all(|&v| v == 0.0));
}

#[test]
fn professional_opening_moves_get_the_fuseki_bonus() {
    let b = Board::new(19);
    let inp = input(&b, Black);
    let p = Params::default();
    let pro = fired(&inp, "Q16", "fuseki").expect("pros open on the 4-4 point");
    assert!(
        (0.5 * p.prior_fuseki..=p.prior_fuseki).contains(&pro),
        "{pro}"
    );
    assert_eq!(
        fired(&inp, "A1", "fuseki_other"),
        Some(p.prior_fuseki_other)
    );
    assert!(h(&inp, "Q16") > h(&inp, "G11"));
    // The table holds 19x19 games only.
    let small = Board::new(9);
    assert!(
        terms(&input(&small, Black), "E5")
            .iter()
            .all(|t| !t.0.starts_with("fuseki"))
    );
}

#[test]
fn pattern_roots_are_square_roots_of_the_move_probabilities() {
    let b = capture_position();
    let inp = input(&b, Black);
    let mut params = Params::default();
    let (moves, mut out) = all_moves(&inp, &params);
    let mut eval = PriorEval::new();
    let mut roots = vec![1.0];
    params.prior_pattern_small_scale = 0.0;
    let sized = params.for_size(b.size());
    eval.evaluate(&sized, &inp, &moves, &mut out);
    eval.pattern_roots(&sized, &moves, &mut roots);
    assert!(roots.is_empty(), "off on 9x9 at scale 0");
    // The pattern experience needs the gammas even with the H(d) term off.
    params.prior_pattern_small_scale = 0.7;
    params.prior_gamma = 0.0;
    let sized = params.for_size(b.size());
    eval.evaluate(&sized, &inp, &moves, &mut out);
    eval.pattern_roots(&sized, &moves, &mut roots);
    assert_eq!(roots.len(), moves.len());
    let root = |v: &str| roots[moves.iter().position(|&m| m == at(&b, v).0).unwrap()];
    assert_eq!(roots[moves.len() - 1], 0.0, "the pass has none");
    let total: f32 = roots.iter().map(|r| r * r).sum();
    assert!((total - 1.0).abs() < 1e-3, "probabilities sum to {total}");
    assert!(
        root("F4") > 0.5,
        "the capture of three stones: {}",
        root("F4")
    );
    assert!(root("F4") > 5.0 * root("J1"));
}

#[test]
fn the_vital_point_of_a_straight_three_is_favoured_for_both_sides() {
    // Black's group along the bottom has the straight three A1-C1 for its eye space
    // (life_and_death.tst 1): B1 kills for White and lives for Black.
    let b = board(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O O O O",
        "X X X X X X X X X",
        ". . . X X X X X X",
    ]);
    let mut params = Params {
        prior_nakade: 0.3,
        ..Params::default()
    };
    for me in [White, Black] {
        let inp = input(&b, me);
        let mut eval = PriorEval::new();
        let named = |v: &str, eval: &mut PriorEval, params: &Params| {
            eval.explain(&params.for_size(9), &inp, at(&b, v).0)
                .iter()
                .find(|t| t.0 == "nakade")
                .map(|t| t.1)
        };
        assert_eq!(named("B1", &mut eval, &params), Some(0.3), "{me:?}");
        assert_eq!(named("A1", &mut eval, &params), None, "{me:?}");
        assert_eq!(named("E5", &mut eval, &params), None, "{me:?}");
        // The gamma factor k turns B1's probability p into k p / (1 + (k - 1) p).
        let (moves, mut out) = all_moves(&inp, &params);
        let mut roots = Vec::new();
        let mut root_of_b1 = |factor: f32| {
            params.prior_nakade_gamma = factor;
            let sized = params.for_size(9);
            eval.evaluate(&sized, &inp, &moves, &mut out);
            eval.pattern_roots(&sized, &moves, &mut roots);
            roots[moves.iter().position(|&m| m == at(&b, "B1").0).unwrap()]
        };
        let (p, boosted) = (root_of_b1(1.0).powi(2), root_of_b1(9.0).powi(2));
        assert!(p > 0.0 && p < 0.5, "{me:?}: {p}");
        let expected = 9.0 * p / (1.0 + 8.0 * p);
        assert!(
            (boosted - expected).abs() < 1e-3,
            "{me:?}: {p} -> {boosted}, not {expected}"
        );
    }
    // Off, the term does not fire.
    params.prior_nakade = 0.0;
    params.prior_nakade_gamma = 1.0;
    let inp = input(&b, White);
    assert!(
        PriorEval::new()
            .explain(&params.for_size(9), &inp, at(&b, "B1").0)
            .iter()
            .all(|t| t.0 != "nakade")
    );
}
