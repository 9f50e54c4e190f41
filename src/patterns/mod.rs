//! Move features and their learned weights (Coulom 2007, "Computing Elo ratings of move
//! patterns"): each candidate move has at most one level in each feature group; its strength
//! is the product of its levels' gammas. The gammas are fitted by Minorization-Maximization
//! (`train`), stored in `patterns/mm-gammas.txt` (`gammas`, embedded in the binary) and
//! measured by move prediction (`predict`). This module knows nothing of the search tree.
//!
//! The prior's hook: [`move_log_gamma`] under [`Gammas::builtin`], the fast path to
//! [`Gammas::log_gamma`] of [`features`].

pub mod checked;
pub mod fuseki;
mod gammas;
pub mod mm;
pub mod predict;
mod shape;
mod spatial;
#[cfg(test)]
mod tests;
pub mod train;

use crate::board::{Board, Color, Move, Point};

pub use gammas::{BUILTIN_NAME, FORMAT, Gammas, LAYOUT};
pub use shape::{canonical_shape, normalise_colours, transform_code};
pub use spatial::{MAX_D, MIN_D, SIZES, spatial_hashes};

/// The feature groups other than the 3x3 shape, in file and index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternGroup {
    /// 0 = pass, 1 = pass after the opponent passed.
    Pass,
    /// 0 = captures a string whose capture saves one of ours in atari, 1 = captures the
    /// string of the last move, 2 = another capture.
    Capture,
    /// Extends one of our strings out of atari: 0 = to safety, 1 = into a working ladder.
    Extension,
    /// Leaves our string with one liberty (no capture): 0 = a lone stone, 1 = more.
    SelfAtari,
    /// Puts an opponent string in atari: 0 = the ladder works, 1 = while a ko is banned,
    /// 2 = another atari.
    Atari,
    /// Distance to the edge: line 1..4 (levels 0..3); farther has no level.
    Line,
    /// Gridcular distance to the last move: 2..16 (levels 0..14), 17 or more (15).
    DistLast,
    /// The same to the move before it.
    DistPrev,
}

/// The number of groups besides the shape.
pub const GROUPS: usize = 8;

/// All groups in index order, with their file names and level counts.
pub const GROUP_INFO: [(PatternGroup, &str, usize); GROUPS] = [
    (PatternGroup::Pass, "pass", 2),
    (PatternGroup::Capture, "capture", 3),
    (PatternGroup::Extension, "extension", 2),
    (PatternGroup::SelfAtari, "self_atari", 2),
    (PatternGroup::Atari, "atari", 3),
    (PatternGroup::Line, "line", 4),
    (PatternGroup::DistLast, "dist_last", 16),
    (PatternGroup::DistPrev, "dist_prev", 16),
];

/// The level meaning "this group does not apply".
pub const NONE: u8 = u8::MAX;

/// The shape value of a pass (which has no 3x3 shape).
pub const NO_SHAPE: u32 = u32::MAX;

/// The features of one candidate move: a level (or `NONE`) per group, the canonical 3x3
/// shape code (`NO_SHAPE` for a pass) and the hashes of the larger shapes (0 for a pass); the
/// largest of those a table knows is the move's spatial feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features {
    /// Level per group, in `GROUP_INFO` order.
    pub levels: [u8; GROUPS],
    /// The canonical 3x3 code (see `canonical_shape`).
    pub shape: u32,
    /// Hashes of the spatial patterns of distance MIN_D..=MAX_D (see `spatial_hashes`).
    pub spatial: [u64; SIZES],
}

impl Features {
    /// The level of group `g` (`NONE` when absent).
    pub fn level(&self, g: PatternGroup) -> u8 {
        self.levels[g as usize]
    }
}

/// The recent moves a move's distance features refer to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recent {
    /// The last move (by the opponent of the side to move).
    pub last: Option<Move>,
    /// The move before it.
    pub prev: Option<Move>,
}

/// The gridcular distance bucket between two points: dx + dy + max(dx, dy) from 2..16 to levels
/// 0..14, 17 and more to 15.
pub fn distance_level(b: &Board, p: Point, q: Point) -> u8 {
    let (pc, pr) = b.col_row(p);
    let (qc, qr) = b.col_row(q);
    let dx = pc.abs_diff(qc);
    let dy = pr.abs_diff(qr);
    let d = dx + dy + dx.max(dy);
    (d.clamp(2, 17) - 2) as u8
}

