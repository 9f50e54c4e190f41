//! SPSA (simultaneous perturbation stochastic approximation), as chess engines tune: each
//! generation draws perturbations delta in {-1, +1} on every parameter, theta + c_k delta
//! plays theta - c_k delta (or both play the fixed opponent), and theta moves along the
//! gradient the results estimate, with Spall's schedules a_k = a / (A + k + 1)^0.602 and
//! c_k = c / (k + 1)^0.101. A generation plays as many games as a co-evolution generation
//! of the same settings, so both methods get the same budget. Everything is counted in
//! steps: c is `--sigma`, and a is chosen so that one perturbation won outright moves theta
//! by c steps in the first generation.

use super::{GameKind, Plan, STREAM_PERTURB, State, TuneConfig, population};
use rand::Rng;

/// Spall's stability constant A.
const A: f64 = 10.0;
const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// The perturbation size c_k of generation `k`, in steps.
pub fn c_k(cfg: &TuneConfig, k: usize) -> f64 {
    cfg.sigma / (k as f64 + 1.0).powf(GAMMA)
}

/// The gain a_k of generation `k`.
pub fn a_k(cfg: &TuneConfig, k: usize) -> f64 {
    let a = 2.0 * cfg.sigma * cfg.sigma * (A + 1.0).powf(ALPHA);
    a / (A + k as f64 + 1.0).powf(ALPHA)
}

/// Perturbation pairs per generation (the co-evolution budget in games).
pub fn pairs(cfg: &TuneConfig) -> usize {
    let per_pair = match cfg.games.opponent {
        Some(_) => 2 * cfg.games_per_pair,
        None => cfg.games_per_pair,
    };
    (cfg.games_per_generation() / per_pair).max(1)
}

/// Players 2j and 2j+1 are theta + c_k delta_j and theta - c_k delta_j.
pub fn plan(cfg: &TuneConfig, state: &State, rng: &mut impl Rng) -> Plan {
    let k = state.generation;
    let theta = &state.members[0];
    let c = c_k(cfg, k);
    let mut prng = population::stream(cfg.seed, k, STREAM_PERTURB);
    let mut plan = Plan {
        players: Vec::new(),
        population: 0,
        games: Vec::new(),
    };
    for _ in 0..pairs(cfg) {
        let delta: Vec<f64> = (0..theta.len())
            .map(|_| if prng.gen_bool(0.5) { 1.0 } else { -1.0 })
            .collect();
        let shifted = |sign: f64| -> Vec<f64> {
            let v: Vec<f64> = cfg
                .spec
                .params
                .iter()
                .zip(theta)
                .zip(&delta)
                .map(|((t, &x), &d)| x + sign * c * d * t.step)
                .collect();
            cfg.spec.clamp_round(&v)
        };
        plan.players.push(shifted(1.0));
        plan.players.push(shifted(-1.0));
    }
    plan.population = plan.players.len();
    let games = cfg.games_per_pair;
    for j in 0..plan.population / 2 {
        let (p, m) = (2 * j, 2 * j + 1);
        if cfg.games.opponent.is_some() {
            plan.add_games(Some(p), None, games, GameKind::Round, rng);
            plan.add_games(Some(m), None, games, GameKind::Round, rng);
        } else {
            plan.add_games(Some(p), Some(m), games, GameKind::Round, rng);
        }
    }
    plan
}

/// Theta moved by a_k times the mean gradient estimate, clamped to the ranges.
pub fn advance(cfg: &TuneConfig, state: &State, plan: &Plan, points: &[u32]) -> State {
    let k = state.generation;
    let theta = &state.members[0];
    let pairs = plan.population / 2;
    let games = cfg.games_per_pair as f64;
    let mut grad = vec![0.0; theta.len()];
    for j in 0..pairs {
        let (plus, minus) = (&plan.players[2 * j], &plan.players[2 * j + 1]);
        // The result difference in [-1, 1]: (wins - losses) / games between the two, or the
        // difference of their scores against the opponent.
        let diff = (points[2 * j] as f64 - points[2 * j + 1] as f64) / (3.0 * games);
        for (i, t) in cfg.spec.params.iter().enumerate() {
            let spread = (plus[i] - minus[i]) / t.step;
            if spread != 0.0 {
                grad[i] += diff / spread;
            }
        }
    }
    let a = a_k(cfg, k);
    let next: Vec<f64> = cfg
        .spec
        .params
        .iter()
        .zip(theta)
        .zip(&grad)
        .map(|((t, &x), &g)| (x + a * g / pairs.max(1) as f64 * t.step).clamp(t.min, t.max))
        .collect();
    State {
        generation: k,
        champion: cfg.spec.clamp_round(&next),
        members: vec![next],
        points: Vec::new(),
        games: state.games,
    }
}
