//! Fitting the gammas: every position of the training games gives one competition among the
//! legal moves (and the pass), won by the move played; a generalized Bradley-Terry model is
//! fitted by Coulom's Minorization-Maximization (`mm`, shared with the playout policy's
//! trainer). Moves of one position with the same features are merged into one team with a
//! multiplicity.
//! After every iteration the table is saved atomically to the checkpoint, so a killed run
//! resumes where it stopped.

use super::{
    Features, GROUP_INFO, GROUPS, Gammas, NO_SHAPE, NONE, Recent, SIZES, all_features, features, mm,
};
use crate::board::{Board, Color, Move};
use crate::sgf::GameRecord;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Visits every position of the games in `files` (at most `max_games` games, in file order):
/// `f(board, side to move, recent moves, the move played, its move number from 1)`. Setup
/// stones (handicap `AB`) are placed first; a game stops at an illegal move or at setup met
/// after the first move. Returns the number of games read.
pub fn for_each_position(
    files: &[PathBuf],
    max_games: usize,
    mut f: impl FnMut(&Board, Color, Recent, Move, usize),
) -> Result<usize, String> {
    let mut games = 0;
    for path in files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut bad = 0;
        for rec in GameRecord::parse_all(&text) {
            if games >= max_games {
                break;
            }
            match rec {
                Ok(rec) => {
                    games += 1;
                    replay(&rec, &mut f);
                }
                Err(e) => {
                    if bad == 0 {
                        crate::diag!("patterns: {}: skipping a game: {e}", path.display());
                    }
                    bad += 1;
                }
            }
        }
        if bad > 0 {
            crate::diag!(
                "patterns: {}: {bad} unreadable games skipped",
                path.display()
            );
        }
        if games >= max_games {
            break;
        }
    }
    Ok(games)
}

/// Replays one record, calling `f` before each move (see `for_each_position`).
fn replay(rec: &GameRecord, f: &mut impl FnMut(&Board, Color, Recent, Move, usize)) {
    let mut b = Board::new(rec.size);
    for (c, list) in [
        (Color::Black, &rec.black_setup),
        (Color::White, &rec.white_setup),
    ] {
        for &(x, y) in list {
            let p = b.point(x as usize, y as usize);
            if b.play(c, Move::Play(p)).is_err() {
                return;
            }
        }
    }
    b.pass();
    let mut recent = Recent::default();
    for (i, m) in rec.moves.iter().enumerate() {
        let Some((c, mv)) = m.board_move(&b) else {
            return;
        };
        if let Move::Play(p) = mv
            && !b.is_legal(c, p)
        {
            return;
        }
        f(&b, c, recent, mv, i + 1);
        let _ = b.play(c, mv);
        recent = Recent {
            last: Some(mv),
            prev: recent.last,
        };
    }
}

/// Moves of one position sharing all features.
#[derive(Clone, Copy, Debug)]
pub struct PatternTeam {
    /// Level per group (`NONE` when absent).
    pub levels: [u8; GROUPS],
    /// Index of the shape in the shape list (`u32::MAX`: none); a canonical code while
    /// collecting.
    pub shape: u32,
    /// Index of the largest known spatial pattern in `PatternData::spatial` (`u32::MAX`: none).
    pub spatial: u32,
    /// How many moves of the position have these features.
    pub mult: u32,
}

impl mm::Merge for PatternTeam {
    type Key = ([u8; GROUPS], u32, u32);

    fn key(&self) -> Self::Key {
        (self.levels, self.shape, self.spatial)
    }

    fn mult_mut(&mut self) -> &mut u32 {
        &mut self.mult
    }
}

/// The largest spatial pattern of `f` that `index` knows (its index; `u32::MAX`: none).
fn spatial_of(index: &HashMap<u64, u32>, f: &Features) -> u32 {
    (0..SIZES)
        .rev()
        .find_map(|i| index.get(&f.spatial[i]).copied())
        .unwrap_or(u32::MAX)
}

