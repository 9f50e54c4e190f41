//! The raw board: stones, strings with their liberties, simple ko, captures and the Zobrist
//! hash. It knows nothing of history (superko lives in `Game`) or of search.

use super::bitboard::Bitboard;
use super::point::{Color, MAX_SIZE, Move, Point, VertexError, parse_vertex, vertex_string};
use super::zobrist;
use std::fmt;
use undo::{NoRecord, Recorder};

mod undo;

pub use undo::Undo;

/// Colour code of a point in the mailbox: a stone of `Color as u8`, empty, or off the board.
pub const EMPTY: u8 = 2;
/// Colour code of the padding around the board.
pub const OFF: u8 = 3;

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own string without liberties.
    Suicide,
    /// The move retakes a simple ko at once.
    Ko,
    /// The move repeats an earlier whole-board position.
    Superko,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::Occupied => "point occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko => "superko",
        })
    }
}

/// A Go board of any size 2..=25: stones as bitboards and a mailbox, strings kept
/// incrementally as circular stone lists with liberty bitboards, and a list of empty points.
#[derive(Debug)]
pub struct Board {
    size: usize,
    width: usize,
    /// Words of a bitboard that this size uses.
    words: usize,
    color: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    str_size: Vec<u16>,
    /// Liberty sets indexed by string head: `words` words each (small boards copy little).
    libs: Vec<u64>,
    /// Liberty counts indexed by string head (the popcount of `libs`, kept up to date).
    lib_n: Vec<u16>,
    stones: [Bitboard; 2],
    empty: Bitboard,
    onboard: Bitboard,
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
    ko: Option<(Point, Color)>,
    hash: u64,
    captures: [u32; 2],
}

impl Board {
    /// An empty board of `size` x `size`; sizes outside 2..=25 are clamped into that range
    /// (callers validate user input before).
    pub fn new(size: usize) -> Board {
        let size = size.clamp(2, MAX_SIZE);
        let width = size + 1;
        let len = (size + 2) * width + 1;
        let mut b = Board {
            size,
            width,
            words: len.div_ceil(64),
            color: vec![OFF; len],
            head: vec![0; len],
            next: vec![0; len],
            str_size: vec![0; len],
            libs: vec![0; len * len.div_ceil(64)],
            lib_n: vec![0; len],
            stones: [Bitboard::EMPTY; 2],
            empty: Bitboard::EMPTY,
            onboard: Bitboard::EMPTY,
            empties: Vec::with_capacity(size * size),
            empty_pos: vec![0; len],
            ko: None,
            hash: 0,
            captures: [0; 2],
        };
        for row in 0..size {
            for col in 0..size {
                let p = b.point(col, row);
                b.color[p.idx()] = EMPTY;
                b.onboard.set(p);
                b.empty_pos[p.idx()] = b.empties.len() as u16;
                b.empties.push(p.0);
            }
        }
        b.empty = b.onboard;
        b
    }

    /// Side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Row stride of the padded layout (bitboard shifts use it).
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Length of per-point arrays indexed by `Point::idx`.
    #[inline]
    pub fn len(&self) -> usize {
        self.color.len()
    }

    /// Always false: a board has at least 4 points. (Pairs with `len`.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The point at 0-based (col, row) from the lower-left corner.
    #[inline]
    pub fn point(&self, col: usize, row: usize) -> Point {
        Point(((row + 1) * self.width + col + 1) as u16)
    }

    /// The 0-based (col, row) of an on-board point.
    #[inline]
    pub fn col_row(&self, p: Point) -> (usize, usize) {
        let i = p.idx() - 1;
        (i % self.width, i / self.width - 1)
    }

    /// The line `p` is on: 1 on the edge, 2 next to it, and so on.
    #[inline]
    pub fn line(&self, p: Point) -> usize {
        let (c, r) = self.col_row(p);
        let n = self.size;
        c.min(r).min(n - 1 - c).min(n - 1 - r) + 1
    }

