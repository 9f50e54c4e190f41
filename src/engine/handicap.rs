//! Where to put free handicap stones: the fixed layout when the number fits, otherwise the
//! largest fixed layout and then, one at a time, the point of the playing area farthest from
//! every stone placed so far. Stops early (fewer stones) when the stones would crowd.

use crate::board::{fixed_handicap_points, max_fixed_handicap};

/// Up to `n` distinct free handicap points for a board of `size`, as 0-based (col, row).
pub fn free_handicap_points(size: usize, n: usize) -> Vec<(usize, usize)> {
    if let Some(p) = fixed_handicap_points(size, n) {
        return p;
    }
    let mut chosen = fixed_handicap_points(size, max_fixed_handicap(size)).unwrap_or_default();
    chosen.truncate(n);
    // The playing area: third line and up on real boards, second line on small ones.
    let edge = match size {
        9.. => 2,
        5..=8 => 1,
        _ => 0,
    };
    // Squared distance below which a new stone would crowd the others.
    let min_d2 = if size >= 9 { 4 } else { 2 };
    let centre2 = (size - 1) as i64; // twice the centre coordinate
    let area: Vec<(usize, usize)> = (edge..size.saturating_sub(edge))
        .flat_map(|r| (edge..size.saturating_sub(edge)).map(move |c| (c, r)))
        .collect();
    while chosen.len() < n {
        let mut best: Option<((i64, i64), (usize, usize))> = None;
        for &p in &area {
            if chosen.contains(&p) {
                continue;
            }
            let d = chosen
                .iter()
                .map(|&q| dist2(p, q))
                .min()
                .unwrap_or(i64::MAX);
            // Ties: nearer the centre first (the first stone of a small board goes there).
            let dc = (2 * p.0 as i64 - centre2).pow(2) + (2 * p.1 as i64 - centre2).pow(2);
            let key = (d, -dc);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, p));
            }
        }
        match best {
            Some(((d, _), p)) if chosen.is_empty() || d >= min_d2 => chosen.push(p),
            _ => break,
        }
    }
    chosen
}

fn dist2(a: (usize, usize), b: (usize, usize)) -> i64 {
    let dx = a.0 as i64 - b.0 as i64;
    let dy = a.1 as i64 - b.1 as i64;
    dx * dx + dy * dy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(size: usize, n: usize) -> Vec<(usize, usize)> {
        let p = free_handicap_points(size, n);
        assert!(p.len() <= n);
        for (i, a) in p.iter().enumerate() {
            assert!(a.0 < size && a.1 < size);
            assert!(!p[i + 1..].contains(a), "repeat {a:?} for {size}/{n}");
        }
        p
    }

    #[test]
    fn fixed_layout_when_it_fits() {
        assert_eq!(check(19, 4), fixed_handicap_points(19, 4).unwrap());
        assert_eq!(check(9, 9), fixed_handicap_points(9, 9).unwrap());
    }

    #[test]
    fn more_than_nine_spreads_out() {
        let p = check(19, 13);
        assert_eq!(p.len(), 13);
        assert_eq!(p[..9], fixed_handicap_points(19, 9).unwrap()[..]);
        for a in &p {
            assert!(
                (2..=16).contains(&a.0) && (2..=16).contains(&a.1),
                "{a:?} on the edge"
            );
        }
        // Even boards: the fixed four, then more.
        assert_eq!(check(10, 6).len(), 6);
    }

    #[test]
    fn small_and_absurd() {
        for size in 2..=25 {
            for n in [2, 3, 5, 10, 40, size * size - 1] {
                let p = check(size, n);
                assert!(p.len() >= 2.min(n) || size < 3, "{size}/{n}: {p:?}");
            }
        }
        assert_eq!(check(5, 2).len(), 2);
        assert!(check(19, 360).len() < 100, "stones never crowd");
    }
}