/// The training competitions.
#[derive(Default, Debug)]
pub struct PatternData {
    /// All teams, position after position.
    pub teams: Vec<PatternTeam>,
    /// Start of each position's teams in `teams` (one more entry than positions).
    pub starts: Vec<u32>,
    /// The winning team of each position (an index into `teams`).
    pub winners: Vec<u32>,
    /// Canonical codes of the kept shapes (a team's `shape` indexes this; the index
    /// `codes.len()` is every other shape).
    pub codes: Vec<u32>,
    /// Hashes of the known spatial patterns (a team's `spatial` indexes this).
    pub spatial: Vec<u64>,
    /// The index of each known spatial hash.
    pub spatial_index: HashMap<u64, u32>,
}

impl PatternData {
    /// An empty set, ready for `add`, knowing the spatial patterns `spatial`.
    pub fn new(spatial: Vec<u64>) -> PatternData {
        let spatial_index = spatial
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i as u32))
            .collect();
        PatternData {
            starts: vec![0],
            spatial,
            spatial_index,
            ..PatternData::default()
        }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.winners.len()
    }

    /// Adds one position: its candidate moves and the one played (ignored if not a candidate).
    pub fn add(&mut self, moves: &[(Move, Features)], played: Move) {
        let won = moves.iter().position(|(m, _)| *m == played);
        let spatial = &self.spatial_index;
        let teams = moves.iter().map(|(_, f)| PatternTeam {
            levels: f.levels,
            shape: f.shape,
            spatial: spatial_of(spatial, f),
            mult: 1,
        });
        let into = (&mut self.teams, &mut self.starts, &mut self.winners);
        mm::add_position(into, &mut HashMap::new(), teams, won);
    }

    /// Replaces shape codes by indices: shapes played at least `min_count` times are kept,
    /// the others share the last index.
    pub fn index_shapes(&mut self, min_count: u32) {
        let played = self.winners.iter().map(|&w| self.teams[w as usize].shape);
        let (codes, index) = mm::kept_codes(played.filter(|&s| s != NO_SHAPE), min_count);
        let other = codes.len() as u32;
        for t in &mut self.teams {
            if t.shape != NO_SHAPE {
                t.shape = *index.get(&t.shape).unwrap_or(&other);
            }
        }
        self.codes = codes;
    }

    /// The competitions, for the MM core.
    pub fn competitions(&self) -> mm::Competitions<'_, PatternTeam> {
        mm::Competitions {
            teams: &self.teams,
            starts: &self.starts,
            winners: &self.winners,
        }
    }
}

/// Where each group's levels start in the flat gamma vector; the shapes follow the last.
fn offsets() -> ([usize; GROUPS], usize) {
    let mut off = [0; GROUPS];
    let mut n = 0;
    for (g, o) in off.iter_mut().enumerate() {
        *o = n;
        n += GROUP_INFO[g].2;
    }
    (off, n)
}

/// Where a model's features lie in its flat gamma vector.
struct PatternLayout {
    off: [usize; GROUPS],
    shape_off: usize,
    spatial_off: usize,
    len: usize,
}

impl mm::Layout<PatternTeam> for PatternLayout {
    /// The groups, then the 3x3 shapes (`GROUPS`) and the spatial patterns (`GROUPS + 1`).
    fn groups(&self) -> usize {
        GROUPS + 2
    }

    fn range(&self, g: usize) -> std::ops::Range<usize> {
        if g < GROUPS {
            self.off[g]..self.off[g] + GROUP_INFO[g].2
        } else if g == GROUPS {
            self.shape_off..self.spatial_off
        } else {
            self.spatial_off..self.len
        }
    }

    #[inline]
    fn feature(&self, t: &PatternTeam, g: usize) -> Option<usize> {
        if g < GROUPS {
            (t.levels[g] != NONE).then(|| self.off[g] + t.levels[g] as usize)
        } else if g == GROUPS {
            (t.shape != NO_SHAPE).then(|| self.shape_off + t.shape as usize)
        } else {
            (t.spatial != u32::MAX).then(|| self.spatial_off + t.spatial as usize)
        }
    }

