//! The features of a playout move `p` for the mover `c`, in three parts by what they cost:
//!
//! - the base, kept per point as the game goes on: the 3x3 shape (`neighbourhood_code` with
//!   its atari flags, own stones black, made canonical under the 8 symmetries) and the line
//!   (distance to the edge, 1 to 4). The shape also tells whether `p` is legal (ko aside) and
//!   whether it is an own eye, so those points weigh 0 there (`playable_code`);
//! - the local features, computed each move for the few points near the last two moves
//!   ([`Local`]): contiguity to the last move and to the mover's previous one (the 8 points
//!   around it, then the 12 two points straight or a knight's move away), saving a string
//!   the last move put in atari (extension, split by the liberties it gets and the ladder;
//!   counter-capture of an attacker), captures near the last two moves (by size, and whether
//!   the string touches the last move), the nakade vital point next to the last move, the
//!   atari that wins a capturing race there, and MoGo's 3x3 patterns around the last two
//!   moves (the heavy policy's race and pattern steps);
//! - the self-atari, asked only of the point drawn ([`self_atari`]): by size, and whether it
//!   is a sacrifice whose capture leaves a dead shape. Bigger self-ataris are refused.
//!
//! The trainer reads the same functions, so the policy plays the features it was fitted on.

use crate::board::{
    Board, CODE_BLACK, CODE_EMPTY, CODE_OFF, CODE_WHITE, Color, EMPTY, NEIGHBOUR_OFFSETS, OFF,
    Point,
};
use crate::playout::heavy::race_atari;
use crate::playout::mogo3x3::Pattern3x3;

/// The feature groups besides the shape; a move has at most one level in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoftmaxGroup {
    /// Line 1..4 (levels 0..3); farther has no level. Part of the base.
    Line,
    /// 0: one of the 8 points around the last move; 1: two points straight, or a knight's
    /// move, away from it (gridcular distance 4 or 5).
    DistLast,
    /// The same around the mover's previous move.
    DistPrev,
    /// Extends an own string the last move put in atari: 0 to three liberties or more, 1 to
    /// two that a ladder takes, 2 to two that hold.
    Escape,
    /// Captures an enemy string in atari next to an own string the last move put in atari.
    CounterCapture,
    /// Captures an enemy string in atari near the last two moves: level 2 x size bucket (1,
    /// 2-3, 4+ stones) + 1 when the string touches the last move.
    Capture,
    /// The vital point of a killable eye space of the opponent next to the last move.
    Nakade,
    /// Puts the mover's own string in atari, capturing nothing: 0 one stone, 1 two or three,
    /// 2 four or more (only as a sacrifice: others are refused).
    SelfAtari,
    /// That self-atari's capture leaves the opponent a dead eye shape (two to six stones).
    Sacrifice,
    /// The atari that wins a capturing race next to the last move (`race_atari`, the heavy
    /// policy's race step, with own strings of up to `RACE_MAX_LIBS` liberties).
    Race,
    /// Matches one of MoGo's 3x3 patterns (the heavy policy's pattern step): 0 one of the 8
    /// points around the last move, 1 around the mover's previous one.
    MogoPattern,
}

/// The number of groups.
pub const GROUPS: usize = 11;

/// The version of what the features mean, beyond the layout of their levels: a trainer's
/// checkpoint of another version is not resumed. Version 2: contiguity level 1 covers the
/// knight's moves on every side. Version 3: the race and MoGo pattern groups.
pub const VERSION: u32 = 3;

/// The most liberties of an own string whose race the `Race` feature reads (the heavy
/// policy's default `race_max_libs`).
pub const RACE_MAX_LIBS: u32 = 4;

/// Most levels in a group.
pub const MAX_LEVELS: usize = 6;

/// All groups in index order, with their file names and level counts.
pub const GROUP_INFO: [(SoftmaxGroup, &str, usize); GROUPS] = [
    (SoftmaxGroup::Line, "line", 4),
    (SoftmaxGroup::DistLast, "dist_last", 2),
    (SoftmaxGroup::DistPrev, "dist_prev", 2),
    (SoftmaxGroup::Escape, "escape", 3),
    (SoftmaxGroup::CounterCapture, "counter_capture", 1),
    (SoftmaxGroup::Capture, "capture", 6),
    (SoftmaxGroup::Nakade, "nakade", 1),
    (SoftmaxGroup::SelfAtari, "self_atari", 3),
    (SoftmaxGroup::Sacrifice, "sacrifice", 1),
    (SoftmaxGroup::Race, "race", 1),
    (SoftmaxGroup::MogoPattern, "mogo_pattern", 2),
];

