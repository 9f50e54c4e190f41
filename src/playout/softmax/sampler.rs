//! The base weights of every point for both movers, kept up to date move by move, with a
//! sum per board row and their total: a draw walks the rows, then one row, O(sqrt n) on the
//! board's n points.
//!
//! A point's base weight is its shape gamma (0 where the mover may not play: see
//! `features::playable_code`) times its line gamma. It changes only when its 3x3 code does:
//! when one of its 8 neighbours changes colour, or an atari flag of one of its 4 neighbours
//! does. After a move on `p` that is: `p` and its 8 neighbours; the last liberty of the
//! string `p` joined, and of each enemy string next to `p`, when they are left in atari; the
//! captured stones and their neighbours; and the liberties of the own strings next to the
//! captured stones (a string that was in atari no longer is). A string that was in atari
//! before the move and still stands had `p` as its last liberty, so it has no flagged point
//! left. `check` recomputes everything from scratch to prove it.
//!
//! The policy changes the mover's weights for one draw (the local features, the ko point,
//! refused moves) with `set_temp`, `commit` and `restore`.

use super::features::{Group, from_mover, line_level};
use super::weights::Weights;
use crate::board::{Board, Color, EMPTY, NEIGHBOUR_OFFSETS, OFF, Point};

/// The weights of the points of one board, for both movers.
#[derive(Default)]
pub struct Sampler {
    size: usize,
    width: usize,
    /// Base weight per point index, per mover (`Color::index`); 0 off the board and on stones.
    base: [Vec<f32>; 2],
    /// Line gamma per point index.
    line: Vec<f32>,
    /// Sum of the base weights of each row, per mover.
    rows: [Vec<f32>; 2],
    /// Sum of the rows, per mover.
    total: [f32; 2],
    /// Points to recompute after a move, each once (`mark` holds `stamp` once listed).
    dirty: Vec<u16>,
    mark: Vec<u32>,
    stamp: u32,
    /// The stones the move being played captures.
    captured: Vec<u16>,
    /// Temporary changes of one mover's weights, (point, weight before), in order.
    saved: Vec<(u16, f32)>,
    /// Rows changed temporarily (a bit per row) and those not yet summed again.
    temp_rows: u32,
    pending_rows: u32,
    /// The mover whose weights are changed temporarily.
    temp_colour: usize,
}

impl Sampler {
    /// An empty sampler; `reset` sizes it (it allocates only when it meets a larger board).
    pub fn new() -> Sampler {
        Sampler::default()
    }

    /// All weights of `b` from scratch, under `w`.
    pub fn reset(&mut self, b: &Board, w: &Weights) {
        let len = b.len();
        self.size = b.size();
        self.width = b.width();
        let [black, white] = &mut self.base;
        for v in [black, white, &mut self.line] {
            v.clear();
            v.resize(len, 0.0);
        }
        if self.mark.len() < len {
            self.mark.resize(len, 0);
        }
        for p in b.points() {
            self.line[p.idx()] = w.level(Group::Line as usize, line_level(b, p));
            if b.code(p) == EMPTY {
                self.recompute(b, w.base_table(), p);
            }
        }
        for c in 0..2 {
            self.rows[c].clear();
            self.rows[c].resize(self.size, 0.0);
        }
        self.sum_rows(0, u32::MAX);
        self.sum_rows(1, u32::MAX);
        self.saved.clear();
        self.temp_rows = 0;
        self.pending_rows = 0;
    }

    /// The current weight of `p` for mover `c` (temporary changes included).
    #[inline]
    pub fn weight(&self, c: Color, p: Point) -> f32 {
        self.base[c.index()][p.idx()]
    }

    /// The sum of all weights for mover `c`.
    #[inline]
    pub fn total(&self, c: Color) -> f32 {
        self.total[c.index()]
    }

    /// The base weights of the empty point `p` for both movers, from its 3x3 code.
    #[inline]
    fn recompute(&mut self, b: &Board, table: &[f32], p: Point) {
        let code = b.neighbourhood_code(p);
        let line = self.line[p.idx()];
        self.base[0][p.idx()] = table[code as usize] * line;
        self.base[1][p.idx()] = table[from_mover(code, Color::White) as usize] * line;
    }

    /// The row of an on-board point.
    #[inline]
    fn row(&self, i: usize) -> usize {
        i / self.width - 1
    }

    /// Sums again the rows of mover `c` in the bit set `rows`, then the total.
    fn sum_rows(&mut self, c: usize, rows: u32) {
        for r in 0..self.size {
            if rows & (1 << r) != 0 {
                let start = (r + 1) * self.width + 1;
                self.rows[c][r] = self.base[c][start..start + self.size].iter().sum();
            }
        }
        self.total[c] = self.rows[c].iter().sum();
    }

    /// Notes what `c`'s coming move on `p` captures (call it before the move is played).
    pub fn before_play(&mut self, b: &Board, c: Color, p: Point) {
        self.captured.clear();
        let mut seen = [u16::MAX; 4];
        for (i, q) in b.neighbours(p).into_iter().enumerate() {
            if b.stone(q) == Some(c.opp()) && b.lib_count(q) == 1 {
                let h = b.string_head(q).0;
                if !seen.contains(&h) {
                    seen[i] = h;
                    self.captured.extend(b.string_stones(q).map(|s| s.0));
                }
            }
        }
    }

