//! The book file: a compact little-endian binary format with a header, the nodes, the arcs
//! and a 64-bit FNV-1a checksum at the end, written atomically (new file, then rename).
//!
//! ```text
//! "MOYOBOOK" version:u32 (2)
//! size:u8 scoring:u8 (0 area, 1 territory) 0:u16 komi:f32
//! omega:f32 fractional:u8 player:u8 local:u16 frac_gap:f32
//! playouts:u64 width:u32 widen_every:u32 seed:u64
//! expansions:u64 evaluations:u64 seconds:f64
//! evaluators:u16
//! evaluators x (version:u32 playouts:u64 seed:u64 length:u32 params:length bytes of UTF-8,
//!               one name=value a line)
//! order_played:f32 order_visits:f32 order_pattern:f32 length:u32 games:length bytes of UTF-8
//!               (the folders of SGF records the order counts, one a line)
//! check_margin:f32 checks:u32
//! checks x (node:u32 value:f32 evaluator:u16)   -- deeper searches of some positions
//! nodes:u32 edges:u32
//! nodes x (key:u64 flags:u8 (1 white to move, 2 expanded, 4 full width) h:f32 visits:u32
//!          edges:u16 evaluator:u16)
//! edges x (move:u16 child:u32)      -- each node's arcs in node order
//! checksum:u64                       -- FNV-1a of every byte before it
//! ```
//!
//! Version 1, the format of the first books (the shipped ones are version 2), has no
//! evaluators, order weights, checks nor evaluator per node (19 bytes a node); it is still
//! read (its order: the evaluation's ranking alone).

use super::graph::{Book, BookNode, BookRules, Check, Edge, Shape};
use super::order::OrderWeights;
use super::settings::{BuildInfo, EvalSettings, PlayerMode};
use crate::board::{Color, Scoring};
use crate::sys::bytes::ByteReader;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The magic bytes of a book file.
pub const MAGIC: &[u8; 8] = b"MOYOBOOK";
/// The format version written (versions 1 and 2 are read).
pub const VERSION: u32 = 2;

/// 64-bit FNV-1a.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Little-endian output of the book file and the journal.
pub(super) struct Writer(pub(super) Vec<u8>);

impl Writer {
    pub(super) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(super) fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(super) fn f64(&mut self, v: f64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
}

fn scoring_code(s: Scoring) -> u8 {
    match s {
        Scoring::Area => 0,
        Scoring::Territory => 1,
    }
}

/// Bytes of a node in the file, by format version.
fn node_bytes(version: u32) -> usize {
    if version == 1 { 19 } else { 21 }
}

/// The bytes of a book file (always the current format version).
pub fn to_bytes(book: &Book, info: &BuildInfo) -> Vec<u8> {
    let edges: usize = book.nodes.iter().map(|n| n.edges.len()).sum();
    let mut w = Writer(Vec::with_capacity(
        1000 + book.len() * node_bytes(VERSION) + edges * 6,
    ));
    w.0.extend_from_slice(MAGIC);
    w.u32(VERSION);
    w.u8(book.rules.size as u8);
    w.u8(scoring_code(book.rules.scoring));
    w.u16(0);
    w.f32(book.rules.komi);
    w.f32(book.shape.omega);
    w.u8(book.shape.fractional as u8);
    w.u8(info.player.code());
    w.u16(info.local.min(u16::MAX as u32) as u16);
    w.f32(book.shape.frac_gap);
    w.u64(info.playouts);
    w.u32(info.width);
    w.u32(info.widen_every);
    w.u64(info.seed);
    w.u64(info.expansions);
    w.u64(info.evaluations);
    w.f64(info.seconds);
    w.u16(info.evaluators.len() as u16);
    for e in &info.evaluators {
        w.u32(e.version);
        w.u64(e.playouts);
        w.u64(e.seed);
        w.u32(e.params.len() as u32);
        w.0.extend_from_slice(e.params.as_bytes());
    }
    w.f32(info.order.played);
    w.f32(info.order.visits);
    w.f32(info.order.pattern);
    w.u32(info.games.len() as u32);
    w.0.extend_from_slice(info.games.as_bytes());
    w.f32(book.shape.check_margin);
    let checks: Vec<(usize, Check)> = book
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| n.check.map(|c| (i, c)))
        .collect();
    w.u32(checks.len() as u32);
    for (i, c) in checks {
        w.u32(i as u32);
        w.f32(c.value);
        w.u16(c.eval);
    }
    w.u32(book.len() as u32);
    w.u32(edges as u32);
    for n in &book.nodes {
        w.u64(n.key);
        w.u8((n.to_move == Color::White) as u8 | (n.expanded as u8) << 1 | (n.full as u8) << 2);
        w.f32(n.h);
        w.u32(n.visits);
        w.u16(n.edges.len() as u16);
        w.u16(n.eval);
    }
    for n in &book.nodes {
        for e in &n.edges {
            w.u16(e.mv);
            w.u32(e.child);
        }
    }
    let sum = fnv1a(&w.0);
    w.u64(sum);
    w.0
}

