//! Moves a search must not try, per colour, down to a depth of the tree: the `avoid` and
//! `allow` options of the analysis commands (KataGo's and Leela Zero's). A move barred
//! "until depth d" is not tried at plies 1 to d below the root (ply 1: the root's own
//! moves). At the root the search marks barred moves excluded; deeper, selection skips
//! them, and when a filter bars every move of a node the pass stays open.

use crate::board::{Color, Move};

/// The moves barred for each colour, and how deep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFilter {
    /// Per colour (`Color::index`), per move code (a point's index, the pass last), the
    /// deepest ply at which the move is barred (0: never).
    until: [Vec<u16>; 2],
    /// The deepest ply any move is barred at.
    depth: u16,
}

impl MoveFilter {
    /// A filter for a board of `points` points that bars nothing.
    pub fn new(points: usize) -> MoveFilter {
        MoveFilter {
            until: [vec![0; points + 1], vec![0; points + 1]],
            depth: 0,
        }
    }

    /// The slot of a move: its point's index, or the last one for a pass.
    fn slot(&self, mv: Move) -> Option<usize> {
        let pass = self.until[0].len() - 1;
        match mv {
            Move::Play(p) => (p.idx() < pass).then_some(p.idx()),
            Move::Pass => Some(pass),
        }
    }

    fn bar(&mut self, c: Color, slot: usize, until: u16) {
        let u = &mut self.until[c.index()][slot];
        *u = (*u).max(until);
        self.depth = self.depth.max(until);
    }

    /// Bars `moves` for `c` at plies 1 to `until` (KataGo's `avoid`). A move barred twice
    /// keeps the deeper bar.
    pub fn avoid(&mut self, c: Color, moves: &[Move], until: u16) {
        for &m in moves {
            if let Some(s) = self.slot(m) {
                self.bar(c, s, until);
            }
        }
    }

    /// Bars every move of `c` but `moves` at plies 1 to `until` (KataGo's `allow`): the pass
    /// too, unless it is listed.
    pub fn allow(&mut self, c: Color, moves: &[Move], until: u16) {
        let listed: Vec<usize> = moves.iter().filter_map(|&m| self.slot(m)).collect();
        for s in 0..self.until[0].len() {
            if !listed.contains(&s) {
                self.bar(c, s, until);
            }
        }
    }

    /// The deepest ply at which some move is barred (0: none is).
    #[inline]
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// Whether `mv`, played by `c` at `ply` below the root (1: a root move), is barred.
    #[inline]
    pub fn bars(&self, c: Color, mv: Move, ply: usize) -> bool {
        self.slot(mv)
            .is_some_and(|s| usize::from(self.until[c.index()][s]) >= ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn p(i: u16) -> Move {
        Move::Play(Point(i))
    }

    #[test]
    fn avoid_bars_moves_down_to_their_depth() {
        let mut f = MoveFilter::new(10);
        assert_eq!(f.depth(), 0);
        assert!(!f.bars(Color::Black, p(3), 1));
        f.avoid(Color::Black, &[p(3), p(4)], 1);
        f.avoid(Color::Black, &[p(4)], 3);
        f.avoid(Color::White, &[Move::Pass], 2);
        assert_eq!(f.depth(), 3);
        assert!(f.bars(Color::Black, p(3), 1));
        assert!(!f.bars(Color::Black, p(3), 2));
        assert!(f.bars(Color::Black, p(4), 3) && !f.bars(Color::Black, p(4), 4));
        // Per colour: White may play 3; Black may pass.
        assert!(!f.bars(Color::White, p(3), 1));
        assert!(f.bars(Color::White, Move::Pass, 2));
        assert!(!f.bars(Color::Black, Move::Pass, 1));
        // A point off the board bars nothing.
        f.avoid(Color::Black, &[p(40)], 9);
        assert!(!f.bars(Color::Black, p(40), 1));
    }

    #[test]
    fn allow_bars_every_other_move_and_the_pass() {
        let mut f = MoveFilter::new(10);
        f.allow(Color::White, &[p(1), p(2)], 1);
        assert!(!f.bars(Color::White, p(1), 1) && !f.bars(Color::White, p(2), 1));
        assert!(f.bars(Color::White, p(0), 1) && f.bars(Color::White, p(9), 1));
        assert!(f.bars(Color::White, Move::Pass, 1));
        assert!(!f.bars(Color::White, p(0), 2), "only at the root");
        assert!(!f.bars(Color::Black, p(0), 1), "only for White");
        let mut g = MoveFilter::new(10);
        g.allow(Color::Black, &[p(5), Move::Pass], 2);
        assert!(!g.bars(Color::Black, Move::Pass, 2) && g.bars(Color::Black, p(6), 2));
    }
}
