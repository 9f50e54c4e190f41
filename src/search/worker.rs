//! One search thread: descends the shared tree by the MoGo score, creates children, runs a
//! playout and backs up online and AMAF statistics.

use super::amaf::FirstPlays;
use super::filter::MoveFilter;
use super::outcome::Outcome;
use super::prior::{PriorEval, PriorInput};
use super::prune::prune_far_edge;
use super::score::RootScores;
use super::select::{self, Coefs};
use super::tree::{Node, ONE_VISIT, PASS, Tree};
use crate::board::{Board, Color, Game, Move, Point};
use crate::params::SizedParams;
use crate::playout::MoveTrace;
use crate::playout::heavy::Policy;
use crate::playout::pool::RavePool;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};

/// Ends the search (sets `done`) when dropped, also while unwinding.
pub struct DoneOnDrop<'a>(pub &'a AtomicBool);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

/// The calling thread's check between playouts: given its ownership sums, score sums and
/// playout count, whether the search should stop.
pub type Monitor<'a> = dyn FnMut(&[i32], &RootScores, u64) -> bool + 'a;

/// What all threads of one search share.
pub struct Shared<'a> {
    pub tree: &'a Tree,
    pub params: &'a SizedParams,
    pub game: &'a Game,
    pub to_play: Color,
    pub policy: Policy,
    /// Coefficients at the root and below it.
    pub root_coefs: Coefs,
    pub coefs: Coefs,
    /// Playout length cap.
    pub max_moves: usize,
    /// Playouts started so far, all threads together.
    pub started: AtomicU64,
    /// Playouts the search may start.
    pub limit: u64,
    /// Set when the search must end (a limit, the time policy, or `stop`).
    pub done: AtomicBool,
    /// The caller's stop flag (an arriving GTP command).
    pub stop: &'a AtomicBool,
    /// Ownership from the previous search, for the prior (`None` when there is none).
    pub ownership: Option<&'a [f32]>,
    /// The komi of the playouts (the game's, plus any dynamic komi).
    pub komi: f32,
    /// How a playout's score counts as a win.
    pub outcome: Outcome,
    /// Moves barred below the root (`None` when nothing is barred there; the root's own
    /// barred moves are excluded).
    pub filter: Option<&'a MoveFilter>,
    /// The root's children in the arena (fixed for the search).
    pub root_kids: std::ops::Range<usize>,
}

impl Shared<'_> {
    /// Whether the threads should stop.
    #[inline]
    pub fn finished(&self) -> bool {
        self.done.load(Relaxed) || self.stop.load(Relaxed)
    }
}

/// A search thread's scratch memory, reused between searches.
pub struct Worker {
    rng: Xoshiro256PlusPlus,
    board: Board,
    trace: MoveTrace,
    path: Vec<usize>,
    tree_moves: Vec<(u16, Color)>,
    amaf: FirstPlays,
    moves_buf: Vec<u16>,
    priors_buf: Vec<f32>,
    /// The new children's pattern values (empty while the score does not use them).
    patterns_buf: Vec<f32>,
    prior: PriorEval,
    /// Each colour's pool of the tree's best moves for the current playout (poolRave).
    pool: RavePool,
    /// Sum over playouts of the final owner of each point (+1 Black, -1 White).
    pub ownership: Vec<i32>,
    /// The final area differences of this search's playouts, by root move.
    pub scores: RootScores,
    /// Playouts run in the current search.
    pub playouts: u64,
}

impl Worker {
    /// A worker with empty buffers.
    pub fn new() -> Worker {
        Worker {
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            board: Board::new(9),
            trace: MoveTrace::default(),
            path: Vec::new(),
            tree_moves: Vec::new(),
            amaf: FirstPlays::default(),
            moves_buf: Vec::new(),
            priors_buf: Vec::new(),
            patterns_buf: Vec::new(),
            prior: PriorEval::new(),
            pool: RavePool::default(),
            ownership: Vec::new(),
            scores: RootScores::default(),
            playouts: 0,
        }
    }

    /// Prepares for a search of `points` board points and `children` root moves with this
    /// seed.
    pub fn start(&mut self, points: usize, children: usize, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.amaf.reset(points);
        self.ownership.clear();
        self.ownership.resize(points, 0);
        self.scores.reset(children);
        self.playouts = 0;
    }

