//! The simulation policy: plays a position out to the end and counts it. This is the light
//! policy (uniform random legal moves that do not fill the mover's own eyes); the heavy MoGo
//! policy builds on the same entry point, and so does the learned softmax policy (`softmax`).

pub mod heavy;
pub mod mogo3x3;
pub mod pool;
pub mod softmax;

use crate::board::{Board, Color, Point};
use rand::Rng;

/// The mercy rule of the heavy and softmax playouts: the capture balance of a playout, and
/// the share of the board's points past which it stops.
pub(crate) struct Mercy {
    /// Stones Black has captured less those White has.
    balance: i32,
    /// The balance that stops the playout (`i32::MAX`: never).
    limit: i32,
    points: i32,
}

impl Mercy {
    /// No capture yet on `b`; `share` of its points ahead stops the playout (0: never).
    pub(crate) fn new(b: &Board, share: f32) -> Mercy {
        let points = (b.size() * b.size()) as i32;
        let limit = match (share * points as f32) as i32 {
            0 => i32::MAX,
            m => m,
        };
        Mercy {
            balance: 0,
            limit,
            points,
        }
    }

    /// Counts `taken` stones captured by `c`; the final score when the playout stops here (a
    /// win by the whole board for the side ahead, still ahead after the komi at two points a
    /// stone).
    #[inline]
    pub(crate) fn note(&mut self, c: Color, taken: i32, komi: f32) -> Option<f32> {
        self.balance += if c == Color::Black { taken } else { -taken };
        let side = self.balance.signum() as f32;
        let lead = side * (2.0 * self.balance as f32 - komi);
        (self.balance.abs() >= self.limit && lead >= 2.0 * self.limit as f32)
            .then_some(self.points as f32 * side)
    }
}

/// A playout policy as `play_out` drives it: its move at each turn, and what it keeps up to
/// date around each move.
pub(crate) trait Mover {
    /// `c`'s move at the playout's move `i`, after the opponent's `last` move and `c`'s
    /// `prev` one; `None` is a pass.
    fn choose(
        &mut self,
        b: &mut Board,
        c: Color,
        i: usize,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Option<Point>;

    /// Called before `c` plays `p`.
    #[inline]
    fn before(&mut self, _b: &Board, _c: Color, _p: Point) {}

    /// Called after `c` played `p` as the playout's move `i`.
    #[inline]
    fn after(&mut self, _b: &Board, _c: Color, _p: Point, _i: usize) {}
}

/// Plays `board` out with `mover` from `to_play`, whose opponent's last moves were `last`
/// and `prev`, until two passes or `max_moves`, recording stones in `trace`; returns the
/// area score, or the whole board for the side ahead when the mercy rule of `mercy_share`
/// stops it (`Mercy`).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn play_out(
    mover: &mut impl Mover,
    board: &mut Board,
    (mut to_play, mut last, mut prev): (Color, Option<Point>, Option<Point>),
    komi: f32,
    max_moves: usize,
    mercy_share: f32,
    trace: &mut MoveTrace,
) -> f32 {
    let mut mercy = Mercy::new(board, mercy_share);
    let mut passes = 0;
    for i in 0..max_moves {
        match mover.choose(board, to_play, i, last, prev) {
            Some(p) => {
                mover.before(board, to_play, p);
                let taken = board.play_unchecked(to_play, p) as i32;
                trace.moves.push((p.0, to_play));
                mover.after(board, to_play, p, i);
                if taken > 0
                    && let Some(score) = mercy.note(to_play, taken, komi)
                {
                    return score;
                }
                passes = 0;
                prev = last;
                last = Some(p);
            }
            None => {
                board.pass();
                passes += 1;
                prev = last;
                last = None;
                if passes >= 2 {
                    break;
                }
            }
        }
        to_play = to_play.opp();
    }
    board.playout_score(komi)
}

/// The moves of one playout, in order, for AMAF/RAVE statistics.
#[derive(Clone, Debug, Default)]
pub struct MoveTrace {
    /// (point index, colour) of every stone played; passes are not recorded.
    pub moves: Vec<(u16, Color)>,
}

impl MoveTrace {
    /// Empties the trace, keeping its memory.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }
}

/// A uniformly random legal move for `c` that does not fill one of its own eyes, or `None`
/// (pass). Scans the empty-point list from a random start, so it allocates nothing.
#[inline]
pub fn random_move<R: Rng>(board: &Board, c: Color, rng: &mut R) -> Option<Point> {
    random_move_where(board, c, rng, |_| true)
}

/// Like `random_move`, keeping only points `accept` also takes.
#[inline]
pub fn random_move_where<R: Rng>(
    board: &Board,
    c: Color,
    rng: &mut R,
    accept: impl Fn(Point) -> bool,
) -> Option<Point> {
    let empties = board.empties();
    let n = empties.len();
    if n == 0 {
        return None;
    }
    // Multiply-shift maps 32 random bits onto 0..n (bias below 1e-7 on a 25x25 board).
    let start = ((rng.next_u32() as u64 * n as u64) >> 32) as usize;
    for i in (start..n).chain(0..start) {
        let p = Point(empties[i]);
        if !board.is_eye(c, p) && board.is_legal(c, p) && accept(p) {
            return Some(p);
        }
    }
    None
}

/// Plays `board` out from `to_play` with the light policy until two passes or `max_moves`,
/// recording stones in `trace`; returns the area score (Black minus White minus komi).
pub fn light_playout<R: Rng>(
    board: &mut Board,
    mut to_play: Color,
    komi: f32,
    max_moves: usize,
    rng: &mut R,
    trace: &mut MoveTrace,
) -> f32 {
    let mut passes = 0;
    for _ in 0..max_moves {
        match random_move(board, to_play, rng) {
            Some(p) => {
                board.play_unchecked(to_play, p);
                trace.moves.push((p.0, to_play));
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
                if passes >= 2 {
                    break;
                }
            }
        }
        to_play = to_play.opp();
    }
    board.playout_score(komi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn playouts_end_filled_and_consistent() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut trace = MoveTrace::default();
        for size in [5, 9, 13] {
            for _ in 0..20 {
                let mut b = Board::new(size);
                trace.clear();
                let score = light_playout(
                    &mut b,
                    Color::Black,
                    0.5,
                    3 * size * size,
                    &mut rng,
                    &mut trace,
                );
                b.check_consistency().unwrap();
                assert!(!trace.moves.is_empty());
                // Finished: neither side has a non-eye legal move left, and the fast count
                // equals the exact Tromp-Taylor count.
                assert!(random_move(&b, Color::Black, &mut rng).is_none());
                assert!(random_move(&b, Color::White, &mut rng).is_none());
                assert_eq!(score, b.area_score(0.5));
            }
        }
    }

    #[test]
    fn never_fills_own_eye() {
        // Black wall around A1 makes it an eye.
        let b = crate::board::diagram::stones(
            5,
            &[
                (Color::Black, "A2"),
                (Color::Black, "B2"),
                (Color::Black, "B1"),
            ],
        );
        let a1 = b.point(0, 0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for _ in 0..200 {
            assert_ne!(random_move(&b, Color::Black, &mut rng), Some(a1));
        }
    }
}
