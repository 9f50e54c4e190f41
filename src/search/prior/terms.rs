//! The terms of H(d) for one move, written into a sink (the one implementation behind both
//! `evaluate` and `explain`).
//!
//! The shape rules read the move's 3x3 neighbourhood code turned to the mover's view (own
//! stones as `CODE_BLACK`, enemy stones as `CODE_WHITE`); cells are numbered N, NE, E, SE,
//! S, SW, W, NW (0..8) as in `NEIGHBOUR_OFFSETS`, so orthogonal cells are even and the
//! cells next to cell i are i +- 1 (mod 8). Definitions, for a move on p:
//! - hane: an enemy stone next to p touches an own stone diagonal to p, and the point next
//!   to both p and that own stone is empty (p reaches around the enemy stone);
//! - empty triangle: p and two own stones fill three points of a 2x2 square whose fourth is
//!   empty, with no enemy stone among p's 8 neighbours;
//! - wall: p extends an own neighbour in a straight line while enemy stones touch both, on
//!   the same side (off the first two lines);
//! - connect / peep-connect: p touches two different own strings; peep-connect when an
//!   enemy stone is among p's 8 neighbours (it threatens the cut);
//! - cut: p touches two different enemy strings and captures nothing;
//! - bad kogeima: an own stone a knight's move away, with an enemy stone on one of the two
//!   points between them and the other one empty.

use super::{PASS, PriorEval, PriorInput, TermSink};
use crate::board::{Board, CODE_BLACK, CODE_EMPTY, CODE_WHITE, Color, NEIGHBOUR_OFFSETS, Point};
use crate::params::SizedParams;

/// An own stone in a mover-relative code.
const OWN: u32 = CODE_BLACK;
/// An enemy stone in a mover-relative code.
const ENEMY: u32 = CODE_WHITE;

/// Scale of capture and extension terms by string size: 0.4 for one stone, 1 from five.
#[inline]
fn size_scale(stones: u16) -> f32 {
    (0.4 + 0.15 * (stones.max(1) - 1) as f32).min(1.0)
}

/// Scale of the self-atari malus: 1/3 for a throw-in stone, 2/3 for two, 1 from three.
#[inline]
fn self_atari_scale(stones: usize) -> f32 {
    (stones as f32 / 3.0).min(1.0)
}

/// Closeness by gridcular distance dx + dy + max(dx, dy): 1 up to 3 (neighbours and
/// diagonals), then 0.75, 0.5, 0.25, and 0 from 7.
#[inline]
fn closeness(a: (u8, u8), b: (u8, u8)) -> f32 {
    let dx = a.0.abs_diff(b.0) as i32;
    let dy = a.1.abs_diff(b.1) as i32;
    let d = dx + dy + dx.max(dy);
    ((7 - d) as f32 / 4.0).clamp(0.0, 1.0)
}

/// The neighbourhood code with colours swapped when White moves, so own stones read as
/// `CODE_BLACK` and enemy stones as `CODE_WHITE` (off-board and empty cells unchanged).
#[inline]
fn relative(code: u32, me: Color) -> u32 {
    if me == Color::Black {
        return code;
    }
    let lo = code & 0x5555;
    let hi = (code >> 1) & 0x5555;
    let one = lo ^ hi; // cells holding 1 or 2
    code ^ (one | (one << 1))
}

/// Cell `i` (mod 8) of a code.
#[inline]
fn cell(code: u32, i: usize) -> u32 {
    (code >> (2 * (i % 8))) & 3
}

/// Whether any of the 8 cells holds `v`.
#[inline]
fn any_cell(code: u32, v: u32) -> bool {
    (0..8).any(|i| cell(code, i) == v)
}

impl PriorEval {
    /// Adds the terms of move `mv` (a point index, or `PASS`) to `sink`.
    pub(super) fn terms<S: TermSink>(
        &self,
        params: &SizedParams,
        input: &PriorInput,
        mv: u16,
        sink: &mut S,
    ) {
        if mv == PASS {
            sink.add("pass", params.prior_pass);
            return;
        }
        let b = input.board;
        let me = input.to_play;
        let p = Point(mv);
        let m = self.mark(p);
        if m.capture > 0 {
            sink.add("capture", params.prior_capture * size_scale(m.capture));
            if m.save > 0 {
                sink.add(
                    "capture_save",
                    params.prior_capture_save * size_scale(m.save),
                );
            }
        }
        if m.extend > 0 && (params.prior_extend != 0.0 || params.prior_extend_ladder != 0.0) {
            let libs = b.libs_after(me, p).count();
            if libs >= 3 || (libs == 2 && !b.escape_is_ladder(me, p)) {
                sink.add("extend", params.prior_extend * size_scale(m.extend));
            } else if libs == 2 {
                sink.add(
                    "extend_ladder",
                    params.prior_extend_ladder * size_scale(m.extend),
                );
            }
        }
        if m.atari > 0 {
            sink.add("atari", params.prior_atari);
            if self.ko {
                sink.add("atari_ko", params.prior_atari_ko);
            }
        }
        if m.capture == 0 && params.prior_self_atari != 0.0 && b.is_self_atari(me, p) {
            let scale = self_atari_scale(b.size_after(me, p));
            sink.add("self_atari", params.prior_self_atari * scale);
        }
        if self.vital.has(p) {
            sink.add("nakade", params.prior_nakade);
        }
        let code = b.neighbourhood_code(p);
        if self.patterns.matches(code, me) {
            sink.add("pattern", params.prior_pattern);
        }
        let line = self.line[p.idx()];
        if !self.near_stones.has(p) {
            self.line_term(params, line, sink);
        }
        let here = self.coords[p.idx()];
        if let Some(q) = input.last {
            sink.add(
                "near_last",
                params.prior_near_last * closeness(here, self.coords[q.idx()]),
            );
        }
        if let Some(q) = input.prev {
            sink.add(
                "near_prev",
                params.prior_near_prev * closeness(here, self.coords[q.idx()]),
            );
        }
        if let Some(&own) = input.ownership.and_then(|o| o.get(p.idx())) {
            let mine = if me == Color::Black { own } else { -own };
            let prob = (1.0 + mine) * 0.5;
            let k = (1.0 - 3.0 * (prob - 1.0 / 3.0).abs()).max(0.0);
            sink.add("ownership", params.prior_ownership * k);
        }
        if self.size >= params.prior_shape_min_size {
            self.shape_terms(params, input, p, code, m.capture > 0, sink);
        }
        if self.gamma_ready {
            sink.add("gamma", self.gamma_term(params, p));
        }
        let fuseki = self.fuseki_term(params, p);
        if fuseki != 0.0 {
            sink.add(
                if fuseki > 0.0 {
                    "fuseki"
                } else {
                    "fuseki_other"
                },
                fuseki,
            );
        }
    }

