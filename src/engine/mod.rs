//! One game: the position and its history, the rules, the clock, and the search that chooses
//! moves. It knows no GTP text; the `gtp` layer turns commands into calls of `Engine`.
//!
//! Errors are returned as the short messages GTP wants (`illegal move`, `board not empty`...),
//! so the protocol layer only has to pass them on.

mod analysis;
mod clock;
pub mod decide;
mod dynkomi;
mod estimate;
mod genmove;
mod handicap;
mod records;
mod recover;
pub mod rules;
mod status;

use analysis::Explained;
pub use analysis::Explanation;
pub use clock::{Clock, MAX_BUDGET, MIN_BUDGET, TimeControl};
use dynkomi::DynKomi;
pub use estimate::Estimate;
pub use handicap::free_handicap_points;
use records::{Ending, Players};
pub use recover::RestorePoint;
pub use status::{TERRITORY_OWNERSHIP, territory_owner};

use crate::board::{
    Board, Color, Game, Illegal, MAX_SIZE, Move, Point, Rules, fixed_handicap_points,
};
use crate::book::Library;
use crate::params::{ParamInfo, Params};
use crate::search::{Limits, MoveStat, ProgressCallback, SearchResult, Searcher};
use crate::sgf::{GameRecord, RecordedMove, SgfColor};
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Longest a ponder may run with no input arriving, in seconds.
const PONDER_MAX_SECONDS: u64 = 3600;

/// Largest SGF file `loadsgf` reads.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// How the engine is set up from the command line.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The tunable parameters.
    pub params: Params,
    /// Playouts per move (`--playouts`), if limited.
    pub playouts: Option<u64>,
    /// Seconds per move (`--time-per-move`), if limited.
    pub time_per_move: Option<f64>,
    /// Search threads.
    pub threads: usize,
    /// Random seed (with a playout limit and one thread the engine is deterministic).
    pub seed: u64,
    /// Board size and komi of a new engine.
    pub size: usize,
    pub komi: f32,
    /// Think on the opponent's time (`--ponder`).
    pub ponder: bool,
    /// Memory for the search tree in bytes (`--max-memory`); `None`: sized to the machine.
    pub max_memory: Option<usize>,
    /// Opening books, consulted before any search when size, komi and rules match (none
    /// by default; the command line adds the embedded ones unless `--no-book`).
    pub books: Library,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            params: Params::default(),
            playouts: None,
            time_per_move: None,
            threads: 1,
            seed: 1,
            size: 19,
            komi: 7.5,
            ponder: false,
            max_memory: None,
            books: Library::default(),
        }
    }
}

/// What `genmove` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMove {
    Play(Move),
    Resign,
}

/// The kinds of `final_status_list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneStatus {
    Alive,
    Dead,
    Seki,
}

impl StoneStatus {
    /// `alive`, `dead` or `seki`, any case.
    pub fn parse(s: &str) -> Option<StoneStatus> {
        match s.to_ascii_lowercase().as_str() {
            "alive" => Some(StoneStatus::Alive),
            "dead" => Some(StoneStatus::Dead),
            "seki" => Some(StoneStatus::Seki),
            _ => None,
        }
    }
}

/// The kinds of move generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMode {
    /// `genmove`: search, may pass or resign, plays the move.
    Play,
    /// `reg_genmove`: the same answer, nothing played.
    Regression,
    /// `kgs-genmove_cleanup`: no pass while dead enemy stones remain, no resign.
    Cleanup,
}

/// The last search, kept for the ownership `final_status_list` needs and for the analysis
/// commands that ask about the current position.
struct LastSearch {
    key: (usize, u64, u32),
    to_play: Color,
    result: SearchResult,
}

/// What one move generation decided, and why.
struct Decision {
    answer: GenMove,
    reason: &'static str,
    result: Option<SearchResult>,
}

/// One game and everything needed to play it.
pub struct Engine {
    config: EngineConfig,
    /// The game and its settings: what a command changes and a failed one gives back.
    state: GameState,
    searcher: Searcher,
    last: Option<LastSearch>,
    /// The last move generation, for `explain`.
    last_move: Option<Explained>,
    stop: Arc<AtomicBool>,
    search_time: Duration,
}

