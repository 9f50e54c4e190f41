//! Killable eye shapes (nakade): an empty region of three to six points enclosed by one
//! colour whose shape dies when the other side takes its vital point, and lives (two eyes)
//! when the enclosing side takes it first. Shared by the playout policy (kill at once) and
//! the tree prior (either side's vital point).

use super::{Bitboard, Board, Color, EMPTY, Point};

/// A killable eye shape (its `as usize` indexes the policy's per-shape switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NakadeShape {
    /// Straight or bent three.
    Three,
    /// Pyramid (T) four.
    PyramidFour,
    /// Bulky five.
    BulkyFive,
    /// Crossed five.
    CrossedFive,
    /// Rabbity six.
    RabbitySix,
}

/// Each shape by the sorted degrees of its points (how many of each point's neighbours lie
/// in the space): the vital point is the unique most-connected one.
const SIGNATURES: [(&[u8], NakadeShape); 5] = [
    (&[2, 1, 1], NakadeShape::Three),
    (&[3, 1, 1, 1], NakadeShape::PyramidFour),
    (&[3, 2, 2, 2, 1], NakadeShape::BulkyFive),
    (&[4, 1, 1, 1, 1], NakadeShape::CrossedFive),
    (&[4, 2, 2, 2, 1, 1], NakadeShape::RabbitySix),
];

/// Points of the largest killable shape.
const NAKADE_MAX: usize = 6;

impl Board {
    /// The vital point and shape of the empty region around the empty point `x` when that
    /// region is enclosed by `wall` (or the edge), holds no stone and has a killable shape;
    /// `None` otherwise. A 3x3 window look turns most points away before the region is
    /// filled.
    pub fn nakade_vital_point(&self, x: Point, wall: Color) -> Option<(Point, NakadeShape)> {
        // A point off the board (or outside it altogether) has no eye space.
        if !self.is_onboard(x) || self.at(x) != EMPTY {
            return None;
        }
        // A window region of 1 is exact: a single point.
        if !(2..=NAKADE_MAX).contains(&self.window_region(x, wall)?) {
            return None;
        }
        let (space, n) = self.enclosed_space::<{ NAKADE_MAX + 1 }>(x, wall)?;
        self.vital_of(&space[..n])
    }

    /// The vital point and shape of the empty region `space` (its points, in any order),
    /// when it has a killable shape.
    fn vital_of(&self, space: &[Point]) -> Option<(Point, NakadeShape)> {
        let n = space.len();
        if !(3..=NAKADE_MAX).contains(&n) {
            return None;
        }
        let mut degrees = [0u8; NAKADE_MAX];
        for (d, &p) in degrees.iter_mut().zip(space) {
            *d = self
                .neighbours(p)
                .iter()
                .filter(|q| space.contains(q))
                .count() as u8;
        }
        let mut sorted = degrees;
        sorted[..n].sort_unstable_by(|a, b| b.cmp(a));
        let &(_, shape) = SIGNATURES.iter().find(|(sig, _)| **sig == sorted[..n])?;
        let k = degrees[..n].iter().position(|&d| d == sorted[0])?;
        Some((space[k], shape))
    }

    /// Whether the empty region `space` (its points, in any order), once enclosed by one
    /// side, gives it one eye at most when the other side moves first: one point, two
    /// neighbouring points, the squared four, or a killable shape (`vital_of`).
    pub(super) fn is_dead_space(&self, space: &[Point]) -> bool {
        let touching = |p: Point| space.iter().filter(|&&q| self.is_neighbour(p, q)).count();
        match space {
            [_] => true,
            &[a, b] => self.is_neighbour(a, b),
            [..] if space.len() == 4 && space.iter().all(|&p| touching(p) == 2) => true,
            _ => self.vital_of(space).is_some(),
        }
    }

    /// Whether `p` and `q` are neighbours.
    #[inline]
    fn is_neighbour(&self, p: Point, q: Point) -> bool {
        self.neighbours(p).contains(&q)
    }

