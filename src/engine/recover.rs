//! What the GTP front end needs to survive a panic inside a command: a copy of the game
//! state taken before the command, and a way back to it. The search tree is not copied (it
//! may be large); it is forgotten instead, so the next search starts afresh from the restored
//! position.

use super::*;

/// The engine's state before a command, everything but the search tree.
pub struct RestorePoint {
    game: Game,
    clock: Clock,
    params: Params,
    rules: Option<String>,
    verbose: bool,
    dynkomi: DynKomi,
    low_streak: u32,
    book_draws: u64,
    players: Players,
    ending: Option<Ending>,
}

impl Engine {
    /// A copy of the state a command may change (the tree aside).
    pub fn restore_point(&self) -> RestorePoint {
        RestorePoint {
            game: self.game.clone(),
            clock: self.clock.clone(),
            params: self.config.params.clone(),
            rules: self.rules.clone(),
            verbose: self.verbose,
            dynkomi: self.dynkomi.clone(),
            low_streak: self.low_streak,
            book_draws: self.book_draws,
            players: self.players.clone(),
            ending: self.ending.clone(),
        }
    }

    /// Goes back to `point` after a command failed half-way: the game, clock and settings as
    /// they were, the search tree and the remembered searches forgotten, no search stopped.
    pub fn restore(&mut self, point: RestorePoint) {
        self.game = point.game;
        self.clock = point.clock;
        self.config.params = point.params;
        self.rules = point.rules;
        self.verbose = point.verbose;
        self.dynkomi = point.dynkomi;
        self.low_streak = point.low_streak;
        self.book_draws = point.book_draws;
        self.players = point.players;
        self.ending = point.ending;
        self.last = None;
        self.last_move = None;
        self.searcher.set_params(self.config.params.clone());
        self.searcher.set_komi_offset(0.0);
        self.searcher.set_engine(None);
        self.searcher.clear();
        self.stop.store(false, Ordering::SeqCst);
    }
}
