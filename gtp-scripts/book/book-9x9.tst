# Book regression suite, written by `moyo book suite`: 95 positions of data/books/book-9x9-komi7-area.book (embedded)
# (9x9 komi 7 area scoring) down to depth 30 whose best move is ahead of every other by at least 0.05
# in win rate, by the book's propagated values and by the positions' own evaluations.
# The script switches the book off: the search must find the book's move.
# Run: gogui-regress "moyo --threads 1 --seed 1 --playouts 10000" book-9x9.tst

moyo-param book_max_moves 0

# E5 C6 F7 D4 E4 D3 E3 G3 E2 G2 H4 D2 D7 C7 G4 C8 D5 C5 E8 E1: black to move, book F1 0.751, next best 0.256
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b F7
play w D4
play b E4
play w D3
play b E3
play w G3
play b E2
play w G2
play b H4
play w D2
play b D7
play w C7
play b G4
play w C8
play b D5
play w C5
play b E8
play w E1
1 reg_genmove b
#? [F1]

# E5 G5 G6 F6 F5 G7 H6 G4 F7 E6 E7: white to move, book D6 0.629, next best 0.291
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b H6
play w G4
play b F7
play w E6
play b E7
2 reg_genmove w
#? [D6]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 D5 D2 H8 G6 H7 H6 F8: black to move, book E8 0.602, next best 0.298
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w D5
play b D2
play w H8
play b G6
play w H7
play b H6
play w F8
3 reg_genmove b
#? [E8]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 H2 F2 E3: white to move, book D4 0.527, next best 0.274
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b H2
play w F2
play b E3
4 reg_genmove w
#? [D4]

# E5 C6 F7 D4 E4 D3 E3 G3 E2 G2 H4 D2 D7 C7 G4 C8 D5 C5 E8 E1 F1 D1: black to move, book F2 0.854, next best 0.587
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b F7
play w D4
play b E4
play w D3
play b E3
play w G3
play b E2
play w G2
play b H4
play w D2
play b D7
play w C7
play b G4
play w C8
play b D5
play w C5
play b E8
play w E1
play b F1
play w D1
5 reg_genmove b
#? [F2]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 E6: black to move, book F6 0.604, next best 0.367
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w E6
6 reg_genmove b
#? [F6]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 D4: white to move, book E3 0.502, next best 0.269
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b D4
7 reg_genmove w
#? [E3]

# E5 F5 E4 F4 F6 G6 E7 C7 G7 H6 F3 G3 G2 F2: black to move, book E3 0.602, next best 0.408
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b E4
play w F4
play b F6
play w G6
play b E7
play w C7
play b G7
play w H6
play b F3
play w G3
play b G2
play w F2
8 reg_genmove b
#? [E3]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6 B6 G3 G4 F4 H3 G2 H2 H4 G5 G6: black to move, book H5 0.424, next best 0.234
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
play b B6
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w H4
play b G5
play w G6
9 reg_genmove b
#? [H5]

# E5 G5 G6 F6 F5 G7 H6 H7 F7: white to move, book E6 0.545, next best 0.366
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b H6
play w H7
play b F7
10 reg_genmove w
#? [E6]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6: black to move, book B6 0.432, next best 0.264
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
11 reg_genmove b
#? [B6]

# E5 G5 E7 D3 G6 H6 E3 E4 F4 D4 G4 F5 H5 F6 F7: white to move, book G7 0.533, next best 0.377
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b G6
play w H6
play b E3
play w E4
play b F4
play w D4
play b G4
play w F5
play b H5
play w F6
play b F7
12 reg_genmove w
#? [G7]

# D5 F5 E4 E6 C7 F4 E3 F3 E8 F8 E7 F7 D6 E2 D2 F2 F9 G9 E9 H8 D1 E1 E5: white to move, book F6 0.915, next best 0.769
boardsize 9
clear_board
komi 7
play b D5
play w F5
play b E4
play w E6
play b C7
play w F4
play b E3
play w F3
play b E8
play w F8
play b E7
play w F7
play b D6
play w E2
play b D2
play w F2
play b F9
play w G9
play b E9
play w H8
play b D1
play w E1
play b E5
13 reg_genmove w
#? [F6]

