//! One game's position and history: the board, the setup, the moves, positional superko,
//! passes, undo and komi.

use super::point::{Color, Move, Point};
use super::position::{Board, Illegal};

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, Tromp-Taylor, CGOS).
    Area,
    /// Surrounded empty points plus prisoners (Japanese).
    Territory,
}

/// A game in progress: the raw board plus everything that needs history.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    initial: Board,
    komi: f32,
    to_play: Color,
    moves: Vec<(Color, Move)>,
    hashes: Vec<u64>,
    handicap: usize,
    superko: bool,
    scoring: Scoring,
}

impl Game {
    /// A new empty game of `size` (clamped to 2..=25) with `komi`, area scoring and
    /// positional superko.
    pub fn new(size: usize, komi: f32) -> Game {
        let board = Board::new(size);
        Game {
            hashes: vec![board.hash()],
            initial: board.clone(),
            board,
            komi,
            to_play: Color::Black,
            moves: Vec::new(),
            handicap: 0,
            superko: true,
            scoring: Scoring::Area,
        }
    }

    /// Empties the board and the history, keeping size, komi and rules.
    pub fn clear(&mut self) {
        let mut g = Game::new(self.board.size(), self.komi);
        g.superko = self.superko;
        g.scoring = self.scoring;
        *self = g;
    }

    /// The current position.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Komi given to White.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Sets komi (any value is accepted, as GTP asks).
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// The scoring rule of this game.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Sets the scoring rule.
    pub fn set_scoring(&mut self, s: Scoring) {
        self.scoring = s;
    }

    /// Whether positional superko is enforced (default yes).
    pub fn superko(&self) -> bool {
        self.superko
    }

    /// Turns positional superko on or off.
    pub fn set_superko(&mut self, on: bool) {
        self.superko = on;
    }

    /// The colour expected to move next (after the last move, or White after handicap).
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// The moves played since the setup, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// The points of the last two moves, most recent first (`None` for a pass or no move).
    pub fn last_two_points(&self) -> (Option<Point>, Option<Point>) {
        let mut recent = self.moves.iter().rev().map(|&(_, m)| match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        });
        (recent.next().flatten(), recent.next().flatten())
    }

    /// The position before any move (handicap and setup stones only).
    pub fn initial(&self) -> &Board {
        &self.initial
    }

    /// Number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Consecutive passes at the end of the game so far.
    pub fn passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|(_, m)| *m == Move::Pass)
            .count()
    }

    /// Whether two passes in a row ended the game.
    pub fn is_over(&self) -> bool {
        self.passes() >= 2
    }

    /// Whether the board hash `h` occurred before in this game.
    pub fn seen(&self, h: u64) -> bool {
        self.hashes.contains(&h)
    }

    /// Whether `c` may play `m` now: on the board, empty, no suicide, no simple ko, and (when
    /// enabled) no repetition of an earlier position.
    pub fn legality(&self, c: Color, m: Move) -> Result<(), Illegal> {
        let Move::Play(p) = m else { return Ok(()) };
        if !self.board.is_onboard(p) {
            return Err(Illegal::Occupied);
        }
        self.board.legality(c, p)?;
        if self.superko && self.seen(self.board.hash_after(c, p)) {
            return Err(Illegal::Superko);
        }
        Ok(())
    }

    /// Plays `m` for `c` if legal; an illegal move changes nothing.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), Illegal> {
        self.legality(c, m)?;
        match m {
            Move::Pass => self.board.pass(),
            Move::Play(p) => {
                self.board.play_unchecked(c, p);
            }
        }
        self.moves.push((c, m));
        self.hashes.push(self.board.hash());
        self.to_play = c.opp();
        Ok(())
    }

    /// Takes back the last move; false when there is none (setup stones cannot be undone).
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.hashes.pop();
        self.board = self.initial.clone();
        for &(c, m) in &self.moves {
            match m {
                Move::Pass => self.board.pass(),
                Move::Play(p) => {
                    self.board.play_unchecked(c, p);
                }
            }
        }
        self.to_play = match self.moves.last() {
            Some(&(c, _)) => c.opp(),
            None => self.initial_to_play(),
        };
        true
    }

    fn initial_to_play(&self) -> Color {
        if self.handicap > 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Places handicap stones for Black on an empty board with no moves; White moves next.
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), &'static str> {
        if !self.moves.is_empty()
            || !self.board.stones(Color::Black).is_empty()
            || !self.board.stones(Color::White).is_empty()
        {
            return Err("board not empty");
        }
        let mut b = self.board.clone();
        for &p in points {
            if !b.is_onboard(p) || b.play(Color::Black, Move::Play(p)).is_err() {
                return Err("bad vertex list");
            }
        }
        self.board = b;
        self.rebase();
        self.handicap = points.len();
        self.to_play = Color::White;
        Ok(())
    }

    /// Adds a setup stone (SGF AB/AW, gogui-setup). The current position becomes the new
    /// starting position: earlier moves can no longer be undone.
    pub fn add_setup_stone(&mut self, c: Color, p: Point) -> Result<(), Illegal> {
        if !self.board.is_onboard(p) {
            return Err(Illegal::Occupied);
        }
        self.board.play(c, Move::Play(p))?;
        self.rebase();
        Ok(())
    }

    /// Removes a stone (SGF AE); the current position becomes the starting position.
    pub fn remove_setup_stone(&mut self, p: Point) {
        if self.board.stone(p).is_none() {
            return;
        }
        let mut b = Board::new(self.size());
        for c in [Color::Black, Color::White] {
            for q in self.board.stones(c).iter() {
                if q != p && b.is_legal(c, q) {
                    b.play_unchecked(c, q);
                }
            }
        }
        self.board = b;
        self.rebase();
    }

    /// Sets the colour to move next.
    pub fn set_to_play(&mut self, c: Color) {
        self.to_play = c;
    }

    fn rebase(&mut self) {
        self.board.pass();
        self.initial = self.board.clone();
        self.moves.clear();
        self.hashes = vec![self.board.hash()];
    }

    /// The final score, Black minus White minus komi, by this game's rule, with `dead` stones
    /// removed (`dead` may be empty: then every stone counts as alive).
    pub fn score(&self, dead: &super::Bitboard) -> f32 {
        match self.scoring {
            Scoring::Area => self.board.area_score_with_dead(dead, self.komi),
            Scoring::Territory => self.board.territory_score(dead, self.komi),
        }
    }
}
