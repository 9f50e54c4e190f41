# Book regression suite, written by `moyo book suite`: 10 positions of data/books/book-13x13-komi7.5-area.book (embedded)
# (13x13 komi 7.5 area scoring) down to depth 30 whose best move is ahead of every other by at least 0.02
# in win rate, by the book's propagated values and by the positions' own evaluations.
# The script switches the book off: the search must find the book's move.
# Run: gogui-regress "moyo --threads 1 --seed 1 --playouts 10000" book-13x13.tst

moyo-param book_max_moves 0

# L4 J4 J3 H3 K3 G4 H5 G5 H4: white to move, book H6 0.594, next best 0.560
boardsize 13
clear_board
komi 7.5
play b L4
play w J4
play b J3
play w H3
play b K3
play w G4
play b H5
play w G5
play b H4
1 reg_genmove w
#? [H6]

# G7 G4 G5: white to move, book F5 0.538, next best 0.487
boardsize 13
clear_board
komi 7.5
play b G7
play w G4
play b G5
2 reg_genmove w
#? [F5|H5]

# G6 E5 E6: white to move, book D6 0.516, next best 0.488
boardsize 13
clear_board
komi 7.5
play b G6
play w E5
play b E6
3 reg_genmove w
#? [D6]

# L4 J4 J3: white to move, book H3 0.547, next best 0.517
boardsize 13
clear_board
komi 7.5
play b L4
play w J4
play b J3
4 reg_genmove w
#? [H3]

# G11 L4 D4 F3 C6 D2 C3 J3 H4 F5 H3 J4 H5 C2 B2 K7: black to move, book F4 0.510, next best 0.485
boardsize 13
clear_board
komi 7.5
play b G11
play w L4
play b D4
play w F3
play b C6
play w D2
play b C3
play w J3
play b H4
play w F5
play b H3
play w J4
play b H5
play w C2
play b B2
play w K7
5 reg_genmove b
#? [F4]

# D10 F11 J11: white to move, book F9 0.537, next best 0.514
boardsize 13
clear_board
komi 7.5
play b D10
play w F11
play b J11
6 reg_genmove w
#? [F9]

# L4 J4 J3 H3 K3 G4 H5 G5: black to move, book H6 0.453, next best 0.430
boardsize 13
clear_board
komi 7.5
play b L4
play w J4
play b J3
play w H3
play b K3
play w G4
play b H5
play w G5
7 reg_genmove b
#? [H6]

# G7 G4 L8 D11 C9 D9 D8 E9 C10 C11 C5 C8 C7: white to move, book B8 0.525, next best 0.484
boardsize 13
clear_board
komi 7.5
play b G7
play w G4
play b L8
play w D11
play b C9
play w D9
play b D8
play w E9
play b C10
play w C11
play b C5
play w C8
play b C7
8 reg_genmove w
#? [B8]

# G11 D10 D3: white to move, book G9 0.527, next best 0.505
boardsize 13
clear_board
komi 7.5
play b G11
play w D10
play b D3
9 reg_genmove w
#? [G9]

# G7 F7 G5 G8: black to move, book F8 0.488, next best 0.467
boardsize 13
clear_board
komi 7.5
play b G7
play w F7
play b G5
play w G8
10 reg_genmove b
#? [F8]
