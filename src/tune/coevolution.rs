//! Co-evolution as Davis and Kendall ran it: the population plays a round robin (each
//! pair `games_per_pair` games, colours swapped), 3 points a win and 1 a draw; the best
//! `survivors` go on, and each has children made by Gaussian noise on every parameter. With
//! a fixed opponent each member plays it instead and its points against it rank it.

use super::population::{self, mutate, ranking};
use super::{GameKind, Plan, STREAM_INIT, STREAM_MUTATE, State, TuneConfig};

/// The first population: the defaults, and mutants of them.
pub fn initial(cfg: &TuneConfig) -> Vec<Vec<f64>> {
    let defaults = cfg.spec.defaults();
    let mut rng = population::stream(cfg.seed, 0, STREAM_INIT);
    let mut members = vec![defaults.clone()];
    while members.len() < cfg.population {
        members.push(mutate(&cfg.spec, &defaults, cfg.sigma, &mut rng));
    }
    members
}

/// The mutation sigma of generation `g`, in steps.
pub fn sigma(cfg: &TuneConfig, g: usize) -> f64 {
    cfg.sigma * cfg.anneal.powi(g.min(i32::MAX as usize) as i32)
}

/// The round robin (or the games against the opponent) of the population in `state`.
pub fn plan(cfg: &TuneConfig, state: &State, rng: &mut impl rand::Rng) -> Plan {
    let n = state.members.len();
    let mut plan = Plan {
        players: state
            .members
            .iter()
            .map(|m| cfg.spec.clamp_round(m))
            .collect(),
        population: n,
        games: Vec::new(),
    };
    let k = cfg.games_per_pair;
    if cfg.games.opponent.is_some() {
        for i in 0..n {
            plan.add_games(Some(i), None, k, GameKind::Round, rng);
        }
    } else {
        for i in 0..n {
            for j in i + 1..n {
                plan.add_games(Some(i), Some(j), k, GameKind::Round, rng);
            }
        }
    }
    plan
}

/// Survivors by points (the population's players only), then their children.
pub fn advance(cfg: &TuneConfig, state: &State, plan: &Plan, points: &[u32]) -> State {
    let order = ranking(&points[..plan.population]);
    let survivors: Vec<Vec<f64>> = order
        .iter()
        .take(cfg.survivors)
        .map(|&i| plan.players[i].clone())
        .collect();
    let mut rng = population::stream(cfg.seed, state.generation, STREAM_MUTATE);
    let s = sigma(cfg, state.generation + 1);
    let mut members = survivors.clone();
    let mut c = 0;
    while members.len() < cfg.population {
        let parent = &survivors[c % survivors.len()];
        members.push(mutate(&cfg.spec, parent, s, &mut rng));
        c += 1;
    }
    State {
        generation: state.generation,
        champion: survivors[0].clone(),
        members,
        points: Vec::new(),
        games: state.games,
    }
}
