//! Plays that can be taken back exactly, for reading: the ladder reader plays its lines on
//! one board and takes each play back, where it would otherwise copy the board at every
//! branch. A play records what it is about to change (the strings it touches, the liberty
//! sets it rewrites); `undo` restores the board to the last bit, the order of the empty-point
//! list included, so that a playout that reads a ladder goes on exactly as if it had not.

use super::{Board, EMPTY};
use crate::board::point::{Color, MAX_SIZE, Point};

/// Most bitboard words a liberty set takes (on the largest board).
const MAX_WORDS: usize = ((MAX_SIZE + 2) * (MAX_SIZE + 1) + 1).div_ceil(64);

/// What a play tells its recorder before each change; the plain play ignores it all.
pub(super) trait Recorder {
    /// `c` is about to play on `p`.
    fn start(&mut self, b: &Board, c: Color, p: Point);
    /// The stone joins the string with head `h` (or starts one at `h` = `p`).
    fn base(&mut self, b: &Board, h: usize);
    /// The play takes a liberty from the enemy string with head `h`.
    fn enemy(&mut self, h: usize);
    /// The enemy string with head `h` and `size` stones is captured.
    fn captured(&mut self, h: usize, size: u16);
    /// The play takes a liberty from the friendly string with head `h`, which it then joins.
    fn friend(&mut self, h: usize);
    /// The string `small` is about to join the string `big`.
    fn merge(&mut self, b: &Board, big: usize, small: usize);
}

/// The recorder of a play that is never taken back.
pub(super) struct NoRecord;

impl Recorder for NoRecord {
    #[inline(always)]
    fn start(&mut self, _: &Board, _: Color, _: Point) {}
    #[inline(always)]
    fn base(&mut self, _: &Board, _: usize) {}
    #[inline(always)]
    fn enemy(&mut self, _: usize) {}
    #[inline(always)]
    fn captured(&mut self, _: usize, _: u16) {}
    #[inline(always)]
    fn friend(&mut self, _: usize) {}
    #[inline(always)]
    fn merge(&mut self, _: &Board, _: usize, _: usize) {}
}

/// A string's liberty set and count as they were.
#[derive(Clone, Copy)]
struct SavedLibs {
    head: u16,
    words: [u64; MAX_WORDS],
    count: u16,
}

impl SavedLibs {
    const EMPTY: SavedLibs = SavedLibs {
        head: 0,
        words: [0; MAX_WORDS],
        count: 0,
    };

    fn of(b: &Board, h: usize) -> SavedLibs {
        let mut words = [0; MAX_WORDS];
        words[..b.words].copy_from_slice(b.lw(h));
        SavedLibs {
            head: h as u16,
            words,
            count: b.lib_n[h],
        }
    }

    fn restore(&self, b: &mut Board) {
        let (h, w) = (self.head as usize, b.words);
        b.libs[h * w..h * w + w].copy_from_slice(&self.words[..w]);
        b.lib_n[h] = self.count;
    }
}

/// Short list of string heads on the stack.
#[derive(Clone, Copy, Default)]
struct Heads {
    heads: [u16; 4],
    len: usize,
}

impl Heads {
    #[inline]
    fn push(&mut self, h: usize) {
        if self.len < self.heads.len() {
            self.heads[self.len] = h as u16;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u16] {
        &self.heads[..self.len]
    }
}

/// What `Board::play_undoable` changed, for `Board::undo` to take back.
pub struct Undo {
    p: Point,
    c: Color,
    hash: u64,
    ko: Option<(Point, Color)>,
    captures: u32,
    /// The point's place in the empty list (a capture of the stone later in the line moves
    /// the board's record of it).
    pos: u16,
    /// The point's own string links before the play (a new string overwrites them).
    p_links: (u16, u16, u16),
    /// The string the stone joins (or starts): its links and liberties before the play.
    base_links: (u16, u16),
    base: SavedLibs,
    enemies: Heads,
    captured: Heads,
    captured_stones: usize,
    friends: Heads,
    /// The bigger string of each merge with its liberties before it (left `None` until
    /// used: a play rarely merges, and the array is big to clear).
    merges: [Option<SavedLibs>; 3],
    /// The smaller string of each merge, in order.
    smalls: Heads,
}

impl Undo {
    fn new() -> Undo {
        Undo {
            p: Point(0),
            c: Color::Black,
            hash: 0,
            ko: None,
            captures: 0,
            pos: 0,
            p_links: (0, 0, 0),
            base_links: (0, 0),
            base: SavedLibs::EMPTY,
            enemies: Heads::default(),
            captured: Heads::default(),
            captured_stones: 0,
            friends: Heads::default(),
            merges: [None; 3],
            smalls: Heads::default(),
        }
    }
}

impl Recorder for Undo {
    #[inline]
    fn start(&mut self, b: &Board, c: Color, p: Point) {
        let pi = p.idx();
        self.p = p;
        self.c = c;
        self.hash = b.hash;
        self.ko = b.ko;
        self.captures = b.captures[c.index()];
        self.pos = b.empty_pos[pi];
        self.p_links = (b.head[pi], b.next[pi], b.str_size[pi]);
    }

    #[inline]
    fn base(&mut self, b: &Board, h: usize) {
        self.base_links = (b.next[h], b.str_size[h]);
        self.base = SavedLibs::of(b, h);
    }

