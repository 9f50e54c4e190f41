//! Property tests with a seeded generator (the same cases every run), in process, so that
//! thousands of cases take seconds:
//! - the GTP line reader: any text preprocesses to a clean line and splits without a panic;
//! - GTP sessions: random command sequences never panic, every response is framed, and a
//!   refused command (`?`) changes nothing;
//! - the board through GTP: random `play`/`undo` sequences agree, move by move, with the
//!   slow reference board of `tests/common/refboard.rs`;
//! - SGF: random records survive writing and reading back, and mutated SGF bytes never make
//!   the readers (or `loadsgf`) panic; a refused file changes nothing.

mod common;

use common::refboard::{RefGame, RefMove};
use moyo::board::{Color, Move};
use moyo::engine::{Engine, EngineConfig};
use moyo::gtp::Session;
use moyo::gtp::input::{parse, preprocess};
use moyo::sgf::{GameRecord, RecordedMove, SgfColor, game_trees, parse_collection};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn session(size: usize) -> Session {
    Session::new(Engine::new(small(size)))
}

/// A quick engine: few playouts, a small tree.
fn small(size: usize) -> EngineConfig {
    EngineConfig {
        playouts: Some(8),
        size,
        seed: 3,
        max_memory: Some(8 << 20),
        ..Default::default()
    }
}

fn pick<'a>(r: &mut impl Rng, items: &[&'a str]) -> &'a str {
    items[r.gen_range(0..items.len())]
}

/// A vertex, usually on a `size` board, sometimes off it or malformed.
fn vertex(r: &mut impl Rng, size: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    match r.gen_range(0..20) {
        0 => pick(r, &["pass", "PASS", "I5", "A0", "Z99", "a", "", "resign"]).into(),
        1 => format!(
            "{}{}",
            LETTERS[r.gen_range(0..25)] as char,
            r.gen_range(0..30)
        ),
        _ => {
            let c = LETTERS[r.gen_range(0..size)] as char;
            let v = format!("{c}{}", r.gen_range(1..=size));
            if r.gen_bool(0.2) { v.to_lowercase() } else { v }
        }
    }
}

// ---- the GTP line reader ---------------------------------------------------------------

#[test]
fn gtp_line_reader_properties() {
    let mut r = rng(1);
    let pieces = [
        "play", "b", "w", "D4", "1", "42", " ", "\t", "\r", "#", "# c", "\u{0}", "\u{1b}",
        "\u{7f}", "é", "黒", "genmove", "-1", "\u{85}", "\u{2028}", "=", "?", "\n",
    ];
    for _ in 0..20_000 {
        let n = r.gen_range(0..12);
        let raw: String = (0..n)
            .map(|_| {
                if r.gen_bool(0.1) {
                    char::from_u32(r.gen_range(0..0x3000))
                        .unwrap_or('x')
                        .to_string()
                } else {
                    pick(&mut r, &pieces).to_string()
                }
            })
            .collect();
        let line = preprocess(&raw);
        assert!(
            !line.chars().any(|c| c.is_control() || c == '#'),
            "{raw:?} -> {line:?}"
        );
        assert_eq!(preprocess(&line), line, "preprocessing is idempotent");
        if let Some(cmd) = parse(&line) {
            if let Some(id) = &cmd.id {
                assert!(!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()));
            }
            assert_eq!(cmd.name, cmd.name.to_ascii_lowercase());
            assert!(!cmd.name.contains(|c: char| c.is_ascii_whitespace()));
            for a in &cmd.args {
                assert!(!a.is_empty() && !a.contains(|c: char| c.is_ascii_whitespace()));
            }
        } else {
            assert!(
                line.trim_matches(|c: char| c.is_ascii_whitespace())
                    .is_empty()
            );
        }
    }
}

// ---- GTP sessions ----------------------------------------------------------------------

