//! Step 1c, capturing races around the last move (optional, `race_rate`): when the
//! opponent's move touches an own string that is short of liberties, an enemy string next to
//! that string with two liberties, which an atari would capture, is ataried, the biggest
//! first. The two-liberty step only looks at strings on or next to the last move; a race is
//! often decided by a string one step further off, such as a surrounded group whose shared
//! liberty the surrounding string must fill before the group's own eyes or nakade stones
//! matter.

use super::Policy;
use crate::board::{Board, Color, Point};

impl Policy {
    /// The atari that captures the biggest enemy string with two liberties next to an own
    /// string of 2 to `race_max_libs` liberties touching `last` (`c` to move); `None` when
    /// there is none.
    pub(super) fn race(&self, b: &Board, c: Color, last: Point) -> Option<Point> {
        let mut own = [u16::MAX; 4];
        let mut best: Option<(usize, Point)> = None;
        for (i, q) in b.neighbours(last).into_iter().enumerate() {
            if b.stone(q) != Some(c) || !(2..=self.race_max_libs).contains(&b.lib_count(q)) {
                continue;
            }
            let head = b.string_head(q).0;
            if own.contains(&head) {
                continue;
            }
            own[i] = head;
            for s in b.string_stones(q) {
                for e in b.neighbours(s) {
                    if b.stone(e) != Some(c.opp()) || b.lib_count(e) != 2 {
                        continue;
                    }
                    let size = b.string_size(e);
                    if best.is_some_and(|(n, _)| n >= size) {
                        continue;
                    }
                    let libs = b.string_libs(e);
                    if let Some(l) = libs.iter().find(|&l| self.atari_captures(b, c, l, libs)) {
                        best = Some((size, l));
                    }
                }
            }
        }
        best.map(|(_, p)| p)
    }
}
