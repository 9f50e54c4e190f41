//! `moyo book build | check | stats | count | show | predict | suite`: the command-line side
//! of the opening book.

/// `println!` that ignores a closed stdout (`moyo book stats | head`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

mod build;
mod games;
mod report;

use clap::Subcommand;
use moyo::book::{self, Book, BuildInfo};
use moyo::cluster::Hub;
use moyo::params::Params;
use parking_lot::Mutex;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Builds a book by drop-out expansion, or resumes the build saved in --out. Each new
    /// position is evaluated by a moyo search of --playouts playouts (default 3000) seeded by
    /// --seed (default 1). Settings given on a resumed build replace the stored ones.
    Build(build::BuildArgs),
    /// Re-checks the book moves of a book under construction by deeper searches (--playouts,
    /// default ten times the build's); where one disagrees with the book's value by more than
    /// --margin, the deeper search's value stands. Resumable like build.
    Check(build::CheckArgs),
    /// Statistics of a book: nodes, leaves, depth table, drop-out diagram (text and SVG);
    /// with --games, the book moves per game and the opponents' hit rate in those games.
    Stats(report::StatsArgs),
    /// Counts the book moves a player made in SGF games (positions where the book, and so
    /// moyo's genmove, had a move).
    Count(games::CountArgs),
    /// Shows the book's entry for the position after some moves: values, priorities, and
    /// each book move with its value; with --evaluate, the builder's evaluation of it over
    /// seeds (its noise).
    Show(report::ShowArgs),
    /// How well each order of a node's children predicts the opening moves of some games:
    /// the share of those moves among the first --width children (one search of --playouts,
    /// default 3000, per position).
    Predict(games::PredictArgs),
    /// Writes the book's positions whose best move is ahead of the second best by --margin
    /// as a GoGui regression suite (`.tst`): the search, with the book off, must find the
    /// book's move.
    Suite(report::SuiteArgs),
}

/// The evaluations a subcommand runs at once on each rank, when it spreads them over the
/// ranks of an MPI job (`build` and `check`).
pub fn workers(cmd: &BookCommand) -> Option<usize> {
    match cmd {
        BookCommand::Build(a) => Some(a.run.workers),
        BookCommand::Check(a) => Some(a.run.workers),
        _ => None,
    }
}

/// Runs a book subcommand, `build` and `check` with their evaluations spread over the ranks
/// of `hub` when given; the error is printed by the caller.
pub fn run(
    cmd: BookCommand,
    params: &Params,
    playouts: Option<u64>,
    seed: Option<u64>,
    quiet: bool,
    hub: Option<Arc<Mutex<Hub>>>,
) -> Result<(), String> {
    match cmd {
        BookCommand::Build(a) => build::build(a, params, playouts, seed, quiet, hub),
        BookCommand::Check(a) => build::check(a, params, playouts, quiet, hub),
        BookCommand::Stats(a) => report::stats(a, params),
        BookCommand::Count(a) => games::count(a, params),
        BookCommand::Show(a) => report::show(a, params),
        BookCommand::Predict(a) => games::predict_cmd(a, params, playouts, seed),
        BookCommand::Suite(a) => report::suite(a),
    }
}

/// A book file, or the embedded book of `size`; with its build settings and a name for messages.
pub(crate) fn load_book(
    file: &Option<PathBuf>,
    size: usize,
) -> Result<(Book, BuildInfo, String), String> {
    match file {
        Some(f) => {
            let (b, i) = book::load(f)?;
            Ok((b, i, f.display().to_string()))
        }
        None => {
            for (name, bytes) in book::EMBEDDED_FILES {
                let label = format!("{name} (embedded)");
                let (b, i) = book::from_bytes(bytes, &label)?;
                if b.rules.size == size {
                    return Ok((b, i, label));
                }
            }
            Err(format!("no embedded book for {size}x{size}"))
        }
    }
}

/// The SGF files in `paths`: files as given, folders searched recursively for `*.sgf`,
/// sorted.
pub(crate) fn sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut todo: Vec<PathBuf> = paths.to_vec();
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            for e in entries {
                todo.push(e.map_err(|e| format!("{}: {e}", p.display()))?.path());
            }
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) || paths.contains(&p)
        {
            if !p.exists() {
                return Err(format!("{}: no such file or folder", p.display()));
            }
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}
