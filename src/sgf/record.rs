//! The engine level: one game's main line as a [`GameRecord`], and back to
//! SGF text. Reading text into records is `build.rs`.

use std::fmt::Write as _;

use super::{Coord, SgfColor, coord_to_sgf};

/// Smallest board size a [`GameRecord`] accepts (the engine's limit).
pub const MIN_RECORD_SIZE: usize = 2;
/// Largest board size a [`GameRecord`] accepts (the engine's limit).
pub const MAX_RECORD_SIZE: usize = 25;

/// A game reduced to what an engine needs, following the main line (first
/// variation at every branch).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Board side, from `SZ` (default 19); always within 2..=25.
    pub size: usize,
    /// Komi from `KM`, `None` when the record has none (what to assume is the
    /// reader's choice: an engine keeps the komi it had, a statistic may take 0).
    /// The leading number of the value is used (`6.5pts` gives 6.5); an unreadable
    /// value gives 0. No unit conversion is done (Fox files write `KM[375]` for 7.5).
    pub komi: Option<f32>,
    /// Handicap from `HA` (default 0; an unreadable value gives 0).
    pub handicap: u32,
    /// Black stones placed (`AB`) in the nodes before the first move, in
    /// file order without duplicates. Later `AW`/`AE` on a point override
    /// earlier `AB`, so a point is never in both setup lists.
    pub black_setup: Vec<Coord>,
    /// White stones placed (`AW`) in the nodes before the first move (same
    /// rules as `black_setup`).
    pub white_setup: Vec<Coord>,
    /// Moves (`B`/`W`) in main-line order, with setup (`AB`/`AW`/`AE`) met
    /// after the first move kept in place as [`RecordedMove::Setup`].
    pub moves: Vec<RecordedMove>,
    /// The result (`RE`), e.g. `B+R` or `W+2.5`.
    pub result: Option<String>,
    /// Black player's name (`PB`).
    pub player_black: Option<String>,
    /// White player's name (`PW`).
    pub player_white: Option<String>,
    /// The rule set (`RU`).
    pub rules: Option<String>,
}

/// One step of a recorded game's main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedMove {
    /// A move by a colour; `None` is a pass.
    Play(SgfColor, Option<Coord>),
    /// Stones added or removed (`AB`/`AW`/`AE`) in a node after the first
    /// move: `empty` points are cleared, `black`/`white` points get a stone.
    Setup {
        /// Points given a black stone (`AB`).
        black: Vec<Coord>,
        /// Points given a white stone (`AW`).
        white: Vec<Coord>,
        /// Points cleared (`AE`).
        empty: Vec<Coord>,
    },
}

impl Default for GameRecord {
    /// An empty 19x19 game without komi.
    fn default() -> GameRecord {
        GameRecord {
            size: 19,
            komi: None,
            handicap: 0,
            black_setup: Vec::new(),
            white_setup: Vec::new(),
            moves: Vec::new(),
            result: None,
            player_black: None,
            player_white: None,
            rules: None,
        }
    }
}

impl GameRecord {
    /// The record of `game`: its size, komi, handicap, setup stones and moves (no players,
    /// result nor rules).
    pub fn of_game(game: &crate::board::Game) -> GameRecord {
        use crate::board::{Color, Move, Point};
        let init = game.initial();
        let coord = |p: Point| {
            let (c, r) = init.col_row(p);
            (c as u8, r as u8)
        };
        let setup = |c: Color| init.stones(c).iter().map(coord).collect::<Vec<_>>();
        let moves = game
            .moves()
            .iter()
            .map(|&(c, m)| {
                let c = match c {
                    Color::Black => SgfColor::Black,
                    Color::White => SgfColor::White,
                };
                RecordedMove::Play(
                    c,
                    match m {
                        Move::Pass => None,
                        Move::Play(p) => Some(coord(p)),
                    },
                )
            })
            .collect();
        GameRecord {
            size: game.size(),
            komi: Some(game.komi()),
            handicap: game.handicap() as u32,
            black_setup: setup(Color::Black),
            white_setup: setup(Color::White),
            moves,
            ..GameRecord::default()
        }
    }

    /// Write as SGF FF\[4\] text: a root node
    /// `FF[4]GM[1]CA[UTF-8]AP[moyo:VERSION]SZ[..]`, `KM[..]` if the komi is
    /// known, then `HA` if above 0, `RU`/`PB`/`PW`/`RE` if set, `AB`/`AW` if any; then one node
    /// per move (`;B[dd]`, passes as `B[]`) or per setup (`;AB[..]AW[..]AE[..]`).
    ///
    /// [`GameRecord::parse`] reads the result back to an equal record for
    /// every record it produced itself. Hand-made records may come back
    /// normalised: setup entries at the very start of `moves` are merged
    /// into `black_setup`/`white_setup`, those lists lose duplicates (a point
    /// in both stays white), and off-board points (which [`coord_to_sgf`]
    /// cannot write) come back as passes.
    pub fn to_sgf(&self) -> String {
        let size = self.size;
        let mut s = String::with_capacity(128 + 6 * self.moves.len());
        let _ = write!(
            s,
            "(;FF[4]GM[1]CA[UTF-8]AP[moyo:{}]SZ[{size}]",
            env!("CARGO_PKG_VERSION")
        );
        if let Some(komi) = self.komi {
            let komi = if komi.is_finite() { komi } else { 0.0 };
            let _ = write!(s, "KM[{komi}]");
        }
        if self.handicap > 0 {
            let _ = write!(s, "HA[{}]", self.handicap);
        }
        for (id, value) in [
            ("RU", &self.rules),
            ("PB", &self.player_black),
            ("PW", &self.player_white),
            ("RE", &self.result),
        ] {
            if let Some(v) = value {
                s.push_str(id);
                push_value(&mut s, v);
            }
        }
        push_points(&mut s, "AB", &self.black_setup, size);
        push_points(&mut s, "AW", &self.white_setup, size);
        for m in &self.moves {
            s.push(';');
            match m {
                RecordedMove::Play(color, point) => {
                    s.push_str(color.sgf_letter());
                    s.push('[');
                    if let Some(p) = point {
                        s.push_str(&coord_to_sgf(*p, size));
                    }
                    s.push(']');
                }
                RecordedMove::Setup {
                    black,
                    white,
                    empty,
                } => {
                    if black.is_empty() && white.is_empty() && empty.is_empty() {
                        s.push_str("AE[]");
                    }
                    push_points(&mut s, "AB", black, size);
                    push_points(&mut s, "AW", white, size);
                    push_points(&mut s, "AE", empty, size);
                }
            }
        }
        s.push_str(")\n");
        s
    }
}

/// Appends `[value]` with `\` and `]` escaped.
pub(super) fn push_value(s: &mut String, value: &str) {
    s.push('[');
    for c in value.chars() {
        if c == '\\' || c == ']' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push(']');
}

/// Appends `ID[p1][p2]...`, or nothing for an empty list.
fn push_points(s: &mut String, id: &str, points: &[Coord], size: usize) {
    if points.is_empty() {
        return;
    }
    s.push_str(id);
    for &p in points {
        s.push('[');
        s.push_str(&coord_to_sgf(p, size));
        s.push(']');
    }
}
