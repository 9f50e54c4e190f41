//! How well an order of a position's moves predicts the moves really played there (`moyo
//! book predict`): over the opening positions of some games, the share of the moves played
//! that are among the first `width` children an order gives, which is the hit rate an
//! interior node of that width would have there. One search per distinct position serves
//! every order compared.

use super::evaluator::SearchEvaluator;
use super::order::{OrderWeights, Played, order};
use crate::board::{Color, Game, Move, canonical};
use crate::sgf::GameRecord;
use std::collections::{HashMap, HashSet};

/// What `predict` found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BookPrediction {
    /// Moves predicted (positions met, counted each time).
    pub moves: usize,
    /// Distinct positions (one search each).
    pub distinct: usize,
    /// Per order compared: moves among its first `width` children.
    pub hits: Vec<usize>,
}

/// For the first `plies` moves of each game of `games` on `ev`'s board (no setup stones,
/// no passes) whose player `predicted` accepts, whether the move's position is among the
/// first `width` children of each of `orders` (the moves no order lists follow in board
/// order, as the builder adds them).
pub fn predict(
    ev: &mut SearchEvaluator,
    played: Option<&Played>,
    games: &[GameRecord],
    predicted: impl Fn(&GameRecord, Color) -> bool,
    plies: usize,
    width: usize,
    orders: &[OrderWeights],
) -> BookPrediction {
    let mut out = BookPrediction {
        hits: vec![0; orders.len()],
        ..BookPrediction::default()
    };
    // Position key -> per order, the keys of its first `width` children.
    let mut seen: HashMap<u64, Vec<HashSet<u64>>> = HashMap::new();
    for rec in games {
        if !rec.black_setup.is_empty() || !rec.white_setup.is_empty() {
            continue;
        }
        let mut game = Game::new(rec.size, rec.komi.unwrap_or(0.0));
        for m in rec.moves.iter().take(plies) {
            let Some((c, mv @ Move::Play(_))) = m.board_move(game.board()) else {
                break;
            };
            if predicted(rec, c) {
                let key = canonical(game.board(), c).0;
                let children = seen.entry(key).or_insert_with(|| {
                    out.distinct += 1;
                    let (r, ranked, _) = ev.search(&game, c);
                    orders
                        .iter()
                        .map(|&w| {
                            first_children(
                                &game,
                                c,
                                &order(&game, c, &ranked, &r, played, w),
                                width,
                            )
                        })
                        .collect()
                });
                let child = child_key(&game, c, mv);
                out.moves += 1;
                for (h, set) in out.hits.iter_mut().zip(children.iter()) {
                    *h += child.is_some_and(|k| set.contains(&k)) as usize;
                }
            }
            if game.play(c, mv).is_err() {
                break;
            }
        }
    }
    out
}

/// The canonical key of the position after `color` plays `mv` (`None`: illegal).
fn child_key(game: &Game, color: Color, mv: Move) -> Option<u64> {
    let mut g = game.clone();
    g.play(color, mv).ok()?;
    Some(canonical(g.board(), color.opp()).0)
}

/// The keys of the first `width` distinct positions `moves`, then the other legal moves in
/// board order, lead to.
fn first_children(game: &Game, color: Color, moves: &[Move], width: usize) -> HashSet<u64> {
    let rest = game.board().points().map(Move::Play);
    let mut set = HashSet::new();
    for m in moves.iter().copied().chain(rest) {
        if set.len() >= width {
            break;
        }
        if let Some(k) = child_key(game, color, m) {
            set.insert(k);
        }
    }
    set
}
