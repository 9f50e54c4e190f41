//! `moyo tune`: evolves search parameters in games, by co-evolution (Davis and Kendall: a
//! population plays a round robin, 3/1/0 points, the best survive and have mutated
//! children) or by SPSA, on the same game budget. The run lives in one directory: a
//! checkpoint after every generation, a JSON-lines log of every game, the champion as a
//! params file, and a picture. Running the same command again resumes it.
//!
//! Files: `spec` (what is tuned), `population` (mutation, points, random streams),
//! `coevolution` and `spsa` (the methods), `runner` and `game` (playing games),
//! `checkpoint`, `log` and `json` (the run's files), `summary` (the log read back), `report`
//! and `svg` (the output).

pub mod checkpoint;
pub mod coevolution;
pub mod game;
pub mod json;
pub mod log;
pub mod population;
pub mod report;
pub mod runner;
pub mod spec;
pub mod spsa;
pub mod summary;
pub mod svg;
#[cfg(test)]
mod tests;

use crate::params::Params;
use game::{GameResult, GameSettings, Pairing, Player};
use runner::Runner;
use spec::Spec;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The tuning method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Coevolution,
    Spsa,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Coevolution => "coevolution",
            Method::Spsa => "spsa",
        }
    }

    pub fn parse(s: &str) -> Option<Method> {
        match s {
            "coevolution" => Some(Method::Coevolution),
            "spsa" => Some(Method::Spsa),
            _ => None,
        }
    }
}

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The run's directory.
    pub out: PathBuf,
    pub method: Method,
    pub spec: Spec,
    /// The parameters the tuned ones are set over (the defaults, `--params`, `--set`).
    pub base: Params,
    pub games: GameSettings,
    /// Players per generation (co-evolution; SPSA plays as many games per generation).
    pub population: usize,
    pub survivors: usize,
    pub generations: usize,
    pub games_per_pair: usize,
    /// Mutation sigma in steps (co-evolution), or SPSA's perturbation c.
    pub sigma: f64,
    /// Sigma is multiplied by this each generation (co-evolution).
    pub anneal: f64,
    /// Every this many generations, the champion so far plays the defaults (0: never).
    pub check_every: usize,
    pub check_games: usize,
    pub threads: usize,
    pub seed: u64,
    pub quiet: bool,
    /// Stop after this many games of this sitting, as a kill would (for tests).
    pub stop_after: Option<usize>,
}

impl TuneConfig {
    /// The settings a resumed run must share with the run it continues, as `key value`.
    pub fn settings(&self) -> Vec<(String, String)> {
        let opt = |x: Option<String>| x.unwrap_or_else(|| "none".into());
        let mut s = vec![
            ("method", self.method.as_str().to_string()),
            ("size", self.games.size.to_string()),
            ("komi", self.games.komi.to_string()),
            ("playouts", opt(self.games.playouts.map(|p| p.to_string()))),
            (
                "time-per-move",
                opt(self.games.time_per_move.map(|p| p.to_string())),
            ),
            ("opponent", opt(self.games.opponent.clone())),
            ("population", self.population.to_string()),
            ("survivors", self.survivors.to_string()),
            ("games-per-pair", self.games_per_pair.to_string()),
            ("sigma", self.sigma.to_string()),
            ("anneal", self.anneal.to_string()),
            ("check-every", self.check_every.to_string()),
            ("check-games", self.check_games.to_string()),
            ("seed", self.seed.to_string()),
        ];
        for t in &self.spec.params {
            s.push((
                "param",
                format!("{} {} {} {} {}", t.name, t.min, t.max, t.step, t.default),
            ));
        }
        s.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// Games in one generation's tournament (SPSA plays as many).
    pub fn games_per_generation(&self) -> usize {
        let n = self.population;
        match self.games.opponent {
            Some(_) => n * self.games_per_pair,
            None => n * n.saturating_sub(1) / 2 * self.games_per_pair,
        }
    }

    /// Whether generation `g` includes the check games.
    pub fn checks_at(&self, g: usize) -> bool {
        self.check_every > 0 && self.check_games > 0 && g > 0 && g.is_multiple_of(self.check_every)
    }

    /// Checks the numbers, so that a run cannot fail later for a setting.
    pub fn validate(&self) -> Result<(), String> {
        if self.method == Method::Coevolution && self.population < 2 {
            return Err("--population must be at least 2".into());
        }
        if self.survivors == 0 || self.survivors > self.population {
            return Err("--survivors must be between 1 and the population".into());
        }
        if self.games_per_pair == 0 {
            return Err("--games-per-pair must be at least 1".into());
        }
        if !(self.sigma.is_finite() && self.sigma > 0.0) {
            return Err("--sigma must be a positive number of steps".into());
        }
        if !(self.anneal.is_finite() && self.anneal > 0.0 && self.anneal <= 1.0) {
            return Err("--anneal must be in (0, 1]".into());
        }
        Ok(())
    }
}

/// What a generation's game is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// The method's own games (the tournament, or SPSA's pairs).
    Round,
    /// The champion so far against the defaults.
    Check,
}

