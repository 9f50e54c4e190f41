//! The drop-out expansion builder (Lincke 2001): repeatedly follow minimum priority from the
//! start position to a leaf, add its successors, evaluate them, and propagate values and
//! priorities. Crash-safe: a checkpoint (the whole book, written atomically) every few
//! minutes and a journal of every finished evaluation in between, so a killed build resumes
//! losing at most the evaluations that were running.

use super::file::{self, BuildInfo, Journal, PlayerMode, Record};
use super::graph::{Book, BookPlayer, BookRules, Node, Shape};
use crate::board::{BookMove, Color, Game, Move, Symmetry, canonical, from_book, to_book};
use crate::params::Params;
use crate::search::{Limits, MoveStat, Searcher};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
}

/// The real evaluator: a moyo search of a fixed number of playouts, one thread, seeded by
/// the position's canonical key (so an evaluation does not depend on when it runs).
///
/// The root moves are ranked by `rank_for_book`, and the value is the win rate of the first.
pub struct SearchEvaluator {
    pub params: Params,
    pub playouts: u64,
    pub seed: u64,
    /// Every other place of the move order goes to the best move (by the same bound) within
    /// Manhattan distance `local` of the last move, while there is one (0: off).
    pub local: u32,
    stop: AtomicBool,
}

impl SearchEvaluator {
    pub fn new(params: Params, playouts: u64, seed: u64) -> SearchEvaluator {
        SearchEvaluator {
            params,
            playouts,
            seed,
            local: 0,
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

impl Evaluator for SearchEvaluator {
    fn evaluate(&mut self, game: &Game, to_play: Color) -> Option<Evaluation> {
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
        let order: Vec<Move> = moves.iter().map(|m| m.mv).collect();
        Some(Evaluation {
            value: (2.0 * w - 1.0).clamp(-1.0, 1.0),
            moves: interleave_local(game, &order, self.local),
        })
    }
}

/// The outcome of one builder step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A leaf was expanded or an interior node widened; `added` new arcs.
    Expanded { node: u32, added: usize },
    /// Nothing is left to expand.
    Complete,
    /// An evaluator was interrupted; the finished evaluations are kept.
    Interrupted,
}

/// When `run` stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunLimits {
    /// Total expansions in the book.
    pub expansions: Option<u64>,
    /// Total positions in the book.
    pub nodes: Option<usize>,
    /// Seconds of this run.
    pub seconds: Option<f64>,
}

/// A book under construction.
pub struct Builder {
    pub book: Book,
    pub info: BuildInfo,
    path: Option<PathBuf>,
    journal: Option<Journal>,
    /// Time between checkpoints.
    pub checkpoint_every: Duration,
    last_checkpoint: Instant,
    opened: Instant,
    seconds_at_open: f64,
    /// Move orders from the evaluations of this process, by key (not saved: a node whose
    /// order is missing is evaluated again when it is expanded, with the same seed).
    orders: HashMap<u64, Vec<BookMove>>,
}

fn rules_game(rules: &BookRules) -> Game {
    let mut g = Game::new(rules.size, rules.komi);
    g.set_scoring(rules.scoring);
    g
}

impl Builder {
    /// A new book: the start position evaluated, saved at once to `path` if given.
    pub fn create(
        rules: BookRules,
        shape: Shape,
        info: BuildInfo,
        path: Option<&Path>,
        eval: &mut dyn Evaluator,
    ) -> Result<Builder, String> {
        let game = rules_game(&rules);
        let e = eval
            .evaluate(&game, Color::Black)
            .ok_or("interrupted while evaluating the start position")?;
        let book = Book::new(rules, shape, e.value);
        let mut b = Builder {
            book,
            info,
            path: path.map(Path::to_path_buf),
            journal: None,
            checkpoint_every: Duration::from_secs(120),
            last_checkpoint: Instant::now(),
            opened: Instant::now(),
            seconds_at_open: 0.0,
            orders: HashMap::new(),
        };
        b.info.evaluations += 1;
        let (_, sym) = canonical(game.board(), Color::Black);
        b.remember_order(b.book.nodes[0].key, &game, sym, &e.moves);
        b.checkpoint()
            .map_err(|e| format!("book {}: {e}", b.path_name()))?;
        Ok(b)
    }

