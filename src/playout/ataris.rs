//! The strings in atari anywhere on the board during a playout, so that the capture step can
//! look over the whole board (MoGo's Algorithm 1: "if there is a move which captures stones")
//! without scanning it every move. A string goes into atari only through a move next to it,
//! so one scan when the playout starts and a look at each move's neighbours keep the list
//! complete; entries that stopped being in atari are dropped when next read.

use crate::board::{Board, Color, Point};

/// Most strings the list holds; more in atari at once is rare and the extra ones are missed.
const CAP: usize = 48;

/// One stone of each string seen in atari, with its colour.
#[derive(Clone)]
pub struct Ataris {
    stones: [(Point, Color); CAP],
    len: usize,
}

impl Ataris {
    /// An empty list (no capture step will find anything until strings are noted).
    pub fn new() -> Ataris {
        Ataris {
            stones: [(Point(0), Color::Black); CAP],
            len: 0,
        }
    }

    /// The strings in atari on `b` now (one pass over the board, for a playout's start).
    pub fn scan(b: &Board) -> Ataris {
        let mut a = Ataris::new();
        for c in [Color::Black, Color::White] {
            for p in b.stones(c).iter() {
                if b.string_head(p) == p && b.lib_count(p) == 1 {
                    a.push(b, p, c);
                }
            }
        }
        a
    }

    /// Notes the strings a move on `p` left in atari: its own and the enemy ones it touches.
    #[inline]
    pub fn note_move(&mut self, b: &Board, p: Point) {
        let Some(c) = b.stone(p) else { return };
        if b.lib_count(p) == 1 {
            self.push(b, p, c);
        }
        for q in b.neighbours(p) {
            if b.stone(q) == Some(c.opp()) && b.lib_count(q) == 1 {
                self.push(b, q, c.opp());
            }
        }
    }

    /// The liberty of the biggest string of `c`'s opponent in atari that `c` may legally take.
    pub fn biggest_capture(&mut self, b: &Board, c: Color) -> Option<Point> {
        self.biggest(b, c).map(|(_, l)| l)
    }

    /// `biggest_capture` with the size of the string it takes.
    fn biggest(&mut self, b: &Board, c: Color) -> Option<(usize, Point)> {
        self.prune(b);
        let mut best = None;
        for &(s, _) in &self.stones[..self.len] {
            consider_capture(b, c, s, &mut best);
        }
        best
    }

    /// Number of strings listed (stale ones included until the next read).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is listed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds the string through `s` unless it is listed already or the list is full of live
    /// entries.
    fn push(&mut self, b: &Board, s: Point, c: Color) {
        let h = b.string_head(s);
        if self.stones[..self.len]
            .iter()
            .any(|&(t, col)| col == c && b.stone(t) == Some(c) && b.string_head(t) == h)
        {
            return;
        }
        if self.len == CAP {
            self.prune(b);
            if self.len == CAP {
                return;
            }
        }
        self.stones[self.len] = (s, c);
        self.len += 1;
    }

    /// Drops entries whose string was captured, escaped or changed colour.
    fn prune(&mut self, b: &Board) {
        let mut i = 0;
        while i < self.len {
            let (s, c) = self.stones[i];
            if b.stone(s) == Some(c) && b.lib_count(s) == 1 {
                i += 1;
            } else {
                self.len -= 1;
                self.stones[i] = self.stones[self.len];
            }
        }
    }
}

/// Makes `best` (size, liberty) the capture of the string through `s` when that is an enemy
/// string of `c` in atari, bigger than `best`'s, and its liberty a legal move for `c`.
#[inline]
pub(super) fn consider_capture(b: &Board, c: Color, s: Point, best: &mut Option<(usize, Point)>) {
    if b.stone(s) != Some(c.opp()) || b.lib_count(s) != 1 {
        return;
    }
    let size = b.string_size(s);
    if best.is_some_and(|(n, _)| n >= size) {
        return;
    }
    if let Some(l) = b.string_libs(s).first()
        && b.is_legal(c, l)
    {
        *best = Some((size, l));
    }
}

impl Default for Ataris {
    fn default() -> Ataris {
        Ataris::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn play(b: &mut Board, c: Color, v: &str) -> Point {
        let Ok(Move::Play(p)) = b.parse_move(v) else {
            panic!("{v}")
        };
        b.play(c, Move::Play(p)).unwrap();
        p
    }

    #[test]
    fn finds_far_strings_and_forgets_the_rescued() {
        use Color::{Black as B, White as W};
        let mut b = Board::new(9);
        // White A1 in atari in one corner, White J9-J8 in atari in the other.
        play(&mut b, B, "B1");
        play(&mut b, W, "A1");
        play(&mut b, B, "H9");
        play(&mut b, W, "J9");
        play(&mut b, W, "J8");
        play(&mut b, B, "H8");
        let mut a = Ataris::scan(&b);
        // The bigger string first, wherever the last move was.
        assert_eq!(
            a.biggest_capture(&b, B).map(|p| b.point_string(p)),
            Some("J7".into())
        );
        assert_eq!(a.biggest_capture(&b, W), None);
        // White extends J7: the two-stone string has two liberties, A1 is left.
        let p = play(&mut b, W, "J7");
        a.note_move(&b, p);
        assert_eq!(
            a.biggest_capture(&b, B).map(|p| b.point_string(p)),
            Some("A2".into())
        );
        // Black H7 puts the three stones back in atari: noted from the move alone.
        let p = play(&mut b, B, "H7");
        a.note_move(&b, p);
        assert_eq!(
            a.biggest_capture(&b, B).map(|p| b.point_string(p)),
            Some("J6".into())
        );
        // A self-atari is noted too, for the other side.
        let p = play(&mut b, B, "E5");
        for v in ["D5", "F5", "E6"] {
            let q = play(&mut b, W, v);
            a.note_move(&b, q);
        }
        a.note_move(&b, p);
        assert_eq!(
            a.biggest_capture(&b, W).map(|p| b.point_string(p)),
            Some("E4".into())
        );
        assert_eq!(a.len(), 3);
    }

    #[test]
    fn kept_up_by_moves_it_agrees_with_a_fresh_scan() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
        let mut checked = 0;
        for _ in 0..20 {
            let mut b = Board::new(9);
            let mut a = Ataris::scan(&b);
            let mut c = Color::Black;
            for _ in 0..200 {
                let Some(p) = crate::playout::random_move(&b, c, &mut rng) else {
                    break;
                };
                b.play_unchecked(c, p);
                a.note_move(&b, p);
                c = c.opp();
                let mut fresh = Ataris::scan(&b);
                for col in [Color::Black, Color::White] {
                    let kept = a.biggest(&b, col).map(|(n, _)| n);
                    assert_eq!(kept, fresh.biggest(&b, col).map(|(n, _)| n));
                    checked += kept.is_some() as u32;
                }
            }
        }
        assert!(checked > 100, "only {checked} captures compared");
    }

    #[test]
    fn scan_lists_each_string_once() {
        let mut b = Board::new(9);
        for v in ["A2", "B2"] {
            play(&mut b, Color::Black, v);
        }
        play(&mut b, Color::White, "A1");
        let b1 = play(&mut b, Color::White, "B1");
        let mut a = Ataris::scan(&b);
        assert_eq!(a.len(), 1);
        a.note_move(&b, b1);
        assert_eq!(a.len(), 1);
        assert!(!a.is_empty());
    }
}
