//! The run log, `DIR/games.jsonl`: one JSON object a line, appended as things happen, so
//! that any analysis can be redone and a killed run knows which games it already has.
//!
//! - `{"type":"run", ...}`: the settings and the tuned parameters (first line);
//! - `{"type":"generation","gen":G,"population":P,"players":[[...],...]}`: a generation's
//!   players (the first P are the population; the values are those played);
//! - `{"type":"game","gen":G,"game":I,"kind":"round"|"check","black":B,"white":W,
//!   "seed":"S","winner":"B"|"W"|"draw","result":"B+3.5","end":"score","moves":N,
//!   "seconds":T}`: one game, players by index (-1: the fixed opponent);
//! - `{"type":"champion","gen":G,"values":[...],"points":[...]}`: the end of generation G.

use super::game::{End, GameResult};
use super::json::{self, Json};
use super::{Plan, Planned, State, TuneConfig};
use crate::board::Color;
use crate::sys::durable::AppendLog;
use std::path::Path;
use std::time::Instant;

/// The log file, open for appending, with the records it held when opened.
pub struct Log {
    file: AppendLog,
    records: Vec<Json>,
}

/// Reads the records of a log; a last line cut short by a kill is left out (and its
/// length returned as the bytes to cut). A bad line elsewhere is an error naming it.
pub fn read(path: &Path) -> Result<(Vec<Json>, usize), String> {
    parse(path, &read_bytes(path)?)
}

/// The log's bytes; none when there is no log yet.
fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    match std::fs::read(path) {
        Ok(t) => Ok(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{}: cannot read: {e}", path.display())),
    }
}

/// The records of the log text `text` read from `path`, and the length of its whole lines.
fn parse(path: &Path, text: &[u8]) -> Result<(Vec<Json>, usize), String> {
    let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let body = String::from_utf8_lossy(&text[..complete]);
    let mut records = Vec::new();
    for (i, line) in body.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v = Json::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        records.push(v);
    }
    Ok((records, complete))
}

impl Log {
    /// Opens (or creates) the log at `path`, cutting off a last line a kill left unfinished.
    pub fn open(path: &Path) -> Result<Log, String> {
        let text = read_bytes(path)?;
        let (records, complete) = parse(path, &text)?;
        let file = AppendLog::open(path, &text[..complete])
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Log { file, records })
    }

    /// The records read at opening.
    pub fn records(&self) -> &[Json] {
        &self.records
    }

    /// Appends one record (a line of JSON). A log replaced under the run (a checkout of a
    /// committed run folder) is first written again whole, with a note.
    pub fn append(&mut self, line: &str) -> Result<(), String> {
        let replaced = self
            .file
            .append(line)
            .map_err(|e| format!("{}: cannot write: {e}", self.file.path().display()))?;
        if replaced {
            crate::diag!(
                "tune: {} was replaced or changed while the run wrote it; written again whole",
                self.file.path().display()
            );
        }
        Ok(())
    }

    /// The generation record of generation `g` read at opening, if any.
    pub fn generation(&self, g: usize) -> Option<&Json> {
        self.records.iter().rev().find(|r| {
            r.get("type").and_then(Json::str) == Some("generation")
                && r.int("gen") == Some(g as i64)
        })
    }

    /// The results of generation `g` already in the log, by game index of `plan`; a logged
    /// game that does not match the plan (players or seed) is an error.
    pub fn results(&self, g: usize, plan: &Plan) -> Result<Vec<Option<GameResult>>, String> {
        let mut out = vec![None; plan.games.len()];
        for r in &self.records {
            if r.get("type").and_then(Json::str) != Some("game") || r.int("gen") != Some(g as i64) {
                continue;
            }
            let bad = || {
                format!(
                    "{}: a game of generation {g} does not match the checkpoint's plan \
                     (was the checkpoint replaced?)",
                    self.file.path().display()
                )
            };
            let (i, p, result) = parse_game(r).ok_or_else(bad)?;
            let want = plan.games.get(i).ok_or_else(bad)?;
            if (want.black, want.white, want.seed, want.kind) != (p.black, p.white, p.seed, p.kind)
            {
                return Err(bad());
            }
            out[i] = Some(result);
        }
        Ok(out)
    }
}

fn index(i: Option<usize>) -> i64 {
    i.map_or(-1, |i| i as i64)
}

/// The run record.
pub fn run_record(cfg: &TuneConfig) -> String {
    let params: Vec<String> = cfg
        .spec
        .params
        .iter()
        .map(|t| {
            format!(
                "{{\"name\":{},\"kind\":\"{:?}\",\"min\":{},\"max\":{},\"step\":{},\"default\":{}}}",
                json::quote(&t.name),
                t.kind,
                t.min,
                t.max,
                t.step,
                t.default
            )
        })
        .collect();
    let settings: Vec<String> = cfg
        .settings()
        .into_iter()
        .filter(|(k, _)| k != "param")
        .map(|(k, v)| format!("{}:{}", json::quote(&k), json::quote(&v)))
        .collect();
    format!(
        "{{\"type\":\"run\",\"method\":\"{}\",\"settings\":{{{}}},\"params\":[{}]}}",
        cfg.method.as_str(),
        settings.join(","),
        params.join(",")
    )
}