    /// Whether `p` is a point of the board (not padding).
    #[inline]
    pub fn is_onboard(&self, p: Point) -> bool {
        p.idx() < self.color.len() && self.color[p.idx()] != OFF
    }

    /// All points of the board, row by row from A1.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.onboard.iter()
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn stone(&self, p: Point) -> Option<Color> {
        match self.color[p.idx()] {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// The raw colour code of `p`: 0 black, 1 white, `EMPTY` or `OFF`.
    #[inline]
    pub fn code(&self, p: Point) -> u8 {
        self.color[p.idx()]
    }

    /// The four orthogonal neighbours of an on-board point (some may be padding).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let w = self.width as u16;
        [
            Point(p.0 - w),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + w),
        ]
    }

    /// The four diagonal neighbours of an on-board point (some may be padding).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let w = self.width as u16;
        [
            Point(p.0 - w - 1),
            Point(p.0 - w + 1),
            Point(p.0 + w - 1),
            Point(p.0 + w + 1),
        ]
    }

    /// Stones of colour `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> &Bitboard {
        &self.stones[c.index()]
    }

    /// Stones of both colours on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        (self.stones[0].count() + self.stones[1].count()) as usize
    }

    /// Empty points.
    #[inline]
    pub fn empty_points(&self) -> &Bitboard {
        &self.empty
    }

    /// All points of the board.
    #[inline]
    pub fn onboard(&self) -> &Bitboard {
        &self.onboard
    }

    /// Empty points as a list (order unspecified), for fast random move choice.
    #[inline]
    pub fn empties(&self) -> &[u16] {
        &self.empties
    }

    /// Board-only Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point and the colour forbidden to play there now, if any.
    #[inline]
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Stones captured so far by colour `c`.
    #[inline]
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// The string head (representative stone) of the stone on `p`.
    #[inline]
    pub fn string_head(&self, p: Point) -> Point {
        Point(self.head[p.idx()])
    }

    /// Liberties of the string through the stone on `p`.
    #[inline]
    pub fn string_libs(&self, p: Point) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.0[..self.words].copy_from_slice(self.lw(self.head[p.idx()] as usize));
        b
    }

    /// Number of liberties of the string through the stone on `p`.
    #[inline]
    pub fn lib_count(&self, p: Point) -> u32 {
        self.lib_cnt(self.head[p.idx()] as usize)
    }

    /// Number of stones of the string through the stone on `p`.
    #[inline]
    pub fn string_size(&self, p: Point) -> usize {
        self.str_size[self.head[p.idx()] as usize] as usize
    }

    /// The stones of the string through the stone on `p`.
    pub fn string_stones(&self, p: Point) -> StringIter<'_> {
        let start = self.head[p.idx()];
        StringIter {
            board: self,
            start,
            cur: Some(start),
        }
    }

    /// Reads a GTP vertex (`D4`, `pass`) as a move on this board.
    pub fn parse_move(&self, s: &str) -> Result<Move, VertexError> {
        Ok(match parse_vertex(s, self.size)? {
            None => Move::Pass,
            Some((c, r)) => Move::Play(self.point(c, r)),
        })
    }

    /// The GTP text of a move: `D4` or `pass`.
    pub fn move_string(&self, m: Move) -> String {
        match m {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => self.point_string(p),
        }
    }

    /// The GTP vertex of an on-board point.
    pub fn point_string(&self, p: Point) -> String {
        let (c, r) = self.col_row(p);
        vertex_string(c, r)
    }

    /// Whether colour `c` may play on `p` under simple-ko rules, and if not, why.
    #[inline(always)]
    pub fn legality(&self, c: Color, p: Point) -> Result<(), Illegal> {
        if self.color[p.idx()] != EMPTY {
            return Err(Illegal::Occupied);
        }
        if self.ko == Some((p, c)) {
            return Err(Illegal::Ko);
        }
        if self.has_liberty_after(c, p) {
            Ok(())
        } else {
            Err(Illegal::Suicide)
        }
    }

    /// Whether `c` may play on `p` (simple ko, no suicide).
    #[inline]
    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        self.legality(c, p).is_ok()
    }

    /// Whether a stone of `c` on the empty point `p` would have a liberty (counting captures).
    #[inline(always)]
    fn has_liberty_after(&self, c: Color, p: Point) -> bool {
        let me = c as u8;
        for q in self.neighbours(p) {
            let code = self.at(q);
            if code == EMPTY {
                return true;
            }
            if code == OFF {
                continue;
            }
            let libs = self.lib_cnt(self.head_at(q));
            if (code == me) == (libs > 1) {
                return true;
            }
        }
        false
    }

    /// Whether `p` is an eye-like point of `c`: all neighbours are `c` or the edge, and the
    /// opponent holds at most one diagonal (none on the edge). Playouts never fill these.
    #[inline(always)]
    pub fn is_eye(&self, c: Color, p: Point) -> bool {
        self.is_eye_like(c, p) && self.eye_diagonals_ok(c, p)
    }

    /// Whether every neighbour of `p` is `c` or the edge: an eye or a false eye of `c` (`p` is
    /// checked, as the loads around it are unchecked: see `check_window`).
    #[inline(always)]
    pub fn is_eye_like(&self, c: Color, p: Point) -> bool {
        self.check_window(p);
        let me = c as u8;
        self.neighbours(p).into_iter().all(|q| {
            let code = self.at(q);
            code == me || code == OFF
        })
    }

    /// The diagonal half of the eye test: the opponent holds at most one diagonal of `p`,
    /// none when `p` is on the edge.
    #[inline]
    fn eye_diagonals_ok(&self, c: Color, p: Point) -> bool {
        let opp = c.opp() as u8;
        let mut bad = 0;
        let mut edge = 0;
        for q in self.diagonals(p) {
            let code = self.at(q);
            if code == opp {
                bad += 1;
            } else if code == OFF {
                edge = 1;
            }
        }
        bad + edge < 2
    }

    /// The board hash after `c` plays on the empty point `p`, captures included.
    pub fn hash_after(&self, c: Color, p: Point) -> u64 {
        let mut h = self.hash ^ zobrist::key(c, p);
        let opp = c.opp();
        let mut seen = [u16::MAX; 4];
        for (i, q) in self.neighbours(p).into_iter().enumerate() {
            if self.color[q.idx()] == opp as u8 && self.lib_count(q) == 1 {
                let hd = self.head[q.idx()];
                if seen.contains(&hd) {
                    continue;
                }
                seen[i] = hd;
                for s in self.string_stones(q) {
                    h ^= zobrist::key(opp, s);
                }
            }
        }
        h
    }

    /// Plays a move after checking it under simple-ko rules; an illegal move changes nothing.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), Illegal> {
        match m {
            Move::Pass => {
                self.pass();
                Ok(())
            }
            Move::Play(p) => {
                if !self.is_onboard(p) {
                    return Err(Illegal::Occupied);
                }
                self.legality(c, p)?;
                self.play_unchecked(c, p);
                Ok(())
            }
        }
    }

    /// Plays `c` on the empty point `p` as a multi-stone suicide: the stone joins its own
    /// strings, which then have no liberty and leave the board as the opponent's prisoners.
    /// Only when the move captures nothing, leaves its string without a liberty and joins at
    /// least one stone of `c` (a lone stone's suicide would only repeat the position);
    /// otherwise the reason, and nothing changes. Returns the number of stones lost.
    pub fn play_suicide(&mut self, c: Color, p: Point) -> Result<u32, Illegal> {
        if !self.is_onboard(p) || self.color[p.idx()] != EMPTY {
            return Err(Illegal::Occupied);
        }
        let joins = self.neighbours(p).iter().any(|&q| self.at(q) == c as u8);
        if self.has_liberty_after(c, p) || !joins {
            return Err(Illegal::Suicide);
        }
        self.play_unchecked(c, p);
        let head = Point(self.head_at(p) as u16);
        let lost = self.str_size[head.idx()] as u32;
        self.remove_string(head);
        self.captures[c.opp().index()] += lost;
        self.ko = None;
        Ok(lost)
    }

    /// A pass: only lifts the ko ban.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Plays a move known to be legal (see `is_legal`); returns the number of stones captured.
    /// "Unchecked" is for legality: a point off the board panics (`check_window`), as the
    /// loads around it are unchecked.
    #[inline]
    pub fn play_unchecked(&mut self, c: Color, p: Point) -> u32 {
        self.check_window(p);
        self.play_recorded(c, p, &mut NoRecord)
    }

    /// `play_unchecked`, telling `rec` what it is about to change (see `undo.rs`); with
    /// `NoRecord` it compiles to the plain play.
    #[inline(always)]
    fn play_recorded<R: Recorder>(&mut self, c: Color, p: Point, rec: &mut R) -> u32 {
        let me = c as u8;
        rec.start(self, c, p);
        self.ko = None;
        self.put_stone(c, p);
        let pi = p.idx();
        let ns = self.neighbours(p);
        // The stone joins its first friendly neighbour's string directly (the common case),
        // or starts a string of its own.
        let base = match ns.iter().find(|&&q| self.at(q) == me) {
            Some(&q) => {
                let h = self.head_at(q);
                rec.base(self, h);
                self.head[pi] = h as u16;
                self.next[pi] = self.next[h];
                self.next[h] = p.0;
                self.str_size[h] += 1;
                self.lib_clear(h, p);
                h
            }
            None => {
                rec.base(self, pi);
                self.head[pi] = p.0;
                self.next[pi] = p.0;
                self.str_size[pi] = 1;
                let w = self.words;
                self.libs[pi * w..pi * w + w].fill(0);
                self.lib_n[pi] = 0;
                pi
            }
        };
        let mut captured = 0u32;
        let mut captured_at = p;
        for q in ns {
            match self.at(q) {
                EMPTY => self.lib_set(base, q),
                OFF => {}
                code if code != me => {
                    let h = self.head_at(q);
                    rec.enemy(h);
                    self.lib_clear(h, p);
                    if self.lib_cnt(h) == 0 {
                        rec.captured(h, self.str_size[h]);
                        captured += self.str_size[h] as u32;
                        captured_at = Point(h as u16);
                        self.remove_string(Point(h as u16));
                    }
                }
                _ => {}
            }
        }
        let mut cur = base;
        for q in ns {
            if self.at(q) == me {
                let h = self.head_at(q);
                if h != cur {
                    rec.friend(h);
                    self.lib_clear(h, p);
                    let (big, small) = self.merge_order(cur, h);
                    rec.merge(self, big, small);
                    self.merge(big, small);
                    cur = big;
                }
            }
        }
        if captured == 1 && self.str_size[cur] == 1 && self.lib_cnt(cur) == 1 {
            self.ko = Some((captured_at, c.opp()));
        }
        self.captures[c.index()] += captured;
        captured
    }

    /// Colour code of a neighbour or diagonal of an on-board point. Such indices are always
    /// inside the padded arrays (one padding row above and below, one slot before), which is
    /// what lets the hot paths skip the bounds check.
    #[inline(always)]
    pub(super) fn at(&self, q: Point) -> u8 {
        debug_assert!(q.idx() < self.color.len());
        // SAFETY: callers pass only neighbours/diagonals of on-board points (see above).
        unsafe { *self.color.get_unchecked(q.idx()) }
    }

    /// String head of the stone on `q`, for the same in-range indices as `at`.
    #[inline(always)]
    pub(super) fn head_at(&self, q: Point) -> usize {
        debug_assert!(q.idx() < self.head.len());
        // SAFETY: as for `at`.
        unsafe { *self.head.get_unchecked(q.idx()) as usize }
    }

    /// The liberty words of the string with head `h`.
    #[inline]
    pub(super) fn lw(&self, h: usize) -> &[u64] {
        &self.libs[h * self.words..(h + 1) * self.words]
    }

    /// Number of liberties of the string with head `h`.
    #[inline]
    pub(super) fn lib_cnt(&self, h: usize) -> u32 {
        debug_assert!(h < self.lib_n.len());
        // SAFETY: `h` is a string head, an on-board point, so it is in range.
        unsafe { *self.lib_n.get_unchecked(h) as u32 }
    }

    /// Adds liberty `p` to the string with head `h`.
    #[inline]
    fn lib_set(&mut self, h: usize, p: Point) {
        let i = h * self.words + (p.idx() >> 6);
        debug_assert!(i < self.libs.len());
        let bit = 1u64 << (p.idx() & 63);
        // SAFETY: `h` is a string head and `p` a point of this board, so `i` and `h` are in
        // range.
        unsafe {
            let word = self.libs.get_unchecked_mut(i);
            if *word & bit == 0 {
                *word |= bit;
                *self.lib_n.get_unchecked_mut(h) += 1;
            }
        }
    }

    /// Removes liberty `p` from the string with head `h`.
    #[inline]
    fn lib_clear(&mut self, h: usize, p: Point) {
        let i = h * self.words + (p.idx() >> 6);
        debug_assert!(i < self.libs.len());
        let bit = 1u64 << (p.idx() & 63);
        // SAFETY: as for `lib_set`.
        unsafe {
            let word = self.libs.get_unchecked_mut(i);
            if *word & bit != 0 {
                *word &= !bit;
                *self.lib_n.get_unchecked_mut(h) -= 1;
            }
        }
    }

    /// Sets a stone without touching strings (first step of a move).
    #[inline]
    fn put_stone(&mut self, c: Color, p: Point) {
        let pi = p.idx();
        self.color[pi] = c as u8;
        self.stones[c.index()].set(p);
        self.empty.clear(p);
        self.hash ^= zobrist::key(c, p);
        let pos = self.empty_pos[pi] as usize;
        let last = self.empties.pop().unwrap_or(p.0);
        if pos < self.empties.len() {
            self.empties[pos] = last;
            self.empty_pos[last as usize] = pos as u16;
        }
    }

    /// Removes a captured string, giving its points back as liberties to the strings around it.
    fn remove_string(&mut self, h: Point) {
        let c = self.stone(h).unwrap_or(Color::Black);
        let capturer = c.opp() as u8;
        let start = h.0;
        let mut s = start;
        loop {
            let si = s as usize;
            let p = Point(s);
            self.color[si] = EMPTY;
            self.stones[c.index()].clear(p);
            self.empty.set(p);
            self.hash ^= zobrist::key(c, p);
            self.empty_pos[si] = self.empties.len() as u16;
            self.empties.push(s);
            for q in self.neighbours(p) {
                if self.at(q) == capturer {
                    let hq = self.head_at(q);
                    self.lib_set(hq, p);
                }
            }
            s = self.next[si];
            if s == start {
                break;
            }
        }
    }

    /// Of two strings of one colour to join, the one that survives (the bigger) and the one
    /// whose stones are relabelled.
    #[inline]
    fn merge_order(&self, a: usize, b: usize) -> (usize, usize) {
        if self.str_size[a] >= self.str_size[b] {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// Joins the string with head `small` into the one with head `big`.
    fn merge(&mut self, big: usize, small: usize) {
        self.relabel(small, big as u16);
        self.next.swap(big, small);
        self.str_size[big] += self.str_size[small];
        let w = self.words;
        let mut n = 0;
        for i in 0..w {
            self.libs[big * w + i] |= self.libs[small * w + i];
            n += self.libs[big * w + i].count_ones();
        }
        self.lib_n[big] = n as u16;
    }

    /// Sets the head of every stone on the ring through `start` to `head`.
    #[inline]
    fn relabel(&mut self, start: usize, head: u16) {
        let mut s = start as u16;
        loop {
            self.head[s as usize] = head;
            s = self.next[s as usize];
            if s as usize == start {
                break;
            }
        }
    }

    /// Rebuilds strings, liberties, the empty list and the hash from the stones alone and
    /// compares them with the incremental state; describes the first difference.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut rebuilt = Board::new(self.size);
        for p in self.points() {
            if let Some(c) = self.stone(p) {
                rebuilt.put_stone(c, p);
                rebuilt.head[p.idx()] = p.0;
                rebuilt.next[p.idx()] = p.0;
                rebuilt.str_size[p.idx()] = 1;
            }
        }
        let mut checked = Bitboard::EMPTY;
        for p in self.points() {
            let Some(c) = self.stone(p) else { continue };
            if checked.has(p) {
                continue;
            }
            let region = Bitboard::flood(&Bitboard::single(p), self.stones(c), self.width as u32);
            checked = checked.or(&region);
            if region
                .iter()
                .any(|s| self.head[s.idx()] != self.head[p.idx()])
            {
                return Err(format!("string of {} has two heads", self.point_string(p)));
            }
            let libs = region
                .neighbours(self.width as u32, &self.onboard)
                .and(&self.empty);
            if self.lib_count(p) != libs.count() {
                return Err(format!("liberty count of {} differs", self.point_string(p)));
            }
            if self.string_libs(p) != libs {
                return Err(format!("liberties of {} differ", self.point_string(p)));
            }
            let members: Bitboard = {
                let mut m = Bitboard::EMPTY;
                for s in self.string_stones(p) {
                    m.set(s);
                }
                m
            };
            if members != region || self.string_size(p) != region.count() as usize {
                return Err(format!("string of {} differs", self.point_string(p)));
            }
        }
        if rebuilt.hash != self.hash {
            return Err("hash differs".into());
        }
        if rebuilt.empty != self.empty || rebuilt.stones != self.stones {
            return Err("bitboards differ".into());
        }
        let mut listed = Bitboard::EMPTY;
        for (i, &e) in self.empties.iter().enumerate() {
            listed.set(Point(e));
            if self.empty_pos[e as usize] as usize != i {
                return Err("empty list index differs".into());
            }
        }
        if listed != self.empty || self.empties.len() != self.empty.count() as usize {
            return Err("empty list differs".into());
        }
        Ok(())
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut b = Board::new(self.size);
        b.clone_from(self);
        b
    }

    /// Copies without allocating when the sizes match (the search does this every playout).
    fn clone_from(&mut self, o: &Board) {
        self.size = o.size;
        self.width = o.width;
        self.words = o.words;
        self.color.clone_from(&o.color);
        self.head.clone_from(&o.head);
        self.next.clone_from(&o.next);
        self.str_size.clone_from(&o.str_size);
        self.libs.clone_from(&o.libs);
        self.lib_n.clone_from(&o.lib_n);
        self.stones = o.stones;
        self.empty = o.empty;
        self.onboard = o.onboard;
        self.empties.clone_from(&o.empties);
        self.empty_pos.clone_from(&o.empty_pos);
        self.ko = o.ko;
        self.hash = o.hash;
        self.captures = o.captures;
    }
}

/// Iterator over the stones of one string.
pub struct StringIter<'a> {
    board: &'a Board,
    start: u16,
    cur: Option<u16>,
}

impl Iterator for StringIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        let c = self.cur?;
        let n = self.board.next[c as usize];
        self.cur = if n == self.start { None } else { Some(n) };
        Some(Point(c))
    }
}

impl fmt::Display for Board {
    /// An ASCII diagram with coordinates, top row first (as `showboard` prints it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = (0..self.size)
            .map(|c| format!(" {}", &vertex_string(c, 0)[..1]))
            .collect();
        writeln!(f, "   {letters}")?;
        for row in (0..self.size).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..self.size {
                let p = self.point(col, row);
                let ch = match self.stone(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {:>2}", row + 1)?;
        }
        write!(f, "   {letters}")
    }
}
