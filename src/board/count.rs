//! Counting: area (Chinese / Tromp-Taylor) and territory (Japanese, given dead stones).

use super::bitboard::Bitboard;
use super::point::{Color, Point};
use super::position::Board;
use super::rules::Tax;

/// Who a point counts for at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Black,
    White,
    /// Neutral: empty and touching both colours (dame or seki), or nobody's.
    Neither,
}

impl Board {
    /// For each empty region (4-connected), the points and the colours it touches.
    fn regions(
        &self,
        empty: &Bitboard,
        black: &Bitboard,
        white: &Bitboard,
    ) -> Vec<(Bitboard, bool, bool)> {
        let w = self.width() as u32;
        let mut left = *empty;
        let mut out = Vec::new();
        while let Some(p) = left.first() {
            let region = Bitboard::flood(&Bitboard::single(p), &left, w);
            left = left.and_not(&region);
            let border = region.neighbours(w, self.onboard());
            out.push((region, border.intersects(black), border.intersects(white)));
        }
        out
    }

    /// Owner of each point under Tromp-Taylor area rules when the stones in `dead` are removed
    /// first; indexed by `Point::idx`.
    pub fn area_owners(&self, dead: &Bitboard) -> Vec<Owner> {
        let black = self.stones(Color::Black).and_not(dead);
        let white = self.stones(Color::White).and_not(dead);
        let empty = self.onboard().and_not(&black).and_not(&white);
        let mut owners = vec![Owner::Neither; self.len()];
        for p in black.iter() {
            owners[p.idx()] = Owner::Black;
        }
        for p in white.iter() {
            owners[p.idx()] = Owner::White;
        }
        for (region, b, w) in self.regions(&empty, &black, &white) {
            let o = match (b, w) {
                (true, false) => Owner::Black,
                (false, true) => Owner::White,
                _ => continue,
            };
            for p in region.iter() {
                owners[p.idx()] = o;
            }
        }
        owners
    }

    /// Black's area minus White's area minus komi, Tromp-Taylor (every stone alive).
    pub fn area_score(&self, komi: f32) -> f32 {
        self.area_score_with_dead(&Bitboard::EMPTY, komi)
    }

    /// Black's area minus White's minus komi after removing the stones in `dead`.
    pub fn area_score_with_dead(&self, dead: &Bitboard, komi: f32) -> f32 {
        let owners = self.area_owners(dead);
        let mut diff = 0i32;
        for p in self.points() {
            match owners[p.idx()] {
                Owner::Black => diff += 1,
                Owner::White => diff -= 1,
                Owner::Neither => {}
            }
        }
        diff as f32 - komi
    }

    /// Each colour's area at the end of a playout: its stones plus the empty points that
    /// touch it and not the other colour. Exact when every empty region is a one-colour eye,
    /// which is how playouts end; word operations only.
    #[inline]
    pub fn playout_areas(&self) -> (Bitboard, Bitboard) {
        let w = self.width() as u32;
        let b = self.stones(Color::Black);
        let wh = self.stones(Color::White);
        let near_b = b.dilate(w, self.onboard());
        let near_w = wh.dilate(w, self.onboard());
        let e = self.empty_points();
        (
            b.or(&e.and(&near_b).and_not(&near_w)),
            wh.or(&e.and(&near_w).and_not(&near_b)),
        )
    }

    /// Area score for finished playouts (see `playout_areas`): Black minus White minus komi.
    #[inline]
    pub fn playout_score(&self, komi: f32) -> f32 {
        let (black, white) = self.playout_areas();
        (black.count() as i32 - white.count() as i32) as f32 - komi
    }

    /// Adds each point's owner after a finished playout (see `playout_areas`) to `sums`, per
    /// `Point::idx`: +1 for Black, -1 for White. Returns Black's area less White's.
    #[inline]
    pub fn add_playout_owners(&self, sums: &mut [i32]) -> i32 {
        let (black, white) = self.playout_areas();
        for p in black.iter() {
            sums[p.idx()] += 1;
        }
        for p in white.iter() {
            sums[p.idx()] -= 1;
        }
        black.count() as i32 - white.count() as i32
    }

    /// Territory counting: territory (empty regions and dead stones surrounded by one colour;
    /// with `Tax::Seki`, as in Japanese rules, none in a seki: its eyes count for nobody) plus
    /// prisoners (captures and dead stones), Black minus White minus komi.
    pub fn territory_score(&self, dead: &Bitboard, komi: f32, tax: Tax) -> f32 {
        let owners = self.area_owners(dead);
        let seki = match tax {
            Tax::Seki => self.seki(dead).points,
            Tax::None => Bitboard::EMPTY,
        };
        let mut diff = self.captures(Color::Black) as i32 - self.captures(Color::White) as i32;
        for p in self.points().filter(|&p| !seki.has(p)) {
            let stone = self.stone(p);
            let is_dead = dead.has(p);
            match (owners[p.idx()], stone, is_dead) {
                (Owner::Black, None, _) => diff += 1,
                (Owner::White, None, _) => diff -= 1,
                // A dead stone is a prisoner and its point is territory.
                (Owner::Black, Some(Color::White), true) => diff += 2,
                (Owner::White, Some(Color::Black), true) => diff -= 2,
                _ => {}
            }
        }
        diff as f32 - komi
    }

    /// Formats a score the GTP way: `B+3.5`, `W+0.5` or `0`.
    pub fn score_string(score: f32) -> String {
        if score > 0.0 {
            format!("B+{}", score)
        } else if score < 0.0 {
            format!("W+{}", -score)
        } else {
            "0".to_string()
        }
    }

    /// The points of the board as a bitboard built from a list.
    pub fn bitboard_of(points: &[Point]) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for &p in points {
            b.set(p);
        }
        b
    }
}
