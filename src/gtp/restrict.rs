//! The `avoid` and `allow` options of the analysis commands (KataGo's and Leela Zero's
//! syntax): `avoid COLOUR VERTICES UNTILDEPTH` and `allow COLOUR VERTICES UNTILDEPTH`, the
//! vertices comma-separated (`avoid b D4,Q16 1`; `pass` may be listed). `avoid` may be
//! repeated, for either colour; `allow` at most once a colour, and not with an `avoid` of
//! the same colour (KataGo refuses the mix). They become the search's `MoveFilter`.

use super::args::{count, syntax};
use crate::board::{Board, Color, Move};
use crate::search::MoveFilter;

/// Deepest `UNTILDEPTH` kept (deeper ones bar the moves as deep as this).
const MAX_DEPTH: u32 = 1000;

/// Whether a clause avoids or allows its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ClauseKind {
    Avoid,
    Allow,
}

/// The `avoid` and `allow` clauses of one command, read so far.
#[derive(Debug, Default)]
pub(super) struct Clauses {
    /// (kind, colour, moves, until depth), in the order given.
    list: Vec<(ClauseKind, Color, Vec<Move>, u16)>,
}

impl Clauses {
    /// Reads one clause's three words (after `avoid` or `allow`) for board `b`.
    pub(super) fn read(
        &mut self,
        kind: ClauseKind,
        b: &Board,
        colour: &str,
        vertices: &str,
        depth: &str,
    ) -> Result<(), String> {
        let c = Color::parse(colour).ok_or_else(|| format!("invalid color: {colour}"))?;
        let mut moves = Vec::new();
        for v in vertices.split(',').filter(|v| !v.is_empty()) {
            moves.push(
                b.parse_move(v)
                    .map_err(|_| format!("invalid vertex: {v}"))?,
            );
        }
        if moves.is_empty() {
            return Err(syntax());
        }
        let depth = count(depth)
            .filter(|&d| d >= 1)
            .ok_or_else(|| format!("invalid depth: {depth}"))?;
        let same = |k: ClauseKind| self.list.iter().any(|&(k2, c2, ..)| k2 == k && c2 == c);
        if kind == ClauseKind::Allow && same(ClauseKind::Allow) {
            return Err("allow given twice for one color".into());
        }
        if (kind == ClauseKind::Allow && same(ClauseKind::Avoid))
            || (kind == ClauseKind::Avoid && same(ClauseKind::Allow))
        {
            return Err("allow and avoid for the same color".into());
        }
        self.list
            .push((kind, c, moves, depth.min(MAX_DEPTH) as u16));
        Ok(())
    }

    /// The filter of the clauses for board `b`; `None` without any.
    pub(super) fn filter(&self, b: &Board) -> Option<MoveFilter> {
        if self.list.is_empty() {
            return None;
        }
        let mut f = MoveFilter::new(b.len());
        for (kind, c, moves, depth) in &self.list {
            match kind {
                ClauseKind::Avoid => f.avoid(*c, moves, *depth),
                ClauseKind::Allow => f.allow(*c, moves, *depth),
            }
        }
        Some(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_read_and_refuse() {
        let b = Board::new(9);
        let mv = |v: &str| b.parse_move(v).unwrap();
        let mut c = Clauses::default();
        assert!(c.filter(&b).is_none());
        c.read(ClauseKind::Avoid, &b, "b", "D4,e5,", "1").unwrap();
        c.read(ClauseKind::Avoid, &b, "black", "C3", "3").unwrap();
        c.read(ClauseKind::Allow, &b, "W", "pass,G7", "2").unwrap();
        let f = c.filter(&b).unwrap();
        assert!(f.bars(Color::Black, mv("D4"), 1) && f.bars(Color::Black, mv("E5"), 1));
        assert!(!f.bars(Color::Black, mv("D4"), 2) && f.bars(Color::Black, mv("C3"), 3));
        assert!(!f.bars(Color::White, mv("G7"), 2) && !f.bars(Color::White, Move::Pass, 1));
        assert!(f.bars(Color::White, mv("D4"), 2));
        for (kind, colour, vertices, depth) in [
            (ClauseKind::Avoid, "green", "D4", "1"),
            (ClauseKind::Avoid, "b", "Z9", "1"),
            (ClauseKind::Avoid, "b", "D4", "0"),
            (ClauseKind::Avoid, "b", "D4", "-1"),
            (ClauseKind::Avoid, "b", "D4", "x"),
            (ClauseKind::Avoid, "b", ",", "1"),
            (ClauseKind::Allow, "w", "D4", "1"),
            (ClauseKind::Avoid, "w", "D4", "1"),
        ] {
            let before = c.list.len();
            assert!(c.read(kind, &b, colour, vertices, depth).is_err());
            assert_eq!(c.list.len(), before, "{colour} {vertices} {depth}");
        }
        let mut d = Clauses::default();
        d.read(ClauseKind::Avoid, &b, "b", "D4", "1").unwrap();
        assert!(d.read(ClauseKind::Allow, &b, "b", "E5", "1").is_err());
        d.read(ClauseKind::Allow, &b, "w", "E5", "99999").unwrap();
        assert_eq!(d.filter(&b).unwrap().depth(), MAX_DEPTH as usize);
    }
}