/// One random command line, well-formed or not.
fn command(r: &mut impl Rng, size: usize) -> String {
    let colour = || ["b", "w", "black", "WHITE", "x", ""];
    let c = pick(r, &colour());
    let line = match r.gen_range(0..33) {
        0..=9 => format!("play {c} {}", vertex(r, size)),
        10 => "undo".into(),
        11 => format!("genmove {c}"),
        12 => format!(
            "boardsize {}",
            pick(r, &["5", "7", "9", "1", "26", "x", "-3"])
        ),
        13 => "clear_board".into(),
        14 => format!(
            "komi {}",
            pick(r, &["6.5", "-2", "nan", "inf", "1e40", "x", "0"])
        ),
        15 => format!("fixed_handicap {}", r.gen_range(0..11)),
        16 => format!("place_free_handicap {}", r.gen_range(0..11)),
        17 => format!("set_free_handicap {} {}", vertex(r, size), vertex(r, size)),
        18 => format!(
            "final_status_list {}",
            pick(r, &["dead", "alive", "seki", "x"])
        ),
        19 => "final_score".into(),
        20 => format!(
            "gogui-play_sequence b {} w {}",
            vertex(r, size),
            vertex(r, size)
        ),
        21 => format!("gogui-setup b {} w {}", vertex(r, size), vertex(r, size)),
        22 => format!("kgs-genmove_cleanup {c}"),
        23 => format!("loadsgf /nonexistent/{}.sgf", r.gen_range(0..9)),
        24 => format!(
            "time_left {c} {} {}",
            r.gen_range(-5..100),
            r.gen_range(-1..5)
        ),
        25 => format!("reg_genmove {c}"),
        26 => "showboard".into(),
        27 => format!("gg-undo {}", r.gen_range(-1..4)),
        28 => format!(
            "kgs-rules {}",
            pick(r, &["chinese", "japanese", "aga", "x"])
        ),
        29 => format!(
            "kata-set-rules {}",
            pick(
                r,
                &[
                    "japanese",
                    "tromp-taylor",
                    "koSIMPLEscoreTERRITORY",
                    "{\"ko\":\"x\"}",
                    ""
                ]
            )
        ),
        30 => format!(
            "kata-set-rule {} {}",
            pick(
                r,
                &[
                    "koRule",
                    "scoringRule",
                    "multiStoneSuicideLegal",
                    "taxRule",
                    "x"
                ]
            ),
            pick(r, &["SIMPLE", "AREA", "true", "SEKI", "7"])
        ),
        31 => format!(
            "kata-time_settings {} {} {}",
            pick(r, &["fischer", "byoyomi", "none", "x"]),
            r.gen_range(-5..100),
            r.gen_range(-1..5)
        ),
        _ => pick(r, &["printsgf", "frobnicate", "7", "name", "undo undo"]).into(),
    };
    // Now and then a mangled line: an id, a comment, a stray control character.
    match r.gen_range(0..10) {
        0 => format!("{} {line}", r.gen_range(0..1000)),
        1 => format!("{line} # note"),
        2 => line.replacen(' ', "\t", 1),
        3 => format!("{line}\r"),
        _ => line,
    }
}

/// What a refused command must leave as it was.
fn state(s: &Session) -> (String, u64, Color, usize) {
    let e = s.engine();
    (
        e.to_sgf(),
        e.board().hash(),
        e.game().to_play(),
        e.game().moves().len(),
    )
}

#[test]
fn random_gtp_sessions_never_panic_and_refusals_change_nothing() {
    let mut r = rng(2);
    for game in 0..6 {
        let mut size = [5, 7, 9][game % 3];
        let mut s = session(size);
        for _ in 0..400 {
            let line = command(&mut r, size);
            let before = state(&s);
            let resp = s
                .handle_line(&line)
                .expect("a command line gets a response");
            assert!(
                resp.ends_with("\n\n") && !resp[..resp.len() - 2].contains("\n\n"),
                "{line:?} -> {resp:?}"
            );
            assert!(resp.starts_with('=') || resp.starts_with('?'), "{resp:?}");
            assert!(!resp.contains('#'), "{line:?} -> {resp:?}");
            if resp.starts_with('?') {
                assert_eq!(
                    state(&s),
                    before,
                    "{line:?} was refused ({resp:?}) but changed the game"
                );
            }
            assert!(!resp.contains("internal error"), "{line:?} -> {resp:?}");
            size = s.engine().board().size();
        }
        s.engine().board().check_consistency().unwrap();
    }
}

// ---- the board through GTP, against the reference ---------------------------------------

