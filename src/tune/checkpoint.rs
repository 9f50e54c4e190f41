//! The checkpoint, `DIR/checkpoint.txt`: the run's settings, the generations completed,
//! the games played, the population (or SPSA's estimate), the last points and the
//! champion, as text, written to a new file and renamed over the old one. The random
//! streams are derived from the seed and the generation, so no generator state is kept.
//!
//! ```text
//! moyo-tune-checkpoint 1
//! setting method coevolution      (one line per setting; see TuneConfig::settings)
//! generation 3
//! games 270
//! champion 0.25 800
//! member 0.25 800                 (one line per member)
//! points 12 9 ...
//! end
//! ```

use super::{State, TuneConfig};
use std::path::Path;

const MAGIC: &str = "moyo-tune-checkpoint 1";

/// Writes `bytes` to `path` atomically and durably (`sys::durable`: a new file beside it,
/// synced, renamed, the folder synced).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::sys::durable::write(path, bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn numbers(xs: &[f64]) -> String {
    xs.iter().map(|x| format!(" {x}")).collect()
}

/// Saves `state` with `cfg`'s settings.
pub fn save(path: &Path, cfg: &TuneConfig, state: &State) -> Result<(), String> {
    let mut s = format!("{MAGIC}\n");
    for (k, v) in cfg.settings() {
        s.push_str(&format!("setting {k} {v}\n"));
    }
    s.push_str(&format!("generation {}\n", state.generation));
    s.push_str(&format!("games {}\n", state.games));
    s.push_str(&format!("champion{}\n", numbers(&state.champion)));
    for m in &state.members {
        s.push_str(&format!("member{}\n", numbers(m)));
    }
    let points: String = state.points.iter().map(|p| format!(" {p}")).collect();
    s.push_str(&format!("points{points}\n"));
    s.push_str("end\n");
    write_atomic(path, s.as_bytes())
}

/// Loads the state at `path`, refusing a checkpoint of other settings (the generations,
/// threads and output options may change between sittings).
pub fn load(path: &Path, cfg: &TuneConfig) -> Result<State, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l) != Some(MAGIC) {
        return Err(format!("{name}: not a moyo tune checkpoint"));
    }
    let mut settings = Vec::new();
    let mut state = State {
        generation: 0,
        members: Vec::new(),
        points: Vec::new(),
        champion: Vec::new(),
        games: 0,
    };
    let mut ended = false;
    let width = cfg.spec.params.len();
    for (i, line) in lines {
        let bad = |what: &str| format!("{name}:{}: {what}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let vector = || -> Result<Vec<f64>, String> {
            let v = rest
                .split_whitespace()
                .map(|x| x.parse::<f64>().ok().filter(|x| x.is_finite()))
                .collect::<Option<Vec<f64>>>()
                .ok_or_else(|| bad("bad number"))?;
            if v.len() != width {
                return Err(bad(&format!("{} values for {width} parameters", v.len())));
            }
            Ok(v)
        };
        match key {
            "setting" => {
                let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                settings.push((k.to_string(), v.to_string()));
            }
            "generation" => state.generation = rest.parse().map_err(|_| bad("bad generation"))?,
            "games" => state.games = rest.parse().map_err(|_| bad("bad game count"))?,
            "champion" => state.champion = vector()?,
            "member" => state.members.push(vector()?),
            "points" => {
                state.points = rest
                    .split_whitespace()
                    .map(|x| x.parse().map_err(|_| bad("bad points")))
                    .collect::<Result<_, _>>()?
            }
            "end" => {
                ended = true;
                break;
            }
            _ => return Err(bad(&format!("unknown line '{key}'"))),
        }
    }
    if !ended {
        return Err(format!("{name}: cut short (no 'end' line)"));
    }
    if state.members.is_empty() || state.champion.is_empty() {
        return Err(format!("{name}: no population"));
    }
    let want = cfg.settings();
    if settings != want {
        let differ = want
            .iter()
            .zip(settings.iter().map(Some).chain(std::iter::repeat(None)))
            .find(|(w, h)| Some(*w) != *h);
        let what = match differ {
            Some(((k, v), Some((_, had)))) => format!("{k} is {v} now but was {had}"),
            Some(((k, v), None)) => format!("{k} {v} is new"),
            None => "it has more settings".into(),
        };
        return Err(format!(
            "{name}: the run in this directory has other settings ({what}); \
             give the same ones to resume, or another --out"
        ));
    }
    Ok(state)
}
