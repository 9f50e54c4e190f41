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
//! Weights are held in fixed point (`SCALE` units a gamma of 1, at least 1 for a playable
//! point), so that the row sums and the total follow each change by its difference exactly,
//! with no drift and no rounding in the draw. The policy changes the mover's weights for one
//! draw (the local features, the ko point, refused moves) with `set_temp` and `restore`.

use super::features::{SoftmaxGroup, line_level};
use super::weights::{BaseTable, Weights};
use crate::board::{Board, Color, EMPTY, NEIGHBOUR_OFFSETS, OFF, Point};

/// Fixed-point units of a weight of 1: the smallest learned weights (about 1e-4) keep four
/// digits, and the largest sums (a few 1e5 a point) stay far below 2^64.
pub const SCALE: f64 = (1u64 << 24) as f64;

/// The fixed-point form of the weight `w` (0 stays 0; any positive weight is at least 1).
#[inline]
pub fn fixed(w: f64) -> u64 {
    if w > 0.0 {
        (w * SCALE).round().max(1.0) as u64
    } else {
        0
    }
}

/// In `Sampler::codes`: an off-board point.
const NO_CODE: u32 = u32::MAX;
/// In `Sampler::codes`: a stone.
const STONE: u32 = u32::MAX - 1;

/// `weight` times `factor`, in fixed point (a positive weight stays positive).
#[inline]
pub fn scaled(weight: u64, factor: f32) -> u64 {
    if weight == 0 {
        0
    } else {
        ((weight as f64 * factor as f64).round() as u64).max(1)
    }
}

/// The weights of the points of one board, for both movers.
#[derive(Default)]
pub struct Sampler {
    size: usize,
    width: usize,
    /// Base weight per point index, per mover (`Color::index`); 0 off the board and on stones.
    base: [Vec<u64>; 2],
    /// Line gamma per point index, in units of 2^-16.
    line: Vec<u64>,
    /// Row per point index (0 off the board).
    row_of: Vec<u8>,
    /// Sum of the weights of each row, per mover.
    rows: [Vec<u64>; 2],
    /// Sum of the rows, per mover.
    total: [u64; 2],
    /// Points to recompute after a move, each once (`mark` holds `stamp` once listed), and
    /// their 3x3 codes.
    dirty: Vec<u16>,
    codes: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    /// The stones the move being played captures.
    captured: Vec<u16>,
    /// Temporary changes of one mover's weights, (point, weight before), in order.
    saved: Vec<(u16, u64)>,
    /// The mover whose weights are changed temporarily.
    temp_colour: usize,
    /// The fixed-point gamma of each shape number (`BaseTable::gammas`, or adapted ones).
    gammas: Vec<u64>,
}

impl Sampler {
    /// An empty sampler; `reset` sizes it (it allocates only when it meets a larger board).
    pub fn new() -> Sampler {
        Sampler::default()
    }

    /// All weights of `b` from scratch, under `w`.
    pub fn reset(&mut self, b: &Board, w: &Weights) {
        self.reset_with(b, w, w.base_table().gammas());
    }

    /// All weights of `b` from scratch, under `w` but with the shape gammas `gammas` (one
    /// per shape number of `w`'s `BaseTable`, fixed point: the adapted ones of `adapt`).
    pub fn reset_with(&mut self, b: &Board, w: &Weights, gammas: &[u64]) {
        self.gammas.clear();
        self.gammas.extend_from_slice(gammas);
        let len = b.len();
        self.size = b.size();
        self.width = b.width();
        for v in &mut self.base {
            v.clear();
            v.resize(len, 0);
        }
        self.line.clear();
        self.line.resize(len, 0);
        self.row_of.clear();
        self.row_of
            .extend((0..len).map(|i| (i / self.width).clamp(1, self.size) as u8 - 1));
        if self.mark.len() < len {
            self.mark.resize(len, 0);
        }
        for c in 0..2 {
            self.rows[c].clear();
            self.rows[c].resize(self.size, 0);
            self.total[c] = 0;
        }
        self.saved.clear();
        for p in b.points() {
            let line = w.level(SoftmaxGroup::Line as usize, line_level(b, p));
            self.line[p.idx()] = (line as f64 * 65536.0).round() as u64;
            if b.code(p) == EMPTY {
                self.recompute(b, w.base_table(), p);
            }
        }
    }

