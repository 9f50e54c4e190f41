//! The book file: a compact little-endian binary format with a header, the nodes, the arcs
//! and a 64-bit FNV-1a checksum at the end, written atomically (new file, then rename);
//! and the builder's journal, which records each finished evaluation between checkpoints.
//!
//! ```text
//! "MOYOBOOK" version:u32
//! size:u8 scoring:u8 (0 area, 1 territory) 0:u16 komi:f32
//! omega:f32 fractional:u8 player:u8 local:u16 frac_gap:f32
//! playouts:u64 width:u32 widen_every:u32 seed:u64
//! expansions:u64 evaluations:u64 seconds:f64
//! nodes:u32 edges:u32
//! nodes x (key:u64 flags:u8 (1 white to move, 2 expanded, 4 full width) h:f32 visits:u32
//!          edges:u16)
//! edges x (move:u16 child:u32)      -- each node's arcs in node order
//! checksum:u64                       -- FNV-1a of every byte before it
//! ```

use super::graph::{Book, BookRules, Edge, Node, Shape};
use crate::board::{Color, Scoring};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The magic bytes of a book file.
pub const MAGIC: &[u8; 8] = b"MOYOBOOK";
/// The format version written and read.
pub const VERSION: u32 = 1;
const JOURNAL_MAGIC: &[u8; 8] = b"MOYOJRNL";

/// 64-bit FNV-1a.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
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
    fn code(self) -> u8 {
        match self {
            PlayerMode::Alternate => 0,
            PlayerMode::Black => 1,
            PlayerMode::White => 2,
            PlayerMode::Nobody => 3,
        }
    }

    fn from_code(c: u8) -> Option<PlayerMode> {
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
        }
    }
}

struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f64(&mut self, v: f64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.b.len() - self.at < n {
            return Err("truncated".into());
        }
        let s = &self.b[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().unwrap()))
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }
    fn f32(&mut self) -> Result<f32, String> {
        Ok(f32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }
    fn f64(&mut self) -> Result<f64, String> {
        Ok(f64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }
}

fn scoring_code(s: Scoring) -> u8 {
    match s {
        Scoring::Area => 0,
        Scoring::Territory => 1,
    }
}

/// The bytes of a book file.
pub fn to_bytes(book: &Book, info: &BuildInfo) -> Vec<u8> {
    let edges: usize = book.nodes.iter().map(|n| n.edges.len()).sum();
    let mut w = Writer(Vec::with_capacity(120 + book.len() * 19 + edges * 6));
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
    w.u32(book.len() as u32);
    w.u32(edges as u32);
    for n in &book.nodes {
        w.u64(n.key);
        w.u8((n.to_move == Color::White) as u8 | (n.expanded as u8) << 1 | (n.full as u8) << 2);
        w.f32(n.h);
        w.u32(n.visits);
        w.u16(n.edges.len() as u16);
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

/// Reads a book file's bytes; `name` (the file) is named in every error.
pub fn from_bytes(bytes: &[u8], name: &str) -> Result<(Book, BuildInfo), String> {
    let err = |m: &str| format!("book {name}: {m}");
    if bytes.len() < MAGIC.len() + 4 || &bytes[..8] != MAGIC {
        return Err(err("not a moyo book file (bad magic)"));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
    if version != VERSION {
        return Err(err(&format!(
            "format version {version}, this moyo reads version {VERSION}"
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
    parse_body(body).map_err(|m| err(&m))
}

fn parse_body(body: &[u8]) -> Result<(Book, BuildInfo), String> {
    let mut r = Reader { b: body, at: 12 };
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
    };
    let n = r.u32()? as usize;
    let m = r.u32()? as usize;
    if n.saturating_mul(19).saturating_add(m.saturating_mul(6)) != body.len() - r.at {
        return Err("node and arc counts do not match the file length".into());
    }
    let mut nodes = Vec::with_capacity(n);
    let mut counts = Vec::with_capacity(n);
    for _ in 0..n {
        let key = r.u64()?;
        let flags = r.u8()?;
        let h = r.f32()?;
        let visits = r.u32()?;
        counts.push(r.u16()? as usize);
        if !(-1.0..=1.0).contains(&h) {
            return Err("value out of range".into());
        }
        let to_move = if flags & 1 != 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut node = Node::leaf(key, to_move, h);
        node.expanded = flags & 2 != 0;
        node.full = flags & 4 != 0;
        node.visits = visits;
        nodes.push(node);
    }
    if counts.iter().sum::<usize>() != m {
        return Err("arc count mismatch".into());
    }
    for (node, &c) in nodes.iter_mut().zip(&counts) {
        for _ in 0..c {
            let mv = r.u16()?;
            let child = r.u32()?;
            node.edges.push(Edge { mv, child });
        }
    }
    let rules = BookRules {
        size,
        komi,
        scoring,
    };
    let shape = Shape {
        omega,
        fractional,
        frac_gap,
    };
    let book = Book::from_nodes(rules, shape, nodes)?;
    Ok((book, info))
}

/// Reads a book file.
pub fn load(path: &Path) -> Result<(Book, BuildInfo), String> {
    let name = path.display().to_string();
    let bytes = fs::read(path).map_err(|e| format!("book {name}: {e}"))?;
    from_bytes(&bytes, &name)
}

/// Writes `bytes` to `path` atomically: a new file beside it, flushed to disk, then renamed
/// over the old one. A crash leaves either the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = sibling(path, ".tmp");
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = fs::File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

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

/// One change to a book since its last checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// A new node (its index is the number of nodes before it).
    Node {
        key: u64,
        to_move: Color,
        h: f32,
    },
    Edge {
        parent: u32,
        mv: u16,
        child: u32,
    },
    Expanded {
        node: u32,
    },
    /// The node has every legal move as a child.
    Full {
        node: u32,
    },
    Visit {
        node: u32,
    },
    Counters {
        expansions: u64,
        evaluations: u64,
        seconds: f64,
    },
}

impl Record {
    fn encode(&self, w: &mut Writer) {
        let start = w.0.len();
        match *self {
            Record::Node { key, to_move, h } => {
                w.u8(b'N');
                w.u64(key);
                w.u8((to_move == Color::White) as u8);
                w.f32(h);
            }
            Record::Edge { parent, mv, child } => {
                w.u8(b'E');
                w.u32(parent);
                w.u16(mv);
                w.u32(child);
            }
            Record::Expanded { node } => {
                w.u8(b'X');
                w.u32(node);
            }
            Record::Visit { node } => {
                w.u8(b'V');
                w.u32(node);
            }
            Record::Full { node } => {
                w.u8(b'F');
                w.u32(node);
            }
            Record::Counters {
                expansions,
                evaluations,
                seconds,
            } => {
                w.u8(b'C');
                w.u64(expansions);
                w.u64(evaluations);
                w.f64(seconds);
            }
        }
        let check = fnv1a(&w.0[start..]) as u32;
        w.u32(check);
    }

    fn decode(r: &mut Reader) -> Result<Record, String> {
        let start = r.at;
        let rec = match r.u8()? {
            b'N' => Record::Node {
                key: r.u64()?,
                to_move: if r.u8()? != 0 {
                    Color::White
                } else {
                    Color::Black
                },
                h: r.f32()?,
            },
            b'E' => Record::Edge {
                parent: r.u32()?,
                mv: r.u16()?,
                child: r.u32()?,
            },
            b'X' => Record::Expanded { node: r.u32()? },
            b'V' => Record::Visit { node: r.u32()? },
            b'F' => Record::Full { node: r.u32()? },
            b'C' => Record::Counters {
                expansions: r.u64()?,
                evaluations: r.u64()?,
                seconds: r.f64()?,
            },
            _ => return Err("bad record".into()),
        };
        let check = fnv1a(&r.b[start..r.at]) as u32;
        if r.u32()? != check {
            return Err("bad record checksum".into());
        }
        Ok(rec)
    }

    /// Applies the record to a book; false when it does not fit (then replay stops).
    pub fn apply(&self, book: &mut Book, info: &mut BuildInfo) -> bool {
        let n = book.len() as u32;
        match *self {
            Record::Node { key, to_move, h } => {
                if book.find(key).is_some() || !(-1.0..=1.0).contains(&h) {
                    return false;
                }
                book.add_node(Node::leaf(key, to_move, h));
            }
            Record::Edge { parent, mv, child } => {
                let points = book.rules.size * book.rules.size;
                if parent >= n || child >= n || mv as usize >= points {
                    return false;
                }
                book.add_edge(parent, mv, child);
            }
            Record::Expanded { node } => {
                if node >= n {
                    return false;
                }
                book.nodes[node as usize].expanded = true;
            }
            Record::Visit { node } => {
                if node >= n {
                    return false;
                }
                book.nodes[node as usize].visits += 1;
            }
            Record::Full { node } => {
                if node >= n {
                    return false;
                }
                book.nodes[node as usize].full = true;
            }
            Record::Counters {
                expansions,
                evaluations,
                seconds,
            } => {
                info.expansions = expansions;
                info.evaluations = evaluations;
                info.seconds = seconds;
            }
        }
        true
    }
}

/// The append-only log of changes since the last checkpoint, tied to that checkpoint by
/// its checksum. Every record carries its own check, so a record cut short by a kill is
/// recognised and dropped at replay.
pub struct Journal {
    file: fs::File,
}

impl Journal {
    /// Starts a new, empty journal for the checkpoint with checksum `sum` (atomically
    /// replacing an old one).
    pub fn create(path: &Path, sum: u64) -> io::Result<Journal> {
        let mut w = Writer(Vec::new());
        w.0.extend_from_slice(JOURNAL_MAGIC);
        w.u32(VERSION);
        w.u64(sum);
        write_atomic(path, &w.0)?;
        let file = fs::OpenOptions::new().append(true).open(path)?;
        Ok(Journal { file })
    }

    /// Appends records and hands them to the operating system (they survive a kill of
    /// this process).
    pub fn append(&mut self, records: &[Record]) -> io::Result<()> {
        let mut w = Writer(Vec::new());
        for r in records {
            r.encode(&mut w);
        }
        self.file.write_all(&w.0)
    }

    /// The records of the journal at `path` if it belongs to the checkpoint with checksum
    /// `sum`, up to the first damaged or cut record. A missing journal or one of another
    /// checkpoint gives nothing.
    pub fn read(path: &Path, sum: u64) -> Vec<Record> {
        let Ok(bytes) = fs::read(path) else {
            return Vec::new();
        };
        let mut r = Reader { b: &bytes, at: 0 };
        let ok = r.take(8).is_ok_and(|m| m == JOURNAL_MAGIC)
            && r.u32() == Ok(VERSION)
            && r.u64() == Ok(sum);
        if !ok {
            return Vec::new();
        }
        let mut out = Vec::new();
        while r.at < bytes.len() {
            match Record::decode(&mut r) {
                Ok(rec) => out.push(rec),
                Err(_) => break,
            }
        }
        out
    }
}
