//! Unit tests of the engine: limits, rules, handicap, SGF records, status lists.

use super::*;
use crate::board::{KoRule, Scoring};

fn engine() -> Engine {
    Engine::new(EngineConfig {
        playouts: Some(20),
        size: 9,
        komi: 7.0,
        ..Default::default()
    })
}

#[test]
fn limits_combine() {
    let mut e = engine();
    let l = e.move_limits(Color::Black);
    assert_eq!(l.playouts, Some(20));
    assert_eq!(l.time, None);
    e.config.playouts = None;
    let l = e.move_limits(Color::Black);
    assert_eq!(
        l.time,
        Some(seconds(f64::from(Params::default().default_move_time)))
    );
    e.config.time_per_move = Some(2.0);
    assert_eq!(e.move_limits(Color::Black).time, Some(seconds(2.0)));
    // The clock lowers it.
    e.time_settings(10.0, 0.0, 0);
    let t = e.move_limits(Color::Black).time.unwrap().as_secs_f64();
    assert!(t < 0.5, "{t}");
    // Unlimited clock: the per-move time.
    e.time_settings(0.0, 1.0, 0);
    assert_eq!(e.move_limits(Color::Black).time, Some(seconds(2.0)));
}

#[test]
fn cputime_reads() {
    let e = engine();
    assert!(e.cputime() >= 0.0);
    assert!(process_cpu_seconds().is_some());
}

#[test]
fn rules_set_by_name_survive_a_new_board_size() {
    let mut e = engine();
    let (japanese, name) = rules::named("japanese").unwrap();
    e.set_rules(japanese, Some(name));
    assert_eq!(e.game().scoring(), Scoring::Territory);
    assert_eq!(e.game().ko_rule(), KoRule::Simple);
    e.boardsize(13).unwrap();
    e.clear_board();
    assert_eq!(e.game().rules(), japanese);
}

#[test]
fn handicap_commands() {
    let mut e = engine();
    assert_eq!(e.fixed_handicap(10), Err("invalid number of stones".into()));
    assert_eq!(e.fixed_handicap(3).unwrap().len(), 3);
    assert_eq!(e.game().to_play(), Color::White);
    assert_eq!(e.fixed_handicap(2), Err("board not empty".into()));
    assert_eq!(e.place_free_handicap(2), Err("board not empty".into()));
    e.clear_board();
    assert_eq!(
        e.place_free_handicap(1),
        Err("invalid number of stones".into())
    );
    assert_eq!(
        e.place_free_handicap(81),
        Err("invalid number of stones".into())
    );
    let p = e.place_free_handicap(80).unwrap();
    assert!((2..80).contains(&p.len()));
    e.clear_board();
    let b = e.board();
    let (a, c) = (b.point(0, 0), b.point(1, 1));
    assert_eq!(e.set_free_handicap(&[a]), Err("bad vertex list".into()));
    assert_eq!(e.set_free_handicap(&[a, a]), Err("bad vertex list".into()));
    e.set_free_handicap(&[a, c]).unwrap();
    assert_eq!(e.game().handicap(), 2);
    assert_eq!(e.undo(), Err("cannot undo".into()));
}

#[test]
fn a_record_without_komi_keeps_the_games() {
    let mut e = engine();
    e.komi(5.5).unwrap();
    assert_eq!(
        e.load_sgf_text("(;GM[1]SZ[9];B[ee])", None),
        Ok(Color::White)
    );
    assert_eq!(e.game().komi(), 5.5);
    // Its own komi, when it has one, even 0.
    assert_eq!(
        e.load_sgf_text("(;SZ[9]KM[0];B[ee])", None),
        Ok(Color::White)
    );
    assert_eq!(e.game().komi(), 0.0);
    assert_eq!(e.load_sgf_text("(;SZ[9];B[ee])", None), Ok(Color::White));
    assert_eq!(e.game().komi(), 0.0);
}

#[test]
fn sgf_round_trip_and_move_number() {
    let mut e = engine();
    let sgf = "(;GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg];W[ee];B[ce];W[];B[ec])";
    assert_eq!(e.load_sgf_text(sgf, None), Ok(Color::White));
    assert_eq!(e.game().komi(), 6.5);
    assert_eq!(e.game().handicap(), 2);
    assert_eq!(e.game().moves().len(), 4);
    let out = e.to_sgf();
    let mut f = engine();
    assert_eq!(f.load_sgf_text(&out, None), Ok(Color::White));
    assert_eq!(f.game().moves(), e.game().moves());
    assert_eq!(f.board().hash(), e.board().hash());
    // Position before move 3 (the white pass): Black's C5 was move 2.
    assert_eq!(f.load_sgf_text(sgf, Some(3)), Ok(Color::White));
    assert_eq!(f.game().moves().len(), 2);
    assert_eq!(f.load_sgf_text(sgf, Some(1)), Ok(Color::White));
    assert!(f.game().moves().is_empty());
    assert_eq!(f.board().stones(Color::Black).count(), 2);
    // Errors change nothing.
    let before = f.board().hash();
    assert!(
        f.load_sgf_text("(;SZ[30])", None)
            .unwrap_err()
            .starts_with("cannot load file")
    );
    assert!(f.load_sgf_text("garbage", None).is_err());
    assert!(f.load_sgf_text("(;SZ[9];B[ee];W[ee])", None).is_err());
    assert_eq!(f.board().hash(), before);
    assert!(f.load_sgf("/nonexistent/x.sgf", None).is_err());
    assert!(f.load_sgf("/", None).is_err());
}