    /// The vital points of every killable eye space on the board, of either colour: found
    /// from the board's empty regions, so that only regions of three to six points are
    /// looked at closely.
    pub fn nakade_vital_points(&self) -> Bitboard {
        let w = self.width() as u32;
        let black = self.stones(Color::Black);
        let white = self.stones(Color::White);
        let empty = self.onboard().and_not(&black.or(white));
        let mut rest = empty;
        let mut vital = Bitboard::EMPTY;
        while let Some(p) = rest.first() {
            let region = Bitboard::flood(&Bitboard::single(p), &empty, w);
            rest = rest.and_not(&region);
            let n = region.count() as usize;
            if !(3..=NAKADE_MAX).contains(&n) {
                continue;
            }
            // A maximal empty region borders only stones: enclosed when they are of one colour.
            let border = region.neighbours(w, self.onboard());
            if border.intersects(black) && border.intersects(white) {
                continue;
            }
            let mut space = [Point(0); NAKADE_MAX];
            for (slot, q) in space.iter_mut().zip(region.iter()) {
                *slot = q;
            }
            if let Some((v, _)) = self.vital_of(&space[..n]) {
                vital.set(v);
            }
        }
        vital
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Move, diagram};
    use Color::{Black as B, White as W};

    fn vital(stones: &[(Color, &str)], at: &str) -> Option<(String, NakadeShape)> {
        let b = diagram::stones(9, stones);
        let Ok(Move::Play(x)) = b.parse_move(at) else {
            panic!("{at}")
        };
        b.nakade_vital_point(x, W)
            .map(|(p, s)| (b.point_string(p), s))
    }

    #[test]
    fn shapes_and_their_vital_points() {
        let three = [(W, "A2"), (W, "B2"), (W, "C2"), (W, "D1")];
        assert_eq!(vital(&three, "A1"), Some(("B1".into(), NakadeShape::Three)));
        let bent = [(W, "A3"), (W, "B2"), (W, "C1")];
        assert_eq!(vital(&bent, "B1"), Some(("A1".into(), NakadeShape::Three)));
        let wall4 = [
            (W, "A2"),
            (W, "B3"),
            (W, "C2"),
            (W, "D1"),
            (W, "A3"),
            (W, "C3"),
        ];
        assert_eq!(
            vital(&wall4, "A1"),
            Some(("B1".into(), NakadeShape::PyramidFour))
        );
        let wall5 = [(W, "A3"), (W, "B3"), (W, "C2"), (W, "D1"), (W, "C3")];
        assert_eq!(
            vital(&wall5, "C1"),
            Some(("B1".into(), NakadeShape::BulkyFive))
        );
    }

    #[test]
    fn live_or_open_spaces_have_none() {
        // Straight four lives; two points are no nakade; a space touching Black is not
        // enclosed by White; an occupied point has no region.
        let s4 = [(W, "A2"), (W, "B2"), (W, "C2"), (W, "D2"), (W, "E1")];
        assert_eq!(vital(&s4, "A1"), None);
        let two = [(W, "A2"), (W, "B2"), (W, "C1")];
        assert_eq!(vital(&two, "A1"), None);
        let mixed = [(W, "A2"), (W, "B2"), (B, "C2"), (W, "D1")];
        assert_eq!(vital(&mixed, "A1"), None);
        assert_eq!(vital(&s4, "A2"), None);
    }

    #[test]
    fn every_vital_point_of_the_board_at_once() {
        // White's straight three A1-C1 and Black's bent three in the far corner (H9 J8 J9,
        // vital point J9); the open middle and a two-point space have none.
        let b = diagram::stones(
            9,
            &[
                (W, "A2"),
                (W, "B2"),
                (W, "C2"),
                (W, "D1"),
                (B, "G9"),
                (B, "H8"),
                (B, "J7"),
                (W, "E9"),
                (W, "F8"),
                (W, "E7"),
                (W, "D8"),
            ],
        );
        let found: Vec<String> = b
            .nakade_vital_points()
            .iter()
            .map(|p| b.point_string(p))
            .collect();
        assert_eq!(found, ["B1", "J9"]);
        assert!(Board::new(9).nakade_vital_points().is_empty());
    }
}
