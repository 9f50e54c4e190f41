//! The softmax policy's weights (gammas) and their text file, the form of the learned
//! pattern tables (`patterns::checked`):
//!
//! ```text
//! moyo-playout-softmax 1
//! layout line:4 dist_last:2 ... shape3x3
//! checksum <FNV-1a 64 of every byte after this line, 16 hex digits>
//! meta <key> <value...>          (free information: training set, iteration)
//! g <group> <level> <gamma>      (one per level; a missing level has gamma 1)
//! s <canonical 3x3 code, hex> <gamma>
//! s other <gamma>                (every shape not listed)
//! ```
//!
//! The shipped weights are compiled in (`patterns/playout-softmax.txt`).

use super::features::{GROUP_INFO, GROUPS, Levels, MAX_LEVELS, NONE, from_mover, playable_code};
use super::sampler::fixed;
use crate::board::{Color, NEIGHBOUR_OFFSETS};
use crate::patterns::canonical_shape;
use crate::patterns::checked::{self, GammaLines};
use crate::patterns::mm;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

/// The first line of a weights file: the format and its version.
pub const FORMAT: &str = "moyo-playout-softmax 1";

/// The feature layout a file must declare (groups with their level counts, then the shape).
pub const LAYOUT: &str = "line:4 dist_last:2 dist_prev:2 escape:3 counter_capture:1 capture:6 nakade:1 self_atari:3 sacrifice:1 race:1 mogo_pattern:2 shape3x3";

/// The name under which the built-in weights are reported.
pub const BUILTIN_NAME: &str = "patterns/playout-softmax.txt";

/// The built-in weights, compiled into the binary.
const BUILTIN_TEXT: &str = include_str!("../../../patterns/playout-softmax.txt");

/// The gammas of the softmax playout policy.
#[derive(Debug)]
pub struct Weights {
    /// Gamma per level of each group (`GROUP_INFO` order and sizes).
    pub groups: [Vec<f64>; GROUPS],
    /// Gamma of each listed canonical 3x3 shape.
    pub shapes: HashMap<u32, f64>,
    /// Gamma of the shapes not listed.
    pub other_shape: f64,
    /// Free `meta` lines (key, value).
    pub meta: Vec<(String, String)>,
    /// The gammas per group and level as f32, 1 past each group's levels.
    level: [[f32; MAX_LEVELS]; GROUPS],
    /// The shape part of the base weights by 3x3 code, built on first use.
    base: OnceLock<BaseTable>,
}

/// The shape gammas of every 3x3 code a board can show, for Black to move and for White (0
/// where that mover may not play: `playable_code`). Looking them up is most of what keeping
/// the base weights costs, all of it waiting on memory, so the common case reads only a few
/// KiB that stay in the core's own cache. Of the 2^16 colour codes only those whose
/// off-board neighbours make a side or a corner occur: the 3^8 of the centre are numbered
/// by arithmetic (base 3, two byte tables), the 1,080 of the edges by `ids`. For each number
/// and its 16 atari flags `shapes` holds the two movers' shapes as numbers into `gammas`;
/// `plain` repeats the entries without atari flags, by far the most read (30 KiB, rather
/// than 8 MiB of gammas for all 2^20 codes).
#[derive(Debug)]
pub struct BaseTable {
    /// The number of each colour code (0: a code no board shows); a centre code's is also
    /// 1 + its base-3 value.
    ids: Vec<u16>,
    /// The base-3 value of the low byte of a centre code, and of the high byte (times 81).
    base3: [[u16; 256]; 2],
    /// Per number and atari flags: the shape numbers for Black and for White to move.
    shapes: Vec<[u16; 2]>,
    /// Per number, without atari flags: the same.
    plain: Vec<[u16; 2]>,
    /// The gamma of each shape number in fixed point (`sampler::fixed`): 0 (not playable),
    /// the other shapes, then each listed shape.
    gammas: Vec<u64>,
    /// The canonical code of each listed shape, from shape number 2 on.
    listed: Vec<u32>,
}

