//! Step 1c, capturing races around the last move (`race_rate`, on by default, on the boards
//! from `race_min_size` to `race_max_size`, 9x9 to 12x12: part of the small-board bundle; on
//! 19x19 it won self-play but lost games against GNU Go): when the opponent's move touches an
//! own string that is short of liberties, an enemy string next to that string with two
//! liberties, which an atari would capture, is ataried, the biggest first. The string
//! ataried need not touch the last move: a race is often decided by a string one step
//! further off, such as a surrounded group whose shared liberty the surrounding string must
//! fill before the group's own eyes or nakade stones matter.

use super::Policy;
use crate::board::{Bitboard, Board, Color, Point};

impl Policy {
    /// The race step's move: `race_atari` with `race_max_libs`.
    pub(super) fn race(&self, b: &Board, c: Color, last: Point) -> Option<Point> {
        race_atari(b, c, last, self.race_max_libs)
    }
}

/// The atari that captures the biggest enemy string with two liberties next to an own
/// string of 2 to `max_libs` liberties touching `last` (`c` to move); `None` when there is
/// none. The heavy policy's race step, and a feature of the softmax policy.
pub fn race_atari(b: &Board, c: Color, last: Point, max_libs: u32) -> Option<Point> {
    let mut own = [u16::MAX; 4];
    let mut best: Option<(usize, Point)> = None;
    // Enemy strings already weighed: a string touches an own one at many stones.
    let mut weighed = Bitboard::EMPTY;
    for (i, q) in b.neighbours(last).into_iter().enumerate() {
        if b.stone(q) != Some(c) || !(2..=max_libs).contains(&b.lib_count(q)) {
            continue;
        }
        let head = b.string_head(q).0;
        if own.contains(&head) {
            continue;
        }
        own[i] = head;
        for s in b.string_stones(q) {
            for e in b.neighbours(s) {
                if b.stone(e) != Some(c.opp()) || b.lib_count(e) != 2 {
                    continue;
                }
                let enemy = b.string_head(e);
                if weighed.has(enemy) {
                    continue;
                }
                weighed.set(enemy);
                let size = b.string_size(e);
                if best.is_some_and(|(n, _)| n >= size) {
                    continue;
                }
                let libs = b.string_libs(e);
                if let Some(l) = libs.iter().find(|&l| atari_captures(b, c, l, libs)) {
                    best = Some((size, l));
                }
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Whether `attacker`'s atari on `l`, a liberty of the two of `libs`, captures the string:
/// its escape on the other liberty gets one liberty at most.
fn atari_captures(b: &Board, attacker: Color, l: Point, libs: Bitboard) -> bool {
    if !b.is_legal(attacker, l) || b.is_self_atari(attacker, l) {
        return false;
    }
    let Some(other) = libs.iter().find(|&x| x != l) else {
        return false;
    };
    let mut escape = b.libs_after(attacker.opp(), other);
    escape.clear(l);
    escape.count() <= 1
}

#[cfg(test)]
mod tests {
    use super::super::PolicyStep;
    use super::super::tests::{choices, pt, small_board};
    use super::*;
    use crate::board::Move;
    use crate::board::diagram::board;
    use crate::params::Params;

    /// Black's ten stones in the corner have two liberties, A7 (shared with White's
    /// surrounding string) and B5 (their own); White's string has A7 and three outside
    /// liberties, F5-F7, until Black's last move. Black (X) plays `last` (or nothing).
    fn race(last: &[&str]) -> (Board, Point) {
        let mut b = board(&[
            ". O O O O . .",
            "X X O X O . .",
            "X . X X O . .",
            "X X X X O X .",
            "O O O O O X .",
            "X X X X X X .",
            ". . . . . . .",
        ]);
        let mut p = Point(0);
        for v in last {
            p = pt(&b, v);
            b.play(Color::Black, Move::Play(p)).unwrap();
        }
        (b, p)
    }

    fn policy(rate: f32, max_libs: u32) -> Policy {
        small_board(&Params {
            race_rate: rate,
            race_max_libs: max_libs,
            race_min_size: 2,
            ..Params::default()
        })
    }

    #[test]
    fn the_surrounding_string_fills_the_shared_liberty() {
        // Black F6 leaves White three liberties: White A7 ataris the ten stones, whose only
        // escape, B5, has no liberty left.
        let (b, last) = race(&["F6"]);
        let got = choices(&policy(1.0, 3), &b, Color::White, last, 30);
        assert!(
            got.iter().all(|(v, s)| v == "A7" && *s == PolicyStep::Race),
            "{got:?}"
        );
        // Off, where the own string has more liberties than the step looks at, and on a
        // board smaller than `race_min_size` or bigger than `race_max_size`, another step
        // answers.
        let small = small_board(&Params {
            race_rate: 1.0,
            ..Params::default()
        });
        let big = small_board(&Params {
            race_rate: 1.0,
            race_min_size: 2,
            race_max_size: 6,
            ..Params::default()
        });
        for p in [policy(0.0, 3), policy(1.0, 2), small, big] {
            let got = choices(&p, &b, Color::White, last, 30);
            assert!(got.iter().all(|(_, s)| *s != PolicyStep::Race), "{got:?}");
        }
    }

    #[test]
    fn no_race_atari_that_leaves_the_own_string_in_atari() {
        // After Black F6 and F5 White has two liberties: A7 would leave it one, and Black
        // would take the whole string first.
        let (b, last) = race(&["F6", "F5"]);
        assert_eq!(policy(1.0, 3).race(&b, Color::White, last), None);
    }

    #[test]
    fn the_corner_of_a_lost_game_is_taken() {
        // A lost 19x19 game (moyo Black): White has just taken three stones on F18, G17
        // and G18 with F17, and Black has played the vital point G18 of that bent three.
        // White's string has A19, F18 and G17 left; both the twelve Black stones in the
        // corner (A19, B17) and the nakade stone (F18, G17) fall to an atari. Taking the
        // corner wins the race; the playouts answered the nakade instead and lost the
        // string in 96 of 100.
        let mut rows = vec![
            ". O O O O O O O X . . . . . . . . . .",
            "X X O X O . . O X . . . . . . . . . .",
            "X . X X O O . O X . . . . . . . . . .",
            "X X X X O O O X X . . . . . . . . . .",
            "X O X O X O O X . . . . . . . . . . .",
            "O O O O X X X X . . . . . . . . . . .",
        ];
        rows.extend([". . . . . . . . . . . . . . . . . . ."; 13]);
        let mut b = board(&rows);
        let last = pt(&b, "G18");
        b.play(Color::Black, Move::Play(last)).unwrap();
        assert_eq!(b.lib_count(pt(&b, "G19")), 3);
        assert_eq!(
            policy(1.0, 3)
                .race(&b, Color::White, last)
                .map(|p| b.point_string(p)),
            Some("A19".into())
        );
    }

    #[test]
    fn the_biggest_capturable_string_on_random_positions() {
        use rand::SeedableRng;
        let policy = policy(1.0, 3);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let (mut found, mut several) = (0, 0);
        for _ in 0..40 {
            let mut b = Board::new(9);
            let mut c = Color::Black;
            for _ in 0..120 {
                let Some(last) = crate::playout::random_move(&b, c, &mut rng) else {
                    break;
                };
                b.play_unchecked(c, last);
                c = c.opp();
                // A plain reading: every enemy string with two liberties next to an own
                // string of 2-3 liberties touching `last`, with the sizes of those an
                // atari captures.
                let own_near = |s: Point| {
                    b.neighbours(s).into_iter().any(|n| {
                        b.stone(n) == Some(c)
                            && (2..=3).contains(&b.lib_count(n))
                            && b.neighbours(last).into_iter().any(|q| {
                                b.stone(q) == Some(c) && b.string_head(q) == b.string_head(n)
                            })
                    })
                };
                // (size, capturing atari) of each such string.
                let mut cands = Vec::new();
                for e in b.stones(c.opp()).iter() {
                    if b.string_head(e) != e
                        || b.lib_count(e) != 2
                        || !b.string_stones(e).any(own_near)
                    {
                        continue;
                    }
                    let libs = b.string_libs(e);
                    for l in libs.iter().filter(|&l| atari_captures(&b, c, l, libs)) {
                        cands.push((b.string_size(e), l));
                    }
                }
                let got = policy.race(&b, c, last);
                assert_eq!(got.is_some(), !cands.is_empty());
                if let Some(p) = got {
                    let biggest = cands.iter().map(|&(n, _)| n).max();
                    assert!(cands.contains(&(biggest.unwrap(), p)), "{cands:?} {p:?}");
                    found += 1;
                    several += usize::from(cands.iter().any(|&(n, _)| Some(n) != biggest));
                }
            }
        }
        assert!(
            found > 50 && several > 3,
            "{found} races, {several} with a choice"
        );
    }
}
