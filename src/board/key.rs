//! Canonical position keys: one 64-bit key per position and side to move, equal for the 8
//! rotations and reflections of the board (Tao et al.: store each position once under its
//! symmetries), and the symmetry that takes the actual board to the stored orientation.
//!
//! The key is computed from (colour, column, row) alone, not from the board's padded point
//! indices or its Zobrist table, so a book file stays valid when the board's layout changes.

use super::{Board, Color, Move, Symmetry};

/// splitmix64's finaliser: a fixed, well-mixed function of a 64-bit number.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The key of a stone of `c` on the board-independent coordinates (col, row).
#[inline]
fn stone_key(c: Color, col: usize, row: usize) -> u64 {
    mix(0x6d6f_796f_0000_0000 | ((c.index() as u64) << 12) | ((row as u64) << 6) | col as u64)
}

/// Key of the side to move being White.
const WHITE_TO_MOVE: u64 = 0x5d1c_2b4e_8f3a_9761;

/// The key of a simple-ko ban on (col, row) against the side to move.
#[inline]
fn ko_key(col: usize, row: usize) -> u64 {
    mix(0x6b6f_0000_0000_0000 | ((row as u64) << 6) | col as u64)
}

/// The key of `board` with `to_move` to play, seen through `sym`. The ko point counts only
/// when it bans the side to move (otherwise it changes nothing about the legal moves).
pub fn key_under(board: &Board, to_move: Color, sym: Symmetry) -> u64 {
    let size = board.size();
    let mut h = if to_move == Color::White {
        WHITE_TO_MOVE
    } else {
        0
    };
    for c in [Color::Black, Color::White] {
        for p in board.stones(c).iter() {
            let (col, row) = board.col_row(p);
            let (col, row) = sym.apply(col, row, size);
            h ^= stone_key(c, col, row);
        }
    }
    if let Some((p, banned)) = board.ko()
        && banned == to_move
    {
        let (col, row) = board.col_row(p);
        let (col, row) = sym.apply(col, row, size);
        h ^= ko_key(col, row);
    }
    h
}

/// The smallest key over the 8 symmetries and the symmetry giving it (the lowest-numbered
/// one on ties: a tie means the position is symmetric, and then either orientation is the
/// same board). The symmetry maps the actual board's coordinates to the stored ones.
pub fn canonical(board: &Board, to_move: Color) -> (u64, Symmetry) {
    let mut best = (u64::MAX, Symmetry(0));
    for (k, s) in keys(board, to_move).into_iter().zip(Symmetry::ALL) {
        if k < best.0 {
            best = (k, s);
        }
    }
    best
}

/// The keys of `board` with `to_move` under each of `Symmetry::ALL`, in that order (the
/// symmetries giving the smallest map a symmetric position onto itself).
pub fn keys(board: &Board, to_move: Color) -> [u64; 8] {
    Symmetry::ALL.map(|s| key_under(board, to_move, s))
}

/// A move in stored coordinates (`row * size + col`), as books and the fuseki table keep it.
pub type BookMove = u16;

/// The stored form of an actual move (`None` for a pass: the book holds no passes).
pub fn to_book(board: &Board, sym: Symmetry, m: Move) -> Option<BookMove> {
    let Move::Play(p) = m else { return None };
    let size = board.size();
    let (col, row) = board.col_row(p);
    let (col, row) = sym.apply(col, row, size);
    Some((row * size + col) as BookMove)
}

/// The actual move of a stored one, through the inverse of `sym`.
pub fn from_book(board: &Board, sym: Symmetry, m: BookMove) -> Move {
    let size = board.size();
    let (col, row) = (m as usize % size, m as usize / size);
    let (col, row) = sym.inverse().apply(col, row, size);
    Move::Play(board.point(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Game;
    use crate::board::diagram::alternating;

    /// A 9x9 game of `moves`, colours alternating from Black.
    fn game(moves: &[&str]) -> Game {
        alternating(9, 7.0, moves)
    }

    #[test]
    fn symmetric_positions_share_the_key_and_moves_map_back() {
        // C3 + E5 and its images under all 8 symmetries.
        let a = game(&["C3", "E5"]);
        let (ka, sa) = canonical(a.board(), Color::Black);
        for s in Symmetry::ALL {
            let mut b = Game::new(9, 7.0);
            for v in ["C3", "E5"] {
                let Move::Play(p) = a.board().parse_move(v).unwrap() else {
                    unreachable!()
                };
                let (c, r) = s.apply(a.board().col_row(p).0, a.board().col_row(p).1, 9);
                let q = b.board().point(c, r);
                let col = b.to_play();
                b.play(col, Move::Play(q)).unwrap();
            }
            let (kb, sb) = canonical(b.board(), Color::Black);
            assert_eq!(ka, kb, "symmetry {}", s.0);
            // A stored move means the same point relative to the stones in both boards.
            let d4 = a.board().parse_move("D4").unwrap();
            let stored = to_book(a.board(), sa, d4).unwrap();
            let back = from_book(b.board(), sb, stored);
            let Move::Play(p) = d4 else { unreachable!() };
            let (c, r) = a.board().col_row(p);
            let (c, r) = s.apply(c, r, 9);
            assert_eq!(back, Move::Play(b.board().point(c, r)), "symmetry {}", s.0);
        }
        // The side to move and the colours are part of the key.
        assert_ne!(ka, canonical(a.board(), Color::White).0);
        let w = game(&["pass", "C3", "E5"]);
        assert_ne!(ka, canonical(w.board(), Color::White).0);
    }

    #[test]
    fn ko_ban_is_part_of_the_key() {
        // A ko: Black captures at E5 (from D5's side); White may not retake at once.
        let mut g = game(&["D5", "E5", "E4", "F4", "E6", "F6", "A1", "G5", "A2", "pass"]);
        let before = canonical(g.board(), Color::Black).0;
        let m = g.board().parse_move("F5").unwrap();
        g.play(Color::Black, m).unwrap();
        assert!(g.board().ko().is_some());
        let with_ko = canonical(g.board(), Color::White).0;
        assert_ne!(before, with_ko);
        // The same stones with the ban lifted (a pass each) give another key for White.
        let mut h = g.clone();
        h.play(Color::White, Move::Pass).unwrap();
        h.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(h.board().ko(), None);
        assert_ne!(canonical(h.board(), Color::White).0, with_ko);
        // The ban does not concern Black, so Black's key ignores it.
        assert_eq!(
            canonical(g.board(), Color::Black).0,
            canonical(h.board(), Color::Black).0
        );
    }
}
