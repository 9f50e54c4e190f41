//! What the builder asks of a position: an [`Evaluator`] gives its value and the order in which
//! its moves should enter the book. The real one is a moyo search of a fixed number of
//! playouts ([`SearchEvaluator`]); tests use fixed functions.

use super::order::{OrderWeights, Played, order_by_visits};
use super::settings::{EVAL_VERSION, EvalSettings};
use crate::board::{Color, Game, Move, canonical};
use crate::params::Params;
use crate::search::{Limits, MoveStat, SearchResult, Searcher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What an evaluator says about a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Value for the side to move, in [-1, 1] (a win rate w gives 2w - 1).
    pub value: f32,
    /// Moves in the order they should enter the book, best first (passes are ignored).
    pub moves: Vec<Move>,
}

/// Gives positions their heuristic value; a search in the real builder, a fixed function
/// in tests.
pub trait Evaluator: Send {
    /// Evaluates `game`'s position with `to_play` to move; `None` when interrupted (the
    /// evaluation is lost and the builder stops).
    fn evaluate(&mut self, game: &Game, to_play: Color) -> Option<Evaluation>;

    /// The settings stored with the values this evaluator gives (by default those of a
    /// fixed function of today's version: no playouts, no parameters).
    fn settings(&self) -> EvalSettings {
        EvalSettings {
            version: EVAL_VERSION,
            playouts: 0,
            seed: 0,
            params: String::new(),
        }
    }
}

/// The real evaluator: a moyo search of a fixed number of playouts, one thread, seeded by
/// the position's canonical key (so an evaluation does not depend on when it runs).
///
/// The root moves are ranked by `rank_for_book`, and the value is the win rate of the first;
/// the order of the moves for the book is `order::order`'s.
pub struct SearchEvaluator {
    pub params: Params,
    pub playouts: u64,
    pub seed: u64,
    /// Every other place of the move order goes to the best move (by the same bound) within
    /// Manhattan distance `local` of the last move, while there is one (0: off).
    pub local: u32,
    /// How the moves are ordered (`OrderWeights::RANKED`: by `rank_for_book`).
    pub order: OrderWeights,
    /// The moves played in opening positions, for the order.
    pub played: Option<Arc<Played>>,
    stop: AtomicBool,
}

impl Clone for SearchEvaluator {
    /// The same settings (the copy is not interrupted).
    fn clone(&self) -> SearchEvaluator {
        let mut e = SearchEvaluator::new(self.params.clone(), self.playouts, self.seed);
        e.local = self.local;
        e.order = self.order;
        e.played = self.played.clone();
        e
    }
}

/// What an evaluation's search found, before the move order is made of it: the part of
/// [`SearchEvaluator`]'s evaluation that needs only the search's settings (parameters,
/// playouts, seed), which a cluster's other ranks run; [`SearchEvaluator::finish`] makes
/// the evaluation of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// Win rate of the first of `ranked` (of the search's best move when there is none), in
    /// [0, 1].
    pub winrate: f32,
    /// The root moves ranked by `rank_for_book`, passes left out.
    pub ranked: Vec<Move>,
    /// Every root move with a visit and its visits, in the search's order.
    pub visits: Vec<(Move, u32)>,
}

impl SearchEvaluator {
    /// An evaluator searching `playouts` playouts with `params`, seeded by `seed` and the
    /// position.
    pub fn new(params: Params, playouts: u64, seed: u64) -> SearchEvaluator {
        SearchEvaluator {
            params,
            playouts,
            seed,
            local: 0,
            order: OrderWeights::RANKED,
            played: None,
            stop: AtomicBool::new(false),
        }
    }
}

/// `moves` (best first) with every other place given to the best remaining move within
/// Manhattan distance `radius` of `last`, while there is one.
pub fn interleave_local(game: &Game, moves: &[Move], radius: u32) -> Vec<Move> {
    let board = game.board();
    let last = match game.last_move() {
        Some((_, Move::Play(p))) if radius > 0 => board.col_row(p),
        _ => return moves.to_vec(),
    };
    let near = |m: &Move| match *m {
        Move::Play(p) => {
            let (c, r) = board.col_row(p);
            (c.abs_diff(last.0) + r.abs_diff(last.1)) as u32 <= radius
        }
        Move::Pass => false,
    };
    let local: Vec<Move> = moves.iter().copied().filter(near).collect();
    let mut out = Vec::with_capacity(moves.len());
    let mut taken = std::collections::HashSet::new();
    let (mut a, mut b) = (0, 0);
    while out.len() < moves.len() {
        let pick_local = out.len() % 2 == 1;
        let next = if pick_local {
            while b < local.len() && taken.contains(&local[b]) {
                b += 1;
            }
            local.get(b).copied()
        } else {
            None
        };
        let m = match next {
            Some(m) => m,
            None => {
                while a < moves.len() && taken.contains(&moves[a]) {
                    a += 1;
                }
                moves[a]
            }
        };
        taken.insert(m);
        out.push(m);
    }
    out
}

/// A root move needs this share of the most-visited move's visits for its win rate to be
/// the position's value.
const VALUE_SHARE: f32 = 0.1;

/// The lower confidence bound of a root move's win rate.
fn lcb(m: &MoveStat) -> f32 {
    m.winrate - (0.25 / m.visits.max(1) as f32).sqrt()
}

