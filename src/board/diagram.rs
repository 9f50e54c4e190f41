//! The test toolkit: boards and games from ASCII diagrams (rows top first; `X` black, `O`
//! white, `.` empty; spaces ignored), from lists of stones, and from lists of moves; a shape
//! stamped anywhere on a board under a symmetry. The one board toolkit of the tests, unit
//! and integration alike (public for those in `tests/`, hidden from the documentation: no
//! program uses it).

use super::{Board, Color, Game, Move, Point, Symmetry};

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
    for (i, row) in cells(rows).into_iter().enumerate() {
        for (col, c) in row {
            let p = b.point(col, size - 1 - i);
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

/// The stones of each diagram row, (column, colour), top row first.
fn cells(rows: &[&str]) -> Vec<Vec<(usize, Color)>> {
    let size = rows.len();
    rows.iter()
        .enumerate()
        .map(|(i, line)| {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(cells.len(), size, "row {} of the diagram", i + 1);
            cells
                .into_iter()
                .enumerate()
                .filter_map(|(col, ch)| match ch {
                    'X' => Some((col, Color::Black)),
                    'O' => Some((col, Color::White)),
                    '.' => None,
                    _ => panic!("bad diagram character {ch:?}"),
                })
                .collect()
        })
        .collect()
}

/// The stones of a square diagram as (column, row, colour), rows counted from the bottom as
/// `Board::point` counts them, in the order `board` plays them (top row first): for a board
/// of another implementation set up from the same diagram.
pub fn stones_of(rows: &[&str]) -> Vec<(usize, usize, Color)> {
    let size = rows.len();
    cells(rows)
        .into_iter()
        .enumerate()
        .flat_map(|(i, row)| row.into_iter().map(move |(col, c)| (col, size - 1 - i, c)))
        .collect()
}

/// A board of `size` with the stones on the vertices of `black` and `white`, set up as the
/// diagram they draw (`board`).
pub fn from_lists(size: usize, black: &[&str], white: &[&str]) -> Board {
    let mut rows = vec![vec!['.'; size]; size];
    let probe = Board::new(size);
    for (stones, ch) in [(black, 'X'), (white, 'O')] {
        for v in stones {
            let (c, r) = probe.col_row(at(&probe, v));
            rows[size - 1 - r][c] = ch;
        }
    }
    let text: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    board(&text.iter().map(String::as_str).collect::<Vec<_>>())
}

/// A `size` board with a shape stamped on it: `rows` top first, `X` black, `O` white, `.`
/// empty, `*` the (empty) point of interest, `#` a cell off the board. The shape's
/// bottom-left cell goes to (col, row) = `origin` (negative where the shape hangs over the
/// edge, with `#` there); every cell is then moved by `sym`, and the colours exchanged if
/// `swap`. Returns the board and the `*` point.
pub fn stamped(
    size: usize,
    rows: &[&str],
    origin: (i32, i32),
    sym: Symmetry,
    swap: bool,
) -> (Board, Point) {
    let n = size as i32;
    let mut b = Board::new(size);
    let mut target = None;
    let h = rows.len() as i32;
    for (dr, line) in rows.iter().enumerate() {
        let cells = line.chars().filter(|c| !c.is_whitespace());
        for (dc, ch) in cells.enumerate() {
            let (c, r) = (origin.0 + dc as i32, origin.1 + h - 1 - dr as i32);
            let on = (0..n).contains(&c) && (0..n).contains(&r);
            if ch == '#' {
                assert!(!on, "`#` at ({c}, {r}) is on the board");
                continue;
            }
            assert!(on, "({c}, {r}) is off the board");
            let (c, r) = sym.apply(c as usize, r as usize, size);
            let p = b.point(c, r);
            let colour = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                '*' => {
                    target = Some(p);
                    continue;
                }
                '.' => continue,
                _ => panic!("bad diagram cell `{ch}`"),
            };
            let colour = if swap { colour.opp() } else { colour };
            b.play(colour, Move::Play(p)).expect("legal setup move");
        }
    }
    (b, target.expect("a `*` in the diagram"))
}

/// A game whose position is a diagram, as setup stones, with `komi`.
pub fn game(komi: f32, rows: &[&str]) -> Game {
    let size = rows.len();
    let mut g = Game::new(size, komi);
    for (i, row) in cells(rows).into_iter().enumerate() {
        for (col, c) in row {
            let p = g.board().point(col, size - 1 - i);
            g.add_setup_stone(c, p).expect("legal diagram");
        }
    }
    g
}

/// A `size` board with `stones` (colour, GTP vertex) played in order, captures included.
pub fn stones(size: usize, stones: &[(Color, &str)]) -> Board {
    stones_last(size, stones).0
}

/// The same, and the point of the last stone played (the last move; `Point(0)` if none).
pub fn stones_last(size: usize, stones: &[(Color, &str)]) -> (Board, Point) {
    let mut b = Board::new(size);
    let last = play_stones(&mut b, stones);
    (b, last)
}

/// Plays `stones` (colour, GTP vertex) on `b` in order, each one legal; the point of the last
/// one (`Point(0)` if none).
pub fn play_stones(b: &mut Board, stones: &[(Color, &str)]) -> Point {
    let mut last = Point(0);
    for &(c, v) in stones {
        last = at(b, v);
        b.play(c, Move::Play(last)).unwrap();
    }
    last
}

/// A game of `size` and `komi` with `moves` (colour, GTP vertex or `pass`) played in order.
pub fn played(size: usize, komi: f32, moves: &[(Color, &str)]) -> Game {
    let mut g = Game::new(size, komi);
    play_all(&mut g, moves);
    g
}

/// A game of `size` and `komi` with `moves` (GTP vertices or `pass`) played in order, colours
/// alternating from Black.
pub fn alternating(size: usize, komi: f32, moves: &[&str]) -> Game {
    let mut g = Game::new(size, komi);
    for v in moves {
        let m = g.board().parse_move(v).unwrap();
        let c = g.to_play();
        g.play(c, m).unwrap();
    }
    g
}

/// Plays `moves` (colour, GTP vertex or `pass`) on `g`, each one legal.
pub fn play_all(g: &mut Game, moves: &[(Color, &str)]) {
    for &(c, v) in moves {
        let m = g.board().parse_move(v).unwrap();
        g.play(c, m).unwrap();
    }
}
