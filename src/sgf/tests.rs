//! Unit tests of `sgf`: the parser, game information, setup and variations, the record
//! reader and writer, recovery after broken games, and malformed or hostile input.

use super::*;

/// The first file of the Fox game collection kept beside the repository (`shared/` next to
/// the clone; GPL-3 data, so not shipped inside this MIT crate).
const FOX_SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/games/fox-pro-19x19/fox-pro-00.sgf"
);

/// Reads a data file beside the repository: a test failure under CI (`CI` set, which
/// `.ci/run` does), where the data must be there; `None` with a note elsewhere (a user's
/// clone without `shared/`).
fn shared_data(path: &str) -> Option<Vec<u8>> {
    match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{path}: {e} (CI runs with shared/ beside the clone)"
            );
            eprintln!("SKIPPED: {path} not readable ({e})");
            None
        }
    }
}

fn play(c: SgfColor, p: Option<Coord>) -> RecordedMove {
    RecordedMove::Play(c, p)
}
use SgfColor::{Black as B, White as W};

#[test]
fn coordinates_follow_sgf_and_gtp_conventions() {
    // "dd" is D16 on 19x19: column D (3), 16th row from the bottom (15).
    assert_eq!(sgf_to_coord("dd", 19), Ok(Some((3, 15))));
    assert_eq!(sgf_to_coord("as", 19), Ok(Some((0, 0))));
    assert_eq!(sgf_to_coord("sa", 19), Ok(Some((18, 18))));
    assert_eq!(coord_to_sgf((3, 15), 19), "dd");
    assert_eq!(coord_to_sgf((0, 0), 19), "as");
    // Letters past z are uppercase.
    assert_eq!(sgf_to_coord("Aa", 52), Ok(Some((26, 51))));
    assert_eq!(coord_to_sgf((51, 0), 52), "ZZ");
    for size in 1..=MAX_SGF_SIZE {
        for col in 0..size as u8 {
            for row in 0..size as u8 {
                let s = coord_to_sgf((col, row), size);
                assert_eq!(sgf_to_coord(&s, size), Ok(Some((col, row))), "{s} {size}");
            }
        }
    }
    // Off-board points cannot be written.
    assert_eq!(coord_to_sgf((9, 0), 9), "");
    assert_eq!(coord_to_sgf((0, 0), 0), "");
    assert_eq!(coord_to_sgf((0, 0), 53), "");
    assert!(sgf_to_coord("aa", 0).is_err());
    assert!(sgf_to_coord("aa", 53).is_err());
    for bad in ["a", "abc", "a1", "é", "  ", "a]"] {
        assert!(sgf_to_coord(bad, 19).is_err(), "{bad:?}");
    }
}

#[test]
fn simple_game() {
    let text = "(;FF[4]GM[1]SZ[9]KM[6.5]RU[Chinese]PB[Alice]PW[Bob]RE[W+0.5]\n\
                ;B[ee];W[cc]\n;B[gg])";
    let rec = GameRecord::parse(text).unwrap();
    assert_eq!(rec.size, 9);
    assert_eq!(rec.komi, Some(6.5));
    assert_eq!(rec.handicap, 0);
    assert_eq!(rec.rules.as_deref(), Some("Chinese"));
    assert_eq!(rec.player_black.as_deref(), Some("Alice"));
    assert_eq!(rec.player_white.as_deref(), Some("Bob"));
    assert_eq!(rec.result.as_deref(), Some("W+0.5"));
    assert!(rec.black_setup.is_empty() && rec.white_setup.is_empty());
    assert_eq!(
        rec.moves,
        vec![
            play(B, Some((4, 4))),
            play(W, Some((2, 6))),
            play(B, Some((6, 2)))
        ]
    );

    let trees = parse_collection(text).unwrap();
    assert_eq!(trees.len(), 1);
    assert_eq!(trees[0].nodes.len(), 4);
    assert_eq!(trees[0].nodes[0].get("SZ"), Some(&["9".to_string()][..]));
    assert_eq!(trees[0].nodes[0].get_first("KM"), Some("6.5"));
    assert_eq!(trees[0].nodes[0].get("XX"), None);
}

