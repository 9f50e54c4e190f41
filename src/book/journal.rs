//! The builder's journal: every change to a book since its last checkpoint, appended as it
//! happens, each record with its own check, so a killed build resumes from the checkpoint
//! plus the journal's intact records.
//!
//! A record cut short at the very end is what a kill leaves: it is dropped in silence. A
//! damaged record with intact ones after it is damage (a disk, a copy), not a kill: the
//! resume stops with the file, the byte offset and the records that would be lost, unless
//! asked to salvage the records before it.

use super::file::{VERSION, Writer, fnv1a, write_atomic};
use super::graph::{Book, BookNode, Check};
use super::settings::BuildInfo;
use crate::board::Color;
use crate::sys::bytes::ByteReader;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

const JOURNAL_MAGIC: &[u8; 8] = b"MOYOJRNL";

/// One change to a book since its last checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// A new node (its index is the number of nodes before it), valued by evaluator `eval`.
    Node {
        key: u64,
        to_move: Color,
        h: f32,
        eval: u16,
    },
    /// A node evaluated again (its old value was stale): its new value and evaluator.
    Value {
        node: u32,
        h: f32,
        eval: u16,
    },
    /// A deeper search's value of a node (a re-check), replacing any earlier one.
    Check {
        node: u32,
        value: f32,
        eval: u16,
    },
    /// A node's check dropped (it came from an older evaluator version).
    Uncheck {
        node: u32,
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
            Record::Node {
                key,
                to_move,
                h,
                eval,
            } => {
                w.u8(b'n');
                w.u64(key);
                w.u8((to_move == Color::White) as u8);
                w.f32(h);
                w.u16(eval);
            }
            Record::Value { node, h, eval } => {
                w.u8(b'R');
                w.u32(node);
                w.f32(h);
                w.u16(eval);
            }
            Record::Check { node, value, eval } => {
                w.u8(b'K');
                w.u32(node);
                w.f32(value);
                w.u16(eval);
            }
            Record::Uncheck { node } => {
                w.u8(b'U');
                w.u32(node);
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

    fn decode(r: &mut ByteReader) -> Result<Record, String> {
        let start = r.position();
        let tag = r.u8()?;
        let rec = match tag {
            // 'N': a node of a format 1 journal, valued by the file's only evaluator.
            b'N' | b'n' => Record::Node {
                key: r.u64()?,
                to_move: if r.u8()? != 0 {
                    Color::White
                } else {
                    Color::Black
                },
                h: r.f32()?,
                eval: if tag == b'n' { r.u16()? } else { 0 },
            },
            b'R' => Record::Value {
                node: r.u32()?,
                h: r.f32()?,
                eval: r.u16()?,
            },
            b'K' => Record::Check {
                node: r.u32()?,
                value: r.f32()?,
                eval: r.u16()?,
            },
            b'U' => Record::Uncheck { node: r.u32()? },
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
        let check = fnv1a(r.since(start)) as u32;
        if r.u32()? != check {
            return Err("bad record checksum".into());
        }
        Ok(rec)
    }

    /// Applies the record to a book; false when it does not fit (then replay stops).
    pub fn apply(&self, book: &mut Book, info: &mut BuildInfo) -> bool {
        let n = book.len() as u32;
        match *self {
            Record::Node {
                key,
                to_move,
                h,
                eval,
            } => {
                if book.find(key).is_some() || !valid(h, eval, info) {
                    return false;
                }
                let mut node = BookNode::leaf(key, to_move, h);
                node.eval = eval;
                book.add_node(node);
            }
            Record::Value { node, h, eval } => {
                if node >= n || !valid(h, eval, info) {
                    return false;
                }
                let nd = &mut book.nodes[node as usize];
                nd.h = h;
                nd.eval = eval;
            }
            Record::Check { node, value, eval } => {
                if node >= n || !valid(value, eval, info) {
                    return false;
                }
                book.nodes[node as usize].check = Some(Check { value, eval });
            }
            Record::Uncheck { node } => {
                if node >= n {
                    return false;
                }
                book.nodes[node as usize].check = None;
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

/// Whether a value and its evaluator fit the book.
fn valid(h: f32, eval: u16, info: &BuildInfo) -> bool {
    (-1.0..=1.0).contains(&h) && (eval as usize) < info.evaluators.len()
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
    /// `sum`. A missing journal or one of another checkpoint gives nothing; a record cut
    /// short at the end (a kill mid-write) is dropped. A damaged record with intact records
    /// after it is an error naming the file, its byte offset and the records after it;
    /// with `salvage`, the records before it are kept and the rest dropped, with a note.
    pub fn read(path: &Path, sum: u64, salvage: bool) -> Result<Vec<Record>, String> {
        let Ok(bytes) = fs::read(path) else {
            return Ok(Vec::new());
        };
        let mut r = ByteReader::new(&bytes);
        let ok = r.bytes(8).is_ok_and(|m| m == JOURNAL_MAGIC)
            && r.u32().is_ok_and(|v| (1..=VERSION).contains(&v))
            && r.u64() == Ok(sum);
        if !ok {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        while r.position() < bytes.len() {
            let at = r.position();
            let Ok(rec) = Record::decode(&mut r) else {
                let after = intact_after(&bytes, at);
                if after == 0 {
                    break; // a torn last record
                }
                let name = path.display();
                if salvage {
                    crate::diag!(
                        "book journal {name}: damaged record at byte {at}; kept the {} records \
                         before it, dropped {after} intact records after it (--salvage)",
                        out.len()
                    );
                    break;
                }
                return Err(format!(
                    "book journal {name}: damaged record at byte {at}, with {after} intact \
                     records after it that a resume would lose; give --salvage to resume \
                     from the {} records before it",
                    out.len()
                ));
            };
            out.push(rec);
        }
        Ok(out)
    }
}

/// Intact records in `bytes` after a damaged one at `at`: from each byte on, a record that
/// decodes with its check counts and is stepped over (a false match of a 32-bit check is
/// about one in four billion).
fn intact_after(bytes: &[u8], at: usize) -> usize {
    let mut n = 0;
    let mut p = at + 1;
    while p < bytes.len() {
        let mut r = ByteReader::starting_at(bytes, p);
        if Record::decode(&mut r).is_ok() {
            n += 1;
            p = r.position();
        } else {
            p += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A journal of 40 records for checkpoint sum 7, and its path.
    fn journal(name: &str) -> (std::path::PathBuf, Vec<Record>) {
        let path = std::env::temp_dir().join(format!(
            "moyo-journal-{name}-{}.journal",
            std::process::id()
        ));
        let records: Vec<Record> = (0..40)
            .map(|i| match i % 3 {
                0 => Record::Visit { node: i },
                1 => Record::Edge {
                    parent: i,
                    mv: 3,
                    child: i + 1,
                },
                _ => Record::Counters {
                    expansions: u64::from(i),
                    evaluations: 2,
                    seconds: 1.5,
                },
            })
            .collect();
        let mut j = Journal::create(&path, 7).unwrap();
        j.append(&records).unwrap();
        (path, records)
    }

    /// The byte offset where record `k` of `records` starts, after the 20-byte header.
    fn offset(records: &[Record], k: usize) -> usize {
        let mut w = Writer(Vec::new());
        for r in &records[..k] {
            r.encode(&mut w);
        }
        20 + w.0.len()
    }

    #[test]
    fn a_flipped_byte_stops_the_resume_naming_file_and_offset() {
        let (path, records) = journal("flip");
        assert_eq!(Journal::read(&path, 7, false).unwrap(), records);
        let mut bytes = fs::read(&path).unwrap();
        let at = offset(&records, 17);
        bytes[at + 2] ^= 0x10;
        fs::write(&path, &bytes).unwrap();
        let e = Journal::read(&path, 7, false).unwrap_err();
        assert!(
            e.contains(&path.display().to_string())
                && e.contains(&format!(
                    "damaged record at byte {at}, with 22 intact records"
                )),
            "{e}"
        );
        // --salvage: the 17 records before it.
        assert_eq!(Journal::read(&path, 7, true).unwrap(), records[..17]);
        // A flipped tag changes the record's length: the ones after are still found.
        let mut bytes = fs::read(&path).unwrap();
        bytes[at + 2] ^= 0x10;
        let at = offset(&records, 30);
        bytes[at] = b'C';
        fs::write(&path, &bytes).unwrap();
        let e = Journal::read(&path, 7, false).unwrap_err();
        assert!(e.contains(&format!("byte {at}, with 9 intact")), "{e}");
        let _ = fs::remove_file(&path);
    }

    #[test]
    fn a_torn_last_record_is_cut_in_silence() {
        let (path, records) = journal("torn");
        let bytes = fs::read(&path).unwrap();
        // Cut inside the last record, and (a longer tail) inside the one before it.
        for cut in [3, 12] {
            fs::write(&path, &bytes[..bytes.len() - cut]).unwrap();
            let got = Journal::read(&path, 7, false).unwrap();
            assert!(got.len() >= 38 && got[..] == records[..got.len()], "{cut}");
        }
        // Zeros after the last record (a file extended but not written): no record follows.
        let mut padded = bytes.clone();
        padded.extend_from_slice(&[0; 64]);
        fs::write(&path, &padded).unwrap();
        assert_eq!(Journal::read(&path, 7, false).unwrap(), records);
        let _ = fs::remove_file(&path);
    }
}