impl BaseTable {
    fn new(w: &Weights) -> BaseTable {
        // The off-board neighbours of a point left, inside or right (-1, 0, 1) and below,
        // inside or above.
        let mut masks = Vec::new();
        for x in -1..=1 {
            for y in -1..=1 {
                let off = |(dx, dy): (i32, i32)| (dx != 0 && dx == x) || (dy != 0 && dy == y);
                masks.push(
                    (0..8)
                        .filter(|&i| off(NEIGHBOUR_OFFSETS[i]))
                        .fold(0u32, |m, i| m | 3 << (2 * i)),
                );
            }
        }
        // The base-3 value of four neighbours (a byte of the code; none off the board).
        let base3 = |byte: u32| (0..4).rev().fold(0, |v, i| 3 * v + ((byte >> (2 * i)) & 3));
        let mut ids = vec![0u16; 1 << 16];
        let mut colours = vec![None];
        // The centre first, in base-3 order, then the sides and corners.
        let centre = (0..1u32 << 16).filter(|&c| c & (c >> 1) & 0x5555 == 0);
        let mut centre: Vec<u32> = centre.collect();
        centre.sort_by_key(|&c| base3(c & 0xFF) + 81 * base3(c >> 8));
        let edges = (0..1u32 << 16).filter(|&c| {
            // The neighbours whose two bits are both set (off the board).
            let both = c & (c >> 1) & 0x5555;
            both != 0 && masks.contains(&(both | (both << 1)))
        });
        for code in centre.into_iter().chain(edges) {
            ids[code as usize] = colours.len() as u16;
            colours.push(Some(code));
        }
        let table = |scale: u32| std::array::from_fn(|b| (scale * base3(b as u32)) as u16);
        let base3 = [table(1), table(81)];
        let mut listed: Vec<(u32, f64)> = w.shapes.iter().map(|(&c, &g)| (c, g)).collect();
        listed.sort_by_key(|x| x.0);
        let number: HashMap<u32, u16> = listed
            .iter()
            .enumerate()
            .map(|(i, x)| (x.0, i as u16 + 2))
            .collect();
        let mut gammas = vec![0, fixed(w.other_shape)];
        gammas.extend(listed.iter().map(|x| fixed(x.1)));
        let shape = |code: u32| {
            if playable_code(code) {
                *number.get(&canonical_shape(code)).unwrap_or(&1)
            } else {
                0
            }
        };
        let shapes: Vec<[u16; 2]> = colours
            .iter()
            .flat_map(|&colour| {
                (0..16u32).map(move |flags| match colour {
                    None => [0; 2],
                    Some(c) => {
                        let code = c | flags << 16;
                        [shape(code), shape(from_mover(code, Color::White))]
                    }
                })
            })
            .collect();
        let plain = shapes.iter().step_by(16).copied().collect();
        BaseTable {
            ids,
            base3,
            shapes,
            plain,
            gammas,
            listed: listed.iter().map(|x| x.0).collect(),
        }
    }

    /// The gammas of 3x3 code `code` for Black to move and for White, in fixed point.
    #[inline]
    pub fn get(&self, code: u32) -> [u64; 2] {
        let [black, white] = self.numbers(code);
        [self.gammas[black as usize], self.gammas[white as usize]]
    }

    /// The shape numbers of 3x3 code `code` for Black to move and for White: indexes into
    /// `gammas` (0: that mover may not play there).
    #[inline]
    pub fn numbers(&self, code: u32) -> [u16; 2] {
        let colour = code & 0xFFFF;
        let id = if colour & (colour >> 1) & 0x5555 == 0 {
            let [low, high] = &self.base3;
            1 + (low[(colour & 0xFF) as usize] + high[(colour >> 8) as usize]) as usize
        } else {
            self.ids[colour as usize] as usize
        };
        let flags = ((code >> 16) & 15) as usize;
        if flags == 0 {
            self.plain[id]
        } else {
            self.shapes[(id << 4) | flags]
        }
    }

    /// The canonical 3x3 code of shape number `n`: `None` for 0 (not playable) and 1 (the
    /// shapes not listed).
    pub fn canonical(&self, n: usize) -> Option<u32> {
        n.checked_sub(2).and_then(|i| self.listed.get(i).copied())
    }

    /// The gamma of each shape number in fixed point (`sampler::fixed`): 0 (not playable),
    /// the shapes not listed, then each listed shape.
    #[inline]
    pub fn gammas(&self) -> &[u64] {
        &self.gammas
    }
}