    /// Runs playouts until the search is finished; `monitor` (the calling thread's) is asked
    /// every few playouts, with this worker's ownership sums and playouts, whether to stop.
    pub fn run(&mut self, sh: &Shared, mut monitor: Option<&mut Monitor>) {
        while !sh.finished() {
            if sh.started.fetch_add(1, Relaxed) >= sh.limit {
                sh.done.store(true, Relaxed);
                break;
            }
            self.playout(sh);
            self.playouts += 1;
            if self.playouts.is_multiple_of(8)
                && let Some(m) = monitor.as_mut()
                && m(&self.ownership, &self.scores, self.playouts)
            {
                sh.done.store(true, Relaxed);
            }
        }
    }

    /// One descent, expansion, playout and backup.
    fn playout(&mut self, sh: &Shared) {
        let tree = sh.tree;
        self.board.clone_from(sh.game.board());
        self.path.clear();
        self.tree_moves.clear();
        self.trace.clear();
        let root = tree.root();
        let mut node = root;
        let mut c = sh.to_play;
        // Asked to move, the game goes on even after two passes (KGS cleanup): only a pass of
        // ours can end it.
        let mut passes = sh.game.passes().min(1);
        tree.node(root).add(ONE_VISIT);
        while passes < 2 {
            let kids = tree.children(node);
            if kids.is_empty() {
                break;
            }
            let coefs = if node == root {
                &sh.root_coefs
            } else {
                &sh.coefs
            };
            let child = match sh.filter {
                Some(f) if node != root && self.path.len() < f.depth() => {
                    select_allowed(tree, node, kids, coefs, f, c, self.path.len() + 1)
                }
                _ => select(tree, node, kids, coefs),
            };
            let ch = tree.node(child);
            ch.add(ONE_VISIT);
            let mv = ch.mv();
            if mv == PASS {
                self.board.pass();
                passes += 1;
            } else {
                self.board.play_unchecked(c, Point(mv));
                passes = 0;
            }
            self.tree_moves.push((mv, c));
            self.path.push(child);
            node = child;
            c = c.opp();
        }
        let leaf = tree.node(node);
        if passes < 2 && leaf.online().visits >= sh.params.expand_visits && leaf.try_claim() {
            self.expand(sh, node, c);
        }
        let komi = sh.komi;
        let score = if passes >= 2 {
            self.board.playout_score(komi)
        } else {
            let start = self.last_two_moves(sh.game);
            let pool = if sh.policy.uses_pool() {
                let path = (&self.path[..], &self.tree_moves[..], sh.to_play);
                super::pool::fill(&mut self.pool, sh.tree, path, sh.params);
                Some(&self.pool)
            } else {
                None
            };
            sh.policy.playout_pooled(
                &mut self.board,
                c,
                komi,
                sh.max_moves,
                start,
                pool,
                &mut self.rng,
                &mut self.trace,
            )
        };
        let diff = self.board.add_playout_owners(&mut self.ownership);
        let first = self
            .path
            .first()
            .map(|&n| n.wrapping_sub(sh.root_kids.start));
        self.scores.add(first, diff);
        let black_wins = sh.outcome.black_wins(score, &mut self.rng);
        self.backup(sh, black_wins);
    }

    /// Creates the children of `node` (claimed) for `c` to play on the worker's board: every
    /// legal move that fills no own eye and is not pruned, and pass, with their priors.
    fn expand(&mut self, sh: &Shared, node: usize, c: Color) {
        self.moves_buf.clear();
        for &e in self.board.empties() {
            let p = Point(e);
            if !self.board.is_eye(c, p) && self.board.is_legal(c, p) {
                self.moves_buf.push(e);
            }
        }
        self.moves_buf.push(PASS);
        prune_far_edge(sh.params, &self.board, &mut self.moves_buf);
        let (last, prev) = self.last_two_moves(sh.game);
        let input = PriorInput {
            board: &self.board,
            to_play: c,
            last,
            prev,
            ownership: sh.ownership,
        };
        fill_priors(
            &mut self.prior,
            sh.params,
            &input,
            &self.moves_buf,
            &mut self.priors_buf,
            &mut self.patterns_buf,
        );
        sh.tree
            .expand(node, &self.moves_buf, &self.priors_buf, &self.patterns_buf);
    }

    /// The last two moves before the playout starts (tree moves, then the game's).
    fn last_two_moves(&self, game: &Game) -> (Option<Point>, Option<Point>) {
        last_two_moves(&self.tree_moves, game)
    }

