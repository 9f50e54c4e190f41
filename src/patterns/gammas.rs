//! The gamma table and its text file.
//!
//! ```text
//! moyo-mm-gammas 1
//! layout pass:2 capture:3 ... shape3x3
//! checksum <FNV-1a 64 of every byte after this line, 16 hex digits>
//! meta <key> <value...>          (free information: training set, iteration)
//! g <group> <level> <gamma>      (one per level; a missing level has gamma 1)
//! s <canonical 3x3 code, hex> <gamma>
//! s other <gamma>                (every shape not listed)
//! p <spatial pattern hash, 16 hex> <gamma>   (the largest listed pattern of a move counts)
//! ```

use super::checked;
use super::{Features, GROUP_INFO, GROUPS, NO_SHAPE, NONE, SIZES};
use crate::board::CODE_BITS;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::Path;
use std::sync::OnceLock;

/// The first line of a gamma file: the format and its version.
pub const FORMAT: &str = "moyo-mm-gammas 1";

/// The feature layout a file must declare (groups with their level counts, then the shape).
pub const LAYOUT: &str = "pass:2 capture:3 extension:2 self_atari:2 atari:3 line:4 dist_last:16 dist_prev:16 shape3x3 spatial4-10";

/// The name under which the built-in table is reported.
pub const BUILTIN_NAME: &str = "patterns/mm-gammas.txt";

/// The built-in table, compiled into the binary.
const BUILTIN_TEXT: &str = include_str!("../../patterns/mm-gammas.txt");

