//! The searches of a review: one a position of the record's main line, from before the
//! first move to after the last. Each runs on one thread in an engine of its own, seeded by
//! the position's number, so a position's analysis does not depend on the others, on the
//! number of threads or on which run made it: a review stopped and resumed writes what an
//! uninterrupted one would. The threads take the positions in turn; each analysis goes to
//! the cache as soon as it ends.

use super::cache::Cache;
use super::progress::ReviewProgress;
use crate::board::{Board, Color, Move, Rules, parse_vertex, vertex_string};
use crate::engine::{Engine, EngineConfig};
use crate::params::Params;
use crate::sgf::{Coord, GameRecord, RecordedMove};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How each position of a review is searched.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Playouts per position.
    pub playouts: u64,
    /// Positions searched at once, one thread each.
    pub threads: usize,
    /// The seed each position's own seed is derived from.
    pub seed: u64,
    /// The engine's parameters.
    pub params: Params,
    /// Tree memory per search in bytes (`None`: enough for the playouts).
    pub max_memory: Option<usize>,
}

/// What the search of one position found, for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionAnalysis {
    /// The side to move.
    pub to_play: Color,
    /// The best move (`None`: pass).
    pub best: Option<Coord>,
    /// The best move's win rate for the side to move, in [0, 1].
    pub winrate: f32,
    /// The side to move's score lead after the best move: the playouts' mean final margin
    /// with komi, as `kata-analyze`'s `scoreLead`.
    pub lead: f32,
    /// The best move's visits.
    pub visits: u32,
    /// The playouts the search ran.
    pub playouts: u64,
    /// The principal variation, the best move first.
    pub pv: Vec<Option<Coord>>,
}

impl PositionAnalysis {
    /// The win rate for Black.
    pub fn black_winrate(&self) -> f32 {
        for_color(self.to_play, Color::Black, self.winrate, 1.0 - self.winrate)
    }

    /// The score lead for Black.
    pub fn black_lead(&self) -> f32 {
        for_color(self.to_play, Color::Black, self.lead, -self.lead)
    }
}

/// `same` when `a` is `b`, else `other`.
pub(super) fn for_color(a: Color, b: Color, same: f32, other: f32) -> f32 {
    if a == b { same } else { other }
}

/// A point as GTP writes it (`D4`, `pass`).
pub(super) fn vertex(c: Option<Coord>) -> String {
    c.map_or_else(
        || "pass".to_string(),
        |(x, y)| vertex_string(usize::from(x), usize::from(y)),
    )
}

/// A GTP vertex on a `size` board (`None` inside: pass); `None` when it is not one.
pub(super) fn parse_point(s: &str, size: usize) -> Option<Option<Coord>> {
    let p = parse_vertex(s, size).ok()?;
    Some(p.map(|(x, y)| (x as u8, y as u8)))
}

/// The positions of a record: one before each played move and one after the last.
pub(super) fn positions(record: &GameRecord) -> usize {
    let played = record
        .moves
        .iter()
        .filter(|m| matches!(m, RecordedMove::Play(..)))
        .count();
    played + 1
}

