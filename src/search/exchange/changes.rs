//! What a cluster exchange carries: for each shared node, addressed by its moves from the
//! root, the online and AMAF playouts (and their wins) it gained since the last exchange;
//! their byte form; and the sum of several searchers' changes.

use crate::search::tree::NodeStats;
use crate::sys::bytes::ByteReader;
use std::collections::HashMap;

/// Deepest node a cluster exchange can share (the root is depth 0).
pub const MAX_DEPTH: usize = 8;

/// Bytes of one change in the byte form, besides its moves (depth, then four counts).
const FIXED_BYTES: usize = 1 + 4 * 4;

/// A node's address, the same in every searcher's tree: the moves (points, or `PASS`) from
/// the root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    len: u8,
    moves: [u16; MAX_DEPTH],
}

impl Path {
    /// The root's address.
    pub const ROOT: Path = Path {
        len: 0,
        moves: [0; MAX_DEPTH],
    };

    /// The address of this node's child playing `mv`; `None` past `MAX_DEPTH`.
    pub fn child(&self, mv: u16) -> Option<Path> {
        let d = self.len as usize;
        if d >= MAX_DEPTH {
            return None;
        }
        let mut p = *self;
        p.moves[d] = mv;
        p.len += 1;
        Some(p)
    }

    /// The moves from the root.
    pub fn moves(&self) -> &[u16] {
        &self.moves[..self.len as usize]
    }

    /// Moves from the root (0 for the root).
    pub fn depth(&self) -> usize {
        self.len as usize
    }
}

/// What one node gained: online visits and wins, AMAF visits and wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub path: Path,
    pub online: NodeStats,
    pub amaf: NodeStats,
}

/// The changes one searcher, or the sum of several, made to the shared nodes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes {
    list: Vec<Change>,
}

impl Changes {
    /// No changes (the buffer is kept).
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// Adds one node's change.
    pub fn push(&mut self, c: Change) {
        self.list.push(c);
    }

    /// Adds all of `other`'s changes (a node may then appear more than once).
    pub fn extend_from(&mut self, other: &Changes) {
        self.list.extend_from_slice(&other.list);
    }

    /// The changes, in the order they were added.
    pub fn iter(&self) -> std::slice::Iter<'_, Change> {
        self.list.iter()
    }

    /// Number of nodes changed.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether no node changed.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Online visits at the root (the playouts these changes stand for), 0 if it is absent.
    pub fn root_visits(&self) -> u32 {
        self.list
            .iter()
            .find(|c| c.path.depth() == 0)
            .map_or(0, |c| c.online.visits)
    }

    /// Appends the byte form: the count (u32), then per change its depth (u8), its moves
    /// (u16 each) and its four counts (u32 each), all little-endian.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.list.len() as u32).to_le_bytes());
        for c in &self.list {
            out.push(c.path.len);
            for m in c.path.moves() {
                out.extend_from_slice(&m.to_le_bytes());
            }
            for x in [c.online.visits, c.online.wins, c.amaf.visits, c.amaf.wins] {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
    }

    /// Bytes `encode` writes.
    pub fn encoded_len(&self) -> usize {
        4 + self
            .list
            .iter()
            .map(|c| FIXED_BYTES + 2 * c.path.depth())
            .sum::<usize>()
    }

    /// Replaces the changes by those encoded at the start of `bytes`; returns the bytes
    /// read. On malformed input the changes are left empty.
    pub fn decode(&mut self, bytes: &[u8]) -> Result<usize, String> {
        self.list.clear();
        let r = self.decode_list(bytes);
        if r.is_err() {
            self.list.clear();
        }
        r
    }

    fn decode_list(&mut self, bytes: &[u8]) -> Result<usize, String> {
        let mut r = ByteReader::new(bytes);
        let n = r.u32()? as usize;
        // Each change takes at least FIXED_BYTES: a count beyond that is a lie.
        if n > bytes.len() / FIXED_BYTES {
            return Err(format!("{n} changes in {} bytes", bytes.len()));
        }
        for _ in 0..n {
            let len = r.u8()?;
            if len as usize > MAX_DEPTH {
                return Err(format!("a path of {len} moves"));
            }
            let mut path = Path::ROOT;
            for i in 0..len as usize {
                path.moves[i] = r.u16()?;
            }
            path.len = len;
            let mut x = [0u32; 4];
            for v in &mut x {
                *v = r.u32()?;
            }
            self.list.push(Change {
                path,
                online: NodeStats {
                    visits: x[0],
                    wins: x[1],
                },
                amaf: NodeStats {
                    visits: x[2],
                    wins: x[3],
                },
            });
        }
        Ok(r.position())
    }
}

