//! Hand-made positions for the positional terms: line, shapes, distances, ownership; and
//! the timing run by hand.

use super::tests::{fired, h, h_with, input};
use super::*;
use crate::board::diagram::{at, from_lists};
use crate::params::Params;
use Color::{Black, White};

#[test]
fn third_line_beats_first_line_on_an_empty_19x19() {
    let b = Board::new(19);
    let inp = input(&b, Black);
    // The fuseki table knows the empty board (and pros seldom open on the sides): off here.
    let p = Params {
        prior_fuseki: 0.0,
        prior_fuseki_other: 0.0,
        ..Params::default()
    };
    let (l1, l2, l3, l4, l10) = (
        h_with(&inp, "K1", &p),
        h_with(&inp, "K2", &p),
        h_with(&inp, "K3", &p),
        h_with(&inp, "K4", &p),
        h_with(&inp, "K10", &p),
    );
    assert!(
        l3 > l4 && l4 > l10 && l10 > l2 && l2 > l1,
        "{l1} {l2} {l3} {l4} {l10}"
    );
    assert!(l1 < 0.0 && l3 > 0.0);
    // On 9x9 the same terms are milder.
    let s = Board::new(9);
    let small = input(&s, Black);
    let small3 = fired(&small, "C5", "line3").unwrap();
    assert!(small3 > 0.0 && small3 < fired(&inp, "K3", "line3").unwrap());
    // Next to a stone the line does not count.
    let n = from_lists(19, &["K3"], &[]);
    assert_eq!(fired(&input(&n, Black), "K2", "line2"), None);
}

#[test]
fn learned_patterns_rank_the_usual_answer_first() {
    // Black approached White's 3-4 stone; the learned patterns prefer the empty corner and
    // answers near the approach to a far point, and a far point to the first line; the term
    // stays within its weight.
    let b = from_lists(19, &["R6"], &["Q16", "D4", "R4"]);
    let inp = PriorInput {
        last: Some(at(&b, "R6")),
        ..input(&b, White)
    };
    let corner = fired(&inp, "D16", "gamma").unwrap();
    let near = fired(&inp, "Q7", "gamma").unwrap();
    let edge = fired(&inp, "K1", "gamma").unwrap();
    let far = fired(&inp, "K10", "gamma").unwrap();
    assert!(
        corner > far && near > far && far >= edge,
        "{corner} {near} {far} {edge}"
    );
    assert!(corner > 0.0 && near > 0.0 && edge < 0.0);
    let w = Params::default().prior_gamma;
    assert!(near <= w && edge >= -w);
    // Off by its weight, and under the minimum board size.
    let off = Params {
        prior_gamma: 0.0,
        ..Params::default()
    };
    let t = PriorEval::new().explain(&off.for_size(b.size()), &inp, at(&b, "Q7").0);
    assert!(t.iter().all(|x| x.0 != "gamma"));
    let small = from_lists(7, &["C3"], &["E5"]);
    assert_eq!(fired(&input(&small, Black), "D4", "gamma"), None);
    let nine = from_lists(9, &["C3"], &["G7"]);
    assert!(fired(&input(&nine, Black), "D4", "gamma").is_some());
}

#[test]
fn empty_triangle_is_penalised() {
    let b = from_lists(13, &["E5", "E6"], &[]);
    let inp = input(&b, Black);
    assert!(fired(&inp, "F6", "empty_triangle").unwrap() < 0.0);
    assert_eq!(fired(&inp, "E7", "empty_triangle"), None);
    assert!(h(&inp, "F6") < h(&inp, "E7"));
    // With an enemy stone around it is a fighting shape, not an empty triangle.
    let f = from_lists(13, &["E5", "E6"], &["G6"]);
    assert_eq!(fired(&input(&f, Black), "F6", "empty_triangle"), None);
    // The rules do not apply under prior_shape_min_size.
    let s = from_lists(9, &["E5", "E6"], &[]);
    assert_eq!(fired(&input(&s, Black), "F6", "empty_triangle"), None);
}

#[test]
fn hane_gets_a_bonus() {
    // White F7 touches Black F6 from above: G7 and E7 reach around it.
    let b = from_lists(13, &["F6"], &["F7"]);
    let inp = input(&b, Black);
    assert!(fired(&inp, "G7", "hane").unwrap() > 0.0);
    assert!(fired(&inp, "E7", "hane").is_some());
    assert_eq!(fired(&inp, "G5", "hane"), None);
    assert!(h(&inp, "G7") > h(&inp, "G5"));
}

#[test]
fn other_shape_rules_fire() {
    // E4 joins Black D4 and F4; with White E5 peeping at it, it is a peep-connect.
    let peep = from_lists(13, &["D4", "F4"], &["E5"]);
    assert!(fired(&input(&peep, Black), "E4", "peep_connect").unwrap() > 0.0);
    let calm = from_lists(13, &["D4", "F4"], &[]);
    assert!(fired(&input(&calm, Black), "E4", "connect").unwrap() > 0.0);
    // D6 separates White C6 and E6; C7 touches C6 only.
    let x = from_lists(13, &["D5"], &["E6", "C6"]);
    assert!(fired(&input(&x, Black), "D6", "cut").unwrap() > 0.0);
    assert_eq!(fired(&input(&x, Black), "C7", "cut"), None);
    // Bad kogeima: F7 is a knight's move from Black E5 with White already on E6.
    let k = from_lists(13, &["E5"], &["E6"]);
    assert!(fired(&input(&k, Black), "F7", "bad_kogeima").unwrap() < 0.0);
    assert_eq!(fired(&input(&k, Black), "D3", "bad_kogeima"), None);
    // Wall: E6 extends Black E5 alongside White F5-F6.
    let w = from_lists(13, &["E5"], &["F5", "F6"]);
    assert!(fired(&input(&w, Black), "E6", "wall").unwrap() > 0.0);
}

#[test]
fn ownership_near_one_third_gets_a_bonus() {
    let b = Board::new(19);
    let mut own = vec![0.0f32; b.len()];
    // For White, -own is White's share: a point White owns 1/3 of the time has own = 1/3.
    own[at(&b, "D4").idx()] = 1.0 / 3.0;
    own[at(&b, "Q16").idx()] = -1.0;
    let inp = PriorInput {
        ownership: Some(&own),
        ..input(&b, White)
    };
    let bonus = fired(&inp, "D4", "ownership").unwrap();
    assert!((bonus - Params::default().prior_ownership).abs() < 1e-6);
    assert_eq!(fired(&inp, "Q16", "ownership"), None);
    assert!(h(&inp, "D4") > h(&inp, "Q16"));
    // A share of 1/2, halfway from 1/3 to 2/3: half the bonus.
    own[at(&b, "D4").idx()] = 0.0;
    let inp = PriorInput {
        ownership: Some(&own),
        ..input(&b, White)
    };
    assert!((fired(&inp, "D4", "ownership").unwrap() - bonus / 2.0).abs() < 1e-6);
}

#[test]
fn closeness_to_the_last_two_moves() {
    let b = from_lists(19, &["D4"], &["Q16"]);
    let inp = PriorInput {
        last: Some(at(&b, "Q16")),
        prev: Some(at(&b, "D4")),
        ..input(&b, Black)
    };
    let p = Params::default();
    assert_eq!(fired(&inp, "R17", "near_last"), Some(p.prior_near_last));
    assert_eq!(
        fired(&inp, "E6", "near_prev"),
        Some(p.prior_near_prev * 0.5)
    );
    assert_eq!(fired(&inp, "K10", "near_last"), None);
}
