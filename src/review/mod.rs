//! `moyo review GAME.sgf`: a game reviewed after it was played, as KaTrain does with KataGo
//! or Lizzie with Leela Zero. Every position of the record's main line is searched
//! (`analyse`), each search's analysis (`position`) kept in a resumable cache as it ends
//! (`cache`); the moves are judged from the searches before and after them (`judge`); the
//! record comes back with a comment on every move and the better line beside each mistake
//! (`annotate`), a chart of the win rate and score lead (`svg`) and the list of the biggest
//! mistakes (`report`).
//!
//! It sits beside the GTP front end, above `engine`, and uses only the engine's public API.

mod analyse;
mod annotate;
mod cache;
mod judge;
mod position;
mod progress;
mod report;
mod svg;

pub use judge::MoveReview;
pub use position::{PositionAnalysis, Settings};

use crate::board::MAX_SIZE;
use crate::engine::{Engine, EngineConfig, MAX_SGF_BYTES};
use crate::sgf::{GameRecord, GameTree, RecordedMove, parse_first_tree};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Playouts per position when `--playouts` is not given: enough for a 9x9 position's win
/// rate to settle within a few points, a few minutes for a whole 9x9 game on two cores.
pub const DEFAULT_PLAYOUTS: u64 = 2000;

/// The win rate a move must lose to be called a mistake when `--margin` is not given: ten
/// points, the size of error a player notices in KaTrain's graph.
pub const DEFAULT_MARGIN: f32 = 0.10;

/// What `moyo review` is asked to do.
#[derive(Clone, Debug)]
pub struct ReviewConfig {
    /// The record to review.
    pub input: PathBuf,
    /// The annotated record written (see `default_out`).
    pub out: PathBuf,
    /// The chart written, if asked for.
    pub svg: Option<PathBuf>,
    /// The folder of finished analyses (see `default_cache`).
    pub cache: PathBuf,
    /// The win rate a move must lose to be a mistake (0..1).
    pub margin: f32,
    /// Mistakes listed on stdout, biggest first.
    pub top: usize,
    /// How each position is searched.
    pub settings: Settings,
    /// Less on stderr (no progress).
    pub quiet: bool,
}

/// The annotated record's default name: `GAME-review.sgf` beside `GAME.sgf`.
pub fn default_out(input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    input.with_file_name(format!("{stem}-review.sgf"))
}

/// The cache folder's default name: the output's with `.cache` for its extension
/// (`GAME-review.cache` beside `GAME-review.sgf`).
pub fn default_cache(out: &Path) -> PathBuf {
    out.with_extension("cache")
}

/// A record read for review: its text, its tree (to annotate) and its main line.
struct SourceRecord {
    text: String,
    tree: GameTree,
    record: GameRecord,
}

/// Reads and checks the record: an error naming the file when it cannot be read, is not
/// SGF, has no moves or holds an illegal one.
fn read_record(path: &Path) -> Result<SourceRecord, String> {
    let name = path.display();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err(format!("{name}: larger than {MAX_SGF_BYTES} bytes"));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let tree = parse_first_tree(&text).map_err(|e| format!("{name}: {e}"))?;
    let record = GameRecord::from_tree(&tree).map_err(|e| format!("{name}: {e}"))?;
    if !(2..=MAX_SIZE).contains(&record.size) {
        return Err(format!("{name}: unsupported board size {}", record.size));
    }
    if !record
        .moves
        .iter()
        .any(|m| matches!(m, RecordedMove::Play(..)))
    {
        return Err(format!("{name}: the record has no moves to review"));
    }
    let mut check = Engine::new(EngineConfig {
        max_memory: Some(1 << 20),
        ..EngineConfig::default()
    });
    check
        .load_sgf_text(&text, None)
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(SourceRecord { text, tree, record })
}

/// Reviews the game: analyses the positions the cache does not hold yet, then writes the
/// annotated record and the chart and returns the report for stdout (the mistake lines and
/// the summary line, see `report`). Errors name the file concerned.
pub fn run(config: &ReviewConfig) -> Result<String, String> {
    let rec = read_record(&config.input)?;
    let key = cache::key(&rec.text, &config.settings);
    let store = cache::Cache::open(&config.cache, key)?;
    let positions = analyse::positions(&rec.record);
    let analyses = analyse::run(
        &rec.text,
        &rec.record,
        positions,
        &config.settings,
        &store,
        config.quiet,
    )?;
    let reviews = judge::moves(&rec.record, &analyses);
    let annotated = annotate::annotate(
        rec.tree,
        &reviews,
        config.margin,
        config.settings.playouts,
        rec.record.size,
    )
    .map_err(|e| format!("{}: {e}", config.input.display()))?;
    crate::sys::durable::write(&config.out, annotated.to_sgf().as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", config.out.display()))?;
    if let Some(path) = &config.svg {
        let title = config
            .input
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let chart = svg::chart(&title, &analyses, &reviews, config.margin);
        crate::sys::durable::write(path, chart.as_bytes())
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(report::text(&reviews, config.margin, config.top))
}
