//! A learned playout policy: each move is drawn from a softmax over the legal moves, a move's
//! weight the product of the gammas of its features (Coulom 2007, "Computing Elo ratings of
//! move patterns"; the features are in `features`), the gammas fitted by Minorization-
//! Maximization on professional games (`train`, `moyo playout train`) and shipped in
//! `patterns/playout-softmax.txt` (`weights`). Off by default (`playout_softmax`); see
//! docs/experiments/learned-playouts.md.
//!
//! A move costs little beyond the move itself: the base weights (shape and line) are kept
//! per point and brought up to date only where the move changed a 3x3 code (`sampler`); the
//! local features of the few points near the last two moves go beside them as extra weights
//! for one draw (`boost`); the draw walks row sums. The point drawn is then checked: a
//! self-atari is refused when too big, and otherwise kept with the chance its gammas give
//! (rejection, so the draw stays exact while those gammas are below 1, as learned ones are).
//! Nothing is allocated per move: the sampler and the local lists live in a per-thread
//! scratch.

pub mod adapt;
mod boost;
pub mod features;
mod sampler;
#[cfg(test)]
mod tests;
pub mod train;
mod weights;

pub use sampler::Sampler;
pub use weights::{BUILTIN_NAME, BaseTable, FORMAT, LAYOUT, Weights};

use super::MoveTrace;
use super::heavy::chance;
use crate::board::{Board, Color, Point};
use adapt::{Adaptation, PrivateCopy, SampledMove};
use boost::Boosts;
use features::{
    Levels, Local, NO_LEVELS, SelfAtari, SoftmaxGroup, near, self_atari, set_self_atari,
};
use rand::Rng;
use std::cell::RefCell;
use std::sync::Arc;

/// Draws of self-ataris turned away in one move before the next one drawn is kept anyway
/// (only reached when nearly all the weight left is on self-ataris).
const MAX_REJECTIONS: u32 = 32;

/// The working memory of softmax playouts, reused from playout to playout.
#[derive(Default)]
pub struct SoftmaxScratch {
    /// The base weights of the board being played out.
    pub sampler: Sampler,
    local: Local,
    boosts: Boosts,
    /// The playout's moves as the adaptation learns from them.
    steps: Vec<SampledMove>,
    /// The thread's own adapted gammas (private adaptation), and the gammas a playout
    /// starts from.
    own: PrivateCopy,
    start_gammas: Vec<u64>,
}

impl SoftmaxScratch {
    /// The moves of the last playout as the adaptation sees them (recorded only under an
    /// adaptation).
    pub fn steps(&self) -> &[SampledMove] {
        &self.steps
    }
}

thread_local! {
    /// Each thread's scratch: sized on its first playout, allocation-free after.
    static SCRATCH: RefCell<SoftmaxScratch> = RefCell::new(SoftmaxScratch::default());
}

/// The softmax playout policy under its weights, adapted during the search when it has an
/// `Adaptation`.
#[derive(Clone, Debug)]
pub struct Softmax {
    weights: &'static Weights,
    adapt: Option<Arc<Adaptation>>,
}

/// The softmax policy as `playout::play_out` drives it, with its scratch.
struct SoftmaxMover<'a, R> {
    policy: &'a Softmax,
    scratch: &'a mut SoftmaxScratch,
    rng: &'a mut R,
}

impl<R: Rng> super::Mover for SoftmaxMover<'_, R> {
    #[inline]
    fn choose(
        &mut self,
        b: &mut Board,
        c: Color,
        _i: usize,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Option<Point> {
        self.policy
            .choose(b, c, (last, prev), self.scratch, self.rng)
    }

    #[inline]
    fn before(&mut self, b: &Board, c: Color, p: Point) {
        self.scratch.sampler.before_play(b, c, p);
    }

    #[inline]
    fn after(&mut self, b: &Board, c: Color, p: Point, _i: usize) {
        self.scratch
            .sampler
            .after_play(b, self.policy.weights, c, p);
    }
}

impl Softmax {
    /// The policy under the built-in weights.
    pub fn builtin() -> Softmax {
        Softmax::new(Weights::builtin())
    }

