//! Tree reuse: which position the tree's root stands for, and the way from it to the position
//! of the next search through the moves played meanwhile.

use super::tree::Tree;
use crate::board::{Color, Game, Move};

/// Largest change of the dynamic komi, in whole points, across which the tree is kept.
const MAX_OFFSET_STEP: i32 = 1;

/// The position a tree root was searched for: the game's start, its moves, who was to play,
/// and the komi of the playouts (dynamic komi counts in whole points, and a step of one point,
/// which is what the ratchet makes each move, still keeps the tree: its statistics are off by
/// the few playouts that end on exactly that margin, and the kept visits are worth far more).
pub struct RootKey {
    size: usize,
    komi: u32,
    offset: i32,
    initial: u64,
    moves: Vec<(Color, Move)>,
    to_play: Color,
}

impl RootKey {
    /// The key of `game`'s current position with `to_play` to move and `offset` added to the
    /// komi.
    pub fn of(game: &Game, to_play: Color, offset: f32) -> RootKey {
        RootKey {
            size: game.size(),
            komi: game.score_komi().to_bits(),
            offset: offset.round() as i32,
            initial: game.initial().hash(),
            moves: game.moves().to_vec(),
            to_play,
        }
    }

    /// Whether `game` is the same game (size, komi, start position), whatever its moves.
    pub fn same_game(&self, game: &Game) -> bool {
        self.size == game.size()
            && self.komi == game.score_komi().to_bits()
            && self.initial == game.initial().hash()
    }

    /// The node of `tree` for `game`'s current position with `to_play` to move, when the game
    /// continues this key's position by moves the tree holds (alternating colours); `None`
    /// when the tree cannot be reused (new game, undo, other komi, unexplored moves).
    pub fn follow(&self, tree: &Tree, game: &Game, to_play: Color, offset: f32) -> Option<usize> {
        let moves = game.moves();
        if !self.same_game(game)
            || (self.offset - offset.round() as i32).abs() > MAX_OFFSET_STEP
            || !moves.starts_with(&self.moves)
        {
            return None;
        }
        let mut node = tree.root();
        let mut expected = self.to_play;
        for &(c, m) in &moves[self.moves.len()..] {
            if c != expected {
                return None;
            }
            node = tree
                .children(node)
                .find(|&i| tree.node(i).board_move() == m)?;
            expected = c.opp();
        }
        (expected == to_play).then_some(node)
    }
}