/// The level meaning "this group does not apply".
pub const NONE: u8 = u8::MAX;

/// A level (or `NONE`) per group, in `GROUP_INFO` order.
pub type Levels = [u8; GROUPS];

/// No feature at all.
pub const NO_LEVELS: Levels = [NONE; GROUPS];

/// `code` (from `Board::neighbourhood_code`) with black and white swapped when `c` is White,
/// so that own stones are black: the same as `patterns::normalise_colours`, without a loop
/// (the pair 01 and 10 swap their bits; 00 and 11 are their own swap).
#[inline]
pub fn from_mover(code: u32, c: Color) -> u32 {
    if c == Color::Black {
        return code;
    }
    let lo = code & 0x5555;
    let hi = (code >> 1) & 0x5555;
    (code & !0xFFFF) | (lo << 1) | hi
}

/// Whether the mover (black in `code`, a code seen from the mover) may play on the point:
/// the move is legal but for a ko (an empty neighbour, an own string with two liberties or
/// more, or an enemy string in atari to capture), and the point is no own eye (the test of
/// `Board::is_eye`: every neighbour own or off the board, and the opponent holds at most one
/// diagonal, none on the edge).
pub fn playable_code(code: u32) -> bool {
    let v = |i: usize| (code >> (2 * i)) & 3;
    let atari = |i: usize| code & (1 << (16 + i / 2)) != 0;
    let sides = [0, 2, 4, 6];
    let legal = sides.iter().any(|&i| match v(i) {
        CODE_EMPTY => true,
        CODE_BLACK => !atari(i),
        CODE_WHITE => atari(i),
        _ => false,
    });
    if !legal {
        return false;
    }
    if !sides.iter().all(|&i| matches!(v(i), CODE_BLACK | CODE_OFF)) {
        return true;
    }
    let corners = [1, 3, 5, 7];
    let enemy = corners.iter().filter(|&&i| v(i) == CODE_WHITE).count();
    let edge = usize::from(corners.iter().any(|&i| v(i) == CODE_OFF));
    enemy + edge >= 2
}

/// The line level of `p` (line 1..4 to 0..3), or `NONE`.
#[inline]
pub fn line_level(b: &Board, p: Point) -> u8 {
    match b.line(p) {
        l @ 1..=4 => (l - 1) as u8,
        _ => NONE,
    }
}

/// What a move does to the mover's own string (see `SoftmaxGroup::SelfAtari`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfAtari {
    /// No self-atari (or one that captures).
    No,
    /// A self-atari of four stones or more that is no sacrifice: never played.
    Refused,
    /// A self-atari of this level, and whether it is a sacrifice.
    Level(u8, bool),
}

/// Most stones a sacrifice gives: the rabbity six.
const SACRIFICE_MAX: usize = 6;

/// The self-atari of `c`'s legal move on `p`.
pub fn self_atari(b: &Board, c: Color, p: Point) -> SelfAtari {
    if !b.is_self_atari(c, p) || b.capture_size(c, p) > 0 {
        return SelfAtari::No;
    }
    let size = b.size_after(c, p);
    let sacrifice = (2..=SACRIFICE_MAX).contains(&size)
        && b.libs_after(c, p)
            .first()
            .is_some_and(|l| b.sacrifice_leaves_dead_shape(c, p, l));
    match size {
        1 => SelfAtari::Level(0, false),
        2 | 3 => SelfAtari::Level(1, sacrifice),
        _ if sacrifice => SelfAtari::Level(2, true),
        _ => SelfAtari::Refused,
    }
}

/// Writes a self-atari's levels into `levels`.
#[inline]
pub fn set_self_atari(levels: &mut Levels, level: u8, sacrifice: bool) {
    levels[SoftmaxGroup::SelfAtari as usize] = level;
    if sacrifice {
        levels[SoftmaxGroup::Sacrifice as usize] = 0;
    }
}