# E5 G5 E7 D3 G6 H6 E3 E4 F4 D4 G4 F5 H5 F6 F7 G7: black to move, book E6 0.467, next best 0.325
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b G6
play w H6
play b E3
play w E4
play b F4
play w D4
play b G4
play w F5
play b H5
play w F6
play b F7
play w G7
14 reg_genmove b
#? [E6]

# E5 G5 C7 F3 D3 D2 E2 E3 C2 D4: black to move, book C3 0.521, next best 0.356
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b C7
play w F3
play b D3
play w D2
play b E2
play w E3
play b C2
play w D4
15 reg_genmove b
#? [C3]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G4 F4 H3 G2 H2 G5 H4 E3: black to move, book F2 0.387, next best 0.237
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w G5
play b H4
play w E3
16 reg_genmove b
#? [F2]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 D5 D2 H8: black to move, book G6 0.602, next best 0.446
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w D5
play b D2
play w H8
17 reg_genmove b
#? [G6]

# D5 F5 E4 E6 C7 F4 E3 F3 E8 F8 E7 F7 D6 E2 D2 F2 F9: white to move, book G9 0.799, next best 0.654
boardsize 9
clear_board
komi 7
play b D5
play w F5
play b E4
play w E6
play b C7
play w F4
play b E3
play w F3
play b E8
play w F8
play b E7
play w F7
play b D6
play w E2
play b D2
play w F2
play b F9
18 reg_genmove w
#? [G9]

# D4 F7 G5 G6 F6 E6: black to move, book F5 0.492, next best 0.365
boardsize 9
clear_board
komi 7
play b D4
play w F7
play b G5
play w G6
play b F6
play w E6
19 reg_genmove b
#? [F5]

# E5 G3 G6 C7 C5 E7 E3 G7 H7 F6 H6 F5 G8 F7 F4 G5 G4: white to move, book H5 0.606, next best 0.481
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b G6
play w C7
play b C5
play w E7
play b E3
play w G7
play b H7
play w F6
play b H6
play w F5
play b G8
play w F7
play b F4
play w G5
play b G4
20 reg_genmove w
#? [H5]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G4 F4 H3 G2 H2 G5 H4: white to move, book E3 0.613, next best 0.492
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w G5
play b H4
21 reg_genmove w
#? [E3]

# D4 G5 F4 E6 G4 C6 F6 F7 F5 G7 C5 B6 D7: white to move, book D6 0.602, next best 0.454
boardsize 9
clear_board
komi 7
play b D4
play w G5
play b F4
play w E6
play b G4
play w C6
play b F6
play w F7
play b F5
play w G7
play b C5
play w B6
play b D7
22 reg_genmove w
#? [D6]

# E5 G5 G6 F6 F5 G7 H6 G4 F7: white to move, book E6 0.543, next best 0.407
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b H6
play w G4
play b F7
23 reg_genmove w
#? [E6]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G4 F4 H3 G2 H2 G5 H4 E3 F2: white to move, book E2 0.613, next best 0.497
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w G5
play b H4
play w E3
play b F2
24 reg_genmove w
#? [E2]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 D4 E3 D3 E2: black to move, book D2 0.535, next best 0.398
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b D4
play w E3
play b D3
play w E2
25 reg_genmove b
#? [D2]

# E5 G5 E7 D3 G6 H6 E3 E4 F4 D4 G4 F5 H5 F6 F7 G7 E6: white to move, book G6 0.533, next best 0.398
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b G6
play w H6
play b E3
play w E4
play b F4
play w D4
play b G4
play w F5
play b H5
play w F6
play b F7
play w G7
play b E6
26 reg_genmove w
#? [G6]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6 B6 G3 G4 F4 H3 G2 H2 H4: black to move, book G5 0.424, next best 0.312
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
play b B6
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w H4
27 reg_genmove b
#? [G5]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3: white to move, book E4 0.480, next best 0.362
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
28 reg_genmove w
#? [E4]

# E5 G5 E7 D3 G6 H6 E3 E4 F4 D4 G4 F5 H5: white to move, book F6 0.533, next best 0.420
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b G6
play w H6
play b E3
play w E4
play b F4
play w D4
play b G4
play w F5
play b H5
29 reg_genmove w
#? [F6]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G4: white to move, book F4 0.593, next best 0.465
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G4
30 reg_genmove w
#? [F4]

