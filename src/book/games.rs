//! How games used a book: a game record replayed against it counts the book moves of one
//! player (positions where the book had a move for it, which is when moyo's `genmove` plays
//! from the book) and, for the other player, the moves played where the book had an
//! interior position and how many of them led to one of its children: the hit rate, the
//! share of the opponents' moves the book had foreseen.

use super::graph::Book;
use super::pro::{allowed, pro_moves};
use crate::board::{Color, Game, Move, Scoring};
use crate::params::{Params, SizedParams};
use crate::sgf::GameRecord;

/// How one game, or many, used a book.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameUse {
    /// Games counted.
    pub games: usize,
    /// The player's moves in positions where the book had a move for it.
    pub book_moves: usize,
    /// Of those, the moves that were the book's best move.
    pub best_moves: usize,
    /// The opponent's moves in interior positions of the book (the opponent to move).
    pub opponent_moves: usize,
    /// Of those, the moves that led to one of the position's children in the book.
    pub opponent_hits: usize,
    /// Per move number (from 0): the opponent's moves in interior positions, and hits.
    pub by_ply: Vec<(usize, usize)>,
    /// Games by their number of book moves.
    pub histogram: Vec<usize>,
    /// Games by why the player's book moves first stopped, indexed by [`Left`].
    pub left: [usize; Left::ALL.len()],
}

/// Why a game's book moves stopped: what the player met at its first move without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// An opponent's move since the player's last book move was not among the book's
    /// children.
    Opponent,
    /// The position is not an interior node of the book for the player: the book ends.
    Leaf,
    /// The book has moves here, but none that genmove may play (on 19x19, none a
    /// professionals' move).
    Pros,
    /// The player had a book move at every turn of the record.
    Never,
}

impl Left {
    /// Every reason, in the order of [`GameUse::left`].
    pub const ALL: [Left; 4] = [Left::Opponent, Left::Leaf, Left::Pros, Left::Never];

    /// The reason's name in `moyo book count` and `moyo book stats` output.
    pub fn name(self) -> &'static str {
        match self {
            Left::Opponent => "opponent",
            Left::Leaf => "leaf",
            Left::Pros => "pros",
            Left::Never => "never",
        }
    }
}

impl GameUse {
    /// Adds another count to this one.
    pub fn add(&mut self, other: &GameUse) {
        self.games += other.games;
        self.book_moves += other.book_moves;
        self.best_moves += other.best_moves;
        self.opponent_moves += other.opponent_moves;
        self.opponent_hits += other.opponent_hits;
        grow(&mut self.by_ply, other.by_ply.len());
        for (a, b) in self.by_ply.iter_mut().zip(&other.by_ply) {
            a.0 += b.0;
            a.1 += b.1;
        }
        for (a, b) in self.left.iter_mut().zip(&other.left) {
            *a += b;
        }
        grow(&mut self.histogram, other.histogram.len());
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
    }

    /// Book moves per game.
    pub fn per_game(&self) -> f64 {
        self.book_moves as f64 / self.games.max(1) as f64
    }

    /// `left`'s counts with their names.
    pub fn left_by(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        Left::ALL.iter().map(|l| (l.name(), self.left[*l as usize]))
    }

    /// The share of the opponent's moves in interior positions that were among the book's
    /// children.
    pub fn hit_rate(&self) -> f64 {
        self.opponent_hits as f64 / self.opponent_moves.max(1) as f64
    }
}

fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

/// The game a record is played in, under area scoring (the books' rules).
pub fn record_game(rec: &GameRecord) -> Game {
    let mut game = Game::new(rec.size, rec.komi.unwrap_or(0.0));
    game.set_scoring(Scoring::Area);
    game
}

/// How the game of `rec` used `book` (none: the game's rules have no book), `player` being
/// the colour whose book moves are counted: positions where the book had a move that
/// moyo's `genmove` may play under `params` (on 19x19, a professionals' move), and why they
/// first stopped. An illegal move in the record is an error.
pub fn replay(
    book: Option<&Book>,
    rec: &GameRecord,
    player: Color,
    params: &Params,
) -> Result<GameUse, String> {
    let mut game = record_game(rec);
    let params = &params.for_size(rec.size);
    let mut u = GameUse {
        games: 1,
        ..GameUse::default()
    };
    let mut left = None;
    let mut missed = false;
    for m in &rec.moves {
        let Some((c, mv)) = m.board_move(game.board()) else {
            continue;
        };
        if let Some(b) = book {
            if c == player {
                match playable(b, &game, c, params, missed) {
                    Ok(first) => {
                        u.book_moves += 1;
                        u.best_moves += (first == mv) as usize;
                    }
                    Err(why) => {
                        left.get_or_insert(why);
                    }
                }
            } else if let Some(hit) = b.foresees(&game, c, mv) {
                missed |= !hit;
                let ply = game.moves().len();
                grow(&mut u.by_ply, ply + 1);
                u.by_ply[ply].0 += 1;
                u.by_ply[ply].1 += hit as usize;
                u.opponent_moves += 1;
                u.opponent_hits += hit as usize;
            }
        }
        game.play(c, mv)
            .map_err(|e| format!("illegal move in the record: {e}"))?;
    }
    if let Some(b) = book {
        if left.is_none() && game.to_play() == player {
            left = playable(b, &game, player, params, missed).err();
        }
        u.left[left.unwrap_or(Left::Never) as usize] = 1;
    }
    u.histogram = vec![0; u.book_moves + 1];
    u.histogram[u.book_moves] = 1;
    Ok(u)
}

/// The book's first move here that genmove may play for `color`, or why there is none
/// (`missed`: the opponent has left the book's children since).
fn playable(
    b: &Book,
    game: &Game,
    color: Color,
    params: &SizedParams,
    missed: bool,
) -> Result<Move, Left> {
    let pro = pro_moves(game.board(), color, params);
    let moves = b.moves(game, color);
    match moves.iter().find(|m| allowed(&pro, m.mv)) {
        Some(first) => Ok(first.mv),
        None if missed => Err(Left::Opponent),
        None if moves.is_empty() => Err(Left::Leaf),
        None => Err(Left::Pros),
    }
}
