//! One game: the position and its history, the rules, the clock, and the search that chooses
//! moves. It knows no GTP text; the `gtp` layer turns commands into calls of `Engine`.
//!
//! Errors are returned as the short messages GTP wants (`illegal move`, `board not empty`...),
//! so the protocol layer only has to pass them on.

mod analysis;
mod clock;
mod dynkomi;
mod handicap;
pub mod policy;

use analysis::Explained;
pub use analysis::Explanation;
pub use clock::{Clock, MAX_BUDGET, MIN_BUDGET, TimeControl};
use dynkomi::DynKomi;
pub use handicap::free_handicap_points;

use crate::board::{
    Board, Color, Game, Illegal, MAX_SIZE, Move, Point, Scoring, fixed_handicap_points,
};
use crate::book::Library;
use crate::params::{ParamInfo, Params};
use crate::search::{Limits, MoveStat, Progress, SearchResult, Searcher};
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
    game: Game,
    searcher: Searcher,
    clock: Clock,
    last: Option<LastSearch>,
    /// The last move generation, for `explain`.
    last_move: Option<Explained>,
    stop: Arc<AtomicBool>,
    search_time: Duration,
    rules: Option<String>,
    verbose: bool,
    dynkomi: DynKomi,
    /// Our consecutive moves whose search found the game hopeless.
    low_streak: u32,
    /// Book lookups so far: part of the seed that picks among near-equal book moves.
    book_draws: u64,
}

