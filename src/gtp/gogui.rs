//! GoGui's extensions: the analyze commands it shows in its menu (ownership, best moves, the
//! principal variation, graphics, parameters), setup stones, move sequences and multi-move
//! undo, and the `gfx` text also written live on stderr while the engine thinks.

use super::Session;
use super::args::*;
use super::response::{CommandResult, gfx_text};
use crate::board::{Board, Color, Move};
use crate::engine::territory_owner;

/// GoGui's analyze menu (`type/label/command`): only commands that exist.
pub(super) const ANALYZE_COMMANDS: &str = "\
dboard/Ownership/moyo-ownership
pspairs/Visits/moyo-visits %m
sboard/Win rates/moyo-winrates %m
var/Principal variation/moyo-pv %m
gfx/Search/moyo-gfx %m
gfx/Territory/moyo-territory
plist/Dead stones/final_status_list dead
plist/Alive stones/final_status_list alive
hstring/Explain last move/moyo-explain
string/Final score/final_score
string/Estimate score/estimate_score
string/Show board/showboard
param/Parameters/moyo-param
param/Display/moyo-display
none/Print SGF/printsgf";

/// Moves labelled by `moyo-visits` and `moyo-winrates`.
const LABELLED_MOVES: usize = 20;

/// `gogui-analyze_commands`.
pub(super) fn analyze_commands(_: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    Ok(ANALYZE_COMMANDS.to_string())
}

/// `gg-undo [n]`: takes back `n` moves (default 1), all or none.
pub(super) fn gg_undo(s: &mut Session, a: &[String]) -> CommandResult {
    let n = match a {
        [] => 1,
        [n] => integer(n).filter(|&n| n >= 0).ok_or_else(syntax)?,
        _ => return Err(syntax()),
    };
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    s.engine.undo_many(n).map(|_| String::new())
}

/// `gogui-setup <color> <vertex> ...`: setup stones, all or none.
pub(super) fn setup(s: &mut Session, a: &[String]) -> CommandResult {
    if !a.len().is_multiple_of(2) {
        return Err(syntax());
    }
    let mut stones = Vec::with_capacity(a.len() / 2);
    for pair in a.chunks(2) {
        let c = color(&pair[0])?;
        match vertex(s, &pair[1])? {
            Move::Play(p) => stones.push((c, p)),
            Move::Pass => return Err("invalid vertex".into()),
        }
    }
    s.engine.setup(&stones).map(|_| String::new()).map_err(|i| {
        format!(
            "illegal setup stone: {} {}",
            pair_text(&a[2 * i]),
            a[2 * i + 1].to_ascii_uppercase()
        )
    })
}

/// `gogui-setup_player <color>`: the colour to move next.
pub(super) fn setup_player(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color(one_arg(a)?)?;
    s.engine.set_to_play(c);
    Ok(String::new())
}

/// `gogui-play_sequence` (and the older `play_sequence`) `<color> <vertex> ...`: all the
/// moves or none.
pub(super) fn play_sequence(s: &mut Session, a: &[String]) -> CommandResult {
    if !a.len().is_multiple_of(2) {
        return Err(syntax());
    }
    let mut moves = Vec::with_capacity(a.len() / 2);
    for pair in a.chunks(2) {
        moves.push((color(&pair[0])?, vertex(s, &pair[1])?));
    }
    s.engine
        .play_sequence(&moves)
        .map(|_| String::new())
        .map_err(|(i, _)| {
            format!(
                "illegal move: {} {}",
                pair_text(&a[2 * i]),
                a[2 * i + 1].to_ascii_uppercase()
            )
        })
}

/// A colour argument as written back in an error message.
fn pair_text(c: &str) -> String {
    Color::parse(c).map_or_else(|| c.to_string(), |c| c.to_string())
}

/// `moyo-param [name value]`: lists every search parameter in GoGui's `param` format, or sets
/// one (booleans as 1 or 0).
pub(super) fn param(s: &mut Session, a: &[String]) -> CommandResult {
    match a {
        [] => {
            let lines: Vec<String> = s
                .engine
                .describe_params()
                .iter()
                .map(|p| {
                    let value = match p.value.as_str() {
                        "true" => "1",
                        "false" => "0",
                        v => v,
                    };
                    let kind = if p.default == "true" || p.default == "false" {
                        "bool"
                    } else {
                        "string"
                    };
                    format!("[{kind}] {} {value}", p.name)
                })
                .collect();
            Ok(lines.join("\n"))
        }
        [name, value] => {
            let is_bool = s
                .engine
                .describe_params()
                .iter()
                .any(|p| p.name == name && (p.default == "true" || p.default == "false"));
            let value = match (is_bool, value.as_str()) {
                (true, "1") => "true",
                (true, "0") => "false",
                (_, v) => v,
            };
            s.engine.set_param(name, value).map(|_| String::new())
        }
        _ => Err(syntax()),
    }
}

