//! Interpreting a game's main line: turns parser events (or the nodes of a
//! [`GameTree`](super::GameTree)) into a [`GameRecord`], and the record readers built on it.

use std::borrow::Cow;

use super::parse::{Items, ParseSink, parse_first};
use super::record::{GameRecord, MAX_RECORD_SIZE, MIN_RECORD_SIZE, RecordedMove};
use super::{Coord, GameTree, SgfColor, SgfError, sgf_to_coord};

/// Reads a board size value: `N`, or `N:N` (a non-square `A:B` is an error).
fn parse_size(value: &str) -> Result<usize, SgfError> {
    let value = value.trim();
    let bad = || SgfError::new(format!("invalid board size SZ[{value}]"));
    let size = match value.split_once(':') {
        None => value.parse::<usize>().map_err(|_| bad())?,
        Some((a, b)) => {
            let a = a.trim().parse::<usize>().map_err(|_| bad())?;
            let b = b.trim().parse::<usize>().map_err(|_| bad())?;
            if a != b {
                return Err(SgfError::new(format!("non-square board {a}:{b}")));
            }
            a
        }
    };
    if !(MIN_RECORD_SIZE..=MAX_RECORD_SIZE).contains(&size) {
        return Err(SgfError::new(format!("unsupported board size {size}")));
    }
    Ok(size)
}

/// The number at the start of `s` (sign, digits, optional fraction), or 0.
fn leading_number(s: &str) -> f32 {
    let s = s.trim_start();
    let b = s.as_bytes();
    let mut end = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        end = 1;
    }
    let digits_from = end;
    while b.get(end).is_some_and(u8::is_ascii_digit) {
        end += 1;
    }
    let mut has_digits = end > digits_from;
    if b.get(end) == Some(&b'.') {
        let mut k = end + 1;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        if k > end + 1 {
            has_digits = true;
            end = k;
        }
    }
    if !has_digits {
        return 0.0;
    }
    s[..end]
        .parse::<f32>()
        .ok()
        .filter(|x| x.is_finite())
        .unwrap_or(0.0)
}

/// The unsigned integer at the start of `s`, or 0.
fn leading_uint(s: &str) -> u32 {
    let s = s.trim_start();
    let s = s.strip_prefix('+').unwrap_or(s);
    let end = s.bytes().take_while(u8::is_ascii_digit).count();
    s[..end].parse().unwrap_or(0)
}

/// Reads a point-list property (`AB`/`AW`/`AE`) into `out`, expanding
/// compressed `aa:cc` rectangles. Empty values (and a `tt` pass on small
/// boards) are skipped.
fn read_points(values: &[Cow<'_, str>], size: usize, out: &mut Vec<Coord>) -> Result<(), SgfError> {
    for v in values {
        let v = v.trim();
        match v.split_once(':') {
            None => {
                if let Some(c) = sgf_to_coord(v, size)? {
                    out.push(c);
                }
            }
            Some((a, b)) => {
                let a = sgf_to_coord(a.trim(), size)?;
                let b = sgf_to_coord(b.trim(), size)?;
                let (Some(a), Some(b)) = (a, b) else {
                    return Err(SgfError::new(format!("invalid point rectangle '{v}'")));
                };
                // SGF lists the upper-left corner first; accept either order.
                for row in (a.1.min(b.1)..=a.1.max(b.1)).rev() {
                    for col in a.0.min(b.0)..=a.0.max(b.0) {
                        out.push((col, row));
                    }
                }
            }
        }
    }
    Ok(())
}

/// A root-node property kept until the root is complete (its `SZ` may come
/// after its points).
type Deferred<'a> = (String, Vec<Cow<'a, str>>, Option<usize>);

/// Builds a [`GameRecord`] from the main line of one game tree.
///
/// As a parser [`ParseSink`] it follows the main line itself (the first
/// variation at every branch) and ignores everything else, so no tree is
/// built. Values are interpreted per node: setup first, then moves.
#[derive(Default)]
pub(super) struct RecordBuilder<'a> {
    rec: GameRecord,
    /// Open parentheses.
    depth: usize,
    /// Depth of the deepest main-line tree opened so far.
    main_depth: usize,
    /// The main line has been closed: nothing after it matters.
    main_ended: bool,
    /// A main-line node is open and receiving properties.
    in_node: bool,
    /// Main-line nodes finished so far (for error messages).
    node_index: usize,
    /// The root node's properties, held until it ends.
    root: Vec<Deferred<'a>>,
    root_done: bool,
    /// Which game-information properties were already found.
    seen: [bool; 6],
    /// The open node's setup points and moves.
    black: Vec<Coord>,
    white: Vec<Coord>,
    empty: Vec<Coord>,
    has_setup: bool,
    plays: Vec<RecordedMove>,
    /// The first error met; the rest of the tree is then only skipped over,
    /// so a bad record does not disturb reading the following games.
    error: Option<SgfError>,
}

