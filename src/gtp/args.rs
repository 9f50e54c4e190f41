//! Reading command arguments: numbers, colours, vertices, and the texts of common answers.
//! Every reader refuses what it cannot read with the message GTP expects.

use super::Session;
use crate::board::{Board, Color, Move, Point, VertexError};
use crate::engine::GenMove;

/// The answer to arguments that cannot be read.
pub(super) fn syntax() -> String {
    "syntax error".into()
}

/// No arguments at all.
pub(super) fn no_args(a: &[String]) -> Result<(), String> {
    if a.is_empty() { Ok(()) } else { Err(syntax()) }
}

/// Exactly one argument.
pub(super) fn one_arg(a: &[String]) -> Result<&str, String> {
    match a {
        [x] => Ok(x),
        _ => Err(syntax()),
    }
}

/// An integer of any size (saturating) with an optional sign; `None` if not an integer.
pub(super) fn integer(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some(if neg { -v } else { v })
}

/// A count: a non-negative integer (`5` or `5.0`), saturating at `u32::MAX`.
pub(super) fn count(s: &str) -> Option<u32> {
    if let Some(v) = integer(s) {
        return (v >= 0).then(|| v.min(i64::from(u32::MAX)) as u32);
    }
    let f = finite(s)?;
    (f >= 0.0 && f.fract() == 0.0).then(|| f.min(f64::from(u32::MAX)) as u32)
}

/// A finite number.
pub(super) fn finite(s: &str) -> Option<f64> {
    // Only plain decimal notation (Rust would also read `inf` and `NaN`).
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b))
    {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A non-negative number of seconds.
pub(super) fn seconds(s: &str) -> Result<f64, String> {
    finite(s).filter(|&v| v >= 0.0).ok_or_else(syntax)
}

/// A switch: `1`, `true`, `0` or `false`.
pub(super) fn boolean(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(syntax()),
    }
}

/// A colour (`b`, `black`, `w`, `white`, any case).
pub(super) fn color(s: &str) -> Result<Color, String> {
    Color::parse(s).ok_or_else(|| "invalid color".to_string())
}

/// A vertex or `pass` on the current board.
pub(super) fn vertex(s: &Session, v: &str) -> Result<Move, String> {
    s.engine.board().parse_move(v).map_err(|e| match e {
        VertexError::Syntax | VertexError::OffBoard => "invalid vertex".to_string(),
    })
}

/// Points as a space-separated vertex list.
pub(super) fn vertices(b: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| b.point_string(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text of a move generation's answer: a vertex, `pass` or `resign`.
pub(super) fn gen_text(b: &Board, g: GenMove) -> String {
    match g {
        GenMove::Play(m) => b.move_string(m),
        GenMove::Resign => "resign".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(integer("19"), Some(19));
        assert_eq!(integer("-3"), Some(-3));
        assert_eq!(integer("+3"), Some(3));
        assert_eq!(integer("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(integer("9.5"), None);
        assert_eq!(integer(""), None);
        assert_eq!(integer("-"), None);
        assert_eq!(count("5.0"), Some(5));
        assert_eq!(count("-1"), None);
        assert_eq!(count("1e99"), Some(u32::MAX));
        assert_eq!(finite("7.5"), Some(7.5));
        assert_eq!(finite("-0.5"), Some(-0.5));
        assert_eq!(finite("inf"), None);
        assert_eq!(finite("NaN"), None);
        assert_eq!(finite("1e999"), None);
        assert_eq!(finite("0x10"), None);
        assert!(seconds("-1").is_err());
    }
}