/// Reads a book file's bytes, of format version 1 or 2; `name` (the file) is named in every
/// error. A version 1 file did not record its evaluator: its values are given one evaluator
/// of version 0 (older than every search of today), with the file's playouts and seed.
pub fn from_bytes(bytes: &[u8], name: &str) -> Result<(Book, BuildInfo), String> {
    let err = |m: &str| format!("book {name}: {m}");
    if bytes.len() < MAGIC.len() + 4 || &bytes[..8] != MAGIC {
        return Err(err("not a moyo book file (bad magic)"));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
    if !(1..=VERSION).contains(&version) {
        return Err(err(&format!(
            "format version {version}, this moyo reads versions 1 to {VERSION}"
        )));
    }
    if bytes.len() < 8 + 12 {
        return Err(err("truncated"));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(tail.try_into().unwrap());
    if fnv1a(body) != stored {
        return Err(err("checksum mismatch (the file is corrupt or truncated)"));
    }
    parse_body(body, version).map_err(|m| err(&m))
}

/// The book and its build information from a checked file body of format `version`.
fn parse_body(body: &[u8], version: u32) -> Result<(Book, BuildInfo), String> {
    let mut r = ByteReader::starting_at(body, 12);
    let (rules, mut shape, mut info) = read_header(&mut r)?;
    let checks = if version == 1 {
        info.evaluators.push(EvalSettings {
            version: 0,
            playouts: info.playouts,
            seed: info.seed,
            params: String::new(),
        });
        Vec::new()
    } else {
        read_settings(&mut r, &mut info, &mut shape)?
    };
    let n = r.u32()? as usize;
    let m = r.u32()? as usize;
    let expected = n
        .saturating_mul(node_bytes(version))
        .saturating_add(m.saturating_mul(6));
    if expected != body.len() - r.position() {
        return Err("node and arc counts do not match the file length".into());
    }
    let (mut nodes, counts) = read_nodes(&mut r, n, version, info.evaluators.len())?;
    if counts.iter().sum::<usize>() != m {
        return Err("arc count mismatch".into());
    }
    for (i, c) in checks {
        nodes
            .get_mut(i)
            .ok_or("a check of a missing position")?
            .check = Some(c);
    }
    for (node, &c) in nodes.iter_mut().zip(&counts) {
        for _ in 0..c {
            let mv = r.u16()?;
            let child = r.u32()?;
            node.edges.push(Edge { mv, child });
        }
    }
    let book = Book::from_nodes(rules, shape, nodes)?;
    Ok((book, info))
}

/// The fields every format version has after the magic and the version: the rules, the
/// book's shape (its check margin the default until version 2's is read) and the build
/// information, with no evaluators yet.
fn read_header(r: &mut ByteReader) -> Result<(BookRules, Shape, BuildInfo), String> {
    let size = r.u8()? as usize;
    let scoring = match r.u8()? {
        0 => Scoring::Area,
        1 => Scoring::Territory,
        _ => return Err("unknown scoring rule".into()),
    };
    r.u16()?;
    let komi = r.f32()?;
    if !(2..=crate::board::MAX_SIZE).contains(&size) || !komi.is_finite() {
        return Err("bad board size or komi".into());
    }
    let omega = r.f32()?;
    let fractional = r.u8()? != 0;
    let player = PlayerMode::from_code(r.u8()?).ok_or("unknown book player mode")?;
    let local = u32::from(r.u16()?);
    let frac_gap = r.f32()?;
    let info = BuildInfo {
        playouts: r.u64()?,
        width: r.u32()?,
        widen_every: r.u32()?,
        player,
        local,
        seed: r.u64()?,
        expansions: r.u64()?,
        evaluations: r.u64()?,
        seconds: r.f64()?,
        evaluators: Vec::new(),
        order: OrderWeights::RANKED,
        games: String::new(),
    };
    let rules = BookRules {
        size,
        komi,
        scoring,
    };
    let shape = Shape {
        omega,
        fractional,
        frac_gap,
        check_margin: Shape::default().check_margin,
    };
    Ok((rules, shape, info))
}

/// Version 2's settings after the header: the evaluators, the order weights and games, the
/// check margin; returns the checks, by node index.
fn read_settings(
    r: &mut ByteReader,
    info: &mut BuildInfo,
    shape: &mut Shape,
) -> Result<Vec<(usize, Check)>, String> {
    for _ in 0..r.u16()? {
        let version = r.u32()?;
        let playouts = r.u64()?;
        let seed = r.u64()?;
        let len = r.u32()? as usize;
        let params = String::from_utf8(r.bytes(len)?.to_vec())
            .map_err(|_| "an evaluator's parameters are not text")?;
        info.evaluators.push(EvalSettings {
            version,
            playouts,
            seed,
            params,
        });
    }
    info.order = OrderWeights {
        played: r.f32()?,
        visits: r.f32()?,
        pattern: r.f32()?,
    };
    if [info.order.played, info.order.visits, info.order.pattern]
        .iter()
        .any(|w| !(w.is_finite() && *w >= 0.0))
    {
        return Err("bad order weights".into());
    }
    let len = r.u32()? as usize;
    info.games =
        String::from_utf8(r.bytes(len)?.to_vec()).map_err(|_| "the game folders are not text")?;
    shape.check_margin = r.f32()?;
    if !(0.0..=1.0).contains(&shape.check_margin) {
        return Err("bad check margin".into());
    }
    let mut checks = Vec::new();
    for _ in 0..r.u32()? {
        let node = r.u32()? as usize;
        let value = r.f32()?;
        let eval = r.u16()?;
        if !(-1.0..=1.0).contains(&value) || eval as usize >= info.evaluators.len() {
            return Err("bad check".into());
        }
        checks.push((node, Check { value, eval }));
    }
    Ok(checks)
}

/// The `n` nodes of a file of format `version` (no arcs yet) and each one's arc count; a
/// node's evaluator must be one of the `evaluators`.
fn read_nodes(
    r: &mut ByteReader,
    n: usize,
    version: u32,
    evaluators: usize,
) -> Result<(Vec<BookNode>, Vec<usize>), String> {
    let mut nodes = Vec::with_capacity(n);
    let mut counts = Vec::with_capacity(n);
    for _ in 0..n {
        let key = r.u64()?;
        let flags = r.u8()?;
        let h = r.f32()?;
        let visits = r.u32()?;
        counts.push(r.u16()? as usize);
        let eval = if version == 1 { 0 } else { r.u16()? };
        if !(-1.0..=1.0).contains(&h) {
            return Err("value out of range".into());
        }
        if eval as usize >= evaluators {
            return Err("a value names an unknown evaluator".into());
        }
        let to_move = if flags & 1 != 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut node = BookNode::leaf(key, to_move, h);
        node.eval = eval;
        node.expanded = flags & 2 != 0;
        node.full = flags & 4 != 0;
        node.visits = visits;
        nodes.push(node);
    }
    Ok((nodes, counts))
}

/// Reads a book file.
pub fn load(path: &Path) -> Result<(Book, BuildInfo), String> {
    let name = path.display().to_string();
    let bytes = fs::read(path).map_err(|e| format!("book {name}: {e}"))?;
    from_bytes(&bytes, &name)
}

/// Writes `bytes` to `path` atomically and durably: a crash leaves either the old file or
/// the new one, never half of one (`sys::durable`, which every checkpoint shares).
pub use crate::sys::durable::write as write_atomic;

/// Saves a book atomically and returns its checksum (the journal is tied to it).
pub fn save(path: &Path, book: &Book, info: &BuildInfo) -> io::Result<u64> {
    let bytes = to_bytes(book, info);
    let sum = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap());
    write_atomic(path, &bytes)?;
    Ok(sum)
}

/// `path` with `suffix` appended to its file name.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}
