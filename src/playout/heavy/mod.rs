//! MoGo's heavy simulation policy (Algorithms 1-4 of Chaslot et al.): atari save, nakade,
//! fill board, 3x3 patterns around the last move with approach moves, captures, then a
//! random move that neither fills an own eye nor throws a big string into atari. After the
//! atari save come capturing races (`race.rs`, on the boards from `race_min_size` to
//! `race_max_size`, 9x9 to 12x12 by default); taking up a fresh ko before all the steps
//! (`ko.rs`) is optional, and so is judging each self-atari of a few stones instead of
//! allowing them all (`selfatari.rs`, `throw_in.rs`).
//! Each step is switched and weighted by a parameter so that its worth and its cost can be
//! measured.

use super::MoveTrace;
use super::mogo3x3::Pattern3x3;
use super::pool::RavePool;
use crate::board::{Board, Color, EMPTY, NEIGHBOUR_OFFSETS, Point};
use crate::params::SizedParams;
use ko::KoFight;
use rand::Rng;

mod ko;
mod race;
pub use race::race_atari;
mod selfatari;
use selfatari::connects_elsewhere;
mod throw_in;

/// Which step of the policy chose a move (for statistics and tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyStep {
    AtariSave,
    Race,
    Nakade,
    FillBoard,
    Pattern,
    Approach,
    Capture,
    KoFight,
    Pool,
    Random,
}

/// The policy's switches and weights, read once from the board's `SizedParams`.
#[derive(Clone)]
pub struct Policy {
    heavy: bool,
    atari_save: f32,
    race: f32,
    race_max_libs: u32,
    race_sizes: std::ops::RangeInclusive<usize>,
    nakade: f32,
    nakade_shapes: [bool; 5],
    fill_board_tries: u32,
    pattern: f32,
    pattern_prev: bool,
    approach: f32,
    approach_connect: bool,
    capture: f32,
    selfatari_max: usize,
    selfatari_nakade: bool,
    bad_selfatari: bool,
    false_eye: f32,
    ko_fight: f32,
    pool: f32,
    mercy_share: f32,
    ladder_check: bool,
    patterns: &'static Pattern3x3,
    /// When set (`playout_softmax`), it plays the playouts instead of the steps.
    softmax: Option<super::softmax::Softmax>,
}

/// Adds the captures `c` can make of enemy strings in atari next to its string through `s`
/// (the attackers' last liberties, where legal).
fn push_counter_captures(b: &Board, c: Color, s: Point, cands: &mut Candidates) {
    for st in b.string_stones(s) {
        for n in b.neighbours(st) {
            if b.stone(n) == Some(c.opp())
                && b.lib_count(n) == 1
                && let Some(l) = b.string_libs(n).first()
                && b.is_legal(c, l)
            {
                cands.push(l);
            }
        }
    }
}

/// Makes `best` (size, liberty) the capture of the string through `s` when that is an enemy
/// string of `c` in atari, bigger than `best`'s, and its liberty a legal move for `c`.
#[inline]
fn consider_capture(b: &Board, c: Color, s: Point, best: &mut Option<(usize, Point)>) {
    if b.stone(s) != Some(c.opp()) || b.lib_count(s) != 1 {
        return;
    }
    let size = b.string_size(s);
    if best.is_some_and(|(n, _)| n >= size) {
        return;
    }
    if let Some(l) = b.string_libs(s).first()
        && b.is_legal(c, l)
    {
        *best = Some((size, l));
    }
}

/// Whether an event of probability `rate` happens (no random draw at 0 or 1).
#[inline]
pub fn chance<R: Rng>(rng: &mut R, rate: f32) -> bool {
    if rate >= 1.0 {
        true
    } else if rate <= 0.0 {
        false
    } else {
        ((rng.next_u32() >> 8) as f32) < rate * 16_777_216.0
    }
}