impl Engine {
    /// A new engine with an empty board of the configured size.
    pub fn new(config: EngineConfig) -> Engine {
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
            game: Game::new(size, komi),
            searcher,
            clock: Clock::new(),
            last: None,
            last_move: None,
            stop: Arc::new(AtomicBool::new(false)),
            search_time: Duration::ZERO,
            rules: None,
            verbose: false,
            dynkomi: DynKomi::default(),
            low_streak: 0,
            book_draws: 0,
            config,
        }
    }

    /// Whether to describe each move on stderr.
    pub fn set_verbose(&mut self, on: bool) {
        self.verbose = on;
    }

    /// Whether moves are described on stderr (not `--quiet`).
    pub fn verbose(&self) -> bool {
        self.verbose
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
        &self.game
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
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
        let mut g = Game::new(size, self.game.komi());
        g.set_scoring(self.game.scoring());
        g.set_superko(self.game.superko());
        self.game = g;
        self.dynkomi.reset();
        Ok(())
    }

    /// Empties the board and the history; both clocks start again.
    pub fn clear_board(&mut self) {
        self.game.clear();
        self.clock.reset();
        self.dynkomi.reset();
        self.low_streak = 0;
    }

    /// Sets komi (any finite number).
    pub fn komi(&mut self, komi: f32) -> Result<(), String> {
        if !komi.is_finite() {
            return Err("syntax error".into());
        }
        self.game.set_komi(komi);
        Ok(())
    }

    /// The rules by their KGS name: `japanese` is territory scoring (without superko, which
    /// Japanese rules lack: an opponent's repetition must not be refused); `chinese`, `aga`,
    /// `new_zealand`, `tromp-taylor` and `cgos` are area scoring with positional superko.
    /// Returns whether the name was known (unknown names change nothing).
    pub fn set_rules(&mut self, name: &str) -> bool {
        let n = name.to_ascii_lowercase().replace(['-', '_'], "");
        let (scoring, superko) = match n.as_str() {
            "japanese" => (Scoring::Territory, false),
            "chinese" | "aga" | "newzealand" | "nz" | "tromptaylor" | "cgos" => {
                (Scoring::Area, true)
            }
            _ => return false,
        };
        self.game.set_scoring(scoring);
        self.game.set_superko(superko);
        self.rules = Some(name.to_string());
        true
    }

    /// Whether the board is empty and no move was played (handicap may be placed).
    fn board_empty(&self) -> bool {
        let b = self.game.board();
        self.game.moves().is_empty()
            && b.stones(Color::Black).is_empty()
            && b.stones(Color::White).is_empty()
    }

    /// Places the standard handicap of `n` stones; returns them.
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, String> {
        let pts = fixed_handicap_points(self.game.size(), n)
            .ok_or_else(|| "invalid number of stones".to_string())?;
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.game.board();
        let pts: Vec<Point> = pts.into_iter().map(|(c, r)| b.point(c, r)).collect();
        self.game.set_handicap(&pts).map_err(String::from)?;
        Ok(pts)
    }

    /// Places `n` handicap stones where the engine likes them (fewer when `n` is absurd);
    /// returns them.
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, String> {
        let size = self.game.size();
        if n < 2 || n >= size * size {
            return Err("invalid number of stones".into());
        }
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.game.board();
        let pts: Vec<Point> = free_handicap_points(size, n)
            .into_iter()
            .map(|(c, r)| b.point(c, r))
            .collect();
        self.game.set_handicap(&pts).map_err(String::from)?;
        Ok(pts)
    }

    /// Places handicap stones on the given points.
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let size = self.game.size();
        if !self.board_empty() {
            return Err("board not empty".into());
        }
        let b = self.game.board();
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
        self.game.set_handicap(points).map_err(String::from)
    }

    // ---- moves -------------------------------------------------------------------------

    /// Plays a move of the controller (a pass is always legal; same colour twice is fine).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.game.play(color, mv)
    }

    /// Plays all the moves or, when one of them is illegal, none; the error gives the index of
    /// the first bad move.
    pub fn play_sequence(&mut self, moves: &[(Color, Move)]) -> Result<(), (usize, Illegal)> {
        let mut g = self.game.clone();
        for (i, &(c, m)) in moves.iter().enumerate() {
            g.play(c, m).map_err(|e| (i, e))?;
        }
        self.game = g;
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), String> {
        if self.game.undo() {
            Ok(())
        } else {
            Err("cannot undo".into())
        }
    }

    /// Takes back the last `n` moves, or none when fewer than `n` were played.
    pub fn undo_many(&mut self, n: usize) -> Result<(), String> {
        if self.game.moves().len() < n {
            return Err("cannot undo".into());
        }
        for _ in 0..n {
            self.game.undo();
        }
        Ok(())
    }

    /// Adds setup stones (GoGui's `gogui-setup`, SGF AB/AW): all of them or, when one cannot
    /// be placed (occupied, suicide, off the board), none; the error gives the index of the
    /// first bad stone. The result becomes the new starting position.
    pub fn setup(&mut self, stones: &[(Color, Point)]) -> Result<(), usize> {
        let mut g = self.game.clone();
        for (i, &(c, p)) in stones.iter().enumerate() {
            g.add_setup_stone(c, p).map_err(|_| i)?;
        }
        self.game = g;
        Ok(())
    }

    /// Sets the colour to move next.
    pub fn set_to_play(&mut self, color: Color) {
        self.game.set_to_play(color);
    }

    /// Chooses a move for `color` and plays it.
    pub fn genmove(&mut self, color: Color) -> Result<GenMove, String> {
        Ok(self.generate_with(color, GenMode::Play, None))
    }

    /// The move `genmove` would choose, without playing it.
    pub fn reg_genmove(&mut self, color: Color) -> Result<GenMove, String> {
        Ok(self.generate_with(color, GenMode::Regression, None))
    }

    /// The move the playout policy alone would choose for `color` here (no search, nothing
    /// played): for regression scripts that check the policy. Seeded by the position, so the
    /// same position gives the same answer.
    pub fn policy_move(&self, color: Color) -> Move {
        use rand::SeedableRng;
        let policy = crate::playout::heavy::Policy::from_params(&self.config.params);
        let board = self.game.board();
        let (last, prev) = last_two_points(&self.game);
        let seed = self.config.seed ^ board.hash();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        match policy.choose(board, color, last, prev, &mut rng) {
            Some((p, _)) => Move::Play(p),
            None => Move::Pass,
        }
    }

    /// Like `genmove`, but never passes while enemy stones the search calls dead remain on
    /// the board, and never resigns (KGS cleanup phase).
    pub fn genmove_cleanup(&mut self, color: Color) -> Result<GenMove, String> {
        Ok(self.generate_with(color, GenMode::Cleanup, None))
    }

    /// Generates a move for `color` the way `mode` says, calling `progress` with snapshots of
    /// the search while it runs (for analysis output, progress lines and live graphics).
    pub fn generate_with(
        &mut self,
        color: Color,
        mode: GenMode,
        progress: Option<Progress>,
    ) -> GenMove {
        let start = Instant::now();
        let before = self.game.clone();
        let Decision {
            mut answer,
            reason,
            result,
        } = self.decide(color, mode, progress);
        if mode != GenMode::Regression {
            if let GenMove::Play(m) = answer
                && self.game.play(color, m).is_err()
            {
                // Cannot happen (the move was checked); a pass is always legal.
                let _ = self.game.play(color, Move::Pass);
                answer = GenMove::Play(Move::Pass);
            }
            self.clock
                .charge(color.index(), start.elapsed().as_secs_f64());
        }
        self.last_move = Some(Explained {
            before,
            color,
            answer,
            reason,
            result,
        });
        answer
    }

    fn decide(&mut self, color: Color, mode: GenMode, progress: Option<Progress>) -> Decision {
        let decision = |answer, reason, result| Decision {
            answer,
            reason,
            result,
        };
        if !policy::has_legal_move(&self.game, color) {
            self.log(format_args!("{color} has no move but pass"));
            return decision(GenMove::Play(Move::Pass), "no legal move but pass", None);
        }
        if mode != GenMode::Cleanup
            && let Some((m, winrate)) = self.book_move(color)
        {
            // The book's value stands in for a search, so analysis still shows the move.
            let r = SearchResult {
                best: m,
                winrate,
                candidates: vec![MoveStat::new(m, 1, winrate)],
                ownership: vec![0.0; self.game.board().len()],
                ..SearchResult::default()
            };
            return decision(GenMove::Play(m), "the opening book's move", Some(r));
        }
        let limits = self.move_limits(color);
        let params = &self.config.params;
        let offset = self.dynkomi.offset(&self.game, color, params);
        self.searcher.set_komi_offset(offset);
        let r = self.run_search(color, &limits, progress);
        self.searcher.set_komi_offset(0.0);
        self.dynkomi
            .record(&self.game, r.winrate, &self.config.params);
        // Komi against us makes the game look worse than it is: no resigning on that.
        let handicapped = match color {
            Color::Black => offset > 0.0,
            Color::White => offset < 0.0,
        };
        let params = &self.config.params;
        if mode != GenMode::Cleanup
            && policy::passing_wins(&self.game, color, Some(&r.ownership), params)
        {
            self.log(format_args!("passing wins for {color}"));
            return decision(
                GenMove::Play(Move::Pass),
                "the opponent passed and passing wins",
                Some(r),
            );
        }
        let hopeless = mode != GenMode::Cleanup
            && !handicapped
            && policy::should_resign(&self.game, color, r.winrate, r.playouts, params);
        // Resign only when the win rate stays low, not on one bad search.
        self.low_streak = if hopeless { self.low_streak + 1 } else { 0 };
        if self.low_streak >= params.resign_moves {
            return decision(
                GenMove::Resign,
                "the win rate stayed below resign_threshold",
                Some(r),
            );
        }
        let cleanup = mode == GenMode::Cleanup;
        let m = policy::choose_move(&self.game, color, &r, cleanup, params);
        let reason = match (m == r.best, cleanup) {
            (true, _) => "the most visited move",
            (false, true) => "cleanup: dead enemy stones remain, so no pass",
            (false, false) => "the most visited playable move (the best one was refused)",
        };
        decision(GenMove::Play(m), reason, Some(r))
    }

    /// Thinks on the opponent's time (with `--ponder`) until the stop flag is set, which the
    /// GTP front end does as soon as input arrives; the caller clears the flag before. The
    /// tree is kept, so the next `genmove` goes on from the opponent's actual move. Does
    /// nothing when pondering is off or the game is over; returns the playouts run.
    pub fn ponder(&mut self) -> u64 {
        if !self.config.ponder || self.game.is_over() {
            return 0;
        }
        let to_play = self.game.to_play();
        let limits = Limits {
            time: Some(Duration::from_secs(PONDER_MAX_SECONDS)),
            ..Limits::default()
        };
        // The komi of our next search, so that it can keep the tree.
        let offset = self
            .dynkomi
            .offset(&self.game, to_play.opp(), &self.config.params);
        self.searcher.set_komi_offset(offset);
        let r = self
            .searcher
            .search(&self.game, to_play, &limits, &self.stop);
        self.searcher.set_komi_offset(0.0);
        self.log(format_args!(
            "pondered {} playouts in {:.2}s",
            r.playouts,
            r.elapsed.as_secs_f64()
        ));
        r.playouts
    }

    /// Whether pondering is on.
    pub fn pondering(&self) -> bool {
        self.config.ponder
    }

    /// The opening book's move for `color` here, if the position is an interior node of the
    /// book for this size, komi and rules (legal in this game, superko included); moves
    /// within `book_margin` of the best are drawn at random.
    pub fn book_move(&mut self, color: Color) -> Option<(Move, f32)> {
        use rand::{Rng, SeedableRng};
        self.book_draws += 1;
        let seed = self.config.seed
            ^ self.game.board().hash()
            ^ self.book_draws.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let book = self.config.books.for_game(&self.game)?;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let margin = self.config.params.book_margin;
        let c = book.choose(&self.game, color, margin, |n| rng.gen_range(0..n))?;
        let winrate = (c.value + 1.0) / 2.0;
        self.log(format_args!(
            "book {color}: {} value {winrate:.3}",
            self.game.board().move_string(c.mv),
        ));
        Some((c.mv, winrate))
    }

    /// The limits of the next move of `color`: configured playouts and time per move, and the
    /// clock's budget (with its stretch for unstable moves); the default move time when
    /// nothing else limits the search.
    pub fn move_limits(&self, color: Color) -> Limits {
        let empty = self.game.board().empty_points().count() as usize;
        let budget = self.clock.budget(color.index(), empty, &self.config.params);
        let (mut time, mut max) = match (self.config.time_per_move, budget) {
            (Some(t), Some(b)) => (Some(t.min(b.target)), Some(t.min(b.max))),
            (Some(t), None) => (Some(t), Some(t)),
            (None, Some(b)) => (Some(b.target), Some(b.max)),
            (None, None) => (None, None),
        };
        if time.is_none() && self.config.playouts.is_none() {
            time = Some(f64::from(self.config.params.default_move_time));
            max = time;
        }
        Limits {
            playouts: self.config.playouts,
            time: time.map(seconds),
            max_time: max.map(seconds),
        }
    }

    fn position_key(&self) -> (usize, u64, u32) {
        (
            self.game.size(),
            self.game.board().hash(),
            self.game.komi().to_bits(),
        )
    }

    fn run_search(
        &mut self,
        color: Color,
        limits: &Limits,
        progress: Option<Progress>,
    ) -> SearchResult {
        self.stop.store(false, Ordering::Relaxed);
        let r = self
            .searcher
            .search_with(&self.game, color, limits, &self.stop, progress);
        self.record(color, &r);
        r
    }

    /// Bookkeeping after a search: statistics, the log line, the ownership kept.
    fn record(&mut self, color: Color, r: &SearchResult) {
        self.search_time += r.elapsed;
        if self.verbose {
            let b = self.game.board();
            let top: Vec<String> = r
                .candidates
                .iter()
                .take(4)
                .map(|m| {
                    format!(
                        "{} {} {:.3} h {:.2}",
                        b.move_string(m.mv),
                        m.visits,
                        m.winrate,
                        m.prior
                    )
                })
                .collect();
            self.log(format_args!(
                "search {color}: {} winrate {:.3} playouts {} (kept {}, nodes {}) in {:.2}s; {}",
                b.move_string(r.best),
                r.winrate,
                r.playouts,
                r.kept,
                r.tree_nodes,
                r.elapsed.as_secs_f64(),
                top.join(", ")
            ));
        }
        self.last = Some(LastSearch {
            key: self.position_key(),
            to_play: color,
            result: r.clone(),
        });
    }

    fn log(&self, args: std::fmt::Arguments) {
        if self.verbose {
            eprintln!("moyo: {args}");
        }
    }

    // ---- time --------------------------------------------------------------------------

    /// GTP `time_settings`: Canadian byo-yomi of `byo` seconds per `stones` moves after `main`
    /// seconds; `byo > 0, stones == 0` is no limit, `byo == 0` absolute time.
    pub fn time_settings(&mut self, main: f64, byo: f64, stones: u32) {
        self.clock
            .set_control(TimeControl::from_gtp(main, byo, stones));
    }

    /// `kgs-time_settings`: any time control.
    pub fn kgs_time_settings(&mut self, control: TimeControl) {
        self.clock.set_control(control);
    }

    /// GTP `time_left`.
    pub fn time_left(&mut self, color: Color, secs: f64, stones: u32) {
        self.clock.time_left(color.index(), secs, stones);
    }

    // ---- the end of the game -----------------------------------------------------------

    /// The ownership of the current position (per `Point::idx`, +1 Black .. -1 White): from
    /// the last search if it looked at this position, else from a new modest search.
    pub fn ownership(&mut self) -> Vec<f32> {
        if let Some(l) = &self.last
            && l.key == self.position_key()
            && !l.result.ownership.is_empty()
        {
            return l.result.ownership.clone();
        }
        let max_seconds = self.config.params.status_max_seconds;
        let time = self
            .config
            .time_per_move
            .unwrap_or(max_seconds)
            .min(max_seconds);
        let limits = Limits {
            playouts: Some(
                self.config
                    .playouts
                    .unwrap_or(self.config.params.status_playouts),
            ),
            time: Some(seconds(time)),
            max_time: None,
        };
        // After the final passes the game is over and a search would only count the board as
        // it stands: take the passes back (the board stays the same) and let it play on.
        let mut g = self.game.clone();
        while matches!(g.last_move(), Some((_, Move::Pass))) && g.undo() {}
        let to_play = g.to_play();
        self.stop.store(false, Ordering::Relaxed);
        let r = self.searcher.search(&g, to_play, &limits, &self.stop);
        self.record(to_play, &r);
        r.ownership
    }

    /// The strings of one status, each as its stones.
    pub fn final_status_strings(&mut self, kind: StoneStatus) -> Vec<Vec<Point>> {
        let strings = policy::strings(self.game.board());
        if kind == StoneStatus::Seki || strings.is_empty() {
            return Vec::new();
        }
        let own = self.ownership();
        let b = self.game.board();
        strings
            .into_iter()
            .filter(|s| {
                let c = b.stone(s[0]).unwrap_or(Color::Black);
                policy::string_is_dead(s, c, &own, &self.config.params)
                    == (kind == StoneStatus::Dead)
            })
            .collect()
    }

    /// The stones of one status (seki: none are reported).
    pub fn final_status_list(&mut self, kind: StoneStatus) -> Vec<Point> {
        self.final_status_strings(kind)
            .into_iter()
            .flatten()
            .collect()
    }

    /// The score (`B+3.5`, `W+1`, `0`) by the game's rule, with the dead stones removed.
    pub fn final_score(&mut self) -> Result<String, String> {
        let dead = self.final_status_list(StoneStatus::Dead);
        let s = self.game.score(&Board::bitboard_of(&dead));
        if !s.is_finite() {
            return Err("cannot score".into());
        }
        Ok(Board::score_string(s))
    }

    // ---- records -----------------------------------------------------------------------

    /// Loads an SGF file: the position before move `move_number` (1-based; all moves when
    /// `None`). Returns the colour to move. Nothing changes on failure.
    pub fn load_sgf(&mut self, path: &str, move_number: Option<usize>) -> Result<Color, String> {
        let fail = |why: String| format!("cannot load file: {why}");
        let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
        if !meta.is_file() {
            return Err(fail("not a regular file".into()));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| fail(e.to_string()))?;
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(fail("file too large".into()));
        }
        self.load_sgf_text(&String::from_utf8_lossy(&bytes), move_number)
    }

    /// `load_sgf` from text.
    pub fn load_sgf_text(
        &mut self,
        text: &str,
        move_number: Option<usize>,
    ) -> Result<Color, String> {
        let fail = |why: String| format!("cannot load file: {why}");
        let rec = GameRecord::parse(text).map_err(|e| fail(e.to_string()))?;
        if !(2..=MAX_SIZE).contains(&rec.size) {
            return Err(fail(format!("unsupported board size {}", rec.size)));
        }
        let komi = if rec.komi.is_finite() {
            rec.komi
        } else {
            self.game.komi()
        };
        let mut g = Game::new(rec.size, komi);
        g.set_scoring(self.game.scoring());
        // Replay whatever the record holds; superko is enforced again afterwards.
        g.set_superko(false);
        let pt = |g: &Game, (c, r): (u8, u8)| g.board().point(usize::from(c), usize::from(r));
        let black: Vec<Point> = rec.black_setup.iter().map(|&c| pt(&g, c)).collect();
        let as_handicap = rec.handicap > 0 && rec.white_setup.is_empty() && !black.is_empty();
        if !(as_handicap && g.set_handicap(&black).is_ok()) {
            for (c, list) in [
                (Color::Black, &rec.black_setup),
                (Color::White, &rec.white_setup),
            ] {
                for &q in list {
                    let p = pt(&g, q);
                    // A stone that cannot stand (suicide, occupied) is left out.
                    let _ = g.add_setup_stone(c, p);
                }
            }
        }
        let limit = move_number.map(|n| n.saturating_sub(1));
        let mut played = 0usize;
        let mut next: Option<Color> = None;
        for m in &rec.moves {
            match m {
                RecordedMove::Play(c, q) => {
                    let c = c.color();
                    if limit == Some(played) {
                        next = Some(c);
                        break;
                    }
                    let mv = q.map_or(Move::Pass, |q| Move::Play(pt(&g, q)));
                    g.play(c, mv)
                        .map_err(|e| fail(format!("move {} is illegal ({e})", played + 1)))?;
                    played += 1;
                }
                RecordedMove::Setup {
                    black,
                    white,
                    empty,
                } => {
                    for &q in empty {
                        let p = pt(&g, q);
                        g.remove_setup_stone(p);
                    }
                    for (c, list) in [(Color::Black, black), (Color::White, white)] {
                        for &q in list {
                            let p = pt(&g, q);
                            if g.board().stone(p).is_some() {
                                g.remove_setup_stone(p);
                            }
                            let _ = g.add_setup_stone(c, p);
                        }
                    }
                }
            }
        }
        let to_play = next.unwrap_or_else(|| match g.last_move() {
            Some((c, _)) => c.opp(),
            None if g.handicap() > 0 => Color::White,
            None => rec
                .moves
                .iter()
                .find_map(|m| match m {
                    RecordedMove::Play(SgfColor::White, _) => Some(Color::White),
                    RecordedMove::Play(SgfColor::Black, _) => Some(Color::Black),
                    _ => None,
                })
                .unwrap_or(Color::Black),
        });
        g.set_to_play(to_play);
        g.set_superko(self.game.superko());
        self.game = g;
        self.dynkomi.reset();
        Ok(to_play)
    }

    /// The game so far as SGF text (setup and handicap stones, then the moves).
    pub fn to_sgf(&self) -> String {
        let g = &self.game;
        let init = g.initial();
        let coord = |p: Point| {
            let (c, r) = init.col_row(p);
            (c as u8, r as u8)
        };
        let setup = |c: Color| init.stones(c).iter().map(coord).collect::<Vec<_>>();
        let moves = g
            .moves()
            .iter()
            .map(|&(c, m)| {
                let c = match c {
                    Color::Black => SgfColor::Black,
                    Color::White => SgfColor::White,
                };
                RecordedMove::Play(
                    c,
                    match m {
                        Move::Pass => None,
                        Move::Play(p) => Some(coord(p)),
                    },
                )
            })
            .collect();
        let rec = GameRecord {
            size: g.size(),
            komi: g.komi(),
            handicap: g.handicap() as u32,
            black_setup: setup(Color::Black),
            white_setup: setup(Color::White),
            moves,
            rules: self.rules.clone(),
            ..GameRecord::default()
        };
        rec.to_sgf()
    }

    // ---- parameters and statistics -----------------------------------------------------

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

