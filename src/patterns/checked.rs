//! The text form shared by the learned tables of `patterns` (gammas, fuseki): a format line,
//! a layout line that must match what the reader expects, an FNV-1a checksum of the body,
//! then the body; written atomically, read back with errors that name the file.

use std::path::Path;

/// FNV-1a, 64 bits.
pub(super) fn fnv64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file text of `body` under the `format` and `layout` lines.
pub(super) fn wrap(format: &str, layout: &str, body: &str) -> String {
    format!(
        "{format}\nlayout {layout}\nchecksum {:016x}\n{body}",
        fnv64(body.as_bytes())
    )
}

/// The body of file `name`'s `text` once its format, layout and checksum lines check out;
/// the body's first line is line `BODY_LINE` of the file.
pub(super) fn unwrap<'a>(
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
pub(super) fn or_report<T>(
    parsed: Result<T, String>,
    instead: &str,
    fallback: impl FnOnce() -> T,
) -> T {
    parsed.unwrap_or_else(|e| {
        crate::diag!("moyo: {e}; using {instead}");
        fallback()
    })
}

/// Line number in the file of the body's first line.
pub(super) const BODY_LINE: usize = 4;

/// Reads file `path` whole, errors naming it.
pub(super) fn read(path: &Path) -> Result<(String, String), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    Ok((text, name))
}

/// Writes `text` to `path` atomically and durably (`sys::durable`: a temporary file beside
/// it, synced, renamed, the folder synced).
pub(super) fn save(path: &Path, text: &str) -> Result<(), String> {
    crate::sys::durable::write(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}
