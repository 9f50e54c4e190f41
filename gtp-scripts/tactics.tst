# GTP regression script (gogui-regress format): tactics any reasonable search finds.
# Run: gogui-regress "moyo --playouts 1000 --threads 1 --seed 1" tactics.tst

# Five white stones in atari on the edge, the game hanging on them: capture them.
boardsize 7
clear_board
komi 0.5
play w A5
play b B5
play w A4
play b B4
play w A3
play w C3
play b B2
play w A2
play b B1
play w A1
play w E5
play b A6
play w E3
1 reg_genmove b
#? [B3]

# Four white stones in atari: White connects them to the stones at B4 and B6 (GNU Go 3.8
# level 10 plays B5 too); Black's B5 would capture them and split White in two.
boardsize 9
clear_board
komi 7
play b C6
play b D6
play b E6
play b F6
play b C4
play b D4
play b E4
play b F4
play b G5
play w C5
play w D5
play w E5
play w F5
play w G7
play w G3
play w B3
play w B6
play w B4
2 reg_genmove w
#? [B5]

# A finished game after White's pass: Black wins on the board and passes.
boardsize 7
clear_board
komi 0.5
play b B7
play b D7
play b A6
play b B6
play b C6
play b D6
play b D5
play b D4
play b D3
play b A2
play b B2
play b C2
play b D2
play b B1
play b D1
play w E7
play w G7
play w E6
play w F6
play w G6
play w E5
play w G5
play w E4
play w F4
play w G4
play w E3
play w G3
play w E2
play w F2
play w G2
play w E1
play w G1
play w pass
3 reg_genmove b
#? [pass]

# A dead white stone in Black's area: under Tromp-Taylor Black must not pass yet.
play w B4
play b pass
play w pass
4 final_status_list dead
#? [B4]

5 final_score
#? [B\+6\.5]

undo
undo
6 reg_genmove b
#? [!pass]

# A game against GNU Go (9x9, komi 7) after Black's pass. White's stones on the right (H7,
# J6-J5, H4, G3, H2-J2) live only if White moves first (H3); Black's H3 would capture them.
# White is ahead if they live, and a pass would leave them to a scorer that calls them dead
# (GNU Go did: jigo). White must not pass.
boardsize 9
clear_board
komi 7
play b G5
play w D5
play b F7
play w D7
play b D3
play w C3
play b C2
play w C4
play b E4
play w F6
play b G6
play w B2
play b D2
play w F8
play b G8
play w E7
play b G7
play w F5
play b F4
play w E9
play b B1
play w A2
play b G9
play w E5
play b F9
play w E8
play b D4
play w G3
play b G4
play w H2
play b F2
play w H4
play b H5
play w J5
play b J3
play w J2
play b H1
play w C1
play b D1
play w J6
play b G2
play w B4
play b C1
play w A1
play b pass
play w B5
play b pass
play w H7
play b pass
7 reg_genmove w
#? [!pass]
