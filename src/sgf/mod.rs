//! Reading and writing SGF (FF\[4\]) game records.
//!
//! This module knows nothing of the engine's board: points are plain
//! [`Coord`] pairs `(col, row)` with row 0 at the bottom, the way GTP counts.
//!
//! Two levels are offered:
//! * [`parse_collection`] turns text into raw [`GameTree`]s (every node and
//!   property, unescaped but otherwise uninterpreted);
//! * [`GameRecord`] reduces one game to what an engine needs (board size,
//!   komi, setup stones and the main line of moves) and writes it back out.
//!   [`GameRecord::parse`] and [`GameRecord::parse_all`] read records
//!   straight from text without building trees, which is several times
//!   faster for big collections.
//!
//! For big files where a few games are damaged, [`game_trees`] and
//! [`GameRecord::parse_all`] yield one result per game and resume after a
//! broken game at the next line starting with `(;`. (Their recovery can
//! cost time quadratic in the input on hostile text with many unclosed
//! games; [`parse_collection`] and [`GameRecord::parse`] are linear.)
//!
//! No input makes this module panic: malformed text gives an [`SgfError`].
//! The parser is iterative, so deeply nested variations cannot overflow the
//! stack, and [`GameTree`] drops, clones and compares itself iteratively too.

mod build;
mod parse;
mod positions;
mod record;
#[cfg(test)]
mod tests;
mod tree;

use std::fmt;

pub use build::GameRecords;
pub use positions::midgame_19;
pub use record::{GameRecord, MAX_RECORD_SIZE, MIN_RECORD_SIZE, RecordedMove};
pub use tree::{
    GameTree, GameTrees, SgfNode, game_trees, parse_collection, parse_collection_bytes,
    parse_first_tree,
};

/// A point as (col, row), both 0-based, row 0 = the BOTTOM row (GTP row 1),
/// col 0 = column A.
pub type Coord = (u8, u8);

/// Largest board side SGF coordinates can express (`a`..`z`, `A`..`Z`).
pub const MAX_SGF_SIZE: usize = 52;

/// The colour of a player or stone in a game record (named apart from the
/// board's own `Color` so both can be imported together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SgfColor {
    /// The black player / a black stone (SGF `B`, `AB`).
    Black,
    /// The white player / a white stone (SGF `W`, `AW`).
    White,
}

impl SgfColor {
    /// The board's colour.
    pub fn color(self) -> crate::board::Color {
        match self {
            SgfColor::Black => crate::board::Color::Black,
            SgfColor::White => crate::board::Color::White,
        }
    }
}

impl RecordedMove {
    /// A played move as the board's colour and move on `board` (a pass for `None`); `None`
    /// for setup.
    pub fn board_move(
        &self,
        board: &crate::board::Board,
    ) -> Option<(crate::board::Color, crate::board::Move)> {
        let RecordedMove::Play(c, at) = self else {
            return None;
        };
        let mv = at.map_or(crate::board::Move::Pass, |(x, y)| {
            crate::board::Move::Play(board.point(x as usize, y as usize))
        });
        Some((c.color(), mv))
    }
}

impl SgfColor {
    /// The other colour.
    pub fn opponent(self) -> SgfColor {
        match self {
            SgfColor::Black => SgfColor::White,
            SgfColor::White => SgfColor::Black,
        }
    }

    /// The SGF move property for this colour: `"B"` or `"W"`.
    pub fn sgf_letter(self) -> &'static str {
        match self {
            SgfColor::Black => "B",
            SgfColor::White => "W",
        }
    }
}

/// Why SGF text (or a game tree) could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// What went wrong, in words.
    pub message: String,
    /// Byte offset into the input text where the problem was found, when the
    /// error comes from the text itself (errors found while interpreting an
    /// already parsed [`GameTree`] have none).
    pub offset: Option<usize>,
}

impl SgfError {
    /// An error about the text at byte `offset`.
    pub fn at(offset: usize, message: impl Into<String>) -> SgfError {
        SgfError {
            message: message.into(),
            offset: Some(offset),
        }
    }

    /// An error with no position in the text.
    pub fn new(message: impl Into<String>) -> SgfError {
        SgfError {
            message: message.into(),
            offset: None,
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(off) => write!(f, "SGF error at byte {off}: {}", self.message),
            None => write!(f, "SGF error: {}", self.message),
        }
    }
}

impl std::error::Error for SgfError {}

/// The SGF letter for index 0..52 (`a`..`z`, then `A`..`Z`).
fn index_to_letter(i: usize) -> Option<char> {
    match i {
        0..=25 => Some((b'a' + i as u8) as char),
        26..=51 => Some((b'A' + (i - 26) as u8) as char),
        _ => None,
    }
}

/// The index 0..52 of an SGF coordinate letter.
fn letter_to_index(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some((b - b'a') as usize),
        b'A'..=b'Z' => Some((b - b'A') as usize + 26),
        _ => None,
    }
}

/// Writes point `c` as its two SGF letters on a `size`x`size` board
/// (column from the left, then row from the top): `(3, 15)` on 19x19 is `"dd"`.
///
/// Only on-board points can be written: if `c` is off the board, or `size`
/// is outside 1..=52, the result is the empty string (which SGF reads as a
/// pass).
pub fn coord_to_sgf(c: Coord, size: usize) -> String {
    let (col, row) = (c.0 as usize, c.1 as usize);
    if size == 0 || size > MAX_SGF_SIZE || col >= size || row >= size {
        return String::new();
    }
    match (index_to_letter(col), index_to_letter(size - 1 - row)) {
        (Some(a), Some(b)) => [a, b].iter().collect(),
        _ => String::new(),
    }
}

/// Reads an SGF point value on a `size`x`size` board.
///
/// Returns `Ok(None)` for a pass: the empty value always, and `tt` on boards
/// of size 19 or less (on larger boards `tt` is an ordinary point).
/// Anything that is not two coordinate letters naming an on-board point is
/// an error, as is a `size` outside 1..=52. The value is not trimmed.
pub fn sgf_to_coord(s: &str, size: usize) -> Result<Option<Coord>, SgfError> {
    if size == 0 || size > MAX_SGF_SIZE {
        return Err(SgfError::new(format!(
            "unsupported board size {size} for SGF coordinates"
        )));
    }
    if s.is_empty() || (s == "tt" && size <= 19) {
        return Ok(None);
    }
    let b = s.as_bytes();
    let (col, top) = match b {
        [x, y] => match (letter_to_index(*x), letter_to_index(*y)) {
            (Some(col), Some(top)) => (col, top),
            _ => return Err(SgfError::new(format!("invalid point '{s}'"))),
        },
        _ => return Err(SgfError::new(format!("invalid point '{s}'"))),
    };
    if col >= size || top >= size {
        return Err(SgfError::new(format!(
            "point '{s}' is off the {size}x{size} board"
        )));
    }
    Ok(Some((col as u8, (size - 1 - top) as u8)))
}