    #[inline]
    fn mult(&self, t: &PatternTeam) -> u32 {
        t.mult
    }
}

/// The model being fitted: flat gammas (group levels, then shapes, "other shape", then the
/// spatial patterns).
pub struct Model {
    /// Gamma of every feature.
    pub gamma: Vec<f64>,
    layout: PatternLayout,
}

impl Model {
    /// All gammas 1 for `data` (after `index_shapes`).
    pub fn new(data: &PatternData) -> Model {
        let (off, n) = offsets();
        let spatial_off = n + data.codes.len() + 1;
        let len = spatial_off + data.spatial.len();
        Model {
            gamma: vec![1.0; len],
            layout: PatternLayout {
                off,
                shape_off: n,
                spatial_off,
                len,
            },
        }
    }

    /// The range of flat indices of group `g` (`GROUPS` = the 3x3 shapes, `GROUPS + 1` = the
    /// spatial patterns).
    fn range(&self, g: usize) -> std::ops::Range<usize> {
        mm::Layout::range(&self.layout, g)
    }

    /// Mean log-likelihood of the winners per position.
    pub fn log_likelihood(&self, data: &PatternData) -> f64 {
        mm::log_likelihood(&self.gamma, &self.layout, data.competitions())
    }

    /// One MM iteration: each group updated in turn.
    pub fn iterate(&mut self, data: &PatternData) {
        mm::iterate(&mut self.gamma, &self.layout, data.competitions());
    }

    /// The table for the engine.
    pub fn gammas(&self, data: &PatternData, meta: Vec<(String, String)>) -> Gammas {
        table(&self.layout, &self.gamma, data, meta)
    }

    /// Takes the gammas of a saved table (shapes matched by code).
    pub fn restore(&mut self, data: &PatternData, saved: &Gammas) {
        for g in 0..GROUPS {
            let r = self.range(g);
            self.gamma[r].copy_from_slice(&saved.groups[g]);
        }
        for (i, c) in data.codes.iter().enumerate() {
            self.gamma[self.layout.shape_off + i] =
                *saved.shapes.get(c).unwrap_or(&saved.other_shape);
        }
        self.gamma[self.layout.spatial_off - 1] = saved.other_shape;
        for (i, h) in data.spatial.iter().enumerate() {
            self.gamma[self.layout.spatial_off + i] = *saved.spatial.get(h).unwrap_or(&1.0);
        }
    }
}

/// The table of the flat gammas `gamma` laid out by `layout`, for the engine.
fn table(
    layout: &PatternLayout,
    gamma: &[f64],
    data: &PatternData,
    meta: Vec<(String, String)>,
) -> Gammas {
    let range = |g| mm::Layout::range(layout, g);
    let groups = std::array::from_fn(|g| gamma[range(g)].to_vec());
    let shapes = data
        .codes
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, gamma[layout.shape_off + i]))
        .collect();
    let spatial = data
        .spatial
        .iter()
        .enumerate()
        .map(|(i, &h)| (h, gamma[layout.spatial_off + i]))
        .collect();
    Gammas::new(groups, shapes, gamma[layout.spatial_off - 1], spatial, meta)
}

/// What `moyo patterns train` does.
#[derive(Clone, Debug)]
pub struct PatternTrainConfig {
    /// SGF collections to learn from.
    pub files: Vec<PathBuf>,
    /// At most this many games.
    pub max_games: usize,
    /// The output table.
    pub out: PathBuf,
    /// The checkpoint (the table after each iteration, with its iteration number).
    pub checkpoint: PathBuf,
    /// MM iterations in all (a resumed run counts those already done).
    pub iterations: usize,
    /// Shapes played fewer times share one gamma.
    pub min_count: u32,
    /// Spatial patterns played fewer times are not kept.
    pub min_spatial: u32,
}

