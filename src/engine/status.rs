//! The end of the game: ownership, `final_status_list` and the count of a finished game.

use super::*;
use crate::board::Bitboard;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The share of playouts a side must own a point in for it to count as that side's
/// territory (GNU Go's territory lists, GoGui's territory map).
pub const TERRITORY_OWNERSHIP: f32 = 0.5;

/// The side whose territory a point of ownership `o` (+1 Black .. -1 White) is: the one
/// owning it by at least [`TERRITORY_OWNERSHIP`], none otherwise.
pub fn territory_owner(o: f32) -> Option<Color> {
    if o >= TERRITORY_OWNERSHIP {
        Some(Color::Black)
    } else if o <= -TERRITORY_OWNERSHIP {
        Some(Color::White)
    } else {
        None
    }
}

impl Engine {
    /// The ownership of the current position (per `Point::idx`, +1 Black .. -1 White): from
    /// the last search if it looked at this position, else from a new modest search.
    pub fn ownership(&mut self) -> Vec<f32> {
        if let Some(l) = &self.last
            && l.key == self.position_key()
            && !l.result.ownership.is_empty()
        {
            return l.result.ownership.clone();
        }
        let g = self.game_before_final_passes();
        self.status_search(&g).ownership
    }

    /// The game with its final passes taken back (the board stays the same): after them the
    /// game is over and a search would only count the board as it stands, so the status
    /// searches play on from before them.
    pub(super) fn game_before_final_passes(&self) -> Game {
        let mut g = self.state.game.clone();
        while matches!(g.last_move(), Some((_, Move::Pass))) && g.undo() {}
        g
    }

    /// The modest search of the status commands on `g` (a copy of the game), for its side to
    /// move: `status_playouts` (or `--playouts`), at most `status_max_seconds`; recorded as
    /// the last search.
    pub(super) fn status_search(&mut self, g: &Game) -> SearchResult {
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
        let to_play = g.to_play();
        self.stop.store(false, Ordering::Relaxed);
        let r = self.searcher.search(g, to_play, &limits, &self.stop);
        self.record(to_play, &r);
        r
    }

    /// The ownership behind the stone status lists: the average final owner over
    /// `status_playouts` plain heavy playouts from the current position, half of them with
    /// each side to move first, seeded by the position (the same position gives the same
    /// list). With `status_from_search`, the search's ownership instead; that was the old
    /// way, and it keeps dead stones alive: the tree learns that passing ends the game with
    /// the stones as they stand.
    pub fn status_ownership(&mut self) -> Vec<f32> {
        if self.config.params.status_from_search {
            return self.ownership();
        }
        let b = self.state.game.board();
        let policy = crate::playout::heavy::Policy::new(&self.config.params.for_size(b.size()))
            .without_mercy();
        let n = self.config.params.status_playouts.max(2);
        let max_moves = 3 * b.size() * b.size() + 50;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(b.hash() ^ 0x5354_4154_5553);
        let mut trace = crate::playout::MoveTrace::default();
        let mut sums = vec![0i32; b.len()];
        let mut board = b.clone();
        for i in 0..n {
            board.clone_from(b);
            trace.clear();
            let first = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            policy.playout(
                &mut board, first, 0.0, max_moves, None, None, &mut rng, &mut trace,
            );
            board.add_playout_owners(&mut sums);
        }
        sums.iter().map(|&x| x as f32 / n as f32).collect()
    }

    /// The strings of one status, each as its stones: dead by the status ownership (never
    /// one in a seki as the board stands), seki by the board's rule once the dead are taken
    /// off (`Board::seki`), alive the others.
    pub fn final_status_strings(&mut self, kind: StoneStatus) -> Vec<Vec<Point>> {
        let strings = decide::strings(self.state.game.board());
        if strings.is_empty() {
            return Vec::new();
        }
        let own = self.status_ownership();
        let b = self.state.game.board();
        // A string in a seki as the board stands is never dead: the playouts behind the
        // ownership may fill a shared liberty that neither player would.
        let standing = b.seki(&Bitboard::EMPTY).stones;
        let (dead, living): (Vec<_>, Vec<_>) = strings.into_iter().partition(|s| {
            let c = b.stone(s[0]).unwrap_or(Color::Black);
            !standing.has(s[0]) && decide::string_is_dead(s, c, &own, &self.config.params)
        });
        if kind == StoneStatus::Dead {
            return dead;
        }
        let seki = b.seki(&Board::bitboard_of(&dead.concat())).stones;
        living
            .into_iter()
            .filter(|s| seki.has(s[0]) == (kind == StoneStatus::Seki))
            .collect()
    }

    /// The stones of one status.
    pub fn final_status_list(&mut self, kind: StoneStatus) -> Vec<Point> {
        self.final_status_strings(kind)
            .into_iter()
            .flatten()
            .collect()
    }

    /// Who each empty point belongs to, as GNU Go's `black_territory`, `white_territory`
    /// and `dame` say: the side that owns it in at least [`TERRITORY_OWNERSHIP`] of the
    /// status playouts, none for the others and for the points of a seki once the dead
    /// stones are off. In board order.
    pub fn territory(&mut self) -> Vec<(Point, Option<Color>)> {
        let dead = self.final_status_list(StoneStatus::Dead);
        let own = self.status_ownership();
        let b = self.state.game.board();
        let seki = b.seki(&Board::bitboard_of(&dead)).points;
        b.points()
            .filter(|&p| b.stone(p).is_none())
            .map(|p| {
                let o = own.get(p.idx()).copied().unwrap_or(0.0);
                (p, territory_owner(o).filter(|_| !seki.has(p)))
            })
            .collect()
    }

    /// The score (`B+3.5`, `W+1`, `0`) by the game's rule, with the dead stones removed.
    pub(super) fn counted_score(&mut self) -> Result<String, String> {
        let dead = self.final_status_list(StoneStatus::Dead);
        let s = self.state.game.score(&Board::bitboard_of(&dead));
        if !s.is_finite() {
            return Err("cannot score".into());
        }
        Ok(Board::score_string(s))
    }
}
