//! Ladder reading, to the end: a string in atari extends, the attacker keeps chasing with
//! ataris, and the edge, a breaker or a capture decides.
//!
//! The rules of the reading:
//! - The defender, with one liberty, may extend on it (if legal) or capture any attacking
//!   string next to it that is in atari. After its move the string escapes with 3+
//!   liberties, is chased again with 2, and is lost with 1 (the attacker takes it at once).
//! - The attacker, facing 2 liberties, may atari on either, unless that stone would have one
//!   liberty itself without capturing anything (the defender would simply take it).
//! - Ko goes against whoever would have to retake it: the simple-ko ban of the board holds,
//!   so a defender that can only escape by retaking a ko at once is captured, and an
//!   attacker that can only capture by retaking one has failed.
//! - A budget of plays guards the reading; past it the answer is "not captured" (not proven).
//!
//! Reading plays its lines on one board and takes each play back (`Board::play_undoable`),
//! so it copies nothing: the `&self` questions copy the board into a per-thread scratch
//! board, once per position however many questions are asked about it, and
//! `escape_is_ladder_in_place` (the playouts' question) reads on the caller's board and
//! leaves it exactly as it was. Two exact shortcuts spare plays: an extension that surely
//! gets 3+ liberties escapes without being played, and an atari whose forced extension
//! surely gets 3+ liberties is not tried. On 19x19 a ladder from the centre to the
//! edge (33 plays) reads in about 4 µs, one from C3 to the far corner (61 plays) in about
//! 7.5 µs (the history of these figures is in docs/experiments/ladder-check.md).

use super::bitboard::Bitboard;
use super::point::{Color, Point};
use super::position::{Board, EMPTY};
use std::cell::RefCell;

/// Plays one reading may make before it gives up and answers "not captured".
const LADDER_BUDGET: u32 = 2000;
/// Longest line read, in plays (it bounds the recursion): far longer than any ladder across
/// a 25x25 board.
const LADDER_LINE: u32 = 320;

thread_local! {
    /// The board the `&self` questions read on: it grows to the board size in use on first
    /// need and is then refilled with `clone_from` only when it holds another position, so
    /// nothing is allocated once warm and the prior's many questions about one node's
    /// position share one copy.
    static SCRATCH: RefCell<LadderScratch> = RefCell::new(LadderScratch {
        board: Board::new(2),
        key: None,
    });
}

/// The per-thread reading board and the position it holds.
struct LadderScratch {
    board: Board,
    /// What identifies the position on `board` (None: unknown, copy before reading).
    key: Option<PositionKey>,
}

/// A position as far as reading goes: the stones (by their Zobrist hash), the simple-ko
/// ban and the board size. String heads and the order of the empty points may differ
/// between boards with the same key; no reading depends on them.
type PositionKey = (u64, Option<(Point, Color)>, usize);

fn position_key(b: &Board) -> PositionKey {
    (b.hash(), b.ko(), b.size())
}

/// Runs `f` on a copy of `b` (the per-thread scratch board, copied only if it holds another
/// position). `f` must leave the copy as it found it (plays taken back with `undo`).
fn on_copy<R>(b: &Board, f: impl FnOnce(&mut Board) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            let key = position_key(b);
            if scratch.key != Some(key) {
                scratch.board.clone_from(b);
            }
            let r = f(&mut scratch.board);
            // A reading that left a play on the board must not be trusted by the next one.
            scratch.key = (position_key(&scratch.board) == key).then_some(key);
            r
        }
        // Not reached (readings do not nest), but a fresh copy is always correct.
        Err(_) => f(&mut b.clone()),
    })
}

/// The state of one reading: plays made, the length of the current line, and whether the
/// budget (or the line length) ran out. Each node plays its options on the board it is
/// given, reads on, and takes the play back.
struct LadderReader {
    plays: u32,
    budget: u32,
    line: u32,
    aborted: bool,
}

impl LadderReader {
    fn new() -> LadderReader {
        LadderReader {
            plays: 0,
            budget: LADDER_BUDGET,
            line: 0,
            aborted: false,
        }
    }

