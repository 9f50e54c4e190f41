//! Dynamic komi (after Pachi): while every move looks won or lost, the search cannot tell good
//! moves from bad. In handicap games, extra komi for White makes the game look even: it
//! starts at `dynkomi_per_stone` points per handicap stone and fades out linearly over the
//! first `dynkomi_moves` moves (scaled to the board). Then a ratchet: while the engine's win
//! rate stays above `dynkomi_high`, each move adds a point against it. When the win rate falls
//! below `dynkomi_low`, the lead the ratchet banked on has shrunk: it drops at once, by at
//! least a point, to at most `dynkomi_keep` of the margin the playouts still expect at the
//! real komi, and from then on never climbs higher than where the trouble started. (Given
//! back a point a move, as at first, a lost lead left the engine searching a position it
//! believed lost for a dozen moves, and it threw won games away with desperate moves and
//! passes.) With `dynkomi_even` the ratchet also runs in even games (from
//! `dynkomi_even_min_size`): a search that only counts wins spends a lead down to half a
//! point, and then any misjudged group loses the game.

use crate::board::{Color, Game};
use crate::params::Params;

/// The ratchet's state across the moves of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DynKomi {
    /// Points of komi against the engine added by the ratchet.
    ratchet: f32,
    /// Highest level the ratchet may reach again (set when the win rate fell too low).
    cap: Option<f32>,
}

impl DynKomi {
    /// A fresh game.
    pub fn reset(&mut self) {
        *self = DynKomi::default();
    }

    /// Komi points to add to the game's komi (more for White) in `color`'s next search.
    pub fn offset(&self, game: &Game, color: Color, params: &Params) -> f32 {
        let Some(linear) = fading_extra(game, params) else {
            return 0.0;
        };
        // The ratchet only runs once the linear part is gone, always against the engine.
        let ratchet = if linear > 0.0 { 0.0 } else { self.ratchet };
        let against = match color {
            Color::Black => ratchet,
            Color::White => -ratchet,
        };
        linear + against
    }

    /// Notes the win rate of the engine's last search (made with `offset`'s komi) and the
    /// margin its playouts expect for the engine at the game's own komi, when known.
    pub fn record(&mut self, game: &Game, winrate: f32, margin: Option<f32>, params: &Params) {
        // The ratchet waits while the handicap's extra komi fades.
        if fading_extra(game, params).is_none_or(|linear| linear > 0.0) {
            return;
        }
        if winrate > params.dynkomi_high {
            let next = self.ratchet + 1.0;
            self.ratchet = self.cap.map_or(next, |c| next.min(c));
        } else if winrate < params.dynkomi_low && self.ratchet > 0.0 {
            self.cap = Some(
                self.cap
                    .map_or(self.ratchet - 1.0, |c| c.min(self.ratchet - 1.0)),
            );
            let kept = margin.map_or(f32::INFINITY, |m| (m * params.dynkomi_keep).floor());
            self.ratchet = (self.ratchet - 1.0).min(kept).max(0.0);
        }
    }
}

/// The fading extra komi for White in a game that gets dynamic komi (0 in an even game with
/// `dynkomi_even` from `dynkomi_even_min_size`); `None` when the game gets none.
fn fading_extra(game: &Game, params: &Params) -> Option<f32> {
    let stones = game.handicap();
    if stones > 0 {
        (params.dynkomi_per_stone > 0.0).then(|| linear_extra(game, stones, params))
    } else {
        (params.dynkomi_even && game.size() >= params.dynkomi_even_min_size).then_some(0.0)
    }
}

