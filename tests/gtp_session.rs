//! Golden GTP sessions: scripted input to the `moyo` binary and the full expected output,
//! plus sessions shaped like each front end (Sabaki, CGOS, kgsGtp, gogui-twogtp).

mod gtp_support;

use gtp_support::*;

const LIST: &str = "protocol_version
name
version
known_command
list_commands
quit
boardsize
rectangular_boardsize
clear_board
komi
play
genmove
undo
fixed_handicap
place_free_handicap
set_free_handicap
time_settings
time_left
final_score
estimate_score
final_status_list
final_status
loadsgf
reg_genmove
showboard
list_stones
all_legal
captures
findlib
move_history
query_boardsize
get_komi
get_handicap
top_moves
top_moves_black
top_moves_white
printsgf
kgs-genmove_cleanup
kgs-time_settings
kata-time_settings
kata-list_time_settings
kgs-rules
kata-set-rules
kata-set-rule
kata-get-rules
kgs-game_over
analyze
lz-analyze
kata-analyze
genmove_analyze
lz-genmove_analyze
kata-genmove_analyze
stop
clear_cache
cgos-opponent_name
cgos-opponent_rating
cgos-gameover
gogui-analyze_commands
gogui-version
gogui-interrupt
gogui-play_sequence
gogui-setup
gogui-setup_player
gg-undo
play_sequence
cputime
moyo-param
moyo-display
moyo-explain
moyo-ownership
moyo-visits
moyo-winrates
moyo-pv
moyo-gfx
moyo-territory
moyo-policy_genmove";