/// The generation record.
pub fn generation_record(g: usize, plan: &Plan) -> String {
    let players: Vec<String> = plan.players.iter().map(|p| json::array(p)).collect();
    format!(
        "{{\"type\":\"generation\",\"gen\":{g},\"population\":{},\"players\":[{}]}}",
        plan.population,
        players.join(",")
    )
}

/// The record of game `i` of generation `g`.
pub fn game_record(g: usize, i: usize, p: &Planned, r: &GameResult) -> String {
    let winner = match r.winner {
        Some(Color::Black) => "B",
        Some(Color::White) => "W",
        None => "draw",
    };
    format!(
        "{{\"type\":\"game\",\"gen\":{g},\"game\":{i},\"kind\":\"{}\",\"black\":{},\"white\":{},\
         \"seed\":\"{}\",\"winner\":\"{winner}\",\"result\":{},\"end\":\"{}\",\"moves\":{},\
         \"seconds\":{:.3}}}",
        p.kind.as_str(),
        index(p.black),
        index(p.white),
        p.seed,
        json::quote(&r.result),
        r.end.as_str(),
        r.moves,
        r.seconds
    )
}

/// The record of the end of generation `g`.
pub fn champion_record(g: usize, state: &State) -> String {
    let points: Vec<f64> = state.points.iter().map(|&p| p as f64).collect();
    format!(
        "{{\"type\":\"champion\",\"gen\":{g},\"values\":{},\"points\":{}}}",
        json::array(&state.champion),
        json::array(&points)
    )
}

/// A game record's index, pairing and result.
pub fn parse_game(r: &Json) -> Option<(usize, Planned, GameResult)> {
    let who = |k: &str| -> Option<Option<usize>> {
        match r.int(k)? {
            -1 => Some(None),
            i if i >= 0 => Some(Some(i as usize)),
            _ => None,
        }
    };
    let kind = match r.get("kind")?.str()? {
        "round" => super::GameKind::Round,
        "check" => super::GameKind::Check,
        _ => return None,
    };
    let seed = seed_of(r)?;
    let winner = match r.get("winner")?.str()? {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        "draw" => None,
        _ => return None,
    };
    let p = Planned {
        black: who("black")?,
        white: who("white")?,
        kind,
        seed,
    };
    let result = GameResult {
        winner,
        result: r.get("result")?.str()?.to_string(),
        end: End::parse(r.get("end")?.str()?)?,
        moves: r.int("moves")?.max(0) as usize,
        seconds: r.get("seconds")?.num()?,
    };
    Some((r.int("game")?.try_into().ok()?, p, result))
}

/// The seed of a game record: a string of digits, since JSON numbers pass through f64,
/// which rounds 64-bit integers.
fn seed_of(r: &Json) -> Option<u64> {
    r.get("seed")?.str()?.parse().ok()
}

/// The progress line on stderr: generation, games done and to come, rate, time left.
pub struct Progress {
    quiet: bool,
    generation: usize,
    generations: usize,
    in_generation: usize,
    done_here: usize,
    left_here: usize,
    later: usize,
    last: Option<Instant>,
}

impl Progress {
    pub fn new(cfg: &TuneConfig, g: usize, games: usize, todo: usize) -> Progress {
        let later = cfg.generations.saturating_sub(g + 1) * games;
        Progress {
            quiet: cfg.quiet,
            generation: g,
            generations: cfg.generations,
            in_generation: games,
            done_here: games - todo,
            left_here: todo,
            later,
            last: None,
        }
    }

    /// Counts one game and prints the line (at most every two seconds, and at the end).
    pub fn game_done(&mut self, started: Instant, sitting: usize) {
        self.done_here += 1;
        self.left_here = self.left_here.saturating_sub(1);
        if self.quiet {
            return;
        }
        let now = Instant::now();
        if self.left_here > 0 && self.last.is_some_and(|t| (now - t).as_secs_f64() < 2.0) {
            return;
        }
        self.last = Some(now);
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        let rate = sitting as f64 / secs;
        let to_come = self.left_here + self.later;
        let left = (to_come as f64 / rate.max(1e-9)) as u64;
        crate::diag!(
            "tune: generation {}/{}, game {}/{}, {} to come, {:.1} games/min, {}h{:02}m left",
            self.generation + 1,
            self.generations,
            self.done_here,
            self.in_generation,
            to_come,
            rate * 60.0,
            left / 3600,
            left / 60 % 60
        );
    }
}
