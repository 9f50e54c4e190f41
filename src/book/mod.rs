//! The opening book: a graph of positions stored once under their canonical key over the 8
//! symmetries (moves as arcs, transpositions merged), Lincke's drop-out expansion builder
//! (which can also follow game records to where they leave the book),
//! the book file, the statistics, and the lookup the engine makes before any search.
//! It knows nothing of GTP.

mod builder;
mod check;
mod embedded;
mod evaluator;
mod file;
mod follow;
mod games;
mod graph;
mod journal;
mod lookup;
mod order;
mod predict;
mod pro;
mod revalue;
mod settings;
mod stats;
mod suite;
#[cfg(test)]
mod tests;

pub use crate::board::{BookMove, canonical, from_book, key_under, to_book};
pub use builder::{BuildStep, Builder, RunLimits};
pub use embedded::{FILES as EMBEDDED_FILES, embedded};
pub use evaluator::{
    Evaluation, Evaluator, Evaluators, SearchEvaluator, Searched, interleave_local, rank_for_book,
};
pub use file::{MAGIC, VERSION, fnv1a, from_bytes, load, save, sibling, to_bytes, write_atomic};
pub use follow::{Departure, Exit, FOLLOW_MIN, Lines};
pub use games::{GameUse, Left, record_game, replay};
pub use graph::{
    BOOK_KOMI_MARGIN, Book, BookChoice, BookNode, BookPlayer, BookRules, Check, Edge, Library,
    Shape,
};
pub use journal::{Journal, Record};
pub use order::{
    OrderWeights, PLAYED_PLIES, Played, order, order_by_visits, pattern_probabilities,
};
pub use predict::{BookPrediction, predict};
pub use pro::{allowed, pro_moves};
pub use settings::{BuildInfo, EVAL_VERSION, EvalSettings, PlayerMode};
pub use stats::{Stats, dropout, report, stats, svg};
pub use suite::{SuiteTest, suite, suite_text};
