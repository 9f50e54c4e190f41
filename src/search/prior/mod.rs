//! The prior H(d) of the MoGo tree score (Chaslot et al., section 2): offline knowledge about
//! each move of a new node, 0 neutral, roughly within [-1, 1]. It is a weighted sum of
//! terms, each weighted by a `prior_*` parameter (0 turns a term off):
//!
//! - `pattern`: the point matches the 3x3 table of the playouts;
//! - `capture`, `capture_save`: takes a string in atari (more for bigger ones), more again
//!   when that string touches an own string in atari (the capture saves it);
//! - `extend`, `extend_ladder`: the liberty of an own string in atari, when the extension
//!   gets 3+ liberties or 2 and the ladder fails (bonus), or 2 in a working ladder (malus);
//! - `atari`, `atari_ko`: a liberty of an enemy string with two (MoGo's "threat" is the
//!   same move), more while a ko is on the board;
//! - `self_atari`: the move leaves its string in atari and captures nothing (milder for a
//!   one-stone throw-in);
//! - `line1`..`line4`: distance to the edge, only for moves with no stone within Manhattan
//!   distance 2 (this covers MoGo's territory line and line of death), milder below
//!   `large_board_min_size`;
//! - `near_last`, `near_prev`: short gridcular distance to the last two moves;
//! - `nakade`: the vital point of a killable eye space of three to six points, either
//!   side's (it kills, or makes two eyes); the learned patterns' probability of such a move
//!   is multiplied by `prior_nakade_gamma` as well, since professional games rarely show it;
//! - `ownership`: the playouts give the mover the point about 1/3 of the time;
//! - shape rules, on boards of at least `prior_shape_min_size` (see `terms.rs`): `hane`,
//!   `connect`, `peep_connect`, `wall`, `bad_kogeima`, `empty_triangle`, `cut`;
//! - `gamma`: the move's probability under the learned MM patterns (`gamma.rs`), on boards of
//!   at least `prior_gamma_min_size`;
//! - `fuseki`, `fuseki_other`: in an opening position of the professional games' table, the
//!   moves pros played there and the moves they never did (`fuseki.rs`);
//! - `pass`: a fixed value for the pass move.
//!
//! String-based terms come from one scan of the strings with one or two liberties, which
//! marks their liberties; every other term is a constant-time look at the move's 3x3 code,
//! a few neighbours or precomputed per-point tables. `evaluate` and `explain` run the same
//! code (`PriorEval::terms`) with different sinks.

mod fuseki;
mod gamma;
mod terms;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_shape;

use crate::board::{Bitboard, Board, Color, Point};
use crate::params::SizedParams;
use crate::patterns::Gammas;
use crate::patterns::fuseki::Fuseki;
use crate::playout::mogo3x3::Pattern3x3;

/// The move index that stands for a pass in `PriorEval::evaluate`'s move list.
pub const PASS: u16 = u16::MAX;

/// What the prior needs to know about the node whose children are being created.
pub struct PriorInput<'a> {
    /// The position of the node.
    pub board: &'a Board,
    /// The side to move, whose moves are rated.
    pub to_play: Color,
    /// The opponent's last move (None: pass or none).
    pub last: Option<Point>,
    /// The move before it, our previous move (None: pass or none).
    pub prev: Option<Point>,
    /// Per `Point::idx`, the average final owner, +1 Black .. -1 White (None: unknown).
    pub ownership: Option<&'a [f32]>,
}

/// What the string scan found about one point (valid when `stamp` is the current scan's).
#[derive(Clone, Copy, Default)]
struct Mark {
    stamp: u32,
    /// Enemy stones in atari captured by playing here.
    capture: u16,
    /// The biggest own string in atari next to a string captured here.
    save: u16,
    /// The biggest own string in atari whose last liberty this is.
    extend: u16,
    /// The biggest enemy string with two liberties that this point ataris.
    atari: u16,
}

