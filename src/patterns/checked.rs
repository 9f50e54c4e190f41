//! The text form shared by the learned tables of `patterns` (gammas, fuseki): a format line,
//! a layout line that must match what the reader expects, an FNV-1a checksum of the body,
//! then the body; written atomically, read back with errors that name the file. The learned
//! tables of `playout` use it too.

use crate::board::CODE_BITS;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// FNV-1a, 64 bits.
pub fn fnv64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file text of `body` under the `format` and `layout` lines.
pub fn wrap(format: &str, layout: &str, body: &str) -> String {
    format!(
        "{format}\nlayout {layout}\nchecksum {:016x}\n{body}",
        fnv64(body.as_bytes())
    )
}

/// The body of file `name`'s `text` once its format, layout and checksum lines check out;
/// the body's first line is line `BODY_LINE` of the file.
pub fn unwrap<'a>(
    text: &'a str,
    name: &str,
    format: &str,
    layout: &str,
) -> Result<&'a str, String> {
    let err = |line: usize, what: &str| format!("{name}: line {line}: {what}");
    let mut lines = text.splitn(4, '\n');
    let first = lines.next().unwrap_or("").trim_end();
    if first != format {
        return Err(err(1, &format!("expected `{format}`, found `{first}`")));
    }
    let second = lines.next().unwrap_or("").trim_end();
    if second.strip_prefix("layout ") != Some(layout) {
        return Err(err(
            2,
            &format!("feature layout mismatch: expected `layout {layout}`"),
        ));
    }
    let sum = lines.next().unwrap_or("").trim_end();
    let body = lines.next().unwrap_or("");
    let want = sum
        .strip_prefix("checksum ")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| err(3, "expected `checksum <16 hex digits>`"))?;
    let got = fnv64(body.as_bytes());
    if got != want {
        return Err(format!(
            "{name}: checksum mismatch (file says {want:016x}, contents give {got:016x}): corrupt or edited"
        ));
    }
    Ok(body)
}

/// A built-in table as parsed, or, when its text is damaged, the error on stderr (naming the
/// file) and `fallback`, described as `instead` there: the engine runs on without it.
pub fn or_report<T>(parsed: Result<T, String>, instead: &str, fallback: impl FnOnce() -> T) -> T {
    parsed.unwrap_or_else(|e| {
        crate::diag!("moyo: {e}; using {instead}");
        fallback()
    })
}

/// Line number in the file of the body's first line.
pub const BODY_LINE: usize = 4;

/// Reads file `path` whole, errors naming it.
pub fn read(path: &Path) -> Result<(String, String), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    Ok((text, name))
}

/// Writes `text` to `path` atomically and durably (`sys::durable`: a temporary file beside
/// it, synced, renamed, the folder synced).
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    crate::sys::durable::write(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The lines every gamma table shares, read from its body: `meta <key> <value...>`,
/// `g <group> <level> <gamma>` (a missing level has gamma 1) and `s <canonical 3x3 code,
/// hex> <gamma>` or `s other <gamma>` (every shape not listed).
#[derive(Clone, Debug, PartialEq)]
pub struct GammaLines<const N: usize> {
    /// Gamma per level of each of the `N` groups, in the order of the groups given.
    pub groups: [Vec<f64>; N],
    /// Gamma of each listed canonical 3x3 shape.
    pub shapes: HashMap<u32, f64>,
    /// Gamma of the shapes not listed.
    pub other_shape: f64,
    /// The `meta` lines (key, value).
    pub meta: Vec<(String, String)>,
}

/// A gamma from the next word of line `n` of file `name`: a positive, finite number.
pub fn parse_gamma(word: Option<&str>, name: &str, n: usize) -> Result<f64, String> {
    let x: f64 = word
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{name}: line {n}: expected a gamma"))?;
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(format!(
            "{name}: line {n}: a gamma must be positive and finite"
        ))
    }
}

impl<const N: usize> GammaLines<N> {
    /// Reads the shared lines of file `name`'s `body` (see `unwrap`), for the groups `info`
    /// (name, levels); a line of another type goes to `other(type, rest of its words, line
    /// number)`, which refuses it with an error or takes it.
    pub fn parse<'a>(
        body: &'a str,
        name: &str,
        info: &[(&str, usize); N],
        mut other: impl FnMut(&str, std::str::SplitWhitespace<'a>, usize) -> Result<(), String>,
    ) -> Result<GammaLines<N>, String> {
        let err = |line: usize, what: &str| format!("{name}: line {line}: {what}");
        let mut t = GammaLines {
            groups: info.map(|(_, n)| vec![1.0; n]),
            shapes: HashMap::new(),
            other_shape: 1.0,
            meta: Vec::new(),
        };
        for (i, line) in body.lines().enumerate() {
            let n = i + BODY_LINE;
            let mut w = line.split_whitespace();
            match w.next() {
                None => {}
                Some("meta") => {
                    let k = w.next().ok_or_else(|| err(n, "meta without a key"))?;
                    t.meta
                        .push((k.to_string(), w.collect::<Vec<_>>().join(" ")));
                }
                Some("g") => {
                    let gname = w.next().unwrap_or("");
                    let g = info
                        .iter()
                        .position(|x| x.0 == gname)
                        .ok_or_else(|| err(n, &format!("unknown group `{gname}`")))?;
                    let l: usize = w
                        .next()
                        .and_then(|s| s.parse().ok())
                        .filter(|&l| l < info[g].1)
                        .ok_or_else(|| err(n, "bad level"))?;
                    t.groups[g][l] = parse_gamma(w.next(), name, n)?;
                }
                Some("s") => {
                    let c = w.next().unwrap_or("");
                    let x = parse_gamma(w.next(), name, n)?;
                    if c == "other" {
                        t.other_shape = x;
                    } else {
                        let code = u32::from_str_radix(c, 16)
                            .ok()
                            .filter(|&c| c < 1 << CODE_BITS)
                            .ok_or_else(|| err(n, "bad shape code"))?;
                        t.shapes.insert(code, x);
                    }
                }
                Some(kind) => other(kind, w, n)?,
            }
        }
        Ok(t)
    }

    /// The lines of the table (meta, groups named by `info`, shapes in code order, so that
    /// the text is stable), for a body.
    pub fn to_text(&self, info: &[(&str, usize); N]) -> String {
        let mut body = String::new();
        for (k, v) in &self.meta {
            let _ = writeln!(body, "meta {k} {v}");
        }
        for (g, v) in self.groups.iter().enumerate() {
            for (l, x) in v.iter().enumerate() {
                let _ = writeln!(body, "g {} {l} {x:.6e}", info[g].0);
            }
        }
        let mut shapes: Vec<_> = self.shapes.iter().collect();
        shapes.sort_by_key(|(c, _)| **c);
        for (c, x) in shapes {
            let _ = writeln!(body, "s {c:05x} {x:.6e}");
        }
        let _ = writeln!(body, "s other {:.6e}", self.other_shape);
        body
    }
}
