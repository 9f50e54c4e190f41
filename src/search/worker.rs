//! One search thread: descends its tree by UCT-RAVE, expands leaves, runs playouts and backs
//! up online and AMAF statistics.

use super::tree::{Node, PASS, Tree};
use crate::board::{Board, Color, Game, Move, Point};
use crate::params::Params;
use crate::playout::MoveTrace;
use crate::playout::heavy::Policy;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// No first play recorded for a point in the AMAF map.
const NONE: u8 = u8::MAX;

/// What one thread is asked to do.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    /// Seed of the thread's random generator.
    pub seed: u64,
    /// Playouts to run at most.
    pub max_playouts: u64,
    /// When to stop at the latest.
    pub deadline: Option<Instant>,
}

/// A search thread's tree and scratch memory, reused between searches.
pub struct Worker {
    pub tree: Tree,
    rng: Xoshiro256PlusPlus,
    board: Board,
    trace: MoveTrace,
    path: Vec<usize>,
    tree_moves: Vec<(u16, Color)>,
    amaf: Vec<u8>,
    moves_buf: Vec<u16>,
    /// Sum over playouts of the final owner of each point (+1 Black, -1 White).
    pub ownership: Vec<i32>,
    /// Playouts run in the current search.
    pub playouts: u64,
}

impl Worker {
    /// A worker with empty buffers.
    pub fn new() -> Worker {
        Worker {
            tree: Tree::default(),
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            board: Board::new(9),
            trace: MoveTrace::default(),
            path: Vec::new(),
            tree_moves: Vec::new(),
            amaf: Vec::new(),
            moves_buf: Vec::new(),
            ownership: Vec::new(),
            playouts: 0,
        }
    }

    /// Searches `game` for `to_play` until the job's playouts, its deadline or `stop`.
    pub fn run(
        &mut self,
        params: &Params,
        game: &Game,
        to_play: Color,
        job: Job,
        stop: &AtomicBool,
    ) {
        let Job {
            seed,
            max_playouts,
            deadline,
        } = job;
        let root_board = game.board();
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.tree.reset();
        self.amaf.clear();
        self.amaf.resize(root_board.len(), NONE);
        self.ownership.clear();
        self.ownership.resize(root_board.len(), 0);
        self.playouts = 0;
        // Root children: every move legal under superko that does not fill an own eye, and pass.
        self.moves_buf.clear();
        for p in root_board.points() {
            if !root_board.is_eye(to_play, p) && game.legality(to_play, Move::Play(p)).is_ok() {
                self.moves_buf.push(p.0);
            }
        }
        self.moves_buf.push(PASS);
        self.tree.expand(0, &self.moves_buf, usize::MAX);
        let max_moves =
            (params.playout_move_factor * (root_board.size() * root_board.size()) as f32) as usize;
        let max_nodes = params.max_nodes as usize;
        let policy = Policy::from_params(params);
        while self.playouts < max_playouts {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if self.playouts.is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.playout(params, &policy, game, to_play, max_moves, max_nodes);
            self.playouts += 1;
        }
    }

