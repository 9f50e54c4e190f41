//! Fixed positions embedded as SGF records: the 19x19 middle game of `moyo bench`, which the
//! pattern and prior tests use as a fixture too (so it lives below both).

use super::GameRecord;
use crate::board::Game;

/// A 19x19 middle-game position (100 moves of moyo self-play), for `heavy_pps_19x19_midgame`.
const MIDGAME_19: &str = include_str!("../../patterns/bench/midgame19.sgf");

/// The game after replaying the bench's middle-game record (an empty 19x19 game if it cannot
/// be read, which a test rules out).
pub fn midgame_19() -> Game {
    let mut game = Game::new(19, 7.5);
    let Ok(record) = GameRecord::parse(MIDGAME_19) else {
        return game;
    };
    for m in &record.moves {
        if let Some((colour, mv)) = m.board_move(game.board())
            && game.play(colour, mv).is_err()
        {
            break;
        }
    }
    game
}

#[cfg(test)]
mod tests {
    #[test]
    fn midgame_position_loads() {
        let g = super::midgame_19();
        assert_eq!(g.size(), 19);
        assert!(
            g.moves().len() >= 80,
            "only {} moves replayed",
            g.moves().len()
        );
    }
}
