//! Coulom's Minorization-Maximization (2007, "Computing Elo ratings of move patterns"), the
//! one fitting core of every learned move table: each position of the training games is a
//! competition among its candidate moves, won by the move played; a move's strength is the
//! product of the gammas of its features, at most one feature per group. One iteration
//! updates each group in turn:
//! `gamma_i <- (W_i + 1) / (sum_j C_ij / E_j + 2 / (gamma_i + 1))`, where the `+1` and the
//! `2 / (gamma_i + 1)` are a virtual win and loss against a gamma-1 opponent (Coulom's prior).
//! Moves of one position with the same features are merged into one team with a multiplicity.
//!
//! What a team is and which features it has is the caller's ([`Layout`]); the pattern
//! trainer (`train`) and the playout policy's trainer share this code, and the resumable
//! loop ([`fit`], [`resume`]) that checkpoints after every iteration.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;
use std::ops::Range;
use std::path::Path;
use std::time::Instant;

/// The competitions of a training set: the teams of all positions in order, position `j`'s
/// at `starts[j]..starts[j + 1]`, won by team `winners[j]` (an index into `teams`).
#[derive(Debug)]
pub struct Competitions<'a, T> {
    /// All teams, position after position.
    pub teams: &'a [T],
    /// Start of each position's teams (one more entry than positions).
    pub starts: &'a [u32],
    /// The winning team of each position.
    pub winners: &'a [u32],
}

impl<T> Clone for Competitions<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Competitions<'_, T> {}

impl<T> Competitions<'_, T> {
    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.winners.len()
    }

    /// The teams of position `j`.
    #[inline]
    fn of(&self, j: usize) -> &[T] {
        &self.teams[self.starts[j] as usize..self.starts[j + 1] as usize]
    }
}

/// A team being collected: the key moves merge by, and its multiplicity.
pub trait Merge {
    /// What moves of one position share to be one team.
    type Key: Hash + Eq;
    /// The team's key.
    fn key(&self) -> Self::Key;
    /// How many moves of the position the team stands for.
    fn mult_mut(&mut self) -> &mut u32;
}

/// Appends one position to the competitions `(teams, starts, winners)`: the teams of
/// `moves` (one a move, in order), moves with equal keys merged into one (`index` is
/// scratch), won by the team of move number `played`; the position is left out when
/// `played` is `None` (the move played is no candidate).
pub fn add_position<T: Merge>(
    (teams, starts, winners): (&mut Vec<T>, &mut Vec<u32>, &mut Vec<u32>),
    index: &mut HashMap<T::Key, u32>,
    moves: impl Iterator<Item = T>,
    played: Option<usize>,
) {
    let start = teams.len();
    index.clear();
    let mut winner = None;
    for (k, mut t) in moves.enumerate() {
        let i = match index.entry(t.key()) {
            Entry::Occupied(e) => *e.get() as usize,
            Entry::Vacant(e) => {
                *t.mult_mut() = 0;
                teams.push(t);
                e.insert((teams.len() - 1) as u32);
                teams.len() - 1
            }
        };
        *teams[i].mult_mut() += 1;
        if played == Some(k) {
            winner = Some(i as u32);
        }
    }
    match winner {
        Some(w) => {
            winners.push(w);
            starts.push(teams.len() as u32);
        }
        None => teams.truncate(start),
    }
}

/// How a model reads its teams: the flat gamma ranges of its feature groups, and each team's
/// multiplicity and feature (a flat index) in each group.
pub trait Layout<T> {
    /// The number of feature groups.
    fn groups(&self) -> usize;
    /// The flat indices of group `g`'s features.
    fn range(&self, g: usize) -> Range<usize>;
    /// The flat index of team `t`'s feature in group `g`, if it has one.
    fn feature(&self, t: &T, g: usize) -> Option<usize>;
    /// How many moves of its position the team stands for.
    fn mult(&self, t: &T) -> u32;
}

/// The strength of a team: the product of its features' gammas.
#[inline]
pub fn strength<T>(gamma: &[f64], layout: &impl Layout<T>, t: &T) -> f64 {
    (0..layout.groups())
        .filter_map(|g| layout.feature(t, g))
        .map(|i| gamma[i])
        .product()
}