/// Receives the terms of one move: a plain sum for `evaluate`, a list for `explain`.
trait TermSink {
    fn add(&mut self, name: &'static str, value: f32);
}

impl TermSink for f32 {
    #[inline(always)]
    fn add(&mut self, _: &'static str, value: f32) {
        *self += value;
    }
}

impl TermSink for Vec<(&'static str, f32)> {
    fn add(&mut self, name: &'static str, value: f32) {
        if value != 0.0 {
            self.push((name, value));
        }
    }
}

/// Reusable scratch for computing priors without allocating on the hot path: per-point
/// tables for the board size in use (rebuilt only when it changes) and the marks of the
/// latest string scan.
pub struct PriorEval {
    patterns: &'static Pattern3x3,
    /// Board size the tables below were built for (0: none yet).
    size: usize,
    /// Per `Point::idx`: 0-based column and row.
    coords: Vec<(u8, u8)>,
    /// Per `Point::idx`: the line, 1 on the edge.
    line: Vec<u8>,
    marks: Vec<Mark>,
    /// Stamp of the current scan in `marks`.
    stamp: u32,
    /// Points within Manhattan distance 2 of a stone.
    near_stones: Bitboard,
    /// Whether a simple ko is pending on the board.
    ko: bool,
    /// Vital points of killable eye spaces of either colour (filled only while the nakade
    /// term or its gamma factor is in use).
    vital: Bitboard,
    /// The learned pattern gammas (the built-in table).
    gammas: &'static Gammas,
    /// Per `Point::idx`: ln(gamma) of the move there, for the current move list.
    log_gamma: Vec<f32>,
    /// ln of the sum of the current move list's gammas.
    gamma_lse: f32,
    /// Whether `log_gamma` holds the current move list (the term is on).
    gamma_ready: bool,
    /// The professional opening table (the built-in one).
    fuseki: &'static Fuseki,
    /// The pro moves of the current position, with their counts.
    fuseki_moves: Vec<(Point, u32)>,
    /// Per `Point::idx`: a pro move's count over the most played one's (0: not played).
    fuseki_share: Vec<f32>,
    /// Times pros reached the current position (0: not in the table).
    fuseki_total: u32,
}

impl Default for PriorEval {
    fn default() -> Self {
        PriorEval::new()
    }
}

impl PriorEval {
    /// Scratch with no tables yet (they are built for the first board seen).
    pub fn new() -> PriorEval {
        PriorEval {
            patterns: Pattern3x3::builtin(),
            size: 0,
            coords: Vec::new(),
            line: Vec::new(),
            marks: Vec::new(),
            stamp: 0,
            near_stones: Bitboard::EMPTY,
            ko: false,
            vital: Bitboard::EMPTY,
            gammas: Gammas::builtin(),
            log_gamma: Vec::new(),
            gamma_lse: 0.0,
            gamma_ready: false,
            fuseki: Fuseki::builtin(),
            fuseki_moves: Vec::new(),
            fuseki_share: Vec::new(),
            fuseki_total: 0,
        }
    }

    /// H(d) for each candidate in `moves` (Point index as u16, `PASS` = u16::MAX = pass),
    /// written to `out[i]`: 0 neutral, positive good, the sum of the terms clamped to
    /// [-1, 1]. The moves must be empty points of the board (legal moves); `out` must be at
    /// least as long as `moves`. Allocates nothing once the board size has been seen.
    /// `params` are the board's ([`crate::params::Params::for_size`]).
    pub fn evaluate(
        &mut self,
        params: &SizedParams,
        input: &PriorInput,
        moves: &[u16],
        out: &mut [f32],
    ) {
        self.gamma_ready = self.gamma_applies(params, input);
        self.prepare(params, input);
        if self.gamma_ready {
            self.prepare_gammas(params, input, moves);
        }
        for (&mv, o) in moves.iter().zip(out.iter_mut()) {
            let mut h = 0.0f32;
            self.terms(params, input, mv, &mut h);
            *o = h.clamp(-1.0, 1.0);
        }
    }

    /// The terms that fired for one move as (name, weighted contribution), for move
    /// explanations. Their sum is `evaluate`'s value before the clamp to [-1, 1]; the gamma
    /// term compares the move with every legal non-eye move, as a new node's list would;
    /// `params` as for `evaluate`.
    pub fn explain(
        &mut self,
        params: &SizedParams,
        input: &PriorInput,
        mv: u16,
    ) -> Vec<(&'static str, f32)> {
        self.gamma_ready = self.gamma_applies(params, input);
        self.prepare(params, input);
        if self.gamma_ready {
            let (b, c) = (input.board, input.to_play);
            let moves: Vec<u16> = b
                .points()
                .filter(|&p| p.0 == mv || (!b.is_eye(c, p) && b.is_legal(c, p)))
                .map(|p| p.0)
                .collect();
            self.prepare_gammas(params, input, &moves);
        }
        let mut terms = Vec::new();
        self.terms(params, input, mv, &mut terms);
        terms
    }

