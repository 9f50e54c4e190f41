//! The AMAF ("all moves as first") bookkeeping of one backup: which player played each point
//! first in the sequence after a node.

use crate::board::Color;

/// No first play recorded for a point.
const NONE: u8 = u8::MAX;

/// For each point, the colour of its earliest play seen so far (the backup records the
/// sequence from its end, so later records are earlier plays).
#[derive(Debug, Default)]
pub struct FirstPlays {
    /// The colour (`Color as u8`), or `NONE`.
    at: Vec<u8>,
}

impl FirstPlays {
    /// An empty map for a board of `points` points (array length).
    pub fn reset(&mut self, points: usize) {
        self.at.clear();
        self.at.resize(points, NONE);
    }

    /// Records that `col` played `p`, earlier than anything recorded on `p` so far.
    #[inline]
    pub fn record(&mut self, p: u16, col: Color) {
        self.at[p as usize] = col as u8;
    }

    /// Forgets `p`.
    #[inline]
    pub fn forget(&mut self, p: u16) {
        self.at[p as usize] = NONE;
    }

    /// Whether `col` made the first play on `p`.
    #[inline]
    pub fn first_by(&self, p: u16, col: Color) -> bool {
        self.at[p as usize] == col as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earliest_play_by_its_colour_is_kept() {
        let mut m = FirstPlays::default();
        m.reset(10);
        m.record(3, Color::White);
        m.record(3, Color::Black);
        assert!(m.first_by(3, Color::Black));
        assert!(!m.first_by(3, Color::White));
        assert!(!m.first_by(4, Color::Black));
        assert!(!m.first_by(4, Color::White));
        m.forget(3);
        assert!(!m.first_by(3, Color::Black));
    }
}
