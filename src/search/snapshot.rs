//! What a search reports: the root moves with their statistics and principal variations, the
//! ownership, the counts. Taken at the end of a search or, for analysis, while it runs.

use super::score::{RootScores, Score};
use super::tree::Tree;
use crate::board::{Color, Game, Move};
use std::time::Duration;

/// Longest principal variation reported.
const PV_MAX: usize = 20;

/// Statistics of one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    pub mv: Move,
    pub visits: u32,
    /// Win rate for the side to move, in [0, 1].
    pub winrate: f32,
    /// AMAF (RAVE) playouts of the move and its AMAF win rate.
    pub amaf_visits: u32,
    pub amaf_winrate: f32,
    /// The prior H(d), in [0, 1].
    pub prior: f32,
    /// The move followed by the most-visited line below it.
    pub pv: Vec<Move>,
    /// The final margin of this search's playouts through the move, for the side to move
    /// (the root's when none went through it).
    pub score: Score,
}

impl MoveStat {
    /// A move with just visits and a win rate (no AMAF data, neutral prior, PV = the move).
    pub fn new(mv: Move, visits: u32, winrate: f32) -> MoveStat {
        MoveStat {
            mv,
            visits,
            winrate,
            amaf_visits: 0,
            amaf_winrate: 0.5,
            prior: 0.5,
            pv: vec![mv],
            score: Score::default(),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play: the most visited, pass when there is nothing better.
    pub best: Move,
    /// Win rate of `best` for the side to move, in [0, 1].
    pub winrate: f32,
    /// Playouts run by this search (in a cluster, by all its searchers).
    pub playouts: u64,
    /// Of those, the playouts the other searchers of a cluster ran (0 alone).
    pub peer_playouts: u64,
    /// What trading with the other searchers of a cluster cost (all 0 alone).
    pub trades: super::exchange::TradeStats,
    pub elapsed: Duration,
    /// Root moves with at least one visit, most visited first.
    pub candidates: Vec<MoveStat>,
    /// Legal root moves not visited yet, highest prior first; their win rate is the visit-
    /// weighted mean of the candidates' (what the search expects of an untried move).
    pub untried: Vec<MoveStat>,
    /// Per point (`Point::idx`), the average final owner over the playouts: +1 Black, -1 White.
    pub ownership: Vec<f32>,
    /// Root visits kept from earlier searches (tree reuse).
    pub kept: u64,
    /// The root's visits (kept ones included) and win rate for the side to move.
    pub root_visits: u32,
    pub root_winrate: f32,
    /// The final margin of this search's playouts for the side to move (`None` without any).
    pub root_score: Option<Score>,
    /// Nodes in the tree at the end.
    pub tree_nodes: usize,
    /// Whether the tree reached its memory limit (it then stopped growing).
    pub tree_full: bool,
}

/// The playouts a snapshot reads: ownership sums over `own_playouts` playouts, and score
/// sums, of one thread or all.
pub struct PlayoutSums<'a> {
    pub own: &'a [i32],
    pub own_playouts: f32,
    pub scores: &'a RootScores,
}

/// Reads the root of `tree`, searched for `to_play`, into a result.
pub fn collect(
    tree: &Tree,
    game: &Game,
    to_play: Color,
    tally: &PlayoutSums,
    playouts: u64,
    elapsed: Duration,
) -> SearchResult {
    let root = tree.root();
    let kids = tree.children(root);
    let komi = game.komi();
    let root_score = tally.scores.root.score(komi, to_play);
    let score_of = |i: usize| {
        let own = tally.scores.moves.get(i - kids.start);
        own.and_then(|s| s.score(komi, to_play))
            .or(root_score)
            .unwrap_or_default()
    };
    let mut candidates = Vec::new();
    let mut untried = Vec::new();
    for i in kids.clone() {
        let n = tree.node(i);
        if n.excluded() {
            continue;
        }
        let o = n.online();
        if o.visits == 0 {
            let mut s = MoveStat::new(n.board_move(), 0, 0.5);
            s.prior = n.prior();
            s.score = score_of(i);
            untried.push(s);
            continue;
        }
        let a = n.amaf();
        candidates.push(MoveStat {
            mv: n.board_move(),
            visits: o.visits,
            winrate: o.wins as f32 / o.visits as f32,
            amaf_visits: a.visits,
            amaf_winrate: if a.visits > 0 {
                a.wins as f32 / a.visits as f32
            } else {
                0.5
            },
            prior: n.prior(),
            pv: principal_variation(tree, i),
            score: score_of(i),
        });
    }
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    let visits: f64 = candidates.iter().map(|m| f64::from(m.visits)).sum();
    if visits > 0.0 {
        let mean = candidates
            .iter()
            .map(|m| f64::from(m.visits) * f64::from(m.winrate))
            .sum::<f64>()
            / visits;
        for s in &mut untried {
            s.winrate = mean as f32;
        }
    }
    untried.sort_by(|a, b| b.prior.total_cmp(&a.prior));
    let (best, winrate) = candidates
        .first()
        .map_or((Move::Pass, 0.5), |m| (m.mv, m.winrate));
    let scale = if tally.own_playouts > 0.0 {
        1.0 / tally.own_playouts
    } else {
        0.0
    };
    let ownership = if tally.own.is_empty() {
        vec![0.0; game.board().len()]
    } else {
        tally.own.iter().map(|&x| x as f32 * scale).collect()
    };
    // The root's wins are those of the player who moved into it: the opponent.
    let r = tree.node(root).online();
    let root_winrate = if r.visits > 0 {
        1.0 - r.wins as f32 / r.visits as f32
    } else {
        0.5
    };
    SearchResult {
        best,
        winrate,
        playouts,
        elapsed,
        candidates,
        untried,
        ownership,
        root_visits: r.visits,
        root_winrate,
        root_score,
        ..SearchResult::default()
    }
}

/// The move of node `n` followed by the most-visited child at each step (children with at
/// least two visits).
fn principal_variation(tree: &Tree, mut n: usize) -> Vec<Move> {
    let mut pv = vec![tree.node(n).board_move()];
    while pv.len() < PV_MAX {
        let Some(next) = tree
            .children(n)
            .filter(|&i| tree.node(i).online().visits >= 2)
            .max_by_key(|&i| tree.node(i).online().visits)
        else {
            break;
        };
        pv.push(tree.node(next).board_move());
        n = next;
    }
    pv
}