/// Orders a search's root moves for the book, best first: the moves with at least
/// `VALUE_SHARE` of the most-visited move's visits by the lower confidence bound of their
/// win rate, `w - sqrt(0.25 / visits)`, then the others by the same bound. The bound prefers
/// moves that won often over enough games where a search spreads its visits almost evenly
/// (the UCT-RAVE search this builder began with: 40 to 90 visits each at 3000 playouts on
/// 9x9); the share keeps a move the search tried once and won out of first place, where a
/// search concentrates its visits (the MoGo score leaves most moves 1 or 2 visits, and a
/// 1-visit win has the bound 0.5, above every move of a side that is behind).
pub fn rank_for_book(moves: &mut [&MoveStat]) {
    let most = moves.iter().map(|m| m.visits).max().unwrap_or(0) as f32;
    let key = |m: &MoveStat| (m.visits as f32 >= VALUE_SHARE * most, lcb(m));
    moves.sort_by(|a, b| {
        let (ea, la) = key(a);
        let (eb, lb) = key(b);
        eb.cmp(&ea).then(lb.total_cmp(&la))
    });
}

impl SearchEvaluator {
    /// The search of `game`'s position for `to_play` behind an evaluation: the result, its
    /// moves ranked by `rank_for_book` (passes left out) and the first one's win rate.
    pub fn search(&mut self, game: &Game, to_play: Color) -> (SearchResult, Vec<Move>, f32) {
        let (key, _) = canonical(game.board(), to_play);
        let mut s = Searcher::new(self.params.clone(), self.seed ^ key, 1);
        let limits = Limits {
            playouts: Some(self.playouts),
            ..Limits::default()
        };
        let r = s.search(game, to_play, &limits, &self.stop);
        let mut moves: Vec<_> = r
            .candidates
            .iter()
            .filter(|m| m.visits > 0 && m.mv != Move::Pass)
            .collect();
        rank_for_book(&mut moves);
        let w = moves.first().map_or(r.winrate, |m| m.winrate);
        let ranked: Vec<Move> = moves.iter().map(|m| m.mv).collect();
        (r, ranked, w)
    }

    /// The search of an evaluation of `game`'s position for `to_play`.
    pub fn searched(&mut self, game: &Game, to_play: Color) -> Searched {
        let (r, ranked, winrate) = self.search(game, to_play);
        Searched {
            winrate,
            ranked,
            visits: r.candidates.iter().map(|m| (m.mv, m.visits)).collect(),
        }
    }

    /// The evaluation of `game`'s position for `to_play` its search `s` gives: the value, and
    /// the moves in this evaluator's order.
    pub fn finish(&self, game: &Game, to_play: Color, s: &Searched) -> Evaluation {
        let played = self.played.as_deref();
        let order = order_by_visits(game, to_play, &s.ranked, &s.visits, played, self.order);
        Evaluation {
            value: (2.0 * s.winrate - 1.0).clamp(-1.0, 1.0),
            moves: interleave_local(game, &order, self.local),
        }
    }
}

impl Evaluator for SearchEvaluator {
    fn evaluate(&mut self, game: &Game, to_play: Color) -> Option<Evaluation> {
        let s = self.searched(game, to_play);
        Some(self.finish(game, to_play, &s))
    }

    fn settings(&self) -> EvalSettings {
        EvalSettings::search(&self.params, self.playouts, self.seed)
    }
}

/// Where a build's evaluations run: evaluators on this machine's threads (a
/// `Vec<Box<dyn Evaluator>>`, in parallel when there are several), or spread over the
/// ranks of a cluster (`cluster::book`). All give the same value to a position.
pub trait Evaluators {
    /// The settings stored with the values they give.
    fn settings(&self) -> EvalSettings;

    /// How many evaluations run at once (the builder's batches grow with it).
    fn parallel(&self) -> usize;

    /// Evaluates `positions` and hands each evaluation to `done` (on the calling thread) as
    /// soon as it is finished, with its index. Returns whether an evaluator was interrupted
    /// (the evaluations finished before are kept); an error from `done` stops the work and
    /// is returned.
    fn evaluate_each(
        &mut self,
        positions: &[(&Game, Color)],
        done: &mut dyn FnMut(usize, Evaluation) -> Result<(), String>,
    ) -> Result<bool, String>;
}

impl Evaluators for Vec<Box<dyn Evaluator>> {
    /// The first evaluator's.
    fn settings(&self) -> EvalSettings {
        self[0].settings()
    }

    fn parallel(&self) -> usize {
        self.len()
    }

    fn evaluate_each(
        &mut self,
        positions: &[(&Game, Color)],
        done: &mut dyn FnMut(usize, Evaluation) -> Result<(), String>,
    ) -> Result<bool, String> {
        evaluate_all(self, positions, done)
    }
}

/// Evaluates `positions` with `evals`, in parallel when there are several (the first alone
/// otherwise), as [`Evaluators::evaluate_each`] says.
fn evaluate_all(
    evals: &mut [Box<dyn Evaluator>],
    positions: &[(&Game, Color)],
    done: &mut dyn FnMut(usize, Evaluation) -> Result<(), String>,
) -> Result<bool, String> {
    if evals.len() == 1 || positions.len() <= 1 {
        for (k, &(game, color)) in positions.iter().enumerate() {
            match evals[0].evaluate(game, color) {
                Some(e) => done(k, e)?,
                None => return Ok(true),
            }
        }
        return Ok(false);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Option<Evaluation>)>();
    let mut result = Ok(());
    let mut interrupted = false;
    std::thread::scope(|s| {
        for ev in evals.iter_mut() {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(game, color)) = positions.get(k) else {
                        break;
                    };
                    let e = ev.evaluate(game, color);
                    let failed = e.is_none();
                    if tx.send((k, e)).is_err() || failed {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (k, e) in rx {
            match e {
                Some(e) if result.is_ok() => {
                    result = done(k, e);
                    if result.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Some(_) => {}
                None => interrupted = true,
            }
        }
    });
    result.map(|()| interrupted)
}