/// A uniformly random element of a small list.
#[inline]
fn pick<R: Rng>(rng: &mut R, list: &[Point]) -> Option<Point> {
    match list.len() {
        0 => None,
        1 => Some(list[0]),
        n => Some(list[((rng.next_u32() as u64 * n as u64) >> 32) as usize]),
    }
}

/// A short list of candidate points on the stack.
struct Candidates {
    points: [Point; 32],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            points: [Point(0); 32],
            len: 0,
        }
    }

    fn push(&mut self, p: Point) {
        if self.len < self.points.len() && !self.as_slice().contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }
}

/// The heavy policy as `playout::play_out` drives it, with its ko fights' memory.
struct HeavyMover<'a, R> {
    policy: &'a Policy,
    ko: KoFight,
    pool: Option<&'a RavePool>,
    rng: &'a mut R,
}

impl<R: Rng> super::Mover for HeavyMover<'_, R> {
    #[inline]
    fn choose(
        &mut self,
        b: &mut Board,
        c: Color,
        i: usize,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Option<Point> {
        match self.policy.ko_fight(b, c, &self.ko, i, self.rng) {
            Some(p) => Some(p),
            None => self
                .policy
                .choose_pooled(b, c, (last, prev), self.pool, self.rng)
                .map(|(p, _)| p),
        }
    }

    #[inline]
    fn after(&mut self, b: &Board, _c: Color, _p: Point, i: usize) {
        self.ko.note(b, i);
    }
}

impl Policy {
    /// The policy the parameters describe on their board: from `large_board_min_size`, the
    /// `_large` variants of the settings proven or tuned on small boards only.
    pub fn new(p: &SizedParams) -> Policy {
        Policy {
            heavy: p.heavy_playouts,
            atari_save: p.atari_save_rate,
            race: p.race_rate,
            race_max_libs: p.race_max_libs,
            race_sizes: p.race_min_size..=p.race_max_size,
            nakade: p.nakade_rate,
            nakade_shapes: [
                p.nakade_three,
                p.nakade_pyramid_four,
                p.nakade_bulky_five,
                p.nakade_crossed_five,
                p.nakade_rabbity_six,
            ],
            fill_board_tries: p.fill_board_tries,
            pattern: p.pattern_rate,
            pattern_prev: p.pattern_prev,
            approach: p.approach_rate,
            approach_connect: p.approach_connect,
            capture: p.capture_rate,
            selfatari_max: p.selfatari_max_stones as usize,
            selfatari_nakade: p.selfatari_nakade,
            bad_selfatari: p.bad_selfatari_check,
            false_eye: p.false_eye_rate,
            ko_fight: p.ko_fight_rate,
            pool: p.playout_pool_rate,
            mercy_share: p.mercy_share,
            ladder_check: p.atari_save_ladder_check,
            patterns: Pattern3x3::builtin(),
            softmax: p.playout_softmax.then(|| {
                super::softmax::Softmax::builtin()
                    .adapted(p.playout_adapt_rate, p.playout_adapt_shared)
            }),
        }
    }

    /// The same policy playing every playout to its end (no mercy rule), for counts that
    /// need the final position, such as dead stones.
    pub fn without_mercy(mut self) -> Policy {
        self.mercy_share = 0.0;
        self
    }

    /// Whether this is the heavy policy (false: uniform random moves).
    pub fn is_heavy(&self) -> bool {
        self.heavy
    }

    /// Whether the playouts play moves of a `RavePool` (`playout_pool_rate`), so that the
    /// search should fill one for each playout (the heavy policy only).
    pub fn uses_pool(&self) -> bool {
        self.heavy && self.softmax.is_none() && self.pool > 0.0
    }

