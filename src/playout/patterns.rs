//! MoGo's 3x3 playout patterns, compiled into lookup bitsets.
//!
//! The patterns live in `patterns/mogo3x3.txt` (embedded at build time; its header documents
//! the format): the hane, cut1, cut2 and edge patterns of Wang & Gelly (2007). They are
//! compiled into two bitsets of 2^20 bits, one per player to move, indexed by the
//! neighbourhood code of [`Board::neighbourhood_code`](crate::board::Board), so the playout
//! tests a point with one bit lookup.
//!
//! Compiling a pattern: its cells (several allowed values each, free atari flags on stones)
//! are multiplied out into the concrete codes it matches as written, codes whose off-board
//! points form neither an edge nor a corner are dropped, and every code is mapped through the
//! 8 symmetries of the square (atari flags follow their orthogonal points). Each image is set
//! in Black's table with X = Black, and with colours exchanged in White's table; a `both`
//! pattern is also set the other way round. The tables of the two colours are therefore
//! colour-swapped images of each other and match equally many codes: 23,456 each for the
//! built-in set. Compiling it takes about 0.3 ms in release.

use crate::board::{
    CODE_BITS, CODE_BLACK, CODE_EMPTY, CODE_OFF, CODE_WHITE, Color, NEIGHBOUR_OFFSETS,
};
use std::fmt;
use std::sync::OnceLock;

/// The built-in pattern text.
pub const BUILTIN_TEXT: &str = include_str!("../../patterns/mogo3x3.txt");

/// Number of distinct neighbourhood codes.
const CODES: usize = 1 << CODE_BITS;
/// Words of one bitset.
const WORDS: usize = CODES / 64;

/// A compiled 3x3 pattern table: one bitset of 2^20 bits per player to move. (Boxed
/// fixed-size arrays rather than `Vec`s, so the masked index in `matches` needs no bounds
/// check.)
#[derive(Clone)]
pub struct Pattern3x3 {
    bits: [Box<[u64; WORDS]>; 2],
}

impl fmt::Debug for Pattern3x3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pattern3x3")
            .field("black_codes", &self.count(Color::Black))
            .field("white_codes", &self.count(Color::White))
            .finish()
    }
}

impl Pattern3x3 {
    /// The built-in table (compiled once, cached in a OnceLock).
    pub fn builtin() -> &'static Pattern3x3 {
        static TABLE: OnceLock<Pattern3x3> = OnceLock::new();
        TABLE.get_or_init(|| {
            Pattern3x3::parse(BUILTIN_TEXT).expect("the built-in 3x3 patterns parse")
        })
    }

    /// Compiles a table from pattern text; errors name the line.
    pub fn parse(text: &str) -> Result<Pattern3x3, String> {
        Ok(compile(&parse_specs(text)?))
    }

    /// Whether an empty point with this neighbourhood code matches a pattern for `to_play`.
    #[inline]
    pub fn matches(&self, code: u32, to_play: Color) -> bool {
        let i = code as usize & (CODES - 1);
        (self.bits[to_play.index()][i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Number of distinct codes that match (for tests and the docs).
    pub fn count(&self, to_play: Color) -> usize {
        self.bits[to_play.index()]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }
}

/// A liberty condition on an orthogonal cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Atari {
    /// Liberties don't matter.
    Any,
    /// A stone whose string has exactly one liberty.
    Required,
    /// Not such a stone.
    Forbidden,
}

/// One neighbour cell of a pattern, with X = Black.
#[derive(Clone, Copy, Debug)]
struct Cell {
    /// Bit `v` set when code value `v` (CODE_EMPTY, CODE_BLACK, ...) is allowed.
    values: u8,
    atari: Atari,
}

/// One parsed pattern, cells in code order (N, NE, E, SE, S, SW, W, NW).
#[derive(Clone, Debug)]
struct Spec {
    name: String,
    both: bool,
    cells: [Cell; 8],
}

const STONES: u8 = 1 << CODE_BLACK | 1 << CODE_WHITE;

/// The allowed values of a cell character, X = Black.
fn cell_values(ch: char) -> Option<u8> {
    Some(match ch {
        'X' => 1 << CODE_BLACK,
        'O' => 1 << CODE_WHITE,
        '.' => 1 << CODE_EMPTY,
        '#' => 1 << CODE_OFF,
        'x' => 1 << CODE_WHITE | 1 << CODE_EMPTY,
        'o' => 1 << CODE_BLACK | 1 << CODE_EMPTY,
        '*' => STONES | 1 << CODE_EMPTY,
        '?' => STONES | 1 << CODE_EMPTY | 1 << CODE_OFF,
        _ => return None,
    })
}

/// Index in code order of the neighbour at offset (dx, dy).
fn neighbour_index(dx: i32, dy: i32) -> usize {
    NEIGHBOUR_OFFSETS
        .iter()
        .position(|&o| o == (dx, dy))
        .expect("a neighbour offset")
}

/// A pattern whose header has been read, waiting for its rows and atari line.
struct Pending {
    name: String,
    line: usize,
    both: bool,
    rows: Vec<[char; 3]>,
    atari: [Atari; 4],
    atari_seen: bool,
}

impl Pending {
    fn finish(self) -> Result<Spec, String> {
        if self.rows.len() < 3 {
            return Err(format!(
                "line {}: pattern `{}` has {} of its 3 rows",
                self.line,
                self.name,
                self.rows.len()
            ));
        }
        let mut cells = [Cell {
            values: 0,
            atari: Atari::Any,
        }; 8];
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                if (r, c) == (1, 1) {
                    continue;
                }
                let i = neighbour_index(c as i32 - 1, 1 - r as i32);
                cells[i].values = cell_values(ch).expect("checked when read");
                if is_orthogonal(i) {
                    cells[i].atari = self.atari[i / 2];
                }
            }
        }
        Ok(Spec {
            name: self.name,
            both: self.both,
            cells,
        })
    }
}

