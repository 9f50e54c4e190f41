//! The decisions around a search, kept free of the search itself so they can be tested on
//! made-up results: when to pass, when to resign, which legal move to play, which stones
//! are dead.

use crate::board::{Bitboard, Board, Color, Game, Move, Point, Scoring};
use crate::params::Params;
use crate::search::SearchResult;

/// +1 for Black, -1 for White: ownership is counted from Black's side.
pub fn sign(c: Color) -> f32 {
    match c {
        Color::Black => 1.0,
        Color::White => -1.0,
    }
}

/// Whether `c` may play `m` now and it repeats no earlier position of the game (we never
/// repeat a position ourselves, even when the rules would let us).
pub fn playable(game: &Game, c: Color, m: Move) -> bool {
    match m {
        Move::Pass => true,
        Move::Play(p) => {
            game.board().is_onboard(p)
                && game.legality(c, m).is_ok()
                && !game.seen(game.board().hash_after(c, p))
        }
    }
}

/// Whether `c` has any move besides passing.
pub fn has_legal_move(game: &Game, c: Color) -> bool {
    let b = game.board();
    b.empty_points()
        .iter()
        .any(|p| playable(game, c, Move::Play(p)))
}

/// Whether the last move was a pass, so that passing now ends the game.
pub fn opponent_passed(game: &Game) -> bool {
    matches!(game.last_move(), Some((_, Move::Pass)))
}

/// The score from `c`'s side (positive = `c` wins) with the `dead` stones removed, counted by
/// area (Tromp-Taylor when `dead` is empty: the CGOS rule).
pub fn area_margin(board: &Board, komi: f32, c: Color, dead: &Bitboard) -> f32 {
    board.area_score_with_dead(dead, komi) * sign(c)
}

/// The margin for `c` at the game's komi that the playouts behind `ownership` expect by area
/// (the average final owner of every point, summed); `None` without ownership (a book move).
pub fn expected_margin(game: &Game, c: Color, ownership: &[f32]) -> Option<f32> {
    let b = game.board();
    if ownership.len() < b.len() {
        return None;
    }
    let area: f32 = b.points().map(|p| ownership[p.idx()]).sum();
    Some((area - game.score_komi()) * sign(c))
}

/// Whether `c` wins by passing now, after the opponent passed: by Tromp-Taylor area counting
/// with every stone alive, and also when our own stones the search thinks dead are removed
/// (so a dead group of ours in the opponent's area cannot fool us under dead-stone rules).
/// Territory scoring asks for a point more, for the difference between the two counts.
pub fn passing_wins(game: &Game, c: Color, ownership: Option<&[f32]>, params: &Params) -> bool {
    if !opponent_passed(game) {
        return false;
    }
    let margin = pass_margin(game);
    let b = game.board();
    if area_margin(b, game.score_komi(), c, &Bitboard::EMPTY) <= margin {
        return false;
    }
    match ownership {
        None => true,
        Some(own) => {
            let ours_dead = Board::bitboard_of(&dead_of_color(b, own, c, params));
            area_margin(b, game.score_komi(), c, &ours_dead) > margin
        }
    }
}

/// The margin a pass must win by: territory scoring asks for a point more, for the
/// difference between area and territory counts.
fn pass_margin(game: &Game) -> f32 {
    match game.scoring() {
        Scoring::Area => 0.0,
        Scoring::Territory => 1.0,
    }
}

/// Whether to resign after a search: the win rate is below the threshold, enough playouts back
/// it, and the game is not in the first moves of a handicap game, where the stones make the
/// position look lost to the side giving them and a bad start need not be final for the side
/// taking them.
pub fn should_resign(game: &Game, winrate: f32, playouts: u64, params: &Params) -> bool {
    let low = winrate < params.resign_threshold; // false for NaN
    if !low || playouts < u64::from(params.resign_min_playouts) {
        return false;
    }
    let size = game.size();
    game.handicap() == 0 || game.moves().len() >= no_resign_moves(size, params)
}

/// Moves of a handicap game during which neither side resigns: `handicap_no_resign_fraction`
/// of the board's points, rounded down.
pub fn no_resign_moves(size: usize, params: &Params) -> usize {
    ((size * size) as f64 * f64::from(params.handicap_no_resign_fraction)).floor() as usize
}

