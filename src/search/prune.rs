//! Moves the tree never considers. On a big board a lone move on the first or second line,
//! far from every stone, is almost never right, yet the playouts cannot tell: at a few
//! thousand playouts per move they rate it like any other empty point, and the prior's small
//! line malus washes out. In their first 60 moves, 3,393 professional 19x19 games have 37
//! such moves (no stone within Manhattan distance 3) in 196,330 (0.02%); against GNU Go,
//! moyo played 25 in 420 (6%), GNU Go 1. The playouts still play these points; only the tree
//! leaves them out, as Pachi keeps its tree off the edge of an empty 19x19 board.

use super::tree::PASS;
use crate::board::{Bitboard, Board, Color, Point};
use crate::params::Params;

/// Removes from `moves` (point indices, `PASS` kept) the points on the first two lines with
/// no stone within Manhattan distance `tree_edge_prune_distance`, on boards of at least
/// `tree_edge_prune_min_size`. Keeps the list as it was if that would leave only pass.
pub fn prune_far_edge(params: &Params, board: &Board, moves: &mut Vec<u16>) {
    if board.size() < params.tree_edge_prune_min_size {
        return;
    }
    let Some(far) = far_from_stones(board, params.tree_edge_prune_distance) else {
        return;
    };
    let pruned = |m: u16| m != PASS && far.has(Point(m)) && board.line(Point(m)) <= 2;
    if moves.iter().any(|&m| m != PASS && !pruned(m)) {
        moves.retain(|&m| !pruned(m));
    }
}

/// The points with no stone within Manhattan distance `d` (None when `d` is 0: no pruning).
fn far_from_stones(board: &Board, d: u32) -> Option<Bitboard> {
    if d == 0 {
        return None;
    }
    let w = board.width() as u32;
    let mut near = board.stones(Color::Black).or(board.stones(Color::White));
    for _ in 0..d {
        near = near.dilate(w, board.onboard());
    }
    Some(board.onboard().and_not(&near))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn all_moves(b: &Board) -> Vec<u16> {
        let mut v = b.empties().to_vec();
        v.push(PASS);
        v
    }

    fn has(b: &Board, moves: &[u16], v: &str) -> bool {
        let Ok(Move::Play(p)) = b.parse_move(v) else {
            panic!("bad vertex {v}")
        };
        moves.contains(&p.0)
    }

    #[test]
    fn empty_19x19_keeps_only_the_third_line_and_up() {
        let b = Board::new(19);
        let mut moves = all_moves(&b);
        prune_far_edge(&Params::default(), &b, &mut moves);
        // Lines 3 and up: the inner 15x15.
        assert_eq!(moves.len(), 15 * 15 + 1);
        assert!(has(&b, &moves, "D4") && has(&b, &moves, "C3") && has(&b, &moves, "K10"));
        assert!(!has(&b, &moves, "B2") && !has(&b, &moves, "K2") && !has(&b, &moves, "A1"));
        assert_eq!(*moves.last().unwrap(), PASS);
    }

    #[test]
    fn edge_moves_near_stones_stay() {
        let mut b = Board::new(19);
        let d4 = b.parse_move("D4").unwrap();
        b.play(Color::Black, d4).unwrap();
        let mut moves = all_moves(&b);
        prune_far_edge(&Params::default(), &b, &mut moves);
        // Within distance 3 of D4 they stay; F2 (distance 4), K2 and B10 are far.
        for v in ["C2", "D2", "E2", "B3", "D1"] {
            assert!(has(&b, &moves, v), "{v} kept");
        }
        for v in ["F2", "K2", "B10", "Q1"] {
            assert!(!has(&b, &moves, v), "{v} pruned");
        }
    }

    #[test]
    fn small_boards_and_distance_0_prune_nothing() {
        let b = Board::new(9);
        let mut moves = all_moves(&b);
        prune_far_edge(&Params::default(), &b, &mut moves);
        assert_eq!(moves.len(), 82);
        let b = Board::new(19);
        let p = Params {
            tree_edge_prune_distance: 0,
            ..Params::default()
        };
        let mut moves = all_moves(&b);
        prune_far_edge(&p, &b, &mut moves);
        assert_eq!(moves.len(), 362);
    }

    #[test]
    fn a_list_of_far_edge_points_alone_is_kept() {
        let b = Board::new(19);
        let Ok(Move::Play(b2)) = b.parse_move("B2") else {
            panic!()
        };
        let mut moves = vec![b2.0, PASS];
        prune_far_edge(&Params::default(), &b, &mut moves);
        assert_eq!(moves, vec![b2.0, PASS]);
    }
}