# E5 G3 G6 C7 C5 E7 E3 G7 H7 F6 H6 F5 G8 F7 F4 G5 G4 H5 H4: white to move, book J4 0.606, next best 0.508
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b G6
play w C7
play b C5
play w E7
play b E3
play w G7
play b H7
play w F6
play b H6
play w F5
play b G8
play w F7
play b F4
play w G5
play b G4
play w H5
play b H4
31 reg_genmove w
#? [J4]

# D4 F5 E6 F6 E7 F7 D5 F3 E3 F2 E2 E1 D1 F1 C2 E8 D8: white to move, book F8 0.806, next best 0.678
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b E6
play w F6
play b E7
play w F7
play b D5
play w F3
play b E3
play w F2
play b E2
play w E1
play b D1
play w F1
play b C2
play w E8
play b D8
32 reg_genmove w
#? [F8]

# E5 F5 F3 E6 D6 E4 D5: white to move, book F4 0.585, next best 0.452
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F3
play w E6
play b D6
play w E4
play b D5
33 reg_genmove w
#? [F4]

# E5 F5 E4 F4 F6 E6 D6 F3: black to move, book E7 0.643, next best 0.544
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b E4
play w F4
play b F6
play w E6
play b D6
play w F3
34 reg_genmove b
#? [E7]

# E5 G5 G3 F4 F3: white to move, book E4 0.603, next best 0.504
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G3
play w F4
play b F3
35 reg_genmove w
#? [E4]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6 B6 G3 G4 F4 H3 G2 H2 H4 G5 G6 H5: white to move, book H6 0.576, next best 0.485
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
play b B6
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w H4
play b G5
play w G6
play b H5
36 reg_genmove w
#? [H6]

# E5 F5 F3 E6 D6 E4: black to move, book D5 0.415, next best 0.336
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F3
play w E6
play b D6
play w E4
37 reg_genmove b
#? [D5]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G2 G4 D5 E3 E4 F2: black to move, book F4 0.339, next best 0.261
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G2
play w G4
play b D5
play w E3
play b E4
play w F2
38 reg_genmove b
#? [F4]

# E5 C6 D7 E3 D4 E6: black to move, book D6 0.551, next best 0.475
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b D7
play w E3
play b D4
play w E6
39 reg_genmove b
#? [D6]

# E5 G5 F6 G6 E3 F7 E7 C3 G7 F8 G8 E8 D7 H8: black to move, book H7 0.549, next best 0.474
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b E3
play w F7
play b E7
play w C3
play b G7
play w F8
play b G8
play w E8
play b D7
play w H8
40 reg_genmove b
#? [H7]

# E5 F5 F3 E6 E4 D6 F6 F7 G6: white to move, book G7 0.620, next best 0.502
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F3
play w E6
play b E4
play w D6
play b F6
play w F7
play b G6
41 reg_genmove w
#? [G7]

# E5 G5 E7 E4 D4 D3 F4 E3: black to move, book F5 0.540, next best 0.424
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w E4
play b D4
play w D3
play b F4
play w E3
42 reg_genmove b
#? [F5]

# D5 F5 E4 E6 C7 F4 E3 F3 E8 F8 E7: white to move, book F7 0.666, next best 0.558
boardsize 9
clear_board
komi 7
play b D5
play w F5
play b E4
play w E6
play b C7
play w F4
play b E3
play w F3
play b E8
play w F8
play b E7
43 reg_genmove w
#? [F7]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6 B6 G3 G4 F4 H3 G2 H2 H4 G5: white to move, book G6 0.576, next best 0.484
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
play b B6
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w H4
play b G5
44 reg_genmove w
#? [G6]

# D5 F5 F6 G6 E6 G7 E3 F3 E2 E8 F2 C8 G3 F4 C6: white to move, book H3 0.608, next best 0.538
boardsize 9
clear_board
komi 7
play b D5
play w F5
play b F6
play w G6
play b E6
play w G7
play b E3
play w F3
play b E2
play w E8
play b F2
play w C8
play b G3
play w F4
play b C6
45 reg_genmove w
#? [H3]

# E5 G5 E7 E4 D4 D3 F4: white to move, book E3 0.460, next best 0.391
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w E4
play b D4
play w D3
play b F4
46 reg_genmove w
#? [E3]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5: black to move, book B6 0.427, next best 0.358
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
47 reg_genmove b
#? [B6]

# E5 F5 E4 F4 F6 E6 D6 F3 E7 E3 D3 D2: black to move, book C3 0.646, next best 0.562
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b E4
play w F4
play b F6
play w E6
play b D6
play w F3
play b E7
play w E3
play b D3
play w D2
48 reg_genmove b
#? [C3]