#[test]
fn random_play_and_undo_through_gtp_agree_with_the_reference_board() {
    let mut r = rng(3);
    let mut moves_checked = 0;
    for game in 0..12 {
        let size = [3, 4, 5, 7, 9, 13][game % 6];
        let mut s = session(size);
        let mut history = vec![RefGame::new(size)];
        for _ in 0..6 * size * size {
            let rg = history.last().unwrap();
            if r.gen_bool(0.05) && history.len() > 1 {
                assert_eq!(s.handle_line("undo").unwrap(), "= \n\n");
                history.pop();
            } else {
                let c = if r.gen_bool(0.5) {
                    Color::Black
                } else {
                    Color::White
                };
                let (v, m) = if r.gen_bool(0.03) {
                    ("pass".to_string(), RefMove::Pass)
                } else {
                    let (col, row) = (r.gen_range(0..size), r.gen_range(0..size));
                    let b = s.engine().board();
                    (b.point_string(b.point(col, row)), RefMove::At(col, row))
                };
                let side = if c == Color::Black { "b" } else { "w" };
                let resp = s.handle_line(&format!("play {side} {v}")).unwrap();
                let mut next = rg.clone();
                match next.play(c, m) {
                    Ok(_) => {
                        assert_eq!(resp, "= \n\n", "{c} {v}");
                        history.push(next);
                    }
                    Err(e) => assert_eq!(resp, "? illegal move\n\n", "{c} {v}: {e:?}"),
                }
            }
            let rg = history.last().unwrap();
            let b = s.engine().board();
            for row in 0..size {
                for col in 0..size {
                    assert_eq!(b.stone(b.point(col, row)), rg.board.get(col, row));
                }
            }
            moves_checked += 1;
        }
        s.engine().board().check_consistency().unwrap();
    }
    assert!(moves_checked > 2000, "{moves_checked}");
}

// ---- SGF --------------------------------------------------------------------------------

/// A random record, as moyo writes them: no duplicate setup points, a main line of moves.
fn random_record(r: &mut impl Rng) -> GameRecord {
    let size = r.gen_range(2..=25);
    let coord =
        |r: &mut Xoshiro256PlusPlus| (r.gen_range(0..size) as u8, r.gen_range(0..size) as u8);
    let mut r2 = Xoshiro256PlusPlus::seed_from_u64(r.next_u64());
    let mut black_setup = Vec::new();
    let mut white_setup = Vec::new();
    for _ in 0..r2.gen_range(0..5) {
        let p = coord(&mut r2);
        if !black_setup.contains(&p) && !white_setup.contains(&p) {
            if r2.gen_bool(0.5) {
                black_setup.push(p)
            } else {
                white_setup.push(p)
            }
        }
    }
    let moves = (0..r2.gen_range(0..60))
        .map(|i| {
            let c = if i % 2 == 0 {
                SgfColor::Black
            } else {
                SgfColor::White
            };
            RecordedMove::Play(c, (!r2.gen_bool(0.05)).then(|| coord(&mut r2)))
        })
        .collect();
    let text = |r: &mut Xoshiro256PlusPlus| -> Option<String> {
        let chars = ['a', 'Z', '9', ']', '\\', ':', '[', '+', '.', '黒', '-'];
        (r.gen_bool(0.7)).then(|| {
            (0..r.gen_range(1..12))
                .map(|_| chars[r.gen_range(0..chars.len())])
                .collect()
        })
    };
    GameRecord {
        size,
        komi: Some(f32::from(r2.gen_range(-20i8..20)) / 2.0),
        handicap: if black_setup.len() >= 2 {
            black_setup.len() as u32
        } else {
            0
        },
        black_setup,
        white_setup,
        moves,
        result: text(&mut r2),
        player_black: text(&mut r2),
        player_white: text(&mut r2),
        rules: text(&mut r2),
    }
}

#[test]
fn sgf_records_round_trip_and_mutations_never_panic() {
    let mut r = rng(4);
    let mut refused = 0;
    for case in 0..1500 {
        let rec = random_record(&mut r);
        let text = rec.to_sgf();
        assert_eq!(GameRecord::parse(&text).unwrap(), rec, "{text}");
        // Mutations: bytes flipped, dropped, repeated, cut.
        let mut bytes = text.into_bytes();
        for _ in 0..r.gen_range(1..6) {
            if bytes.is_empty() {
                break;
            }
            let i = r.gen_range(0..bytes.len());
            match r.gen_range(0..4) {
                0 => bytes[i] = r.r#gen(),
                1 => {
                    bytes.remove(i);
                }
                2 => {
                    let b = bytes[i];
                    bytes.insert(i, b);
                }
                _ => bytes.truncate(i),
            }
        }
        let mangled = String::from_utf8_lossy(&bytes).into_owned();
        let _ = GameRecord::parse(&mangled);
        let _ = parse_collection(&mangled);
        let _ = GameRecord::parse_all(&mangled).count();
        let _ = game_trees(&mangled).count();
        if case % 5 == 0 {
            // `loadsgf`'s reader: a file it refuses changes nothing.
            let mut e = Engine::new(small(9));
            e.play(Color::Black, Move::Play(e.board().point(2, 2)))
                .unwrap();
            let before = e.to_sgf();
            if e.load_sgf_text(&mangled, None).is_err() {
                refused += 1;
                assert_eq!(e.to_sgf(), before);
            }
            e.board().check_consistency().unwrap();
        }
    }
    assert!(refused > 10, "{refused} mangled files refused");
}
