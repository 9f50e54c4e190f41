//! The searches of a review: one a position of the record's main line, from before the
//! first move to after the last. Each runs on one thread in an engine of its own, seeded by
//! the position's number, so a position's analysis does not depend on the others, on the
//! number of threads or on which run made it: a review stopped and resumed writes what an
//! uninterrupted one would. The threads take the positions in turn; each analysis goes to
//! the cache as soon as it ends.

use super::cache::Cache;
use super::position::{PositionAnalysis, Settings};
use super::progress::ReviewProgress;
use crate::board::{Board, Move, Rules};
use crate::engine::{Engine, EngineConfig};
use crate::sgf::{Coord, GameRecord, RecordedMove};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
