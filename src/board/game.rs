//! One game's position and history: the board, the setup, the moves, the rules (ko rule,
//! suicide, scoring), passes, undo and komi.

use super::point::{Color, Move, Point};
use super::position::{Board, Illegal};
use super::rules::{KoRule, Rules, Scoring};

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
    rules: Rules,
}

impl Game {
    /// A new empty game of `size` (clamped to 2..=25) with `komi` and the default rules
    /// (area scoring, positional superko, no suicide).
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
            rules: Rules::default(),
        }
    }

    /// Empties the board and the history, keeping size, komi and rules.
    pub fn clear(&mut self) {
        let mut g = Game::new(self.board.size(), self.komi);
        g.rules = self.rules;
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

    /// The komi the count uses: komi plus White's handicap compensation under these rules.
    pub fn score_komi(&self) -> f32 {
        self.komi + self.rules.white_handicap_bonus.points(self.handicap)
    }

    /// The rules of this game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Sets the rules; the position and the history stay as they are.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The scoring rule of this game.
    pub fn scoring(&self) -> Scoring {
        self.rules.scoring
    }

    /// Sets the scoring rule.
    pub fn set_scoring(&mut self, s: Scoring) {
        self.rules.scoring = s;
    }

    /// The ko rule of this game.
    pub fn ko_rule(&self) -> KoRule {
        self.rules.ko
    }

    /// Sets the ko rule.
    pub fn set_ko_rule(&mut self, ko: KoRule) {
        self.rules.ko = ko;
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

    /// Whether the position with hash `h`, arising from a move of `c`, repeats one that
    /// arose after an earlier move of `c` (the start counts as arising from the side that
    /// does not move first): the situational superko test.
    fn seen_after_move_of(&self, c: Color, h: u64) -> bool {
        let first_mover = self.initial_to_play().opp();
        self.hashes.iter().enumerate().any(|(i, &seen)| {
            let mover = match i {
                0 => first_mover,
                _ => self.moves[i - 1].0,
            };
            seen == h && mover == c
        })
    }

    /// Whether the position with hash `h` after `c`'s move repeats one the ko rule forbids.
    fn repeats(&self, c: Color, h: u64) -> bool {
        match self.rules.ko {
            KoRule::Simple => false,
            KoRule::Positional => self.seen(h),
            KoRule::Situational => self.seen_after_move_of(c, h),
        }
    }

    /// Whether `c` may play `m` now without suicide: on the board, empty, no suicide, no
    /// simple ko, and no repetition the ko rule forbids. These are the moves the engine
    /// considers; `play` also accepts a multi-stone suicide when the rules allow it.
    pub fn legality(&self, c: Color, m: Move) -> Result<(), Illegal> {
        let Move::Play(p) = m else { return Ok(()) };
        if !self.board.is_onboard(p) {
            return Err(Illegal::Occupied);
        }
        self.board.legality(c, p)?;
        if self.repeats(c, self.board.hash_after(c, p)) {
            return Err(Illegal::Superko);
        }
        Ok(())
    }

    /// The board after `c`'s multi-stone suicide on `p`, if the rules allow one there (and it
    /// repeats no position the ko rule forbids); the reason otherwise.
    fn suicide_board(&self, c: Color, p: Point) -> Result<Board, Illegal> {
        if !self.rules.suicide {
            return Err(Illegal::Suicide);
        }
        let mut b = self.board.clone();
        b.play_suicide(c, p)?;
        if self.repeats(c, b.hash()) {
            return Err(Illegal::Superko);
        }
        Ok(b)
    }

    /// Plays `m` for `c` if the rules allow it (a multi-stone suicide too, when they do); an
    /// illegal move changes nothing.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), Illegal> {
        match (self.legality(c, m), m) {
            (Ok(()), Move::Pass) => self.board.pass(),
            (Ok(()), Move::Play(p)) => {
                self.board.play_unchecked(c, p);
            }
            (Err(Illegal::Suicide), Move::Play(p)) => self.board = self.suicide_board(c, p)?,
            (Err(e), _) => return Err(e),
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
                // A move that was played is legal again here, or it was a suicide.
                Move::Play(p) => match self.board.legality(c, p) {
                    Err(Illegal::Suicide) => {
                        let _ = self.board.play_suicide(c, p);
                    }
                    _ => {
                        self.board.play_unchecked(c, p);
                    }
                },
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

    /// The final score, Black minus White minus komi (and White's handicap bonus), by this
    /// game's rule, with `dead` stones removed (`dead` may be empty: then every stone counts
    /// as alive).
    pub fn score(&self, dead: &super::Bitboard) -> f32 {
        let komi = self.score_komi();
        match self.rules.scoring {
            Scoring::Area => self.board.area_score_with_dead(dead, komi),
            Scoring::Territory => self.board.territory_score(dead, komi, self.rules.tax),
        }
    }
}