/// Mean log-likelihood of the winners per position.
pub fn log_likelihood<T>(gamma: &[f64], layout: &impl Layout<T>, data: Competitions<T>) -> f64 {
    let mut ll = 0.0;
    for (j, &w) in data.winners.iter().enumerate() {
        let e: f64 = data
            .of(j)
            .iter()
            .map(|t| layout.mult(t) as f64 * strength(gamma, layout, t))
            .sum();
        ll += (strength(gamma, layout, &data.teams[w as usize]) / e).ln();
    }
    ll / data.positions().max(1) as f64
}

/// One MM iteration: each group updated in turn.
pub fn iterate<T>(gamma: &mut [f64], layout: &impl Layout<T>, data: Competitions<T>) {
    let mut wins = vec![0.0f64; gamma.len()];
    for &w in data.winners {
        let t = &data.teams[w as usize];
        for g in 0..layout.groups() {
            if let Some(i) = layout.feature(t, g) {
                wins[i] += 1.0;
            }
        }
    }
    let mut s = Vec::new();
    for g in 0..layout.groups() {
        let range = layout.range(g);
        let mut den = vec![0.0f64; range.len()];
        for j in 0..data.positions() {
            let teams = data.of(j);
            s.clear();
            s.extend(teams.iter().map(|t| strength(gamma, layout, t)));
            let e: f64 = teams
                .iter()
                .zip(&s)
                .map(|(t, &x)| layout.mult(t) as f64 * x)
                .sum();
            for (t, &x) in teams.iter().zip(&s) {
                if let Some(i) = layout.feature(t, g) {
                    den[i - range.start] += layout.mult(t) as f64 * x / gamma[i] / e;
                }
            }
        }
        for (k, i) in range.enumerate() {
            let gi = gamma[i];
            gamma[i] = (wins[i] + 1.0) / (den[k] + 2.0 / (gi + 1.0));
        }
    }
}

/// The codes played at least `min_count` times among `played`, sorted, and the index of each
/// in that list: a table keeps a gamma for each, and one more for all the others.
pub fn kept_codes(
    played: impl Iterator<Item = u32>,
    min_count: u32,
) -> (Vec<u32>, HashMap<u32, u32>) {
    let mut count: HashMap<u32, u32> = HashMap::new();
    for s in played {
        *count.entry(s).or_default() += 1;
    }
    let mut codes: Vec<u32> = count
        .into_iter()
        .filter(|&(_, n)| n >= min_count)
        .map(|(c, _)| c)
        .collect();
    codes.sort_unstable();
    let index = codes
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u32))
        .collect();
    (codes, index)
}

/// A table file a run checkpoints to: read back with its `meta` lines.
pub trait Checkpoint: Sized {
    /// Reads the table from `path` (errors name it).
    fn load(path: &Path) -> Result<Self, String>;
    /// The value of a `meta` key, if given.
    fn meta(&self, key: &str) -> Option<&str>;
}

/// The checkpoint at `path` and its iteration when it exists, reads and was made from the
/// data of `fingerprint` (its `meta data`); else `None`, the reason on stderr under `label`
/// (the run starts afresh).
pub fn resume<C: Checkpoint>(path: &Path, fingerprint: &str, label: &str) -> Option<(C, usize)> {
    if !path.exists() {
        return None;
    }
    match C::load(path) {
        Ok(c) if c.meta("data") == Some(fingerprint) => {
            let done = c
                .meta("iteration")
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            crate::diag!(
                "{label}: resuming from {} after iteration {done}",
                path.display()
            );
            Some((c, done))
        }
        Ok(_) => {
            crate::diag!(
                "{label}: {} is from other data; starting afresh",
                path.display()
            );
            None
        }
        Err(e) => {
            crate::diag!("{label}: {e}; starting afresh");
            None
        }
    }
}

/// Where a fit writes its table: after each iteration to `checkpoint`, at the end to `out`.
pub struct FitFiles<'a> {
    /// The fitted table.
    pub out: &'a Path,
    /// The table after each iteration, from which a killed run resumes.
    pub checkpoint: &'a Path,
}

