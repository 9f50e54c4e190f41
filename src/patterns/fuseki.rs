//! The fuseki table: the moves professionals played in the opening positions of their games,
//! counted per position (Baier and Winands' "active opening book": pro moves bias the search
//! instead of being played blindly). Positions are stored once under the canonical key of the
//! 8 symmetries (`board::canonical`), moves in that stored orientation; in a symmetric
//! position (the empty board) a move is stored as the least of its images, and a lookup hands
//! back every image, so the four 4-4 points share the count of the one pros were seen to play.
//!
//! File: the `checked` header (format, layout, checksum), then `size N`, `meta` lines, and one
//! line per position, `k <key in hex> <move>:<count> ...`.

use super::checked;
use super::train::for_each_position;
use crate::board::{Board, BookMove, Color, Move, Point, Symmetry, from_book, to_book};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// First line of a fuseki file.
pub const FORMAT: &str = "moyo-fuseki 1";
/// What a key and a move mean; a file written for another layout is refused.
pub const LAYOUT: &str = "key:board-canonical move:row*size+col";
/// The built-in table's file, for messages.
pub const BUILTIN_NAME: &str = "patterns/fuseki-19x19.txt";
const BUILTIN_TEXT: &str = include_str!("../../patterns/fuseki-19x19.txt");

/// Opening positions with the moves played in them and how often.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fuseki {
    /// Board size of the games (0: an empty table, which knows no position).
    size: usize,
    /// Key -> the range of its moves in `moves`.
    positions: HashMap<u64, (u32, u32)>,
    /// (stored move, times played), position after position.
    moves: Vec<(BookMove, u32)>,
    /// The most stones of any position held (a board with more is not looked up).
    max_stones: usize,
    /// Settings of the extraction, as `meta` lines.
    meta: Vec<(String, String)>,
}

/// The keys of `b` with `to_move` under the 8 symmetries, and the smallest.
fn keys(b: &Board, to_move: Color) -> ([u64; 8], u64) {
    let k = crate::board::keys(b, to_move);
    let min = k.iter().copied().min().unwrap_or(0);
    (k, min)
}