impl GameKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Round => "round",
            GameKind::Check => "check",
        }
    }
}

/// One planned game: players by index into the generation's players (`None`: the fixed
/// opponent).
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    pub black: Option<usize>,
    pub white: Option<usize>,
    pub kind: GameKind,
    pub seed: u64,
}

/// One generation's players and games, made from the state before it (so a resumed run
/// makes the same plan again).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Values of every player (rounded and clamped).
    pub players: Vec<Vec<f64>>,
    /// The first this many players are the population (their mean and spread are drawn).
    pub population: usize,
    pub games: Vec<Planned>,
}

impl Plan {
    /// Adds `games` games between players `a` and `b` (or the opponent), colours
    /// alternating, `a` Black first.
    pub fn add_games(
        &mut self,
        a: Option<usize>,
        b: Option<usize>,
        games: usize,
        kind: GameKind,
        rng: &mut impl rand::Rng,
    ) {
        for k in 0..games {
            let (black, white) = if k.is_multiple_of(2) { (a, b) } else { (b, a) };
            let seed = rng.next_u64();
            self.games.push(Planned {
                black,
                white,
                kind,
                seed,
            });
        }
    }
}

/// What the checkpoint keeps: the state between generations.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Generations completed.
    pub generation: usize,
    /// Co-evolution: the population of the next generation, survivors first. SPSA: the
    /// current estimate (unrounded) alone.
    pub members: Vec<Vec<f64>>,
    /// Points of the last generation's players, in the order of its plan.
    pub points: Vec<u32>,
    /// The best so far: the last generation's winner, or SPSA's rounded estimate.
    pub champion: Vec<f64>,
    /// Games played in all.
    pub games: u64,
}

/// Purposes of the random streams.
const STREAM_INIT: u64 = 1;
const STREAM_GAMES: u64 = 2;
const STREAM_MUTATE: u64 = 3;
const STREAM_PERTURB: u64 = 4;

impl State {
    /// The state before the first generation.
    pub fn initial(cfg: &TuneConfig) -> State {
        let defaults = cfg.spec.defaults();
        let members = match cfg.method {
            Method::Coevolution => coevolution::initial(cfg),
            Method::Spsa => vec![defaults.clone()],
        };
        State {
            generation: 0,
            members,
            points: Vec::new(),
            champion: defaults,
            games: 0,
        }
    }
}

/// The plan of the generation after `state`, check games included.
pub fn plan(cfg: &TuneConfig, state: &State) -> Plan {
    let g = state.generation;
    let mut rng = population::stream(cfg.seed, g, STREAM_GAMES);
    let mut plan = match cfg.method {
        Method::Coevolution => coevolution::plan(cfg, state, &mut rng),
        Method::Spsa => spsa::plan(cfg, state, &mut rng),
    };
    if cfg.checks_at(g) {
        let c = plan.players.len();
        plan.players.push(cfg.spec.clamp_round(&state.champion));
        plan.players.push(cfg.spec.defaults());
        plan.add_games(
            Some(c),
            Some(c + 1),
            cfg.check_games,
            GameKind::Check,
            &mut rng,
        );
    }
    plan
}