/// The features of move `m` by `c` on `b`; `m` must be legal (a pass always is).
pub fn features(b: &Board, c: Color, m: Move, recent: Recent) -> Features {
    let mut f = local_features(b, c, m, recent);
    if let Move::Play(p) = m {
        f.spatial = spatial_hashes(b, c, p);
    }
    f
}

/// ln(gamma) of the legal move `p` by `c` under `gammas`: the same value as
/// `gammas.log_gamma(&features(..))`, but the spatial patterns grow only while the table
/// knows them (see `spatial::largest_known`), which makes it several times faster. The
/// prior's path.
pub fn move_log_gamma(b: &Board, c: Color, p: Point, recent: Recent, gammas: &Gammas) -> f32 {
    let f = local_features(b, c, Move::Play(p), recent);
    let spatial = if gammas.has_spatial() {
        spatial::largest_known(b, c, p, |h| gammas.spatial_log(h)).unwrap_or(0.0)
    } else {
        0.0
    };
    gammas.log_gamma(&f) + spatial
}

/// The features of `m` without the spatial hashes (left 0).
fn local_features(b: &Board, c: Color, m: Move, recent: Recent) -> Features {
    let mut levels = [NONE; GROUPS];
    let p = match m {
        Move::Pass => {
            levels[PatternGroup::Pass as usize] = u8::from(recent.last == Some(Move::Pass));
            return Features {
                levels,
                shape: NO_SHAPE,
                spatial: [0; SIZES],
            };
        }
        Move::Play(p) => p,
    };
    let shape = canonical_shape(normalise_colours(b.neighbourhood_code(p), c));
    let line = b.line(p);
    if line <= 4 {
        levels[PatternGroup::Line as usize] = (line - 1) as u8;
    }
    if let Some(Move::Play(q)) = recent.last {
        levels[PatternGroup::DistLast as usize] = distance_level(b, p, q);
    }
    if let Some(Move::Play(q)) = recent.prev {
        levels[PatternGroup::DistPrev as usize] = distance_level(b, p, q);
    }
    let last_head = match recent.last {
        Some(Move::Play(q)) if b.stone(q).is_some() => Some(b.string_head(q)),
        _ => None,
    };
    // Neighbour strings, each once: captures, our strings in atari, ataris.
    let mut seen = [Point(u16::MAX); 4];
    let mut capture = NONE;
    let mut own_in_atari = false;
    let mut ataris = 0;
    for (i, q) in b.neighbours(p).into_iter().enumerate() {
        let Some(s) = b.stone(q) else { continue };
        let h = b.string_head(q);
        if seen.contains(&h) {
            continue;
        }
        seen[i] = h;
        let libs = b.lib_count(q);
        if s == c {
            own_in_atari |= libs == 1;
        } else if libs == 1 {
            let level = if saves_own(b, c, q) {
                0
            } else if last_head == Some(h) {
                1
            } else {
                2
            };
            capture = capture.min(level);
        } else if libs == 2 {
            ataris += 1;
        }
    }
    levels[PatternGroup::Capture as usize] = capture;
    if capture == NONE {
        if own_in_atari && b.libs_after(c, p).count() >= 2 {
            levels[PatternGroup::Extension as usize] = u8::from(b.escape_is_ladder(c, p));
        }
        if b.is_self_atari(c, p) {
            levels[PatternGroup::SelfAtari as usize] = u8::from(b.size_after(c, p) > 1);
        }
    }
    if ataris > 0 && levels[PatternGroup::SelfAtari as usize] == NONE {
        let ladder = b.atari_is_ladder(c, p);
        levels[PatternGroup::Atari as usize] = if ladder {
            0
        } else if b.ko().is_some() {
            1
        } else {
            2
        };
    }
    Features {
        levels,
        shape,
        spatial: [0; SIZES],
    }
}

/// Whether capturing the string through `q` (in atari) frees a string of `c` in atari next to it.
fn saves_own(b: &Board, c: Color, q: Point) -> bool {
    b.string_stones(q).any(|s| {
        b.neighbours(s)
            .into_iter()
            .any(|n| b.is_onboard(n) && b.stone(n) == Some(c) && b.lib_count(n) == 1)
    })
}

/// The features of every legal move of `c` on `b` (simple ko), then of the pass, appended to
/// `out`.
pub fn all_features(b: &Board, c: Color, recent: Recent, out: &mut Vec<(Move, Features)>) {
    for &i in b.empties() {
        let p = Point(i);
        if b.is_legal(c, p) {
            out.push((Move::Play(p), features(b, c, Move::Play(p), recent)));
        }
    }
    out.push((Move::Pass, features(b, c, Move::Pass, recent)));
}
