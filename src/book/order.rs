//! The order in which a position's moves enter the book: a prediction of the move the
//! opponent plays there, so that the book is deep where opponents really go. Three
//! predictors, each a probability over the legal moves, are mixed with weights the book
//! stores: the moves really played in the position (SGF records of matches, and on 19x19 the
//! professional openings of the fuseki table, counted by canonical position), the share of
//! the evaluation search's visits, and the learned-pattern probabilities. The move whose win
//! rate is the position's value always comes first.

use crate::board::{Board, Color, Game, Move, Point};
use crate::patterns::{self, Gammas, Recent, fuseki::Fuseki};
use crate::search::SearchResult;
use std::path::PathBuf;

/// Weights of the three predictors of the children's order; all 0: the evaluation's own
/// ranking (`rank_for_book`) alone, the order of books of format 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderWeights {
    /// The share a move has of the moves played in the position in the records.
    pub played: f32,
    /// The share a move has of the evaluation search's visits.
    pub visits: f32,
    /// The move's learned-pattern probability among the legal moves.
    pub pattern: f32,
}

impl OrderWeights {
    /// The evaluation's ranking alone.
    pub const RANKED: OrderWeights = OrderWeights {
        played: 0.0,
        visits: 0.0,
        pattern: 0.0,
    };

    /// Whether the evaluation's ranking alone orders the moves.
    pub fn is_ranked(&self) -> bool {
        self.played <= 0.0 && self.visits <= 0.0 && self.pattern <= 0.0
    }

    /// Parses `played,visits,pattern`, three weights of at least 0.
    pub fn parse(s: &str) -> Option<OrderWeights> {
        let v: Vec<f32> = s
            .split(',')
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        match v[..] {
            [played, visits, pattern] if v.iter().all(|x| x.is_finite() && *x >= 0.0) => {
                Some(OrderWeights {
                    played,
                    visits,
                    pattern,
                })
            }
            _ => None,
        }
    }
}

impl Default for OrderWeights {
    /// An even mixture of the three predictors.
    fn default() -> Self {
        OrderWeights {
            played: 1.0,
            visits: 1.0,
            pattern: 1.0,
        }
    }
}

impl std::fmt::Display for OrderWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{},{},{}", self.played, self.visits, self.pattern)
    }
}

/// Opening moves of the first plies of game records of one board size.
pub const PLAYED_PLIES: usize = 30;

/// The moves really played in opening positions, by canonical position: a table counted
/// from SGF records and, on the board the built-in fuseki table covers (19x19), that table
/// of professional games.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// The table counted from the records (none without records).
    records: Option<Fuseki>,
    /// Whether the built-in table is of this size and looked up too.
    builtin: bool,
    /// Games the records held (of every size).
    pub games: usize,
}

impl Played {
    /// The moves of the first [`PLAYED_PLIES`] plies of the games of `files` on a board of
    /// `size`, with the built-in professional table when it is of that size.
    pub fn from_files(files: &[PathBuf], size: usize) -> Result<Played, String> {
        let mut p = Played {
            builtin: Fuseki::builtin().size() == size,
            ..Played::default()
        };
        if !files.is_empty() {
            let t = Fuseki::extract(files, Some(size), usize::MAX, PLAYED_PLIES, 1)?;
            p.games = t.meta("games").and_then(|g| g.parse().ok()).unwrap_or(0);
            p.records = Some(t);
        }
        Ok(p)
    }

    fn tables(&self) -> impl Iterator<Item = &Fuseki> {
        let builtin = self.builtin.then(Fuseki::builtin);
        self.records.iter().chain(builtin)
    }

    /// Positions held, over both tables.
    pub fn positions(&self) -> usize {
        self.tables().map(Fuseki::positions).sum()
    }

    /// Each move played in `board`'s position with `to_move` to play, with its share of the
    /// moves played there (empty when no table holds the position). In a symmetric position
    /// every image of a move played gets that move's share: each leads to the same position.
    pub fn shares(&self, board: &Board, to_move: Color) -> Vec<(Point, f32)> {
        let mut counts: Vec<(Point, u32)> = Vec::new();
        let mut found = Vec::new();
        let mut met = 0;
        for t in self.tables() {
            met += t.lookup(board, to_move, &mut found);
            for &(p, n) in &found {
                match counts.iter_mut().find(|(q, _)| *q == p) {
                    Some(c) => c.1 += n,
                    None => counts.push((p, n)),
                }
            }
        }
        counts
            .into_iter()
            .map(|(p, n)| (p, n as f32 / met.max(1) as f32))
            .collect()
    }
}

/// The learned-pattern probability of each legal move of `to_play` in `game` (the pass
/// left out), as (point, probability).
pub fn pattern_probabilities(game: &Game, to_play: Color) -> Vec<(Point, f32)> {
    let b = game.board();
    let moves = game.moves();
    let recent = Recent {
        last: moves.last().map(|m| m.1),
        prev: moves.len().checked_sub(2).map(|i| moves[i].1),
    };
    let gammas = Gammas::builtin();
    let mut v: Vec<(Point, f32)> = b
        .points()
        .filter(|&p| game.legality(to_play, Move::Play(p)).is_ok())
        .map(|p| (p, patterns::move_log_gamma(b, to_play, p, recent, gammas)))
        .collect();
    let max = v.iter().map(|x| x.1).fold(f32::NEG_INFINITY, f32::max);
    let sum: f32 = v.iter().map(|x| (x.1 - max).exp()).sum();
    for x in &mut v {
        x.1 = (x.1 - max).exp() / sum;
    }
    v
}

/// The order of the moves of `to_play` in `game` for the book: `ranked` (the evaluation's
/// ranking, whose first move gives the value) when the weights say so; otherwise that first
/// move, then every legal move by the weighted sum of its three predictions, `played`
/// looked up in `table`, the visits taken from the search `r` (ties: the ranking's order).
pub fn order(
    game: &Game,
    to_play: Color,
    ranked: &[Move],
    r: &SearchResult,
    table: Option<&Played>,
    w: OrderWeights,
) -> Vec<Move> {
    let visits: Vec<(Move, u32)> = r.candidates.iter().map(|m| (m.mv, m.visits)).collect();
    order_by_visits(game, to_play, ranked, &visits, table, w)
}

/// [`order`] with the search's root moves given as (move, visits), in the search's order.
pub fn order_by_visits(
    game: &Game,
    to_play: Color,
    ranked: &[Move],
    visits: &[(Move, u32)],
    table: Option<&Played>,
    w: OrderWeights,
) -> Vec<Move> {
    if w.is_ranked() {
        return ranked.to_vec();
    }
    let board = game.board();
    let total: f32 = visits.iter().map(|m| m.1 as f32).sum();
    let played = table.map_or(Vec::new(), |t| t.shares(board, to_play));
    let rank_of = |m: Move| ranked.iter().position(|&x| x == m).unwrap_or(usize::MAX);
    let mut scored: Vec<(f32, usize, Move)> = pattern_probabilities(game, to_play)
        .into_iter()
        .map(|(p, pattern)| {
            let m = Move::Play(p);
            let visits = visits
                .iter()
                .find(|c| c.0 == m)
                .map_or(0.0, |c| c.1 as f32 / total.max(1.0));
            let share = played.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
            let score = w.played * share + w.visits * visits + w.pattern * pattern;
            (score, rank_of(m), m)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let first = ranked.first().copied();
    first
        .into_iter()
        .chain(
            scored
                .into_iter()
                .map(|x| x.2)
                .filter(|&m| Some(m) != first),
        )
        .collect()
}
