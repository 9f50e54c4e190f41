//! The opening book: a graph of positions stored once under their canonical key over the 8
//! symmetries (moves as arcs, transpositions merged), Lincke's drop-out expansion builder,
//! the book file, the statistics, and the lookup the engine makes before any search.
//! It knows nothing of GTP.

mod builder;
mod embedded;
mod file;
mod graph;
mod stats;
#[cfg(test)]
mod tests;

pub use crate::board::{BookMove, canonical, from_book, key_under, to_book};
pub use builder::{
    Builder, Evaluation, Evaluator, RunLimits, SearchEvaluator, Step, interleave_local,
    rank_for_book,
};
pub use embedded::{FILES as EMBEDDED_FILES, embedded};
pub use file::{
    BuildInfo, Journal, MAGIC, PlayerMode, Record, VERSION, fnv1a, from_bytes, load, save, sibling,
    to_bytes, write_atomic,
};
pub use graph::{Book, BookChoice, BookPlayer, BookRules, Edge, Library, Node, Shape};
pub use stats::{Stats, dropout, report, stats, svg};