/// The engine's state a GTP command may change, besides the parameters and the search: a
/// copy taken before a command is what a panic restores (`recover.rs`).
#[derive(Clone)]
struct GameState {
    game: Game,
    clock: Clock,
    /// The rule set the rules were named by, if they were.
    rules: Option<String>,
    verbose: bool,
    dynkomi: DynKomi,
    /// Our consecutive moves whose search found the game hopeless.
    low_streak: u32,
    /// Book lookups so far: part of the seed that picks among near-equal book moves.
    book_draws: u64,
    /// Who plays which colour, for the game record.
    players: Players,
    /// How the game ended, if not by two passes (for the game record).
    ending: Option<Ending>,
}

impl Engine {
    /// A new engine with an empty board of the configured size.
    pub fn new(config: EngineConfig) -> Engine {
        // The canonical-shape table (about 50 ms to build) is made now rather than inside
        // the first timed search.
        crate::patterns::canonical_shape(0);
        let size = config.size.clamp(2, MAX_SIZE);
        let komi = if config.komi.is_finite() {
            config.komi
        } else {
            7.5
        };
        let searcher = Searcher::with_memory(
            config.params.clone(),
            config.seed,
            config.threads.max(1),
            config
                .max_memory
                .unwrap_or_else(crate::search::default_memory),
        );
        Engine {
            state: GameState {
                game: Game::new(size, komi),
                clock: Clock::new(),
                rules: None,
                verbose: false,
                dynkomi: DynKomi::default(),
                low_streak: 0,
                book_draws: 0,
                players: Players::default(),
                ending: None,
            },
            searcher,
            last: None,
            last_move: None,
            stop: Arc::new(AtomicBool::new(false)),
            search_time: Duration::ZERO,
            config,
        }
    }

    /// Whether to describe each move on stderr.
    pub fn set_verbose(&mut self, on: bool) {
        self.state.verbose = on;
    }

    /// Whether moves are described on stderr (not `--quiet`).
    pub fn verbose(&self) -> bool {
        self.state.verbose
    }

    /// The configuration (with the current parameters).
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The current parameters.
    pub fn params(&self) -> &Params {
        &self.config.params
    }

