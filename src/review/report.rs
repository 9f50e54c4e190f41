//! The review on stdout, one fact a line for other tools to read: the biggest mistakes,
//! biggest first, then a summary.
//!
//! ```text
//! mistake 23 W D5 C3 0.182 4.5
//! summary moves 61 mistakes 4 black 1 white 3 black_loss 0.021 white_loss 0.034 margin 0.100
//! ```
//!
//! A `mistake` line: the move's number, colour, the move played, the better move (GTP
//! vertices, `pass`), the win rate it lost (0..1) and the points it lost. The summary: the
//! moves reviewed, the mistakes in all and by colour, each colour's mean win-rate loss per
//! move (gains count as no loss) and the margin.

use super::judge::{MoveReview, mistakes};
use super::position::vertex;
use crate::board::Color;
use std::fmt::Write as _;

/// A win rate as a percentage with one decimal: `54.3%`.
pub(super) fn percent(p: f32) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// Black's score lead as a result is written: `B+3.2`, `W+0.5`.
pub(super) fn lead_text(black: f32) -> String {
    if black >= 0.0 {
        format!("B+{black:.1}")
    } else {
        format!("W+{:.1}", -black)
    }
}

/// The report: the `top` biggest mistakes and the summary line.
pub(super) fn text(reviews: &[MoveReview], margin: f32, top: usize) -> String {
    let mut s = String::new();
    let all = mistakes(reviews, margin);
    for m in all.iter().take(top) {
        let _ = writeln!(
            s,
            "mistake {} {} {} {} {:.3} {:.1}",
            m.number,
            m.color.letter(),
            vertex(m.played),
            vertex(m.best),
            m.loss,
            m.score_loss
        );
    }
    let count = |c: Color| all.iter().filter(|m| m.color == c).count();
    let mean_loss = |c: Color| {
        let losses: Vec<f32> = reviews
            .iter()
            .filter(|r| r.color == c)
            .map(|r| r.loss.max(0.0))
            .collect();
        losses.iter().sum::<f32>() / losses.len().max(1) as f32
    };
    let _ = writeln!(
        s,
        "summary moves {} mistakes {} black {} white {} black_loss {:.3} white_loss {:.3} \
         margin {margin:.3}",
        reviews.len(),
        all.len(),
        count(Color::Black),
        count(Color::White),
        mean_loss(Color::Black),
        mean_loss(Color::White),
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::judge;

    #[test]
    fn lines_list_the_biggest_mistakes_first() {
        let (record, analyses) = judge::tests::game();
        let reviews = judge::moves(&record, &analyses);
        let out = text(&reviews, 0.04, 10);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "mistake 2 W C3 G3 0.250 5.0");
        assert_eq!(lines[1], "mistake 4 W pass C7 0.050 1.0");
        assert_eq!(
            lines[2],
            "summary moves 4 mistakes 2 black 0 white 2 black_loss 0.025 white_loss 0.150 \
             margin 0.040"
        );
        assert_eq!(text(&reviews, 0.04, 1).lines().count(), 2);
        assert_eq!(lead_text(-0.04), "W+0.0");
        assert_eq!(percent(0.5432), "54.3%");
    }
}