# D4 D6 F4 F6 G6 G7 G5 C5 H7 C3 C4: white to move, book B4 0.537, next best 0.469
boardsize 9
clear_board
komi 7
play b D4
play w D6
play b F4
play w F6
play b G6
play w G7
play b G5
play w C5
play b H7
play w C3
play b C4
49 reg_genmove w
#? [B4]

# E5 F5 F3 E6 E4 D6 C5 G4 F6 G6 F7: white to move, book G7 0.578, next best 0.491
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F3
play w E6
play b E4
play w D6
play b C5
play w G4
play b F6
play w G6
play b F7
50 reg_genmove w
#? [G7]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 D5 D2 H8 G6 H7: black to move, book H6 0.602, next best 0.503
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w D5
play b D2
play w H8
play b G6
play w H7
51 reg_genmove b
#? [H6]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7: black to move, book D8 0.427, next best 0.359
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
52 reg_genmove b
#? [D8]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 H2: white to move, book F2 0.527, next best 0.461
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b H2
53 reg_genmove w
#? [F2]

# E5 F5 F3 E6 E4 D6 F6: white to move, book F7 0.620, next best 0.500
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F3
play w E6
play b E4
play w D6
play b F6
54 reg_genmove w
#? [F7]

# E5 G5 F6 G6 E3 F7: black to move, book E7 0.531, next best 0.458
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b E3
play w F7
55 reg_genmove b
#? [E7]

# E5 C6 F7 D4 E4 D3 E3 G3 E2 G2 H4 D2 D7 C7 G4 C8 D5 C5 E8 E1 F1 D1 F2 D6: black to move, book E6 0.863, next best 0.789
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b F7
play w D4
play b E4
play w D3
play b E3
play w G3
play b E2
play w G2
play b H4
play w D2
play b D7
play w C7
play b G4
play w C8
play b D5
play w C5
play b E8
play w E1
play b F1
play w D1
play b F2
play w D6
56 reg_genmove b
#? [E6]

# E5 C6 D7 D6: black to move, book E6 0.547, next best 0.466
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b D7
play w D6
57 reg_genmove b
#? [E6]

# E5 G5 E7 D3 E3 E4 F4: white to move, book D4 0.465, next best 0.390
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b E3
play w E4
play b F4
58 reg_genmove w
#? [D4]

# E5 G5 G6 F6 F5: white to move, book G7 0.543, next best 0.453
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
59 reg_genmove w
#? [G7]

# D5 E4 C3 D4 C4 E5 D6 E6 G3 D7 G7 C7: black to move, book G5 0.465, next best 0.401
boardsize 9
clear_board
komi 7
play b D5
play w E4
play b C3
play w D4
play b C4
play w E5
play b D6
play w E6
play b G3
play w D7
play b G7
play w C7
60 reg_genmove b
#? [G5]

# D4 G5 F4 E6 F6 F5: black to move, book E5 0.457, next best 0.394
boardsize 9
clear_board
komi 7
play b D4
play w G5
play b F4
play w E6
play b F6
play w F5
61 reg_genmove b
#? [E5]

# D4 F5 F4 G4 G3 E4: black to move, book F3 0.427, next best 0.359
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F4
play w G4
play b G3
play w E4
62 reg_genmove b
#? [F3]

# E5 G3 G6 C7 C5 E7 E6 G7 F7: white to move, book F8 0.505, next best 0.443
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b G6
play w C7
play b C5
play w E7
play b E6
play w G7
play b F7
63 reg_genmove w
#? [F8]

# E5 G5 F6 G6 G7 H7 F7 D3 E3 E4 D4 F4: black to move, book C3 0.532, next best 0.467
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b G7
play w H7
play b F7
play w D3
play b E3
play w E4
play b D4
play w F4
64 reg_genmove b
#? [C3]

# E5 G3 G6 C7 C5 E7 E3 G7 H7 F6 H6 F5 G8 F7 F4: white to move, book G5 0.599, next best 0.519
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b G6
play w C7
play b C5
play w E7
play b E3
play w G7
play b H7
play w F6
play b H6
play w F5
play b G8
play w F7
play b F4
65 reg_genmove w
#? [G5]