/// The groups' file names and level counts, for the shared gamma lines.
fn info() -> [(&'static str, usize); GROUPS] {
    GROUP_INFO.map(|(_, name, n)| (name, n))
}

/// Learned strengths of the feature levels.
#[derive(Clone, Debug)]
pub struct Gammas {
    /// Gamma per level of each group (`GROUP_INFO` order and sizes).
    pub groups: [Vec<f64>; GROUPS],
    /// Gamma of each listed canonical 3x3 shape.
    pub shapes: HashMap<u32, f64>,
    /// Gamma of the shapes not listed.
    pub other_shape: f64,
    /// Gamma of each listed spatial pattern (by hash).
    pub spatial: HashMap<u64, f64>,
    /// Free `meta` lines (key, value).
    pub meta: Vec<(String, String)>,
    /// ln(gamma) per group level, for fast scoring.
    log_groups: [[f32; 16]; GROUPS],
    /// ln(gamma) per canonical code (all 2^20 codes).
    log_shapes: Vec<f32>,
    /// ln(gamma) per spatial hash.
    log_spatial: HashMap<u64, f32, BuildHasherDefault<KeyHasher>>,
}

/// The hasher of the spatial table: its keys are already well-mixed hashes, so a key hashes
/// to itself (SipHash made the lookups a third of the cost of scoring a move).
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

impl Gammas {
    /// Every gamma 1: no learned preference.
    pub fn uniform() -> Gammas {
        Gammas::new(
            std::array::from_fn(|g| vec![1.0; GROUP_INFO[g].2]),
            HashMap::new(),
            1.0,
            HashMap::new(),
            Vec::new(),
        )
    }

    /// A table from its parts (group vectors must have `GROUP_INFO` sizes).
    pub fn new(
        groups: [Vec<f64>; GROUPS],
        shapes: HashMap<u32, f64>,
        other_shape: f64,
        spatial: HashMap<u64, f64>,
        meta: Vec<(String, String)>,
    ) -> Gammas {
        let mut log_groups = [[0.0; 16]; GROUPS];
        for (g, v) in groups.iter().enumerate() {
            for (l, &x) in v.iter().enumerate() {
                log_groups[g][l] = x.ln() as f32;
            }
        }
        let mut log_shapes = vec![other_shape.ln() as f32; 1 << CODE_BITS];
        for (&code, &x) in &shapes {
            log_shapes[code as usize & ((1 << CODE_BITS) - 1)] = x.ln() as f32;
        }
        let log_spatial = spatial.iter().map(|(&h, &x)| (h, x.ln() as f32)).collect();
        Gammas {
            groups,
            shapes,
            other_shape,
            spatial,
            meta,
            log_groups,
            log_shapes,
            log_spatial,
        }
    }

    /// The built-in table (`patterns/mm-gammas.txt`, read once). A corrupt or mismatched
    /// table is reported on stderr, naming the file, and replaced by `uniform`.
    pub fn builtin() -> &'static Gammas {
        static B: OnceLock<Gammas> = OnceLock::new();
        B.get_or_init(|| {
            let parsed = Gammas::parse(BUILTIN_TEXT, BUILTIN_NAME);
            checked::or_report(parsed, "no learned pattern gammas", Gammas::uniform)
        })
    }

    /// ln(gamma) of a move: the sum over its features.
    #[inline]
    pub fn log_gamma(&self, f: &Features) -> f32 {
        let mut s = 0.0;
        for (g, &l) in f.levels.iter().enumerate() {
            if l != NONE {
                s += self.log_groups[g][l as usize & 15];
            }
        }
        if f.shape != NO_SHAPE {
            s += self.log_shapes[f.shape as usize & ((1 << CODE_BITS) - 1)];
        }
        if let Some(i) = self.spatial_match(f) {
            s += self.log_spatial[&f.spatial[i]];
        }
        s
    }

    /// Whether the table has any spatial pattern.
    #[inline]
    pub fn has_spatial(&self) -> bool {
        !self.log_spatial.is_empty()
    }

    /// ln(gamma) of the spatial pattern with hash `h`, if the table has it.
    #[inline]
    pub fn spatial_log(&self, h: u64) -> Option<f32> {
        self.log_spatial.get(&h).copied()
    }

    /// The index (size - MIN_D) of the largest spatial pattern of `f` in the table.
    #[inline]
    pub fn spatial_match(&self, f: &Features) -> Option<usize> {
        if self.log_spatial.is_empty() {
            return None;
        }
        (0..SIZES)
            .rev()
            .find(|&i| f.spatial[i] != 0 && self.log_spatial.contains_key(&f.spatial[i]))
    }

    /// The value of a `meta` key, if given.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The file text (see the module notes); shapes in code order, so the text is stable.
    pub fn to_text(&self) -> String {
        let lines = checked::GammaLines {
            groups: self.groups.clone(),
            shapes: self.shapes.clone(),
            other_shape: self.other_shape,
            meta: self.meta.clone(),
        };
        let mut body = lines.to_text(&info());
        let mut spatial: Vec<_> = self.spatial.iter().collect();
        spatial.sort_by_key(|(h, _)| **h);
        for (h, x) in spatial {
            let _ = writeln!(body, "p {h:016x} {x:.6e}");
        }
        checked::wrap(FORMAT, LAYOUT, &body)
    }

    /// Reads a table from file text; `name` (the file) opens every error message.
    pub fn parse(text: &str, name: &str) -> Result<Gammas, String> {
        let body = checked::unwrap(text, name, FORMAT, LAYOUT)?;
        let mut spatial = HashMap::new();
        let lines = checked::GammaLines::parse(body, name, &info(), |kind, mut w, n| {
            if kind != "p" {
                return Err(format!("{name}: line {n}: unknown line type `{kind}`"));
            }
            let h = w
                .next()
                .and_then(|h| u64::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("{name}: line {n}: bad spatial hash"))?;
            spatial.insert(h, checked::parse_gamma(w.next(), name, n)?);
            Ok(())
        })?;
        Ok(Gammas::new(
            lines.groups,
            lines.shapes,
            lines.other_shape,
            spatial,
            lines.meta,
        ))
    }

    /// Reads a table from a file.
    pub fn load(path: &Path) -> Result<Gammas, String> {
        let (text, name) = checked::read(path)?;
        Gammas::parse(&text, &name)
    }

    /// Writes the table to `path` atomically and durably (a temporary file beside it,
    /// synced, renamed, the folder synced).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        checked::save(path, &self.to_text())
    }
}
