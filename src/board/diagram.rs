//! Test helpers: boards from ASCII diagrams (rows top first; `X` black, `O` white, `.`
//! empty; spaces ignored).

use super::{Board, Color, Move, Point};

/// White C3 in atari (liberty D3) against Black B3, C4, C2, D2: extending gives two
/// liberties and the ladder runs diagonally towards the upper right.
pub const LADDER_9: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . X . . . . . .",
    ". X O . . . . . .",
    ". . X X . . . . .",
    ". . . . . . . . .",
];

/// A board from a diagram. The stones must form a legal position; no ko is left pending.
pub fn board(rows: &[&str]) -> Board {
    let size = rows.len();
    let mut b = Board::new(size);
    for (i, line) in rows.iter().enumerate() {
        let row = size - 1 - i;
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), size, "row {} of the diagram", i + 1);
        for (col, ch) in cells.into_iter().enumerate() {
            let c = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                '.' => continue,
                _ => panic!("bad diagram character {ch:?}"),
            };
            let p = b.point(col, row);
            b.play(c, Move::Play(p)).expect("legal diagram");
        }
    }
    b.pass();
    b.check_consistency().unwrap();
    b
}

/// The point of a GTP vertex on `b`.
pub fn at(b: &Board, v: &str) -> Point {
    match b.parse_move(v).unwrap() {
        Move::Play(p) => p,
        Move::Pass => panic!("not a point"),
    }
}
