//! Standard fixed handicap points (GTP spec section 4.1.1).

/// Most fixed-handicap stones allowed on a board of `size`: 0 below 7x7, 4 on 7x7 and even
/// sizes, 9 on odd sizes from 9x9.
pub fn max_fixed_handicap(size: usize) -> usize {
    if size < 7 {
        0
    } else if size == 7 || size.is_multiple_of(2) {
        4
    } else {
        9
    }
}

/// The fixed handicap points for `n` stones as 0-based (col, row), in the spec's order, or
/// `None` when `n` is not 2..=max for this size.
pub fn fixed_handicap_points(size: usize, n: usize) -> Option<Vec<(usize, usize)>> {
    if n < 2 || n > max_fixed_handicap(size) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, mid, hi) = (edge, size / 2, size - 1 - edge);
    // The 19x19 order: D4 Q16 D16 Q4, centre for odd counts, then the side points.
    let mut pts = vec![(lo, lo), (hi, hi)];
    if n >= 3 {
        pts.push((lo, hi));
    }
    if n >= 4 {
        pts.push((hi, lo));
    }
    if n >= 6 {
        pts.push((lo, mid));
        pts.push((hi, mid));
    }
    if n >= 8 {
        pts.push((mid, lo));
        pts.push((mid, hi));
    }
    if n % 2 == 1 && n >= 5 {
        pts.push((mid, mid));
    }
    Some(pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::point::vertex_string;

    fn names(size: usize, n: usize) -> Vec<String> {
        fixed_handicap_points(size, n)
            .unwrap()
            .into_iter()
            .map(|(c, r)| vertex_string(c, r))
            .collect()
    }

    #[test]
    fn nineteen_matches_spec() {
        assert_eq!(names(19, 2), ["D4", "Q16"]);
        assert_eq!(names(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(names(19, 6), ["D4", "Q16", "D16", "Q4", "D10", "Q10"]);
        assert_eq!(
            names(19, 8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(names(19, 9).len(), 9);
        assert!(names(19, 9).contains(&"K10".to_string()));
    }

    #[test]
    fn small_and_even_boards() {
        assert_eq!(names(9, 2), ["C3", "G7"]);
        assert_eq!(names(13, 4), ["D4", "K10", "D10", "K4"]);
        assert_eq!(names(7, 4), ["C3", "E5", "C5", "E3"]);
        assert!(fixed_handicap_points(7, 5).is_none());
        assert!(fixed_handicap_points(10, 5).is_none());
        assert!(fixed_handicap_points(5, 2).is_none());
        assert!(fixed_handicap_points(19, 1).is_none());
        assert!(fixed_handicap_points(19, 10).is_none());
    }
}
