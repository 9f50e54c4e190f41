//! Each played move judged by the analyses of the positions before and after it: the win
//! rate and score lead it left, and what it lost against the best move.

use super::position::{PositionAnalysis, for_color};
use crate::board::Color;
use crate::sgf::{Coord, GameRecord, RecordedMove};

/// One played move of a review.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number, from 1.
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// Where (`None`: pass).
    pub played: Option<Coord>,
    /// Black's win rate before and after the move.
    pub winrate_before: f32,
    pub winrate_after: f32,
    /// Black's score lead before and after the move.
    pub lead_before: f32,
    pub lead_after: f32,
    /// The drop of the mover's win rate from before to after the move (negative: the move
    /// did better than the search expected of the best one).
    pub loss: f32,
    /// The drop of the mover's score lead, in points.
    pub score_loss: f32,
    /// The search's best move before this one, its win rate and score lead for the mover,
    /// and its principal variation.
    pub best: Option<Coord>,
    pub best_winrate: f32,
    pub best_lead: f32,
    pub pv: Vec<Option<Coord>>,
}

impl MoveReview {
    /// Whether the move is a mistake: it lost more than `margin` of the mover's win rate,
    /// and the search preferred another move.
    pub fn is_mistake(&self, margin: f32) -> bool {
        self.loss > margin && self.played != self.best
    }
}

/// The played moves of `record` judged by `analyses` (one a position: before each move and
/// after the last).
pub(super) fn moves(record: &GameRecord, analyses: &[PositionAnalysis]) -> Vec<MoveReview> {
    let played = record.moves.iter().filter_map(|m| match m {
        RecordedMove::Play(c, at) => Some((c.color(), *at)),
        RecordedMove::Setup { .. } => None,
    });
    played
        .zip(analyses.windows(2))
        .enumerate()
        .map(|(i, ((color, at), pair))| judge(i + 1, color, at, &pair[0], &pair[1]))
        .collect()
}

/// Move `number`, `color` at `played`, between the analyses `before` and `after`.
fn judge(
    number: usize,
    color: Color,
    played: Option<Coord>,
    before: &PositionAnalysis,
    after: &PositionAnalysis,
) -> MoveReview {
    let mine = |a: &PositionAnalysis| {
        (
            for_color(a.to_play, color, a.winrate, 1.0 - a.winrate),
            for_color(a.to_play, color, a.lead, -a.lead),
        )
    };
    let (wr_before, lead_before) = mine(before);
    let (wr_after, lead_after) = mine(after);
    MoveReview {
        number,
        color,
        played,
        winrate_before: before.black_winrate(),
        winrate_after: after.black_winrate(),
        lead_before: before.black_lead(),
        lead_after: after.black_lead(),
        loss: wr_before - wr_after,
        score_loss: lead_before - lead_after,
        best: before.best,
        best_winrate: wr_before,
        best_lead: lead_before,
        pv: before.pv.clone(),
    }
}

/// The mistakes among `reviews` (see `MoveReview::is_mistake`), the biggest loss first
/// (ties in move order).
pub(super) fn mistakes(reviews: &[MoveReview], margin: f32) -> Vec<&MoveReview> {
    let mut m: Vec<&MoveReview> = reviews.iter().filter(|r| r.is_mistake(margin)).collect();
    m.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.number.cmp(&b.number)));
    m
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::sgf::SgfColor;

    /// An analysis with `to_play` to move, its win rate and best move.
    pub(in crate::review) fn pos(to_play: Color, winrate: f32, best: Coord) -> PositionAnalysis {
        PositionAnalysis {
            to_play,
            best: Some(best),
            winrate,
            lead: (winrate - 0.5) * 20.0,
            visits: 10,
            playouts: 20,
            pv: vec![Some(best), Some((0, 0))],
        }
    }

    /// Four moves: Black keeps 60%, White drops from 40% to 15% (a mistake of 25 points),
    /// Black plays the best move, White passes and loses 5 points.
    pub(in crate::review) fn game() -> (GameRecord, Vec<PositionAnalysis>) {
        use Color::{Black, White};
        let record = GameRecord {
            size: 9,
            moves: vec![
                RecordedMove::Play(SgfColor::Black, Some((4, 4))),
                RecordedMove::Play(SgfColor::White, Some((2, 2))),
                RecordedMove::Setup {
                    black: vec![],
                    white: vec![],
                    empty: vec![],
                },
                RecordedMove::Play(SgfColor::Black, Some((6, 6))),
                RecordedMove::Play(SgfColor::White, None),
            ],
            ..GameRecord::default()
        };
        let analyses = vec![
            pos(Black, 0.6, (4, 4)),
            pos(White, 0.4, (6, 2)),
            pos(Black, 0.85, (6, 6)),
            pos(White, 0.2, (2, 6)),
            pos(Black, 0.85, (1, 1)),
        ];
        (record, analyses)
    }

    #[test]
    fn losses_are_the_movers_drops() {
        let (record, analyses) = game();
        let r = moves(&record, &analyses);
        assert_eq!(r.len(), 4);
        assert_eq!(
            (r[1].number, r[1].color, r[1].played),
            (2, Color::White, Some((2, 2)))
        );
        assert!((r[1].loss - 0.25).abs() < 1e-6, "{:?}", r[1]);
        assert!((r[1].winrate_before - 0.6).abs() < 1e-6);
        assert!((r[1].winrate_after - 0.85).abs() < 1e-6);
        assert!((r[1].score_loss - 5.0).abs() < 1e-4, "{:?}", r[1]);
        assert_eq!(r[1].best, Some((6, 2)));
        assert!((r[0].loss - 0.0).abs() < 1e-6);
        // Black's best move still loses 5 points to the search's noise: no mistake.
        assert!((r[2].loss - 0.05).abs() < 1e-6, "{:?}", r[2]);
        assert!(!r[2].is_mistake(0.04));
        assert_eq!(r[3].played, None);
    }

    #[test]
    fn mistakes_are_the_big_losses_biggest_first() {
        let (record, analyses) = game();
        let r = moves(&record, &analyses);
        let m: Vec<usize> = mistakes(&r, 0.04).iter().map(|m| m.number).collect();
        assert_eq!(m, vec![2, 4]);
        let m: Vec<usize> = mistakes(&r, 0.10).iter().map(|m| m.number).collect();
        assert_eq!(m, vec![2]);
        // The best move itself is never a mistake, whatever the numbers say.
        let mut same = r[1].clone();
        same.played = same.best;
        assert!(!same.is_mistake(0.0));
    }
}