    /// The policy under `weights`.
    pub fn new(weights: &'static Weights) -> Softmax {
        Softmax {
            weights,
            adapt: None,
        }
    }

    /// The same policy, its shape gammas adapted during the search at `rate` (0: not
    /// adapted), in one table for all threads when `shared`, else one per thread.
    pub fn adapted(self, rate: f32, shared: bool) -> Softmax {
        let gammas = self.weights.base_table().gammas();
        let adapt = (rate > 0.0).then(|| Arc::new(Adaptation::new(gammas, rate, shared)));
        Softmax { adapt, ..self }
    }

    /// The policy under `weights` with the shape gammas of `adapt` (simulation balancing).
    pub fn with_adaptation(weights: &'static Weights, adapt: Arc<Adaptation>) -> Softmax {
        Softmax {
            weights,
            adapt: Some(adapt),
        }
    }

    /// The weights the policy plays under (before any adaptation).
    pub fn weights(&self) -> &'static Weights {
        self.weights
    }

    /// The adaptation of this search, if any.
    pub fn adaptation(&self) -> Option<&Adaptation> {
        self.adapt.as_deref()
    }

    /// Plays `board` out from `to_play`, whose opponent's last moves were `last` and `prev`,
    /// until two passes or `max_moves`, recording stones in `trace`; returns the area score
    /// (Black minus White minus komi). The mercy rule of `mercy_share` stops it as it stops
    /// the heavy playouts (`heavy::Policy::playout`).
    #[allow(clippy::too_many_arguments)]
    pub fn playout<R: Rng>(
        &self,
        board: &mut Board,
        to_play: Color,
        komi: f32,
        max_moves: usize,
        (last, prev): (Option<Point>, Option<Point>),
        mercy_share: f32,
        rng: &mut R,
        trace: &mut MoveTrace,
    ) -> f32 {
        let mut run = |s: &mut SoftmaxScratch| {
            let start = (to_play, last, prev);
            self.playout_with(s, board, start, komi, max_moves, mercy_share, rng, trace)
        };
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut s) => run(&mut s),
            // Not reached (playouts do not nest), but a fresh scratch is always correct.
            Err(_) => run(&mut SoftmaxScratch::default()),
        })
    }

    /// `playout` on the given scratch; `start` is (to play, last move, the one before).
    #[allow(clippy::too_many_arguments)]
    pub fn playout_with<R: Rng>(
        &self,
        scratch: &mut SoftmaxScratch,
        board: &mut Board,
        (to_play, last, prev): (Color, Option<Point>, Option<Point>),
        komi: f32,
        max_moves: usize,
        mercy_share: f32,
        rng: &mut R,
        trace: &mut MoveTrace,
    ) -> f32 {
        self.reset(scratch, board);
        scratch.steps.clear();
        let start = (to_play, last, prev);
        let mut mover = SoftmaxMover {
            policy: self,
            scratch: &mut *scratch,
            rng,
        };
        let score = super::play_out(
            &mut mover,
            board,
            start,
            komi,
            max_moves,
            mercy_share,
            trace,
        );
        if let Some(a) = &self.adapt
            && score != 0.0
            && a.rate() > 0.0
        {
            a.learn(&mut scratch.own, &scratch.steps, score > 0.0);
        }
        score
    }

    /// Sets `scratch`'s weights for `board` from scratch, under the adapted gammas if any.
    pub fn reset(&self, scratch: &mut SoftmaxScratch, board: &Board) {
        match &self.adapt {
            Some(a) => {
                a.gammas_into(&mut scratch.own, &mut scratch.start_gammas);
                let gammas = &scratch.start_gammas;
                scratch.sampler.reset_with(board, self.weights, gammas);
            }
            None => scratch.sampler.reset(board, self.weights),
        }
    }

    /// `c`'s move drawn from the softmax, after the opponent's `last` move and `c`'s `prev`
    /// one, on `b` whose weights `scratch` holds; `None` (pass) when no weight is left.
    pub fn choose<R: Rng>(
        &self,
        b: &mut Board,
        c: Color,
        (last, prev): (Option<Point>, Option<Point>),
        scratch: &mut SoftmaxScratch,
        rng: &mut R,
    ) -> Option<Point> {
        let w = self.weights;
        let SoftmaxScratch {
            sampler,
            local,
            boosts,
            steps,
            ..
        } = scratch;
        boosts.clear(b.len());
        local.compute_tactics(b, c, last, prev);
        for (p, levels) in local.iter() {
            boosts.multiply(p, w.levels(levels));
        }
        for (centre, g) in [
            (last, SoftmaxGroup::DistLast),
            (prev, SoftmaxGroup::DistPrev),
        ] {
            if let Some(q) = centre {
                let gammas = [w.level(g as usize, 0), w.level(g as usize, 1)];
                near(b, q, |p, level| boosts.multiply(p, gammas[level as usize]));
            }
        }
        boosts.finish(sampler, c);
        if let Some((k, banned)) = b.ko()
            && banned == c
        {
            sampler.set_temp(c, k, 0);
            boosts.remove(k);
        }
        let chosen = draw(w, b, c, sampler, boosts, rng);
        if let Some(a) = &self.adapt
            && let Some(p) = chosen
        {
            // A second point from the same distribution, drawn the same way (rejections
            // included): the sample of the expected features.
            let q = draw(w, b, c, sampler, boosts, rng).unwrap_or(p);
            let table = w.base_table();
            let number = |x: Point| table.numbers(b.neighbourhood_code(x))[c.index()];
            let mut step = SampledMove::shapes(c.index() as u8, number(p), number(q));
            if a.records_levels() {
                step.played_levels = levels_of(b, c, p, local, (last, prev));
                step.drawn_levels = levels_of(b, c, q, local, (last, prev));
            }
            steps.push(step);
        }
        sampler.restore();
        chosen
    }
}