/// Game-information properties taken from their first main-line occurrence.
const INFO_IDS: [&str; 6] = ["KM", "HA", "RE", "PB", "PW", "RU"];

impl<'a> RecordBuilder<'a> {
    /// A property of the open main-line node. `offset` locates errors.
    pub(super) fn prop_at(
        &mut self,
        id: &str,
        values: &mut Vec<Cow<'a, str>>,
        offset: Option<usize>,
    ) {
        if !self.in_node || self.error.is_some() {
            return;
        }
        if !self.root_done {
            let wanted =
                matches!(id, "SZ" | "AB" | "AW" | "AE" | "B" | "W") || INFO_IDS.contains(&id);
            if wanted {
                self.root
                    .push((id.to_string(), std::mem::take(values), offset));
            }
            return;
        }
        if let Err(e) = self.handle(id, values, offset) {
            self.error = Some(e);
        }
    }

    /// Interpret one property; the board size is known.
    fn handle(
        &mut self,
        id: &str,
        values: &[Cow<'_, str>],
        offset: Option<usize>,
    ) -> Result<(), SgfError> {
        let size = self.rec.size;
        let index = self.node_index;
        let located = |e: SgfError| SgfError {
            message: format!("node {index}: {id}: {}", e.message),
            offset,
        };
        let first: &str = values.first().map_or("", |v| v);
        let list = match id {
            "B" | "W" => {
                let color = if id == "B" {
                    SgfColor::Black
                } else {
                    SgfColor::White
                };
                let point = sgf_to_coord(first.trim(), size).map_err(located)?;
                self.plays.push(RecordedMove::Play(color, point));
                return Ok(());
            }
            "AB" => &mut self.black,
            "AW" => &mut self.white,
            "AE" => &mut self.empty,
            _ => {
                if let Some(i) = INFO_IDS.iter().position(|&x| x == id)
                    && !self.seen[i]
                {
                    self.seen[i] = true;
                    let rec = &mut self.rec;
                    match id {
                        "KM" => rec.komi = Some(leading_number(first)),
                        "HA" => rec.handicap = leading_uint(first),
                        "RE" => rec.result = Some(first.to_string()),
                        "PB" => rec.player_black = Some(first.to_string()),
                        "PW" => rec.player_white = Some(first.to_string()),
                        _ => rec.rules = Some(first.to_string()),
                    }
                }
                return Ok(());
            }
        };
        self.has_setup = true;
        read_points(values, size, list).map_err(located)
    }

    /// The open main-line node ends: apply its setup, then its moves.
    pub(super) fn end_node(&mut self) {
        if !self.in_node || self.error.is_some() {
            self.in_node = false;
            return;
        }
        self.in_node = false;
        if let Err(e) = self.apply_node() {
            self.error = Some(e);
        }
    }

    fn apply_node(&mut self) -> Result<(), SgfError> {
        if !self.root_done {
            self.root_done = true;
            let root = std::mem::take(&mut self.root);
            if let Some((_, values, offset)) = root.iter().find(|p| p.0 == "SZ") {
                let v: &str = values.first().map_or("", |v| v);
                self.rec.size = parse_size(v).map_err(|e| SgfError {
                    offset: *offset,
                    ..e
                })?;
            }
            for (id, values, offset) in &root {
                self.handle(id, values, *offset)?;
            }
        }
        if self.has_setup {
            self.has_setup = false;
            if self.rec.moves.is_empty() {
                self.merge_setup();
            } else {
                self.rec.moves.push(RecordedMove::Setup {
                    black: std::mem::take(&mut self.black),
                    white: std::mem::take(&mut self.white),
                    empty: std::mem::take(&mut self.empty),
                });
            }
        }
        self.rec.moves.append(&mut self.plays);
        self.node_index += 1;
        Ok(())
    }

    /// Apply the open node's setup to the initial position. The lists stay
    /// in file order with no duplicates, and a point is in at most one of
    /// them: a later `AB`/`AW`/`AE` on a point overrides an earlier one
    /// (within one node: `AE`, then `AB`, then `AW`).
    fn merge_setup(&mut self) {
        const EMPTY: u8 = 0;
        const BLACK: u8 = 1;
        const WHITE: u8 = 2;
        let size = self.rec.size;
        let index = |p: &Coord| p.1 as usize * size + p.0 as usize;
        let mut state = vec![EMPTY; size * size];
        let mut set = |points: &[Coord], color: u8| {
            for p in points {
                if let Some(s) = state.get_mut(index(p)) {
                    *s = color;
                }
            }
        };
        let rec = &mut self.rec;
        set(&rec.black_setup, BLACK);
        set(&rec.white_setup, WHITE);
        set(&self.empty, EMPTY);
        set(&self.black, BLACK);
        set(&self.white, WHITE);
        let mut emitted = vec![false; size * size];
        let mut keep = |old: &mut Vec<Coord>, new: &mut Vec<Coord>, color: u8| {
            let mut list = std::mem::take(old);
            list.append(new);
            list.retain(|p| {
                let i = index(p);
                let fresh = state.get(i) == Some(&color) && emitted.get(i) == Some(&false);
                if fresh {
                    emitted[i] = true;
                }
                fresh
            });
            *old = list;
        };
        keep(&mut rec.black_setup, &mut self.black, BLACK);
        keep(&mut rec.white_setup, &mut self.white, WHITE);
        self.empty.clear();
    }

    fn on_main_line(&self) -> bool {
        !self.main_ended && self.depth == self.main_depth
    }
}

impl<'a> ParseSink<'a> for RecordBuilder<'a> {
    type Output = Result<GameRecord, SgfError>;