#[test]
fn play_sequence_is_all_or_nothing() {
    let mut e = engine();
    let b = e.board();
    let (p, q) = (Move::Play(b.point(4, 4)), Move::Play(b.point(3, 3)));
    assert_eq!(
        e.play_sequence(&[(Color::Black, p), (Color::White, p)]),
        Err((1, Illegal::Occupied))
    );
    assert!(e.game().moves().is_empty());
    e.play_sequence(&[(Color::Black, p), (Color::White, q)])
        .unwrap();
    assert_eq!(e.game().moves().len(), 2);
}

#[test]
fn empty_board_has_no_dead_stones_without_search() {
    let mut e = engine();
    assert!(e.final_status_list(StoneStatus::Dead).is_empty());
    // Mid-game `final_score` is a short search's estimate; after two passes, the count.
    assert!(e.final_score().is_ok());
    e.play(Color::Black, Move::Pass).unwrap();
    e.play(Color::White, Move::Pass).unwrap();
    assert_eq!(e.final_score(), Ok("W+7".to_string()));
}

/// The final position of a game against GNU Go (ended by two passes): both engines call the
/// same seven stones dead. The search's ownership called only F7 F8 dead, since its tree
/// learns that passing ends the game with the stones as they stand.
#[test]
fn final_status_of_a_finished_game_matches_gnu_go() {
    let sgf = "(;SZ[9]KM[7];B[dd];W[ff];B[hf];W[cf];B[ef];W[fc];B[df];W[cg];B[eb];W[fb];B[fe];\
               W[bd];B[ec];W[eh];B[fg];W[fh];B[ce];W[be];B[cb];W[gg];B[gf];W[hh];B[dg];W[dh];\
               B[bc];W[hg];B[hd];W[cd];B[de];W[cc];B[bb];W[eg];B[dc];W[if];B[ie];W[ig];B[ff];\
               W[ad];B[hb];W[ac];B[ab];W[af];B[fa];W[];B[ga];W[];B[ch];W[bh];B[bg];W[bf];B[bi];\
               W[ag];B[ai];W[];B[ea];W[];B[di];W[];B[ei];W[];B[])";
    let mut e = engine();
    e.load_sgf_text(sgf, None).unwrap();
    let mut dead: Vec<String> = e
        .final_status_list(StoneStatus::Dead)
        .into_iter()
        .map(|p| e.board().move_string(Move::Play(p)))
        .collect();
    dead.sort();
    assert_eq!(dead, ["A1", "B1", "C2", "D1", "E1", "F7", "F8"]);
    // The same list again: the status is seeded by the position.
    assert_eq!(e.final_status_list(StoneStatus::Dead).len(), 7);
    // Alive is the rest of the stones.
    let stones = e.board().stone_count();
    assert_eq!(e.final_status_list(StoneStatus::Alive).len(), stones - 7);
}

#[test]
fn genmove_searches_with_contempt_for_its_own_colour() {
    // 2x2, Black owns the board, komi 4: every game ends in jigo, worth 0.3 to the engine.
    let mut e = Engine::new(EngineConfig {
        playouts: Some(300),
        size: 2,
        komi: 4.0,
        ..Default::default()
    });
    e.set_param("jigo_contempt", "0.2").unwrap();
    for p in ["A1", "B2"] {
        let m = e.game().board().parse_move(p).unwrap();
        e.play(Color::Black, m).unwrap();
    }
    e.genmove(Color::Black);
    let own = e.last_generated().expect("a search ran").winrate;
    assert!((own - 0.3).abs() < 0.1, "{own}");
    // Analysis plays for nobody: a jigo is half.
    let neutral = e.analyze(Color::Black, true, None).winrate;
    assert!((neutral - 0.5).abs() < 0.1, "{neutral}");
}

/// With `--ponder` the work done on the opponent's time is kept: after the opponent plays the
/// move the pondering expected, the next search starts from the pondered visits of that move.
#[test]
fn pondered_visits_are_kept_after_the_expected_move() {
    let mut e = Engine::new(EngineConfig {
        playouts: Some(100),
        size: 9,
        komi: 7.0,
        ponder: true,
        ..Default::default()
    });
    let (b, w) = (Color::Black, Color::White);
    e.play(b, Move::Play(e.board().point(4, 4))).unwrap();
    e.play(w, Move::Play(e.board().point(2, 2))).unwrap();
    assert!(matches!(e.genmove(b), GenMove::Play(Move::Play(_))));
    // Ponder on White's time until a "command arrives" (the stop flag).
    let stop = e.stop_flag();
    stop.store(false, Ordering::SeqCst);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1500));
        stop.store(true, Ordering::SeqCst);
    });
    let pondered = e.ponder();
    stopper.join().unwrap();
    assert!(pondered >= 16, "pondered {pondered} playouts");
    // What the pondering found: a one-playout search of the same position, with the same
    // komi offset, goes on from its tree.
    let offset = e.state.dynkomi.offset(&e.state.game, b, &e.config.params);
    e.searcher.set_komi_offset(offset);
    let probe = e.searcher.search(
        &e.state.game,
        w,
        &Limits {
            playouts: Some(1),
            ..Limits::default()
        },
        &AtomicBool::new(false),
    );
    e.searcher.set_komi_offset(0.0);
    assert!(
        probe.kept >= pondered,
        "the root kept {} visits of {pondered} pondered",
        probe.kept
    );
    let expected = &probe.candidates[0];
    assert!(expected.visits >= 2, "{expected:?}");
    // White plays it: Black's next search starts with those visits at its root.
    e.play(w, expected.mv).unwrap();
    assert!(matches!(e.genmove(b), GenMove::Play(_)));
    let kept = e.last.as_ref().expect("a search ran").result.kept;
    assert!(
        kept + 1 >= u64::from(expected.visits),
        "kept {kept} of the {} pondered visits of {:?}",
        expected.visits,
        expected.mv
    );
}