    /// Plays `board` out from `to_play`, whose opponent's last moves were `last` and `prev`,
    /// until two passes or `max_moves`, recording stones in `trace`; returns the area score.
    /// Under the mercy
    /// rule a playout whose capture balance passes `mercy_share` of the points, and still does
    /// after the komi at two points a stone, stops there, scored as a win by the whole board
    /// for the side ahead.
    #[allow(clippy::too_many_arguments)]
    pub fn playout<R: Rng>(
        &self,
        board: &mut Board,
        to_play: Color,
        komi: f32,
        max_moves: usize,
        last: Option<Point>,
        prev: Option<Point>,
        rng: &mut R,
        trace: &mut MoveTrace,
    ) -> f32 {
        self.playout_pooled(
            board,
            to_play,
            komi,
            max_moves,
            (last, prev),
            None,
            rng,
            trace,
        )
    }

    /// `playout` with the search's `RavePool` for the pool step (ignored by the light and
    /// softmax policies); `start` is (last, prev).
    #[allow(clippy::too_many_arguments)]
    pub fn playout_pooled<R: Rng>(
        &self,
        board: &mut Board,
        to_play: Color,
        komi: f32,
        max_moves: usize,
        (last, prev): (Option<Point>, Option<Point>),
        pool: Option<&RavePool>,
        rng: &mut R,
        trace: &mut MoveTrace,
    ) -> f32 {
        if let Some(s) = &self.softmax {
            let (start, mercy) = ((last, prev), self.mercy_share);
            return s.playout(board, to_play, komi, max_moves, start, mercy, rng, trace);
        }
        if !self.heavy {
            return super::light_playout(board, to_play, komi, max_moves, rng, trace);
        }
        let mut mover = HeavyMover {
            policy: self,
            ko: KoFight::default(),
            pool,
            rng,
        };
        let start = (to_play, last, prev);
        super::play_out(
            &mut mover,
            board,
            start,
            komi,
            max_moves,
            self.mercy_share,
            trace,
        )
    }

    /// The policy's move for `c` (MoGo's order of steps) and the step that chose it; `None`
    /// is a pass. The board is borrowed mutably only for ladder reading, which leaves it
    /// exactly as it was.
    pub fn choose<R: Rng>(
        &self,
        b: &mut Board,
        c: Color,
        last: Option<Point>,
        prev: Option<Point>,
        rng: &mut R,
    ) -> Option<(Point, PolicyStep)> {
        self.choose_pooled(b, c, (last, prev), None, rng)
    }

    /// `choose` with the search's `RavePool`: in place of the random move, with chance
    /// `playout_pool_rate`, a move of `c`'s pool when it is still sensible (no big or bad
    /// self-atari).
    pub fn choose_pooled<R: Rng>(
        &self,
        b: &mut Board,
        c: Color,
        (last, prev): (Option<Point>, Option<Point>),
        pool: Option<&RavePool>,
        rng: &mut R,
    ) -> Option<(Point, PolicyStep)> {
        if let Some(l) = last {
            if chance(rng, self.atari_save)
                && let Some(p) = self.atari_save(b, c, l, rng)
            {
                return Some((p, PolicyStep::AtariSave));
            }
            if self.race_sizes.contains(&b.size())
                && chance(rng, self.race)
                && let Some(p) = self.race(b, c, l)
            {
                return Some((p, PolicyStep::Race));
            }
            if chance(rng, self.nakade)
                && let Some(p) = self.nakade(b, c, l)
            {
                return Some((p, PolicyStep::Nakade));
            }
        }
        if let Some(p) = self.fill_board(b, c, rng) {
            return Some((p, PolicyStep::FillBoard));
        }
        if let Some(l) = last
            && chance(rng, self.pattern)
            && let Some(r) = self.pattern_move(b, c, l, prev.filter(|_| self.pattern_prev), rng)
        {
            return Some(r);
        }
        if chance(rng, self.capture)
            && let Some(p) = self.capture(b, c, last, prev)
        {
            return Some((p, PolicyStep::Capture));
        }
        if let Some(p) = self.pool_move(b, c, pool, rng) {
            return Some((p, PolicyStep::Pool));
        }
        self.random(b, c, rng).map(|p| (p, PolicyStep::Random))
    }

