//! GNU Go's GTP extensions that GUIs written for GNU Go send: Kigo draws its board from
//! `list_stones`, its hints from `top_moves_black`/`top_moves_white`, its territory from
//! `final_status_list black_territory`, and counts moves, captures and liberties with the
//! others. Each answers in GNU Go's format.

use super::Session;
use super::args::*;
use super::response::CommandResult;
use crate::board::{Color, Move, Point};
use crate::engine::StoneStatus;
use crate::search::SearchResult;

/// Most moves `top_moves` lists.
const TOP_MOVES: usize = 10;

/// `list_stones COLOR`: the vertices of that colour's stones.
pub(super) fn list_stones(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color(one_arg(a)?)?;
    let b = s.engine.board();
    let points: Vec<Point> = b.points().filter(|&p| b.stone(p) == Some(c)).collect();
    Ok(vertices(b, &points))
}

/// `all_legal COLOR`: the points where that colour may play now (ko and superko counted).
pub(super) fn all_legal(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color(one_arg(a)?)?;
    let g = s.engine.game();
    let b = g.board();
    let points: Vec<Point> = b
        .points()
        .filter(|&p| g.legality(c, Move::Play(p)).is_ok())
        .collect();
    Ok(vertices(b, &points))
}

/// `captures COLOR`: the stones that colour has captured.
pub(super) fn captures(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color(one_arg(a)?)?;
    Ok(s.engine.board().captures(c).to_string())
}

/// `findlib VERTEX`: the liberties of the string at the vertex.
pub(super) fn findlib(s: &mut Session, a: &[String]) -> CommandResult {
    let p = stone_at(s, one_arg(a)?)?;
    let b = s.engine.board();
    let libs: Vec<Point> = b.string_libs(p).iter().collect();
    Ok(vertices(b, &libs))
}

/// `move_history`: the moves played, the last first, a `color vertex` line each.
pub(super) fn move_history(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let b = s.engine.board();
    Ok(s.engine
        .game()
        .moves()
        .iter()
        .rev()
        .map(|&(c, m)| format!("{c} {}", b.move_string(m)))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `final_status VERTEX`: `alive`, `dead` or `seki` for a stone; `black_territory`,
/// `white_territory` or `dame` for an empty point.
pub(super) fn final_status(s: &mut Session, a: &[String]) -> CommandResult {
    let Move::Play(p) = vertex(s, one_arg(a)?)? else {
        return Err(syntax());
    };
    if s.engine.board().stone(p).is_some() {
        for kind in [StoneStatus::Dead, StoneStatus::Seki] {
            if s.engine.final_status_list(kind).contains(&p) {
                return Ok(status_name(kind).into());
            }
        }
        return Ok("alive".into());
    }
    let owner = s
        .engine
        .territory()
        .into_iter()
        .find(|&(q, _)| q == p)
        .and_then(|(_, o)| o);
    Ok(territory_name(owner).into())
}

/// `final_status_list black_territory|white_territory|dame`: the empty points of one kind
/// (the stone kinds are `final_status_list`'s own).
pub(super) fn territory_list(s: &mut Session, kind: &str) -> Option<CommandResult> {
    let owner = match kind {
        "black_territory" => Some(Color::Black),
        "white_territory" => Some(Color::White),
        "dame" => None,
        _ => return None,
    };
    let points: Vec<Point> = s
        .engine
        .territory()
        .into_iter()
        .filter(|&(_, o)| o == owner)
        .map(|(p, _)| p)
        .collect();
    Some(Ok(vertices(s.engine.board(), &points)))
}

/// `top_moves_black`, `top_moves_white`: a search for that colour (as long as a move would
/// take; nothing is played), then its best moves as `vertex value` pairs, the value the
/// move's win rate in percent.
pub(super) fn top_moves_for(s: &mut Session, a: &[String], c: Color) -> CommandResult {
    no_args(a)?;
    let r = s.engine.search_here(c);
    Ok(top_moves_text(s, &r))
}

/// `top_moves`: the best moves of the last move generation, as `top_moves_black` gives
/// them; empty before one.
pub(super) fn top_moves(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let Some(r) = s.engine.last_generated().cloned() else {
        return Ok(String::new());
    };
    Ok(top_moves_text(s, &r))
}

/// The most visited moves (not pass) with at least a twentieth of the best one's visits.
fn top_moves_text(s: &Session, r: &SearchResult) -> String {
    let b = s.engine.board();
    let most = r.candidates.first().map_or(0, |m| u64::from(m.visits));
    r.candidates
        .iter()
        .filter(|m| m.mv != Move::Pass && m.visits > 0 && u64::from(m.visits) * 20 >= most)
        .take(TOP_MOVES)
        .map(|m| format!("{} {:.1}", b.move_string(m.mv), 100.0 * m.winrate))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A vertex that holds a stone.
fn stone_at(s: &Session, v: &str) -> Result<Point, String> {
    match vertex(s, v)? {
        Move::Play(p) if s.engine.board().stone(p).is_some() => Ok(p),
        _ => Err("vertex must not be empty".into()),
    }
}

fn status_name(kind: StoneStatus) -> &'static str {
    match kind {
        StoneStatus::Alive => "alive",
        StoneStatus::Dead => "dead",
        StoneStatus::Seki => "seki",
    }
}

fn territory_name(owner: Option<Color>) -> &'static str {
    match owner {
        Some(Color::Black) => "black_territory",
        Some(Color::White) => "white_territory",
        None => "dame",
    }
}
