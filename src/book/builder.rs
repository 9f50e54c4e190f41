//! The drop-out expansion builder (Lincke 2001): repeatedly follow minimum priority from the
//! start position to a leaf, add its successors, evaluate them, and propagate values and
//! priorities. Crash-safe: a checkpoint (the whole book, written atomically) every few
//! minutes and a journal of every finished evaluation in between, so a killed build resumes
//! losing at most the evaluations that were running.

use super::evaluator::{Evaluation, Evaluator, Evaluators};
use super::file;
use super::graph::{Book, BookNode, BookPlayer, BookRules, Shape};
use super::journal::{Journal, Record};
use super::settings::EvalSettings;
use super::settings::{BuildInfo, PlayerMode};
use crate::board::{BookMove, Color, Game, Move, Symmetry, canonical, from_book, to_book};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The outcome of one builder step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildStep {
    /// A leaf was expanded or an interior node widened; `added` new arcs.
    Expanded { node: u32, added: usize },
    /// Stale values (of an older evaluator version) were evaluated again: `nodes` of them.
    Revalued { nodes: usize },
    /// Book moves were re-checked by a deeper search: `nodes` of them.
    Checked { nodes: usize },
    /// Nothing is left to expand.
    Complete,
    /// An evaluator was interrupted; the finished evaluations are kept.
    Interrupted,
}

impl BuildStep {
    /// Whether a run goes on after this step (it did some work).
    pub fn goes_on(self) -> bool {
        matches!(
            self,
            BuildStep::Expanded { .. } | BuildStep::Revalued { .. } | BuildStep::Checked { .. }
        )
    }
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

impl Builder {
    /// The positions of book nodes `nodes` (each replayed from the empty board) with the
    /// side to move in each: what a batch of evaluations searches.
    pub(super) fn positions_of(&self, nodes: &[u32]) -> Result<Vec<(Game, Color)>, String> {
        nodes
            .iter()
            .map(|&i| Ok((self.book.line(i)?.0, self.book.nodes[i as usize].to_move)))
            .collect()
    }

    /// A new book: the start position evaluated, saved at once to `path` if given.
    pub fn create(
        rules: BookRules,
        shape: Shape,
        info: BuildInfo,
        path: Option<&Path>,
        eval: &mut dyn Evaluator,
    ) -> Result<Builder, String> {
        let game = rules.new_game();
        let e = eval
            .evaluate(&game, Color::Black)
            .ok_or("interrupted while evaluating the start position")?;
        let mut book = Book::new(rules, shape, e.value);
        let mut info = info;
        book.nodes[0].eval = evaluator_index(&mut info, &eval.settings());
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
    /// journal recorded after it; the result is saved as a new checkpoint at once. A
    /// journal damaged before its end is an error (see `resume_with`).
    pub fn resume(path: &Path) -> Result<Builder, String> {
        Builder::resume_with(path, false)
    }

    /// `resume`; with `salvage`, a journal damaged before its end gives the records before
    /// the damage instead of an error (the rest is lost).
    pub fn resume_with(path: &Path, salvage: bool) -> Result<Builder, String> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| format!("book {name}: {e}"))?;
        let (mut book, mut info) = file::from_bytes(&bytes, &name)?;
        let sum = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap());
        let records = Journal::read(&file::sibling(path, ".journal"), sum, salvage)?;
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

    pub(super) fn log(&mut self, records: &[Record]) -> Result<(), String> {
        if let Some(j) = &mut self.journal {
            j.append(records)
                .map_err(|e| format!("book journal {}: {e}", self.path_name()))?;
        }
        Ok(())
    }

    pub(super) fn remember_order(&mut self, key: u64, game: &Game, sym: Symmetry, moves: &[Move]) {
        let order = moves
            .iter()
            .filter_map(|&m| to_book(game.board(), sym, m))
            .collect();
        self.orders.insert(key, order);
    }

    /// The index of `evals`' settings among the book's evaluators, added (and saved at
    /// once, so that the journal never names an evaluator its checkpoint lacks) when new.
    pub(super) fn current_evaluator(&mut self, evals: &dyn Evaluators) -> Result<u16, String> {
        let settings = evals.settings();
        let before = self.info.evaluators.len();
        let i = evaluator_index(&mut self.info, &settings);
        if self.info.evaluators.len() > before {
            self.checkpoint()
                .map_err(|e| format!("book {}: {e}", self.path_name()))?;
        }
        Ok(i)
    }