/// The state after `plan` was played with `results` (one per planned game).
pub fn advance(cfg: &TuneConfig, state: &State, plan: &Plan, results: &[GameResult]) -> State {
    let mut points = vec![0; plan.players.len()];
    for (p, r) in plan.games.iter().zip(results) {
        let (b, w) = population::points(r.winner);
        if let Some(i) = p.black {
            points[i] += b;
        }
        if let Some(i) = p.white {
            points[i] += w;
        }
    }
    let mut next = match cfg.method {
        Method::Coevolution => coevolution::advance(cfg, state, plan, &points),
        Method::Spsa => spsa::advance(cfg, state, plan, &points),
    };
    next.generation = state.generation + 1;
    next.points = points;
    next.games = state.games + results.len() as u64;
    next
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Finish {
    /// All generations played; the champion's values.
    Done(Vec<f64>),
    /// Stopped by `stop_after` in the middle of a generation.
    Stopped,
}

/// Runs (or resumes) the tuning run of `cfg` with `runner`.
pub fn run(cfg: &TuneConfig, runner: &mut dyn Runner) -> Result<Finish, String> {
    cfg.validate()?;
    std::fs::create_dir_all(&cfg.out)
        .map_err(|e| format!("{}: cannot create: {e}", cfg.out.display()))?;
    // Two runs on one folder would mix their games and checkpoints.
    let _lock = crate::sys::lock::Lock::folder(&cfg.out)?;
    let ckpt = checkpoint_path(&cfg.out);
    let mut log = log::Log::open(&log_path(&cfg.out))?;
    let mut state = if ckpt.exists() {
        checkpoint::load(&ckpt, cfg)?
    } else {
        State::initial(cfg)
    };
    let record = log::run_record(cfg);
    match log.records().first() {
        None => log.append(&record)?,
        Some(first) if Some(first) != json::Json::parse(&record).ok().as_ref() => {
            return Err(format!(
                "{}: written by a run with other settings; give the same ones to resume, \
                 or another --out",
                log_path(&cfg.out).display()
            ));
        }
        Some(_) => {}
    }
    let started = Instant::now();
    let mut sitting = 0usize;
    while state.generation < cfg.generations {
        let g = state.generation;
        let plan = plan(cfg, &state);
        if log.generation(g).is_none() {
            log.append(&log::generation_record(g, &plan))?;
        }
        let mut results = log.results(g, &plan)?;
        let todo: Vec<usize> = (0..plan.games.len())
            .filter(|&i| results[i].is_none())
            .collect();
        let pairings = todo
            .iter()
            .map(|&i| pairing(cfg, &plan, i))
            .collect::<Result<Vec<_>, _>>()?;
        let mut failed = None;
        let mut progress = log::Progress::new(cfg, g, plan.games.len(), todo.len());
        runner.run(&pairings, &mut |k, r| {
            let i = todo[k];
            if let Err(e) = log.append(&log::game_record(g, i, &plan.games[i], &r)) {
                failed = Some(e);
                return false;
            }
            results[i] = Some(r);
            sitting += 1;
            progress.game_done(started, sitting);
            cfg.stop_after.is_none_or(|n| sitting < n)
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        let Some(results) = results.into_iter().collect::<Option<Vec<_>>>() else {
            return Ok(Finish::Stopped);
        };
        state = advance(cfg, &state, &plan, &results);
        log.append(&log::champion_record(g, &state))?;
        checkpoint::save(&ckpt, cfg, &state)?;
        write_champion(cfg, &state)?;
    }
    Ok(Finish::Done(state.champion))
}

/// The game `i` of `plan` with its players' full parameter sets.
pub fn pairing(cfg: &TuneConfig, plan: &Plan, i: usize) -> Result<Pairing, String> {
    let p = &plan.games[i];
    let player = |who: Option<usize>| -> Result<Player, String> {
        match who {
            None => Ok(Player::Opponent),
            Some(j) => Ok(Player::Engine(Box::new(
                cfg.spec.apply(&cfg.base, &plan.players[j])?,
            ))),
        }
    };
    Ok(Pairing {
        black: player(p.black)?,
        white: player(p.white)?,
        seed: p.seed,
    })
}

pub fn checkpoint_path(dir: &Path) -> PathBuf {
    dir.join("checkpoint.txt")
}

pub fn log_path(dir: &Path) -> PathBuf {
    dir.join("games.jsonl")
}

pub fn champion_path(dir: &Path) -> PathBuf {
    dir.join("champion.params")
}

/// Writes `champion.params` (new file, then rename).
fn write_champion(cfg: &TuneConfig, state: &State) -> Result<(), String> {
    let header = format!(
        "moyo tune champion after generation {} ({} games, {})\nload with: moyo --params {}",
        state.generation,
        state.games,
        cfg.method.as_str(),
        champion_path(&cfg.out).display()
    );
    let text = cfg.spec.params_file(&state.champion, &header);
    checkpoint::write_atomic(&champion_path(&cfg.out), text.as_bytes())
}
