//! One engine process gets thousands of random and mutated lines from a seeded generator.
//! After each line the response must be well formed (or absent for an empty line), and at the
//! end the engine must still answer and its board must be consistent.

mod gtp_support;

use gtp_support::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Duration;

const LINES: usize = 3000;
const SENTINEL_ID: &str = "987654321";

const NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "loadsgf",
    "reg_genmove",
    "showboard",
    "printsgf",
    "kgs-genmove_cleanup",
    "kgs-time_settings",
    "kgs-rules",
    "kgs-game_over",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "gogui-play_sequence",
    "gogui-setup",
    "gogui-setup_player",
    "gg-undo",
    "play_sequence",
    "cputime",
    "moyo-param",
    "moyo-display",
    "rectangular_boardsize",
    "gogui-version",
    "moyo-explain",
    "moyo-ownership",
    "moyo-visits",
    "moyo-winrates",
    "moyo-pv",
    "moyo-gfx",
    "moyo-territory",
    "estimate_score",
    "stop",
    "clear_cache",
    "kata-time_settings",
    "kata-list_time_settings",
    "kata-set-rules",
    "kata-set-rule",
    "kata-get-rules",
    "cgos-opponent_rating",
    "moyo-policy_genmove",
    "list_stones",
    "all_legal",
    "captures",
    "findlib",
    "move_history",
    "query_boardsize",
    "get_komi",
    "get_handicap",
    "top_moves",
    "top_moves_black",
    "top_moves_white",
    "final_status",
    "analyze",
    "lz-analyze",
    "kata-analyze",
    "genmove_analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "cgos-opponent_name",
    "cgos-gameover",
    "kgs-chat",
    "frobnicate",
    "PLAY",
    "Genmove",
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "13",
    "19",
    "25",
    "26",
    "-1",
    "-100",
    "7.5",
    "-0.5",
    "1e10",
    "1e400",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "99999999999999999999",
    "0x10",
    "3.",
    ".5",
    "+5",
    "1e-300",
    "4294967296",
    "18446744073709551616",
    "600",
    "30",
];

const WORDS: &[&str] = &[
    "dead",
    "alive",
    "seki",
    "dame",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "japanese",
    "chinese",
    "tromp-taylor",
    "good.sgf",
    "bad.sgf",
    "missing.sgf",
    "out.sgf",
    "uct_c",
    "time_safety",
    "resign_threshold",
    "genmove",
    "b",
    "w",
    "black",
    "white",
    "pass",
    "PASS",
    "interval",
    "minmoves",
    "maxmoves",
    "ownership",
    "true",
    "allow",
    "avoid",
    "rootInfo",
    "D4,E5",
    "live_gfx",
    "progress",
    "fischer",
    "fischer-capped",
    "aga",
    "new-zealand",
    "koRule",
    "POSITIONAL",
    "scoringRule",
    "TERRITORY",
    "multiStoneSuicideLegal",
    "black_territory",
    "white_territory",
    "{\"ko\":\"simple\"}",
];

fn colour(r: &mut impl Rng) -> String {
    ["b", "w", "B", "W", "black", "White", "x", "bw", "-"][r.gen_range(0..9)].to_string()
}

fn vertex(r: &mut impl Rng, size: usize) -> String {
    match r.gen_range(0..10) {
        0 => "pass".into(),
        1 => ["I5", "a0", "A01", "Z99", "A-1", "11", "DD", "é4", "T20"][r.gen_range(0..9)].into(),
        2 => {
            let l = (b'A' + r.gen_range(0..26u8)) as char;
            format!("{l}{}", r.gen_range(0..30))
        }
        _ => {
            // Mostly on the board in use.
            let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
            let s = size.clamp(2, 25);
            let c = letters[r.gen_range(0..s)] as char;
            let c = if r.gen_bool(0.3) {
                c.to_ascii_lowercase()
            } else {
                c
            };
            format!("{c}{}", r.gen_range(1..=s))
        }
    }
}

