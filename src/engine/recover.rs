//! What the GTP front end needs to survive a panic inside a command: a copy of the game
//! state taken before the command, and a way back to it. The search tree is not copied (it
//! may be large); it is forgotten instead, so the next search starts afresh from the restored
//! position.

use super::*;

/// The engine's state before a command, everything but the search tree.
pub struct RestorePoint {
    state: GameState,
    params: Params,
}

impl Engine {
    /// A copy of the state a command may change (the tree aside).
    pub fn restore_point(&self) -> RestorePoint {
        RestorePoint {
            state: self.state.clone(),
            params: self.config.params.clone(),
        }
    }

    /// Goes back to `point` after a command failed half-way: the game, clock and settings as
    /// they were, the search tree and the remembered searches forgotten, no search stopped.
    pub fn restore(&mut self, point: RestorePoint) {
        self.state = point.state;
        self.config.params = point.params;
        self.last = None;
        self.last_move = None;
        self.searcher.set_params(self.config.params.clone());
        self.searcher.set_komi_offset(0.0);
        self.searcher.set_engine(None);
        self.searcher.clear();
        self.stop.store(false, Ordering::SeqCst);
    }
}
