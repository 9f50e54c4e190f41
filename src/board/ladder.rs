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
//! Reading plays on one copy of the board and copies it again (into a per-thread stack of
//! boards refilled with `clone_from`, so nothing is allocated once warm) only where a node
//! has an option left to try: a forced ladder copies the board once. Two exact shortcuts
//! spare plays: an extension that surely gets 3+ liberties escapes without being played, and
//! an atari whose forced extension surely gets 3+ liberties is not tried. On 19x19 a ladder
//! from the centre to the edge (33 plays) reads in about 4 µs, one from C3 to the far
//! corner (61 plays) in about 6 µs.

use super::bitboard::Bitboard;
use super::core::{Board, EMPTY};
use super::point::{Color, Point};
use std::cell::RefCell;

/// Plays one reading may make before it gives up and answers "not captured".
const LADDER_BUDGET: u32 = 2000;
/// Longest line read, in plays (it bounds the recursion): far longer than any ladder across
/// a 25x25 board.
const LADDER_LINE: u32 = 320;
/// Scratch boards: one for the root and one per node on the current line with an option
/// left to try.
const LADDER_COPIES: usize = 192;

thread_local! {
    /// Scratch boards for the reading: the root copy and one per node with an option left;
    /// they grow to the board size in use on first need and are then reused.
    static STACK: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a stack of `LADDER_COPIES` scratch boards.
fn with_stack<R>(f: impl FnOnce(&mut [Board]) -> R) -> R {
    STACK.with(|cell| match cell.try_borrow_mut() {
        Ok(mut stack) => {
            if stack.len() < LADDER_COPIES {
                stack.resize_with(LADDER_COPIES, || Board::new(2));
            }
            f(&mut stack)
        }
        // Not reached (readings do not nest), but a fresh stack is always correct.
        Err(_) => {
            let mut stack: Vec<Board> = (0..LADDER_COPIES).map(|_| Board::new(2)).collect();
            f(&mut stack)
        }
    })
}

/// The state of one reading: plays made, the length of the current line, and whether the
/// budget (or the line length, or the scratch boards) ran out.
///
/// Each node receives a board it may spend: every option but the last is played on a copy
/// in the next board of the stack, the last one on the node's own board. A forced line (one
/// atari that works, one extension) thus copies nothing.
struct Reader {
    plays: u32,
    budget: u32,
    line: u32,
    aborted: bool,
}

impl Reader {
    fn new() -> Reader {
        Reader {
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

    /// Plays `c` on `p` (legal): on `b` itself when `last` (the caller is done with it),
    /// else on a copy in the first board of `stack`. Returns the board to read on and the
    /// stack left for deeper lines; `None` when the budget or the stack is spent.
    #[inline]
    fn play<'a>(
        &mut self,
        b: &'a mut Board,
        c: Color,
        p: Point,
        last: bool,
        stack: &'a mut [Board],
    ) -> Option<(&'a mut Board, &'a mut [Board])> {
        if !self.spend() {
            return None;
        }
        if last {
            b.play_unchecked(c, p);
            return Some((b, stack));
        }
        let Some((child, rest)) = stack.split_first_mut() else {
            self.aborted = true;
            return None;
        };
        child.clone_from(b);
        child.play_unchecked(c, p);
        Some((child, rest))
    }

    /// Whether the string through `s`, in atari with its owner to move, is captured.
    fn defend(&mut self, b: &mut Board, s: Point, stack: &mut [Board]) -> bool {
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
            return !extend || self.after_defence(b, d, lib, s, true, stack);
        }
        captures.clear(lib);
        for x in captures.iter() {
            if !b.is_legal(d, x) {
                captures.clear(x);
            }
        }
        // Captures first (they usually escape at once), the extension last.
        let mut left = captures.count() + extend as u32;
        for x in captures.iter().chain(extend.then_some(lib)) {
            left -= 1;
            if !self.after_defence(b, d, x, s, left == 0, stack) {
                return false;
            }
        }
        true
    }

    /// Whether the string through `s` is captured after its owner `d` plays on `x`.
    fn after_defence(
        &mut self,
        b: &mut Board,
        d: Color,
        x: Point,
        s: Point,
        last: bool,
        stack: &mut [Board],
    ) -> bool {
        let Some((b, rest)) = self.play(b, d, x, last, stack) else {
            return false;
        };
        match b.lib_count(s) {
            0 => true,
            1 => b
                .string_libs(s)
                .first()
                .is_some_and(|l| b.is_legal(d.opp(), l)),
            2 => {
                self.line += 1;
                let captured = self.attack(b, s, rest);
                self.line -= 1;
                captured
            }
            _ => false,
        }
    }

    /// Whether the attacker, to move against the string through `s` with two liberties,
    /// captures it in a ladder.
    fn attack(&mut self, b: &mut Board, s: Point, stack: &mut [Board]) -> bool {
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
        if let Some(first) = order[0]
            && order[1].is_some()
        {
            let Some((child, rest)) = self.play(b, a, first, false, stack) else {
                return false;
            };
            if self.chase(child, s, rest) {
                return true;
            }
        }
        let Some(l) = order[1].or(order[0]) else {
            return false;
        };
        let Some((b, rest)) = self.play(b, a, l, true, stack) else {
            return false;
        };
        self.chase(b, s, rest)
    }

    /// `defend` one play deeper in the line.
    fn chase(&mut self, b: &mut Board, s: Point, stack: &mut [Board]) -> bool {
        self.line += 1;
        let captured = self.defend(b, s, stack);
        self.line -= 1;
        captured
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
        self.read_escape(c, p) == Some(true)
    }

    /// Whether `c` playing the legal move `p` puts an enemy string next to `p` in atari that is
    /// then captured in a ladder (`ladder_captures` after the move, without copying the
    /// board twice). False when the move ataris nothing or a reading runs out of budget.
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
            && with_stack(|stack| {
                let (root, rest) = stack.split_first_mut()?;
                Some(targets[..n].iter().any(|&t| {
                    root.clone_from(self);
                    root.play_unchecked(c, p);
                    if root.stone(t).is_none() || root.lib_count(t) != 1 {
                        return false;
                    }
                    let mut r = Reader::new();
                    r.defend(root, t, rest) && !r.aborted
                }))
            }) == Some(true)
    }

    /// The reading behind `ladder_captures`: `None` when the budget ran out.
    fn read_ladder(&self, p: Point) -> Option<bool> {
        if !self.is_onboard(p) || self.stone(p).is_none() || self.lib_count(p) != 1 {
            return Some(false);
        }
        with_stack(|stack| {
            let (root, rest) = stack.split_first_mut()?;
            root.clone_from(self);
            let mut r = Reader::new();
            let captured = r.defend(root, p, rest);
            (!r.aborted).then_some(captured)
        })
    }

    /// The reading behind `escape_is_ladder`: `None` when the budget ran out.
    fn read_escape(&self, c: Color, p: Point) -> Option<bool> {
        if !self.is_onboard(p) || !self.is_legal(c, p) || self.libs_after(c, p).count() >= 3 {
            return Some(false);
        }
        with_stack(|stack| {
            let (root, rest) = stack.split_first_mut()?;
            root.clone_from(self);
            root.play_unchecked(c, p);
            let mut r = Reader::new();
            let captured = root.lib_count(p) == 2 && r.attack(root, p, rest);
            (!r.aborted).then_some(captured)
        })
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
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::board::diagram::{LADDER_9, at, board};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::time::Instant;

    /// `diagram` with extra stones put on it (`X`/`O` per vertex).
    fn with(rows: &[&str], extra: &[(Color, &str)]) -> Board {
        let mut b = board(rows);
        for &(c, v) in extra {
            let p = at(&b, v);
            b.play(c, Move::Play(p)).expect("legal extra stone");
        }
        b.pass();
        b
    }

    fn ladder_19() -> Vec<&'static str> {
        let mut rows = vec![". . . . . . . . . . . . . . . . . . ."; 19];
        rows[15] = ". . X . . . . . . . . . . . . . . . .";
        rows[16] = ". X O . . . . . . . . . . . . . . . .";
        rows[17] = ". . X X . . . . . . . . . . . . . . .";
        rows
    }

    /// Checks the reading leaves `b` as it was.
    fn unchanged(b: &Board, f: impl FnOnce(&Board)) {
        let (hash, text, ko) = (b.hash(), b.to_string(), b.ko());
        f(b);
        assert_eq!((b.hash(), b.to_string(), b.ko()), (hash, text, ko));
        b.check_consistency().unwrap();
    }

    #[test]
    fn classic_ladder_towards_an_empty_corner_is_captured() {
        let b = board(&LADDER_9);
        unchanged(&b, |b| assert!(b.ladder_captures(at(b, "C3"))));
        let rows = ladder_19();
        let b = board(&rows);
        unchanged(&b, |b| assert!(b.ladder_captures(at(b, "C3"))));
        // The same with the colours swapped.
        let swapped: Vec<String> = LADDER_9
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| match c {
                        'X' => 'O',
                        'O' => 'X',
                        c => c,
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = swapped.iter().map(String::as_str).collect();
        let b = board(&rows);
        assert!(b.ladder_captures(at(&b, "C3")));
    }

    #[test]
    fn a_breaker_on_the_path_saves_the_string() {
        // The ladder runs D3 E3 D4 D5 E4 F4 E5 E6 F5 G5 F6 F7 G6 ...: a white stone near any
        // later step breaks it.
        for v in ["G7", "H8", "F7", "J6"] {
            let b = with(&LADDER_9, &[(Color::White, v)]);
            assert!(!b.ladder_captures(at(&b, "C3")), "breaker on {v}");
        }
        for v in ["O15", "R18", "K10"] {
            let b = with(&ladder_19(), &[(Color::White, v)]);
            assert!(!b.ladder_captures(at(&b, "C3")), "breaker on {v}");
        }
        // Stones away from the path change nothing.
        for v in ["A9", "J1", "B7"] {
            let b = with(&LADDER_9, &[(Color::White, v)]);
            assert!(b.ladder_captures(at(&b, "C3")), "stone on {v}");
        }
    }

    #[test]
    fn an_attacker_stone_on_the_path_still_captures() {
        for v in ["G7", "F6", "H8", "E5"] {
            let b = with(&LADDER_9, &[(Color::Black, v)]);
            assert!(b.ladder_captures(at(&b, "C3")), "black stone on {v}");
        }
        // White K12 breaks the ladder on 19x19, but not with a black stone already on K11,
        // one of the points Black ataris from on the way.
        let plain = with(&ladder_19(), &[(Color::White, "K12")]);
        assert!(!plain.ladder_captures(at(&plain, "C3")));
        let made = with(
            &ladder_19(),
            &[(Color::White, "K12"), (Color::Black, "K11")],
        );
        assert!(made.ladder_captures(at(&made, "C3")));
    }

    #[test]
    fn capturing_a_chasing_stone_in_atari_escapes() {
        // The ladder works, but Black B3 has one liberty (B4) once White holds A3 and B2:
        // White takes it, and Black can neither retake (suicide) nor stop the connection.
        let b = with(&LADDER_9, &[(Color::White, "A3"), (Color::White, "B2")]);
        assert_eq!(b.lib_count(at(&b, "B3")), 1);
        unchanged(&b, |b| assert!(!b.ladder_captures(at(b, "C3"))));
        assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
        // With only one of them B3 keeps two liberties and the ladder works.
        for v in ["A3", "B2"] {
            let b = with(&LADDER_9, &[(Color::White, v)]);
            assert!(b.ladder_captures(at(&b, "C3")), "White {v}");
        }
    }

    #[test]
    fn a_chasing_stone_put_in_atari_during_the_ladder_breaks_it() {
        // With White on E2, Black must atari on E3 (from D4, White would connect to E2). After
        // White D4, Black D5 and White E4, the chaser E3 is down to one liberty, F3, and White
        // takes it.
        let b = with(&LADDER_9, &[(Color::White, "E2")]);
        assert!(!b.ladder_captures(at(&b, "C3")));
        let mut line = b.clone();
        for (c, v) in [
            (Color::White, "D3"),
            (Color::Black, "E3"),
            (Color::White, "D4"),
            (Color::Black, "D5"),
            (Color::White, "E4"),
        ] {
            line.play(c, Move::Play(at(&line, v))).unwrap();
        }
        assert_eq!(line.lib_count(at(&line, "E3")), 1);
        assert_eq!(line.lib_count(at(&line, "E4")), 2);
    }

    #[test]
    fn edge_ladders_are_captured() {
        // First line: White C1 (liberty D1) is chased along the edge to the corner.
        let b = board(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X . . . . . .",
            ". X O . . . . . .",
        ]);
        assert!(b.ladder_captures(at(&b, "C1")));
        // A white stone on the second line ahead of it saves it.
        let b2 = with(
            &[
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . X . . . . . .",
                ". X O . . . . . .",
            ],
            &[(Color::White, "G2")],
        );
        assert!(!b2.ladder_captures(at(&b2, "C1")));
        // Second line: White C4 runs down to the right, reaches the first and second lines
        // and dies against the lower edge.
        let b = board(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X X . . . . .",
            ". X O . . . . . .",
            ". . X . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        assert!(b.ladder_captures(at(&b, "C4")));
        // Straight along the second line: White C2 extends to D2 and is blocked on E2.
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". . X X .",
            ". X O . .",
            ". . X . .",
        ]);
        assert!(b.ladder_captures(at(&b, "C2")));
        // A ladder that meets the top edge before the corner.
        let b = board(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . X . . . .",
            ". . . X O . . . .",
            ". . . . X X . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ]);
        assert_eq!(b.lib_count(at(&b, "E5")), 1);
        assert!(b.ladder_captures(at(&b, "E5")));
    }

    #[test]
    fn three_liberties_after_extension_is_no_ladder() {
        // Without Black D2 the extension to D3 has D2, E3 and D4.
        let b = board(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X . . . . . .",
            ". X O . . . . . .",
            ". . X . . . . . .",
            ". . . . . . . . .",
        ]);
        assert!(!b.ladder_captures(at(&b, "C3")));
        assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
    }

    #[test]
    fn escape_is_ladder_tells_a_working_ladder_from_a_safe_extension() {
        let b = board(&LADDER_9);
        unchanged(&b, |b| {
            assert!(b.escape_is_ladder(Color::White, at(b, "D3")));
        });
        let b = with(&LADDER_9, &[(Color::White, "G7")]);
        assert!(!b.escape_is_ladder(Color::White, at(&b, "D3")));
        // An occupied point is no escape; Black D3 takes C3 and leaves a strong string.
        let b = board(&LADDER_9);
        assert!(!b.escape_is_ladder(Color::White, at(&b, "C4")));
        assert!(!b.escape_is_ladder(Color::Black, at(&b, "D3")));
    }

    #[test]
    fn non_atari_and_empty_points_are_not_ladders() {
        let b = board(&LADDER_9);
        assert!(!b.ladder_captures(at(&b, "E5")), "empty point");
        assert!(
            !b.ladder_captures(at(&b, "C4")),
            "a string with three liberties"
        );
    }

    #[test]
    fn a_ko_retake_is_no_escape() {
        // Black has just taken a white stone on B2 with C2, a ko. White D2 (liberty D1) can
        // only escape by retaking on B2: extending to D1 joins C1 and leaves E1 alone.
        let mut b = board(&[
            ". . . . .",
            ". . . . .",
            ". X O X .",
            "X O . O X",
            ". X O . .",
        ]);
        b.play(Color::Black, Move::Play(at(&b, "C2"))).unwrap();
        assert_eq!(b.ko(), Some((at(&b, "B2"), Color::White)));
        assert_eq!(b.lib_count(at(&b, "D2")), 1);
        unchanged(&b, |b| assert!(b.ladder_captures(at(b, "D2"))));
        // Once the ban is lifted (White found a ko threat) the retake saves it: Black may not
        // retake at once, and D1 would be a self-atari.
        b.pass();
        assert!(!b.ladder_captures(at(&b, "D2")));
    }

    /// The best time per call of `f` over a few batches (the machine may be busy).
    fn time_per_call(mut f: impl FnMut()) -> std::time::Duration {
        (0..5)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..1000 {
                    f();
                }
                t.elapsed() / 1000
            })
            .min()
            .unwrap()
    }

    /// Plays the reading makes on `p`.
    fn plays_read(b: &Board, p: Point) -> u32 {
        let mut r = Reader::new();
        with_stack(|stack| {
            let mut root = b.clone();
            r.defend(&mut root, p, stack);
        });
        r.plays
    }

    #[test]
    fn board_is_unchanged_and_deep_ladders_are_fast() {
        let b = board(&ladder_19());
        let c3 = at(&b, "C3");
        let mut captured = true;
        unchanged(&b, |b| captured = b.ladder_captures(c3));
        assert!(captured);
        let per = time_per_call(|| assert!(b.ladder_captures(c3)));
        let plays = plays_read(&b, c3);
        println!("19x19 ladder from C3 to the upper right: {plays} plays read, {per:?}");
        // A ladder from the centre, about 30 moves to the edge.
        let mut mid = Board::new(19);
        for (c, v) in [
            (Color::Black, "J10"),
            (Color::Black, "K11"),
            (Color::Black, "K9"),
            (Color::Black, "L9"),
            (Color::White, "K10"),
        ] {
            mid.play(c, Move::Play(at(&mid, v))).unwrap();
        }
        let k10 = at(&mid, "K10");
        let per = time_per_call(|| assert!(mid.ladder_captures(k10)));
        let plays = plays_read(&mid, k10);
        println!("19x19 ladder from K10: {plays} plays read, {per:?}");
        let broken = with(&ladder_19(), &[(Color::White, "R18")]);
        let per = time_per_call(|| assert!(!broken.ladder_captures(c3)));
        println!("the C3 ladder broken at R18: {per:?}");
        let d3 = at(&b, "D3");
        let per = time_per_call(|| assert!(b.escape_is_ladder(Color::White, d3)));
        println!("escape_is_ladder on D3: {per:?}");
        unchanged(&b, |b| assert!(b.escape_is_ladder(Color::White, d3)));
    }

    #[test]
    fn the_budget_gives_up_as_not_captured() {
        let b = board(&ladder_19());
        let c3 = at(&b, "C3");
        for (budget, result) in [(10, None), (60, None), (61, Some(true)), (2000, Some(true))] {
            let mut r = Reader::new();
            r.budget = budget;
            let captured = with_stack(|stack| {
                let mut root = b.clone();
                r.defend(&mut root, c3, stack)
            });
            assert_eq!((!r.aborted).then_some(captured), result, "budget {budget}");
        }
        assert_eq!(b.read_ladder(c3), Some(true));
    }

    /// A plain reading with the same rules and none of the shortcuts, on fresh clones.
    fn naive_defend(b: &Board, s: Point, plays: &mut u32) -> bool {
        let d = b.stone(s).unwrap();
        let lib = b.string_libs(s).first().unwrap();
        let mut moves = Bitboard::single(lib);
        for st in b.string_stones(s) {
            for q in b.neighbours(st) {
                if b.stone(q) == Some(d.opp()) && b.lib_count(q) == 1 {
                    moves = moves.or(&b.string_libs(q));
                }
            }
        }
        for x in moves.iter() {
            if !b.is_legal(d, x) {
                continue;
            }
            *plays += 1;
            let mut c = b.clone();
            c.play_unchecked(d, x);
            let captured = match c.lib_count(s) {
                0 => true,
                1 => c.is_legal(d.opp(), c.string_libs(s).first().unwrap()),
                2 => naive_attack(&c, s, plays),
                _ => false,
            };
            if !captured {
                return false;
            }
        }
        true
    }

    fn naive_attack(b: &Board, s: Point, plays: &mut u32) -> bool {
        let a = b.stone(s).unwrap().opp();
        for l in b.string_libs(s).iter() {
            if !b.is_legal(a, l) || b.capture_size(a, l) == 0 && b.libs_after(a, l).count() <= 1 {
                continue;
            }
            *plays += 1;
            let mut c = b.clone();
            c.play_unchecked(a, l);
            if naive_defend(&c, s, plays) {
                return true;
            }
        }
        false
    }

    #[test]
    fn shortcuts_agree_with_a_plain_reading_on_random_positions() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut checked = 0;
        let mut captured = 0;
        let mut deep = 0;
        for game in 0..1000 {
            let size = [7, 9, 13][game % 3];
            let mut b = Board::new(size);
            let moves = rng.gen_range(10..size * size);
            let mut color = Color::Black;
            for _ in 0..moves {
                let empties: Vec<Point> = b
                    .empties()
                    .iter()
                    .map(|&e| Point(e))
                    .filter(|&p| b.is_legal(color, p) && !b.is_eye(color, p))
                    .collect();
                if empties.is_empty() {
                    b.pass();
                } else {
                    let p = empties[rng.gen_range(0..empties.len())];
                    b.play_unchecked(color, p);
                }
                color = color.opp();
            }
            for p in b.points().collect::<Vec<_>>() {
                if b.stone(p).is_none() || b.string_head(p) != p || b.lib_count(p) != 1 {
                    continue;
                }
                let (hash, text) = (b.hash(), b.to_string());
                let fast = b.read_ladder(p);
                assert_eq!((b.hash(), b.to_string()), (hash, text));
                let mut plays = 0;
                let naive = naive_defend(&b, p, &mut plays);
                if let Some(fast) = fast {
                    assert_eq!(fast, naive, "ladder of {}\n{b}", b.point_string(p));
                    checked += 1;
                    captured += fast as u32;
                    deep += (plays >= 6) as u32;
                }
                // The escape question on the liberty of the string.
                let c = b.stone(p).unwrap();
                let lib = b.string_libs(p).first().unwrap();
                if let Some(fast) = b.read_escape(c, lib) {
                    let mut after = b.clone();
                    let naive = b.is_legal(c, lib) && {
                        after.play_unchecked(c, lib);
                        after.lib_count(lib) == 2 && naive_attack(&after, lib, &mut plays)
                    };
                    assert_eq!(fast, naive, "escape on {}\n{b}", b.point_string(lib));
                }
            }
        }
        println!(
            "{checked} strings in atari read, {captured} captured in a ladder, {deep} readings of \
             6+ plays"
        );
        assert!(checked > 1000 && captured > 100 && deep > 150);
    }
}