    /// The current weight of `p` for mover `c` (temporary changes included).
    #[inline]
    pub fn weight(&self, c: Color, p: Point) -> u64 {
        self.base[c.index()][p.idx()]
    }

    /// The sum of all weights for mover `c`.
    #[inline]
    pub fn total(&self, c: Color) -> u64 {
        self.total[c.index()]
    }

    /// The base weights of the empty point `p` for both movers, from its 3x3 code.
    #[inline]
    fn recompute(&mut self, b: &Board, table: &BaseTable, p: Point) {
        self.set_base(p, table.numbers(b.neighbourhood_code(p)));
    }

    /// Sets the base weights of the empty point `p` from its shape numbers.
    #[inline]
    fn set_base(&mut self, p: Point, shapes: [u16; 2]) {
        let line = self.line[p.idx()];
        for (c, n) in shapes.into_iter().enumerate() {
            let g = self.gammas[n as usize];
            let w = if g == 0 { 0 } else { ((g * line) >> 16).max(1) };
            self.set(c, p, w);
        }
    }

    /// Sets mover `c`'s weight of `p`, its row sum and the total following.
    #[inline]
    fn set(&mut self, c: usize, p: Point, weight: u64) -> u64 {
        let r = self.row_of[p.idx()] as usize;
        let slot = &mut self.base[c][p.idx()];
        let old = std::mem::replace(slot, weight);
        self.rows[c][r] = self.rows[c][r] - old + weight;
        self.total[c] = self.total[c] - old + weight;
        old
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
        // The codes first, then their lookups, then the weights: the lookups, which wait on
        // memory, do not wait on each other.
        self.codes.clear();
        for &q in &self.dirty {
            let q = Point(q);
            self.codes.push(match b.code(q) {
                EMPTY => b.neighbourhood_code(q),
                OFF => NO_CODE,
                _ => STONE,
            });
        }
        let table = w.base_table();
        for i in 0..self.dirty.len() {
            let q = Point(self.dirty[i]);
            match self.codes[i] {
                NO_CODE => {}
                STONE => {
                    self.set(0, q, 0);
                    self.set(1, q, 0);
                }
                code => self.set_base(q, table.numbers(code)),
            }
        }
    }

    /// Sets mover `c`'s weight of `p` to `weight` until `restore`.
    #[inline]
    pub fn set_temp(&mut self, c: Color, p: Point, weight: u64) {
        if self.saved.is_empty() {
            self.temp_colour = c.index();
        }
        debug_assert_eq!(c.index(), self.temp_colour, "one mover's changes at a time");
        let old = self.set(c.index(), p, weight);
        self.saved.push((p.0, old));
    }

    /// Takes back every temporary change.
    pub fn restore(&mut self) {
        while let Some((i, x)) = self.saved.pop() {
            self.set(self.temp_colour, Point(i), x);
        }
    }

    /// The point of mover `c` where the running sum of the weights, row by row, passes
    /// `r` (below `total(c)`): for `r` uniform, a point drawn in proportion to its weight.
    pub fn pick(&self, c: Color, mut r: u64) -> Point {
        let c = c.index();
        for (row, &s) in self.rows[c].iter().enumerate() {
            if r < s {
                let start = (row + 1) * self.width + 1;
                for (i, &x) in self.base[c][start..start + self.size].iter().enumerate() {
                    if r < x {
                        return Point((start + i) as u16);
                    }
                    r -= x;
                }
                unreachable!("a row sum is the sum of its weights");
            }
            r -= s;
        }
        unreachable!("r is below the total");
    }

    /// Whether every weight, row sum and total equals a recomputation from scratch of `b`
    /// under `w` and the shape gammas of the last reset (no temporary change may be
    /// pending); the first difference otherwise.
    pub fn check(&self, b: &Board, w: &Weights) -> Result<(), String> {
        let mut fresh = Sampler::new();
        fresh.reset_with(b, w, &self.gammas);
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