    /// The pool step: with chance `playout_pool_rate`, a move of `c`'s pool that is still
    /// empty, legal, no own eye and no refused self-atari.
    #[inline]
    fn pool_move<R: Rng>(
        &self,
        b: &Board,
        c: Color,
        pool: Option<&RavePool>,
        rng: &mut R,
    ) -> Option<Point> {
        let pool = pool?;
        if !chance(rng, self.pool) {
            return None;
        }
        pool.draw(b, c, rng.next_u32(), |p| !self.refuses_self_atari(b, c, p))
    }

    /// Step 1: own strings next to the last move in atari: capture an attacker in atari, or
    /// extend when that gives more than one liberty.
    fn atari_save<R: Rng>(
        &self,
        b: &mut Board,
        c: Color,
        last: Point,
        rng: &mut R,
    ) -> Option<Point> {
        let mut cands = Candidates::new();
        let mut seen = [u16::MAX; 4];
        for (i, q) in b.neighbours(last).into_iter().enumerate() {
            if b.stone(q) != Some(c) || b.lib_count(q) != 1 {
                continue;
            }
            let head = b.string_head(q).0;
            if seen.contains(&head) {
                continue;
            }
            seen[i] = head;
            push_counter_captures(b, c, q, &mut cands);
            if let Some(l) = b.string_libs(q).first()
                && b.is_legal(c, l)
                && self.escape_is_sound(b, c, l)
            {
                cands.push(l);
            }
        }
        pick(rng, cands.as_slice())
    }

    /// Whether extending on `p` really saves the string: more than one liberty after it,
    /// and (when switched on) not exactly two that a ladder takes away (read on the playout's
    /// board, which the reading leaves as it was).
    #[inline]
    fn escape_is_sound(&self, b: &mut Board, c: Color, p: Point) -> bool {
        match b.libs_after(c, p).count() {
            0 | 1 => false,
            2 => !self.ladder_check || !b.escape_is_ladder_in_place(c, p),
            _ => true,
        }
    }

    /// Step 2: an empty point next to the last move inside an enclosed eye space of the
    /// opponent with a known killing shape: its vital point.
    fn nakade(&self, b: &Board, c: Color, last: Point) -> Option<Point> {
        for x in b.neighbours(last) {
            if b.code(x) != EMPTY {
                continue;
            }
            if let Some(v) = self.vital_point(b, c, x)
                && b.is_legal(c, v)
            {
                return Some(v);
            }
        }
        None
    }

    /// The vital point of the eye space around `x` if it is enclosed by `c`'s opponent (or
    /// the edge), has 3 to 6 points and an enabled killing shape.
    fn vital_point(&self, b: &Board, c: Color, x: Point) -> Option<Point> {
        let (v, shape) = b.nakade_vital_point(x, c.opp())?;
        self.nakade_shapes[shape as usize].then_some(v)
    }

    /// Fill board (Algorithm 2): up to N random empty points; the first whose 8 neighbours
    /// are all empty.
    fn fill_board<R: Rng>(&self, b: &Board, _c: Color, rng: &mut R) -> Option<Point> {
        let empties = b.empties();
        if self.fill_board_tries == 0 || empties.is_empty() {
            return None;
        }
        for _ in 0..self.fill_board_tries {
            let i = ((rng.next_u32() as u64 * empties.len() as u64) >> 32) as usize;
            let p = Point(empties[i]);
            if b.colour_code(p) == 0 {
                return Some(p);
            }
        }
        None
    }