#[test]
fn defaults_and_lenient_game_info() {
    let rec = GameRecord::parse("(;B[dd])").unwrap();
    assert_eq!((rec.size, rec.komi, rec.handicap), (19, None, 0));
    assert_eq!(rec.result, None);

    for (km, want) in [
        ("6.5pts", 6.5),
        ("  7.5 ", 7.5),
        ("-3", -3.0),
        ("+.5", 0.5),
        ("5.", 5.0),
        ("375", 375.0),
        ("garbage", 0.0),
        ("", 0.0),
        ("-", 0.0),
        ("1e999", 1.0),
        ("9999999999999999999999999999999999999999999", 0.0),
    ] {
        let rec = GameRecord::parse(&format!("(;KM[{km}])")).unwrap();
        assert_eq!(rec.komi, Some(want), "KM[{km}]");
    }
    let rec = GameRecord::parse("(;HA[3 stones])").unwrap();
    assert_eq!(rec.handicap, 3);
    let rec = GameRecord::parse("(;HA[many])").unwrap();
    assert_eq!(rec.handicap, 0);
    let rec = GameRecord::parse("(;SZ[ 13 ])").unwrap();
    assert_eq!(rec.size, 13);
    let rec = GameRecord::parse("(;SZ[13:13])").unwrap();
    assert_eq!(rec.size, 13);
    // Game info in a later main-line node is still found.
    let rec = GameRecord::parse("(;SZ[9];KM[5.5]PB[x];B[aa])").unwrap();
    assert_eq!(
        (rec.komi, rec.player_black.as_deref()),
        (Some(5.5), Some("x"))
    );
}

#[test]
fn passes_empty_and_tt() {
    let rec = GameRecord::parse("(;SZ[19];B[];W[tt];B[TT])");
    // "TT" is a point only on boards of 46+; on 19x19 it is off the board.
    assert!(rec.is_err());
    let rec = GameRecord::parse("(;SZ[19];B[];W[tt];B[ ])").unwrap();
    assert_eq!(rec.moves, vec![play(B, None), play(W, None), play(B, None)]);
    let rec = GameRecord::parse("(;SZ[9];W[tt])").unwrap();
    assert_eq!(rec.moves, vec![play(W, None)]);
    // On boards larger than 19, tt is an ordinary point, not a pass...
    let rec = GameRecord::parse("(;SZ[21];B[tt];W[])").unwrap();
    assert_eq!(rec.moves, vec![play(B, Some((19, 1))), play(W, None)]);
    assert_eq!(sgf_to_coord("tt", 21), Ok(Some((19, 1))));
    assert_eq!(sgf_to_coord("tt", 19), Ok(None));
    assert_eq!(sgf_to_coord("", 25), Ok(None));
    // ...and the letters past the board are errors.
    assert!(GameRecord::parse("(;SZ[21];B[vv])").is_err());
    assert!(GameRecord::parse("(;SZ[21];B[av])").is_err());
    assert!(GameRecord::parse("(;SZ[19];B[ut])").is_err());
    assert!(GameRecord::parse("(;SZ[19];B[ss])").is_ok());
}

#[test]
fn escaped_text() {
    let text = "(;PB[Lee \\]Sedol\\\\]PW[a\\\nb]C[He said \\[x\\]: 1\\\\2\\\r\n!]RE[\\B+R];B[aa])";
    let trees = parse_collection(text).unwrap();
    let root = &trees[0].nodes[0];
    assert_eq!(root.get_first("PB"), Some("Lee ]Sedol\\"));
    // An escaped newline (soft line break) is removed.
    assert_eq!(root.get_first("PW"), Some("ab"));
    assert_eq!(root.get_first("C"), Some("He said [x]: 1\\2!"));
    assert_eq!(root.get_first("RE"), Some("B+R"));
    // Unescaped newlines and multi-byte text are kept as they are.
    let trees = parse_collection("(;C[line1\nline2 \\é 蔡文驰]GN[])").unwrap();
    assert_eq!(
        trees[0].nodes[0].get_first("C"),
        Some("line1\nline2 é 蔡文驰")
    );
    assert_eq!(trees[0].nodes[0].get_first("GN"), Some(""));

    let rec = GameRecord::parse(text).unwrap();
    assert_eq!(rec.player_black.as_deref(), Some("Lee ]Sedol\\"));
    let again = GameRecord::parse(&rec.to_sgf()).unwrap();
    assert_eq!(again, rec);
}