/// Strips a `;` or `//` comment and surrounding blanks.
fn strip_comment(line: &str) -> &str {
    let end = [line.find(';'), line.find("//")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    line[..end].trim()
}

/// Parses pattern text into pattern specs.
fn parse_specs(text: &str) -> Result<Vec<Spec>, String> {
    let mut specs: Vec<Spec> = Vec::new();
    let mut pending: Option<Pending> = None;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = strip_comment(raw);
        if line.is_empty() {
            continue;
        }
        let err = |msg: String| Err(format!("line {line_no}: {msg}"));
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        if first == "pattern" {
            if let Some(p) = pending.take() {
                specs.push(p.finish()?);
            }
            let Some(name) = words.next() else {
                return err("`pattern` needs a name".into());
            };
            let both = match words.next() {
                None | Some("to-move") => false,
                Some("both") => true,
                Some(o) => {
                    return err(format!(
                        "unknown option `{o}` (expected `both` or `to-move`)"
                    ));
                }
            };
            if let Some(extra) = words.next() {
                return err(format!("unexpected `{extra}` after the pattern options"));
            }
            if specs.iter().any(|s| s.name == name) {
                return err(format!("pattern `{name}` is defined twice"));
            }
            pending = Some(Pending {
                name: name.to_string(),
                line: line_no,
                both,
                rows: Vec::new(),
                atari: [Atari::Any; 4],
                atari_seen: false,
            });
        } else if first == "atari" {
            let p = match pending.as_mut() {
                Some(p) if p.rows.len() == 3 && !p.atari_seen => p,
                _ => return err("an `atari` line must follow the three rows of a pattern".into()),
            };
            p.atari_seen = true;
            let mut seen = [false; 4];
            for w in words {
                let mut chars = w.chars();
                let (Some(d), Some(sign), None) = (chars.next(), chars.next(), chars.next()) else {
                    return err(format!(
                        "bad atari marker `{w}` (expected e.g. `N+` or `W-`)"
                    ));
                };
                let Some(k) = "NESW".find(d) else {
                    return err(format!("bad direction in `{w}` (expected N, E, S or W)"));
                };
                let cond = match sign {
                    '+' => Atari::Required,
                    '-' => Atari::Forbidden,
                    _ => return err(format!("bad atari marker `{w}` (expected `+` or `-`)")),
                };
                if std::mem::replace(&mut seen[k], true) {
                    return err(format!("direction {d} marked twice"));
                }
                // Grid cell of direction k: N (0,1), E (1,2), S (2,1), W (1,0).
                let (r, c) = [(0, 1), (1, 2), (2, 1), (1, 0)][k];
                let ch = p.rows[r][c];
                if cond == Atari::Required && cell_values(ch).unwrap() & STONES == 0 {
                    return err(format!("`{w}`: the {d} cell `{ch}` cannot hold a stone"));
                }
                p.atari[k] = cond;
            }
        } else {
            let Some(p) = pending.as_mut().filter(|p| p.rows.len() < 3) else {
                return err(format!("expected `pattern <name>`, found `{line}`"));
            };
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != 3 {
                return err(format!("a row has 3 cells, found `{line}`"));
            }
            if let Some(&bad) = cells.iter().find(|&&c| cell_values(c).is_none()) {
                return err(format!(
                    "unknown cell `{bad}` (expected one of X O . # x o * ?)"
                ));
            }
            if p.rows.len() == 1 && cells[1] != '.' {
                return err(format!(
                    "the centre cell is the (empty) candidate move and must be `.`, found `{}`",
                    cells[1]
                ));
            }
            p.rows.push([cells[0], cells[1], cells[2]]);
        }
    }
    if let Some(p) = pending.take() {
        specs.push(p.finish()?);
    }
    Ok(specs)
}

