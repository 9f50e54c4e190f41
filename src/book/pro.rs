//! Where the built-in professional table covers the board (19x19), the book plays only
//! moves professionals played: its values there come from searches too short to tell
//! opening moves apart, while the search weighs the pro moves through its prior.

use crate::board::{Board, Color, Point};
use crate::params::SizedParams;
use crate::patterns::fuseki::Fuseki;

/// The only moves the book may play in `board`'s position with `color` to play: those
/// professionals played at least `fuseki_book_share` as often as their favourite, in a
/// position they reached `fuseki_known_count` times, and none elsewhere (any with
/// `fuseki_book_unknown`). `None`: any book move may be played (the table is of another
/// size, or its prior term is off, or the position is one pros rarely reached and
/// `fuseki_book_unknown` lets the book choose there).
pub fn pro_moves(board: &Board, color: Color, params: &SizedParams) -> Option<Vec<Point>> {
    let table = Fuseki::builtin();
    if params.prior_fuseki <= 0.0 || table.size() != board.size() {
        return None;
    }
    let mut pro = Vec::new();
    let met = table.lookup(board, color, &mut pro);
    let most = pro.iter().map(|m| m.1).max().unwrap_or(0) as f32;
    let known = met >= params.fuseki_known_count;
    if !known && params.fuseki_book_unknown {
        return None;
    }
    Some(
        pro.into_iter()
            .filter(|&(_, n)| known && n as f32 >= params.fuseki_book_share * most)
            .map(|(p, _)| p)
            .collect(),
    )
}

/// Whether `pro_moves`' answer lets the book play `mv`.
pub fn allowed(pro: &Option<Vec<Point>>, mv: crate::board::Move) -> bool {
    match (pro, mv) {
        (None, _) => true,
        (Some(pro), crate::board::Move::Play(p)) => pro.contains(&p),
        (Some(_), crate::board::Move::Pass) => false,
    }
}
