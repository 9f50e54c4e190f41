# GTP regression script (gogui-regress format): protocol-level answers that do not depend on
# the search. Run: gogui-regress "moyo --playouts 1000 --threads 1 --seed 1" protocol.tst
# (tests/gtp_scripts.rs runs every script in this folder).

1 protocol_version
#? [2]

2 name
#? [moyo]

3 known_command kgs-genmove_cleanup
#? [true]

4 known_command kgs-chat
#? [false]

boardsize 19
clear_board
10 fixed_handicap 4
#? [D4 Q16 D16 Q4]

clear_board
11 place_free_handicap 9
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10]

boardsize 9
clear_board
komi 7
play b E5
play w E6
play b D6
play w D7
play b F6
play w F7
play b E7
12 showboard
#? [.*7  \. \. \. O X O \. \. \.  7.*]

13 printsgf
#? [\(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[moyo:.*\]SZ\[9\]KM\[7\]RU\[Chinese\]PB\[unknown\]PW\[unknown\];B\[ee\];W\[ed\];B\[dd\];W\[dc\];B\[fd\];W\[fc\];B\[ec\]\)]

# Undo gives back the captured stone; the capture can be played again.
undo
14 gogui-play_sequence b E7
#? []

boardsize 5
clear_board
komi 0.5
play b pass
play w pass
15 final_score
#? [W\+0\.5]