/// `moyo-display [name value]`: what the engine shows on stderr while it thinks, in GoGui's
/// `param` format: `live_gfx` (GoGui's live graphics, `gogui-gfx:` lines) and `progress` (a
/// line a second).
pub(super) fn display(s: &mut Session, a: &[String]) -> CommandResult {
    let flag = |b: bool| if b { 1 } else { 0 };
    match a {
        [] => Ok(format!(
            "[bool] live_gfx {}\n[bool] progress {}",
            flag(s.display.live_gfx),
            flag(s.display.progress)
        )),
        [name, value] => {
            let on = boolean(value)?;
            match name.as_str() {
                "live_gfx" => s.display.live_gfx = on,
                "progress" => s.display.progress = on,
                _ => return Err(format!("unknown setting: {name}")),
            }
            Ok(String::new())
        }
        _ => Err(syntax()),
    }
}

/// An optional colour argument; the side to move when absent.
fn color_or_to_play(s: &Session, a: &[String]) -> Result<Color, String> {
    match a {
        [] => Ok(s.engine.game().to_play()),
        [c] => color(c),
        _ => Err(syntax()),
    }
}

/// A board of one token per point, the top row first (GoGui's `dboard`, `sboard`).
fn board_text(b: &Board, mut token: impl FnMut(Move) -> String) -> String {
    let n = b.size();
    let mut out = String::new();
    for row in (0..n).rev() {
        out.push('\n');
        let cells: Vec<String> = (0..n)
            .map(|col| token(Move::Play(b.point(col, row))))
            .collect();
        out.push_str(&cells.join(" "));
    }
    out
}

/// `moyo-ownership`: the expected final owner of each point, +1 Black .. -1 White (`dboard`).
pub(super) fn ownership(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let own = s.engine.ownership();
    Ok(board_text(s.engine.board(), |m| match m {
        Move::Play(p) => format!("{:.2}", own.get(p.idx()).copied().unwrap_or(0.0)),
        Move::Pass => String::new(),
    }))
}

/// `moyo-territory`: the territory a short search expects (`gfx`): `BLACK` and `WHITE`
/// mark the points each side owns in at least [`TERRITORY_OWNERSHIP`](crate::engine::TERRITORY_OWNERSHIP) of the playouts where
/// it has no stone (empty points, and stones it captures), `TEXT` gives the estimate.
pub(super) fn territory(s: &mut Session, a: &[String]) -> CommandResult {
    no_args(a)?;
    let e = s.engine.estimate().ok_or("cannot score")?;
    let b = s.engine.board();
    let mut sides = [String::from("BLACK"), String::from("WHITE")];
    for p in b.points() {
        let o = e.ownership.get(p.idx()).copied().unwrap_or(0.0);
        let Some(owner) = territory_owner(o) else {
            continue;
        };
        if b.stone(p) != Some(owner) {
            sides[owner.index()].push(' ');
            sides[owner.index()].push_str(&b.point_string(p));
        }
    }
    let lead = e.black.lead;
    let text = if lead >= 0.0 {
        format!("B+{lead:.1}")
    } else {
        format!("W+{:.1}", -lead)
    };
    Ok(format!(
        "{}\n{}\nTEXT estimate {text}, deviation {:.1}",
        sides[0], sides[1], e.black.stdev
    ))
}

/// `moyo-visits [color]`: the most visited moves with their visits (`pspairs`).
pub(super) fn visits(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color_or_to_play(s, a)?;
    let r = s.engine.search_here(c);
    let b = s.engine.board();
    Ok(r.candidates
        .iter()
        .filter(|m| m.mv != Move::Pass)
        .take(LABELLED_MOVES)
        .map(|m| format!("{} {}", b.move_string(m.mv), m.visits))
        .collect::<Vec<_>>()
        .join(" "))
}

/// `moyo-winrates [color]`: the win rates (percent) of the most visited moves (`sboard`).
pub(super) fn winrates(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color_or_to_play(s, a)?;
    let r = s.engine.search_here(c);
    let shown = &r.candidates[..r.candidates.len().min(LABELLED_MOVES)];
    Ok(board_text(s.engine.board(), |m| {
        shown.iter().find(|x| x.mv == m).map_or_else(
            || "\"\"".to_string(),
            |x| format!("{:.0}", x.winrate * 100.0),
        )
    }))
}

/// `moyo-pv [color]`: the principal variation, `color` (default: the side to move) first.
pub(super) fn pv(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color_or_to_play(s, a)?;
    let r = s.engine.search_here(c);
    let b = s.engine.board();
    Ok(r.candidates.first().map_or_else(String::new, |m| {
        m.pv.iter()
            .map(|&x| b.move_string(x))
            .collect::<Vec<_>>()
            .join(" ")
    }))
}

/// `moyo-gfx [color]`: the search as GoGui graphics (`gfx`).
pub(super) fn gfx(s: &mut Session, a: &[String]) -> CommandResult {
    let c = color_or_to_play(s, a)?;
    let r = s.engine.search_here(c);
    Ok(gfx_text(s.engine.board(), c, &r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_commands_exist() {
        for line in ANALYZE_COMMANDS.lines() {
            let parts: Vec<&str> = line.split('/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            let cmd = parts[2].split(' ').next().unwrap();
            assert!(super::super::is_known(cmd), "{line}");
        }
    }
}
