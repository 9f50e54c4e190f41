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

use super::features::{GROUP_INFO, GROUPS, Levels, MAX_LEVELS, NONE, playable_code};
use crate::board::CODE_BITS;
use crate::patterns::canonical_shape;
use crate::patterns::checked::{self, GammaLines};
use crate::patterns::mm;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

/// The first line of a weights file: the format and its version.
pub const FORMAT: &str = "moyo-playout-softmax 1";

/// The feature layout a file must declare (groups with their level counts, then the shape).
pub const LAYOUT: &str = "line:4 dist_last:2 dist_prev:2 escape:3 counter_capture:1 capture:6 nakade:1 self_atari:3 sacrifice:1 shape3x3";

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
    /// Per 3x3 code seen from the mover (all 2^20): its shape's gamma, 0 where the policy
    /// may not play (`playable_code`). Built on first use (4 MiB).
    base: OnceLock<Vec<f32>>,
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

    /// The shape part of a point's base weight, by its 3x3 code seen from the mover (see
    /// `features::from_mover`): 0 where the policy may not play.
    #[inline]
    pub fn base_table(&self) -> &[f32] {
        self.base.get_or_init(|| {
            (0..1u32 << CODE_BITS)
                .map(|code| {
                    if playable_code(code) {
                        self.shape(canonical_shape(code)) as f32
                    } else {
                        0.0
                    }
                })
                .collect()
        })
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

    /// Writes the weights to `path` atomically (a temporary file beside it, flushed, then a
    /// rename).
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