    /// Resumes the build saved at `path`: its last checkpoint plus the evaluations its
    /// journal recorded after it; the result is saved as a new checkpoint at once.
    pub fn resume(path: &Path) -> Result<Builder, String> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| format!("book {name}: {e}"))?;
        let (mut book, mut info) = file::from_bytes(&bytes, &name)?;
        let sum = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap());
        let records = Journal::read(&file::sibling(path, ".journal"), sum);
        for r in &records {
            if !r.apply(&mut book, &mut info) {
                break;
            }
        }
        book.refresh();
        let mut b = Builder {
            book,
            seconds_at_open: info.seconds,
            info,
            path: Some(path.to_path_buf()),
            journal: None,
            checkpoint_every: Duration::from_secs(120),
            last_checkpoint: Instant::now(),
            opened: Instant::now(),
            orders: HashMap::new(),
        };
        b.checkpoint().map_err(|e| format!("book {name}: {e}"))?;
        Ok(b)
    }

    fn path_name(&self) -> String {
        self.path
            .as_ref()
            .map_or("(memory)".into(), |p| p.display().to_string())
    }

    /// Saves the whole book atomically and starts a new journal tied to it.
    pub fn checkpoint(&mut self) -> std::io::Result<()> {
        self.info.seconds = self.seconds_at_open + self.opened.elapsed().as_secs_f64();
        if let Some(path) = &self.path {
            self.journal = None;
            let sum = file::save(path, &self.book, &self.info)?;
            self.journal = Some(Journal::create(&file::sibling(path, ".journal"), sum)?);
        }
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    fn log(&mut self, records: &[Record]) -> Result<(), String> {
        if let Some(j) = &mut self.journal {
            j.append(records)
                .map_err(|e| format!("book journal {}: {e}", self.path_name()))?;
        }
        Ok(())
    }

    fn remember_order(&mut self, key: u64, game: &Game, sym: Symmetry, moves: &[Move]) {
        let order = moves
            .iter()
            .filter_map(|&m| to_book(game.board(), sym, m))
            .collect();
        self.orders.insert(key, order);
    }

    /// The game of node `n` along its shortest path from the start position, and the
    /// symmetry from that game's board to the stored orientation.
    pub fn position(&self, n: u32) -> Result<(Game, Symmetry), String> {
        let mut chain = Vec::new();
        let mut x = n;
        while let Some((p, mv)) = self.book.nodes[x as usize].parent {
            chain.push((p, mv));
            x = p;
        }
        if x != 0 {
            return Err(format!("position {n} is not reachable from the start"));
        }
        let mut game = rules_game(&self.book.rules);
        let (k0, mut sym) = canonical(game.board(), Color::Black);
        if k0 != self.book.nodes[0].key {
            return Err("the start position is not the empty board".into());
        }
        for &(p, mv) in chain.iter().rev() {
            let c = self.book.nodes[p as usize].to_move;
            let m = from_book(game.board(), sym, mv);
            game.play(c, m)
                .map_err(|e| format!("book line to position {n}: {e}"))?;
            sym = canonical(game.board(), c.opp()).1;
        }
        if canonical(game.board(), game.to_play()).0 != self.book.nodes[n as usize].key {
            return Err(format!("book line to position {n} leads elsewhere"));
        }
        Ok((game, sym))
    }

    fn player(&self) -> BookPlayer {
        match self.info.player {
            PlayerMode::Alternate if self.info.expansions.is_multiple_of(2) => BookPlayer::Black,
            PlayerMode::Alternate | PlayerMode::White => BookPlayer::White,
            PlayerMode::Black => BookPlayer::Black,
            PlayerMode::Nobody => BookPlayer::Nobody,
        }
    }

    /// One expansion: select the leaf by minimum priority (or widen an interior node on the
    /// way), add and evaluate its successors with the evaluators in parallel, propagate.
    pub fn step(&mut self, evals: &mut [Box<dyn Evaluator>]) -> Result<Step, String> {
        assert!(!evals.is_empty(), "at least one evaluator");
        let player = self.player();
        let mut path = vec![0u32];
        let mut i = 0u32;
        let width = self.info.width as usize;
        let (target, want) = loop {
            let node = &self.book.nodes[i as usize];
            if !node.expanded {
                break (i, if width == 0 { usize::MAX } else { width });
            }
            let every = self.info.widen_every;
            let v = node.visits + 1;
            if every > 0 && width > 0 && !node.full && v.is_multiple_of(every) {
                // The k-th widening brings the node to (k + 1) * width children: a function
                // of the visits alone, so a resumed build widens exactly as before.
                break (i, width * (1 + (v / every) as usize));
            }
            match self.book.select_child(i, player) {
                Some(e) if !path.contains(&e.child) => {
                    i = e.child;
                    path.push(i);
                }
                _ => return Ok(Step::Complete),
            }
        };
        // Interior nodes passed (the target too when it is widened) count a visit once the
        // step is done.
        let visited: Vec<u32> = path
            .iter()
            .copied()
            .filter(|&x| self.book.nodes[x as usize].expanded)
            .collect();
        let outcome = self.grow(target, want, &path, evals)?;
        self.info.seconds = self.seconds_at_open + self.opened.elapsed().as_secs_f64();
        if outcome != Step::Interrupted {
            let mut recs = Vec::new();
            for &x in &visited {
                self.book.nodes[x as usize].visits += 1;
                recs.push(Record::Visit { node: x });
            }
            self.info.expansions += 1;
            recs.push(Record::Counters {
                expansions: self.info.expansions,
                evaluations: self.info.evaluations,
                seconds: self.info.seconds,
            });
            self.log(&recs)?;
        }
        self.book.refresh();
        if self.last_checkpoint.elapsed() >= self.checkpoint_every {
            self.checkpoint()
                .map_err(|e| format!("book {}: {e}", self.path_name()))?;
        }
        Ok(outcome)
    }

    /// Gives node `n` children until it has `want` (the first moves of its order, then the
    /// other legal moves; symmetric duplicates and moves back to a position on `path`
    /// skipped), evaluating the new positions.
    fn grow(
        &mut self,
        n: u32,
        want: usize,
        path: &[u32],
        evals: &mut [Box<dyn Evaluator>],
    ) -> Result<Step, String> {
        let (game, sym) = self.position(n)?;
        let key = self.book.nodes[n as usize].key;
        let to_move = self.book.nodes[n as usize].to_move;
        if !self.orders.contains_key(&key) {
            let Some(e) = evals[0].evaluate(&game, to_move) else {
                return Ok(Step::Interrupted);
            };
            self.info.evaluations += 1;
            self.remember_order(key, &game, sym, &e.moves);
        }
        let points = self.book.rules.size * self.book.rules.size;
        let order = &self.orders[&key];
        let mut moves: Vec<BookMove> = order.clone();
        let listed: HashSet<BookMove> = order.iter().copied().collect();
        moves.extend((0..points as BookMove).filter(|m| !listed.contains(m)));

        let on_path: HashSet<u64> = path
            .iter()
            .map(|&x| self.book.nodes[x as usize].key)
            .collect();
        let existing: HashSet<u32> = self.book.nodes[n as usize]
            .edges
            .iter()
            .map(|e| e.child)
            .collect();
        let mut seen = HashSet::new();
        let mut count = 0;
        let mut jobs: Vec<(BookMove, Game, u64, Symmetry)> = Vec::new();
        let mut links = Vec::new();
        for mv in moves {
            if count >= want {
                break;
            }
            let m = from_book(game.board(), sym, mv);
            if game.legality(to_move, m).is_err() {
                continue;
            }
            let mut g = game.clone();
            if g.play(to_move, m).is_err() {
                continue;
            }
            let (ck, cs) = canonical(g.board(), to_move.opp());
            if !seen.insert(ck) || on_path.contains(&ck) {
                continue;
            }
            count += 1;
            match self.book.find(ck) {
                Some(c) if existing.contains(&c) => {}
                Some(c) => links.push((mv, c)),
                None => jobs.push((mv, g, ck, cs)),
            }
        }
        let mut added = 0;
        let mut recs = Vec::new();
        for (mv, c) in links {
            if self.book.add_edge(n, mv, c) {
                added += 1;
                recs.push(Record::Edge {
                    parent: n,
                    mv,
                    child: c,
                });
            }
        }
        self.log(&recs)?;
        let done = self.evaluate_jobs(n, jobs, evals)?;
        added += done.0;
        if done.1 {
            return Ok(Step::Interrupted);
        }
        let node = &mut self.book.nodes[n as usize];
        if !node.expanded {
            node.expanded = true;
            self.log(&[Record::Expanded { node: n }])?;
        }
        let node = &mut self.book.nodes[n as usize];
        if count < want && !node.full {
            // Every legal move is a child now: no more widening here.
            node.full = true;
            self.log(&[Record::Full { node: n }])?;
        }
        Ok(Step::Expanded { node: n, added })
    }

    /// Evaluates the new children of `n` (in parallel when there are several evaluators)
    /// and adds each to the book and the journal as soon as it is done. Returns the number
    /// added and whether an evaluator was interrupted.
    fn evaluate_jobs(
        &mut self,
        n: u32,
        jobs: Vec<(BookMove, Game, u64, Symmetry)>,
        evals: &mut [Box<dyn Evaluator>],
    ) -> Result<(usize, bool), String> {
        let to_move = self.book.nodes[n as usize].to_move.opp();
        let mut added = 0;
        let mut interrupted = false;
        let mut finish = |b: &mut Builder, job: &(BookMove, Game, u64, Symmetry), e: Evaluation| {
            let (mv, ref g, ck, cs) = *job;
            b.info.evaluations += 1;
            let h = e.value.clamp(-1.0, 1.0);
            let c = b.book.add_node(Node::leaf(ck, to_move, h));
            b.book.add_edge(n, mv, c);
            b.remember_order(ck, g, cs, &e.moves);
            added += 1;
            b.log(&[
                Record::Node {
                    key: ck,
                    to_move,
                    h,
                },
                Record::Edge {
                    parent: n,
                    mv,
                    child: c,
                },
            ])
        };
        if evals.len() == 1 || jobs.len() <= 1 {
            for job in &jobs {
                match evals[0].evaluate(&job.1, to_move) {
                    Some(e) => finish(self, job, e)?,
                    None => {
                        interrupted = true;
                        break;
                    }
                }
            }
            return Ok((added, interrupted));
        }
        let next = Mutex::new(0usize);
        let stop = AtomicBool::new(false);
        let (tx, rx) = std::sync::mpsc::channel::<(usize, Option<Evaluation>)>();
        let jobs_ref = &jobs;
        let mut result = Ok(());
        std::thread::scope(|s| {
            for ev in evals.iter_mut() {
                let tx = tx.clone();
                let (next, stop) = (&next, &stop);
                s.spawn(move || {
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let k = {
                            let mut g = next.lock().unwrap();
                            let k = *g;
                            *g += 1;
                            k
                        };
                        let Some(job) = jobs_ref.get(k) else { break };
                        let e = ev.evaluate(&job.1, to_move);
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
                        result = finish(self, &jobs_ref[k], e);
                        if result.is_err() {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Some(_) => {}
                    None => interrupted = true,
                }
            }
        });
        result?;
        Ok((added, interrupted))
    }

    /// Steps until a limit is reached, nothing is left or an evaluator is interrupted;
    /// `progress` is called after every step. Saves a checkpoint at the end. Returns the
    /// last step (`Expanded` when a limit stopped the run).
    pub fn run(
        &mut self,
        evals: &mut [Box<dyn Evaluator>],
        limits: RunLimits,
        mut progress: impl FnMut(&Builder, Step),
    ) -> Result<Step, String> {
        let start = Instant::now();
        let mut last = Step::Expanded { node: 0, added: 0 };
        loop {
            if limits.expansions.is_some_and(|x| self.info.expansions >= x)
                || limits.nodes.is_some_and(|x| self.book.len() >= x)
                || limits
                    .seconds
                    .is_some_and(|x| start.elapsed().as_secs_f64() >= x)
            {
                break;
            }
            last = self.step(evals)?;
            progress(self, last);
            if !matches!(last, Step::Expanded { .. }) {
                break;
            }
        }
        self.checkpoint()
            .map_err(|e| format!("book {}: {e}", self.path_name()))?;
        Ok(last)
    }
}
