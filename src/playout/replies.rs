//! Last good replies with forgetting (LGRF-1 and LGRF-2, Baier and Drake 2010): the playout
//! policy remembers, for each colour, the reply that won a playout after the opponent's last
//! move (and after the last two moves), plays it when it is legal, and forgets it as soon as
//! it loses. The tables belong to one search thread; nothing is shared or allocated on the
//! hot path.

use crate::board::Color;

/// No remembered reply (point 0 is off the board).
const NONE: u16 = 0;

/// The reply tables of one search thread, indexed by board point.
#[derive(Clone, Debug, Default)]
pub struct Replies {
    /// Points per board (the length of per-point arrays); 0 while empty.
    points: usize,
    /// `one[colour * points + last]`: the reply of `colour` to the opponent's `last`.
    one: Vec<u16>,
    /// `two[(colour * points + prev) * points + last]`: the reply to `prev` then `last`.
    two: Vec<u16>,
}

/// Tables with no reply in them, for playouts that learn none (status, tests).
pub static NO_REPLIES: Replies = Replies {
    points: 0,
    one: Vec::new(),
    two: Vec::new(),
};

impl Replies {
    /// Empties the tables for a board of `points` points, keeping their memory.
    pub fn reset(&mut self, points: usize) {
        self.points = points;
        self.one.clear();
        self.one.resize(2 * points, NONE);
        self.two.clear();
        self.two.resize(2 * points * points, NONE);
    }

    #[inline]
    fn index_one(&self, c: Color, last: u16) -> usize {
        c as usize * self.points + last as usize
    }

    #[inline]
    fn index_two(&self, c: Color, prev: u16, last: u16) -> usize {
        (c as usize * self.points + prev as usize) * self.points + last as usize
    }

    /// The remembered reply of `c` to `prev` then `last` (when `prev` is known), or else to
    /// `last`; the two-move reply first, as it is the more specific.
    #[inline]
    pub fn reply(&self, c: Color, last: u16, prev: Option<u16>) -> [Option<u16>; 2] {
        if self.points == 0 {
            return [None, None];
        }
        let two = prev.map_or(NONE, |p| self.two[self.index_two(c, p, last)]);
        let one = self.one[self.index_one(c, last)];
        let some = |r: u16| (r != NONE).then_some(r);
        [some(two), some(one)]
    }

    /// How many replies the tables hold (one- and two-move), for tests and diagnostics.
    pub fn len(&self) -> usize {
        self.one
            .iter()
            .chain(&self.two)
            .filter(|&&r| r != NONE)
            .count()
    }

    /// Whether the tables hold no reply.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Learns from one finished playout: `moves` are the stones played in order (passes
    /// left out), `black_won` its result. A move of the winner becomes the reply to the one
    /// or two moves before it; a loser's move that was the remembered reply is forgotten.
    /// Pairs broken by a pass (the same colour twice running) teach nothing.
    pub fn learn(&mut self, moves: impl Iterator<Item = (u16, Color)>, black_won: bool) {
        if self.points == 0 {
            return;
        }
        let mut before: [Option<(u16, Color)>; 2] = [None, None];
        for (p, c) in moves {
            let won = (c == Color::Black) == black_won;
            if let Some((last, lc)) = before[1]
                && lc != c
            {
                let i = self.index_one(c, last);
                learn_slot(&mut self.one[i], p, won);
                if let Some((prev, pc)) = before[0]
                    && pc == c
                {
                    let j = self.index_two(c, prev, last);
                    learn_slot(&mut self.two[j], p, won);
                }
            }
            before = [before[1], Some((p, c))];
        }
    }
}

/// Remembers `p` in `slot` after a win; forgets it after a loss if it is the one there.
#[inline]
fn learn_slot(slot: &mut u16, p: u16, won: bool) {
    if won {
        *slot = p;
    } else if *slot == p {
        *slot = NONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    #[test]
    fn winners_replies_are_remembered_and_losers_forgotten() {
        let mut r = Replies::default();
        r.reset(50);
        // B 10, W 11, B 12: Black wins; Black's 12 answers White's 11 (and 10 then 11).
        r.learn([(10, B), (11, W), (12, B)].into_iter(), true);
        assert_eq!(r.reply(B, 11, Some(10)), [Some(12), Some(12)]);
        assert_eq!(r.len(), 2);
        assert_eq!(r.reply(B, 11, Some(9)), [None, Some(12)]);
        // White's 11 lost: nothing remembered for White.
        assert_eq!(r.reply(W, 10, None), [None, None]);
        // The same reply loses once: forgotten.
        r.learn([(10, B), (11, W), (12, B)].into_iter(), false);
        assert_eq!(r.reply(B, 11, Some(10)), [None, None]);
        // A losing move that is not the remembered reply leaves the reply alone.
        r.learn([(11, W), (13, B)].into_iter(), true);
        r.learn([(11, W), (14, B)].into_iter(), false);
        assert_eq!(r.reply(B, 11, None), [None, Some(13)]);
    }

    #[test]
    fn a_pass_breaks_the_pair() {
        let mut r = Replies::default();
        r.reset(50);
        // Black twice running (White passed between): no reply of Black to Black's move.
        r.learn([(10, B), (12, B), (13, W)].into_iter(), false);
        assert_eq!(r.reply(B, 10, None), [None, None]);
        // White's 13 won, as the reply to 12, but not to the pair 10, 12 (both Black's).
        assert_eq!(r.reply(W, 12, Some(10)), [None, Some(13)]);
    }

    #[test]
    fn empty_tables_know_nothing() {
        let mut r = Replies::default();
        r.learn([(10, B), (11, W)].into_iter(), true);
        assert_eq!(r.reply(W, 10, None), [None, None]);
        assert_eq!(NO_REPLIES.reply(B, 3, Some(4)), [None, None]);
    }
}
