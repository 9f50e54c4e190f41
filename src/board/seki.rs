//! Seki at the end of a game: which living stones and empty points are in seki, for
//! `final_status_list seki` and for territory counting, which gives no points in a seki.
//!
//! After the dead stones are taken off, an empty point next to living stones of both colours
//! is a shared liberty of a seki when neither side can fill it: filling it captures nothing
//! and leaves the filler's string with one liberty or none. (Between groups that have
//! liberties to spare such a point is dame: filling it is safe.) The strings next to a shared
//! liberty are in seki, and so is the rest of each group: an empty region touched by one
//! colour only (an eye) that touches a string in seki is a seki eye, and every string around
//! it is in seki too.

use super::bitboard::Bitboard;
use super::point::{Color, Point};
use super::position::Board;

/// The stones and empty points of the seki on a board whose `dead` stones are taken off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SekiArea {
    /// Living stones in seki.
    pub stones: Bitboard,
    /// Shared liberties and the eyes of the groups in seki: nobody's territory.
    pub points: Bitboard,
}

impl Board {
    /// The seki once the stones in `dead` are taken off (see the module's rule).
    pub fn seki(&self, dead: &Bitboard) -> SekiArea {
        let w = self.width() as u32;
        let on = self.onboard();
        let black = self.stones(Color::Black).and_not(dead);
        let white = self.stones(Color::White).and_not(dead);
        let empty = on.and_not(&black).and_not(&white);
        let string = |p: Point, own: &Bitboard| Bitboard::flood(&Bitboard::single(p), own, w);
        let libs = |s: &Bitboard| s.neighbours(w, on).and(&empty);
        // Whether `c` filling `p` captures nothing and keeps at most one liberty.
        let self_atari = |p: Point, own: &Bitboard, other: &Bitboard| {
            let mut joined = Bitboard::single(p);
            for q in self.neighbours(p) {
                if other.has(q) && libs(&string(q, other)).count() == 1 {
                    return false;
                }
                if own.has(q) && !joined.has(q) {
                    joined = joined.or(&string(q, own));
                }
            }
            libs(&joined).and_not(&Bitboard::single(p)).count() <= 1
        };
        let mut area = SekiArea::default();
        let shared = empty
            .and(&black.neighbours(w, on))
            .and(&white.neighbours(w, on));
        for p in shared.iter() {
            if self_atari(p, &black, &white) && self_atari(p, &white, &black) {
                area.points.set(p);
                for q in self.neighbours(p) {
                    for own in [&black, &white] {
                        if own.has(q) && !area.stones.has(q) {
                            area.stones = area.stones.or(&string(q, own));
                        }
                    }
                }
            }
        }
        if area.points.is_empty() {
            return area;
        }
        // Spread through the groups' eyes until nothing changes.
        let mut regions = Vec::new();
        let mut left = empty.and_not(&area.points);
        while let Some(p) = left.first() {
            let region = Bitboard::flood(&Bitboard::single(p), &left, w);
            left = left.and_not(&region);
            let border = region.neighbours(w, on);
            if !(border.intersects(&black) && border.intersects(&white)) {
                regions.push((region, border));
            }
        }
        let mut grew = true;
        while grew {
            grew = false;
            for (region, border) in &regions {
                if area.points.intersects(region) || !border.intersects(&area.stones) {
                    continue;
                }
                area.points = area.points.or(region);
                for q in border.and_not(&area.stones).iter() {
                    for own in [&black, &white] {
                        if own.has(q) {
                            area.stones = area.stones.or(&string(q, own));
                        }
                    }
                }
                grew = true;
            }
        }
        area
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tax;
    use crate::board::diagram::board;

    /// The seki of a diagram (top row first; X black, O white, . empty; no dead stones): its
    /// stones' and its points' vertices.
    fn seki_of(rows: &[&str]) -> (Vec<String>, Vec<String>) {
        let b = board(rows);
        let s = b.seki(&Bitboard::EMPTY);
        let names = |bb: &Bitboard| {
            let mut v: Vec<_> = bb.iter().map(|p| b.point_string(p)).collect();
            v.sort();
            v
        };
        (names(&s.stones), names(&s.points))
    }

    #[test]
    fn two_shared_liberties_without_eyes_are_seki() {
        let (stones, points) = seki_of(&[
            "......", //
            "OOOO..", "XXXO..", "..XO..", "OOXO..", "OOXO..",
        ]);
        assert_eq!(points, ["A3", "B3"]);
        let want = ["A1", "A2", "A4", "B1", "B2", "B4", "C1", "C2", "C3", "C4"];
        assert_eq!(stones, want);
    }

    /// Two walls of 12 stones, one eye each (A2 Black's, J2 White's) and the shared
    /// liberty E1, under 45 empty points.
    const ONE_EYE_EACH: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "OOOOOXXXX",
        "XXXXXOOOO",
        ".XXXOOOO.",
        "XXXX.OOOO",
    ];

    #[test]
    fn one_eye_each_and_a_shared_liberty_is_seki_with_its_eyes() {
        let (stones, points) = seki_of(&ONE_EYE_EACH);
        assert_eq!(points, ["A2", "E1", "J2"]);
        assert_eq!(stones.len(), 2 * 12, "{stones:?}");
        assert!(!stones.contains(&"A4".to_string()) && !stones.contains(&"F4".to_string()));
    }

    #[test]
    fn territory_counts_no_point_in_a_seki_and_area_counts_the_eyes() {
        // The eyes A2 (Black) and J2 (White) are one point each by area, none by territory;
        // the 45 empty points above are dame between the walls.
        let b = board(&ONE_EYE_EACH);
        assert_eq!(b.territory_score(&Bitboard::EMPTY, 0.0, Tax::Seki), 0.0);
        let black = b.stones(Color::Black).count() as f32;
        let white = b.stones(Color::White).count() as f32;
        assert_eq!(b.area_score(0.0), black + 1.0 - white - 1.0);
        // Without a stalemate (White fills D2 safely) A2 is territory: 1 point against row 5.
        let c = board(&[".....", "OOOOO", "XXXXO", ".XX.O", "XXXXO"]);
        assert_eq!(c.territory_score(&Bitboard::EMPTY, 0.0, Tax::Seki), -4.0);
    }

    #[test]
    fn dame_an_atari_and_a_killed_group_are_no_seki() {
        let positions: [&[&str]; 3] = [
            // Dame between two walls: filling it is safe.
            &["XX.OO", "XX.OO", "XX.OO", "XX.OO", "XX.OO"],
            // The inner White stones have one liberty: Black captures there.
            &["......", "OOOO..", "XXXO..", ".XXO..", "OOXO..", "OOXO.."],
            // An eye for the inner White stones: White fills a shared liberty safely, Black
            // dies.
            &["......", "OOOO..", "XXXO..", "..XO..", "OOXO..", ".OXO.."],
        ];
        for rows in positions {
            let (stones, points) = seki_of(rows);
            assert!(
                stones.is_empty() && points.is_empty(),
                "{rows:?}: {stones:?} {points:?}"
            );
        }
    }
}