/// The value (CODE_*) of neighbour `i` in `code`.
#[inline]
fn value(code: u32, i: usize) -> u32 {
    (code >> (2 * i)) & 3
}

/// Whether neighbour `i` (in code order) is N, E, S or W.
#[inline]
fn is_orthogonal(i: usize) -> bool {
    i & 1 == 0
}

/// The atari flag bit of orthogonal neighbour `i` (0, 2, 4 or 6).
#[inline]
fn atari_bit(i: usize) -> u32 {
    1 << (16 + i / 2)
}

/// Whether the off-board neighbours of a code form nothing, one side or two adjacent
/// sides: the shapes an on-board point can have.
fn edge_shape_ok(code: u32) -> bool {
    let side = |ddx: i32, ddy: i32| -> u8 {
        let mut m = 0u8;
        for (i, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            if (ddx != 0 && dx == ddx) || (ddy != 0 && dy == ddy) {
                m |= 1 << i;
            }
        }
        m
    };
    let (n, e, s, w) = (side(0, 1), side(1, 0), side(0, -1), side(-1, 0));
    let off = (0..8)
        .filter(|&i| value(code, i) == CODE_OFF)
        .fold(0u8, |m, i| m | 1 << i);
    [0, n, e, s, w, n | e, e | s, s | w, w | n].contains(&off)
}

/// All codes a pattern matches as written (X = Black, no symmetry applied).
fn expand(spec: &Spec) -> Vec<u32> {
    let mut codes = vec![0u32];
    for (i, cell) in spec.cells.iter().enumerate() {
        let mut next = Vec::with_capacity(codes.len() * 4);
        for &code in &codes {
            for v in 0..4u32 {
                if cell.values & (1 << v) == 0 {
                    continue;
                }
                let base = code | v << (2 * i);
                let stone = v == CODE_BLACK || v == CODE_WHITE;
                let orthogonal = is_orthogonal(i);
                if !orthogonal || !stone {
                    if !(orthogonal && cell.atari == Atari::Required) {
                        next.push(base);
                    }
                    continue;
                }
                match cell.atari {
                    Atari::Any => {
                        next.push(base);
                        next.push(base | atari_bit(i));
                    }
                    Atari::Required => next.push(base | atari_bit(i)),
                    Atari::Forbidden => next.push(base),
                }
            }
        }
        codes = next;
    }
    codes.retain(|&c| edge_shape_ok(c));
    codes
}

/// For each of the 8 symmetries of the square, where neighbour `i` goes.
fn symmetry_perms() -> [[usize; 8]; 8] {
    let mut perms = [[0usize; 8]; 8];
    for (s, perm) in perms.iter_mut().enumerate() {
        for (i, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            let (x, y) = if s & 4 != 0 { (dy, dx) } else { (dx, dy) };
            let x = if s & 1 != 0 { -x } else { x };
            let y = if s & 2 != 0 { -y } else { y };
            perm[i] = neighbour_index(x, y);
        }
    }
    perms
}

