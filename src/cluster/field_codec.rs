//! The fields of the messages between the ranks, little-endian: numbers, colours, moves,
//! text after its length, parameter sets as `name = value` text; and the `FieldReader`
//! that takes them apart, every read an error past the end, never a panic.

use crate::board::{Color, Move, Point};
use crate::params::Params;
use crate::sys::bytes::ByteReader;

/// The byte of a colour or none: 0 none, 1 Black, 2 White.
pub fn color_byte(c: Option<Color>) -> u8 {
    match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

/// The colour or none of a `color_byte`; an error for any other byte.
pub fn byte_color(b: u8) -> Result<Option<Color>, String> {
    match b {
        0 => Ok(None),
        1 => Ok(Some(Color::Black)),
        2 => Ok(Some(Color::White)),
        _ => Err(format!("bad colour {b}")),
    }
}

/// The u16 of a move: the point's index, `u16::MAX` for a pass.
pub fn put_move(out: &mut Vec<u8>, m: Move) {
    let v = match m {
        Move::Pass => u16::MAX,
        Move::Play(p) => p.0,
    };
    out.extend_from_slice(&v.to_le_bytes());
}

/// Appends `text` after its length (u32).
pub fn put_str(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
}

/// Appends every parameter as `name = value` text (`put_str`).
pub fn put_params(out: &mut Vec<u8>, params: &Params) {
    let text: String = params
        .describe()
        .iter()
        .map(|i| format!("{} = {}\n", i.name, i.value))
        .collect();
    put_str(out, &text);
}

/// Reads the fields of a message: the numbers and text of `ByteReader` (through `Deref`),
/// and moves and parameter sets; every read fails past its end.
pub struct FieldReader<'a>(ByteReader<'a>);

impl<'a> FieldReader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> FieldReader<'a> {
        FieldReader(ByteReader::new(bytes))
    }

    /// A move written by `put_move` (whether its point is on a board is the caller's
    /// to check).
    pub fn mv(&mut self) -> Result<Move, String> {
        Ok(match self.u16()? {
            u16::MAX => Move::Pass,
            p => Move::Play(Point(p)),
        })
    }

    /// Parameters written by `put_params` (each must be known and in range).
    pub fn params(&mut self) -> Result<Params, String> {
        let text = self.str()?;
        let mut params = Params::default();
        params
            .apply_text(&text)
            .map_err(|(line, e)| format!("parameter line {line}: {e}"))?;
        Ok(params)
    }
}

impl<'a> std::ops::Deref for FieldReader<'a> {
    type Target = ByteReader<'a>;
    fn deref(&self) -> &ByteReader<'a> {
        &self.0
    }
}

impl std::ops::DerefMut for FieldReader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// A work item's outcome as bytes: 0 and the result, written by `put_ok`, or 1 and why the
/// follower could not do the work.
pub fn put_outcome<T>(
    outcome: &Result<T, String>,
    put_ok: impl FnOnce(&mut Vec<u8>, &T),
) -> Vec<u8> {
    let mut out = Vec::new();
    match outcome {
        Ok(v) => {
            out.push(0);
            put_ok(&mut out, v);
        }
        Err(e) => {
            out.push(1);
            put_str(&mut out, e);
        }
    }
    out
}

/// Reads an outcome written by `put_outcome`, the result by `read_ok`: the outer error says
/// the bytes are bad, the inner one is the follower's.
pub fn read_outcome<T>(
    body: &[u8],
    read_ok: impl FnOnce(&mut FieldReader) -> Result<T, String>,
) -> Result<Result<T, String>, String> {
    let mut r = FieldReader::new(body);
    let outcome = match r.u8()? {
        0 => Ok(read_ok(&mut r)?),
        1 => Err(r.str()?),
        k => return Err(format!("bad outcome kind {k}")),
    };
    r.end()?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_back_and_never_past_the_end() {
        let mut out = vec![color_byte(Some(Color::White)), 7];
        out.extend_from_slice(&0.25f64.to_le_bytes());
        put_str(&mut out, "gnugo --mode gtp");
        let params = Params {
            uct_c: 0.75,
            ..Params::default()
        };
        put_params(&mut out, &params);
        put_move(&mut out, Move::Pass);
        put_move(&mut out, Move::Play(Point(23)));
        let mut r = FieldReader::new(&out);
        assert_eq!(byte_color(r.u8().unwrap()), Ok(Some(Color::White)));
        assert_eq!(r.u8(), Ok(7));
        assert_eq!(r.f64(), Ok(0.25));
        assert_eq!(r.str().as_deref(), Ok("gnugo --mode gtp"));
        assert_eq!(r.params(), Ok(params));
        assert_eq!(r.mv(), Ok(Move::Pass));
        assert_eq!(r.mv(), Ok(Move::Play(Point(23))));
        assert_eq!(r.end(), Ok(()));
        assert!(r.u8().is_err() && r.u64().is_err() && r.str().is_err() && r.mv().is_err());
        assert!(byte_color(3).is_err());
        // A length past the end, text that is not UTF-8, an unknown parameter.
        let mut r = FieldReader::new(&[0xff, 0xff, 0xff, 0xff, b'a']);
        assert!(r.str().is_err());
        let mut bad = Vec::new();
        bad.extend_from_slice(&2u32.to_le_bytes());
        bad.extend_from_slice(&[0xc3, 0x28]);
        assert!(FieldReader::new(&bad).str().is_err());
        let mut unknown = Vec::new();
        put_str(&mut unknown, "no_such_parameter = 1\n");
        assert!(FieldReader::new(&unknown).params().is_err());
        assert!(FieldReader::new(&[1, 2]).end().is_err(), "bytes left over");
    }
}
