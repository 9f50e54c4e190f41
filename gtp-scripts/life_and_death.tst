# GTP regression script (gogui-regress format): life and death, nakade (MoGo section 3.2:
# the vital point of a three-point eye space decides whether the group lives).
# Run: gogui-regress "moyo --playouts 1000 --threads 1 --seed 1" life_and_death.tst

# Black's 15 stones along the bottom have a straight three in the corner (A1-C1); komi -50
# makes the group's life decide the game. White kills at the vital point...
boardsize 9
clear_board
komi -50
play b A2
play b B2
play b C2
play b D2
play b E2
play b F2
play b G2
play b H2
play b J2
play b D1
play b E1
play b F1
play b G1
play b H1
play b J1
play w A3
play w B3
play w C3
play w D3
play w E3
play w F3
play w G3
play w H3
play w J3
1 reg_genmove w
#? [B1]

# ...and Black lives there with two eyes.
2 reg_genmove b
#? [B1]
