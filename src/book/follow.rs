//! Following the records: expansions where real games left the book. Drop-out expansion
//! grows the book where its values are close; the opponents' games show where they really
//! go. A follow step replays the opening of every record through the book and takes the
//! place where most of them left it: a leaf they reached (expanded), or an interior
//! position whose move they played is not among its children (that move added).

use super::builder::{BuildStep, Builder, RunLimits};
use super::evaluator::Evaluators;
use super::graph::Book;
use super::order::PLAYED_PLIES;
use crate::board::{BookMove, Color, Move, canonical, to_book};
use crate::sgf::GameRecord;
use std::collections::HashMap;

/// A place left by at least this many records is followed: one game alone may be a
/// blunder or a one-off.
pub const FOLLOW_MIN: usize = 2;

/// The opening moves of game records on the book's board, the first [`PLAYED_PLIES`] of
/// each, up to its first pass.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    lines: Vec<Vec<(Color, Move)>>,
}

impl Lines {
    /// The openings of the records of `size` among `records`.
    pub fn from_records<'a>(
        records: impl IntoIterator<Item = &'a GameRecord>,
        size: usize,
    ) -> Lines {
        let mut lines = Vec::new();
        for rec in records.into_iter().filter(|r| r.size == size) {
            let game = crate::board::Game::new(size, rec.komi.unwrap_or(0.0));
            let line: Vec<(Color, Move)> = rec
                .moves
                .iter()
                .filter_map(|m| m.board_move(game.board()))
                .take_while(|&(_, mv)| matches!(mv, Move::Play(_)))
                .take(PLAYED_PLIES)
                .collect();
            if !line.is_empty() {
                lines.push(line);
            }
        }
        Lines { lines }
    }

    /// Records held.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether no record is held.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

/// A place where records leave the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// The records reach this leaf.
    Leaf(u32),
    /// The records play this move (a book move of the node's canonical frame) in this
    /// interior position, and it is not among the position's children.
    Move(u32, BookMove),
}

/// One place where records leave the book: how many do, and the book's nodes on the way
/// of the first of them, from the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Departure {
    pub exit: Exit,
    pub games: usize,
    pub path: Vec<u32>,
}

impl Book {
    /// Where `lines` leave the book, most taken first (ties: the shallower, then the older
    /// node). A line that ends inside the book, or whose colours do not alternate as the
    /// book's, leaves nowhere.
    pub fn departures(&self, lines: &Lines) -> Vec<Departure> {
        let mut found: HashMap<Exit, Departure> = HashMap::new();
        for line in &lines.lines {
            if let Some((exit, path)) = self.departure(line) {
                found
                    .entry(exit)
                    .or_insert(Departure {
                        exit,
                        games: 0,
                        path,
                    })
                    .games += 1;
            }
        }
        let mut out: Vec<Departure> = found.into_values().collect();
        let node = |e: &Exit| match *e {
            Exit::Leaf(n) | Exit::Move(n, _) => n,
        };
        out.sort_by_key(|d| {
            let n = node(&d.exit);
            let mv = match d.exit {
                Exit::Leaf(_) => 0,
                Exit::Move(_, m) => m as u32 + 1,
            };
            (
                std::cmp::Reverse(d.games),
                self.nodes[n as usize].depth,
                n,
                mv,
            )
        });
        out
    }

    /// Where one line leaves the book, with the nodes on its way.
    fn departure(&self, line: &[(Color, Move)]) -> Option<(Exit, Vec<u32>)> {
        let mut game = self.rules.new_game();
        let mut path = Vec::new();
        for &(c, mv) in line {
            let (key, sym) = canonical(game.board(), c);
            let n = self.find(key)?;
            let node = &self.nodes[n as usize];
            if node.to_move != c {
                return None;
            }
            path.push(n);
            if !node.expanded {
                return Some((Exit::Leaf(n), path));
            }
            if self.foresees(&game, c, mv) != Some(true) {
                return Some((Exit::Move(n, to_book(game.board(), sym, mv)?), path));
            }
            game.play(c, mv).ok()?;
        }
        None
    }
}

impl Builder {
    /// One follow step: positions of an older evaluator valued again first (as in
    /// [`Builder::step`]), then the place where most of `lines` leave the book, if at least
    /// [`FOLLOW_MIN`] do, expanded (a leaf: its first `width` children by the book's order)
    /// or given the move they played. `None`: no place is left by enough records.
    pub fn follow_step(
        &mut self,
        lines: &Lines,
        evals: &mut dyn Evaluators,
    ) -> Result<Option<BuildStep>, String> {
        let eval = self.current_evaluator(evals)?;
        if let Some(done) = self.revalue_stale(evals, eval)? {
            return Ok(Some(done));
        }
        let mut outcome = None;
        for d in self.book.departures(lines) {
            if d.games < FOLLOW_MIN {
                break;
            }
            let step = match d.exit {
                Exit::Leaf(n) => self.grow(n, self.first_children(), &d.path, evals)?,
                Exit::Move(n, mv) => {
                    let (game, sym) = self.book.line(n)?;
                    self.add_children(n, (&game, sym), &[mv], 1, &d.path, evals)?
                }
            };
            // A move that cannot be added here (it would repeat a position on the way)
            // leaves the place to the next one.
            let stuck = matches!(
                (d.exit, step),
                (Exit::Move(..), BuildStep::Expanded { added: 0, .. })
            );
            if !stuck {
                outcome = Some(step);
                break;
            }
        }
        let Some(outcome) = outcome else {
            return Ok(None);
        };
        if outcome != BuildStep::Interrupted {
            self.info.expansions += 1;
        }
        self.finish_step()?;
        Ok(Some(outcome))
    }

    /// `run` with a share of its steps (0 to 1) following `lines`: [`Builder::follow_step`]
    /// when one is due, a drop-out step otherwise, or when no place is left by enough
    /// records. A share of 0 is `run`.
    pub fn run_following(
        &mut self,
        lines: &Lines,
        share: f64,
        evals: &mut dyn Evaluators,
        limits: RunLimits,
        progress: impl FnMut(&Builder, BuildStep),
    ) -> Result<BuildStep, String> {
        let mut due = 0.0;
        self.run_steps(evals, limits, progress, |b, e| {
            b.step_or_follow(lines, share, &mut due, e)
        })
    }

    /// A follow step when `share` of the steps so far (counted in `due`) says one is due,
    /// and otherwise, or when no place is left by enough records, a drop-out step.
    fn step_or_follow(
        &mut self,
        lines: &Lines,
        share: f64,
        due: &mut f64,
        evals: &mut dyn Evaluators,
    ) -> Result<BuildStep, String> {
        *due += share;
        if *due >= 1.0 {
            *due -= 1.0;
            if let Some(s) = self.follow_step(lines, evals)? {
                return Ok(s);
            }
        }
        self.step(evals)
    }
}