# E5 G5 G6 F6 F5 G7 H6 G4 F7 E6 E7 D6 H7 G8 H8 D7 F4: white to move, book F3 0.750, next best 0.689
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b H6
play w G4
play b F7
play w E6
play b E7
play w D6
play b H7
play w G8
play b H8
play w D7
play b F4
66 reg_genmove w
#? [F3]

# E5 G3 E7 D4 E4 E3 D3 C3: black to move, book D2 0.538, next best 0.444
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b E7
play w D4
play b E4
play w E3
play b D3
play w C3
67 reg_genmove b
#? [D2]

# E5 G5 G6 F6 F5 G7 G4: white to move, book H6 0.561, next best 0.470
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b G4
68 reg_genmove w
#? [H6]

# E5 C6 F7 D4 E4 D3 E3 G3 E2 G2 H4 D2 D7 C7 G4 C8 D5 C5 E8 E1 F1 D1 F2 D6 E6 D8 D9 C9: black to move, book E9 0.887, next best 0.806
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b F7
play w D4
play b E4
play w D3
play b E3
play w G3
play b E2
play w G2
play b H4
play w D2
play b D7
play w C7
play b G4
play w C8
play b D5
play w C5
play b E8
play w E1
play b F1
play w D1
play b F2
play w D6
play b E6
play w D8
play b D9
play w C9
69 reg_genmove b
#? [E9]

# E5 G5 E7 D3 G6 H6 E3 E4 F4: white to move, book D4 0.517, next best 0.409
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b G6
play w H6
play b E3
play w E4
play b F4
70 reg_genmove w
#? [D4]

# E5 G5 F6 G6 G7 H7 F7 C7 H8 C4 D4 J6 C5 C3 B5 D8 F3 J8 H3 G8 F8 H9 D3 B8 C2 B6 F5 G4: black to move, book G3 0.848, next best 0.772
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b G7
play w H7
play b F7
play w C7
play b H8
play w C4
play b D4
play w J6
play b C5
play w C3
play b B5
play w D8
play b F3
play w J8
play b H3
play w G8
play b F8
play w H9
play b D3
play w B8
play b C2
play w B6
play b F5
play w G4
71 reg_genmove b
#? [G3]

# E5 G5 E7 E4 D4 F4: black to move, book D3 0.551, next best 0.488
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w E4
play b D4
play w F4
72 reg_genmove b
#? [D3]

# E5 G5 E7 C3 D3 D4 E4 E3 D2 C2 D5 C4 F3 E2 F2: white to move, book G7 0.514, next best 0.455
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w C3
play b D3
play w D4
play b E4
play w E3
play b D2
play w C2
play b D5
play w C4
play b F3
play w E2
play b F2
73 reg_genmove w
#? [G7]

# E5 G5 E7 C3 D3 D4 E4 E3 D2 C2 D5: white to move, book C4 0.529, next best 0.425
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w C3
play b D3
play w D4
play b E4
play w E3
play b D2
play w C2
play b D5
74 reg_genmove w
#? [C4]

# E5 G5 F6 G6 E3 F7 E7 C3 G7 F8 G8 E8: black to move, book D7 0.545, next best 0.472
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b E3
play w F7
play b E7
play w C3
play b G7
play w F8
play b G8
play w E8
75 reg_genmove b
#? [D7]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 E6 F6 D5 D2: white to move, book E2 0.396, next best 0.333
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w E6
play b F6
play w D5
play b D2
76 reg_genmove w
#? [E2]

# E5 G5 E7 G7 F4 C3 G4 C7 C5: white to move, book D6 0.507, next best 0.450
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b F4
play w C3
play b G4
play w C7
play b C5
77 reg_genmove w
#? [D6]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8 C5 B6 B5 A7 G3 G4 F4 H3 G2 H2 G5: black to move, book H4 0.387, next best 0.304
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
play w C5
play b B6
play w B5
play b A7
play w G3
play b G4
play w F4
play b H3
play w G2
play b H2
play w G5
78 reg_genmove b
#? [H4]

# E5 F5 F6 E6 G6 F4 E4 E3 D6: white to move, book E7 0.460, next best 0.403
boardsize 9
clear_board
komi 7
play b E5
play w F5
play b F6
play w E6
play b G6
play w F4
play b E4
play w E3
play b D6
79 reg_genmove w
#? [E7]