/// The points two steps from a move, (dx, dy): two points straight away and the knight's
/// moves, each with a step between, which must be on the board for them to be: read through
/// it first, the padding of one row and one column around the board keeps every index in
/// range and off-board points OFF.
const FAR: [((i32, i32), (i32, i32)); 12] = [
    ((2, 0), (1, 0)),
    ((-2, 0), (-1, 0)),
    ((0, 2), (0, 1)),
    ((0, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
];

/// Calls `f(point, level)` for each empty point near `centre` with its contiguity level: the
/// 8 around it (0), then the 12 two points straight or a knight's move away (`FAR`, 1).
#[inline]
pub fn near(b: &Board, centre: Point, mut f: impl FnMut(Point, u8)) {
    let w = b.width() as i32;
    let at = |&(dx, dy): &(i32, i32)| Point((centre.0 as i32 + dx + dy * w) as u16);
    for d in &NEIGHBOUR_OFFSETS {
        let p = at(d);
        if b.code(p) == EMPTY {
            f(p, 0);
        }
    }
    for (d, via) in &FAR {
        let p = at(d);
        if b.code(at(via)) != OFF && b.code(p) == EMPTY {
            f(p, 1);
        }
    }
}

/// Most points with local features in one position (more are left out).
pub const LOCAL_MAX: usize = 64;

/// The local features of one position: the points near the last two moves and the points of
/// their tactics, each with its levels (the base groups and the self-atari left `NONE`).
/// Allocates only when it first meets a larger board.
pub struct Local {
    len: usize,
    points: [Point; LOCAL_MAX],
    levels: [Levels; LOCAL_MAX],
    /// Per board point: its place in the list plus one, 0 when not listed.
    slot: Vec<u8>,
}

impl Default for Local {
    fn default() -> Self {
        Local::new()
    }
}

impl Local {
    /// An empty list.
    pub fn new() -> Local {
        Local {
            len: 0,
            points: [Point(0); LOCAL_MAX],
            levels: [NO_LEVELS; LOCAL_MAX],
            slot: Vec::new(),
        }
    }

    /// The listed points with their levels.
    pub fn iter(&self) -> impl Iterator<Item = (Point, &Levels)> {
        self.points[..self.len].iter().copied().zip(&self.levels)
    }

    /// The levels of `p`, if listed.
    #[inline]
    pub fn levels_of(&self, p: Point) -> Option<&Levels> {
        match self.slot.get(p.idx()) {
            Some(&s) if s > 0 => Some(&self.levels[s as usize - 1]),
            _ => None,
        }
    }

    /// Empties the list.
    fn clear(&mut self) {
        for p in &self.points[..self.len] {
            self.slot[p.idx()] = 0;
        }
        self.len = 0;
    }

    /// Gives `p` level `level` of group `g`, keeping the smaller one (`keep_max`: the larger)
    /// when it has one already.
    fn set(&mut self, p: Point, g: SoftmaxGroup, level: u8, keep_max: bool) {
        let s = match self.slot[p.idx()] {
            0 if self.len == LOCAL_MAX => return,
            0 => {
                self.points[self.len] = p;
                self.levels[self.len] = NO_LEVELS;
                self.len += 1;
                self.slot[p.idx()] = self.len as u8;
                self.len - 1
            }
            s => s as usize - 1,
        };
        let l = &mut self.levels[s][g as usize];
        *l = if *l == NONE {
            level
        } else if keep_max {
            (*l).max(level)
        } else {
            (*l).min(level)
        };
    }

    /// The local features of `c` to move on `b`, after the opponent's `last` move and `c`'s
    /// own `prev` one. The board is borrowed mutably only to read ladders, which leaves it
    /// exactly as it was.
    pub fn compute(&mut self, b: &mut Board, c: Color, last: Option<Point>, prev: Option<Point>) {
        self.compute_tactics(b, c, last, prev);
        for (centre, g) in [
            (last, SoftmaxGroup::DistLast),
            (prev, SoftmaxGroup::DistPrev),
        ] {
            if let Some(q) = centre {
                near(b, q, |p, level| self.set(p, g, level, false));
            }
        }
    }

    /// `compute` without the contiguity (`DistLast`, `DistPrev`): the playouts multiply
    /// those in as they go (see `near`).
    pub fn compute_tactics(
        &mut self,
        b: &mut Board,
        c: Color,
        last: Option<Point>,
        prev: Option<Point>,
    ) {
        if self.slot.len() < b.len() {
            self.slot.resize(b.len(), 0);
        }
        self.clear();
        if let Some(l) = last.filter(|&l| b.stone(l) == Some(c.opp())) {
            self.around_last(b, c, l);
            if let Some(p) = race_atari(b, c, l, RACE_MAX_LIBS) {
                self.set(p, SoftmaxGroup::Race, 0, false);
            }
            self.mogo_patterns(b, c, l, 0);
        }
        if let Some(q) = prev.filter(|&q| b.stone(q) == Some(c)) {
            for n in b.neighbours(q) {
                if b.stone(n) == Some(c.opp()) && b.lib_count(n) == 1 {
                    self.capture(b, n, last);
                }
            }
            self.mogo_patterns(b, c, q, 1);
        }
    }

    /// Gives the empty points around `centre` that match a MoGo pattern for `c` level
    /// `level` of `MogoPattern`.
    fn mogo_patterns(&mut self, b: &Board, c: Color, centre: Point, level: u8) {
        let w = b.width() as i32;
        let table = Pattern3x3::builtin();
        for (dx, dy) in NEIGHBOUR_OFFSETS {
            let p = Point((centre.0 as i32 + dx + dy * w) as u16);
            if b.code(p) == EMPTY && table.matches_at(b, p, c) {
                self.set(p, SoftmaxGroup::MogoPattern, level, false);
            }
        }
    }

    /// Capturing the enemy string through `s` (in atari) on its liberty.
    fn capture(&mut self, b: &Board, s: Point, last: Option<Point>) {
        let Some(lib) = b.string_libs(s).first() else {
            return;
        };
        let bucket = match b.string_size(s) {
            1 => 0,
            2 | 3 => 1,
            _ => 2,
        };
        let touches = last.is_some_and(|l| touches(b, s, l));
        self.set(
            lib,
            SoftmaxGroup::Capture,
            2 * bucket + u8::from(touches),
            true,
        );
    }

    /// The tactics of the opponent's stone on `last`: its own string in atari, our strings it
    /// put in atari (escape, counter-capture), the vital point of an eye space next to it.
    fn around_last(&mut self, b: &mut Board, c: Color, last: Point) {
        if b.lib_count(last) == 1 {
            self.capture(b, last, Some(last));
        }
        let mut seen = [u16::MAX; 4];
        for (i, q) in b.neighbours(last).into_iter().enumerate() {
            if b.stone(q) != Some(c) || b.lib_count(q) != 1 {
                if b.code(q) == EMPTY
                    && let Some((v, _)) = b.nakade_vital_point(q, c.opp())
                {
                    self.set(v, SoftmaxGroup::Nakade, 0, false);
                }
                continue;
            }
            let head = b.string_head(q).0;
            if seen.contains(&head) {
                continue;
            }
            seen[i] = head;
            if let Some(esc) = b.string_libs(q).first() {
                let level = match b.libs_after(c, esc).count() {
                    0 | 1 => NONE,
                    2 if b.escape_is_ladder_in_place(c, esc) => 1,
                    2 => 2,
                    _ => 0,
                };
                if level != NONE {
                    self.set(esc, SoftmaxGroup::Escape, level, false);
                }
            }
            for st in b.string_stones(q) {
                for n in b.neighbours(st) {
                    if b.stone(n) == Some(c.opp()) && b.lib_count(n) == 1 {
                        if let Some(l) = b.string_libs(n).first() {
                            self.set(l, SoftmaxGroup::CounterCapture, 0, false);
                        }
                        self.capture(b, n, Some(last));
                    }
                }
            }
        }
    }
}

/// Whether the string through `s` holds `last` or touches it.
fn touches(b: &Board, s: Point, last: Point) -> bool {
    let head = b.string_head(s);
    b.stone(last).is_some() && b.string_head(last) == head
        || b.neighbours(last)
            .into_iter()
            .any(|n| b.stone(n) == b.stone(s) && b.string_head(n) == head)
}

/// The features of `c`'s move on `p` for training and prediction: `None` when the policy
/// never plays it (illegal, an own eye, a refused self-atari); else its levels (local ones
/// from `local`, computed for this position) and its canonical 3x3 shape.
pub fn move_features(b: &Board, c: Color, p: Point, local: &Local) -> Option<(Levels, u32)> {
    if !b.is_legal(c, p) || b.is_eye(c, p) {
        return None;
    }
    let levels = move_levels(b, c, p, local)?;
    let shape = crate::patterns::canonical_shape(from_mover(b.neighbourhood_code(p), c));
    Some((levels, shape))
}

/// The levels of `c`'s move on `p` besides the shape: those of `local`, the line and the
/// self-atari; `None` for a refused self-atari.
pub fn move_levels(b: &Board, c: Color, p: Point, local: &Local) -> Option<Levels> {
    let mut levels = local.levels_of(p).copied().unwrap_or(NO_LEVELS);
    levels[SoftmaxGroup::Line as usize] = line_level(b, p);
    match self_atari(b, c, p) {
        SelfAtari::No => {}
        SelfAtari::Refused => return None,
        SelfAtari::Level(l, sacrifice) => set_self_atari(&mut levels, l, sacrifice),
    }
    Some(levels)
}