    fn player(&self) -> BookPlayer {
        match self.info.player {
            PlayerMode::Alternate if self.info.expansions.is_multiple_of(2) => BookPlayer::Black,
            PlayerMode::Alternate | PlayerMode::White => BookPlayer::White,
            PlayerMode::Black => BookPlayer::Black,
            PlayerMode::Nobody => BookPlayer::Nobody,
        }
    }

    /// Children a leaf gets when it is expanded: `--width`, or every legal move for 0.
    pub(super) fn first_children(&self) -> usize {
        match self.info.width {
            0 => usize::MAX,
            w => w as usize,
        }
    }

    /// One expansion: select the leaf by minimum priority (or widen an interior node on the
    /// way), add and evaluate its successors with the evaluators in parallel, propagate.
    /// Before any expansion, positions valued by an older evaluator version are evaluated
    /// again, a batch a step ([`BuildStep::Revalued`]).
    pub fn step(&mut self, evals: &mut dyn Evaluators) -> Result<BuildStep, String> {
        assert!(evals.parallel() > 0, "at least one evaluator");
        let eval = self.current_evaluator(evals)?;
        if let Some(done) = self.revalue_stale(evals, eval)? {
            return Ok(done);
        }
        let player = self.player();
        let mut path = vec![0u32];
        let mut i = 0u32;
        let width = self.info.width as usize;
        let (target, want) = loop {
            let node = &self.book.nodes[i as usize];
            if !node.expanded {
                break (i, self.first_children());
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
                _ => return Ok(BuildStep::Complete),
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
        if outcome != BuildStep::Interrupted {
            let mut recs = Vec::new();
            for &x in &visited {
                self.book.nodes[x as usize].visits += 1;
                recs.push(Record::Visit { node: x });
            }
            self.info.expansions += 1;
            self.log(&recs)?;
        }
        self.finish_step()?;
        Ok(outcome)
    }

    /// The end of every step: the counters journalled, values and priorities propagated, a
    /// checkpoint when one is due.
    pub(super) fn finish_step(&mut self) -> Result<(), String> {
        self.info.seconds = self.seconds_at_open + self.opened.elapsed().as_secs_f64();
        self.log(&[Record::Counters {
            expansions: self.info.expansions,
            evaluations: self.info.evaluations,
            seconds: self.info.seconds,
        }])?;
        self.book.refresh();
        if self.last_checkpoint.elapsed() >= self.checkpoint_every {
            self.checkpoint()
                .map_err(|e| format!("book {}: {e}", self.path_name()))?;
        }
        Ok(())
    }

    /// Gives node `n` children until it has `want` (the first moves of its order, then the
    /// other legal moves; symmetric duplicates and moves back to a position on `path`
    /// skipped), evaluating the new positions.
    pub(super) fn grow(
        &mut self,
        n: u32,
        want: usize,
        path: &[u32],
        evals: &mut dyn Evaluators,
    ) -> Result<BuildStep, String> {
        let (game, sym) = self.book.line(n)?;
        let key = self.book.nodes[n as usize].key;
        let to_move = self.book.nodes[n as usize].to_move;
        if !self.orders.contains_key(&key) {
            let mut order = None;
            let interrupted = evals.evaluate_each(&[(&game, to_move)], &mut |_, e| {
                order = Some(e.moves);
                Ok(())
            })?;
            let Some(moves) = order.filter(|_| !interrupted) else {
                return Ok(BuildStep::Interrupted);
            };
            self.info.evaluations += 1;
            self.remember_order(key, &game, sym, &moves);
        }
        let points = self.book.rules.size * self.book.rules.size;
        let order = &self.orders[&key];
        let mut moves: Vec<BookMove> = order.clone();
        let listed: HashSet<BookMove> = order.iter().copied().collect();
        moves.extend((0..points as BookMove).filter(|m| !listed.contains(m)));
        self.add_children(n, (&game, sym), &moves, want, path, evals)
    }

    /// Gives node `n` (reached as `line`: its game and symmetry) new children from `moves`
    /// (book moves, in order) until it has `want` of them, evaluating the new positions.
    /// When `moves` runs out first and held every point, the node is marked full.
    pub(super) fn add_children(
        &mut self,
        n: u32,
        line: (&Game, Symmetry),
        moves: &[BookMove],
        want: usize,
        path: &[u32],
        evals: &mut dyn Evaluators,
    ) -> Result<BuildStep, String> {
        let (game, sym) = line;
        let to_move = self.book.nodes[n as usize].to_move;
        let points = self.book.rules.size * self.book.rules.size;
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
        for &mv in moves {
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
        let eval = self.current_evaluator(evals)?;
        let done = self.evaluate_jobs(n, jobs, evals, eval)?;
        added += done.0;
        if done.1 {
            return Ok(BuildStep::Interrupted);
        }
        let node = &mut self.book.nodes[n as usize];
        if !node.expanded {
            node.expanded = true;
            self.log(&[Record::Expanded { node: n }])?;
        }
        let node = &mut self.book.nodes[n as usize];
        if count < want && moves.len() >= points && !node.full {
            // Every legal move is a child now: no more widening here.
            node.full = true;
            self.log(&[Record::Full { node: n }])?;
        }
        Ok(BuildStep::Expanded { node: n, added })
    }

    /// Evaluates the new children of `n` (in parallel when there are several evaluators)
    /// and adds each to the book and the journal as soon as it is done. Returns the number
    /// added and whether an evaluator was interrupted.
    fn evaluate_jobs(
        &mut self,
        n: u32,
        jobs: Vec<(BookMove, Game, u64, Symmetry)>,
        evals: &mut dyn Evaluators,
        eval: u16,
    ) -> Result<(usize, bool), String> {
        let to_move = self.book.nodes[n as usize].to_move.opp();
        let mut added = 0;
        let positions: Vec<(&Game, Color)> = jobs.iter().map(|j| (&j.1, to_move)).collect();
        let interrupted = evals.evaluate_each(&positions, &mut |k, e: Evaluation| {
            let (mv, ref g, ck, cs) = jobs[k];
            self.info.evaluations += 1;
            let h = e.value.clamp(-1.0, 1.0);
            let mut node = BookNode::leaf(ck, to_move, h);
            node.eval = eval;
            let c = self.book.add_node(node);
            self.book.add_edge(n, mv, c);
            self.remember_order(ck, g, cs, &e.moves);
            added += 1;
            self.log(&[
                Record::Node {
                    key: ck,
                    to_move,
                    h,
                    eval,
                },
                Record::Edge {
                    parent: n,
                    mv,
                    child: c,
                },
            ])
        })?;
        Ok((added, interrupted))
    }

    /// Steps until a limit is reached, nothing is left or an evaluator is interrupted;
    /// `progress` is called after every step. Saves a checkpoint at the end. Returns the
    /// last step (`Expanded` when a limit stopped the run).
    pub fn run(
        &mut self,
        evals: &mut dyn Evaluators,
        limits: RunLimits,
        progress: impl FnMut(&Builder, BuildStep),
    ) -> Result<BuildStep, String> {
        self.run_steps(evals, limits, progress, Builder::step)
    }

    /// `run` with another kind of step.
    pub(super) fn run_steps(
        &mut self,
        evals: &mut dyn Evaluators,
        limits: RunLimits,
        mut progress: impl FnMut(&Builder, BuildStep),
        mut step: impl FnMut(&mut Builder, &mut dyn Evaluators) -> Result<BuildStep, String>,
    ) -> Result<BuildStep, String> {
        let start = Instant::now();
        let mut last = BuildStep::Expanded { node: 0, added: 0 };
        loop {
            if limits.expansions.is_some_and(|x| self.info.expansions >= x)
                || limits.nodes.is_some_and(|x| self.book.len() >= x)
                || limits
                    .seconds
                    .is_some_and(|x| start.elapsed().as_secs_f64() >= x)
            {
                break;
            }
            last = step(self, evals)?;
            progress(self, last);
            if !last.goes_on() {
                break;
            }
        }
        self.checkpoint()
            .map_err(|e| format!("book {}: {e}", self.path_name()))?;
        Ok(last)
    }
}

/// The index of `settings` among `info`'s evaluators, appended when new.
fn evaluator_index(info: &mut BuildInfo, settings: &EvalSettings) -> u16 {
    match info.evaluators.iter().position(|e| e == settings) {
        Some(i) => i as u16,
        None => {
            info.evaluators.push(settings.clone());
            (info.evaluators.len() - 1) as u16
        }
    }
}