/// The fading extra komi for White: per stone at the start, 0 after the fade.
fn linear_extra(game: &Game, stones: usize, params: &Params) -> f32 {
    let size = game.size() as f32;
    let fade = (params.dynkomi_moves * size * size / 361.0).max(1.0);
    let played = game.moves().len() as f32;
    let left = (1.0 - played / fade).max(0.0);
    params.dynkomi_per_stone * stones as f32 * left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Move, fixed_handicap_points};

    fn handicap_game(stones: usize) -> Game {
        let mut g = Game::new(19, 0.5);
        let pts: Vec<_> = fixed_handicap_points(19, stones)
            .unwrap()
            .into_iter()
            .map(|(c, r)| g.board().point(c, r))
            .collect();
        g.set_handicap(&pts).unwrap();
        g
    }

    fn pass_moves(g: &mut Game, n: usize) {
        for _ in 0..n {
            let c = g.to_play();
            // Passes keep the board as it is; only the move count matters here.
            g.play(c, Move::Pass).unwrap();
        }
    }

    #[test]
    fn linear_extra_fades_out() {
        let p = Params::default();
        let mut g = handicap_game(4);
        let d = DynKomi::default();
        let start = d.offset(&g, Color::White, &p);
        assert!((start - 4.0 * p.dynkomi_per_stone).abs() < 1e-4);
        // Black receiving the stones sees the same extra komi: it must win by more.
        assert_eq!(d.offset(&g, Color::Black, &p), start);
        pass_moves(&mut g, (p.dynkomi_moves / 2.0) as usize);
        let half = d.offset(&g, Color::White, &p);
        assert!((half - start / 2.0).abs() < 0.5, "{half}");
        pass_moves(&mut g, p.dynkomi_moves as usize);
        assert_eq!(d.offset(&g, Color::White, &p), 0.0);
        // Even games get no fading extra komi.
        assert_eq!(d.offset(&Game::new(19, 7.5), Color::White, &p), 0.0);
    }

    #[test]
    fn ratchet_climbs_while_far_ahead_and_backs_off_once() {
        let p = Params::default();
        let mut g = handicap_game(2);
        let mut d = DynKomi::default();
        // During the fade the ratchet waits.
        d.record(&g, 0.95, None, &p);
        assert_eq!(d.ratchet, 0.0);
        pass_moves(&mut g, p.dynkomi_moves as usize + 1);
        for _ in 0..3 {
            d.record(&g, 0.95, None, &p);
        }
        assert_eq!(d.offset(&g, Color::Black, &p), 3.0);
        assert_eq!(d.offset(&g, Color::White, &p), -3.0);
        d.record(&g, 0.3, None, &p);
        assert_eq!(d.ratchet, 2.0);
        // Capped where the trouble started: it never climbs past 2 again.
        d.record(&g, 0.95, None, &p);
        d.record(&g, 0.95, None, &p);
        assert_eq!(d.ratchet, 2.0);
        d.reset();
        assert_eq!(d, DynKomi::default());
    }

    #[test]
    fn a_lost_lead_drops_the_ratchet_at_once() {
        let p = Params::default();
        let g = Game::new(19, 7.5);
        let mut d = DynKomi::default();
        for _ in 0..25 {
            d.record(&g, 0.9, Some(40.0), &p);
        }
        assert_eq!(d.offset(&g, Color::Black, &p), 25.0);
        // The playouts still expect 9 points at the real komi: keep half of them.
        d.record(&g, 0.3, Some(9.0), &p);
        assert_eq!(d.offset(&g, Color::Black, &p), 4.0);
        // A lead still larger than the ratchet costs one point, as before.
        for _ in 0..30 {
            d.record(&g, 0.9, Some(40.0), &p);
        }
        assert_eq!(d.ratchet, 24.0, "capped below where the trouble started");
        d.record(&g, 0.5, Some(60.0), &p);
        assert_eq!(d.ratchet, 23.0);
        // No lead left: no komi against us.
        d.record(&g, 0.5, Some(-3.0), &p);
        assert_eq!(d.ratchet, 0.0);
        assert_eq!(d.offset(&g, Color::White, &p), 0.0);
    }

    #[test]
    fn even_games_ratchet_only_when_asked_and_on_large_boards() {
        let mut p = Params {
            dynkomi_even: false,
            ..Params::default()
        };
        let big = Game::new(19, 7.5);
        let small = Game::new(9, 7.0);
        let mut d = DynKomi::default();
        d.record(&big, 0.95, None, &p);
        assert_eq!(d.offset(&big, Color::White, &p), 0.0);
        p.dynkomi_even = true;
        for _ in 0..2 {
            d.record(&big, 0.95, None, &p);
            d.record(&small, 0.95, None, &p);
        }
        // Two climbs on 19x19, none counted on 9x9, and only the big board sees them.
        assert_eq!(d.offset(&big, Color::White, &p), -2.0);
        assert_eq!(d.offset(&big, Color::Black, &p), 2.0);
        assert_eq!(d.offset(&small, Color::White, &p), 0.0);
        d.record(&big, 0.3, None, &p);
        assert_eq!(d.offset(&big, Color::Black, &p), 1.0);
    }
}
