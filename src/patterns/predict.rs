//! Move prediction: how often the move played in a game record is the engine's first choice,
//! or among its first 5 or 10, when moves are ranked by their learned gamma. Ties count
//! against the played move (it ranks after every move with an equal or higher gamma).

use super::{Gammas, all_features};
use std::fmt;
use std::path::PathBuf;

/// The game phases reported: move numbers from..=to.
pub const PHASES: [(usize, usize, &str); 3] = [
    (1, 50, "1-50"),
    (51, 150, "51-150"),
    (151, usize::MAX, "151+"),
];

/// Hits among the first 1, 5 and 10 moves, and positions seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rates {
    /// Positions whose played move ranked within the first 1, 5, 10.
    pub hits: [u64; 3],
    /// Positions.
    pub positions: u64,
}

impl Rates {
    /// Counts a position where the played move has this rank (0 = first).
    pub fn add(&mut self, rank: usize) {
        self.positions += 1;
        for (h, k) in self.hits.iter_mut().zip([1, 5, 10]) {
            if rank < k {
                *h += 1;
            }
        }
    }

    /// The rate of `hits[i]` in percent.
    pub fn percent(&self, i: usize) -> f64 {
        100.0 * self.hits[i] as f64 / self.positions.max(1) as f64
    }
}

/// All positions and the positions by phase.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games read.
    pub games: usize,
    /// Every position.
    pub all: Rates,
    /// Per entry of `PHASES`.
    pub phases: [Rates; 3],
}

impl Report {
    /// Counts a position at move number `no` whose played move has rank `rank`.
    pub fn add(&mut self, no: usize, rank: usize) {
        self.all.add(rank);
        if let Some(i) = PHASES.iter().position(|&(a, b, _)| a <= no && no <= b) {
            self.phases[i].add(rank);
        }
    }
}

impl fmt::Display for Report {
    /// `top1 P`, `top5 P`, `top10 P`, `positions N`, `games N`, then a line per phase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "top1 {:.2}", self.all.percent(0))?;
        writeln!(f, "top5 {:.2}", self.all.percent(1))?;
        writeln!(f, "top10 {:.2}", self.all.percent(2))?;
        writeln!(f, "positions {}", self.all.positions)?;
        writeln!(f, "games {}", self.games)?;
        for (r, (_, _, name)) in self.phases.iter().zip(PHASES) {
            writeln!(
                f,
                "moves {name} top1 {:.2} top5 {:.2} top10 {:.2} positions {}",
                r.percent(0),
                r.percent(1),
                r.percent(2),
                r.positions
            )?;
        }
        Ok(())
    }
}

/// Ranks the played move of every position of the games in `files` (at most `max_games`).
pub fn run(files: &[PathBuf], max_games: usize, gammas: &Gammas) -> Result<Report, String> {
    let mut report = Report::default();
    let mut moves = Vec::new();
    report.games =
        super::train::for_each_position(files, max_games, |b, c, recent, played, no| {
            moves.clear();
            all_features(b, c, recent, &mut moves);
            let Some(&(_, pf)) = moves.iter().find(|(m, _)| *m == played) else {
                return;
            };
            let sp = gammas.log_gamma(&pf);
            let rank = moves
                .iter()
                .filter(|(m, f)| *m != played && gammas.log_gamma(f) >= sp)
                .count();
            report.add(no, rank);
        })?;
    Ok(report)
}
