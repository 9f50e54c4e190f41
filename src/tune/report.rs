//! `moyo tune report DIR`: everything from the log alone. Tables of each parameter's
//! population mean and spread by generation, the champion against the defaults in the
//! check games, the champion's values; and the picture, `DIR/tune.svg`.

use super::json::Json;
use super::spec::{Spec, Tuned};
use crate::params::ParamKind;
use std::fmt::Write as _;
use std::path::Path;

/// One generation as the log tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    pub index: usize,
    /// Mean and spread (standard deviation) of each parameter over the population.
    pub stats: Vec<(f64, f64)>,
    /// Games logged.
    pub games: usize,
    /// The champion at its end, if it ended.
    pub champion: Option<Vec<f64>>,
    /// Check games, from the champion's side: wins, draws, losses.
    pub check: Option<(u32, u32, u32)>,
}

/// A run as its log tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub method: String,
    pub settings: Vec<(String, String)>,
    pub spec: Spec,
    pub generations: Vec<Generation>,
}

impl Summary {
    /// The last champion and the generation it ended.
    pub fn champion(&self) -> Option<(usize, &[f64])> {
        self.generations
            .iter()
            .rev()
            .find_map(|g| g.champion.as_deref().map(|c| (g.index, c)))
    }
}

/// The summary of a log's records.
pub fn summarize(records: &[Json]) -> Result<Summary, String> {
    let run = records
        .iter()
        .find(|r| r.get("type").and_then(Json::str) == Some("run"))
        .ok_or("no run record")?;
    let method = run
        .get("method")
        .and_then(Json::str)
        .unwrap_or("?")
        .to_string();
    let settings = match run.get("settings") {
        Some(Json::Obj(m)) => m
            .iter()
            .map(|(k, v)| (k.clone(), v.str().unwrap_or("").to_string()))
            .collect(),
        _ => Vec::new(),
    };
    let params = run
        .get("params")
        .and_then(Json::arr)
        .ok_or("run record without params")?
        .iter()
        .map(tuned)
        .collect::<Option<Vec<_>>>()
        .ok_or("a bad parameter in the run record")?;
    let spec = Spec { params };
    let width = spec.params.len();
    let mut gens: Vec<Generation> = Vec::new();
    // Players of each generation, for the check games' sides.
    let mut checkers: Vec<Option<usize>> = Vec::new();
    for r in records {
        let Some(g) = r.int("gen").filter(|&g| g >= 0).map(|g| g as usize) else {
            continue;
        };
        if g > 1_000_000 {
            return Err(format!("generation {g} is out of reach"));
        }
        while gens.len() <= g {
            gens.push(Generation {
                index: gens.len(),
                stats: Vec::new(),
                games: 0,
                champion: None,
                check: None,
            });
            checkers.push(None);
        }
        let this = &mut gens[g];
        match r.get("type").and_then(Json::str) {
            Some("generation") => {
                let players = r
                    .get("players")
                    .and_then(Json::arr)
                    .and_then(|a| a.iter().map(Json::nums).collect::<Option<Vec<_>>>())
                    .filter(|p| p.iter().all(|v| v.len() == width))
                    .ok_or(format!("generation {g}: bad players"))?;
                let n = (r.int("population").unwrap_or(0).max(0) as usize).min(players.len());
                this.stats = super::population::mean_spread(&players[..n]);
                checkers[g] = players.len().checked_sub(2);
            }
            Some("game") => {
                this.games += 1;
                let Some((_, p, result)) = super::log::parse_game(r) else {
                    continue;
                };
                if p.kind != super::GameKind::Check {
                    continue;
                }
                let c = checkers[g];
                let champion_colour = if p.black.is_some() && p.black == c {
                    crate::board::Color::Black
                } else {
                    crate::board::Color::White
                };
                let (w, d, l) = this.check.get_or_insert((0, 0, 0));
                match result.winner {
                    None => *d += 1,
                    Some(x) if x == champion_colour => *w += 1,
                    Some(_) => *l += 1,
                }
            }
            Some("champion") => {
                this.champion = r
                    .get("values")
                    .and_then(Json::nums)
                    .filter(|v| v.len() == width);
            }
            _ => {}
        }
    }
    Ok(Summary {
        method,
        settings,
        spec,
        generations: gens,
    })
}

fn tuned(j: &Json) -> Option<Tuned> {
    let kind = match j.get("kind")?.str()? {
        "Real" => ParamKind::Real,
        "Integer" => ParamKind::Integer,
        "Switch" => ParamKind::Switch,
        _ => return None,
    };
    Some(Tuned {
        name: j.get("name")?.str()?.to_string(),
        kind,
        min: j.get("min")?.num()?,
        max: j.get("max")?.num()?,
        step: j.get("step")?.num()?,
        default: j.get("default")?.num()?,
    })
}

/// The score of `w` wins, `d` draws, `l` losses, and the half-width of its 95% interval,
/// both as fractions.
pub fn score(w: u32, d: u32, l: u32) -> (f64, f64) {
    let n = (w + d + l) as f64;
    if n == 0.0 {
        return (0.5, 0.5);
    }
    let p = (w as f64 + 0.5 * d as f64) / n;
    (p, 1.96 * (p * (1.0 - p) / n).sqrt())
}

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
