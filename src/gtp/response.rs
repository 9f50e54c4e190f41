//! Writing GTP responses: `=` or `?`, the id, always a space, the text, one empty line.
//! The text is cleaned so the framing can never break: no empty line inside, no `#` (kgsGtp
//! would cut the rest of the line), no control characters.

use crate::board::{Board, Color, Move};
use crate::search::SearchResult;
use std::fmt::Write as _;

/// A command's answer, or the reason it was refused.
pub(super) type CommandResult = Result<String, String>;

/// The full response to a command.
pub fn format(id: Option<&str>, ok: bool, body: &str) -> String {
    let mut s = String::with_capacity(body.len() + 8);
    s.push(if ok { '=' } else { '?' });
    if let Some(id) = id {
        s.push_str(id);
    }
    s.push(' ');
    s.push_str(&clean(body));
    s.push_str("\n\n");
    s
}

/// The body with empty and blank lines dropped (a leading line break is kept: multi-line
/// answers such as `showboard` start on their own line), trailing white space removed, `#`
/// and control characters other than line feeds left out (tabs become spaces).
pub fn clean(body: &str) -> String {
    let mut text = String::with_capacity(body.len());
    for ch in body.chars() {
        match ch {
            '#' | '\r' => {}
            '\t' => text.push(' '),
            '\n' => text.push('\n'),
            c if c.is_control() => {}
            c => text.push(c),
        }
    }
    let leading_break = text.starts_with('\n');
    let lines: Vec<&str> = text
        .split('\n')
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut out = String::with_capacity(text.len() + 1);
    if leading_break && !lines.is_empty() {
        out.push('\n');
    }
    out.push_str(&lines.join("\n"));
    out
}

/// Alternatives labelled in the `gfx` view besides the principal variation.
const GFX_LABELS: usize = 8;

/// Smallest ownership the `gfx` view shows.
const GFX_MIN_OWNERSHIP: f32 = 0.1;

/// GoGui `gfx` commands for a search of `b` for `color`, one a line: the ownership
/// (`INFLUENCE`), the principal variation (`VAR`), the win rates of the other good moves
/// (`LABEL`) and a summary (`TEXT`).
pub(super) fn gfx_text(b: &Board, color: Color, r: &SearchResult) -> String {
    let mut out = String::new();
    let mut influence = String::new();
    for p in b.points() {
        let o = r.ownership.get(p.idx()).copied().unwrap_or(0.0);
        if o.abs() >= GFX_MIN_OWNERSHIP {
            let _ = write!(influence, " {} {:.2}", b.point_string(p), o);
        }
    }
    if !influence.is_empty() {
        let _ = writeln!(out, "INFLUENCE{influence}");
    }
    if let Some(best) = r.candidates.first() {
        out.push_str("VAR");
        let mut c = color;
        for &m in &best.pv {
            let side = if c == Color::Black { "b" } else { "w" };
            let _ = write!(out, " {side} {}", b.move_string(m));
            c = c.opp();
        }
        out.push('\n');
        let labels: Vec<String> = r.candidates[1..]
            .iter()
            .filter(|m| m.mv != Move::Pass && !best.pv.contains(&m.mv))
            .take(GFX_LABELS)
            .map(|m| format!("{} {:.0}", b.move_string(m.mv), m.winrate * 100.0))
            .collect();
        if !labels.is_empty() {
            let _ = writeln!(out, "LABEL {}", labels.join(" "));
        }
        let _ = write!(
            out,
            "TEXT {color} {} {:.1}%, {} visits of {} playouts",
            b.move_string(best.mv),
            best.winrate * 100.0,
            best.visits,
            r.playouts
        );
    } else {
        let _ = write!(out, "TEXT {} playouts", r.playouts);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MoveStat;

    #[test]
    fn gfx_of_a_search() {
        let b = Board::new(5);
        let d4 = b.parse_move("D4").unwrap();
        let c3 = b.parse_move("C3").unwrap();
        let mut best = MoveStat::new(d4, 10, 0.6);
        best.pv = vec![d4, c3, Move::Pass];
        let mut r = SearchResult {
            candidates: vec![best, MoveStat::new(b.parse_move("B2").unwrap(), 3, 0.4)],
            ownership: vec![0.0; b.len()],
            playouts: 13,
            ..SearchResult::default()
        };
        if let Move::Play(p) = c3 {
            r.ownership[p.idx()] = -0.5;
        }
        let text = gfx_text(&b, Color::White, &r);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "INFLUENCE C3 -0.50");
        assert_eq!(lines[1], "VAR w D4 b C3 w pass");
        assert_eq!(lines[2], "LABEL B2 40");
        assert_eq!(lines[3], "TEXT white D4 60.0%, 10 visits of 13 playouts");
    }

    #[test]
    fn framing() {
        assert_eq!(format(None, true, ""), "= \n\n");
        assert_eq!(format(Some("12"), true, "D4"), "=12 D4\n\n");
        assert_eq!(
            format(Some("3"), false, "illegal move"),
            "?3 illegal move\n\n"
        );
        assert_eq!(format(None, true, "a\nb\n"), "= a\nb\n\n");
        assert_eq!(
            format(None, true, "\n  A B\n 1 . .\n"),
            "= \n  A B\n 1 . .\n\n"
        );
    }

    #[test]
    fn cleaning() {
        assert_eq!(clean("a\n\n\nb"), "a\nb");
        assert_eq!(clean("a\n   \nb  \n"), "a\nb");
        assert_eq!(clean("x#y"), "xy");
        assert_eq!(clean("a\r\nb\x00\tc"), "a\nb c");
        assert_eq!(clean("\n\n"), "");
        assert_eq!(clean("\n\nboard"), "\nboard");
    }
}