    fn open(&mut self) {
        self.end_node();
        self.depth += 1;
        if !self.main_ended && self.depth == self.main_depth + 1 {
            // The first variation below the main line continues it.
            self.main_depth = self.depth;
        }
    }

    fn node(&mut self) {
        self.end_node();
        self.in_node = self.on_main_line();
    }

    fn prop(&mut self, id: &str, values: &mut Vec<Cow<'a, str>>, offset: usize) {
        self.prop_at(id, values, Some(offset));
    }

    fn close(&mut self) {
        self.end_node();
        if self.on_main_line() {
            self.main_ended = true;
        }
        self.depth = self.depth.saturating_sub(1);
    }

    fn finish(&mut self) -> Result<GameRecord, SgfError> {
        self.end_node();
        let done = std::mem::take(self);
        match done.error {
            Some(e) => Err(e),
            None => Ok(done.rec),
        }
    }

    fn reset(&mut self) {
        *self = RecordBuilder::default();
    }
}

/// Reading records: from a tree, from text, from a collection.
impl GameRecord {
    /// Extract the main line of a tree.
    ///
    /// `SZ` is read from the root node; the other game-information
    /// properties (`KM`, `HA`, `RE`, `PB`, `PW`, `RU`) from their first
    /// occurrence on the main line. Setup (`AB`/`AW`/`AE`) in the nodes
    /// before the first move fills `black_setup`/`white_setup`; later it
    /// becomes [`RecordedMove::Setup`]. Within a node, setup comes before
    /// the node's move(s). Errors (without a byte offset): a board size
    /// outside 2..=25 or non-square, a move or setup point that is not on
    /// the board, an empty tree.
    pub fn from_tree(tree: &GameTree) -> Result<GameRecord, SgfError> {
        if tree.nodes.is_empty() {
            return Err(SgfError::new("empty game tree"));
        }
        let mut builder = RecordBuilder::default();
        let mut values = Vec::new();
        builder.open();
        for node in tree.main_line() {
            builder.node();
            for (id, vals) in &node.props {
                values.extend(vals.iter().map(|v| Cow::Borrowed(v.as_str())));
                builder.prop_at(id, &mut values, None);
                values.clear();
            }
        }
        builder.close();
        builder.finish()
    }

    /// Parse text holding exactly one game (first game tree if several; the
    /// text after it is not read).
    ///
    /// Same result as [`GameRecord::from_tree`] on the first tree of
    /// [`parse_collection`](super::parse_collection), but read in one pass
    /// without building the tree; errors carry byte offsets.
    pub fn parse(text: &str) -> Result<GameRecord, SgfError> {
        parse_first(text, &mut RecordBuilder::default())?
    }

    /// Read every game of a collection, one record at a time: the fast way
    /// to load a big file of games.
    ///
    /// Each item is a record or the error that stopped one game (bad syntax
    /// or a bad record); after a syntax error reading resumes at the next
    /// line starting with `(;`, as with [`game_trees`](super::game_trees).
    pub fn parse_all(text: &str) -> GameRecords<'_> {
        GameRecords {
            items: Items::new(text),
            builder: RecordBuilder::default(),
        }
    }
}

/// The iterator returned by [`GameRecord::parse_all`].
pub struct GameRecords<'a> {
    items: Items<'a>,
    builder: RecordBuilder<'a>,
}

impl Iterator for GameRecords<'_> {
    type Item = Result<GameRecord, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.items.next_item(&mut self.builder).map(Result::flatten)
    }
}