#[test]
fn administrative_commands_ids_and_errors() {
    let input = "\
1 protocol_version
name
2 version
known_command genmove
known_command KGS-GENMOVE_CLEANUP
known_command kgs-chat
known_command
frobnicate
42 frobnicate x y
list_commands
boardsize 0
boardsize 26
boardsize -1
boardsize nine
boardsize 99999999999999999999999
boardsize
komi abc
komi inf
komi 6.5 7
komi -12.5
3 komi 7
quit
name
";
    let expected = format!(
        "\
=1 2

= moyo

=2 {}

= true

= true

= false

? syntax error

? unknown command

?42 unknown command

= {LIST}

? unacceptable size

? unacceptable size

? unacceptable size

? syntax error

? unacceptable size

? syntax error

? syntax error

? syntax error

? syntax error

= 

=3 

= 

",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(run_script(FAST, input.as_bytes()), expected);
}

#[test]
fn preprocessing_crlf_tabs_comments_and_case() {
    let input = b"\
# a comment line\r\n\
\r\n\
   \t  \r\n\
boardsize\t5\r\n\
5 clear_board # comment after a command\r\n\
PLAY B c3\r\n\
Play WHITE D4\r\n\
play b\tI2\r\n\
play b i2\r\n\
play b A0\r\n\
play b F1\r\n\
play b pass\r\n\
play w PASS\r\n\
play green A1\r\n\
play b\r\n\
play b A1 A2\r\n\
pl\x00ay\x07 b e5\r\n\
6 showboard\r\n";
    let expected = "\
= 

=5 

= 

= 

? invalid vertex

? invalid vertex

? invalid vertex

? invalid vertex

= 

= 

? invalid color

? syntax error

? syntax error

= 

=6 
    A B C D E
 5  . . . . X  5
 4  . . . O .  4
 3  . . X . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E
white to play, komi 7.5, captured by black 0 by white 0

";
    assert_eq!(run_script(FAST, input), expected);
}

#[test]
fn illegal_moves_ko_suicide_and_undo() {
    // A ko on 5x5: Black D3 takes C3; White may not retake at once.
    let input = "\
boardsize 5
clear_board
komi 0.5
play b B3
play w C3
play b C4
play w D4
play b C2
play w D2
play b A1
play w E3
play b D3
1 play w C3
play w A5
play b pass
2 play w C3
3 play b D3
4 play b C3
play b B1
play b A2
5 play w B2
6 play w A1
undo
undo
7 play b D3
showboard
undo
undo
undo
undo
undo
undo
undo
undo
undo
undo
undo
undo
8 undo
showboard
";
    let expected = "\
= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

?1 illegal move

= 

= 

=2 

?3 illegal move

?4 illegal move

= 

= 

?5 illegal move

?6 illegal move

= 

= 

?7 illegal move

= 
    A B C D E
 5  O . . . .  5
 4  . . X O .  4
 3  . X O . O  3
 2  . . X O .  2
 1  X . . . .  1
    A B C D E
black to play, komi 0.5, captured by black 1 by white 1

= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

= 

?8 cannot undo

= 
    A B C D E
 5  . . . . .  5
 4  . . . . .  4
 3  . . . . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E
black to play, komi 0.5, captured by black 0 by white 0

";
    assert_transcript(&run_script(FAST, input.as_bytes()), expected);
}

#[test]
fn handicap_commands() {
    let input = "\
boardsize 19
clear_board
1 fixed_handicap 9
2 fixed_handicap 2
undo
clear_board
fixed_handicap 1
fixed_handicap 10
fixed_handicap x
fixed_handicap -5
3 place_free_handicap 4
clear_board
place_free_handicap 1
place_free_handicap 361
4 place_free_handicap 12
clear_board
set_free_handicap D4
set_free_handicap D4 D4
set_free_handicap D4 Z99
set_free_handicap D4 pass
set_free_handicap D4 I9
5 set_free_handicap D4 q16
6 set_free_handicap C3 C4
boardsize 9
7 fixed_handicap 5
boardsize 8
8 fixed_handicap 5
9 fixed_handicap 4
showboard
";
    let expected = "\
= 

= 

=1 D4 Q16 D16 Q4 D10 Q10 K4 K16 K10

?2 board not empty

? cannot undo

= 

? invalid number of stones

? invalid number of stones

? syntax error

? invalid number of stones

=3 D4 Q16 D16 Q4

= 

? invalid number of stones

? invalid number of stones

=4 D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 {vertex} {vertex} {vertex}

= 

? bad vertex list

? bad vertex list

? bad vertex list

? bad vertex list

? bad vertex list

=5 

?6 board not empty

= 

=7 C3 G7 C7 G3 E5

= 

?8 invalid number of stones

=9 C3 F6 C6 F3

= 
    A B C D E F G H
 8  . . . . . . . .  8
 7  . . . . . . . .  7
 6  . . X . . X . .  6
 5  . . . . . . . .  5
 4  . . . . . . . .  4
 3  . . X . . X . .  3
 2  . . . . . . . .  2
 1  . . . . . . . .  1
    A B C D E F G H
white to play, komi 7.5, captured by black 0 by white 0

";
    assert_transcript(&run_script(FAST, input.as_bytes()), expected);
}

/// A finished 7x7 game: both sides have single-point eyes (alive in any playout), Black owns
/// columns A-D, White E-G, and a dead white stone sits on B4 in Black's area.
const FINISHED: [&str; 7] = [
    ".X.XO.O", // 7
    "XXXXOOO", // 6
    "...XO.O", // 5
    ".O.XOOO", // 4
    "...XO.O", // 3
    "XXXXOOO", // 2
    ".X.XO.O", // 1
];

fn finished_script() -> String {
    let mut s = String::from("boardsize 7\nclear_board\nkomi 0.5\n");
    for (i, row) in FINISHED.iter().enumerate() {
        for (col, ch) in row.chars().enumerate() {
            let c = match ch {
                'X' => "b",
                'O' => "w",
                _ => continue,
            };
            let letter = (b'A' + col as u8) as char;
            s.push_str(&format!("play {c} {letter}{}\n", 7 - i));
        }
    }
    s.push_str("play b pass\nplay w pass\n");
    s
}

#[test]
fn final_score_and_status_on_a_finished_position() {
    let setup = finished_script();
    let input = format!(
        "{setup}\
1 final_status_list dead
2 final_status_list alive
3 final_status_list seki
4 final_status_list dame
5 final_score
6 final_score extra
kgs-rules japanese
7 final_score
8 final_status_list DEAD
9 final_status_list black_territory
10 final_status_list white_territory
11 final_status B4
12 final_status C5
13 final_status_list territory
"
    );
    let mut expected = String::new();
    for _ in setup.lines() {
        expected.push_str("= \n\n");
    }
    // Area: Black 15 stones + 4 eyes + 9 points around B4 = 28, White 17 + 4 = 21, komi 0.5.
    // Territory: Black 4 eyes + 9 points (B4's included) + 1 prisoner = 14, White 4 eyes.
    expected.push_str(
        "\
=1 B4

=2 B1 D1 A2 B2 C2 D2 D3 D4 D5 A6 B6 C6 D6 B7 D7
E1 G1 E2 F2 G2 E3 G3 E4 F4 G4 E5 G5 E6 F6 G6 E7 G7

=3 

=4 

=5 B+6.5

?6 syntax error

= 

=7 B+9.5

=8 B4

=9 A1 C1 A3 B3 C3 A4 C4 A5 B5 C5 A7 C7

=10 F1 F3 F5 F7

=11 dead

=12 black_territory

?13 syntax error

",
    );
    assert_transcript(&run_script(FAST, input.as_bytes()), &expected);
    // Tromp-Taylor (no stone removed) would give White the game: the engine must not pass
    // there as Black after White's pass. A genmove shows it plays on instead.
    let input = format!(
        "{}genmove b\n",
        finished_script().replace("play b pass\n", "")
    );
    let out = run_script(FAST, input.as_bytes());
    let last = responses(&out).pop().unwrap();
    assert!(
        matches("= {vertex}", &last),
        "Black must capture B4, not pass: {last}"
    );
}

#[test]
fn loadsgf_of_a_record_without_komi_keeps_the_komi() {
    let dir = temp_dir("loadsgf-komi");
    let sgf = dir.join("nokm.sgf");
    std::fs::write(&sgf, "(;GM[1]FF[4]SZ[9];B[ee];W[cc])").unwrap();
    let out = run_script(
        FAST,
        format!("komi 6.5\nloadsgf {}\nprintsgf\n", sgf.display()).as_bytes(),
    );
    let r = responses(&out);
    assert_eq!(r[1], "= black", "{out}");
    assert!(r[2].contains("SZ[9]KM[6.5]"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn loadsgf_and_printsgf_round_trip() {
    let dir = temp_dir("loadsgf");
    let sgf = dir.join("game.sgf");
    std::fs::write(
        &sgf,
        "(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg]PB[a#b]\n;W[ee];B[ce]\n;W[];B[ec](;W[aa])(;W[bb]))",
    )
    .unwrap();
    let out_sgf = dir.join("out.sgf");
    let input = format!(
        "\
1 loadsgf {sgf}
printsgf
showboard
2 loadsgf {sgf} 3
showboard
3 loadsgf {sgf} 1
4 loadsgf {sgf} 0
5 loadsgf {sgf} -1
6 loadsgf {missing}
7 loadsgf {dir}
8 loadsgf
9 loadsgf {sgf}
10 printsgf {out}
11 loadsgf {out}
printsgf
",
        sgf = sgf.display(),
        missing = dir.join("missing.sgf").display(),
        dir = dir.display(),
        out = out_sgf.display(),
    );
    let v = env!("CARGO_PKG_VERSION");
    let printed = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[moyo:{v}]SZ[9]KM[6.5]HA[2]RU[Chinese]PB[unknown]PW[unknown]AB[gg][cc];W[ee];B[ce];W[];B[ec];W[aa])"
    );
    let expected = format!(
        "\
=1 black

= {printed}

= 
    A B C D E F G H J
 9  O . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . X . X . . . .  7
 6  . . . . . . . . .  6
 5  . . X . O . . . .  5
 4  . . . . . . . . .  4
 3  . . . . . . X . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
black to play, komi 6.5, captured by black 0 by white 0

=2 white

= 
    A B C D E F G H J
 9  . . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . X . . . . . .  7
 6  . . . . . . . . .  6
 5  . . X . O . . . .  5
 4  . . . . . . . . .  4
 3  . . . . . . X . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
white to play, komi 6.5, captured by black 0 by white 0

=3 white

=4 white

?5 syntax error

?6 cannot load file: {{any}}

?7 cannot load file: not a regular file

?8 syntax error

=9 black

=10 

=11 black

= {printed}

"
    );
    // The first variation is the main line: W[aa]; a `#` in a name is never echoed.
    assert_transcript(&run_script(FAST, input.as_bytes()), &expected);
    let written = std::fs::read_to_string(&out_sgf).unwrap();
    assert_eq!(written.trim_end(), printed);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_sequence_all_or_nothing_and_analyze_commands() {
    let input = "\
boardsize 9
clear_board
1 gogui-play_sequence b E5 w E6 b D5
2 gogui-play_sequence b F5 w E5
3 play_sequence b F5 w
4 play_sequence b F5 w Z1
5 play_sequence
6 gogui-analyze_commands
7 moyo-param uct_c 0.5
8 moyo-param uct_c x
9 moyo-param nope 1
10 moyo-param uct_c
11 cputime
12 reg_genmove b
13 kgs-game_over
14 kgs-rules
15 kgs-rules chinese extra words
16 kgs-rules martian
showboard
";
    let expected = "\
= 

= 

=1 

?2 illegal move: white E5

?3 syntax error

?4 invalid vertex

=5 

=6 dboard/Ownership/moyo-ownership
pspairs/Visits/moyo-visits %m
sboard/Win rates/moyo-winrates %m
var/Principal variation/moyo-pv %m
gfx/Search/moyo-gfx %m
gfx/Territory/moyo-territory
plist/Dead stones/final_status_list dead
plist/Alive stones/final_status_list alive
hstring/Explain last move/moyo-explain
string/Final score/final_score
string/Estimate score/estimate_score
string/Show board/showboard
param/Parameters/moyo-param
param/Display/moyo-display
none/Print SGF/printsgf

=7 

?8 bad value for uct_c: x

?9 unknown parameter: nope

?10 syntax error

=11 {num}

=12 {gen}

=13 

?14 syntax error

=15 

?16 unknown rules martian

= 
    A B C D E F G H J
 9  . . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . . . . . . . .  7
 6  . . . . O . . . .  6
 5  . . . X X . . . .  5
 4  . . . . . . . . .  4
 3  . . . . . . . . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
white to play, komi 7.5, captured by black 0 by white 0

";
    assert_transcript(&run_script(FAST, input.as_bytes()), expected);
    // The parameter list uses GoGui's format and shows the new value.
    let out = run_script(FAST, b"moyo-param uct_c 0.5\nmoyo-param\n");
    let list = &responses(&out)[1];
    assert!(list.starts_with("= [string] "), "{list}");
    let list = list.strip_prefix("= ").unwrap();
    assert!(list.lines().any(|l| l == "[string] uct_c 0.5"), "{list}");
    assert!(
        list.lines()
            .all(|l| l.starts_with("[string] ") || l.starts_with("[bool] "))
    );
}

#[test]
fn sabaki_start() {
    // Sabaki: name, version, protocol_version, list_commands, then sync and genmove.
    let input = "\
name
version
protocol_version
list_commands
komi 6.5
boardsize 19
clear_board
play B D4
play W Q16
play B Q3
play W D17
genmove B
genmove W
undo
undo
play B R16
protocol_version
";
    let expected = format!(
        "\
= moyo

= {}

= 2

= {LIST}

= 

= 

= 

= 

= 

= 

= 

= {{move}}

= {{move}}

= 

= 

= 

= 2

",
        env!("CARGO_PKG_VERSION")
    );
    assert_transcript(&run_script(FAST, input.as_bytes()), &expected);
}

/// Reads the vertex out of a genmove answer and checks it.
fn gen_move(g: &mut Gtp, c: &str) -> String {
    let m = g.ok(&format!("genmove {c}"));
    assert!(matches("{gen}", &m), "genmove answered {m:?}");
    m
}

#[test]
fn cgos_session() {
    let mut g = Gtp::start(FAST);
    let list = g.ok("list_commands");
    for c in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "quit",
        "time_settings",
        "time_left",
    ] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
    }
    g.ok("boardsize 9");
    g.ok("komi 7");
    g.ok("time_settings 300 0 0");
    g.ok("clear_board");
    // The engine plays Black; White's moves come from the engine's own (legal) suggestions.
    let mut left = 300;
    let mut passes = 0;
    for _ in 0..40 {
        g.ok(&format!("time_left b {left} 0"));
        let m = gen_move(&mut g, "b");
        if m == "resign" {
            break;
        }
        passes = if m == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        left -= 1;
        let w = g.ok("reg_genmove w");
        if w == "resign" {
            break;
        }
        g.ok(&format!("play w {w}"));
        passes = if w == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
    }
    assert_eq!(g.ok("quit"), "");
}

#[test]
fn kgs_session() {
    let mut g = Gtp::start(FAST);
    let list = g.ok("list_commands");
    assert!(!list.contains("kgs-chat"));
    for c in [
        "kgs-genmove_cleanup",
        "kgs-time_settings",
        "kgs-rules",
        "final_status_list",
        "set_free_handicap",
        "place_free_handicap",
    ] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
    }
    g.ok("kgs-rules chinese");
    g.ok("boardsize 19");
    g.ok("boardsize 13");
    g.ok("clear_board");
    g.ok("komi 0.5");
    g.ok("kgs-time_settings byoyomi 600 30 5");
    g.ok("set_free_handicap D4 K10");
    // The engine is White in a handicap game.
    for i in 0..6 {
        g.ok(&format!("time_left w {} 0", 600 - i));
        let m = gen_move(&mut g, "w");
        assert_ne!(m, "resign");
        let b = g.ok("reg_genmove b");
        g.ok(&format!("play b {b}"));
    }
    g.ok("time_left w 25 3");
    gen_move(&mut g, "w");
    g.ok("play b pass");
    g.ok("play w pass");
    let dead = g.ok("final_status_list dead");
    for v in dead.split_whitespace() {
        assert!(matches("{vertex}", v), "{dead}");
    }
    // Dispute: cleanup phase.
    g.ok("undo");
    g.ok("undo");
    let m = g.ok("kgs-genmove_cleanup w");
    assert!(matches("{move}", &m), "cleanup answered {m:?}");
    g.ok("kgs-game_over");
    g.ok("kgs-time_settings none");
    g.ok("kgs-time_settings absolute 300");
    g.ok("kgs-time_settings canadian 300 30 10");
    assert_eq!(
        g.cmd("kgs-time_settings byoyomi 1 2"),
        Err("syntax error".into())
    );
    assert_eq!(
        g.cmd("kgs-time_settings fischer 1 2"),
        Err("syntax error".into())
    );
    g.finish();
}

