//! GNU Go's GTP extensions as GUIs written for GNU Go read them (Kigo draws its board, hints
//! and territory from them): the board queries, the territory lists and `top_moves`.

mod gtp_support;

use gtp_support::*;

#[test]
fn board_queries_answer_as_gnugo_does() {
    let mut g = engine_9x9_komi7();
    g.ok("boardsize 5");
    g.ok("clear_board");
    // Black captures the white stone in the corner.
    g.ok("play w A1");
    g.ok("play b A2");
    g.ok("play b B1");
    assert_eq!(g.ok("list_stones black"), "B1 A2");
    assert_eq!(g.ok("list_stones white"), "");
    assert_eq!(g.ok("captures black"), "1");
    assert_eq!(g.ok("captures w"), "0");
    assert_eq!(g.ok("findlib A2"), "A1 B2 A3");
    assert_eq!(g.ok("move_history"), "black B1\nblack A2\nwhite A1");
    // White may not play the suicide at A1.
    let legal = g.ok("all_legal white");
    let legal: Vec<&str> = legal.split(' ').collect();
    assert_eq!(legal.len(), 22, "{legal:?}");
    assert!(!legal.contains(&"A1") && legal.contains(&"E5"));
    assert_eq!(g.ok("query_boardsize"), "5");
    assert_eq!(g.ok("get_komi"), "7");
    assert_eq!(g.ok("get_handicap"), "0");
    // Refusals change nothing.
    for bad in [
        "findlib C3",
        "findlib Z9",
        "list_stones",
        "list_stones x",
        "captures",
        "move_history 1",
        "final_status pass",
        "final_status_list territory",
        "top_moves_black 3",
    ] {
        assert!(g.cmd(bad).is_err(), "{bad}");
    }
    assert_eq!(g.ok("list_stones black"), "B1 A2");
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.ok("fixed_handicap 2");
    assert_eq!(g.ok("get_handicap"), "2");
    assert_eq!(g.ok("list_stones b"), "C3 G7");
    g.finish();
}

#[test]
fn territory_lists_and_final_status_follow_the_count() {
    let mut g = engine_9x9_komi7();
    play_black_far_ahead(&mut g);
    let black = g.ok("final_status_list black_territory");
    let white = g.ok("final_status_list white_territory");
    // Rows 1, 3 and 5 are Black's eyes, row 9 White's.
    let black: Vec<&str> = black.split(' ').collect();
    let white: Vec<&str> = white.split(' ').collect();
    assert_eq!(black.len(), 27, "{black:?}");
    assert!(black.contains(&"E1") && black.contains(&"J5"));
    assert_eq!(white.len(), 9, "{white:?}");
    assert!(white.contains(&"E9"));
    assert_eq!(g.ok("final_status_list dame"), "");
    assert_eq!(g.ok("final_status E3"), "black_territory");
    assert_eq!(g.ok("final_status A9"), "white_territory");
    assert_eq!(g.ok("final_status E2"), "alive");
    assert_eq!(g.ok("final_status E8"), "alive");
    g.finish();
}

#[test]
fn top_moves_are_pairs_of_a_move_and_its_win_rate() {
    let mut g = engine_9x9_komi7();
    // Before any genmove there is nothing to list.
    assert_eq!(g.ok("top_moves"), "");
    let pairs = |s: &str| -> Vec<(String, f64)> {
        let t: Vec<&str> = s.split(' ').collect();
        assert!(t.len() >= 2 && t.len().is_multiple_of(2), "{s}");
        t.chunks(2)
            .map(|p| (p[0].to_string(), p[1].parse().unwrap()))
            .collect()
    };
    g.ok("play b E5");
    let hints = pairs(&g.ok("top_moves_white"));
    assert!(hints.len() <= 10);
    assert!(hints.iter().all(|(_, v)| (0.0..=100.0).contains(v)));
    assert!(hints.iter().all(|(m, _)| m != "E5" && m != "pass"));
    // The hint played nothing: White is still to move and E5 is the only stone.
    assert_eq!(g.ok("move_history"), "black E5");
    let m = g.ok("genmove w");
    let top = pairs(&g.ok("top_moves"));
    assert!(top.iter().any(|(v, _)| *v == m), "{m} among {top:?}");
    g.finish();
}