/// `a + b`, each count saturating.
fn plus(a: NodeStats, b: NodeStats) -> NodeStats {
    NodeStats {
        visits: a.visits.saturating_add(b.visits),
        wins: a.wins.saturating_add(b.wins),
    }
}

/// `a - b`, each count stopping at 0.
fn minus(a: NodeStats, b: NodeStats) -> NodeStats {
    NodeStats {
        visits: a.visits.saturating_sub(b.visits),
        wins: a.wins.saturating_sub(b.wins),
    }
}

/// Sums changes node by node: the searcher that leads a cluster adds up every searcher's
/// changes of one exchange and hands each the sum of the others'.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    sums: HashMap<Path, (NodeStats, NodeStats)>,
    scratch: HashMap<Path, (NodeStats, NodeStats)>,
}

impl Tally {
    /// Forgets the sums (the memory is kept).
    pub fn clear(&mut self) {
        self.sums.clear();
    }

    /// Adds one searcher's changes.
    pub fn add(&mut self, changes: &Changes) {
        for c in changes.iter() {
            let e = self.sums.entry(c.path).or_default();
            *e = (plus(e.0, c.online), plus(e.1, c.amaf));
        }
    }

    /// Writes into `out` the sum less `own` (one searcher's part of it, which that searcher
    /// has already): what it has not seen. Nodes left with nothing are left out.
    pub fn without(&mut self, own: &Changes, out: &mut Changes) {
        out.clear();
        self.scratch.clone_from(&self.sums);
        for c in own.iter() {
            if let Some(e) = self.scratch.get_mut(&c.path) {
                *e = (minus(e.0, c.online), minus(e.1, c.amaf));
            }
        }
        for (path, &(online, amaf)) in &self.scratch {
            if online.visits | online.wins | amaf.visits | amaf.wins != 0 {
                out.push(Change {
                    path: *path,
                    online,
                    amaf,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(moves: &[u16], visits: u32, wins: u32) -> Change {
        let mut path = Path::ROOT;
        for &m in moves {
            path = path.child(m).unwrap();
        }
        Change {
            path,
            online: NodeStats { visits, wins },
            amaf: NodeStats {
                visits: 2 * visits,
                wins,
            },
        }
    }

    #[test]
    fn byte_form_round_trips_and_refuses_garbage() {
        let mut c = Changes::default();
        c.push(change(&[], 100, 40));
        c.push(change(&[12, u16::MAX], 7, 3));
        let mut bytes = Vec::new();
        c.encode(&mut bytes);
        assert_eq!(bytes.len(), c.encoded_len());
        let mut d = Changes::default();
        assert_eq!(d.decode(&bytes), Ok(bytes.len()));
        assert_eq!(d, c);
        assert_eq!(d.root_visits(), 100);
        for cut in 0..bytes.len() {
            assert!(d.decode(&bytes[..cut]).is_err(), "cut at {cut}");
            assert!(d.is_empty());
        }
        let mut deep = bytes.clone();
        deep[4] = MAX_DEPTH as u8 + 1;
        assert!(d.decode(&deep).is_err());
        assert!(d.decode(&[255, 255, 255, 255]).is_err());
    }

    #[test]
    fn paths_stop_at_the_deepest_level() {
        let mut p = Path::ROOT;
        for i in 0..MAX_DEPTH as u16 {
            p = p.child(i).unwrap();
        }
        assert_eq!(p.depth(), MAX_DEPTH);
        assert!(p.child(1).is_none());
    }

    #[test]
    fn a_tally_hands_each_searcher_the_others_changes() {
        let mut a = Changes::default();
        a.push(change(&[], 10, 4));
        a.push(change(&[5], 6, 2));
        let mut b = Changes::default();
        b.push(change(&[], 20, 9));
        b.push(change(&[7], 20, 9));
        let mut t = Tally::default();
        t.add(&a);
        t.add(&b);
        let mut out = Changes::default();
        t.without(&a, &mut out);
        let mut got: Vec<Change> = out.iter().copied().collect();
        got.sort_by_key(|c| c.path.moves().to_vec());
        assert_eq!(got, vec![change(&[], 20, 9), change(&[7], 20, 9)]);
        t.without(&Changes::default(), &mut out);
        assert_eq!(out.root_visits(), 30);
        assert_eq!(out.len(), 3);
        t.clear();
        t.without(&a, &mut out);
        assert!(out.is_empty());
    }
}