    /// Backs up the result along the path: wins for the nodes (their visits were counted on
    /// the way down), AMAF for the siblings whose move the same player played first later in
    /// the sequence.
    fn backup(&mut self, sh: &Shared, black_wins: bool) {
        let tree = sh.tree;
        let won = |c: Color| (c == Color::Black) == black_wins;
        if won(sh.to_play.opp()) {
            tree.node(tree.root()).add(1);
        }
        for (i, &n) in self.path.iter().enumerate() {
            if won(self.tree_moves[i].1) {
                tree.node(n).add(1);
            }
        }
        let k = self.path.len();
        for &(p, col) in self.trace.moves.iter().rev() {
            self.amaf.record(p, col);
        }
        for j in (0..=k).rev() {
            if j < k {
                let (mv, col) = self.tree_moves[j];
                if mv != PASS {
                    self.amaf.record(mv, col);
                }
            }
            let parent = if j == 0 {
                tree.root()
            } else {
                self.path[j - 1]
            };
            let col = if j % 2 == 0 {
                sh.to_play
            } else {
                sh.to_play.opp()
            };
            let win = won(col);
            for ch in tree.children(parent) {
                let node = tree.node(ch);
                let mv = node.mv();
                if mv == PASS {
                    continue;
                }
                if self.amaf.first_by(mv, col) {
                    node.add_amaf(1, win);
                }
            }
        }
        for &(p, _) in &self.trace.moves {
            self.amaf.forget(p);
        }
        for &(mv, _) in &self.tree_moves {
            if mv != PASS {
                self.amaf.forget(mv);
            }
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

/// The last two moves after `tree_moves` were played in `game` (tree moves first, then the
/// game's), as points; `None` for a pass or when there is no such move.
pub fn last_two_moves(tree_moves: &[(u16, Color)], game: &Game) -> (Option<Point>, Option<Point>) {
    let tree = tree_moves.iter().rev().map(|&(m, _)| m);
    let played = game.moves().iter().rev().map(|&(_, m)| match m {
        Move::Play(p) => p.0,
        Move::Pass => PASS,
    });
    let mut all = tree.chain(played).map(|m| (m != PASS).then_some(Point(m)));
    (all.next().flatten(), all.next().flatten())
}

/// Writes the priors H(d) of new children for `moves` (on the win-rate scale, in [0, 1]) to
/// `out`: the prior module's value h in [-1, 1] mapped to 0.5 + h / 2; and the square roots
/// of their pattern probabilities to `patterns` (left empty while the score does not use
/// them).
pub fn fill_priors(
    eval: &mut PriorEval,
    params: &SizedParams,
    input: &PriorInput,
    moves: &[u16],
    out: &mut Vec<f32>,
    patterns: &mut Vec<f32>,
) {
    out.clear();
    out.resize(moves.len(), 0.0);
    eval.evaluate(params, input, moves, out);
    for h in out.iter_mut() {
        *h = 0.5 + 0.5 * h.clamp(-1.0, 1.0);
    }
    eval.pattern_roots(params, moves, patterns);
}

/// `select` among the children `filter` does not bar for `c` at `ply`; the pass (or the
/// first child) when it bars them all.
fn select_allowed(
    tree: &Tree,
    n: usize,
    kids: std::ops::Range<usize>,
    coefs: &Coefs,
    filter: &MoveFilter,
    c: Color,
    ply: usize,
) -> usize {
    let bars = |ch: &Node| filter.bars(c, ch.board_move(), ply);
    let i = select_where(tree, n, kids.clone(), coefs, bars);
    if !bars(tree.node(i)) {
        return i;
    }
    kids.into_iter()
        .find(|&k| tree.node(k).mv() == PASS)
        .unwrap_or(i)
}

/// The child of `n` (children `kids`) with the best score; excluded children are skipped.
#[inline]
pub fn select(tree: &Tree, n: usize, kids: std::ops::Range<usize>, coefs: &Coefs) -> usize {
    select_where(tree, n, kids, coefs, |_| false)
}

/// `select`, also skipping the children `skip` names.
#[inline]
fn select_where(
    tree: &Tree,
    n: usize,
    kids: std::ops::Range<usize>,
    coefs: &Coefs,
    skip: impl Fn(&Node) -> bool,
) -> usize {
    let ln_n = if coefs.ucb > 0.0 {
        ((tree.node(n).online().visits + 1) as f32).ln()
    } else {
        0.0
    };
    let mut best = kids.start;
    let mut best_v = f32::NEG_INFINITY;
    for i in kids {
        let ch = tree.node(i);
        if ch.excluded() || skip(ch) {
            continue;
        }
        let v = select::value(coefs, &select::inputs(ch, ln_n));
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}
