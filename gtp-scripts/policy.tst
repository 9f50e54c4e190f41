# GTP regression script (gogui-regress format) for the heavy playout policy alone:
# `moyo-policy_genmove` asks the simulation policy, without any search, for its move.
# Run: gogui-regress "moyo --seed 1" policy.tst

# Atari save: White's E6 put E5 in atari; the only sound escape is E4.
boardsize 9
clear_board
play b E5
play w D5
play w F5
play w E6
1 moyo-policy_genmove b
#? [E4]

# Atari save by capture or extension: D5 is itself in atari (D4), E4 extends.
clear_board
play b C5
play b D6
play b E5
play w D5
play w F5
play w E6
2 moyo-policy_genmove b
#? [D4|E4]

# No escape into a dead end: E4 leaves E5 with one liberty; the policy plays elsewhere.
clear_board
play w E3
play w D4
play w F4
play b E5
play w D5
play w F5
play w E6
3 moyo-policy_genmove b
#? [!E4]

# Nakade of three: White's corner eye space A1 B1 C1; Black kills at the vital point.
boardsize 7
clear_board
play b A3
play b B3
play b C3
play b D3
play b E3
play b E2
play b E1
play w A2
play w B2
play w D2
play w D1
play w C2
4 moyo-policy_genmove b
#? [B1]

# Pyramid four: eye space A1 B1 C1 B2; the vital point is B1.
boardsize 9
clear_board
play w A3
play w C3
play w B3
play w D1
play w C2
play w A2
5 moyo-policy_genmove b
#? [B1]

# Bulky five: eye space A1 B1 C1 A2 B2; the vital point is B1.
clear_board
play w C3
play w D1
play w B3
play w C2
play w A3
6 moyo-policy_genmove b
#? [B1]

# Capture, the bigger string first: E5-E6 (two stones) in atari at E7 beats C5 at C6.
# Patterns come before captures in MoGo's order, so they are switched off for this one.
moyo-param pattern_rate 0
clear_board
play b D5
play b D6
play b F5
play b F6
play b E4
play b B5
play b C4
play w C5
play w E6
play w E5
7 moyo-policy_genmove b
#? [E7]
moyo-param pattern_rate 1

# An own eye is never filled: Black's eye at A1, White's last move far away.
clear_board
play b A2
play b B2
play b B1
play w E5
8 moyo-policy_genmove b
#? [!A1]

# Approach move (Algorithm 4, the idea of the paper's Fig. 5): White's only pattern move, B7,
# would put White's A7 string in atari; the policy plays the connection at A6 instead.
moyo-param approach_rate 1
boardsize 9
clear_board
play b J3
play w D4
play b B4
play w A1
play b C5
play w B1
play b B8
play w J7
play b D3
play w E4
play b E3
play w F4
play b F3
play w G4
play b G3
play w H4
play b J4
play w J5
play b H5
play w J6
play b H6
play w H7
play b G7
play w G8
play b F7
play w F8
play b E7
play w E8
play b D7
play w D8
play b C7
play w E2
play b F2
play w F1
play b G1
play w E1
play b D2
play w C3
play b C4
play w D5
play b G2
play w C6
play b B6
play w D6
play b E6
play w A7
play b A8
9 moyo-policy_genmove w
#? [A6]

# Without approach moves the pattern move itself is played.
moyo-param approach_rate 0
10 moyo-policy_genmove w
#? [B7]
moyo-param approach_rate 0.5