    /// Marks `p` for recomputing, once.
    #[inline]
    fn touch(&mut self, p: Point) {
        if self.mark[p.idx()] != self.stamp {
            self.mark[p.idx()] = self.stamp;
            self.dirty.push(p.0);
        }
    }

    /// Marks `p` and its 8 neighbours.
    #[inline]
    fn touch_around(&mut self, p: Point) {
        self.touch(p);
        let w = self.width as i32;
        for (dx, dy) in NEIGHBOUR_OFFSETS {
            self.touch(Point((p.0 as i32 + dx + dy * w) as u16));
        }
    }

    /// Marks the liberties of the string through `s`.
    fn touch_libs(&mut self, b: &Board, s: Point) {
        for l in b.string_libs(s).iter() {
            self.touch(l);
        }
    }

    /// Brings the weights up to date after `c`'s move on `p` (after `before_play`).
    pub fn after_play(&mut self, b: &Board, w: &Weights, c: Color, p: Point) {
        self.stamp = self.stamp.wrapping_add(1);
        self.dirty.clear();
        self.touch_around(p);
        if b.lib_count(p) == 1 {
            self.touch_libs(b, p);
        }
        for q in b.neighbours(p) {
            if b.stone(q) == Some(c.opp()) && b.lib_count(q) == 1 {
                self.touch_libs(b, q);
            }
        }
        for i in 0..self.captured.len() {
            let s = Point(self.captured[i]);
            self.touch_around(s);
            for q in b.neighbours(s) {
                if b.stone(q) == Some(c) {
                    self.touch_libs(b, q);
                }
            }
        }
        let table = w.base_table();
        let mut rows = 0u32;
        for i in 0..self.dirty.len() {
            let q = Point(self.dirty[i]);
            match b.code(q) {
                OFF => continue,
                EMPTY => self.recompute(b, table, q),
                _ => {
                    self.base[0][q.idx()] = 0.0;
                    self.base[1][q.idx()] = 0.0;
                }
            }
            rows |= 1 << self.row(q.idx());
        }
        self.sum_rows(0, rows);
        self.sum_rows(1, rows);
    }

    /// Sets mover `c`'s weight of `p` to `weight` until `restore` (summed at `commit`).
    #[inline]
    pub fn set_temp(&mut self, c: Color, p: Point, weight: f32) {
        let slot = &mut self.base[c.index()][p.idx()];
        self.saved.push((p.0, *slot));
        *slot = weight;
        self.temp_colour = c.index();
        let bit = 1 << self.row(p.idx());
        self.temp_rows |= bit;
        self.pending_rows |= bit;
    }

    /// Sums the rows changed by `set_temp` since the last commit, before a draw.
    pub fn commit(&mut self) {
        if self.pending_rows != 0 {
            self.sum_rows(self.temp_colour, self.pending_rows);
            self.pending_rows = 0;
        }
    }

    /// Takes back every temporary change.
    pub fn restore(&mut self) {
        let c = self.temp_colour;
        while let Some((i, x)) = self.saved.pop() {
            self.base[c][i as usize] = x;
        }
        if self.temp_rows != 0 {
            self.sum_rows(c, self.temp_rows);
        }
        self.temp_rows = 0;
        self.pending_rows = 0;
    }

    /// A point drawn for mover `c` with probability proportional to its weight, for `u` in
    /// [0, 1); `None` when no weight is left.
    pub fn draw(&self, c: Color, u: f32) -> Option<Point> {
        let c = c.index();
        let total = self.total[c];
        if total <= 0.0 {
            return None;
        }
        let mut r = u * total;
        let mut last = None;
        for (row, &s) in self.rows[c].iter().enumerate() {
            if s <= 0.0 {
                continue;
            }
            if r < s {
                return self.walk(c, row, r);
            }
            r -= s;
            last = Some(row);
        }
        // Rounding left `r` past the end: the last point with weight.
        last.and_then(|row| self.walk(c, row, f32::INFINITY))
    }

    /// The point of `row` where the running sum of mover `c`'s weights passes `r` (the last
    /// one with weight if it never does).
    fn walk(&self, c: usize, row: usize, mut r: f32) -> Option<Point> {
        let start = (row + 1) * self.width + 1;
        let mut found = None;
        for (i, &x) in self.base[c][start..start + self.size].iter().enumerate() {
            if x > 0.0 {
                found = Some(Point((start + i) as u16));
                if r < x {
                    break;
                }
                r -= x;
            }
        }
        found
    }

    /// Whether every weight, row sum and total equals a recomputation from scratch of `b`
    /// under `w` (no temporary change may be pending); the first difference otherwise.
    pub fn check(&self, b: &Board, w: &Weights) -> Result<(), String> {
        let mut fresh = Sampler::new();
        fresh.reset(b, w);
        for c in 0..2 {
            for p in b.points() {
                let (kept, new) = (self.base[c][p.idx()], fresh.base[c][p.idx()]);
                if kept != new {
                    return Err(format!(
                        "mover {c}: weight of {} is {kept}, from scratch {new}",
                        b.point_string(p)
                    ));
                }
            }
            if self.rows[c] != fresh.rows[c] || self.total[c] != fresh.total[c] {
                return Err(format!("mover {c}: row sums differ from scratch"));
            }
        }
        Ok(())
    }
}