    /// Counts a play against the budget; false (and aborted) once it is spent or the line
    /// is too long.
    #[inline]
    fn spend(&mut self) -> bool {
        self.plays += 1;
        if self.plays > self.budget || self.line >= LADDER_LINE {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Whether the string through `s`, in atari with its owner to move, is captured.
    fn defend(&mut self, b: &mut Board, s: Point) -> bool {
        if self.aborted {
            return false;
        }
        debug_assert_eq!(b.lib_count(s), 1);
        let Some(d) = b.stone(s) else { return false };
        let Some(lib) = b.string_libs(s).first() else {
            return true;
        };
        let extend = b.is_legal(d, lib);
        let own = b.string_head(s);
        if extend && b.sure_libs(d, lib, own, lib, true) >= 3 {
            return false;
        }
        let mut captures = b.capture_points(s);
        if captures.is_empty() {
            // The common case: extend or die.
            return !extend || self.after_defence(b, d, lib, s);
        }
        captures.clear(lib);
        for x in captures.iter() {
            if !b.is_legal(d, x) {
                captures.clear(x);
            }
        }
        // Captures first (they usually escape at once), the extension last.
        for x in captures.iter().chain(extend.then_some(lib)) {
            if !self.after_defence(b, d, x, s) {
                return false;
            }
        }
        true
    }

    /// Whether the string through `s` is captured after its owner `d` plays on `x`.
    fn after_defence(&mut self, b: &mut Board, d: Color, x: Point, s: Point) -> bool {
        if !self.spend() {
            return false;
        }
        let undo = b.play_undoable(d, x);
        let captured = match b.lib_count(s) {
            0 => true,
            1 => b
                .string_libs(s)
                .first()
                .is_some_and(|l| b.is_legal(d.opp(), l)),
            2 => {
                self.line += 1;
                let captured = self.attack(b, s);
                self.line -= 1;
                captured
            }
            _ => false,
        };
        b.undo(undo);
        captured
    }

    /// Whether the attacker, to move against the string through `s` with two liberties,
    /// captures it in a ladder.
    fn attack(&mut self, b: &mut Board, s: Point) -> bool {
        if self.aborted {
            return false;
        }
        debug_assert_eq!(b.lib_count(s), 2);
        let Some(d) = b.stone(s) else { return false };
        let a = d.opp();
        let libs = b.string_libs(s);
        let mut it = libs.iter();
        let (Some(l1), Some(l2)) = (it.next(), it.next()) else {
            return false;
        };
        // Atari on `l` forces the extension on the other liberty: try first the side that
        // leaves it fewer liberties, and skip a side where it surely gets 3+. Skip an atari
        // that would have one liberty itself without capturing.
        let worth = |l: Point, sure: u32| {
            sure < 3 && b.is_legal(a, l) && (!b.is_self_atari(a, l) || b.capture_size(a, l) > 0)
        };
        let own = b.string_head(s);
        let g1 = b.sure_libs(d, l2, own, l1, false);
        let g2 = b.sure_libs(d, l1, own, l2, false);
        let (t1, t2) = (worth(l1, g1), worth(l2, g2));
        let order = match (t1, t2) {
            (true, true) if g2 < g1 => [Some(l2), Some(l1)],
            (true, true) => [Some(l1), Some(l2)],
            (true, false) => [Some(l1), None],
            (false, true) => [Some(l2), None],
            (false, false) => return false,
        };
        for l in order.into_iter().flatten() {
            if !self.spend() {
                return false;
            }
            let undo = b.play_undoable(a, l);
            self.line += 1;
            let captured = self.defend(b, s);
            self.line -= 1;
            b.undo(undo);
            if captured {
                return true;
            }
        }
        false
    }
}

impl Board {
    /// Whether the string through `p` (in atari, one liberty) is captured in a ladder when its
    /// owner extends on its liberty and the opponent keeps chasing with ataris — the owner may
    /// also escape by capturing a chasing stone in atari (a ladder breaker) or by reaching 3+
    /// liberties; the attacker wins if the string gets back to one liberty and cannot escape.
    /// The attacker may choose either liberty when the string has two. Read to the end (the
    /// board edge or a breaker decides), with a budget of 2000 plays as a guard; past the
    /// budget, answer false (not proven dead). False when `p` is empty or its string does not
    /// have exactly one liberty. The owner of the string is the side to move; the board's ko
    /// ban holds, so an escape that needs an immediate ko retake does not count (see the
    /// module notes).
    pub fn ladder_captures(&self, p: Point) -> bool {
        self.read_ladder(p) == Some(true)
    }

    /// Whether `c` playing on `p` extends a string of `c` out of atari only into a ladder that
    /// captures it (the extension gets exactly two liberties and the opponent's ladder works).
    /// Any legal move may be asked: the answer is about the string through `p` after it is
    /// played (a lone stone included). False for an illegal move or when the reading runs out
    /// of budget.
    pub fn escape_is_ladder(&self, c: Color, p: Point) -> bool {
        if !self.escape_needs_reading(c, p) {
            return false;
        }
        on_copy(self, |b| b.read_escape(c, p)) == Some(true)
    }

    /// `escape_is_ladder`, read on this board itself, which it leaves exactly as it was (the
    /// order of the empty points included): no copy at all.
    pub fn escape_is_ladder_in_place(&mut self, c: Color, p: Point) -> bool {
        self.escape_needs_reading(c, p) && self.read_escape(c, p) == Some(true)
    }

    /// Whether `c` playing the legal move `p` puts an enemy string next to `p` in atari that is
    /// then captured in a ladder (`ladder_captures` after the move, on the scratch copy of
    /// the board). False when the move ataris nothing or a reading runs out of budget.
    pub fn atari_is_ladder(&self, c: Color, p: Point) -> bool {
        let mut targets = [Point(u16::MAX); 4];
        let mut n = 0;
        for q in self.neighbours(p) {
            if self.stone(q) == Some(c.opp()) && self.lib_count(q) == 2 {
                let h = self.string_head(q);
                if !targets[..n].contains(&h) {
                    targets[n] = h;
                    n += 1;
                }
            }
        }
        n > 0
            && on_copy(self, |b| {
                let undo = b.play_undoable(c, p);
                let captured = targets[..n].iter().any(|&t| {
                    if b.stone(t).is_none() || b.lib_count(t) != 1 {
                        return false;
                    }
                    let mut r = LadderReader::new();
                    r.defend(b, t) && !r.aborted
                });
                b.undo(undo);
                captured
            })
    }

    /// The reading behind `ladder_captures`: `None` when the budget ran out.
    fn read_ladder(&self, p: Point) -> Option<bool> {
        if !self.is_onboard(p) || self.stone(p).is_none() || self.lib_count(p) != 1 {
            return Some(false);
        }
        on_copy(self, |b| {
            let mut r = LadderReader::new();
            let captured = r.defend(b, p);
            (!r.aborted).then_some(captured)
        })
    }

    /// Whether `c` on `p` is a legal move that leaves its string fewer than 3 liberties (the
    /// only escapes a ladder can take).
    fn escape_needs_reading(&self, c: Color, p: Point) -> bool {
        self.is_onboard(p) && self.is_legal(c, p) && self.libs_after(c, p).count() < 3
    }

    /// The reading behind the escape questions, on this board (restored after): `None` when
    /// the budget ran out.
    fn read_escape(&mut self, c: Color, p: Point) -> Option<bool> {
        let undo = self.play_undoable(c, p);
        let mut r = LadderReader::new();
        let captured = self.lib_count(p) == 2 && r.attack(self, p);
        self.undo(undo);
        (!r.aborted).then_some(captured)
    }

    /// The liberties of the opponent strings in atari next to the string through `s`: the
    /// points where its owner captures.
    fn capture_points(&self, s: Point) -> Bitboard {
        let Some(d) = self.stone(s) else {
            return Bitboard::EMPTY;
        };
        let opp = d.opp() as u8;
        let mut points = Bitboard::EMPTY;
        for st in self.string_stones(s) {
            for q in self.neighbours(st) {
                if self.at(q) == opp && self.lib_cnt(self.head_at(q)) == 1 {
                    let l = self.lw(self.head_at(q));
                    for (i, &w) in l.iter().enumerate() {
                        points.0[i] |= w;
                    }
                }
            }
        }
        points
    }

    /// A lower bound on the liberties of the string `d` makes by playing on `m`, next to its
    /// string with head `own` whose liberties are only `m` and maybe `skip`, once the
    /// opponent has taken `skip` (pass `m` itself for no such point): the empty neighbours of
    /// `m` and the liberties of the other strings of `d` it joins, without `m` and `skip`, and
    /// with `captures` the opponent stones next to `m` it would capture now. An opponent
    /// stone on `skip` removes only `skip`, and what it captures only adds liberties, so the
    /// bound holds; captured strings give back at least their stones next to `m`.
    #[inline]
    fn sure_libs(&self, d: Color, m: Point, own: Point, skip: Point, captures: bool) -> u32 {
        let me = d as u8;
        let opp = d.opp() as u8;
        let own = own.idx();
        let mut n = 0;
        let mut other = false;
        for q in self.neighbours(m) {
            let code = self.at(q);
            if code == EMPTY {
                n += (q != skip) as u32;
            } else if code == me {
                other |= self.head_at(q) != own;
            } else if code == opp && captures {
                n += (self.lib_cnt(self.head_at(q)) == 1) as u32;
            }
        }
        if !other {
            return n;
        }
        // Another string joins: its liberties may overlap the points counted above.
        let mut libs = Bitboard::EMPTY;
        for q in self.neighbours(m) {
            let code = self.at(q);
            if code == EMPTY {
                libs.set(q);
            } else if code == me {
                let h = self.head_at(q);
                if h != own {
                    for (a, w) in libs.0.iter_mut().zip(self.lw(h)) {
                        *a |= w;
                    }
                }
            } else if code == opp && captures && self.lib_cnt(self.head_at(q)) == 1 {
                libs.set(q);
            }
        }
        libs.clear(skip);
        libs.clear(m);
        libs.count()
    }
}

#[cfg(test)]
mod tests;
