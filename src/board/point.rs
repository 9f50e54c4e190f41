//! Colours, points and moves, and their GTP text forms.

use std::fmt;

/// Largest board side GTP can address (letters A..Z without I).
pub const MAX_SIZE: usize = 25;

/// The two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses a GTP colour: `b`, `black`, `w`, `white`, any case.
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// One-letter name, `B` or `W` (SGF property and display use).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A point of a board, as an index into its padded layout (meaningful only with its board's size).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The index as usize, for array access.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Move {
    #[default]
    Pass,
    Play(Point),
}

/// Why a vertex string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not of the form letter + number (or `pass`).
    Syntax,
    /// Well formed but off this board.
    OffBoard,
}

/// Column letters used by GTP: A..Z without I.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Reads a GTP vertex (`D4`, `pass`, any case) for a board of `size`: `Ok(None)` is a pass,
/// `Ok(Some((col, row)))` counts from the lower-left corner, 0-based.
pub fn parse_vertex(s: &str, size: usize) -> Result<Option<(usize, usize)>, VertexError> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bytes = s.as_bytes();
    if bytes.len() < 2 || bytes.len() > 3 || !bytes[0].is_ascii_alphabetic() {
        return Err(VertexError::Syntax);
    }
    let letter = bytes[0].to_ascii_uppercase();
    if letter == b'I' {
        return Err(VertexError::Syntax);
    }
    let col = LETTERS
        .iter()
        .position(|&l| l == letter)
        .ok_or(VertexError::Syntax)?;
    let digits = &s[1..];
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return Err(VertexError::Syntax);
    }
    let row: usize = digits.parse().map_err(|_| VertexError::Syntax)?;
    if col >= size || row == 0 || row > size {
        return Err(VertexError::OffBoard);
    }
    Ok(Some((col, row - 1)))
}

/// Writes a GTP vertex for 0-based (col, row) counted from the lower-left corner.
pub fn vertex_string(col: usize, row: usize) -> String {
    format!("{}{}", LETTERS[col] as char, row + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_parse_and_print() {
        assert_eq!(parse_vertex("a1", 19), Ok(Some((0, 0))));
        assert_eq!(parse_vertex("J10", 19), Ok(Some((8, 9))));
        assert_eq!(parse_vertex("T19", 19), Ok(Some((18, 18))));
        assert_eq!(parse_vertex("PASS", 9), Ok(None));
        assert_eq!(parse_vertex("I5", 19), Err(VertexError::Syntax));
        assert_eq!(parse_vertex("K10", 9), Err(VertexError::OffBoard));
        assert_eq!(parse_vertex("A0", 9), Err(VertexError::Syntax));
        assert_eq!(parse_vertex("A01", 9), Err(VertexError::Syntax));
        assert_eq!(parse_vertex("Z25", 25), Ok(Some((24, 24))));
        assert_eq!(parse_vertex("A-1", 9), Err(VertexError::Syntax));
        assert_eq!(parse_vertex("é1", 9), Err(VertexError::Syntax));
        assert_eq!(vertex_string(8, 9), "J10");
    }

    #[test]
    fn colours_parse() {
        assert_eq!(Color::parse("B"), Some(Color::Black));
        assert_eq!(Color::parse("White"), Some(Color::White));
        assert_eq!(Color::parse("x"), None);
        assert_eq!(Color::Black.opp(), Color::White);
    }
}
