//! `moyo tune report DIR`: everything from the log alone. Tables of each parameter's
//! population mean and spread by generation, the champion against the defaults in the
//! check games, the champion's values; and the picture, `DIR/tune.svg`.

use super::summary::{Generation, Summary, score, summarize};
use std::fmt::Write as _;
use std::path::Path;

/// The report's text.
pub fn tables(s: &Summary) -> String {
    let mut out = String::new();
    let setting = |k: &str| {
        s.settings
            .iter()
            .find(|(key, _)| key == k)
            .map_or("?", |(_, v)| v.as_str())
    };
    let done = s
        .generations
        .iter()
        .filter(|g| g.champion.is_some())
        .count();
    let games: usize = s.generations.iter().map(|g| g.games).sum();
    let _ = writeln!(
        out,
        "run: {} on {}x{} komi {}, playouts {}, time per move {}, opponent {}",
        s.method,
        setting("size"),
        setting("size"),
        setting("komi"),
        setting("playouts"),
        setting("time-per-move"),
        setting("opponent")
    );
    let _ = writeln!(out, "generations ended {done}, games logged {games}\n");
    let _ = write!(out, "{:>5} {:>6}", "gen", "games");
    for t in &s.spec.params {
        let _ = write!(out, " {:>24}", t.name);
    }
    out.push('\n');
    for g in &s.generations {
        let _ = write!(out, "{:>5} {:>6}", g.index, g.games);
        for &(m, sd) in &g.stats {
            let _ = write!(out, " {:>24}", format!("{m:.4} ±{sd:.4}"));
        }
        out.push('\n');
    }
    let checks: Vec<&Generation> = s.generations.iter().filter(|g| g.check.is_some()).collect();
    if !checks.is_empty() {
        let _ = writeln!(out, "\nchampion so far against the defaults:");
        let _ = writeln!(
            out,
            "{:>5} {:>5} {:>5} {:>6} {:>7} {:>7}",
            "gen", "wins", "draws", "losses", "score", "±95%"
        );
        for g in checks {
            let (w, d, l) = g.check.unwrap_or_default();
            let (p, e) = score(w, d, l);
            let _ = writeln!(
                out,
                "{:>5} {w:>5} {d:>5} {l:>6} {:>6.1}% {:>6.1}%",
                g.index,
                100.0 * p,
                100.0 * e
            );
        }
    }
    pulls_table(&mut out, s);
    if let Some((g, c)) = s.champion() {
        let _ = writeln!(out, "\nchampion after generation {g}:");
        let _ = writeln!(
            out,
            "{:>24} {:>12} {:>12} {:>12} {:>12}",
            "parameter", "default", "champion", "min", "max"
        );
        for (t, &x) in s.spec.params.iter().zip(c) {
            let _ = writeln!(
                out,
                "{:>24} {:>12} {:>12} {:>12} {:>12}",
                t.name,
                t.text(t.default),
                t.text(x),
                t.min,
                t.max
            );
        }
        let _ = writeln!(out, "{}", s.spec.set_line(c));
    }
    out
}

/// The generations the pull table's second column sums: the last few, where theta is now.
const RECENT: usize = 3;

/// SPSA's pulls: each parameter's higher value's score in the pairs' games, over the whole
/// run and over the last `RECENT` generations (nothing for other runs).
fn pulls_table(out: &mut String, s: &Summary) {
    let all = s.pulls_from(0);
    if all.iter().all(|&(w, d, l)| w + d + l == 0) {
        return;
    }
    let from = s.generations.len().saturating_sub(RECENT);
    let recent = s.pulls_from(from);
    let _ = writeln!(
        out,
        "\npull of each parameter: the higher value's score in the pairs' games\n\
         (above 50%: raise it; below: lower it)"
    );
    let _ = writeln!(
        out,
        "{:>24} {:>6} {:>16} {:>6} {:>16}",
        "parameter",
        "games",
        "all generations",
        "games",
        format!("from gen {from}")
    );
    let cell = |(w, d, l): (u32, u32, u32)| {
        let (p, e) = score(w, d, l);
        (w + d + l, format!("{:.1}% ±{:.1}%", 100.0 * p, 100.0 * e))
    };
    for (t, (&a, &r)) in s.spec.params.iter().zip(all.iter().zip(&recent)) {
        let ((na, sa), (nr, sr)) = (cell(a), cell(r));
        let _ = writeln!(out, "{:>24} {na:>6} {sa:>16} {nr:>6} {sr:>16}", t.name);
    }
}

/// Reads `DIR/games.jsonl`, writes `DIR/tune.svg` and returns the tables.
pub fn run(dir: &Path) -> Result<String, String> {
    let path = super::log_path(dir);
    if !path.exists() {
        return Err(format!("{}: no tuning log here", path.display()));
    }
    let (records, _) = super::log::read(&path)?;
    let s = summarize(&records).map_err(|e| format!("{}: {e}", path.display()))?;
    let svg_path = dir.join("tune.svg");
    super::checkpoint::write_atomic(&svg_path, super::svg::draw(&s).as_bytes())?;
    Ok(tables(&s))
}
