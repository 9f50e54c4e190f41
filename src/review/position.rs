//! What a review searches and what it keeps of each position: the search settings, one
//! position's analysis, and the vertex forms the cache, the report and the annotations write.

use crate::board::{Color, parse_vertex, vertex_string};
use crate::params::Params;
use crate::sgf::Coord;

/// How each position of a review is searched.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Playouts per position.
    pub playouts: u64,
    /// Positions searched at once, one thread each.
    pub threads: usize,
    /// The seed each position's own seed is derived from.
    pub seed: u64,
    /// The engine's parameters.
    pub params: Params,
    /// Tree memory per search in bytes (`None`: enough for the playouts).
    pub max_memory: Option<usize>,
}

/// What the search of one position found, for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionAnalysis {
    /// The side to move.
    pub to_play: Color,
    /// The best move (`None`: pass).
    pub best: Option<Coord>,
    /// The best move's win rate for the side to move, in [0, 1].
    pub winrate: f32,
    /// The side to move's score lead after the best move: the playouts' mean final margin
    /// with komi, as `kata-analyze`'s `scoreLead`.
    pub lead: f32,
    /// The best move's visits.
    pub visits: u32,
    /// The playouts the search ran.
    pub playouts: u64,
    /// The principal variation, the best move first.
    pub pv: Vec<Option<Coord>>,
}

impl PositionAnalysis {
    /// The win rate for Black.
    pub fn black_winrate(&self) -> f32 {
        for_color(self.to_play, Color::Black, self.winrate, 1.0 - self.winrate)
    }

    /// The score lead for Black.
    pub fn black_lead(&self) -> f32 {
        for_color(self.to_play, Color::Black, self.lead, -self.lead)
    }
}

/// `same` when `a` is `b`, else `other`.
pub(super) fn for_color(a: Color, b: Color, same: f32, other: f32) -> f32 {
    if a == b { same } else { other }
}

/// A point as GTP writes it (`D4`, `pass`).
pub(super) fn vertex(c: Option<Coord>) -> String {
    c.map_or_else(
        || "pass".to_string(),
        |(x, y)| vertex_string(usize::from(x), usize::from(y)),
    )
}

/// A GTP vertex on a `size` board (`None` inside: pass); `None` when it is not one.
pub(super) fn parse_point(s: &str, size: usize) -> Option<Option<Coord>> {
    let p = parse_vertex(s, size).ok()?;
    Some(p.map(|(x, y)| (x as u8, y as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_go_to_text_and_back() {
        for c in [None, Some((0, 0)), Some((8, 8)), Some((7, 2))] {
            assert_eq!(parse_point(&vertex(c), 9), Some(c));
        }
        assert_eq!(vertex(Some((8, 0))), "J1");
        assert_eq!(parse_point("Z99", 9), None);
    }

    #[test]
    fn black_sees_the_other_side_of_white() {
        let a = PositionAnalysis {
            to_play: Color::White,
            best: None,
            winrate: 0.7,
            lead: 4.5,
            visits: 1,
            playouts: 1,
            pv: vec![None],
        };
        assert!((a.black_winrate() - 0.3).abs() < 1e-6);
        assert_eq!(a.black_lead(), -4.5);
    }
}
