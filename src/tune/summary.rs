//! A tuning run as its log tells it: each generation's population mean and spread, games,
//! champion and check games, read from `DIR/games.jsonl`'s records. The report's tables
//! and its picture are drawn from it.

use super::json::Json;
use super::spec::{Spec, Tuned};
use crate::params::ParamKind;

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