/// Iterates MM from iteration `done` to `iterations`, writing the table with `save(gamma,
/// iteration, log-likelihood, path)` to the checkpoint after each and to the output at the
/// end (progress on stderr under `label`).
pub fn fit<T>(
    gamma: &mut [f64],
    layout: &impl Layout<T>,
    data: Competitions<T>,
    (mut done, iterations): (usize, usize),
    label: &str,
    files: FitFiles,
    mut save: impl FnMut(&[f64], usize, f64, &Path) -> Result<(), String>,
) -> Result<(), String> {
    let t0 = Instant::now();
    let mut ll = log_likelihood(gamma, layout, data);
    crate::diag!("{label}: iteration {done} log-likelihood {ll:.5}");
    while done < iterations {
        iterate(gamma, layout, data);
        done += 1;
        ll = log_likelihood(gamma, layout, data);
        crate::diag!(
            "{label}: iteration {done}/{iterations} log-likelihood {ll:.5} ({:.1} s)",
            t0.elapsed().as_secs_f64()
        );
        save(gamma, done, ll, files.checkpoint)?;
    }
    save(gamma, done, ll, files.out)?;
    crate::diag!(
        "{label}: wrote {} ({:.1} s fitting)",
        files.out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The fingerprint of a training set: the file names and the settings that shape the data
/// (16 hex digits); a checkpoint of other data is not resumed.
pub fn fingerprint(names: &[String], settings: &str) -> String {
    format!(
        "{:016x}",
        super::checked::fnv64(format!("{names:?} {settings}").as_bytes())
    )
}

/// The `meta` lines of a fitted table: its training files, `max_games`, the positions, the
/// `settings` (name, value) that shaped the data, the iteration, the log-likelihood and the
/// data's `fingerprint`, in that order.
pub fn meta(
    names: &[String],
    (max_games, positions): (usize, usize),
    settings: &[(&str, String)],
    (iteration, ll): (usize, f64),
    fingerprint: &str,
) -> Vec<(String, String)> {
    let head = [
        ("training_files", names.join(",")),
        ("max_games", max_games.to_string()),
        ("positions", positions.to_string()),
    ];
    let tail = [
        ("iteration", iteration.to_string()),
        ("log_likelihood", format!("{ll:.5}")),
        ("data", fingerprint.to_string()),
    ];
    head.into_iter()
        .chain(settings.iter().cloned())
        .chain(tail)
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// The file names of `files` (their last component), for `meta` lines and fingerprints.
pub fn file_names(files: &[std::path::PathBuf]) -> Vec<String> {
    files
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Teams as (feature in group 0, feature in group 1, multiplicity).
    struct Pairs;

    impl Layout<(usize, usize, u32)> for Pairs {
        fn groups(&self) -> usize {
            2
        }
        fn range(&self, g: usize) -> Range<usize> {
            [0..2, 2..4][g].clone()
        }
        fn feature(&self, t: &(usize, usize, u32), g: usize) -> Option<usize> {
            Some([t.0, t.1][g])
        }
        fn mult(&self, t: &(usize, usize, u32)) -> u32 {
            t.2
        }
    }

    #[test]
    fn iterations_raise_the_likelihood_towards_the_winners() {
        // Feature 0 (with 2) beats feature 1 (with 3, two moves) 3 times in 4.
        let mut teams = Vec::new();
        let mut starts = vec![0u32];
        let mut winners = Vec::new();
        for i in 0..40 {
            teams.push((0, 2, 1));
            teams.push((1, 3, 2));
            winners.push(teams.len() as u32 - if i % 4 == 3 { 1 } else { 2 });
            starts.push(teams.len() as u32);
        }
        let data = Competitions {
            teams: &teams,
            starts: &starts,
            winners: &winners,
        };
        let mut gamma = vec![1.0; 4];
        let ll0 = log_likelihood(&gamma, &Pairs, data);
        let mut saves = Vec::new();
        let files = FitFiles {
            out: Path::new("out"),
            checkpoint: Path::new("ckpt"),
        };
        fit(
            &mut gamma,
            &Pairs,
            data,
            (0, 30),
            "test",
            files,
            |_, it, ll, path| {
                saves.push((path.to_path_buf(), it, ll));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(
            saves.len(),
            31,
            "a checkpoint an iteration, then the output"
        );
        assert!(saves[..30].iter().all(|s| s.0 == Path::new("ckpt")));
        let (path, it, ll) = saves.last().unwrap();
        assert_eq!((path.as_path(), *it), (Path::new("out"), 30));
        assert!(*ll > ll0);
        let ratio = gamma[0] * gamma[2] / (gamma[1] * gamma[3]);
        assert!(ratio > 3.0 && ratio < 7.0, "ratio {ratio}");
    }

    #[test]
    fn kept_codes_drop_the_rare_ones() {
        let (codes, index) = kept_codes([5, 9, 5, 7, 9, 5].into_iter(), 2);
        assert_eq!(codes, vec![5, 9]);
        assert_eq!(index[&9], 1);
        assert!(!index.contains_key(&7));
    }
}