fn arg(r: &mut impl Rng, size: usize) -> String {
    match r.gen_range(0..6) {
        0 => colour(r),
        1 | 2 => vertex(r, size),
        3 => NUMBERS[r.gen_range(0..NUMBERS.len())].into(),
        4 => WORDS[r.gen_range(0..WORDS.len())].into(),
        _ => (0..r.gen_range(1..8))
            .map(|_| r.gen_range(b'!'..=b'~') as char)
            .collect(),
    }
}

/// A command with plausible arguments (often exactly right, so games really progress).
fn command(r: &mut impl Rng, size: &mut usize) -> String {
    let line = match r.gen_range(0..20) {
        0..=5 => format!("play {} {}", colour(r), vertex(r, *size)),
        6 => {
            let n = [2, 5, 7, 9, 9, 9, 13, 19, 25, 26, 0][r.gen_range(0..11)];
            if (2..=25).contains(&n) {
                *size = n;
            }
            format!("boardsize {n}")
        }
        7 => "clear_board".into(),
        8 => "undo".into(),
        9 => format!("genmove {}", colour(r)),
        10 => {
            let n = r.gen_range(0..6);
            let pairs: Vec<String> = (0..n)
                .map(|_| format!("{} {}", colour(r), vertex(r, *size)))
                .collect();
            format!("gogui-play_sequence {}", pairs.join(" "))
        }
        11 => {
            let n = r.gen_range(0..5);
            let v: Vec<String> = (0..n).map(|_| vertex(r, *size)).collect();
            format!("set_free_handicap {}", v.join(" "))
        }
        12 => format!(
            "{} {}",
            ["fixed_handicap", "place_free_handicap"][r.gen_range(0..2)],
            NUMBERS[r.gen_range(0..NUMBERS.len())]
        ),
        13 => format!(
            "loadsgf {} {}",
            WORDS[r.gen_range(10..15)],
            NUMBERS[r.gen_range(0..8)]
        ),
        14 => "printsgf out.sgf".into(),
        15 => [
            "final_score",
            "final_status_list dead",
            "showboard",
            "printsgf",
        ][r.gen_range(0..4)]
        .into(),
        16 => format!(
            "time_left {} {} {}",
            colour(r),
            NUMBERS[r.gen_range(0..NUMBERS.len())],
            NUMBERS[r.gen_range(0..NUMBERS.len())]
        ),
        _ => {
            let name = NAMES[r.gen_range(0..NAMES.len())];
            let n = r.gen_range(0..5);
            let args: Vec<String> = (0..n).map(|_| arg(r, *size)).collect();
            format!("{name} {}", args.join(" "))
        }
    };
    if r.gen_bool(0.2) {
        format!("{} {line}", r.gen_range(0..100_000u32))
    } else {
        line
    }
}

/// Random damage to a line: control characters, tabs, CR, `#`, case, deletions, bytes.
fn mutate(r: &mut impl Rng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    for _ in 0..r.gen_range(1..4) {
        let at = r.gen_range(0..=b.len());
        match r.gen_range(0..8) {
            0 => b.insert(at, r.gen_range(0..32u8)),
            1 => b.insert(at, b'\t'),
            2 => b.insert(at, b'\r'),
            3 => b.insert(at, b'#'),
            4 if at < b.len() => {
                b.remove(at);
            }
            5 => b.insert(at, r.gen_range(0x80..=0xffu8)),
            6 => b.make_ascii_uppercase(),
            _ => b.insert(at, b' '),
        }
    }
    b.retain(|&c| c != b'\n');
    b
}