    /// Builds the per-size tables if needed, scans the position and looks it up in the
    /// fuseki table (after `gamma_ready` is set for it).
    fn prepare(&mut self, params: &SizedParams, input: &PriorInput) {
        let b = input.board;
        debug_assert_eq!(params.size(), b.size(), "parameters of another board size");
        if self.size != b.size() || self.marks.len() != b.len() {
            self.build_tables(b);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(Mark::default());
            self.stamp = 1;
        }
        let w = b.width() as u32;
        let stones = b.stones(Color::Black).or(b.stones(Color::White));
        self.near_stones = stones.dilate(w, b.onboard()).dilate(w, b.onboard());
        self.ko = b.ko().is_some();
        let gamma_factor = self.gamma_ready && params.prior_nakade_gamma != 1.0;
        self.vital = if params.prior_nakade != 0.0 || gamma_factor {
            b.nakade_vital_points()
        } else {
            Bitboard::EMPTY
        };
        self.scan_strings(b, input.to_play);
        self.prepare_fuseki(params, input);
    }

    /// The coordinate and line tables for `b`'s size.
    fn build_tables(&mut self, b: &Board) {
        let n = b.size();
        self.size = n;
        self.coords = vec![(0, 0); b.len()];
        self.line = vec![0; b.len()];
        self.marks = vec![Mark::default(); b.len()];
        self.log_gamma = vec![0.0; b.len()];
        self.fuseki_moves.clear();
        self.fuseki_share = vec![0.0; b.len()];
        self.stamp = 0;
        for p in b.points() {
            let (c, r) = b.col_row(p);
            self.coords[p.idx()] = (c as u8, r as u8);
            self.line[p.idx()] = b.line(p) as u8;
        }
    }

    /// The mark of `p` for the current scan, created empty if the scan has not touched it.
    #[inline]
    fn mark_mut(&mut self, p: Point) -> &mut Mark {
        let m = &mut self.marks[p.idx()];
        if m.stamp != self.stamp {
            *m = Mark {
                stamp: self.stamp,
                ..Mark::default()
            };
        }
        m
    }

    /// The mark of `p` for the current scan (all zero if untouched).
    #[inline]
    fn mark(&self, p: Point) -> Mark {
        let m = self.marks[p.idx()];
        if m.stamp == self.stamp {
            m
        } else {
            Mark::default()
        }
    }

    /// Marks the liberties of every string with one or two liberties: captures (and the own
    /// strings they save), extensions out of atari, ataris.
    fn scan_strings(&mut self, b: &Board, me: Color) {
        for c in [me, me.opp()] {
            for s in b.stones(c).iter() {
                if b.string_head(s) != s || b.lib_count(s) > 2 {
                    continue;
                }
                let size = b.string_size(s).min(u16::MAX as usize) as u16;
                let libs = b.string_libs(s);
                if b.lib_count(s) == 1 {
                    let Some(l) = libs.first() else { continue };
                    if c == me {
                        let m = self.mark_mut(l);
                        m.extend = m.extend.max(size);
                    } else {
                        let saved = biggest_own_atari_neighbour(b, s, me);
                        let m = self.mark_mut(l);
                        m.capture = m.capture.saturating_add(size);
                        m.save = m.save.max(saved);
                    }
                } else if c != me {
                    for l in libs.iter() {
                        let m = self.mark_mut(l);
                        m.atari = m.atari.max(size);
                    }
                }
            }
        }
    }
}

/// The size of the biggest string of `me` in atari touching the string through `s` (0 if
/// none).
fn biggest_own_atari_neighbour(b: &Board, s: Point, me: Color) -> u16 {
    let mut best = 0;
    for st in b.string_stones(s) {
        for q in b.neighbours(st) {
            if b.stone(q) == Some(me) && b.lib_count(q) == 1 {
                best = best.max(b.string_size(q).min(u16::MAX as usize) as u16);
            }
        }
    }
    best
}
