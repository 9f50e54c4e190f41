//! moyo's game records read by a second, independent client: sgfmill, the Python SGF library
//! of the Go community. `tests/sgfmill/read.py` prints what sgfmill finds in a file; the
//! tests compare it with what moyo played and wrote: the moves, the setup stones, komi, the
//! rules, the players and the result. Two writers are checked: `printsgf` at the end of a
//! game, and the referee's saved games.
//!
//! Needs Python with sgfmill: `.ci/run` makes a virtual environment `target/sgfmill-venv`
//! and installs it there; `MOYO_SGFMILL_PYTHON` names another interpreter. Under CI (`CI`
//! set) a missing sgfmill fails the tests; elsewhere they say on stderr that they skip.

mod gtp_support;

use gtp_support::*;
use moyo::sgf::{GameRecord, RecordedMove, SgfColor};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What sgfmill read from `file`, as `key value` lines.
fn sgfmill_read(python: &Path, file: &Path) -> Vec<(String, String)> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sgfmill/read.py");
    let out = Command::new(python)
        .arg(script)
        .arg(file)
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "sgfmill refused {}:\n{}\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr),
        std::fs::read_to_string(file).unwrap_or_default()
    );
    stdout
        .lines()
        .map(|l| {
            let (k, v) = l.split_once(' ').unwrap_or((l, ""));
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn value<'a>(read: &'a [(String, String)], key: &str) -> &'a str {
    read.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("sgfmill gave no {key}: {read:?}"))
}

/// The moves sgfmill found, as `b D4` / `w pass`.
fn moves(read: &[(String, String)]) -> Vec<String> {
    read.iter()
        .filter(|(k, _)| k == "move")
        .map(|(_, v)| v.clone())
        .collect()
}

fn is_pass(m: &str) -> bool {
    m.eq_ignore_ascii_case("pass")
}

/// A 9x9 game on one engine: moyo (White) answers `genmove`, the opponent's moves (Black)
/// come with `play` (chosen by `reg_genmove`, which plays nothing), until two passes or a
/// resignation; then `printsgf`. sgfmill must read the same moves, the players, the rules
/// and the result.
#[test]
fn printsgf_loads_in_sgfmill_with_moves_players_and_result() {
    let Some(python) = sgfmill_python() else {
        return;
    };
    let dir = temp_dir("sgfmill-printsgf");
    let mut g = Gtp::start(&[
        "--playouts",
        "60",
        "--threads",
        "1",
        "--seed",
        "5",
        "--quiet",
    ]);
    g.ok("cgos-opponent_name gnugo-3.8");
    g.ok("boardsize 9");
    g.ok("clear_board");
    g.ok("komi 6.5");
    let mut played: Vec<String> = Vec::new();
    let mut passes = 0;
    let mut result: Option<String> = None;
    for ply in 0..300 {
        let (side, m) = if ply % 2 == 0 {
            let m = g.ok("reg_genmove b");
            if m != "resign" {
                g.ok(&format!("play b {m}"));
            }
            ("b", m)
        } else {
            ("w", g.ok("genmove w"))
        };
        if m == "resign" {
            // The controller tells how the game ended when the opponent resigns; moyo knows
            // its own resignation.
            let winner = if side == "b" { "W" } else { "B" };
            if side == "b" {
                g.ok(&format!("cgos-gameover {winner}+Resign"));
            }
            result = Some(format!("{winner}+R"));
            break;
        }
        played.push(format!("{side} {}", if is_pass(&m) { "pass" } else { &m }));
        passes = if is_pass(&m) { passes + 1 } else { 0 };
        if passes == 2 {
            result = Some(g.ok("final_score"));
            break;
        }
    }
    let result = result.expect("the game ended within 300 moves");
    let file = dir.join("game.sgf");
    let printed = g.ok("printsgf");
    g.ok(&format!("printsgf {}", file.display()));
    g.finish();
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim_end(), printed);
    let read = sgfmill_read(&python, &file);
    eprintln!("{} moves, {result}", played.len());
    assert_eq!(moves(&read), played);
    assert_eq!(value(&read, "size"), "9");
    assert_eq!(value(&read, "komi"), "6.5");
    assert_eq!(value(&read, "RU"), "Chinese");
    assert_eq!(value(&read, "PB"), "gnugo-3.8");
    assert_eq!(value(&read, "PW"), "moyo");
    assert_eq!(value(&read, "RE"), result);
    let winner = match result.as_bytes()[0] {
        b'B' => "b",
        b'W' => "w",
        _ => "-",
    };
    assert_eq!(value(&read, "winner"), winner);
}

/// The referee's saved games (moyo against itself, with a handicap so that the setup stones
/// are written too) read the same in sgfmill as in moyo's own reader, result included.
#[test]
fn referee_games_load_in_sgfmill() {
    let Some(python) = sgfmill_python() else {
        return;
    };
    let dir = temp_dir("sgfmill-referee");
    let moyo = |seed: u32| {
        format!(
            "{} --playouts 40 --threads 1 --seed {seed} --quiet --no-book",
            env!("CARGO_BIN_EXE_moyo")
        )
    };
    let out = Command::new(env!("CARGO_BIN_EXE_moyo-referee"))
        .args(["--black", &moyo(1), "--white", &moyo(2)])
        .args([
            "--games",
            "2",
            "--size",
            "9",
            "--komi",
            "0.5",
            "--handicap",
            "2",
        ])
        .arg("--sgf-dir")
        .arg(&dir)
        .output()
        .expect("the referee runs");
    assert!(
        out.status.success(),
        "referee failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let rec = GameRecord::parse(&text).expect("moyo reads its own record");
        let read = sgfmill_read(&python, &file);
        let ours: Vec<String> = rec
            .moves
            .iter()
            .map(|m| match m {
                RecordedMove::Play(c, at) => {
                    let side = if *c == SgfColor::Black { "b" } else { "w" };
                    let v = at.map_or("pass".to_string(), |(x, y)| vertex(x, y));
                    format!("{side} {v}")
                }
                RecordedMove::Setup { .. } => panic!("the referee writes no setup nodes"),
            })
            .collect();
        assert!(ours.len() >= 10, "{}: a real game", file.display());
        assert_eq!(moves(&read), ours, "{}", file.display());
        let mut setup: Vec<String> = rec.black_setup.iter().map(|&(x, y)| vertex(x, y)).collect();
        setup.sort();
        assert_eq!(value(&read, "AB"), setup.join(" "));
        assert_eq!(setup.len(), 2);
        assert_eq!(value(&read, "HA"), "2");
        let re = rec.result.expect("the referee writes RE");
        assert!(
            re == "0" || re.starts_with("B+") || re.starts_with("W+"),
            "{re}"
        );
        assert_eq!(value(&read, "RE"), re);
        assert_eq!(value(&read, "PB"), rec.player_black.unwrap());
        assert_eq!(value(&read, "PW"), rec.player_white.unwrap());
        assert_eq!(value(&read, "komi"), "0.5");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The GTP vertex of 0-based (col, row).
fn vertex(x: u8, y: u8) -> String {
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", letters[usize::from(x)] as char, y + 1)
}