fn random_bytes(r: &mut impl Rng) -> Vec<u8> {
    let n = r.gen_range(0..100);
    let mut b: Vec<u8> = (0..n).map(|_| r.r#gen::<u8>()).collect();
    b.retain(|&c| c != b'\n');
    b
}

/// What the engine should make of a line: `None` when it is empty after preprocessing, else
/// the id it must echo; only for lines whose preprocessing is certain (ASCII).
fn expectation(line: &[u8]) -> Option<Option<Option<String>>> {
    if !line.is_ascii() {
        return None;
    }
    let mut s = String::new();
    for &c in line {
        match c {
            b'#' => break,
            b'\t' => s.push(' '),
            c if c < 32 || c == 127 => {}
            c => s.push(c as char),
        }
    }
    let mut words = s.split_ascii_whitespace();
    let first = words.next();
    Some(first.map(|w| w.bytes().all(|c| c.is_ascii_digit()).then(|| w.to_string())))
}

/// Whether the engine would read the line as `quit` (never sent: it would end the test).
fn is_quit(line: &[u8]) -> bool {
    let text: String = String::from_utf8_lossy(line)
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .collect();
    let text = text.split('#').next().unwrap_or("").replace('\t', " ");
    let mut words = text.split_ascii_whitespace();
    let mut first = words.next().unwrap_or("");
    if first.bytes().all(|c| c.is_ascii_digit()) {
        first = words.next().unwrap_or("");
    }
    first.eq_ignore_ascii_case("quit")
}

fn check_framing(resp: &str, line: &[u8]) {
    let ctx = || {
        format!(
            "line {:?}\nresponse {:?}",
            String::from_utf8_lossy(line),
            resp
        )
    };
    assert!(resp.ends_with("\n\n"), "{}", ctx());
    let body = &resp[..resp.len() - 2];
    assert!(
        !body.contains("\n\n") && !body.contains('#') && !body.contains('\r'),
        "{}",
        ctx()
    );
    assert!(resp.starts_with('=') || resp.starts_with('?'), "{}", ctx());
    let after = resp[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    assert!(after.starts_with(' '), "{}", ctx());
}

/// Sends a line, then a sentinel; returns the responses before the sentinel's.
fn exchange(g: &mut Gtp, line: &[u8]) -> Vec<String> {
    let mut bytes = line.to_vec();
    bytes.push(b'\n');
    bytes.extend_from_slice(format!("{SENTINEL_ID} protocol_version\n").as_bytes());
    g.send_raw(&bytes);
    let mut got = Vec::new();
    loop {
        let r = g.response();
        if r == format!("={SENTINEL_ID} 2\n\n") {
            return got;
        }
        check_framing(&r, line);
        got.push(r);
        assert!(
            got.len() <= 1,
            "more than one response to {:?}: {got:?}",
            String::from_utf8_lossy(line)
        );
    }
}

/// Parses a showboard answer into rows (top first) of 'X', 'O', '.'.
fn board_grid(show: &str) -> Vec<Vec<char>> {
    let lines: Vec<&str> = show.lines().filter(|l| !l.trim().is_empty()).collect();
    let header = lines[0].split_whitespace().count();
    let rows: Vec<Vec<char>> = lines
        .iter()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(cells.len(), header + 2, "row {l:?}");
            cells[1..=header]
                .iter()
                .map(|c| c.chars().next().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), header, "rows of\n{show}");
    for row in &rows {
        assert!(row.iter().all(|c| ".XO".contains(*c)), "{show}");
    }
    rows
}

/// Every string on the grid has a liberty.
fn check_liberties(grid: &[Vec<char>]) {
    let n = grid.len();
    let mut seen = vec![vec![false; n]; n];
    for r in 0..n {
        for c in 0..n {
            if grid[r][c] == '.' || seen[r][c] {
                continue;
            }
            let colour = grid[r][c];
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            let mut libs = 0;
            while let Some((y, x)) = stack.pop() {
                let mut nb = Vec::new();
                if y > 0 {
                    nb.push((y - 1, x));
                }
                if y + 1 < n {
                    nb.push((y + 1, x));
                }
                if x > 0 {
                    nb.push((y, x - 1));
                }
                if x + 1 < n {
                    nb.push((y, x + 1));
                }
                for (yy, xx) in nb {
                    if grid[yy][xx] == '.' {
                        libs += 1;
                    } else if grid[yy][xx] == colour && !seen[yy][xx] {
                        seen[yy][xx] = true;
                        stack.push((yy, xx));
                    }
                }
            }
            assert!(libs > 0, "string at row {r} col {c} has no liberty");
        }
    }
}

#[test]
fn thousands_of_random_lines() {
    let dir = temp_dir("fuzz");
    std::fs::write(
        dir.join("good.sgf"),
        "(;SZ[9]KM[7]AB[cc]AW[gg];B[ee];W[ec];B[];W[dd])",
    )
    .unwrap();
    std::fs::write(dir.join("bad.sgf"), "(;SZ[9];B[ee];W[ee])(((garbage").unwrap();
    let args = [
        "--playouts",
        "5",
        "--threads",
        "1",
        "--seed",
        "3",
        "--quiet",
    ];
    let mut g = Gtp::start_in(&args, Some(&dir));
    g.timeout = Duration::from_secs(20);
    let mut r = Xoshiro256PlusPlus::seed_from_u64(20240601);
    let mut size = 19;
    let mut answered = 0;
    let mut successes = 0;
    for i in 0..LINES {
        let line: Vec<u8> = match r.gen_range(0..10) {
            0 | 1 => random_bytes(&mut r),
            2 | 3 => {
                let c = command(&mut r, &mut size);
                mutate(&mut r, &c)
            }
            _ => command(&mut r, &mut size).into_bytes(),
        };
        let line = if i == LINES / 3 {
            // A line over the limit, with an id.
            let mut l = b"77 play b ".to_vec();
            l.extend(std::iter::repeat_n(b'x', (1 << 20) + 100));
            l
        } else if i == LINES / 2 {
            // A long comment: no answer at all.
            let mut l = b"# ".to_vec();
            l.extend(std::iter::repeat_n(b'y', (1 << 20) + 100));
            l
        } else {
            line
        };
        if is_quit(&line) {
            continue;
        }
        let got = exchange(&mut g, &line);
        if i == LINES / 3 {
            assert_eq!(got, ["?77 line too long\n\n"]);
        }
        if let Some(exp) = expectation(&line) {
            match exp {
                None => assert!(
                    got.is_empty(),
                    "{:?} got {got:?}",
                    String::from_utf8_lossy(&line)
                ),
                Some(id) => {
                    assert_eq!(
                        got.len(),
                        1,
                        "no answer to {:?}",
                        String::from_utf8_lossy(&line)
                    );
                    let want = id.unwrap_or_default();
                    let echoed = got[0][1..].split(' ').next().unwrap();
                    assert_eq!(echoed, want, "id of {:?}", String::from_utf8_lossy(&line));
                }
            }
        }
        answered += got.len();
        successes += got.iter().filter(|r| r.starts_with('=')).count();
    }
    eprintln!("{answered} answers, {successes} successes");
    assert!(answered > LINES / 2);
    assert!(successes > LINES / 5);
    // Still alive, and the board is sound.
    assert_eq!(g.ok("protocol_version"), "2");
    let show = g.ok("showboard");
    let grid = board_grid(&show);
    check_liberties(&grid);
    eprintln!("final board:{show}");
    // The game record replays to the same board in a fresh engine.
    g.ok("printsgf final.sgf");
    let mut h = Gtp::start_in(&args, Some(&dir));
    h.ok("loadsgf final.sgf");
    assert_eq!(board_grid(&h.ok("showboard")), grid);
    h.finish();
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn binary_garbage_burst_in_one_write() {
    // Everything at once, without waiting: the engine answers in order and survives.
    let mut r = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut input = Vec::new();
    let mut expected_answers = 0;
    for _ in 0..500 {
        let line = random_bytes(&mut r);
        if is_quit(&line) {
            continue;
        }
        if let Some(Some(_)) = expectation(&line) {
            expected_answers += 1;
        }
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    input.extend_from_slice(b"1 protocol_version\n");
    let out = run_script(
        &[
            "--playouts",
            "5",
            "--threads",
            "1",
            "--seed",
            "1",
            "--quiet",
        ],
        &input,
    );
    let resp = responses(&out);
    assert!(resp.len() > expected_answers, "{} answers", resp.len());
    for r in &resp {
        assert!(r.starts_with('=') || r.starts_with('?'), "{r:?}");
    }
    assert_eq!(resp.last().unwrap(), "=1 2");
}