    /// Steps 4-5: a random point around the last move (and around `prev`, our own move
    /// before it, when given) matching a 3x3 pattern (never one that throws a big string
    /// into atari); a self-atari there is replaced, half the time, by the approach move that
    /// connects instead, and always when `bad_selfatari_check` finds it bad (no pattern move
    /// when there is no sound approach move).
    fn pattern_move<R: Rng>(
        &self,
        b: &Board,
        c: Color,
        last: Point,
        prev: Option<Point>,
        rng: &mut R,
    ) -> Option<(Point, PolicyStep)> {
        let w = b.width() as i32;
        let mut cands = Candidates::new();
        for centre in std::iter::once(last).chain(prev) {
            for (dx, dy) in NEIGHBOUR_OFFSETS {
                let p = Point((centre.0 as i32 + dx + dy * w) as u16);
                if b.code(p) == EMPTY
                    && self.patterns.matches_at(b, p, c)
                    && b.is_legal(c, p)
                    && !self.big_self_atari(b, c, p)
                {
                    cands.push(p);
                }
            }
        }
        let p = pick(rng, cands.as_slice())?;
        let approach = chance(rng, self.approach);
        if b.is_self_atari(c, p) {
            let bad = self.bad_selfatari && self.is_bad_self_atari(b, c, p, b.size_after(c, p));
            if (approach || bad)
                && let Some(l) = b.libs_after(c, p).first()
                && l != p
                && b.code(l) == EMPTY
                && b.is_legal(c, l)
                && !b.is_self_atari(c, l)
                && (!self.approach_connect || connects_elsewhere(b, c, p, l))
            {
                return Some((l, PolicyStep::Approach));
            }
            if bad {
                return None;
            }
        }
        Some((p, PolicyStep::Pattern))
    }

    /// Step 6 (local): capture an opponent string in atari, the biggest first: the last
    /// move's own string (a self-atari), or one our previous move put in atari.
    fn capture(
        &self,
        b: &Board,
        c: Color,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Option<Point> {
        let mut best = None;
        let mut consider = |q: Point| consider_capture(b, c, q, &mut best);
        if let Some(l) = last {
            consider(l);
        }
        if let Some(p) = prev
            && b.stone(p) == Some(c)
        {
            for q in b.neighbours(p) {
                consider(q);
            }
        }
        best.map(|(_, p)| p)
    }

    /// Whether `p` would put a string of more than `selfatari_max` stones into atari (and,
    /// with `selfatari_nakade`, no killing sacrifice).
    #[inline]
    fn big_self_atari(&self, b: &Board, c: Color, p: Point) -> bool {
        b.is_self_atari(c, p) && self.too_big_self_atari(b, c, p, b.size_after(c, p))
    }

    /// Step 7: a random legal move that fills no own eye, puts no string of more than
    /// `selfatari_max` stones into atari and (with `bad_selfatari_check`) plays no bad
    /// self-atari; `None` (pass) when there is none.
    fn random<R: Rng>(&self, b: &Board, c: Color, rng: &mut R) -> Option<Point> {
        let p = super::random_move_where(b, c, rng, |p| !self.refuses_self_atari(b, c, p))?;
        if chance(rng, self.false_eye)
            && b.is_eye_like(c, p)
            && let Some(q) = self.false_eye_redirect(b, c, p)
        {
            return Some(q);
        }
        Some(p)
    }

    /// Instead of filling `p`, a false eye of `c`: capture an enemy string in atari on one
    /// of its diagonals, or atari one with two liberties, as the eye may be real once that
    /// string is gone. `None` (fill it after all) when no such move is legal, or when an own
    /// string next to `p` is in atari (filling may be its escape).
    fn false_eye_redirect(&self, b: &Board, c: Color, p: Point) -> Option<Point> {
        if b.neighbours(p)
            .into_iter()
            .any(|n| b.stone(n) == Some(c) && b.lib_count(n) == 1)
        {
            return None;
        }
        for q in b.diagonals(p) {
            if b.stone(q) != Some(c.opp()) {
                continue;
            }
            let libs = b.string_libs(q);
            let found = match libs.count() {
                1 => libs.iter().find(|&l| b.is_legal(c, l)),
                2 => libs
                    .iter()
                    .find(|&l| b.is_legal(c, l) && !b.is_self_atari(c, l)),
                _ => None,
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