/// Pass 1: the spatial patterns (every size) of the moves played at least `min_count`
/// times, sorted.
pub fn count_spatial(
    files: &[PathBuf],
    max_games: usize,
    min_count: u32,
) -> Result<Vec<u64>, String> {
    let t0 = Instant::now();
    let mut count: HashMap<u64, u32> = HashMap::new();
    for_each_position(files, max_games, |b, c, recent, played, _| {
        if let Move::Play(_) = played {
            for h in features(b, c, played, recent).spatial {
                *count.entry(h).or_default() += 1;
            }
        }
    })?;
    let mut kept: Vec<u64> = count
        .iter()
        .filter(|&(_, &n)| n >= min_count)
        .map(|(&h, _)| h)
        .collect();
    kept.sort_unstable();
    crate::diag!(
        "patterns train: spatial patterns: {} seen, {} kept ({:.1} s)",
        count.len(),
        kept.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(kept)
}

/// Collects the training data of `files` (progress on stderr).
pub fn collect(
    files: &[PathBuf],
    max_games: usize,
    min_count: u32,
    spatial: Vec<u64>,
) -> Result<PatternData, String> {
    let t0 = Instant::now();
    let mut data = PatternData::new(spatial);
    let mut moves = Vec::new();
    let mut last_games = 0;
    let mut games = 0;
    let mut last_move_no = usize::MAX;
    for_each_position(files, max_games, |b, c, recent, played, no| {
        if no <= last_move_no {
            games += 1;
        }
        last_move_no = no;
        moves.clear();
        all_features(b, c, recent, &mut moves);
        data.add(&moves, played);
        if games % 100 == 0 && games != last_games {
            last_games = games;
            crate::diag!(
                "patterns train: games {games} positions {} teams {} ({:.1} s)",
                data.positions(),
                data.teams.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    })?;
    data.index_shapes(min_count);
    crate::diag!(
        "patterns train: data: games {games} positions {} teams {} shapes kept {} ({:.1} s)",
        data.positions(),
        data.teams.len(),
        data.codes.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(data)
}

/// Trains and writes `cfg.out`; resumes from `cfg.checkpoint` when it was made from the same
/// data settings.
pub fn run(cfg: &PatternTrainConfig) -> Result<(), String> {
    // One trainer at a time on an output and its checkpoint.
    let _lock = crate::sys::lock::Lock::file(&cfg.out)?;
    let names = mm::file_names(&cfg.files);
    let fingerprint = mm::fingerprint(&names, &format!("{} {}", cfg.max_games, cfg.min_count));
    let spatial = count_spatial(&cfg.files, cfg.max_games, cfg.min_spatial)?;
    let data = collect(&cfg.files, cfg.max_games, cfg.min_count, spatial)?;
    let mut model = Model::new(&data);
    let mut done = 0;
    if let Some((g, it)) = mm::resume::<Gammas>(&cfg.checkpoint, &fingerprint, LABEL) {
        model.restore(&data, &g);
        done = it;
    }
    let settings = [
        ("min_count", cfg.min_count.to_string()),
        ("min_spatial", cfg.min_spatial.to_string()),
    ];
    let games = (cfg.max_games, data.positions());
    let meta = |it: usize, ll: f64| mm::meta(&names, games, &settings, (it, ll), &fingerprint);
    let layout = &model.layout;
    let files = mm::FitFiles {
        out: &cfg.out,
        checkpoint: &cfg.checkpoint,
    };
    mm::fit(
        &mut model.gamma,
        layout,
        data.competitions(),
        (done, cfg.iterations),
        LABEL,
        files,
        |gamma, it, ll, path| table(layout, gamma, &data, meta(it, ll)).save(path),
    )?;
    Ok(())
}

/// The prefix of the trainer's progress lines.
const LABEL: &str = "patterns train";

impl mm::Checkpoint for Gammas {
    fn load(path: &Path) -> Result<Gammas, String> {
        Gammas::load(path)
    }

    fn meta(&self, key: &str) -> Option<&str> {
        Gammas::meta(self, key)
    }
}

/// The default checkpoint beside an output file: `<out>.ckpt`.
pub fn default_checkpoint(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".ckpt");
    PathBuf::from(s)
}
