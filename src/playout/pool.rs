//! The RAVE pool (poolRave, Rimmel, Teytaud et al., "Biasing Monte-Carlo simulations
//! through RAVE values", 2010): the search hands each playout, for each colour, the few
//! moves its tree rates best by their AMAF statistics at the deepest well-visited node on
//! the playout's path, and the heavy policy plays one of them (drawn uniformly, when still
//! legal and sensible) in place of its random move with chance `playout_pool_rate`. The
//! tree learns which moves matter in the position being searched, and the pool carries that
//! into the playouts, more reliably the longer the search runs. Off by default; see
//! docs/experiments/learned-playouts.md.

use crate::board::{Board, Color, EMPTY, Point};

/// Most moves a colour's pool holds (`playout_pool_size` is capped here).
pub const MAX_POOL: usize = 32;

/// Each colour's pool of moves for one playout, on the stack.
#[derive(Clone, Copy, Debug)]
pub struct RavePool {
    moves: [[u16; MAX_POOL]; 2],
    len: [u8; 2],
}

impl Default for RavePool {
    fn default() -> Self {
        RavePool {
            moves: [[0; MAX_POOL]; 2],
            len: [0; 2],
        }
    }
}

impl RavePool {
    /// Empties both pools.
    #[inline]
    pub fn clear(&mut self) {
        self.len = [0; 2];
    }

    /// Adds point `p` to `c`'s pool (ignored once it is full).
    #[inline]
    pub fn push(&mut self, c: Color, p: u16) {
        let (i, n) = (c.index(), self.len[c.index()] as usize);
        if n < MAX_POOL {
            self.moves[i][n] = p;
            self.len[i] += 1;
        }
    }

    /// `c`'s pool.
    #[inline]
    pub fn moves(&self, c: Color) -> &[u16] {
        &self.moves[c.index()][..self.len[c.index()] as usize]
    }

    /// One move of `c`'s pool drawn uniformly from 32 random bits, when it is empty on `b`,
    /// legal, fills no own eye of `c` and passes `accept`; `None` otherwise (the policy's
    /// other steps then choose).
    #[inline]
    pub fn draw(
        &self,
        b: &Board,
        c: Color,
        bits: u32,
        accept: impl Fn(Point) -> bool,
    ) -> Option<Point> {
        let pool = self.moves(c);
        if pool.is_empty() {
            return None;
        }
        let p = Point(pool[((bits as u64 * pool.len() as u64) >> 32) as usize]);
        (b.code(p) == EMPTY && !b.is_eye(c, p) && b.is_legal(c, p) && accept(p)).then_some(p)
    }
}

/// Keeps the `k` best of the (value, point) pairs offered, for filling a pool without
/// sorting every child of a node; allocation-free, and most offers cost one comparison.
#[derive(Clone, Copy, Debug)]
pub struct TopMoves {
    best: [(f32, u16); MAX_POOL],
    len: usize,
    k: usize,
    /// The index of the worst kept pair once `k` are kept.
    worst: usize,
}

impl TopMoves {
    /// An empty selection of at most `k` moves (at most `MAX_POOL`).
    pub fn new(k: usize) -> TopMoves {
        TopMoves {
            best: [(0.0, 0); MAX_POOL],
            len: 0,
            k: k.min(MAX_POOL),
            worst: 0,
        }
    }

    /// Offers point `p` with `value`; kept while it is among the `k` best so far.
    #[inline]
    pub fn offer(&mut self, value: f32, p: u16) {
        if self.len < self.k {
            self.best[self.len] = (value, p);
            self.len += 1;
            if self.len == self.k {
                self.find_worst();
            }
        } else if self.k > 0 && value > self.best[self.worst].0 {
            self.best[self.worst] = (value, p);
            self.find_worst();
        }
    }

    fn find_worst(&mut self) {
        let kept = &self.best[..self.len];
        self.worst = (0..kept.len())
            .min_by(|&i, &j| kept[i].0.total_cmp(&kept[j].0))
            .unwrap_or(0);
    }

    /// The points kept, in no particular order.
    pub fn points(&self) -> impl Iterator<Item = u16> + '_ {
        self.best[..self.len].iter().map(|&(_, p)| p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram;

    #[test]
    fn top_moves_keeps_the_k_best() {
        let mut t = TopMoves::new(3);
        for (v, p) in [(0.5, 1), (0.9, 2), (0.1, 3), (0.7, 4), (0.8, 5), (0.2, 6)] {
            t.offer(v, p);
        }
        let mut kept: Vec<u16> = t.points().collect();
        kept.sort();
        assert_eq!(kept, vec![2, 4, 5]);
    }

    #[test]
    fn the_pool_draws_only_sensible_moves_of_its_colour() {
        let b = diagram::board(&[
            ". X . . .",
            "X . . . .",
            ". . . . .",
            ". . . O .",
            ". . . . .",
        ]);
        let own_eye = diagram::at(&b, "A5");
        let stone = diagram::at(&b, "D2");
        let open = diagram::at(&b, "C3");
        let mut pool = RavePool::default();
        pool.push(Color::Black, own_eye.0);
        assert_eq!(pool.draw(&b, Color::Black, 0, |_| true), None, "own eye");
        pool.clear();
        pool.push(Color::Black, stone.0);
        assert_eq!(pool.draw(&b, Color::Black, 0, |_| true), None, "occupied");
        pool.clear();
        pool.push(Color::Black, open.0);
        assert_eq!(pool.draw(&b, Color::Black, u32::MAX, |_| true), Some(open));
        assert_eq!(pool.draw(&b, Color::Black, 7, |_| false), None, "refused");
        assert_eq!(
            pool.draw(&b, Color::White, 7, |_| true),
            None,
            "White's is empty"
        );
        for _ in 0..40 {
            pool.push(Color::White, open.0);
        }
        assert_eq!(pool.moves(Color::White).len(), MAX_POOL);
    }
}