/// The points of the last two moves, most recent first (None for a pass or no move).
fn last_two_points(game: &Game) -> (Option<Point>, Option<Point>) {
    let mut recent = game.moves().iter().rev().map(|&(_, m)| match m {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    (recent.next().flatten(), recent.next().flatten())
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
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(EngineConfig {
            playouts: Some(20),
            size: 9,
            komi: 7.0,
            ..Default::default()
        })
    }

    #[test]
    fn limits_combine() {
        let mut e = engine();
        let l = e.move_limits(Color::Black);
        assert_eq!(l.playouts, Some(20));
        assert_eq!(l.time, None);
        e.config.playouts = None;
        let l = e.move_limits(Color::Black);
        assert_eq!(
            l.time,
            Some(seconds(f64::from(Params::default().default_move_time)))
        );
        e.config.time_per_move = Some(2.0);
        assert_eq!(e.move_limits(Color::Black).time, Some(seconds(2.0)));
        // The clock lowers it.
        e.time_settings(10.0, 0.0, 0);
        let t = e.move_limits(Color::Black).time.unwrap().as_secs_f64();
        assert!(t < 0.5, "{t}");
        // Unlimited clock: the per-move time.
        e.time_settings(0.0, 1.0, 0);
        assert_eq!(e.move_limits(Color::Black).time, Some(seconds(2.0)));
    }

    #[test]
    fn cputime_reads() {
        let e = engine();
        assert!(e.cputime() >= 0.0);
        assert!(process_cpu_seconds().is_some());
    }

    #[test]
    fn rules_by_name() {
        let mut e = engine();
        assert!(e.set_rules("japanese"));
        assert_eq!(e.game().scoring(), Scoring::Territory);
        assert!(!e.game().superko());
        assert!(e.set_rules("new_zealand"));
        assert_eq!(e.game().scoring(), Scoring::Area);
        assert!(e.game().superko());
        assert!(!e.set_rules("martian"));
        assert_eq!(e.game().scoring(), Scoring::Area);
    }

    #[test]
    fn handicap_commands() {
        let mut e = engine();
        assert_eq!(e.fixed_handicap(10), Err("invalid number of stones".into()));
        assert_eq!(e.fixed_handicap(3).unwrap().len(), 3);
        assert_eq!(e.game().to_play(), Color::White);
        assert_eq!(e.fixed_handicap(2), Err("board not empty".into()));
        assert_eq!(e.place_free_handicap(2), Err("board not empty".into()));
        e.clear_board();
        assert_eq!(
            e.place_free_handicap(1),
            Err("invalid number of stones".into())
        );
        assert_eq!(
            e.place_free_handicap(81),
            Err("invalid number of stones".into())
        );
        let p = e.place_free_handicap(80).unwrap();
        assert!((2..80).contains(&p.len()));
        e.clear_board();
        let b = e.board();
        let (a, c) = (b.point(0, 0), b.point(1, 1));
        assert_eq!(e.set_free_handicap(&[a]), Err("bad vertex list".into()));
        assert_eq!(e.set_free_handicap(&[a, a]), Err("bad vertex list".into()));
        e.set_free_handicap(&[a, c]).unwrap();
        assert_eq!(e.game().handicap(), 2);
        assert_eq!(e.undo(), Err("cannot undo".into()));
    }

    #[test]
    fn sgf_round_trip_and_move_number() {
        let mut e = engine();
        let sgf = "(;GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg];W[ee];B[ce];W[];B[ec])";
        assert_eq!(e.load_sgf_text(sgf, None), Ok(Color::White));
        assert_eq!(e.game().komi(), 6.5);
        assert_eq!(e.game().handicap(), 2);
        assert_eq!(e.game().moves().len(), 4);
        let out = e.to_sgf();
        let mut f = engine();
        assert_eq!(f.load_sgf_text(&out, None), Ok(Color::White));
        assert_eq!(f.game().moves(), e.game().moves());
        assert_eq!(f.board().hash(), e.board().hash());
        // Position before move 3 (the white pass): Black's C5 was move 2.
        assert_eq!(f.load_sgf_text(sgf, Some(3)), Ok(Color::White));
        assert_eq!(f.game().moves().len(), 2);
        assert_eq!(f.load_sgf_text(sgf, Some(1)), Ok(Color::White));
        assert!(f.game().moves().is_empty());
        assert_eq!(f.board().stones(Color::Black).count(), 2);
        // Errors change nothing.
        let before = f.board().hash();
        assert!(
            f.load_sgf_text("(;SZ[30])", None)
                .unwrap_err()
                .starts_with("cannot load file")
        );
        assert!(f.load_sgf_text("garbage", None).is_err());
        assert!(f.load_sgf_text("(;SZ[9];B[ee];W[ee])", None).is_err());
        assert_eq!(f.board().hash(), before);
        assert!(f.load_sgf("/nonexistent/x.sgf", None).is_err());
        assert!(f.load_sgf("/", None).is_err());
    }

    #[test]
    fn play_sequence_is_all_or_nothing() {
        let mut e = engine();
        let b = e.board();
        let (p, q) = (Move::Play(b.point(4, 4)), Move::Play(b.point(3, 3)));
        assert_eq!(
            e.play_sequence(&[(Color::Black, p), (Color::White, p)]),
            Err((1, Illegal::Occupied))
        );
        assert!(e.game().moves().is_empty());
        e.play_sequence(&[(Color::Black, p), (Color::White, q)])
            .unwrap();
        assert_eq!(e.game().moves().len(), 2);
    }

    #[test]
    fn empty_board_has_no_dead_stones_without_search() {
        let mut e = engine();
        assert!(e.final_status_list(StoneStatus::Dead).is_empty());
        assert_eq!(e.final_score(), Ok("W+7".to_string()));
    }
}