    #[inline]
    fn enemy(&mut self, h: usize) {
        self.enemies.push(h);
    }

    #[inline]
    fn captured(&mut self, h: usize, size: u16) {
        self.captured.push(h);
        self.captured_stones += size as usize;
    }

    #[inline]
    fn friend(&mut self, h: usize) {
        self.friends.push(h);
    }

    #[inline]
    fn merge(&mut self, b: &Board, big: usize, small: usize) {
        let i = self.smalls.len;
        if i < self.merges.len() {
            self.merges[i] = Some(SavedLibs::of(b, big));
        }
        self.smalls.push(small);
    }
}

impl Board {
    /// Plays a legal move (as `play_unchecked`) so that `undo` can take it back exactly.
    #[inline]
    #[must_use = "the play is taken back only by passing its record to `undo`"]
    pub fn play_undoable(&mut self, c: Color, p: Point) -> Undo {
        debug_assert!(self.words <= MAX_WORDS);
        let mut u = Undo::new();
        self.play_recorded(c, p, &mut u);
        u
    }

    /// Takes back the play `u` recorded, which must be the last play on this board not yet
    /// taken back.
    #[inline]
    pub fn undo(&mut self, u: Undo) {
        let (p, c) = (u.p, u.c);
        // Merges, last first: the smaller string gets its stones, links and size back, the
        // bigger its liberties.
        for (m, &small) in u.merges.iter().zip(u.smalls.as_slice()).rev() {
            let Some(m) = m else { continue };
            let (big, small) = (m.head as usize, small as usize);
            self.next.swap(big, small);
            self.str_size[big] -= self.str_size[small];
            self.relabel(small, small as u16);
            m.restore(self);
        }
        for &f in u.friends.as_slice() {
            self.lib_set(f as usize, p);
        }
        // Captured strings come back (their links were never touched); the points they
        // gave as liberties to the capturer's strings are taken away again.
        let opp = c.opp();
        for &h in u.captured.as_slice().iter().rev() {
            let start = h;
            let mut s = start;
            loop {
                let q = Point(s);
                self.color[q.idx()] = opp as u8;
                self.stones[opp.index()].set(q);
                self.empty.clear(q);
                for n in self.neighbours(q) {
                    if self.at(n) == c as u8 {
                        let hn = self.head_at(n);
                        self.lib_clear(hn, q);
                    }
                }
                s = self.next[q.idx()];
                if s == start {
                    break;
                }
            }
        }
        let kept = self.empties.len() - u.captured_stones;
        self.empties.truncate(kept);
        for &h in u.enemies.as_slice() {
            self.lib_set(h as usize, p);
        }
        let h = u.base.head as usize;
        u.base.restore(self);
        (self.next[h], self.str_size[h]) = u.base_links;
        let pi = p.idx();
        (self.head[pi], self.next[pi], self.str_size[pi]) = u.p_links;
        // The stone itself: the empty list gets `p` back at its old place.
        self.color[pi] = EMPTY;
        self.stones[c.index()].clear(p);
        self.empty.set(p);
        let pos = u.pos as usize;
        let end = self.empties.len();
        if pos < end {
            let moved = self.empties[pos];
            self.empties.push(moved);
            self.empty_pos[moved as usize] = end as u16;
            self.empties[pos] = p.0;
        } else {
            self.empties.push(p.0);
        }
        self.empty_pos[pi] = u.pos;
        self.hash = u.hash;
        self.ko = u.ko;
        self.captures[c.index()] = u.captures;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Everything a board's future depends on, in a comparable form.
    fn state(b: &Board) -> String {
        let mut s = format!("{:?} {:?} {} {:?}\n", b.ko, b.captures, b.hash, b.empties);
        for p in b.points() {
            if b.stone(p).is_some() {
                let h = b.head[p.idx()] as usize;
                s += &format!(
                    "{}:{}>{} {:?} {};",
                    p.0,
                    h,
                    b.next[p.idx()],
                    b.lw(h),
                    b.lib_n[h]
                );
            } else {
                s += &format!("{}@{};", p.0, b.empty_pos[p.idx()]);
            }
        }
        s
    }

    #[test]
    fn undo_restores_the_board_exactly() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for size in [5, 9, 19] {
            for _ in 0..10 {
                let mut b = Board::new(size);
                let mut c = Color::Black;
                for _ in 0..size * size * 2 {
                    let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(c, p)).collect();
                    if legal.is_empty() {
                        break;
                    }
                    // A few plays deep, then all taken back: the board is as it was.
                    let before = state(&b);
                    let mut undos = Vec::new();
                    let mut d = c;
                    for _ in 0..rng.gen_range(1..4) {
                        let moves: Vec<Point> = b.points().filter(|&p| b.is_legal(d, p)).collect();
                        if moves.is_empty() {
                            break;
                        }
                        undos.push(b.play_undoable(d, moves[rng.gen_range(0..moves.len())]));
                        b.check_consistency().unwrap();
                        d = d.opp();
                    }
                    while let Some(u) = undos.pop() {
                        b.undo(u);
                    }
                    assert_eq!(state(&b), before);
                    let p = legal[rng.gen_range(0..legal.len())];
                    b.play(c, Move::Play(p)).unwrap();
                    c = c.opp();
                }
            }
        }
    }
}