# E5 G5 E7 E4 D4 D3 F4 E3 F5 D5 C4 C3: black to move, book C5 0.593, next best 0.522
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w E4
play b D4
play w D3
play b F4
play w E3
play b F5
play w D5
play b C4
play w C3
80 reg_genmove b
#? [C5]

# E5 G5 F6 G6 G7 F7 E7 F8 E8 G8 H7 H8 D3 E4: black to move, book E3 0.574, next best 0.519
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F6
play w G6
play b G7
play w F7
play b E7
play w F8
play b E8
play w G8
play b H7
play w H8
play b D3
play w E4
81 reg_genmove b
#? [E3]

# D4 F5 F3 E6 C6 C7 B7 C5 D5: white to move, book D6 0.568, next best 0.491
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
82 reg_genmove w
#? [D6]

# D4 F5 F4 G4 G3: white to move, book E4 0.573, next best 0.504
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F4
play w G4
play b G3
83 reg_genmove w
#? [E4]

# D4 F5 F3 E6 C6 C7 B7 C5 D5 D6 B6 G3 G4: white to move, book F4 0.576, next best 0.480
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b B7
play w C5
play b D5
play w D6
play b B6
play w G3
play b G4
84 reg_genmove w
#? [F4]

# E5 G5 E7 D3 E3 E4 F4 D4 F5 F3: black to move, book G3 0.535, next best 0.482
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w D3
play b E3
play w E4
play b F4
play w D4
play b F5
play w F3
85 reg_genmove b
#? [G3]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 H3 G2 F2 D4 H2 D6 F7 D7 G8 E6 F6 D5 D2 H8: black to move, book H7 0.676, next best 0.608
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b H3
play w G2
play b F2
play w D4
play b H2
play w D6
play b F7
play w D7
play b G8
play w E6
play b F6
play w D5
play b D2
play w H8
86 reg_genmove b
#? [H7]

# E5 C6 C4 E6: black to move, book F6 0.528, next best 0.476
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b C4
play w E6
87 reg_genmove b
#? [F6]

# E5 G5 C7 F3 D3 D2 E2 E3 C2 D4 C3 E4 B5 F2: black to move, book G7 0.495, next best 0.426
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b C7
play w F3
play b D3
play w D2
play b E2
play w E3
play b C2
play w D4
play b C3
play w E4
play b B5
play w F2
88 reg_genmove b
#? [G7]

# E5 C6 D6 D7 C7 G3: black to move, book C5 0.551, next best 0.499
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b D6
play w D7
play b C7
play w G3
89 reg_genmove b
#? [C5|E7]

# E5 G5 E7 E4 D4 D3 F4 E3 F5 D5: black to move, book C4 0.574, next best 0.506
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w E4
play b D4
play w D3
play b F4
play w E3
play b F5
play w D5
90 reg_genmove b
#? [C4]

# E5 G5 G6 F6 F5 G7 H6 H7 F7 E6: black to move, book D6 0.455, next best 0.404
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b G6
play w F6
play b F5
play w G7
play b H6
play w H7
play b F7
play w E6
91 reg_genmove b
#? [D6]

# E5 G5 E7 G7 G4 F4 F5 G3 H4 H5 F3 E4 D4 E3: black to move, book D3 0.498, next best 0.446
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b E7
play w G7
play b G4
play w F4
play b F5
play w G3
play b H4
play w H5
play b F3
play w E4
play b D4
play w E3
92 reg_genmove b
#? [D3]

# D4 F5 F3 E6 C6 C7 D7 D6 C8 B7 B8 E7 D8: white to move, book C5 0.573, next best 0.516
boardsize 9
clear_board
komi 7
play b D4
play w F5
play b F3
play w E6
play b C6
play w C7
play b D7
play w D6
play b C8
play w B7
play b B8
play w E7
play b D8
93 reg_genmove w
#? [C5]

# E5 C6 E3 C3 C5 B5 D6 G3 C7 B6 B7 C4 D5 G6 G5: white to move, book H5 0.535, next best 0.477
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b E3
play w C3
play b C5
play w B5
play b D6
play w G3
play b C7
play w B6
play b B7
play w C4
play b D5
play w G6
play b G5
94 reg_genmove w
#? [H5]

# E5 C6 E7 E4 D5 F4 D4 D3: black to move, book C3 0.540, next best 0.490
boardsize 9
clear_board
komi 7
play b E5
play w C6
play b E7
play w E4
play b D5
play w F4
play b D4
play w D3
95 reg_genmove b
#? [C3]