    /// The distance-to-edge term of a move on `line` far from all stones.
    fn line_term<S: TermSink>(&self, params: &SizedParams, line: u8, sink: &mut S) {
        let scale = if params.is_large() {
            1.0
        } else {
            params.prior_line_small
        };
        match line {
            1 => sink.add("line1", params.prior_line1 * scale),
            2 => sink.add("line2", params.prior_line2 * scale),
            3 => sink.add("line3", params.prior_line3 * scale),
            4 => sink.add("line4", params.prior_line4 * scale),
            _ => {}
        }
    }

    /// The shape rules (see the module notes) for a move on `p` with neighbourhood code
    /// `code`; `captures` when the move takes a string.
    fn shape_terms<S: TermSink>(
        &self,
        params: &SizedParams,
        input: &PriorInput,
        p: Point,
        code: u32,
        captures: bool,
        sink: &mut S,
    ) {
        let (b, me) = (input.board, input.to_play);
        let rc = relative(code, me);
        let line = self.line[p.idx()];
        let enemy_near = any_cell(rc, ENEMY);
        let mut hane = false;
        let mut wall = false;
        for o in (0..8).step_by(2) {
            match cell(rc, o) {
                ENEMY => {
                    hane |= (cell(rc, o + 1) == OWN && cell(rc, o + 2) == CODE_EMPTY)
                        || (cell(rc, o + 7) == OWN && cell(rc, o + 6) == CODE_EMPTY);
                }
                OWN if line >= 3 => {
                    wall |= (cell(rc, o + 2) == ENEMY && cell(rc, o + 1) == ENEMY)
                        || (cell(rc, o + 6) == ENEMY && cell(rc, o + 7) == ENEMY);
                }
                _ => {}
            }
        }
        if hane {
            sink.add("hane", params.prior_hane);
        }
        if wall {
            sink.add("wall", params.prior_wall);
        }
        if !enemy_near {
            let triangle = (1..8).step_by(2).any(|d| {
                let cells = [cell(rc, d - 1), cell(rc, d), cell(rc, d + 1)];
                let own = cells.iter().filter(|&&c| c == OWN).count();
                own == 2 && cells.contains(&CODE_EMPTY)
            });
            if triangle {
                sink.add("empty_triangle", params.prior_empty_triangle);
            }
        }
        let (own, enemy) = distinct_strings(b, me, p);
        if own >= 2 {
            if enemy_near {
                sink.add("peep_connect", params.prior_peep_connect);
            } else {
                sink.add("connect", params.prior_connect);
            }
        }
        if enemy >= 2 && !captures {
            sink.add("cut", params.prior_cut);
        }
        if enemy_near && params.prior_bad_kogeima != 0.0 && self.bad_kogeima(b, me, p, rc) {
            sink.add("bad_kogeima", params.prior_bad_kogeima);
        }
    }

    /// Whether an own stone sits a knight's move from `p` with an enemy stone on one of the
    /// two points between them and the other empty. The knight point beyond orthogonal cell
    /// `o` and its diagonal `d` is at offset(o) + offset(d); `o` and `d` are the points
    /// between.
    fn bad_kogeima(&self, b: &Board, me: Color, p: Point, rc: u32) -> bool {
        let (col, row) = self.coords[p.idx()];
        let n = self.size as i32;
        for o in (0..8).step_by(2) {
            for d in [o + 1, o + 7] {
                let (a, c) = (cell(rc, o), cell(rc, d % 8));
                if !((a == ENEMY && c == CODE_EMPTY) || (a == CODE_EMPTY && c == ENEMY)) {
                    continue;
                }
                let (ox, oy) = NEIGHBOUR_OFFSETS[o];
                let (dx, dy) = NEIGHBOUR_OFFSETS[d % 8];
                let (x, y) = (col as i32 + ox + dx, row as i32 + oy + dy);
                if (0..n).contains(&x) && (0..n).contains(&y) {
                    let q = b.point(x as usize, y as usize);
                    if b.stone(q) == Some(me) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// The numbers of different own and enemy strings orthogonally next to `p`.
fn distinct_strings(b: &Board, me: Color, p: Point) -> (usize, usize) {
    let mut heads = [[Point(0); 4]; 2];
    let mut counts = [0usize; 2];
    for q in b.neighbours(p) {
        let Some(c) = b.stone(q) else { continue };
        let side = (c != me) as usize;
        let h = b.string_head(q);
        if !heads[side][..counts[side]].contains(&h) {
            heads[side][counts[side]] = h;
            counts[side] += 1;
        }
    }
    (counts[0], counts[1])
}
