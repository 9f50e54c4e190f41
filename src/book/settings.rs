//! How a book is built: the settings and counters stored in its header, and the settings of
//! every evaluator whose values it holds.

use super::order::OrderWeights;
use crate::params::Params;

/// The version of the evaluation. Bump it when a change to the search or to the evaluator
/// changes the values it gives: a build resuming a book with values of an older version
/// evaluates those positions again before it expands anything. 0: files of format 1, which
/// did not record it (the shipped 9x9 book's values came from a search that counted a jigo
/// as a White win); 1: the MoGo score with the pattern experience, a jigo half a win, the
/// value of the first move of `rank_for_book`.
pub const EVAL_VERSION: u32 = 1;

/// Who gave some of a book's values: the evaluator's version and its settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalSettings {
    /// [`EVAL_VERSION`] when the evaluation ran.
    pub version: u32,
    /// Playouts of each search.
    pub playouts: u64,
    /// Seed of the searches (each is seeded by it and the position).
    pub seed: u64,
    /// Every search parameter, one `name=value` a line (empty when unknown).
    pub params: String,
}

impl EvalSettings {
    /// The settings of today's search evaluator.
    pub fn search(params: &Params, playouts: u64, seed: u64) -> EvalSettings {
        let text: Vec<String> = params
            .describe()
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect();
        EvalSettings {
            version: EVAL_VERSION,
            playouts,
            seed,
            params: text.join("\n"),
        }
    }

    /// Whether values of these settings are older than today's evaluation.
    pub fn is_stale(&self) -> bool {
        self.version < EVAL_VERSION
    }

    /// The parameters whose value differs from today's default (`name=value`), or `unknown`.
    pub fn changed_params(&self) -> String {
        if self.params.is_empty() {
            return "unknown".into();
        }
        let defaults = EvalSettings::search(&Params::default(), 0, 0);
        let old: std::collections::HashSet<&str> = defaults.params.lines().collect();
        let changed: Vec<&str> = self.params.lines().filter(|l| !old.contains(l)).collect();
        if changed.is_empty() {
            "defaults".into()
        } else {
            changed.join(" ")
        }
    }
}

/// Who the builder assumes plays only optimal moves, expansion by expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerMode {
    /// Black is the book player in even expansions, White in odd ones: Lincke's Eq. (1)
    /// and (2) for a book that plays both colours.
    Alternate,
    Black,
    White,
    /// No book player: both sides may play sub-optimal moves (Fuego's variant).
    Nobody,
}

impl PlayerMode {
    /// The byte the file stores.
    pub(super) fn code(self) -> u8 {
        match self {
            PlayerMode::Alternate => 0,
            PlayerMode::Black => 1,
            PlayerMode::White => 2,
            PlayerMode::Nobody => 3,
        }
    }

    /// The mode of a stored byte.
    pub(super) fn from_code(c: u8) -> Option<PlayerMode> {
        Some(match c {
            0 => PlayerMode::Alternate,
            1 => PlayerMode::Black,
            2 => PlayerMode::White,
            3 => PlayerMode::Nobody,
            _ => return None,
        })
    }

    /// Parses `alternate`, `black`, `white` or `none`.
    pub fn parse(s: &str) -> Option<PlayerMode> {
        Some(match s.to_ascii_lowercase().as_str() {
            "alternate" | "both" => PlayerMode::Alternate,
            "black" | "b" => PlayerMode::Black,
            "white" | "w" => PlayerMode::White,
            "none" | "nobody" => PlayerMode::Nobody,
            _ => return None,
        })
    }

    /// The name `parse` reads.
    pub fn name(self) -> &'static str {
        match self {
            PlayerMode::Alternate => "alternate",
            PlayerMode::Black => "black",
            PlayerMode::White => "white",
            PlayerMode::Nobody => "none",
        }
    }
}

/// How a book was built, and how far: stored in the header so a build resumes with the
/// same settings and the build rate can be reported.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildInfo {
    /// Playouts of each evaluation.
    pub playouts: u64,
    /// Children added per expansion and per widening (0: all legal moves).
    pub width: u32,
    /// An interior node is widened every this many visits (0: never).
    pub widen_every: u32,
    pub player: PlayerMode,
    /// Seed of the evaluations.
    pub seed: u64,
    /// Move order: every other place to the best move within this distance of the last
    /// move (0: the search's order alone).
    pub local: u32,
    /// Expansions and widenings done.
    pub expansions: u64,
    /// Evaluations (searches) run.
    pub evaluations: u64,
    /// Seconds spent building.
    pub seconds: f64,
    /// Every evaluator whose values the book holds (a node names its evaluator by index).
    pub evaluators: Vec<EvalSettings>,
    /// How the children of a node are ordered.
    pub order: OrderWeights,
    /// The folders of SGF records whose moves the order counts as played, one a line.
    pub games: String,
}

impl Default for BuildInfo {
    fn default() -> Self {
        BuildInfo {
            playouts: 3000,
            width: 12,
            widen_every: 8,
            player: PlayerMode::Alternate,
            seed: 1,
            local: 0,
            expansions: 0,
            evaluations: 0,
            seconds: 0.0,
            evaluators: Vec::new(),
            order: OrderWeights::default(),
            games: String::new(),
        }
    }
}