#[test]
fn whitespace_and_multiple_values() {
    let text = " (\n ; SZ [9] \r\n AB [aa]\t[bb] \n ; B\n[cc] ) ";
    let trees = parse_collection(text).unwrap();
    assert_eq!(trees[0].nodes[0].get("AB").unwrap(), ["aa", "bb"]);
    let rec = GameRecord::from_tree(&trees[0]).unwrap();
    assert_eq!(rec.black_setup, vec![(0, 8), (1, 7)]);
    assert_eq!(rec.moves, vec![play(B, Some((2, 6)))]);
}

#[test]
fn ff3_lowercase_identifiers() {
    let trees = parse_collection("(;GaMe[1]SiZe[9]AddBlack[aa];Black[bb];White[cc])").unwrap();
    assert_eq!(trees[0].nodes[0].props[0].0, "GM");
    assert!(trees[0].nodes[0].has("AB"));
    let rec = GameRecord::from_tree(&trees[0]).unwrap();
    assert_eq!(rec.size, 9);
    assert_eq!(rec.black_setup, vec![(0, 8)]);
    assert_eq!(
        rec.moves,
        vec![play(B, Some((1, 7))), play(W, Some((2, 6)))]
    );
}

#[test]
fn variations_follow_main_line() {
    let text = "(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff];B[gg]))";
    let trees = parse_collection(text).unwrap();
    let tree = &trees[0];
    assert_eq!(tree.nodes.len(), 2);
    assert_eq!(tree.children.len(), 2);
    assert_eq!(tree.children[0].children.len(), 2);
    assert_eq!(tree.main_line().count(), 5);
    let rec = GameRecord::from_tree(tree).unwrap();
    let pts: Vec<_> = rec
        .moves
        .iter()
        .map(|m| match m {
            RecordedMove::Play(_, Some(p)) => coord_to_sgf(*p, 9),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(pts, ["aa", "bb", "cc", "dd"]);

    // The nested one-variation-per-move style some servers write.
    let rec = GameRecord::parse("(;SZ[9];B[aa] (;W[bb] (;B[cc] (;W[dd]))))").unwrap();
    assert_eq!(rec.moves.len(), 4);
}

#[test]
fn compressed_point_lists() {
    let rec = GameRecord::parse("(;SZ[5]AB[aa:bb][ee]AW[ca:cc]AE[])").unwrap();
    // aa:bb is the top-left 2x2 square: rows 4 and 3, columns 0 and 1.
    let mut black = rec.black_setup.clone();
    black.sort();
    assert_eq!(black, vec![(0, 3), (0, 4), (1, 3), (1, 4), (4, 0)]);
    let mut white = rec.white_setup.clone();
    white.sort();
    assert_eq!(white, vec![(2, 2), (2, 3), (2, 4)]);
    // Corners given in the other order mean the same rectangle.
    let rev = GameRecord::parse("(;SZ[5]AB[bb:aa])").unwrap();
    let mut rb = rev.black_setup;
    rb.sort();
    assert_eq!(rb, vec![(0, 3), (0, 4), (1, 3), (1, 4)]);
    // A whole 19x19 board.
    let all = GameRecord::parse("(;AW[aa:ss])").unwrap();
    assert_eq!(all.white_setup.len(), 361);
    // Bad rectangles.
    assert!(GameRecord::parse("(;SZ[5]AB[aa:ff])").is_err());
    assert!(GameRecord::parse("(;SZ[5]AB[aa:])").is_err());
    assert!(GameRecord::parse("(;SZ[9]AB[aa:tt])").is_err());
    assert!(GameRecord::parse("(;SZ[5]AB[a:b:c])").is_err());
}

#[test]
fn setup_before_and_after_moves() {
    let text = "(;SZ[9]HA[2]AB[cc];AB[gg]AW[ee];AE[cc];B[dd];W[ff];AB[aa]AE[dd];W[];AW[bb])";
    let rec = GameRecord::parse(text).unwrap();
    assert_eq!(rec.handicap, 2);
    // Nodes before the first move: setup lists (AE removes from them).
    assert_eq!(rec.black_setup, vec![(6, 2)]);
    assert_eq!(rec.white_setup, vec![(4, 4)]);
    assert_eq!(
        rec.moves,
        vec![
            play(B, Some((3, 5))),
            play(W, Some((5, 3))),
            RecordedMove::Setup {
                black: vec![(0, 8)],
                white: vec![],
                empty: vec![(3, 5)]
            },
            play(W, None),
            RecordedMove::Setup {
                black: vec![],
                white: vec![(1, 7)],
                empty: vec![]
            },
        ]
    );
    let again = GameRecord::parse(&rec.to_sgf()).unwrap();
    assert_eq!(again, rec);
}

#[test]
fn initial_setup_is_normalised() {
    // Duplicates collapse, later setup overrides earlier, file order kept.
    let rec = GameRecord::parse("(;SZ[9]AB[cc][aa][cc]AW[bb];AB[bb:cb]AW[aa];AE[cb])").unwrap();
    let p = |s: &str| sgf_to_coord(s, 9).unwrap().unwrap();
    assert_eq!(rec.black_setup, vec![p("cc"), p("bb")]);
    assert_eq!(rec.white_setup, vec![p("aa")]);
    // A whole-board rectangle given many times stays one board's worth.
    let text = format!("(;SZ[25]{})", "AB[aa:yy]".repeat(2000));
    let rec = GameRecord::parse(&text).unwrap();
    assert_eq!(rec.black_setup.len(), 625);
}

#[test]
fn collections_with_headers() {
    let text = "Some header (not a game) line\n\
                (;SZ[9];B[aa])\n(;SZ[13];W[bb])\r\n\n  (;SZ[19]\n;B[cc];W[dd])\n";
    let trees = parse_collection(text).unwrap();
    assert_eq!(trees.len(), 3);
    let sizes: Vec<_> = trees
        .iter()
        .map(|t| GameRecord::from_tree(t).unwrap().size)
        .collect();
    assert_eq!(sizes, [9, 13, 19]);
    // GameRecord::parse takes the first game and does not read the rest.
    let rec = GameRecord::parse("(;SZ[9];B[aa]) (;SZ[30]) ) garbage (").unwrap();
    assert_eq!(rec.size, 9);
    assert!(parse_collection("(;SZ[9];B[aa]) (;SZ[30]) ) garbage (").is_err());
}

#[test]
fn game_trees_recovers_from_damaged_games() {
    let text = "header\n(;SZ[9];B[aa])\n;SZ[9];B[bb])\n(;SZ[9];B[cc]\n  (;SZ[9];W[dd])\n\
                (;SZ[9];B[ee](;W[ff])x)\n(;SZ[9]C[unterminated\n(;SZ[9];B[gg])\n";
    let items: Vec<_> = game_trees(text).collect();
    let oks: Vec<_> = items
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .map(|t| GameRecord::from_tree(t).unwrap().moves)
        .collect();
    assert_eq!(
        oks,
        vec![
            vec![play(B, Some((0, 8)))],
            vec![play(W, Some((3, 5)))],
            vec![play(B, Some((6, 2)))]
        ]
    );
    assert_eq!(items.iter().filter(|r| r.is_err()).count(), 3);
    assert!(parse_collection(text).is_err());
    assert_eq!(game_trees("no games").count(), 0);
    assert_eq!(game_trees("").count(), 0);
    // Never loops forever on garbage.
    assert!(game_trees("(;B[aa]))))\n)))\n(;").count() <= 3);
}

#[test]
fn parse_all_reads_records_and_skips_bad_ones() {
    let text = "(;SZ[9];B[aa])\n(;SZ[9];B[zz]\n(;W[bb])\n(;W[cc]))\n(;SZ[30])\n\
                (;SZ[9];B[cc](;W[dd]\n)(;W[ee]))\n(;SZ[9];B[dd]\n";
    let items: Vec<_> = GameRecord::parse_all(text).collect();
    assert_eq!(items.len(), 5, "{items:?}");
    assert_eq!(
        items[0].as_ref().unwrap().moves,
        vec![play(B, Some((0, 8)))]
    );
    // A bad point spoils only its own game, variations and all...
    assert!(
        items[1]
            .as_ref()
            .unwrap_err()
            .message
            .contains("off the 9x9 board")
    );
    assert!(
        items[2]
            .as_ref()
            .unwrap_err()
            .message
            .contains("board size 30")
    );
    assert_eq!(
        items[3].as_ref().unwrap().moves,
        vec![play(B, Some((2, 6))), play(W, Some((3, 5)))]
    );
    // ...and the unclosed last game is a syntax error.
    assert!(
        items[4]
            .as_ref()
            .unwrap_err()
            .message
            .contains("end of input")
    );
    assert_eq!(GameRecord::parse_all("").count(), 0);
    assert_eq!(GameRecord::parse_all("no game").count(), 0);
}

#[test]
fn streamed_main_line_matches_tree() {
    for text in [
        "(;SZ[9];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff];B[gg]))",
        "(;SZ[9](;B[aa](;W[bb])(;W[cc]))(;B[dd](;W[ee])))",
        "(;SZ[9];B[aa](;W[bb](;B[cc](;W[dd](;B[ee])))(;B[ff]))(;W[gg]))",
        "(;AB[aa]SZ[9]AW[bb];AE[aa];B[cc];AB[dd]W[ee]AW[ff](;AE[ff];B[gg])(;W[hh]))",
        "(;SZ[9];KM[5]HA[2](;PB[x]RE[B+R];B[aa])(;PB[y]))",
    ] {
        let streamed = GameRecord::parse(text).unwrap();
        let tree = parse_first_tree(text).unwrap();
        assert_eq!(streamed, GameRecord::from_tree(&tree).unwrap(), "{text}");
    }
    let rec = GameRecord::parse("(;SZ[9](;B[aa](;W[bb])(;W[cc]))(;B[dd](;W[ee])))").unwrap();
    assert_eq!(
        rec.moves,
        vec![play(B, Some((0, 8))), play(W, Some((1, 7)))]
    );
}

#[test]
fn malformed_inputs_are_errors() {
    let cases = [
        "",
        "   \n",
        "no game here",
        "(;GM[1]SZ[19];B[aa];W[bb]",
        "(;GM[1]SZ[19];B[aa];W[bb",
        "(;GM[1]SZ[19];B[aa];W[bb\\]",
        "(;GM[1]SZ[19];B[aa];W[bb\\",
        "(GM[1]SZ[19];B[aa])",
        "(;SZ[19](B[aa]))",
        "(;SZ[19];B[aa]))",
        "(;SZ[19];B[aa])(;W[bb]",
        "(;SZ[19];B[aa]) (B[bb])",
        "(;B)",
        "(;B;W[aa])",
        "(;b[aa])",
        "(;B[aa] 123)",
        "(;B[aa]#)",
        "(;B[aa](;W[bb]);B[cc])",
        "(;B[aa](;W[bb])W[cc])",
        "(;SZ[19]é)",
        "(;B[aa]) ) ",
        "(;B[aa]) junk",
        "(;B[aa])\n;B[bb])",
        "(",
        ";B[aa]",
    ];
    for text in cases {
        match parse_collection(text) {
            Ok(t) => panic!("{text:?} parsed: {t:?}"),
            Err(e) => {
                assert!(!e.message.is_empty());
                assert!(e.offset.is_some_and(|o| o <= text.len()), "{text:?}: {e}");
            }
        }
        // GameRecord::parse reads only the first tree: these have a valid
        // first game followed by junk.
        let first_ok = ["(;SZ[19];B[aa])", "(;B[aa])"]
            .iter()
            .any(|p| text.starts_with(p));
        assert_eq!(GameRecord::parse(text).is_ok(), first_ok, "{text:?}");
    }

    // Syntactically fine, but not a usable game.
    let record_cases = [
        ("(;SZ[0])", "unsupported board size 0"),
        ("(;SZ[1])", "unsupported board size 1"),
        ("(;SZ[26])", "unsupported board size 26"),
        ("(;SZ[30])", "unsupported board size 30"),
        ("(;SZ[52])", "unsupported board size 52"),
        ("(;SZ[19:13])", "non-square board"),
        ("(;SZ[nine])", "invalid board size"),
        ("(;SZ[-1])", "invalid board size"),
        ("(;SZ[99999999999999999999999])", "invalid board size"),
        ("(;SZ[9];B[jj])", "off the 9x9 board"),
        ("(;SZ[19];B[zz])", "off the 19x19 board"),
        ("(;SZ[19];B[a])", "invalid point"),
        ("(;SZ[19];B[a1])", "invalid point"),
        ("(;SZ[9]AW[zz])", "AW"),
        ("(;SZ[9];B[aa];AE[zz])", "AE"),
    ];
    for (text, want) in record_cases {
        let err = GameRecord::parse(text).unwrap_err();
        assert!(err.message.contains(want), "{text}: {err}");
        assert!(parse_collection(text).is_ok(), "{text}");
    }
    assert!(GameRecord::from_tree(&GameTree::default()).is_err());
}

#[test]
fn error_messages_name_the_offset() {
    let err = parse_collection("(;B[aa];W[bb").unwrap_err();
    assert_eq!(err.offset, Some(9));
    assert_eq!(
        err.to_string(),
        "SGF error at byte 9: unterminated property value"
    );
    let err = parse_collection("(;B[aa]X)").unwrap_err();
    assert_eq!(err.offset, Some(8));
    assert!(err.message.contains("expected '['"), "{err}");
    let err = parse_collection("(;B[aa] ?)").unwrap_err();
    assert_eq!(err.offset, Some(8));
    // Record errors: located when read from text, not from a tree.
    let err = GameRecord::parse("(;SZ[30])").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SGF error at byte 2: unsupported board size 30"
    );
    let err = GameRecord::parse("(;AB[aa]\nSZ[9];B[jj])").unwrap_err();
    assert_eq!(err.offset, Some(15), "{err}");
    let err = GameRecord::parse("(;AB[zz]SZ[9];B[jj])").unwrap_err();
    assert_eq!(err.offset, Some(2), "{err}");
    let tree = parse_first_tree("(;SZ[30])").unwrap();
    let err = GameRecord::from_tree(&tree).unwrap_err();
    assert_eq!(err.to_string(), "SGF error: unsupported board size 30");
    let boxed: Box<dyn std::error::Error> = Box::new(err);
    assert!(boxed.to_string().contains("30"));
}

#[test]
fn round_trip() {
    let rec = GameRecord {
        size: 13,
        komi: Some(7.5),
        handicap: 2,
        black_setup: vec![(3, 3), (9, 9)],
        white_setup: vec![(0, 12)],
        moves: vec![
            play(W, Some((9, 3))),
            play(B, None),
            RecordedMove::Setup {
                black: vec![(12, 0)],
                white: vec![],
                empty: vec![(3, 3)],
            },
            RecordedMove::Setup {
                black: vec![],
                white: vec![],
                empty: vec![],
            },
            play(W, Some((12, 12))),
            play(W, None),
        ],
        result: Some("W+R".into()),
        player_black: Some("Black ] \\ player".into()),
        player_white: Some(String::new()),
        rules: Some("Japanese".into()),
    };
    let text = rec.to_sgf();
    assert!(
        text.starts_with(&format!(
            "(;FF[4]GM[1]CA[UTF-8]AP[moyo:{}]SZ[13]KM[7.5]HA[2]RU[Japanese]",
            env!("CARGO_PKG_VERSION")
        )),
        "{text}"
    );
    assert!(
        text.contains(";W[jj];B[];AB[mm]AE[dj];AE[];W[ma];W[]"),
        "{text}"
    );
    assert_eq!(GameRecord::parse(&text).unwrap(), rec);

    let plain = GameRecord::default();
    let text = plain.to_sgf();
    assert!(
        !text.contains("HA[") && !text.contains("PB[") && !text.contains("KM["),
        "{text}"
    );
    assert_eq!(GameRecord::parse(&text).unwrap(), plain);

    for size in [2, 9, 19, 20, 25] {
        let s = size as u8;
        let mut r = GameRecord {
            size,
            komi: Some(-0.5),
            ..GameRecord::default()
        };
        for i in 0..s {
            r.moves.push(play(B, Some((i, s - 1 - i))));
            r.moves.push(play(W, None));
        }
        assert_eq!(GameRecord::parse(&r.to_sgf()).unwrap(), r, "size {size}");
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    const DEPTH: usize = 100_000;
    let mut text = String::from("(;SZ[9]");
    for i in 0..DEPTH {
        text.push_str(if i % 2 == 0 { "(;B[tt]" } else { "(;W[]" });
    }
    let closed = format!("{text}{}", ")".repeat(DEPTH + 1));
    let trees = parse_collection(&closed).unwrap();
    let rec = GameRecord::from_tree(&trees[0]).unwrap();
    assert_eq!(rec.moves.len(), DEPTH);
    assert_eq!(GameRecord::parse(&closed).unwrap(), rec);
    assert_eq!(GameRecord::parse_all(&closed).count(), 1);
    // Clone, compare and Debug are iterative too.
    let copy = trees[0].clone();
    assert!(copy == trees[0]);
    let dbg = format!("{:?}", copy);
    assert_eq!(dbg.matches("GameTree {").count(), DEPTH + 1);
    drop(copy);
    drop(trees);

    // Unclosed, and only parentheses.
    assert!(parse_collection(&text).is_err());
    assert!(GameRecord::parse(&text).is_err());
    let parens = "(".repeat(DEPTH);
    assert!(parse_collection(&parens).is_err());
    let parens = format!("{}{}", "(;".repeat(DEPTH), ")".repeat(DEPTH));
    assert_eq!(parse_collection(&parens).unwrap().len(), 1);
    let parens = format!("(;{}{}", "(".repeat(DEPTH), ")".repeat(DEPTH + 1));
    assert!(parse_collection(&parens).is_err());
}

/// Deterministic xorshift64* for the fuzz loop.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Everything a caller might do with parsed input; none of it may panic,
/// and a record that reads must survive a round trip unchanged.
fn exercise(text: &str) {
    // Streaming and tree-based reading agree.
    let streamed = GameRecord::parse(text);
    let via_tree = parse_first_tree(text).and_then(|t| GameRecord::from_tree(&t));
    match (&streamed, &via_tree) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{text:?}: {streamed:?} vs {via_tree:?}"),
    }
    let all: Vec<_> = GameRecord::parse_all(text).collect();
    let trees: Vec<_> = game_trees(text).collect();
    assert_eq!(all.len(), trees.len(), "{text:?}");
    for (r, t) in all.iter().zip(&trees) {
        match (r, t) {
            (Ok(r), Ok(t)) => assert_eq!(Ok(r), GameRecord::from_tree(t).as_ref()),
            (Err(_), Ok(t)) => assert!(GameRecord::from_tree(t).is_err()),
            (Err(_), Err(_)) => {}
            (Ok(_), Err(e)) => panic!("{text:?}: tree error {e} but record read"),
        }
    }
    if let Ok(trees) = parse_collection(text) {
        for t in &trees {
            let _ = format!("{t:?}");
            assert!(t.clone() == *t);
            let _ = GameRecord::from_tree(t);
        }
    }
    if let Ok(rec) = GameRecord::parse(text) {
        let written = rec.to_sgf();
        let again = GameRecord::parse(&written)
            .unwrap_or_else(|e| panic!("re-read failed: {e}\n{text:?}\n{written}"));
        assert_eq!(again, rec, "{text:?}");
    }
}

#[test]
fn fuzz_mutations_never_panic() {
    let seeds = [
        "(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg]PB[a\\]b]C[x\\\\y];W[ee];B[]\
         (;W[dd:ff]AE[aa:bb];B[tt])(;W[ab]C[var]))",
        "(;SZ[19]AW[aa:ss]AB[jj];B[pd];W[dp];B[pp];W[dd](;B[qq])) (;SZ[5];B[cc])",
        "hdr (;GaMe[1]SiZe[7]AddBlack[aa];Black[bb];White[];AE[bb]AW[cc];B[gg])",
    ];
    let alphabet = b"()[];:\\ \nABWESZKMHtadgsTzZ0159.-";
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for iter in 0..20_000 {
        let mut bytes = seeds[iter % seeds.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let pos = rng.below(bytes.len() + 1);
            let byte = if rng.below(4) == 0 {
                (rng.below(95) + 32) as u8
            } else {
                alphabet[rng.below(alphabet.len())]
            };
            match rng.below(5) {
                0 | 1 if pos < bytes.len() => bytes[pos] = byte,
                2 => bytes.insert(pos, byte),
                3 if pos < bytes.len() => {
                    bytes.remove(pos);
                }
                4 => bytes.truncate(pos),
                _ => bytes.insert(pos, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        exercise(&text);
    }
    // Random bytes, including invalid UTF-8, through the byte entry point.
    for _ in 0..2_000 {
        let len = rng.below(64);
        let bytes: Vec<u8> = (0..len)
            .map(|_| match rng.below(3) {
                0 => rng.below(256) as u8,
                _ => alphabet[rng.below(alphabet.len())],
            })
            .collect();
        let _ = parse_collection_bytes(&bytes);
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn fox_sample_file_parses() {
    let Some(bytes) = shared_data(FOX_SAMPLE) else {
        return;
    };
    let start = std::time::Instant::now();
    let trees = parse_collection_bytes(&bytes).unwrap();
    let elapsed = start.elapsed();
    let lines = bytes
        .split(|&b| b == b'\n')
        .filter(|l| l.contains(&b'('))
        .count();
    assert_eq!(trees.len(), lines);
    let mut moves = 0;
    for tree in &trees {
        let rec = GameRecord::from_tree(tree).unwrap();
        assert_eq!(rec.size, 19);
        // Fox writes HA[n] both with and without AB stones; when there are
        // stones, there are n of them.
        if !rec.black_setup.is_empty() {
            assert_eq!(rec.black_setup.len(), rec.handicap as usize);
        }
        moves += rec.moves.len();
        assert_eq!(GameRecord::parse(&rec.to_sgf()).unwrap(), rec);
    }
    assert!(moves > 100 * trees.len());
    // The streaming reader gives the same records.
    let text = String::from_utf8_lossy(&bytes);
    let start = std::time::Instant::now();
    let records: Vec<_> = GameRecord::parse_all(&text).collect();
    let fast = start.elapsed();
    assert_eq!(records.len(), trees.len());
    for (r, t) in records.iter().zip(&trees) {
        assert_eq!(r.as_ref().unwrap(), &GameRecord::from_tree(t).unwrap());
    }
    eprintln!("parse_all: {fast:?}");

    // The last file of the set has 14 lines with a missing '(': the strict
    // parser refuses the file, the iterator recovers every good game.
    let last = FOX_SAMPLE.replace("-00.", "-09.");
    if let Some(bytes) = shared_data(&last) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(parse_collection(&text).is_err());
        let good_lines = text.lines().filter(|l| l.starts_with("(;")).count();
        let (ok, bad): (Vec<_>, Vec<_>) = game_trees(&text).partition(|r| r.is_ok());
        assert_eq!(ok.len(), good_lines);
        assert!(!bad.is_empty());
        for tree in ok.into_iter().flatten() {
            GameRecord::from_tree(&tree).unwrap();
        }
    }
    eprintln!(
        "{} games, {moves} moves, {} bytes parsed in {elapsed:?}",
        trees.len(),
        bytes.len()
    );
}

#[test]
fn trees_are_written_back_whole() {
    let text = "(;GM[1]FF[4]SZ[9]C[a \\] b \\\\ c]PB[x];B[ee]C[first](;W[cc];B[gg])\
                (;W[gc]LB[dd:A])(;W[];TR[aa][bb]))";
    let tree = parse_first_tree(text).unwrap();
    let written = tree.to_sgf();
    assert_eq!(parse_first_tree(&written).unwrap(), tree, "{written}");
    assert!(written.contains("C[a \\] b \\\\ c]"), "{written}");
    // An empty tree and a value-less property still make valid SGF.
    let mut odd = GameTree::default();
    odd.children.push(GameTree {
        nodes: vec![SgfNode {
            props: vec![("C".into(), Vec::new())],
        }],
        children: Vec::new(),
    });
    let back = parse_first_tree(&odd.to_sgf()).unwrap();
    assert_eq!(back.children[0].nodes[0].get_first("C"), Some(""));
}
