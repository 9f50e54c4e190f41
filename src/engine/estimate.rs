//! Score estimates: `final_score` before the game is over, GNU Go's `estimate_score` and
//! GoGui's territory map, all from one short search (the one the status commands run),
//! whose playouts count the area. Also the analysis options that shape a search (`avoid`,
//! `allow`) and `clear_cache`.

use super::*;
use crate::search::{MoveFilter, Score};

/// What a short search expects of the game's end.
#[derive(Clone, Debug)]
pub struct Estimate {
    /// Black's mean final margin (area less komi; negative: White ahead) and its spread.
    pub black: Score,
    /// The ownership of each point (`Point::idx`): +1 Black .. -1 White.
    pub ownership: Vec<f32>,
}

impl Engine {
    /// The expected result of the current position from a short search (`status_playouts`
    /// playouts, or `--playouts`, at most `status_max_seconds`); `None` when the search ran
    /// no playout. After the final passes the search plays on from before them.
    pub fn estimate(&mut self) -> Option<Estimate> {
        let g = self.game_before_final_passes();
        let to_play = g.to_play();
        let r = self.status_search(&g);
        let score = r.root_score?;
        let black = match to_play {
            Color::Black => score,
            Color::White => Score {
                lead: -score.lead,
                ..score
            },
        };
        Some(Estimate {
            black,
            ownership: r.ownership,
        })
    }

    /// `final_score`: after two passes, the count by the game's rule with the stones the
    /// status commands call dead removed; before, the result a short search expects: Black's
    /// mean margin rounded to a result the game can end with (the area difference rounded to
    /// a whole number, less komi). `B+3.5`, `W+1`, `0`.
    pub fn final_score(&mut self) -> Result<String, String> {
        if !self.state.game.is_over()
            && let Some(e) = self.estimate()
        {
            let komi = self.state.game.komi();
            let s = (e.black.lead + komi).round() - komi;
            return Ok(Board::score_string(s + 0.0));
        }
        self.counted_score()
    }

    /// Bars moves from the following searches (`None`: none): the `avoid` and `allow`
    /// options of an analysis. A new filter drops the tree, so that no statistics of barred
    /// moves remain in it.
    pub fn set_move_filter(&mut self, filter: Option<MoveFilter>) {
        self.searcher.set_filter(filter);
    }

    /// Whether a move filter is set.
    pub fn filtered(&self) -> bool {
        self.searcher.filter().is_some()
    }

    /// Drops the search tree and every remembered search (KataGo's `clear_cache`): the next
    /// search starts afresh.
    pub fn clear_cache(&mut self) {
        self.searcher.clear();
        self.last = None;
    }
}