/// The move to play from a search result: the best move if it is playable, else the next
/// playable candidate, else a pass. In cleanup, a pass is refused while enemy stones the
/// ownership calls dead (`params.cleanup_dead_ownership`) remain: the first playable non-eye
/// candidate, or a liberty of a dead string, or any playable non-eye point is taken instead.
/// A losing pass is refused while a playable non-eye candidate keeps `pass_guard` (0 when
/// the search ran with dynamic komi against `c`, whose win rates understate `c`'s chances:
/// then any such candidate is played rather than a losing pass).
pub fn choose_move(
    game: &Game,
    c: Color,
    result: &SearchResult,
    cleanup: bool,
    pass_guard: f32,
    params: &Params,
) -> Move {
    let b = game.board();
    let order = std::iter::once(result.best).chain(result.candidates.iter().map(|s| s.mv));
    if cleanup {
        let dead = dead_enemy_stones(b, &result.ownership, c, params);
        if !dead.is_empty() {
            let non_eye = |m: Move| match m {
                Move::Play(p) => playable(game, c, m) && !b.is_eye(c, p),
                Move::Pass => false,
            };
            if let Some(m) = order.clone().find(|&m| non_eye(m)) {
                return m;
            }
            for &p in &dead {
                if let Some(l) = b.string_libs(p).iter().find(|&l| non_eye(Move::Play(l))) {
                    return Move::Play(l);
                }
            }
            if let Some(p) = b.empty_points().iter().find(|&p| non_eye(Move::Play(p))) {
                return Move::Play(p);
            }
            return Move::Pass;
        }
    }
    let chosen = order
        .into_iter()
        .find(|&m| playable(game, c, m))
        .unwrap_or(Move::Pass);
    if chosen == Move::Pass && !pass_holds(game, c, &result.ownership, params) {
        let alternative = result.candidates.iter().find(|s| match s.mv {
            Move::Play(p) => s.winrate >= pass_guard && playable(game, c, s.mv) && !b.is_eye(c, p),
            Move::Pass => false,
        });
        if let Some(s) = alternative {
            return s.mv;
        }
    }
    chosen
}

/// Whether the board as it stands wins for `c`: area counting with every enemy stone alive
/// and our stones the ownership calls dead removed.
pub fn pass_holds(game: &Game, c: Color, ownership: &[f32], params: &Params) -> bool {
    let b = game.board();
    let ours_dead = Board::bitboard_of(&dead_of_color(b, ownership, c, params));
    area_margin(b, game.score_komi(), c, &ours_dead) > 0.0
}

/// Enemy stones of `c` still to capture in cleanup: those whose point `ownership` gives
/// strongly to `c` (`params.cleanup_dead_ownership`), and those of the strings
/// `final_status_list dead` reports (`string_is_dead`), so that the engine never passes in
/// cleanup while it would still call enemy stones dead.
pub fn dead_enemy_stones(b: &Board, ownership: &[f32], c: Color, params: &Params) -> Vec<Point> {
    let s = sign(c);
    let mut dead = Board::bitboard_of(&dead_of_color(b, ownership, c.opp(), params));
    for p in b.stones(c.opp()).iter() {
        if ownership
            .get(p.idx())
            .is_some_and(|&o| o * s > params.cleanup_dead_ownership)
        {
            dead.set(p);
        }
    }
    dead.iter().collect()
}

/// The strings on the board, each as its list of stones, in board order of their first stone.
pub fn strings(b: &Board) -> Vec<Vec<Point>> {
    let mut seen = Bitboard::EMPTY;
    let mut out = Vec::new();
    for p in b.points() {
        if b.stone(p).is_none() || seen.has(p) {
            continue;
        }
        let mut s: Vec<Point> = b.string_stones(p).collect();
        s.sort();
        for &q in &s {
            seen.set(q);
        }
        out.push(s);
    }
    out
}

/// Whether a string of colour `c` is dead by `ownership`: its stones' average ownership leans
/// beyond `params.dead_ownership` towards the other colour.
pub fn string_is_dead(stones: &[Point], c: Color, ownership: &[f32], params: &Params) -> bool {
    ownership_towards(stones, c, ownership) < -params.dead_ownership
}

/// The average ownership of `stones` from `c`'s side (+1: always `c`'s), 0 for no stones.
fn ownership_towards(stones: &[Point], c: Color, ownership: &[f32]) -> f32 {
    if stones.is_empty() {
        return 0.0;
    }
    let sum: f32 = stones
        .iter()
        .map(|p| ownership.get(p.idx()).copied().unwrap_or(0.0))
        .sum();
    sum / stones.len() as f32 * sign(c)
}