    /// One descent, expansion, playout and backup.
    fn playout(
        &mut self,
        params: &Params,
        policy: &Policy,
        game: &Game,
        to_play: Color,
        max_moves: usize,
        max_nodes: usize,
    ) {
        self.board.clone_from(game.board());
        self.path.clear();
        self.tree_moves.clear();
        self.trace.clear();
        let mut node = 0usize;
        let mut c = to_play;
        let mut passes = game.passes();
        while self.tree.nodes[node].n_children > 0 && passes < 2 {
            let child = self.select(params, node);
            let mv = self.tree.nodes[child].mv;
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
        if passes < 2 && self.tree.nodes[node].visits + 1 >= params.expand_visits {
            self.moves_buf.clear();
            for &e in self.board.empties() {
                let p = Point(e);
                if !self.board.is_eye(c, p) && self.board.is_legal(c, p) {
                    self.moves_buf.push(e);
                }
            }
            self.moves_buf.push(PASS);
            self.tree.expand(node, &self.moves_buf, max_nodes);
        }
        let komi = game.komi();
        let score = if passes >= 2 {
            self.board.playout_score(komi)
        } else {
            let (last, prev) = self.last_two_moves(game);
            policy.playout(
                &mut self.board,
                c,
                komi,
                max_moves,
                last,
                prev,
                &mut self.rng,
                &mut self.trace,
            )
        };
        self.record_ownership();
        self.backup(to_play, score > 0.0);
    }

    /// The last two moves before the playout starts (tree moves, then the game's), as points;
    /// `None` for a pass or when there is no such move.
    fn last_two_moves(&self, game: &Game) -> (Option<Point>, Option<Point>) {
        let tree = self.tree_moves.iter().rev().map(|&(m, _)| m);
        let played = game.moves().iter().rev().map(|&(_, m)| match m {
            Move::Play(p) => p.0,
            Move::Pass => PASS,
        });
        let mut all = tree.chain(played).map(|m| (m != PASS).then_some(Point(m)));
        (all.next().flatten(), all.next().flatten())
    }

    /// The child of `n` with the best UCT-RAVE value.
    #[inline]
    fn select(&self, params: &Params, n: usize) -> usize {
        let nodes = &self.tree.nodes;
        let ln_n = ((nodes[n].visits + 1) as f32).ln();
        let mut best = 0;
        let mut best_v = f32::NEG_INFINITY;
        for i in self.tree.children(n) {
            let ch: &Node = &nodes[i];
            let nv = ch.visits as f32;
            let rv = ch.rave_visits as f32;
            let beta = if rv > 0.0 {
                rv / (rv + nv + rv * nv / params.rave_equiv.max(1e-3))
            } else {
                0.0
            };
            let v = (1.0 - beta) * ch.value()
                + beta * ch.rave_value()
                + params.uct_c * (ln_n / (nv + 1.0)).sqrt();
            if v > best_v {
                best_v = v;
                best = i;
            }
        }
        best
    }

    /// Adds the final owner of every point to the ownership sums.
    fn record_ownership(&mut self) {
        let (black, white) = self.board.playout_areas();
        for p in black.iter() {
            self.ownership[p.idx()] += 1;
        }
        for p in white.iter() {
            self.ownership[p.idx()] -= 1;
        }
    }

    /// Backs up the result along the path: online statistics for the nodes, AMAF for the
    /// siblings whose move the same player played first later in the sequence.
    fn backup(&mut self, to_play: Color, black_wins: bool) {
        let win = |c: Color| {
            if (c == Color::Black) == black_wins {
                1.0
            } else {
                0.0
            }
        };
        let nodes = &mut self.tree.nodes;
        nodes[0].visits += 1;
        for (i, &n) in self.path.iter().enumerate() {
            let mover = self.tree_moves[i].1;
            nodes[n].visits += 1;
            nodes[n].wins += win(mover);
        }
        for &(p, col) in self.trace.moves.iter().rev() {
            self.amaf[p as usize] = col as u8;
        }
        let k = self.path.len();
        for j in (0..=k).rev() {
            if j < k {
                let (mv, col) = self.tree_moves[j];
                if mv != PASS {
                    self.amaf[mv as usize] = col as u8;
                }
            }
            let parent = if j == 0 { 0 } else { self.path[j - 1] };
            let col = if j % 2 == 0 { to_play } else { to_play.opp() };
            let reward = win(col);
            let range = self.tree.children(parent);
            for ch in &mut self.tree.nodes[range] {
                if ch.mv != PASS && self.amaf[ch.mv as usize] == col as u8 {
                    ch.rave_visits += 1;
                    ch.rave_wins += reward;
                }
            }
        }
        for &(p, _) in &self.trace.moves {
            self.amaf[p as usize] = NONE;
        }
        for &(mv, _) in &self.tree_moves {
            if mv != PASS {
                self.amaf[mv as usize] = NONE;
            }
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}