impl Fuseki {
    /// The built-in 19x19 table (`patterns/fuseki-19x19.txt`, read once). A corrupt table is
    /// reported on stderr, naming the file, and replaced by an empty one.
    pub fn builtin() -> &'static Fuseki {
        static B: OnceLock<Fuseki> = OnceLock::new();
        B.get_or_init(|| {
            let parsed = Fuseki::parse(BUILTIN_TEXT, BUILTIN_NAME);
            checked::or_report(parsed, "no fuseki table", Fuseki::default)
        })
    }

    /// Board size the table is for (0 when empty).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Positions held.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// A `meta` value of the extraction.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The moves professionals played in the position of `b` with `to_move` to play, each
    /// point once with its count, into `out` (cleared); returns the times the position was
    /// met (0 when the table does not hold it).
    pub fn lookup(&self, b: &Board, to_move: Color, out: &mut Vec<(Point, u32)>) -> u32 {
        out.clear();
        if b.size() != self.size {
            return 0;
        }
        if b.stone_count() > self.max_stones {
            return 0;
        }
        let (k, min) = keys(b, to_move);
        let Some(&(start, end)) = self.positions.get(&min) else {
            return 0;
        };
        let mut total = 0;
        for &(m, n) in &self.moves[start as usize..end as usize] {
            total += n;
            for (s, _) in Symmetry::ALL.iter().zip(k).filter(|&(_, key)| key == min) {
                if let Move::Play(p) = from_book(b, *s, m)
                    && !out.iter().any(|&(q, _)| q == p)
                {
                    out.push((p, n));
                }
            }
        }
        total
    }

    /// Counts the moves of the first `plies` moves of every game of `files` (at most
    /// `max_games`) on a board of `size` (`None`: the first game's) by position, and keeps
    /// the positions met at least `min_count` times.
    pub fn extract(
        files: &[PathBuf],
        size: Option<usize>,
        max_games: usize,
        plies: usize,
        min_count: u32,
    ) -> Result<Fuseki, String> {
        let mut counts: HashMap<u64, HashMap<BookMove, u32>> = HashMap::new();
        let mut size = size.unwrap_or(0);
        let mut max_stones = 0;
        let games = for_each_position(files, max_games, |b, c, _, mv, number| {
            if number > plies || (size != 0 && b.size() != size) {
                return;
            }
            size = b.size();
            max_stones = max_stones.max(b.stone_count());
            let (k, min) = keys(b, c);
            let stored = Symmetry::ALL
                .iter()
                .zip(k)
                .filter(|&(_, key)| key == min)
                .filter_map(|(s, _)| to_book(b, *s, mv))
                .min();
            if let Some(m) = stored {
                *counts.entry(min).or_default().entry(m).or_default() += 1;
            }
        })?;
        let meta = vec![
            ("games".to_string(), games.to_string()),
            ("plies".to_string(), plies.to_string()),
            ("min_count".to_string(), min_count.to_string()),
        ];
        let mut table = Fuseki {
            size,
            max_stones,
            meta,
            ..Fuseki::default()
        };
        let mut keys: Vec<_> = counts
            .into_iter()
            .filter(|(_, m)| m.values().sum::<u32>() >= min_count)
            .collect();
        keys.sort_by_key(|(k, _)| *k);
        for (k, m) in keys {
            let mut m: Vec<_> = m.into_iter().collect();
            m.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            table.insert(k, &m);
        }
        Ok(table)
    }

    /// Adds a position's moves.
    fn insert(&mut self, key: u64, moves: &[(BookMove, u32)]) {
        let start = self.moves.len() as u32;
        self.moves.extend_from_slice(moves);
        self.positions.insert(key, (start, self.moves.len() as u32));
    }

    /// The file text (positions by key, moves by count), stable for the same table.
    pub fn to_text(&self) -> String {
        let mut body = format!("size {}\nmax_stones {}\n", self.size, self.max_stones);
        for (k, v) in &self.meta {
            let _ = writeln!(body, "meta {k} {v}");
        }
        let mut keys: Vec<_> = self.positions.iter().collect();
        keys.sort_by_key(|(k, _)| **k);
        for (k, &(start, end)) in keys {
            let _ = write!(body, "k {k:016x}");
            for (m, n) in &self.moves[start as usize..end as usize] {
                let _ = write!(body, " {m}:{n}");
            }
            body.push('\n');
        }
        checked::wrap(FORMAT, LAYOUT, &body)
    }

    /// Reads a table from file text; `name` (the file) opens every error message.
    pub fn parse(text: &str, name: &str) -> Result<Fuseki, String> {
        let body = checked::unwrap(text, name, FORMAT, LAYOUT)?;
        let err = |line: usize, what: &str| format!("{name}: line {line}: {what}");
        let mut t = Fuseki::default();
        let mut moves = Vec::new();
        for (i, line) in body.lines().enumerate() {
            let n = i + checked::BODY_LINE;
            let number = |s: Option<&str>, what: &str| -> Result<usize, String> {
                s.and_then(|s| s.parse().ok())
                    .ok_or_else(|| err(n, &format!("expected {what}")))
            };
            let mut w = line.split_whitespace();
            match w.next() {
                None => {}
                Some("size") => {
                    t.size = number(w.next(), "a board size")?;
                    if !(2..=crate::board::MAX_SIZE).contains(&t.size) {
                        return Err(err(n, "board size out of range"));
                    }
                }
                Some("max_stones") => t.max_stones = number(w.next(), "a stone count")?,
                Some("meta") => {
                    let k = w.next().ok_or_else(|| err(n, "meta without a key"))?;
                    t.meta
                        .push((k.to_string(), w.collect::<Vec<_>>().join(" ")));
                }
                Some("k") => {
                    let key = w
                        .next()
                        .and_then(|h| u64::from_str_radix(h, 16).ok())
                        .ok_or_else(|| err(n, "bad position key"))?;
                    let points = t.size * t.size;
                    moves.clear();
                    for pair in w {
                        let mv = pair
                            .split_once(':')
                            .and_then(|(m, c)| Some((m.parse::<BookMove>().ok()?, c.parse().ok()?)))
                            .filter(|&(m, c): &(BookMove, u32)| (m as usize) < points && c > 0)
                            .ok_or_else(|| err(n, &format!("bad move `{pair}`")))?;
                        moves.push(mv);
                    }
                    if moves.is_empty() || t.positions.contains_key(&key) {
                        return Err(err(n, "a position needs moves and must not repeat"));
                    }
                    t.insert(key, &moves);
                }
                Some(x) => return Err(err(n, &format!("unknown line type `{x}`"))),
            }
        }
        if t.size == 0 && !t.positions.is_empty() {
            return Err(format!("{name}: positions before any `size` line"));
        }
        Ok(t)
    }

    /// Reads a table from a file.
    pub fn load(path: &Path) -> Result<Fuseki, String> {
        let (text, name) = checked::read(path)?;
        Fuseki::parse(&text, &name)
    }

    /// Writes the table to `path` atomically and durably.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        checked::save(path, &self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram::at;

    /// A collection of 19x19 games with the given move lists, written to a temporary file.
    fn collection(name: &str, games: &[&str]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("moyo-fuseki-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sgf");
        let text: String = games
            .iter()
            .map(|moves| format!("(;GM[1]FF[4]SZ[19]KM[7.5]{moves})\n"))
            .collect();
        std::fs::write(&path, text).unwrap();
        path
    }

    fn points(b: &Board, list: &[(Point, u32)]) -> Vec<(String, u32)> {
        let mut v: Vec<_> = list
            .iter()
            .map(|&(p, n)| (b.move_string(Move::Play(p)), n))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn counts_moves_by_position_under_the_symmetries() {
        // Three 4-4 openings in three corners, answered in the opposite corner, and a 3-4.
        let path = collection(
            "sym",
            &[
                ";B[pd];W[dp]",
                ";B[dp];W[pd]",
                ";B[dd];W[pp]",
                ";B[qd];W[dp]",
            ],
        );
        let t = Fuseki::extract(std::slice::from_ref(&path), None, usize::MAX, 2, 1).unwrap();
        assert_eq!(t.size(), 19);
        assert_eq!(t.meta("games"), Some("4"));
        let empty = Board::new(19);
        let mut out = Vec::new();
        assert_eq!(t.lookup(&empty, Color::Black, &mut out), 4);
        // Every image of a move pros played gets its count: 4 corners of 4-4, 8 of 3-4.
        assert_eq!(out.len(), 12);
        for v in ["D4", "D16", "Q4", "Q16"] {
            assert!(out.contains(&(at(&empty, v), 3)), "{v}: {out:?}");
        }
        for v in ["C4", "D3", "R16", "Q17"] {
            assert!(out.contains(&(at(&empty, v), 1)), "{v}: {out:?}");
        }
        // After a 4-4 stone, all three 4-4 games answered in the opposite corner.
        let mut b = Board::new(19);
        b.play(Color::Black, Move::Play(at(&b, "Q16"))).unwrap();
        assert_eq!(t.lookup(&b, Color::White, &mut out), 3);
        assert_eq!(points(&b, &out), vec![("D4".to_string(), 3)]);
        // The same position rotated: the answer rotates with it.
        let mut r = Board::new(19);
        r.play(Color::Black, Move::Play(at(&r, "D16"))).unwrap();
        assert_eq!(t.lookup(&r, Color::White, &mut out), 3);
        assert_eq!(points(&r, &out), vec![("Q4".to_string(), 3)]);
        // Not for Black to move, not on another board size, not past the table's stones.
        assert_eq!(t.lookup(&b, Color::Black, &mut out), 0);
        assert!(out.is_empty());
        assert_eq!(t.lookup(&Board::new(13), Color::Black, &mut out), 0);
        // Positions met fewer times than min_count are dropped (the 3-4 line's answer).
        let t2 = Fuseki::extract(&[path], None, usize::MAX, 2, 2).unwrap();
        let mut s = Board::new(19);
        s.play(Color::Black, Move::Play(at(&s, "R16"))).unwrap();
        assert_eq!(t.lookup(&s, Color::White, &mut out), 1);
        assert_eq!(t2.lookup(&s, Color::White, &mut out), 0);
        assert_eq!(t2.lookup(&b, Color::White, &mut out), 3);
    }

    #[test]
    fn text_round_trips_and_damage_is_named() {
        let path = collection("text", &[";B[pd];W[dp];B[pq]", ";B[pd];W[dd]"]);
        let t = Fuseki::extract(&[path], None, usize::MAX, 3, 1).unwrap();
        let text = t.to_text();
        assert_eq!(Fuseki::parse(&text, "x.txt").unwrap(), t);
        let edited = text.replacen("k ", "k 1", 1);
        let e = Fuseki::parse(&edited, "x.txt").unwrap_err();
        assert!(e.contains("x.txt") && e.contains("checksum"), "{e}");
        let bad = checked::wrap(FORMAT, LAYOUT, "size 19\nk 00ff 400:1\n");
        let e = Fuseki::parse(&bad, "y.txt").unwrap_err();
        assert!(e.contains("y.txt: line 5") && e.contains("400:1"), "{e}");
        let other = checked::wrap("moyo-mm-gammas 1", LAYOUT, "");
        assert!(
            Fuseki::parse(&other, "z.txt")
                .unwrap_err()
                .contains("z.txt: line 1")
        );
    }

    #[test]
    fn the_builtin_table_knows_the_openings() {
        let t = Fuseki::builtin();
        assert_eq!(t.size(), 19);
        assert!(t.positions() > 1000, "{}", t.positions());
        let b = Board::new(19);
        let mut out = Vec::new();
        assert!(t.lookup(&b, Color::Black, &mut out) > 1000);
        let &(best, _) = out.iter().max_by_key(|m| m.1).unwrap();
        assert!(
            (3..=4).contains(&b.line(best)),
            "{}",
            b.move_string(Move::Play(best))
        );
    }
}