/// The groups' file names and level counts, for the shared gamma lines.
fn info() -> [(&'static str, usize); GROUPS] {
    GROUP_INFO.map(|(_, name, n)| (name, n))
}

impl Weights {
    /// Every gamma 1: a uniform policy over the playable points.
    pub fn uniform() -> Weights {
        Weights::new(
            std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]),
            HashMap::new(),
            1.0,
            Vec::new(),
        )
    }

    /// Weights from their parts (group vectors must have `GROUP_INFO` sizes).
    pub fn new(
        groups: [Vec<f64>; GROUPS],
        shapes: HashMap<u32, f64>,
        other_shape: f64,
        meta: Vec<(String, String)>,
    ) -> Weights {
        let mut level = [[1.0; MAX_LEVELS]; GROUPS];
        for (g, v) in groups.iter().enumerate() {
            for (l, &x) in v.iter().enumerate().take(MAX_LEVELS) {
                level[g][l] = x as f32;
            }
        }
        Weights {
            groups,
            shapes,
            other_shape,
            meta,
            level,
            base: OnceLock::new(),
        }
    }

    /// The built-in weights (`patterns/playout-softmax.txt`, read once). Damaged weights are
    /// reported on stderr, naming the file, and replaced by `uniform`.
    pub fn builtin() -> &'static Weights {
        static B: OnceLock<Weights> = OnceLock::new();
        B.get_or_init(|| {
            let parsed = Weights::parse(BUILTIN_TEXT, BUILTIN_NAME);
            checked::or_report(parsed, "uniform playout weights", Weights::uniform)
        })
    }

    /// The gamma of level `l` of group `g` (1 for `NONE`).
    #[inline]
    pub fn level(&self, g: usize, l: u8) -> f32 {
        if l == NONE {
            1.0
        } else {
            self.level[g][l as usize % MAX_LEVELS]
        }
    }

    /// The product of the gammas of `levels`.
    #[inline]
    pub fn levels(&self, levels: &Levels) -> f32 {
        let mut w = 1.0;
        for (g, &l) in levels.iter().enumerate() {
            if l != NONE {
                w *= self.level[g][l as usize % MAX_LEVELS];
            }
        }
        w
    }

    /// The gamma of a canonical 3x3 shape.
    #[inline]
    pub fn shape(&self, canonical: u32) -> f64 {
        *self.shapes.get(&canonical).unwrap_or(&self.other_shape)
    }

    /// The weight of a move with these levels and canonical shape.
    pub fn weight(&self, levels: &Levels, canonical: u32) -> f64 {
        self.shape(canonical) * self.levels(levels) as f64
    }

    /// The shape part of a point's base weight by its 3x3 code, for Black to move and for
    /// White: 0 where that mover may not play.
    #[inline]
    pub fn base_table(&self) -> &BaseTable {
        self.base.get_or_init(|| BaseTable::new(self))
    }

    /// The value of a `meta` key, if given.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The file text (see the module notes).
    pub fn to_text(&self) -> String {
        let lines = GammaLines {
            groups: self.groups.clone(),
            shapes: self.shapes.clone(),
            other_shape: self.other_shape,
            meta: self.meta.clone(),
        };
        checked::wrap(FORMAT, LAYOUT, &lines.to_text(&info()))
    }

    /// Reads weights from file text; `name` (the file) opens every error message.
    pub fn parse(text: &str, name: &str) -> Result<Weights, String> {
        let body = checked::unwrap(text, name, FORMAT, LAYOUT)?;
        let lines = GammaLines::parse(body, name, &info(), |kind, _, n| {
            Err(format!("{name}: line {n}: unknown line type `{kind}`"))
        })?;
        Ok(Weights::new(
            lines.groups,
            lines.shapes,
            lines.other_shape,
            lines.meta,
        ))
    }

    /// Reads weights from a file.
    pub fn load(path: &Path) -> Result<Weights, String> {
        let (text, name) = checked::read(path)?;
        Weights::parse(&text, &name)
    }

    /// Writes the weights to `path` atomically and durably (`checked::save`).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        checked::save(path, &self.to_text())
    }
}

impl mm::Checkpoint for Weights {
    fn load(path: &Path) -> Result<Weights, String> {
        Weights::load(path)
    }

    fn meta(&self, key: &str) -> Option<&str> {
        Weights::meta(self, key)
    }
}