#[test]
fn kgs_free_handicap_as_black() {
    let mut g = Gtp::start(FAST);
    g.ok("boardsize 19");
    g.ok("clear_board");
    let pts = g.ok("place_free_handicap 5");
    assert_eq!(pts, "D4 Q16 D16 Q4 K10");
    let m = g.ok("genmove w");
    assert!(matches("{move}", &m));
    g.finish();
}

#[test]
fn twogtp_self_play_to_the_end() {
    // gogui-twogtp sends time_settings once, never time_left, and asks final_score at the end.
    let mut g = Gtp::start(FAST);
    g.ok("boardsize 7");
    g.ok("clear_board");
    g.ok("komi 7.5");
    g.ok("time_settings 60 0 0");
    let mut passes = 0;
    let mut over = false;
    for i in 0..200 {
        let c = if i % 2 == 0 { "b" } else { "w" };
        let m = gen_move(&mut g, c);
        if m == "resign" {
            over = true;
            break;
        }
        passes = if m == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            over = true;
            break;
        }
    }
    assert!(over, "no end in 200 moves");
    let s = g.ok("final_score");
    assert!(matches("{score}", &s), "{s}");
    let cpu = g.ok("cputime");
    assert!(matches("{num}", &cpu));
    g.finish();
}

#[test]
fn gogui_setup_setup_player_and_gg_undo() {
    // GoGui sends a position with setup stones as gogui-setup, then who moves next.
    let input = "\
boardsize 5
clear_board
1 gogui-setup b C3 w C4 b B4
2 gogui-setup_player w
showboard
play w D3
play b A1
3 gg-undo 3
4 gg-undo 2
showboard
5 gg-undo
6 gg-undo 0
7 gogui-setup b C3
8 gogui-setup b A1 w C3
9 gogui-setup b A1 w pass
10 gogui-setup b A1 w
11 gogui-setup x A1
12 gogui-setup b Z9
13 gogui-setup_player
14 gogui-setup_player red
15 gg-undo -1
16 gg-undo x
17 gg-undo 1 2
18 gogui-setup b B5 b A4 w A5
showboard
play b D2
play w D3
19 gg-undo
20 gogui-setup_player white
showboard
";
    let expected = "\
= 

= 

=1 

=2 

= 
    A B C D E
 5  . . . . .  5
 4  . X O . .  4
 3  . . X . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E
white to play, komi 7.5, captured by black 0 by white 0

= 

= 

?3 cannot undo

=4 

= 
    A B C D E
 5  . . . . .  5
 4  . X O . .  4
 3  . . X . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E
black to play, komi 7.5, captured by black 0 by white 0

?5 cannot undo

=6 

?7 illegal setup stone: black C3

?8 illegal setup stone: white C3

?9 invalid vertex

?10 syntax error

?11 invalid color

?12 invalid vertex

?13 syntax error

?14 invalid color

?15 syntax error

?16 syntax error

?17 syntax error

?18 illegal setup stone: white A5

= 
    A B C D E
 5  . . . . .  5
 4  . X O . .  4
 3  . . X . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E
black to play, komi 7.5, captured by black 0 by white 0

= 

= 

=19 

=20 

= 
    A B C D E
 5  . . . . .  5
 4  . X O . .  4
 3  . . X . .  3
 2  . . . X .  2
 1  . . . . .  1
    A B C D E
white to play, komi 7.5, captured by black 0 by white 0

";
    assert_eq!(run_script(FAST, input.as_bytes()), expected);
}