/// The analysis of every position (`total`), from the cache or searched now; the progress
/// on stderr unless `quiet`.
pub(super) fn run(
    text: &str,
    record: &GameRecord,
    total: usize,
    settings: &Settings,
    cache: &Cache,
    quiet: bool,
) -> Result<Vec<PositionAnalysis>, String> {
    let mut slots: Vec<Option<PositionAnalysis>> =
        (0..total).map(|i| cache.load(i, record.size)).collect();
    let pending: Vec<usize> = (0..total).filter(|&i| slots[i].is_none()).collect();
    let threads = settings.threads.clamp(1, pending.len().max(1));
    crate::diag!(
        "moyo review: {total} positions, {} from the cache {}, {} to analyse ({} playouts \
         each, {threads} threads)",
        total - pending.len(),
        cache.dir().display(),
        pending.len(),
        settings.playouts,
    );
    let rules = record.rules.as_deref().and_then(|name| {
        let known = crate::engine::rules::named(name).ok();
        if known.is_none() {
            crate::diag!("moyo review: rules {name:?} unknown, analysing with moyo's default");
        }
        known.map(|(r, _)| (r, name.to_string()))
    });
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (tx, next, failed, pending, rules) = (tx.clone(), &next, &failed, &pending, &rules);
            s.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let Some(&i) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let r = analyse_position(text, record.size, i, settings, rules.as_ref());
                    if tx.send((i, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut progress = ReviewProgress::new(pending.len(), quiet);
        for (i, r) in rx {
            let saved = r.and_then(|a| cache.store(i, &a).map(|_| a));
            match saved {
                Ok(a) => {
                    slots[i] = Some(a);
                    progress.advance();
                }
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        progress.finish();
        Ok(())
    })?;
    Ok(slots.into_iter().flatten().collect())
}

/// The tree memory a search of `playouts` on a `size` board needs (a generous bound on
/// the nodes it makes), at least 32 MiB, at most 1 GiB.
fn memory_for(playouts: u64, size: usize) -> usize {
    let nodes = usize::try_from(playouts)
        .unwrap_or(usize::MAX)
        .saturating_mul(size * size + 1);
    nodes.saturating_mul(128).clamp(32 << 20, 1 << 30)
}

/// Searches position `index` (before the played move `index + 1`) of the record `text`.
fn analyse_position(
    text: &str,
    size: usize,
    index: usize,
    settings: &Settings,
    rules: Option<&(Rules, String)>,
) -> Result<PositionAnalysis, String> {
    let seed = settings.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut engine = Engine::new(EngineConfig {
        params: settings.params.clone(),
        playouts: Some(settings.playouts),
        threads: 1,
        seed,
        max_memory: Some(
            settings
                .max_memory
                .unwrap_or_else(|| memory_for(settings.playouts, size)),
        ),
        ..EngineConfig::default()
    });
    if let Some((r, name)) = rules {
        engine.set_rules(*r, Some(name));
    }
    let to_play = engine.load_sgf_text(text, Some(index + 1))?;
    let r = engine.analyze(to_play, true, None);
    let board = engine.board();
    let stat = r.candidates.iter().find(|c| c.mv == r.best);
    let lead = match (stat, r.root_score) {
        (Some(s), _) => s.score.lead,
        (None, Some(root)) => root.lead,
        (None, None) => 0.0,
    };
    let pv = stat.map_or_else(|| vec![r.best], |s| s.pv.clone());
    Ok(PositionAnalysis {
        to_play,
        best: coord(board, r.best),
        winrate: r.winrate,
        lead,
        visits: stat.map_or(0, |s| s.visits),
        playouts: r.playouts,
        pv: pv.into_iter().map(|m| coord(board, m)).collect(),
    })
}

/// A board move as a record's point (`None`: pass).
fn coord(board: &Board, m: Move) -> Option<Coord> {
    match m {
        Move::Pass => None,
        Move::Play(p) => {
            let (x, y) = board.col_row(p);
            Some((x as u8, y as u8))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_go_to_text_and_back() {
        for c in [None, Some((0, 0)), Some((8, 8)), Some((7, 2))] {
            assert_eq!(parse_point(&vertex(c), 9), Some(c));
        }
        assert_eq!(vertex(Some((8, 0))), "J1");
        assert_eq!(parse_point("Z99", 9), None);
    }

    #[test]
    fn black_sees_the_other_side_of_white() {
        let a = PositionAnalysis {
            to_play: Color::White,
            best: None,
            winrate: 0.7,
            lead: 4.5,
            visits: 1,
            playouts: 1,
            pv: vec![None],
        };
        assert!((a.black_winrate() - 0.3).abs() < 1e-6);
        assert_eq!(a.black_lead(), -4.5);
    }
}