/// `c`'s move drawn from the weights of `sampler` and `boosts` on `b`: a refused self-atari
/// is taken out for the move and the draw repeated; an allowed one, and a point whose
/// boost is below 1, is kept with the chance its gammas give. `None` when no weight is left.
fn draw<R: Rng>(
    w: &Weights,
    b: &Board,
    c: Color,
    sampler: &mut Sampler,
    boosts: &mut Boosts,
    rng: &mut R,
) -> Option<Point> {
    let mut rejected = 0;
    loop {
        let (base, extra) = (sampler.total(c), boosts.total());
        if base + extra == 0 {
            return None;
        }
        // Multiply-shift maps 64 random bits onto 0..base + extra.
        let r = ((rng.next_u64() as u128 * (base + extra) as u128) >> 64) as u64;
        let p = if r < extra {
            boosts.pick(r)
        } else {
            sampler.pick(c, r - extra)
        };
        let mut keep = boosts.keep(p);
        match self_atari(b, c, p) {
            SelfAtari::No => {}
            SelfAtari::Refused => {
                sampler.set_temp(c, p, 0);
                boosts.remove(p);
                continue;
            }
            SelfAtari::Level(l, sacrifice) => {
                let mut levels = NO_LEVELS;
                set_self_atari(&mut levels, l, sacrifice);
                keep *= w.levels(&levels);
            }
        }
        if keep >= 1.0 {
            return Some(p);
        }
        rejected += 1;
        if rejected > MAX_REJECTIONS || chance(rng, keep) {
            return Some(p);
        }
    }
}

/// Every group's level of `c`'s move on `p` after the opponent's `last` move and `c`'s `prev`
/// one, the tactics read from `local` (computed for this position): what simulation
/// balancing credits or blames for a playout's outcome.
fn levels_of(
    b: &Board,
    c: Color,
    p: Point,
    local: &Local,
    (last, prev): (Option<Point>, Option<Point>),
) -> Levels {
    // A drawn point is never a refused self-atari: `draw` takes those out.
    let mut levels = features::move_levels(b, c, p, local).unwrap_or(NO_LEVELS);
    for (centre, g) in [
        (last, SoftmaxGroup::DistLast),
        (prev, SoftmaxGroup::DistPrev),
    ] {
        if let Some(q) = centre {
            near(b, q, |x, level| {
                if x == p {
                    levels[g as usize] = level;
                }
            });
        }
    }
    levels
}