    /// The game: position, history, komi and rules.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.state.game.board()
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.state.clock
    }

    /// A flag that stops a running search when set (it is cleared when a search starts).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    // ---- setup -------------------------------------------------------------------------

    /// A new empty board of `size` (2..=25), keeping komi and rules.
    pub fn boardsize(&mut self, size: usize) -> Result<(), String> {
        if !(2..=MAX_SIZE).contains(&size) {
            return Err("unacceptable size".into());
        }
        let mut g = Game::new(size, self.state.game.komi());
        g.set_rules(self.state.game.rules());
        self.state.game = g;
        self.state.dynkomi.reset();
        self.state.players.new_game();
        Ok(())
    }

    /// Empties the board and the history; both clocks start again.
    pub fn clear_board(&mut self) {
        self.state.game.clear();
        self.state.clock.reset();
        self.state.dynkomi.reset();
        self.state.low_streak = 0;
        self.state.players.new_game();
        self.state.ending = None;
    }

    /// Sets komi (any finite number).
    pub fn komi(&mut self, komi: f32) -> Result<(), String> {
        if !komi.is_finite() {
            return Err("syntax error".into());
        }
        self.state.game.set_komi(komi);
        Ok(())
    }

    /// Sets the rules of the game, and the name of the rule set they came from (for the
    /// game record); the position and its history stay as they are.
    pub fn set_rules(&mut self, rules: Rules, name: Option<&str>) {
        self.state.game.set_rules(rules);
        self.state.rules = name.map(str::to_string);
    }

    /// Whether the board is empty and no move was played (handicap may be placed).
    fn board_empty(&self) -> bool {
        let b = self.state.game.board();
        self.state.game.moves().is_empty()
            && b.stones(Color::Black).is_empty()
            && b.stones(Color::White).is_empty()
    }

    /// Places the standard handicap of `n` stones; returns them.
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, String> {
        let pts = fixed_handicap_points(self.state.game.size(), n)
            .ok_or_else(|| "invalid number of stones".to_string())?;
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.state.game.board();
        let pts: Vec<Point> = pts.into_iter().map(|(c, r)| b.point(c, r)).collect();
        self.state.game.set_handicap(&pts).map_err(String::from)?;
        Ok(pts)
    }

    /// Places `n` handicap stones where the engine likes them (fewer when `n` is absurd);
    /// returns them.
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, String> {
        let size = self.state.game.size();
        if n < 2 || n >= size * size {
            return Err("invalid number of stones".into());
        }
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.state.game.board();
        let pts: Vec<Point> = free_handicap_points(size, n)
            .into_iter()
            .map(|(c, r)| b.point(c, r))
            .collect();
        self.state.game.set_handicap(&pts).map_err(String::from)?;
        Ok(pts)
    }

    /// Places handicap stones on the given points.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let size = self.state.game.size();
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.state.game.board();
        let distinct = points
            .iter()
            .enumerate()
            .all(|(i, p)| !points[i + 1..].contains(p));
        if points.len() < 2
            || points.len() >= size * size
            || !distinct
            || !points.iter().all(|&p| b.is_onboard(p))
        {
            return Err("bad vertex list".into());
        }
        self.state.game.set_handicap(points).map_err(String::from)
    }

    // ---- moves -------------------------------------------------------------------------

    /// Plays a move of the controller (a pass is always legal; same colour twice is fine).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.state.game.play(color, mv)
    }

    /// Plays all the moves or, when one of them is illegal, none; the error gives the index of
    /// the first bad move.
    pub fn play_sequence(&mut self, moves: &[(Color, Move)]) -> Result<(), (usize, Illegal)> {
        let mut g = self.state.game.clone();
        for (i, &(c, m)) in moves.iter().enumerate() {
            g.play(c, m).map_err(|e| (i, e))?;
        }
        self.state.game = g;
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), String> {
        if self.state.game.undo() {
            Ok(())
        } else {
            Err("cannot undo".into())
        }
    }

    /// Takes back the last `n` moves, or none when fewer than `n` were played.
    pub fn undo_many(&mut self, n: usize) -> Result<(), String> {
        if self.state.game.moves().len() < n {
            return Err("cannot undo".into());
        }
        for _ in 0..n {
            self.state.game.undo();
        }
        Ok(())
    }

    /// Adds setup stones (GoGui's `gogui-setup`, SGF AB/AW): all of them or, when one cannot
    /// be placed (occupied, suicide, off the board), none; the error gives the index of the
    /// first bad stone. The result becomes the new starting position.
    pub fn setup(&mut self, stones: &[(Color, Point)]) -> Result<(), usize> {
        let mut g = self.state.game.clone();
        for (i, &(c, p)) in stones.iter().enumerate() {
            g.add_setup_stone(c, p).map_err(|_| i)?;
        }
        self.state.game = g;
        Ok(())
    }

    /// Sets the colour to move next.
    pub fn set_to_play(&mut self, color: Color) {
        self.state.game.set_to_play(color);
    }

    // ---- time --------------------------------------------------------------------------

    /// GTP `time_settings`: Canadian byo-yomi of `byo` seconds per `stones` moves after `main`
    /// seconds; `byo > 0, stones == 0` is no limit, `byo == 0` absolute time.
    pub fn time_settings(&mut self, main: f64, byo: f64, stones: u32) {
        self.state
            .clock
            .set_control(TimeControl::from_gtp(main, byo, stones));
    }

    /// `kgs-time_settings`, `kata-time_settings`: any time control.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.state.clock.set_control(control);
    }

    /// GTP `time_left`.
    pub fn time_left(&mut self, color: Color, secs: f64, stones: u32) {
        self.state.clock.time_left(color.index(), secs, stones);
    }

    // ---- parameters and statistics -----------------------------------------------------

    /// Makes the searches trade statistics with `peers`, the other searchers of a cluster
    /// (`None`: alone again).
    pub fn set_peers(&mut self, peers: Option<Box<dyn crate::search::exchange::Peers>>) {
        self.searcher.set_peers(peers);
    }

    /// Sets a parameter by name.
    pub fn set_param(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.config.params.set(name, value)?;
        self.searcher.set_params(self.config.params.clone());
        Ok(())
    }

    /// Every parameter with its value.
    pub fn describe_params(&self) -> Vec<ParamInfo> {
        self.config.params.describe()
    }

    /// CPU seconds used by the process (from /proc; the time spent searching where /proc is
    /// missing).
    pub fn cputime(&self) -> f64 {
        process_cpu_seconds().unwrap_or(self.search_time.as_secs_f64())
    }
}

/// Seconds as a Duration, clamped to what a search can use.
fn seconds(s: f64) -> Duration {
    let s = if s.is_finite() {
        s.clamp(0.001, MAX_BUDGET)
    } else {
        MIN_BUDGET
    };
    Duration::from_secs_f64(s)
}

/// User + system CPU time of this process from `/proc/self/stat` (clock ticks of 1/100 s,
/// the value Linux reports to user space on every common architecture).
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start at the state, field 3;
    // utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

#[cfg(test)]
mod tests;