/// Dead stones of colour `c` by `ownership`.
pub fn dead_of_color(b: &Board, ownership: &[f32], c: Color, params: &Params) -> Vec<Point> {
    strings_owned_below(b, ownership, c, -params.dead_ownership)
}

/// The stones of the strings of colour `c` whose average ownership from `c`'s side is below
/// `limit`.
fn strings_owned_below(b: &Board, ownership: &[f32], c: Color, limit: f32) -> Vec<Point> {
    strings(b)
        .into_iter()
        .filter(|s| b.stone(s[0]) == Some(c) && ownership_towards(s, c, ownership) < limit)
        .flatten()
        .collect()
}

/// Whether `c`'s pass, after the opponent passed, wins however the fights on the board end:
/// `ownership` comes from a search with the opponent to move, and every string of `c` that it
/// does not give clearly to `c` (average below `params.pass_alive_ownership`) counts as dead.
/// A group that lives only if `c` moves first thus stops a pass that would leave it to the
/// opponent, or to a scorer that calls it dead.
pub fn pass_is_safe(game: &Game, c: Color, ownership: &[f32], params: &Params) -> bool {
    let b = game.board();
    let unsettled = strings_owned_below(b, ownership, c, params.pass_alive_ownership);
    let margin = pass_margin(game);
    area_margin(b, game.score_komi(), c, &Board::bitboard_of(&unsettled)) > margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram::{game, play_all};
    use crate::search::MoveStat;
    use std::time::Duration;

    fn result(g: &Game, best: Move, winrate: f32, playouts: u64, own: Vec<f32>) -> SearchResult {
        let _ = g;
        SearchResult {
            best,
            winrate,
            playouts,
            elapsed: Duration::ZERO,
            candidates: vec![MoveStat::new(best, 10, winrate)],
            ownership: own,
            ..SearchResult::default()
        }
    }

    /// `choose_move` outside cleanup with the default pass guard.
    fn choose(g: &Game, c: Color, r: &SearchResult, params: &Params) -> Move {
        choose_move(g, c, r, false, params.pass_guard_winrate, params)
    }

    /// `choose_move` in cleanup.
    fn choose_in_cleanup(g: &Game, c: Color, r: &SearchResult, params: &Params) -> Move {
        choose_move(g, c, r, true, params.pass_guard_winrate, params)
    }

    fn pt(g: &Game, s: &str) -> Point {
        match g.board().parse_move(s).unwrap() {
            Move::Play(p) => p,
            Move::Pass => panic!("pass"),
        }
    }

    // Black owns the left three columns, White the right two (5x5).
    const SPLIT: [&str; 5] = ["..XO.", "..XO.", "..XO.", "..XO.", "..XO."];

    #[test]
    fn pass_only_after_a_pass_and_when_winning() {
        let params = Params::default();
        let mut g = game(0.5, &SPLIT);
        // Black area 15, White 10.
        assert_eq!(g.board().area_score(0.5), 4.5);
        assert!(
            !passing_wins(&g, Color::Black, None, &params),
            "nobody passed"
        );
        g.play(Color::White, Move::Pass).unwrap();
        assert!(passing_wins(&g, Color::Black, None, &params));
        assert!(!passing_wins(&g, Color::White, None, &params));
        // With big komi Black must not pass.
        g.set_komi(5.5);
        assert!(!passing_wins(&g, Color::Black, None, &params));
        assert!(passing_wins(&g, Color::White, None, &params));
        // Territory scoring wants a margin.
        g.set_komi(4.5);
        g.set_scoring(Scoring::Territory);
        assert!(!passing_wins(&g, Color::Black, None, &params));
        g.set_scoring(Scoring::Area);
        assert!(passing_wins(&g, Color::Black, None, &params));
    }

    /// A 5x5 game after White's pass: Black owns columns A-C, White D-E, and a lone black
    /// stone on E3 sits in White's area; with the ownership that says so (E3 White's).
    fn stone_in_whites_area(komi: f32) -> (Game, Vec<f32>, Point) {
        let mut g = game(komi, &["..XO.", "..XO.", "..XOX", "..XO.", "..XO."]);
        g.play(Color::White, Move::Pass).unwrap();
        let b = g.board();
        let own = b.points().fold(vec![0.0f32; b.len()], |mut own, p| {
            own[p.idx()] = if b.col_row(p).0 <= 2 { 1.0 } else { -1.0 };
            own
        });
        let Ok(Move::Play(e3)) = b.parse_move("E3") else {
            panic!("E3 is a point")
        };
        (g, own, e3)
    }

    #[test]
    fn pass_check_counts_own_dead_stones() {
        let params = Params::default();
        // The E3 stone: alive by Tromp-Taylor, dead by ownership.
        let (mut g, own, _) = stone_in_whites_area(0.5);
        // Tromp-Taylor: the X on E3 makes White's right column dame: Black 16, White 5.
        assert!(g.board().area_score(0.5) > 0.0);
        // Without E3: 15 - 10 - 0.5 > 0 still wins.
        assert!(passing_wins(&g, Color::Black, Some(&own), &params));
        // Komi 5.5: 16 - 5 - 5.5 > 0 but 15 - 10 - 5.5 < 0.
        g.set_komi(5.5);
        assert!(passing_wins(&g, Color::Black, None, &params));
        assert!(!passing_wins(&g, Color::Black, Some(&own), &params));
    }

    #[test]
    fn a_pass_is_safe_only_when_no_group_of_ours_hangs() {
        let params = Params::default();
        // At komi 5.5 the E3 stone decides the game (above).
        let (mut g, own, e3) = stone_in_whites_area(5.5);
        let with_e3 = |o: f32| {
            let mut own = own.clone();
            own[e3.idx()] = o;
            own
        };
        // Clearly Black's, or not dead by `dead_ownership`'s measure but not clearly alive:
        // only the first is safe.
        assert!(pass_is_safe(&g, Color::Black, &with_e3(0.9), &params));
        assert!(!pass_is_safe(&g, Color::Black, &with_e3(0.2), &params));
        assert!(passing_wins(&g, Color::Black, Some(&with_e3(0.2)), &params));
        // At komi 0.5 Black wins even without E3.
        g.set_komi(0.5);
        assert!(pass_is_safe(&g, Color::Black, &own, &params));
    }

    #[test]
    fn resign_rules() {
        let p = Params::default();
        let mut g = Game::new(9, 7.0);
        let low = p.resign_threshold / 2.0;
        let enough = u64::from(p.resign_min_playouts);
        assert!(should_resign(&g, low, enough, &p));
        if enough > 0 {
            assert!(!should_resign(&g, low, enough - 1, &p));
        }
        assert!(!should_resign(&g, p.resign_threshold + 0.01, enough, &p));
        assert!(!should_resign(&g, f32::NAN, enough, &p));
        // Handicap game: neither side (the rule has no colour) resigns in the first moves.
        let pts = [g.board().point(2, 2), g.board().point(6, 6)];
        g.set_handicap(&pts).unwrap();
        assert!(!should_resign(&g, low, enough, &p));
        for _ in 0..30 {
            g.play(Color::White, Move::Pass).unwrap();
        }
        assert!(should_resign(&g, low, enough, &p));
    }

    #[test]
    fn handicap_no_resign_window_is_a_quarter_of_the_points() {
        let p = Params::default();
        for size in 1..=25 {
            assert_eq!(no_resign_moves(size, &p), size * size / 4, "size {size}");
        }
        let mut q = p.clone();
        q.set("handicap_no_resign_fraction", "0").unwrap();
        assert_eq!(no_resign_moves(19, &q), 0);
    }

    #[test]
    fn illegal_best_falls_back() {
        let params = Params::default();
        // A ko: White just captured at D... build a simple ko on 5x5.
        let mut g = Game::new(5, 0.5);
        play_all(
            &mut g,
            &[
                (Color::Black, "B3"),
                (Color::White, "C3"),
                (Color::Black, "C4"),
                (Color::White, "D4"),
                (Color::Black, "C2"),
                (Color::White, "D2"),
                (Color::Black, "A1"),
                (Color::White, "E3"),
                (Color::Black, "D3"),
                (Color::White, "A5"),
            ],
        );
        // White takes the ko at C3 (captures D3).
        let c3 = g.board().parse_move("C3").unwrap();
        g.play(Color::Black, Move::Pass).unwrap();
        g.play(Color::White, c3).unwrap();
        let d3 = Move::Play(pt(&g, "D3"));
        assert!(!playable(&g, Color::Black, d3), "ko recapture");
        let mut r = result(&g, d3, 0.5, 100, Vec::new());
        assert_eq!(choose(&g, Color::Black, &r, &params), Move::Pass);
        let e1 = Move::Play(pt(&g, "E1"));
        r.candidates.push(MoveStat::new(e1, 5, 0.4));
        assert_eq!(choose(&g, Color::Black, &r, &params), e1);
        // Occupied best.
        let c4 = Move::Play(pt(&g, "C4"));
        let r = result(&g, c4, 0.5, 100, Vec::new());
        assert_eq!(choose(&g, Color::Black, &r, &params), Move::Pass);
    }

    #[test]
    fn a_losing_pass_is_refused_while_a_move_has_chances() {
        let params = Params::default();
        // Empty 5x5 with komi: passing loses for Black.
        let g = Game::new(5, 0.5);
        let c3 = Move::Play(pt(&g, "C3"));
        let mut r = result(&g, Move::Pass, 0.5, 30, Vec::new());
        r.candidates.push(MoveStat::new(c3, 5, 0.45));
        assert_eq!(choose(&g, Color::Black, &r, &params), c3);
        // A stricter guard lets the pass stand.
        let mut strict = params.clone();
        strict.set("pass_guard_winrate", "0.5").unwrap();
        assert_eq!(choose(&g, Color::Black, &r, &strict), Move::Pass);
        // Hopeless: the pass stands.
        r.candidates[1].winrate = 0.05;
        assert_eq!(choose(&g, Color::Black, &r, &params), Move::Pass);
        // Unless the search ran with komi against Black: its win rates mean little then.
        assert_eq!(choose_move(&g, Color::Black, &r, false, 0.0, &params), c3);
        // White wins by komi on the empty board: its pass stands.
        r.candidates[1].winrate = 0.45;
        assert_eq!(choose(&g, Color::White, &r, &params), Move::Pass);
    }

    #[test]
    fn expected_margin_sums_the_ownership() {
        let g = Game::new(5, 7.5);
        assert_eq!(expected_margin(&g, Color::Black, &[]), None);
        // Black owns 20 points and White 5: Black expects 15 - 7.5.
        let mut own = vec![0.0; g.board().len()];
        for (i, p) in g.board().points().enumerate() {
            own[p.idx()] = if i < 20 { 1.0 } else { -1.0 };
        }
        assert_eq!(expected_margin(&g, Color::Black, &own), Some(7.5));
        assert_eq!(expected_margin(&g, Color::White, &own), Some(-7.5));
    }

    #[test]
    fn cleanup_never_passes_with_dead_enemy_stones() {
        let params = Params::default();
        // A white stone inside Black's area.
        let g = game(0.5, &["..XO.", ".OXO.", "..XO.", "..XO.", "..XO."]);
        let b = g.board();
        let mut own = vec![0.0f32; b.len()];
        for p in b.points() {
            let (c, _) = b.col_row(p);
            own[p.idx()] = if c <= 2 { 0.9 } else { -0.9 };
        }
        let b4 = pt(&g, "B4");
        assert_eq!(dead_enemy_stones(b, &own, Color::Black, &params), vec![b4]);
        assert_eq!(dead_of_color(b, &own, Color::White, &params), vec![b4]);
        assert!(dead_of_color(b, &own, Color::Black, &params).is_empty());
        let r = result(&g, Move::Pass, 0.9, 100, own.clone());
        assert_eq!(choose(&g, Color::Black, &r, &params), Move::Pass);
        let m = choose_in_cleanup(&g, Color::Black, &r, &params);
        let Move::Play(p) = m else {
            panic!("cleanup passed")
        };
        assert!(
            b.string_libs(b4).has(p),
            "plays a liberty of the dead stone"
        );
        // White in cleanup has no dead black stones: passes.
        assert_eq!(choose_in_cleanup(&g, Color::White, &r, &params), Move::Pass);
        // A string `final_status_list` calls dead is still to capture, even when no stone of
        // it passes the cleanup threshold alone.
        let mut mild = own.clone();
        mild[b4.idx()] = 0.4;
        assert!(0.4 < params.cleanup_dead_ownership && 0.4 > params.dead_ownership);
        assert_eq!(dead_enemy_stones(b, &mild, Color::Black, &params), vec![b4]);
        // Strings are grouped.
        let s = strings(b);
        assert_eq!(s.len(), 3);
        assert_eq!(s.iter().map(Vec::len).sum::<usize>(), 11);
    }

    #[test]
    fn no_legal_move_on_a_full_board() {
        let g = game(0.5, &[".X.", "X.X", ".X."]);
        assert!(!has_legal_move(&g, Color::White), "all suicide");
    }
}
