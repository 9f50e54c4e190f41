//! A tuning run as its log tells it: each generation's population mean and spread, games,
//! champion and check games, and in an SPSA run each parameter's pull, read from
//! `DIR/games.jsonl`'s records. The report's tables and its picture are drawn from it.

use super::json::Json;
use super::spec::{Spec, Tuned};
use crate::board::Color;
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
    /// SPSA in self-play: for each parameter, the wins, draws and losses of the side that
    /// had the higher value, over the generation's games between a pair. Each parameter's
    /// perturbation is drawn independently of the others', so this is its own effect,
    /// measured long before theta has moved far (empty for other runs).
    pub pulls: Vec<(u32, u32, u32)>,
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

    /// Each parameter's pull (`Generation::pulls`) summed over the generations from `from`
    /// on: wins, draws and losses of the higher value.
    pub fn pulls_from(&self, from: usize) -> Vec<(u32, u32, u32)> {
        let mut sum = vec![(0, 0, 0); self.spec.params.len()];
        for g in self.generations.iter().filter(|g| g.index >= from) {
            for (t, p) in sum.iter_mut().zip(&g.pulls) {
                *t = (t.0 + p.0, t.1 + p.1, t.2 + p.2);
            }
        }
        sum
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
    // The players of each generation, for the pulls (SPSA's pairs only).
    let mut rosters: Vec<Vec<Vec<f64>>> = Vec::new();
    let spsa_pairs = method == "spsa";
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
                pulls: Vec::new(),
            });
            checkers.push(None);
            rosters.push(Vec::new());
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
                if spsa_pairs {
                    this.pulls = vec![(0, 0, 0); width];
                    rosters[g] = players;
                }
            }
            Some("game") => {
                this.games += 1;
                let Some((_, p, result)) = super::log::parse_game(r) else {
                    continue;
                };
                if p.kind != super::GameKind::Check {
                    let roster = &rosters[g];
                    if let (Some(b), Some(w)) = (p.black, p.white)
                        && let (Some(b), Some(w)) = (roster.get(b), roster.get(w))
                    {
                        pull(&mut this.pulls, b, w, result.winner);
                    }
                    continue;
                }
                let c = checkers[g];
                let champion_colour = if p.black.is_some() && p.black == c {
                    Color::Black
                } else {
                    Color::White
                };
                tally(
                    this.check.get_or_insert((0, 0, 0)),
                    result.winner,
                    champion_colour,
                );
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

/// Counts one game between `black` and `white` (their values) in `pulls`: for each
/// parameter where they differ, a win, draw or loss of the side with the higher value.
fn pull(pulls: &mut [(u32, u32, u32)], black: &[f64], white: &[f64], winner: Option<Color>) {
    for ((t, &b), &w) in pulls.iter_mut().zip(black).zip(white) {
        if b != w {
            tally(t, winner, if b > w { Color::Black } else { Color::White });
        }
    }
}

/// Counts a game `winner` won (`None`: a draw) in `side`'s wins, draws and losses.
fn tally(t: &mut (u32, u32, u32), winner: Option<Color>, side: Color) {
    match winner {
        None => t.1 += 1,
        Some(c) if c == side => t.0 += 1,
        Some(_) => t.2 += 1,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A log of one generation of two players, `a` against `b`, with the games `games`
    /// (black, white, winner).
    fn log(method: &str, a: [f64; 2], b: [f64; 2], games: &[(usize, usize, &str)]) -> Vec<Json> {
        let param = |name: &str| {
            format!(r#"{{"name":"{name}","kind":"Real","min":0,"max":10,"step":1,"default":1}}"#)
        };
        let mut lines = vec![
            format!(
                r#"{{"type":"run","method":"{method}","settings":{{}},"params":[{},{}]}}"#,
                param("x"),
                param("y")
            ),
            format!(
                r#"{{"type":"generation","gen":0,"population":2,"players":[[{},{}],[{},{}]]}}"#,
                a[0], a[1], b[0], b[1]
            ),
        ];
        for (i, (black, white, winner)) in games.iter().enumerate() {
            lines.push(format!(
                r#"{{"type":"game","gen":0,"game":{i},"kind":"round","black":{black},"white":{white},"seed":"1","winner":"{winner}","result":"B+R","end":"resign","moves":9,"seconds":1}}"#
            ));
        }
        lines.iter().map(|l| Json::parse(l).unwrap()).collect()
    }

    #[test]
    fn the_pull_counts_the_higher_values_results() {
        // x is higher for player 0, y the same for both: 0 wins as Black twice and loses
        // once as White; one draw.
        let games = [(0, 1, "B"), (1, 0, "B"), (0, 1, "B"), (1, 0, "draw")];
        let s = summarize(&log("spsa", [3.0, 1.0], [2.0, 1.0], &games)).unwrap();
        assert_eq!(s.generations[0].pulls, vec![(2, 1, 1), (0, 0, 0)]);
        assert_eq!(s.pulls_from(0), vec![(2, 1, 1), (0, 0, 0)]);
        assert_eq!(s.pulls_from(1), vec![(0, 0, 0), (0, 0, 0)]);
        // Co-evolution's players differ in every parameter at once: no pull is read there.
        let s = summarize(&log("coevolution", [3.0, 1.0], [2.0, 1.0], &games)).unwrap();
        assert!(s.generations[0].pulls.is_empty());
    }
}