/// Moves every neighbour of `code` (with its atari flag) to where `perm` sends it.
fn transform(code: u32, perm: &[usize; 8]) -> u32 {
    let mut out = 0;
    for (i, &j) in perm.iter().enumerate() {
        out |= value(code, i) << (2 * j);
        if is_orthogonal(i) && code & atari_bit(i) != 0 {
            out |= atari_bit(j);
        }
    }
    out
}

/// Exchanges Black and White in a code (atari flags stay).
#[inline]
fn swap_colours(code: u32) -> u32 {
    // A 2-bit field holds 1 or 2 exactly when its two bits differ; flip both of them then.
    let lo = code & 0x5555;
    let hi = (code >> 1) & 0x5555;
    let diff = lo ^ hi;
    code ^ (diff | diff << 1)
}

/// Compiles pattern specs into the two bitsets.
fn compile(specs: &[Spec]) -> Pattern3x3 {
    let zeroed = || -> Box<[u64; WORDS]> {
        vec![0u64; WORDS]
            .into_boxed_slice()
            .try_into()
            .expect("WORDS words")
    };
    let mut bits = [zeroed(), zeroed()];
    let mut set = |colour: Color, code: u32| {
        let i = code as usize;
        bits[colour.index()][i >> 6] |= 1 << (i & 63);
    };
    let perms = symmetry_perms();
    for spec in specs {
        for code in expand(spec) {
            for perm in &perms {
                let as_black = transform(code, perm);
                let as_white = swap_colours(as_black);
                set(Color::Black, as_black);
                set(Color::White, as_white);
                if spec.both {
                    set(Color::Black, as_white);
                    set(Color::White, as_black);
                }
            }
        }
    }
    Pattern3x3 { bits }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Move, Point, Symmetry, vertex_string};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    const NAMES: [&str; 12] = [
        "hane-enclosing",
        "hane-noncutting",
        "hane-magari",
        "hane-thin",
        "cut1-open",
        "cut1-peeped",
        "cut2",
        "edge-chase",
        "edge-block-connection",
        "edge-sagari",
        "edge-hane",
        "edge-cut",
    ];

    /// The built-in pattern `name` compiled by itself.
    fn only(name: &str) -> Pattern3x3 {
        let specs = parse_specs(BUILTIN_TEXT).unwrap();
        let spec = specs
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("no pattern `{name}`"));
        compile(std::slice::from_ref(spec))
    }

    fn point(b: &Board, col: usize, row: usize) -> Point {
        match b.parse_move(&vertex_string(col, row)).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        }
    }

    /// Sets up `diagram` on a 9x9 board: rows top (highest row) first, `X` black, `O` white,
    /// `.` empty, `*` the (empty) point to test, `#` off the board. Its bottom-left cell goes
    /// to (col, row) = `origin`; the whole shape is then moved by symmetry `sym`, and colours
    /// are exchanged if `swap`. Returns the board and the point to test.
    fn setup(diagram: &[&str], origin: (i32, i32), sym: usize, swap: bool) -> (Board, Point) {
        let n = 9;
        let mut b = Board::new(n);
        let mut target = None;
        let h = diagram.len() as i32;
        for (dr, line) in diagram.iter().enumerate() {
            let cells = line.chars().filter(|c| !c.is_whitespace());
            for (dc, ch) in cells.enumerate() {
                let (c, r) = (origin.0 + dc as i32, origin.1 + h - 1 - dr as i32);
                let on = (0..n as i32).contains(&c) && (0..n as i32).contains(&r);
                if ch == '#' {
                    assert!(!on, "`#` at ({c}, {r}) is on the board");
                    continue;
                }
                assert!(on, "({c}, {r}) is off the board");
                let (c, r) = Symmetry(sym as u8).apply(c as usize, r as usize, n);
                let p = point(&b, c, r);
                let colour = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    '*' => {
                        target = Some(p);
                        continue;
                    }
                    '.' => continue,
                    _ => panic!("bad diagram cell `{ch}`"),
                };
                let colour = if swap { colour.opp() } else { colour };
                b.play(colour, Move::Play(p)).expect("legal setup move");
            }
        }
        (b, target.expect("a `*` in the diagram"))
    }

    /// Checks `diagram` in all 8 orientations and both colourings. `alone` is the expected
    /// (Black to play, White to play) result of pattern `name` by itself and `full` that of
    /// the whole built-in table, for the diagram as drawn (X = Black); with colours exchanged
    /// the two players' results exchange too.
    fn check(
        name: &str,
        diagram: &[&str],
        origin: (i32, i32),
        alone: (bool, bool),
        full: (bool, bool),
    ) {
        let single = only(name);
        let table = Pattern3x3::builtin();
        for sym in 0..8 {
            for swap in [false, true] {
                let (b, p) = setup(diagram, origin, sym, swap);
                let code = b.neighbourhood_code(p);
                for (colour, a, f) in [
                    (Color::Black, alone.0, full.0),
                    (Color::White, alone.1, full.1),
                ] {
                    let to_play = if swap { colour.opp() } else { colour };
                    let what = format!("symmetry {sym}, swap {swap}, {to_play:?} to play");
                    assert_eq!(single.matches(code, to_play), a, "{name} alone, {what}");
                    assert_eq!(table.matches(code, to_play), f, "table at {name}, {what}");
                }
            }
        }
    }

    const MID: (i32, i32) = (3, 3);
    const EDGE: (i32, i32) = (3, -1);

    #[test]
    fn builtin_has_the_named_patterns() {
        let specs = parse_specs(BUILTIN_TEXT).unwrap();
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, NAMES);
        for name in NAMES {
            assert!(
                only(name).count(Color::Black) > 0,
                "{name} matches something"
            );
        }
    }

    #[test]
    fn hane_patterns() {
        let both = (true, true);
        check(
            "hane-enclosing",
            &["X O X", ". * .", ". . ."],
            MID,
            both,
            both,
        );
        check(
            "hane-noncutting",
            &["X O .", ". * .", ". . ."],
            MID,
            both,
            both,
        );
        check(
            "hane-noncutting",
            &["X O .", ". * .", ". . X"],
            MID,
            both,
            both,
        );
        check("hane-magari", &["X O .", "X * .", ". . ."], MID, both, both);
        // The thin hane is only for the player to move; nothing matches for the other side.
        let black = (true, false);
        check("hane-thin", &["X O O", ". * .", ". . ."], MID, black, black);
    }

    #[test]
    fn cut1_patterns() {
        let both = (true, true);
        check("cut1-open", &["X O .", "O * .", ". . ."], MID, both, both);
        check("cut1-open", &["X O .", "O * X", ". X ."], MID, both, both);
        check("cut1-peeped", &["X O .", "O * X", ". O ."], MID, both, both);
        // MoGo's exception: one O and one empty on the other sides makes the cut a
        // self-atari, and no pattern matches.
        let none = (false, false);
        check("cut1-open", &["X O .", "O * O", ". . ."], MID, none, none);
        check("cut1-peeped", &["X O .", "O * .", ". O ."], MID, none, none);
    }

    #[test]
    fn cut2_pattern() {
        let both = (true, true);
        check("cut2", &[". X .", "O * O", ". . ."], MID, both, both);
        check("cut2", &[". X .", "O * O", "X . X"], MID, both, both);
        // An O behind the point spoils it.
        let none = (false, false);
        check("cut2", &[". X .", "O * O", "O . ."], MID, none, none);
    }

    #[test]
    fn edge_patterns() {
        let both = (true, true);
        let black = (true, false);
        check("edge-chase", &["X . .", "O * .", "# # #"], EDGE, both, both);
        check(
            "edge-block-connection",
            &[". X .", ". * O", "# # #"],
            EDGE,
            both,
            both,
        );
        // Sagari for Black; for White the same point is the edge hane.
        check(
            "edge-sagari",
            &[". X O", ". * .", "# # #"],
            EDGE,
            black,
            both,
        );
        check("edge-hane", &[". O X", ". * .", "# # #"], EDGE, black, both);
        // With an X beside the point White has no edge hane: Black only.
        check(
            "edge-sagari",
            &[". X O", ". * X", "# # #"],
            EDGE,
            black,
            black,
        );
        check("edge-cut", &[". O X", "X * O", "# # #"], EDGE, black, both);
    }

    #[test]
    fn centre_patterns_stay_off_the_first_line_and_edge_ones_on_it() {
        // The enclosing hane shape on the first line is not a hane (the edge patterns see
        // it as sagari / edge hane instead).
        check(
            "hane-enclosing",
            &["X O X", ". * .", "# # #"],
            EDGE,
            (false, false),
            (true, true),
        );
        // The chase shape in the middle of the board is no edge pattern (but a non-cutting
        // hane around the O).
        check(
            "edge-chase",
            &["X . .", "O * .", ". . ."],
            MID,
            (false, false),
            (true, true),
        );
    }

    #[test]
    fn no_match_on_an_empty_board() {
        let table = Pattern3x3::builtin();
        for size in [3, 5, 9, 19] {
            let b = Board::new(size);
            for c in 0..size {
                for r in 0..size {
                    let code = b.neighbourhood_code(b.point(c, r));
                    for to_play in [Color::Black, Color::White] {
                        assert!(!table.matches(code, to_play), "{size}x{size} ({c},{r})");
                    }
                }
            }
        }
    }

    #[test]
    fn no_match_inside_own_territory() {
        let table = Pattern3x3::builtin();
        // Black walls off the lower-left 5x5 corner; an eye in the middle of it too.
        let mut b = Board::new(9);
        let mut stones = Vec::new();
        for i in 0..5 {
            stones.push((i, 5));
            stones.push((5, i));
        }
        stones.push((5, 5));
        stones.extend([
            (1, 2),
            (2, 1),
            (3, 2),
            (2, 3),
            (1, 1),
            (3, 3),
            (1, 3),
            (3, 1),
        ]);
        for &(c, r) in &stones {
            b.play(Color::Black, Move::Play(b.point(c, r))).unwrap();
        }
        let mut checked = 0;
        for c in 0..5 {
            for r in 0..5 {
                if stones.contains(&(c, r)) {
                    continue;
                }
                let code = b.neighbourhood_code(b.point(c, r));
                for to_play in [Color::Black, Color::White] {
                    assert!(!table.matches(code, to_play), "({c},{r}) {to_play:?}");
                }
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked} points checked");
        // The eye at C3 is surrounded by black stones on all 8 sides.
        assert_eq!(b.neighbourhood_code(b.point(2, 2)), 0x5555);
    }

    #[test]
    fn atari_markers_turn_with_their_cells() {
        let text = "
            pattern save-north      ; X stone in atari next to the point
            ? X ?
            ? . ?
            ? ? ?
            atari N+
        ";
        let t = Pattern3x3::parse(text).unwrap();
        // D5 black with one liberty (D4) between white C5, E5, D6.
        let in_atari = [". O .", "O X O", ". * ."];
        let free = [". . .", "O X O", ". * ."];
        for sym in 0..8 {
            for swap in [false, true] {
                let mover = if swap { Color::White } else { Color::Black };
                let (b, p) = setup(&in_atari, MID, sym, swap);
                let code = b.neighbourhood_code(p);
                assert!(t.matches(code, mover), "symmetry {sym}, swap {swap}");
                assert!(!t.matches(code, mover.opp()), "symmetry {sym}, swap {swap}");
                let (b, p) = setup(&free, MID, sym, swap);
                assert!(!t.matches(b.neighbourhood_code(p), mover), "symmetry {sym}");
            }
        }
        // `-` is the complement among stones; empty cells satisfy it.
        let not = Pattern3x3::parse("pattern p both\n???\n?.X\n???\natari E-").unwrap();
        let e_black = CODE_BLACK << 4;
        assert!(not.matches(e_black, Color::Black));
        assert!(!not.matches(e_black | atari_bit(2), Color::Black));
        // Turned a quarter: the stone at N, flag on N.
        assert!(not.matches(CODE_WHITE, Color::White));
        assert!(!not.matches(CODE_WHITE | atari_bit(0), Color::White));
        let plus = Pattern3x3::parse("pattern p\n???\n?.X\n???\natari E+").unwrap();
        assert!(plus.matches(e_black | atari_bit(2), Color::Black));
        assert!(plus.matches(CODE_BLACK << 12 | atari_bit(6), Color::Black));
        assert!(!plus.matches(CODE_BLACK << 12 | atari_bit(2), Color::Black));
        assert!(!plus.matches(e_black, Color::Black));
    }

    /// A direct matcher for cross-checking the tables: tries every pattern in every
    /// orientation by reading the code at each pattern cell's transformed offset.
    fn reference(specs: &[Spec], code: u32, to_play: Color) -> bool {
        if !edge_shape_ok(code) {
            return false;
        }
        specs.iter().any(|spec| {
            let xs: &[Color] = if spec.both {
                &[Color::Black, Color::White]
            } else {
                &[to_play]
            };
            xs.iter().any(|&x| {
                Symmetry::ALL.iter().any(|s| {
                    spec.cells.iter().enumerate().all(|(i, cell)| {
                        let (dx, dy) = NEIGHBOUR_OFFSETS[i];
                        // Symmetry::apply on a 3x3 board maps offsets around its centre.
                        let (c, r) = s.apply((dx + 1) as usize, (dy + 1) as usize, 3);
                        let j = neighbour_index(c as i32 - 1, r as i32 - 1);
                        let mut v = value(code, j);
                        if x == Color::White && (v == CODE_BLACK || v == CODE_WHITE) {
                            v = 3 - v;
                        }
                        let flag = is_orthogonal(i) && code & atari_bit(j) != 0;
                        let atari_ok = match cell.atari {
                            Atari::Any => true,
                            Atari::Required => flag,
                            Atari::Forbidden => !flag,
                        };
                        cell.values & (1 << v) != 0 && atari_ok
                    })
                })
            })
        })
    }

    /// A random code an on-board point can have: a random edge shape, random contents,
    /// atari flags only on stones.
    fn random_code(rng: &mut Xoshiro256PlusPlus) -> u32 {
        loop {
            let mut code = 0;
            for i in 0..8 {
                let v = match rng.gen_range(0..10) {
                    0..=3 => CODE_EMPTY,
                    4..=6 => CODE_BLACK,
                    _ => CODE_WHITE,
                };
                code |= v << (2 * i);
            }
            // Put an edge or a corner in one time out of three.
            let sides = match rng.gen_range(0..6) {
                0 => vec![(0, 1)],
                1 => vec![(1, 0), (0, -1)],
                _ => vec![],
            };
            for (i, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                if sides
                    .iter()
                    .any(|&(sx, sy)| (sx != 0 && dx == sx) || (sy != 0 && dy == sy))
                {
                    code |= CODE_OFF << (2 * i);
                }
            }
            for i in [0, 2, 4, 6] {
                let v = value(code, i);
                if (v == CODE_BLACK || v == CODE_WHITE) && rng.gen_range(0..4) == 0 {
                    code |= atari_bit(i);
                }
            }
            if edge_shape_ok(code) {
                return code;
            }
        }
    }

    #[test]
    fn tables_agree_with_a_direct_matcher() {
        let specs = parse_specs(BUILTIN_TEXT).unwrap();
        let table = Pattern3x3::builtin();
        // Every code in the tables...
        for colour in [Color::Black, Color::White] {
            for (w, &word) in table.bits[colour.index()].iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let code = (w * 64) as u32 + word.trailing_zeros();
                    word &= word - 1;
                    assert!(reference(&specs, code, colour), "{code:#07x} {colour:?}");
                }
            }
        }
        // ...and random codes, matching or not.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut hits = 0;
        for _ in 0..100_000 {
            let code = random_code(&mut rng);
            for colour in [Color::Black, Color::White] {
                let m = table.matches(code, colour);
                assert_eq!(m, reference(&specs, code, colour), "{code:#07x} {colour:?}");
                hits += m as usize;
            }
        }
        assert!(hits > 1000, "{hits} random hits");
    }

    #[test]
    fn colour_tables_mirror_each_other() {
        let table = Pattern3x3::builtin();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..100_000 {
            let code = random_code(&mut rng);
            assert_eq!(
                table.matches(code, Color::Black),
                table.matches(swap_colours(code), Color::White)
            );
        }
    }

    #[test]
    fn counts_are_plausible_and_equal() {
        let table = Pattern3x3::builtin();
        let (b, w) = (table.count(Color::Black), table.count(Color::White));
        assert_eq!(b, w);
        assert_eq!(b, 23_456, "the count in the module docs");
        // Each pattern alone: one orientation is a few hundred codes at most, so 8
        // orientations (x2 colourings for `both`) stay well below 2^20.
        let mut sum = 0;
        for name in NAMES {
            let t = only(name);
            let n = t.count(Color::Black);
            assert_eq!(n, t.count(Color::White), "{name}");
            assert!((8..20_000).contains(&n), "{name}: {n}");
            sum += n;
        }
        assert!(b <= sum, "patterns overlap, never add codes");
        // An empty text compiles to an empty table.
        assert_eq!(
            Pattern3x3::parse("; nothing\n")
                .unwrap()
                .count(Color::Black),
            0
        );
    }

    #[test]
    fn builds_quickly() {
        let start = std::time::Instant::now();
        let t = Pattern3x3::parse(BUILTIN_TEXT).unwrap();
        let elapsed = start.elapsed();
        assert_eq!(
            t.count(Color::Black),
            Pattern3x3::builtin().count(Color::Black)
        );
        // Well under 50 ms in release; the bound is loose for debug builds and busy hosts.
        assert!(elapsed.as_millis() < 1000, "{elapsed:?}");
    }

    #[test]
    fn parse_errors_name_the_line() {
        let cases: &[(&str, &str)] = &[
            ("pattern a\nXOX\n.Z.\n???\n", "line 3"),
            ("; comment\n\npattern a\nXOX\n.X.\n???\n", "line 5"),
            ("pattern a\nXOXX\n...\n???\n", "line 2"),
            ("\npattern a\nXOX\n", "line 2"),
            ("pattern a\nXOX\n...\n???\n???\n", "line 5"),
            ("XOX\n", "line 1"),
            ("pattern a sideways\n", "line 1"),
            ("pattern\n", "line 1"),
            ("pattern a\nXOX\n...\n???\natari N+ Q+\n", "line 5"),
            ("pattern a\nXOX\n...\n???\natari N+ N-\n", "line 5"),
            ("pattern a\n?.?\n...\n???\natari N+\n", "line 5"),
            ("pattern a\nXOX\natari N+\n", "line 3"),
            (
                "pattern a\nXOX\n...\n???\npattern a\nXOX\n...\n???\n",
                "line 5",
            ),
        ];
        for (text, line) in cases {
            let e = Pattern3x3::parse(text).expect_err(text);
            assert!(e.starts_with(&format!("{line}:")), "{text:?} gave {e:?}");
        }
        // Comments, blank lines and spaced cells are fine.
        let ok = "// c\npattern a both ; hane\n X O X \n\n. . .\n* * * // end\n";
        assert_eq!(
            Pattern3x3::parse(ok).unwrap().count(Color::Black),
            only("hane-enclosing").count(Color::Black)
        );
    }

    #[test]
    fn swap_and_transform_basics() {
        let code = CODE_BLACK | CODE_WHITE << 2 | CODE_OFF << 4 | atari_bit(0);
        assert_eq!(
            swap_colours(code),
            CODE_WHITE | CODE_BLACK << 2 | CODE_OFF << 4 | atari_bit(0)
        );
        let perms = symmetry_perms();
        assert_eq!(perms[0], [0, 1, 2, 3, 4, 5, 6, 7]);
        for perm in &perms {
            let mut seen = *perm;
            seen.sort_unstable();
            assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7]);
            assert!(
                (0..8).step_by(2).all(|i| is_orthogonal(perm[i])),
                "orthogonals stay"
            );
            // The N stone and its atari flag move together.
            let t = transform(code, perm);
            let j = perm[0];
            assert_eq!(value(t, j), CODE_BLACK);
            assert_eq!(t >> 16, atari_bit(j) >> 16);
        }
    }
}
