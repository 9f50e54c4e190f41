//! The board layer: points, colours, moves, bitboards, strings and liberties, captures, ko
//! and the ko rules (simple, positional and situational superko), suicide, Zobrist hashes, the 8 symmetries and canonical position keys,
//! scoring and handicap points.
//! It knows nothing of search or protocol.

mod bitboard;
mod code3x3;
mod count;
mod game;
mod handicap;
mod key;
mod ladder;
mod nakade;
mod point;
mod position;
mod rules;
mod sacrifice;
mod seki;
mod symmetry;
mod tactics;
mod zobrist;

pub use bitboard::{BitIter, Bitboard, WORDS};
pub use code3x3::{CODE_BITS, CODE_BLACK, CODE_EMPTY, CODE_OFF, CODE_WHITE, NEIGHBOUR_OFFSETS};
pub use count::Owner;
pub use game::Game;
pub use handicap::{fixed_handicap_points, max_fixed_handicap};
pub use key::{BookMove, canonical, from_book, key_under, keys, to_book};
pub use nakade::NakadeShape;
pub use point::{Color, MAX_SIZE, Move, Point, VertexError, parse_vertex, vertex_string};
pub use position::{Board, EMPTY, Illegal, OFF, StringIter, Undo};
pub use rules::{HandicapBonus, KoRule, Rules, Scoring, Tax};
pub use seki::SekiArea;
pub use symmetry::Symmetry;

/// The test toolkit (boards from diagrams and lists), for the crate's unit tests and the
/// integration tests in `tests/`.
#[doc(hidden)]
pub mod diagram;
#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod tests;
