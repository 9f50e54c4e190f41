# Book regression suite, written by `moyo book suite`: 153 positions of patterns/books/book-9x9-komi7-area.book (embedded)
# (9x9 komi 7 area scoring) down to depth 8 whose best move is ahead of every other by at least 0.05
# in win rate, by the book's propagated values and by the positions' own evaluations.
# The script switches the book off: the search must find the book's move.
# Run: gogui-regress "moyo --threads 1 --seed 1 --playouts 10000" book-9x9.tst

moyo-param book_max_moves 0

# E6 E1: black to move, book E2 0.683, next best 0.389
boardsize 9
clear_board
komi 7
play b E6
play w E1
1 reg_genmove b
#? [E2]

# E6 D5 E3 G6 F8 F5: black to move, book E5 0.633, next best 0.290
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E3
play w G6
play b F8
play w F5
2 reg_genmove b
#? [E5]

# E6 C7 C6 D3 H7 D6: black to move, book D5 0.592, next best 0.324
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C6
play w D3
play b H7
play w D6
3 reg_genmove b
#? [D5]

# E6 D5 D6 G3 E3 F4 E4: white to move, book E5 0.642, next best 0.360
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w G3
play b E3
play w F4
play b E4
4 reg_genmove w
#? [E5]

# E6 D5 C7 F5 E5: white to move, book E4 0.431, next best 0.313
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b C7
play w F5
play b E5
5 reg_genmove w
#? [E4]

# E6 D5 E4 D6 E8: white to move, book E5 0.660, next best 0.397
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b E8
6 reg_genmove w
#? [E5]

# E6 D5 D6 C4 E4 E5: black to move, book F5 0.632, next best 0.294
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w C4
play b E4
play w E5
7 reg_genmove b
#? [F5]

# E5 F3 D6 G5 G4 F5: black to move, book F4 0.705, next best 0.346
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b D6
play w G5
play b G4
play w F5
8 reg_genmove b
#? [F4]

# E3 E5 E7 F3: black to move, book F4 0.587, next best 0.311
boardsize 9
clear_board
komi 7
play b E3
play w E5
play b E7
play w F3
9 reg_genmove b
#? [F4]

# E6 C7 C6 D6: black to move, book D5 0.656, next best 0.353
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C6
play w D6
10 reg_genmove b
#? [D5]

# E6 E8 F3 C5 C6 D6: black to move, book D7 0.630, next best 0.345
boardsize 9
clear_board
komi 7
play b E6
play w E8
play b F3
play w C5
play b C6
play w D6
11 reg_genmove b
#? [D7]

# E5 F3 E2 G5 F6 D3: black to move, book E3 0.619, next best 0.328
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w G5
play b F6
play w D3
12 reg_genmove b
#? [E3]

# E6 C7 C4 D4 C6 D5 D6: white to move, book C5 0.453, next best 0.339
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C4
play w D4
play b C6
play w D5
play b D6
13 reg_genmove w
#? [C5]

# E6 C4 F3 G5 E8 E5 F5: white to move, book F4 0.439, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b F3
play w G5
play b E8
play w E5
play b F5
14 reg_genmove w
#? [F4]

# F8 E4 E6 C5 E2 H3 F4: white to move, book F3 0.733, next best 0.422
boardsize 9
clear_board
komi 7
play b F8
play w E4
play b E6
play w C5
play b E2
play w H3
play b F4
15 reg_genmove w
#? [F3]

# E6 D5 E4 E2 D7 E5: black to move, book F5 0.609, next best 0.286
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b D7
play w E5
16 reg_genmove b
#? [F5]

# E6 C4 D4 G5 G6 C3 G3 E5: black to move, book D5 0.685, next best 0.362
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b D4
play w G5
play b G6
play w C3
play b G3
play w E5
17 reg_genmove b
#? [D5]

# E6 D5 E4 E5: black to move, book F5 0.627, next best 0.298
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E5
18 reg_genmove b
#? [F5]

# E6 F7 E5 D8 G2 C4 B6: white to move, book C6 0.677, next best 0.400
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b E5
play w D8
play b G2
play w C4
play b B6
19 reg_genmove w
#? [C6]

# E6 F7 E4 C6 E7 E8: black to move, book D8 0.648, next best 0.364
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b E4
play w C6
play b E7
play w E8
20 reg_genmove b
#? [D8]

# E6 F2 E2: white to move, book E3 0.727, next best 0.381
boardsize 9
clear_board
komi 7
play b E6
play w F2
play b E2
21 reg_genmove w
#? [E3]

# E5 F3 E2 D3: black to move, book E3 0.647, next best 0.340
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w D3
22 reg_genmove b
#? [E3]

# D6 F3 D4: white to move, book F5 0.656, next best 0.368
boardsize 9
clear_board
komi 7
play b D6
play w F3
play b D4
23 reg_genmove w
#? [F5]

# D6 D3 F3 E6: black to move, book E5 0.646, next best 0.333
boardsize 9
clear_board
komi 7
play b D6
play w D3
play b F3
play w E6
24 reg_genmove b
#? [E5]

# E6 F7 E5 D8 E2 F5 E8: white to move, book E7 0.490, next best 0.395
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b E5
play w D8
play b E2
play w F5
play b E8
25 reg_genmove w
#? [E7]

# E6 D5 D6 F4 E4: white to move, book E5 0.690, next best 0.382
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w F4
play b E4
26 reg_genmove w
#? [E5]

# E6 D5 E4 E2 B4 E5: black to move, book F5 0.620, next best 0.353
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b B4
play w E5
27 reg_genmove b
#? [F5]

# C6 D7 E5 G5 H4 D5: black to move, book D6 0.644, next best 0.358
boardsize 9
clear_board
komi 7
play b C6
play w D7
play b E5
play w G5
play b H4
play w D5
28 reg_genmove b
#? [D6]

# E5 F3 B5 H7 F8 F6 G5: white to move, book F5 0.676, next best 0.379
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b B5
play w H7
play b F8
play w F6
play b G5
29 reg_genmove w
#? [F5]

# E5 F4 E8 B4 E3 E4 C4 D5: black to move, book D4 0.640, next best 0.318
boardsize 9
clear_board
komi 7
play b E5
play w F4
play b E8
play w B4
play b E3
play w E4
play b C4
play w D5
30 reg_genmove b
#? [D4]

# E6 D5 C2 F5: black to move, book E5 0.583, next best 0.314
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b C2
play w F5
31 reg_genmove b
#? [E5]

# E6 D5 D6 G3 E3 E4: black to move, book F4 0.633, next best 0.326
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w G3
play b E3
play w E4
32 reg_genmove b
#? [F4]

# C6 D3 E5 H6 H5: white to move, book G5 0.711, next best 0.394
boardsize 9
clear_board
komi 7
play b C6
play w D3
play b E5
play w H6
play b H5
33 reg_genmove w
#? [G5]

# E6 D5 E4 D6 D4 E5: black to move, book F5 0.600, next best 0.289
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b D4
play w E5
34 reg_genmove b
#? [F5]

# E5 F3 H4 F5 E3 E6: black to move, book F4 0.342, next best 0.255
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b H4
play w F5
play b E3
play w E6
35 reg_genmove b
#? [F4]

# E6 F6 E4 E5: black to move, book D5 0.627, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w F6
play b E4
play w E5
36 reg_genmove b
#? [D5]

# E6 F7 E5 C5 E8: white to move, book E7 0.708, next best 0.373
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b E5
play w C5
play b E8
37 reg_genmove w
#? [E7]

# E6 D5 E4 E2 F2 E5: black to move, book F5 0.627, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b F2
play w E5
38 reg_genmove b
#? [F5]

# E6 D5 E4 D6 D7 E5 F5 F6: black to move, book E7 0.335, next best 0.250
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b D7
play w E5
play b F5
play w F6
39 reg_genmove b
#? [E7]

# E6 D5 E4 G8: black to move, book E8 0.649, next best 0.385
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w G8
40 reg_genmove b
#? [E8]

# E6 D5 C4 C5 E4 E5: black to move, book F5 0.611, next best 0.328
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b C4
play w C5
play b E4
play w E5
41 reg_genmove b
#? [F5]

# E5 F3 B5 F7 G5 F5: black to move, book F4 0.649, next best 0.302
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b B5
play w F7
play b G5
play w F5
42 reg_genmove b
#? [F4|F6]

# E5 F3 B5 F5 F4: white to move, book E4 0.695, next best 0.369
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b B5
play w F5
play b F4
43 reg_genmove w
#? [E4]

# E6 D5 D3 F5: black to move, book E5 0.617, next best 0.341
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D3
play w F5
44 reg_genmove b
#? [E5]

# E6 D5 G4 D7 D6: white to move, book C6 0.690, next best 0.355
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b G4
play w D7
play b D6
45 reg_genmove w
#? [C6]

# E6 D5 E4 D6 D7: white to move, book E5 0.665, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b D7
46 reg_genmove w
#? [E5]

# C6 C5 E5 B3 E8 E4 D5 F4: black to move, book D4 0.634, next best 0.371
boardsize 9
clear_board
komi 7
play b C6
play w C5
play b E5
play w B3
play b E8
play w E4
play b D5
play w F4
47 reg_genmove b
#? [D4]

# E5 F3 J3: white to move, book H3 0.727, next best 0.436
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b J3
48 reg_genmove w
#? [H3]

# E5 F3 J5 H6: black to move, book H5 0.505, next best 0.283
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b J5
play w H6
49 reg_genmove b
#? [H5]

# C6 E4 E5 C4 C5: white to move, book F5 0.683, next best 0.413
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b E5
play w C4
play b C5
50 reg_genmove w
#? [F5]

# B8 D4 D3 G4: black to move, book C4 0.554, next best 0.283
boardsize 9
clear_board
komi 7
play b B8
play w D4
play b D3
play w G4
51 reg_genmove b
#? [C4]

# E6 C8 B6 C6: black to move, book C5 0.611, next best 0.326
boardsize 9
clear_board
komi 7
play b E6
play w C8
play b B6
play w C6
52 reg_genmove b
#? [C5]

# E6 C4 E5 C6 C5: white to move, book B5 0.680, next best 0.384
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b E5
play w C6
play b C5
53 reg_genmove w
#? [B5]

# E6 D5 E4 G8 E8 E5: black to move, book F5 0.664, next best 0.362
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w G8
play b E8
play w E5
54 reg_genmove b
#? [F5]

# E6 D5 E4 D6 D3 E7 G7: white to move, book E5 0.690, next best 0.406
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b D3
play w E7
play b G7
55 reg_genmove w
#? [E5]

# E6 D5 F4 D2 E3 E5: black to move, book F5 0.612, next best 0.352
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b F4
play w D2
play b E3
play w E5
56 reg_genmove b
#? [F5]

# D6 F3 D4 F5 F4: white to move, book E4 0.679, next best 0.387
boardsize 9
clear_board
komi 7
play b D6
play w F3
play b D4
play w F5
play b F4
57 reg_genmove w
#? [E4]

# C6 E4 F4 E6 E5: white to move, book D5 0.659, next best 0.362
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b F4
play w E6
play b E5
58 reg_genmove w
#? [D5]

# E6 D1 D2: white to move, book E2 0.338, next best 0.265
boardsize 9
clear_board
komi 7
play b E6
play w D1
play b D2
59 reg_genmove w
#? [E2]

# E5 F3 E2 G5 F6 D3 E3: white to move, book E4 0.381, next best 0.308
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w G5
play b F6
play w D3
play b E3
60 reg_genmove w
#? [E4]

# E5 A5: black to move, book B5 0.699, next best 0.416
boardsize 9
clear_board
komi 7
play b E5
play w A5
61 reg_genmove b
#? [B5]

# E5 F3 B5 H4 G8 E4 G5 F5: black to move, book F6 0.588, next best 0.315
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b B5
play w H4
play b G8
play w E4
play b G5
play w F5
62 reg_genmove b
#? [F6]

# E5 G3 B4 G7 E8: white to move, book E7 0.694, next best 0.372
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b B4
play w G7
play b E8
63 reg_genmove w
#? [E7]

# E5 F3 E2 D3 E3: white to move, book E4 0.353, next best 0.281
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w D3
play b E3
64 reg_genmove w
#? [E4]

# C6 F5 D5: white to move, book E2 0.664, next best 0.402
boardsize 9
clear_board
komi 7
play b C6
play w F5
play b D5
65 reg_genmove w
#? [E2]

# E6 H5 E4 D5 D8 E5: black to move, book F5 0.386, next best 0.314
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b E4
play w D5
play b D8
play w E5
66 reg_genmove b
#? [F5]

# E6 C4 E5: white to move, book C6 0.659, next best 0.400
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b E5
67 reg_genmove w
#? [C6]

# E5 F3 C2 F7 G6 F5: black to move, book F6 0.650, next best 0.341
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b C2
play w F7
play b G6
play w F5
68 reg_genmove b
#? [F6]

# E5 G5 F2 F3: black to move, book E3 0.613, next best 0.303
boardsize 9
clear_board
komi 7
play b E5
play w G5
play b F2
play w F3
69 reg_genmove b
#? [E3]

# E6 F7 G6: white to move, book F6 0.658, next best 0.373
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b G6
70 reg_genmove w
#? [F6]

# E6 C4 F3 G5 E8 E5: black to move, book F5 0.561, next best 0.327
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b F3
play w G5
play b E8
play w E5
71 reg_genmove b
#? [F5]

# E5 F3 E2 E3: black to move, book D3 0.621, next best 0.316
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w E3
72 reg_genmove b
#? [D3]

# E6 E7 G7: white to move, book D6 0.679, next best 0.352
boardsize 9
clear_board
komi 7
play b E6
play w E7
play b G7
73 reg_genmove w
#? [D6]

# C6 E5 F4 F7 E6 F5: black to move, book F6 0.584, next best 0.319
boardsize 9
clear_board
komi 7
play b C6
play w E5
play b F4
play w F7
play b E6
play w F5
74 reg_genmove b
#? [F6]

# E6 E2 E3 F3 G4: white to move, book E4 0.678, next best 0.415
boardsize 9
clear_board
komi 7
play b E6
play w E2
play b E3
play w F3
play b G4
75 reg_genmove w
#? [E4]

# E6 C5 E3 F5: black to move, book E5 0.660, next best 0.356
boardsize 9
clear_board
komi 7
play b E6
play w C5
play b E3
play w F5
76 reg_genmove b
#? [E5]

# E6 D5 B3 G5 E4: white to move, book E5 0.446, next best 0.377
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b B3
play w G5
play b E4
77 reg_genmove w
#? [E5]

# E6 D5 D6 F3 E3 E5 F5: white to move, book F4 0.684, next best 0.385
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w F3
play b E3
play w E5
play b F5
78 reg_genmove w
#? [F4]

# E6 D5 C7 D7: black to move, book D6 0.660, next best 0.317
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b C7
play w D7
79 reg_genmove b
#? [D6]

# C6 F5 C2 H5 G5: white to move, book G4 0.718, next best 0.452
boardsize 9
clear_board
komi 7
play b C6
play w F5
play b C2
play w H5
play b G5
80 reg_genmove w
#? [G4]

# E6 H5 B5 E4: black to move, book G5 0.607, next best 0.349
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b B5
play w E4
81 reg_genmove b
#? [G5]

# E5 F3 H7 H5 F4: white to move, book G4 0.443, next best 0.375
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b H7
play w H5
play b F4
82 reg_genmove w
#? [G4]

# E6 D5 D3 E5 F3 C4 F5: white to move, book F4 0.672, next best 0.360
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D3
play w E5
play b F3
play w C4
play b F5
83 reg_genmove w
#? [F4]

# C6 E3 E7 C3: black to move, book H4 0.593, next best 0.311
boardsize 9
clear_board
komi 7
play b C6
play w E3
play b E7
play w C3
84 reg_genmove b
#? [H4]

# E6 E8 G5 D4 C5 F5 G6 F6: black to move, book F7 0.618, next best 0.350
boardsize 9
clear_board
komi 7
play b E6
play w E8
play b G5
play w D4
play b C5
play w F5
play b G6
play w F6
85 reg_genmove b
#? [F7]

# E6 E2 G5 F4 E3 D4: black to move, book E4 0.630, next best 0.382
boardsize 9
clear_board
komi 7
play b E6
play w E2
play b G5
play w F4
play b E3
play w D4
86 reg_genmove b
#? [E4]

# G7 C3: black to move, book D3 0.577, next best 0.314
boardsize 9
clear_board
komi 7
play b G7
play w C3
87 reg_genmove b
#? [D3|C4]

# E6 D5 H3 F6 E3 F4: black to move, book E5 0.334, next best 0.269
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b H3
play w F6
play b E3
play w F4
88 reg_genmove b
#? [E5]

# E6 D5 F3 E5 F5 D6 E8 E7: black to move, book F7 0.358, next best 0.293
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b F3
play w E5
play b F5
play w D6
play b E8
play w E7
89 reg_genmove b
#? [F7]

# E6 D5 D6 G3 E4 E5: black to move, book F5 0.653, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w G3
play b E4
play w E5
90 reg_genmove b
#? [F5]

# E6 D5 E4 E2 H6: white to move, book E5 0.697, next best 0.391
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b H6
91 reg_genmove w
#? [E5]

# C6 F7 F6 E6 F4 F5: black to move, book G5 0.340, next best 0.276
boardsize 9
clear_board
komi 7
play b C6
play w F7
play b F6
play w E6
play b F4
play w F5
92 reg_genmove b
#? [G5]

# E6 C7 C5: white to move, book E7 0.617, next best 0.349
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C5
93 reg_genmove w
#? [E7]

# E6 H5 D5 F5 G5: white to move, book G4 0.708, next best 0.400
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b D5
play w F5
play b G5
94 reg_genmove w
#? [G4]

# E6 C4 E3 E8: black to move, book E7 0.617, next best 0.363
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b E3
play w E8
95 reg_genmove b
#? [E7]

# C6 E4 G4 D6 E5 D5: black to move, book D7 0.331, next best 0.269
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b G4
play w D6
play b E5
play w D5
96 reg_genmove b
#? [D7]

# E6 D5 E4 D6 D4 E5 F5: white to move, book E7 0.400, next best 0.338
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b D4
play w E5
play b F5
97 reg_genmove w
#? [E7]

# E6 C6 C2 G6 E8: white to move, book E5 0.654, next best 0.413
boardsize 9
clear_board
komi 7
play b E6
play w C6
play b C2
play w G6
play b E8
98 reg_genmove w
#? [E5]

# E6 C7 D6 C5: black to move, book C6 0.621, next best 0.351
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b D6
play w C5
99 reg_genmove b
#? [C6]

# D6 H7 H6: white to move, book G6 0.701, next best 0.362
boardsize 9
clear_board
komi 7
play b D6
play w H7
play b H6
100 reg_genmove w
#? [G6]

# E6 D5 E4 E2 D2 D3: black to move, book D4 0.317, next best 0.257
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b D2
play w D3
101 reg_genmove b
#? [D4]

# E6 C4 E3 E8 E7 G7 F8: white to move, book F7 0.380, next best 0.320
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b E3
play w E8
play b E7
play w G7
play b F8
102 reg_genmove w
#? [F7]

# E6 E8 C3: white to move, book G7 0.618, next best 0.385
boardsize 9
clear_board
komi 7
play b E6
play w E8
play b C3
103 reg_genmove w
#? [G7]

# E6 C7 E4 C6 C4: white to move, book E5 0.383, next best 0.324
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b E4
play w C6
play b C4
104 reg_genmove w
#? [E5]

# E6 H5 E3 F2 G5: white to move, book G6 0.380, next best 0.321
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b E3
play w F2
play b G5
105 reg_genmove w
#? [G6]

# C6 E4 G2 E6: black to move, book E5 0.338, next best 0.279
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b G2
play w E6
106 reg_genmove b
#? [E5]

# C6 E5 F4 F7: black to move, book E6 0.584, next best 0.329
boardsize 9
clear_board
komi 7
play b C6
play w E5
play b F4
play w F7
107 reg_genmove b
#? [E6]

# F8 F4 E2: white to move, book E3 0.701, next best 0.432
boardsize 9
clear_board
komi 7
play b F8
play w F4
play b E2
108 reg_genmove w
#? [E3]

# E3 H7 E5 C7 D7: white to move, book D6 0.677, next best 0.410
boardsize 9
clear_board
komi 7
play b E3
play w H7
play b E5
play w C7
play b D7
109 reg_genmove w
#? [D6]

# C6 F4 F5: white to move, book E5 0.685, next best 0.402
boardsize 9
clear_board
komi 7
play b C6
play w F4
play b F5
110 reg_genmove w
#? [E5]

# E6 C4 E5 C6 C5 B5: black to move, book C7 0.320, next best 0.262
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b E5
play w C6
play b C5
play w B5
111 reg_genmove b
#? [C7]

# C6 E4 F4 E6: black to move, book E5 0.341, next best 0.283
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b F4
play w E6
112 reg_genmove b
#? [E5]

# E5 G3 C8 F5: black to move, book F3 0.359, next best 0.303
boardsize 9
clear_board
komi 7
play b E5
play w G3
play b C8
play w F5
113 reg_genmove b
#? [F3]

# E6 F6 E4 E5 D5: white to move, book F5 0.373, next best 0.316
boardsize 9
clear_board
komi 7
play b E6
play w F6
play b E4
play w E5
play b D5
114 reg_genmove w
#? [F5]

# E6 D5 D6 F3 E3 F5: black to move, book C5 0.390, next best 0.333
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b D6
play w F3
play b E3
play w F5
115 reg_genmove b
#? [C5]

# E5 F3 G7 C5: black to move, book E3 0.593, next best 0.339
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b G7
play w C5
116 reg_genmove b
#? [E3]

# C6 G7 G6 E5 F4: white to move, book F6 0.668, next best 0.392
boardsize 9
clear_board
komi 7
play b C6
play w G7
play b G6
play w E5
play b F4
117 reg_genmove w
#? [F6]

# E6 C7 C4 D4 C6: white to move, book D5 0.453, next best 0.349
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C4
play w D4
play b C6
118 reg_genmove w
#? [D5]

# E6 H5 D5 F5 E2: white to move, book E4 0.656, next best 0.405
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b D5
play w F5
play b E2
119 reg_genmove w
#? [E4]

# E6 D5 F5 G7 C6: white to move, book D6 0.414, next best 0.358
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b F5
play w G7
play b C6
120 reg_genmove w
#? [D6]

# E5 F3 E2 G5 E7 G7 E4: white to move, book E3 0.624, next best 0.398
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E2
play w G5
play b E7
play w G7
play b E4
121 reg_genmove w
#? [E3]

# E5 F3 B5 H7 F8 F6 G5 F5: black to move, book F4 0.324, next best 0.269
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b B5
play w H7
play b F8
play w F6
play b G5
play w F5
122 reg_genmove b
#? [F4]

# E6 H5 E3 C6 E8 E7: black to move, book D7 0.694, next best 0.364
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b E3
play w C6
play b E8
play w E7
123 reg_genmove b
#? [D7]

# E6 D5 E4 D6 E2 E5 F5: white to move, book E7 0.691, next best 0.407
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b E2
play w E5
play b F5
124 reg_genmove w
#? [E7]

# F8 E4 E6: white to move, book C5 0.647, next best 0.417
boardsize 9
clear_board
komi 7
play b F8
play w E4
play b E6
125 reg_genmove w
#? [C5]

# C6 F7 G7: white to move, book F5 0.663, next best 0.389
boardsize 9
clear_board
komi 7
play b C6
play w F7
play b G7
126 reg_genmove w
#? [F5]

# E6 D5 B3 G5: black to move, book E4 0.554, next best 0.326
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b B3
play w G5
127 reg_genmove b
#? [E4]

# E6 H5 E4 D3: black to move, book F3 0.596, next best 0.364
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b E4
play w D3
128 reg_genmove b
#? [F3]

# B8 D7 D4 B7 E7: white to move, book D8 0.448, next best 0.393
boardsize 9
clear_board
komi 7
play b B8
play w D7
play b D4
play w B7
play b E7
129 reg_genmove w
#? [D8]

# E5 F3 H7 H5 D5: white to move, book F7 0.646, next best 0.424
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b H7
play w H5
play b D5
130 reg_genmove w
#? [F7]

# E6 E2 B5 D6 D8: white to move, book H6 0.620, next best 0.371
boardsize 9
clear_board
komi 7
play b E6
play w E2
play b B5
play w D6
play b D8
131 reg_genmove w
#? [H6]

# G7 C3 D3 D5 G4 E7: black to move, book C4 0.608, next best 0.309
boardsize 9
clear_board
komi 7
play b G7
play w C3
play b D3
play w D5
play b G4
play w E7
132 reg_genmove b
#? [C4]

# E3 E6 D4: white to move, book C6 0.656, next best 0.407
boardsize 9
clear_board
komi 7
play b E3
play w E6
play b D4
133 reg_genmove w
#? [C6]

# E6 D5 E4 E2 B7: white to move, book E5 0.685, next best 0.408
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w E2
play b B7
134 reg_genmove w
#? [E5]

# E6 E4 D4 C3 D3: white to move, book D5 0.380, next best 0.326
boardsize 9
clear_board
komi 7
play b E6
play w E4
play b D4
play w C3
play b D3
135 reg_genmove w
#? [D5]

# E3 E5 E7 F3 F4: white to move, book F5 0.413, next best 0.360
boardsize 9
clear_board
komi 7
play b E3
play w E5
play b E7
play w F3
play b F4
136 reg_genmove w
#? [F5]

# E6 E7 G6 F6: black to move, book F5 0.600, next best 0.367
boardsize 9
clear_board
komi 7
play b E6
play w E7
play b G6
play w F6
137 reg_genmove b
#? [F5]

# E6 H5 C5 E3 F3: white to move, book F2 0.649, next best 0.372
boardsize 9
clear_board
komi 7
play b E6
play w H5
play b C5
play w E3
play b F3
138 reg_genmove w
#? [F2]

# E6 D1: black to move, book D2 0.662, next best 0.413
boardsize 9
clear_board
komi 7
play b E6
play w D1
139 reg_genmove b
#? [D2]

# E5 E6: black to move, book D6 0.660, next best 0.578
boardsize 9
clear_board
komi 7
play b E5
play w E6
140 reg_genmove b
#? [D6|F6]

# E6 C7 C4 D4 C6 D5 E3: white to move, book D6 0.685, next best 0.385
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C4
play w D4
play b C6
play w D5
play b E3
141 reg_genmove w
#? [D6]

# C6 E4 F4: white to move, book E6 0.659, next best 0.414
boardsize 9
clear_board
komi 7
play b C6
play w E4
play b F4
142 reg_genmove w
#? [E6]

# E6 C4 G7 G5: black to move, book E4 0.600, next best 0.351
boardsize 9
clear_board
komi 7
play b E6
play w C4
play b G7
play w G5
143 reg_genmove b
#? [E4]

# E6 F7 E5 G6: black to move, book F3 0.581, next best 0.339
boardsize 9
clear_board
komi 7
play b E6
play w F7
play b E5
play w G6
144 reg_genmove b
#? [F3]

# E6 D5 E4 D6 F5 G7 E7: white to move, book D8 0.404, next best 0.352
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b F5
play w G7
play b E7
145 reg_genmove w
#? [D8]

# C6 E5 F4 E3: black to move, book E4 0.586, next best 0.306
boardsize 9
clear_board
komi 7
play b C6
play w E5
play b F4
play w E3
146 reg_genmove b
#? [E4]

# C6 F6 D6 E4: black to move, book F5 0.340, next best 0.288
boardsize 9
clear_board
komi 7
play b C6
play w F6
play b D6
play w E4
147 reg_genmove b
#? [F5]

# G7 C5 F2 E8: black to move, book E7 0.598, next best 0.324
boardsize 9
clear_board
komi 7
play b G7
play w C5
play b F2
play w E8
148 reg_genmove b
#? [E7]

# E5 F3 E8 E7: black to move, book F7 0.608, next best 0.303
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b E8
play w E7
149 reg_genmove b
#? [F7]

# E6 C7 C6 D3 H7 D6 D5: white to move, book B6 0.408, next best 0.357
boardsize 9
clear_board
komi 7
play b E6
play w C7
play b C6
play w D3
play b H7
play w D6
play b D5
150 reg_genmove w
#? [B6]

# E5 F3 H7 H5 B3 F6: black to move, book G5 0.400, next best 0.350
boardsize 9
clear_board
komi 7
play b E5
play w F3
play b H7
play w H5
play b B3
play w F6
151 reg_genmove b
#? [G5]

# E6 H6 F3 C3: black to move, book D3 0.624, next best 0.386
boardsize 9
clear_board
komi 7
play b E6
play w H6
play b F3
play w C3
152 reg_genmove b
#? [D3]

# E6 D5 E4 D6 G8 E3 D3: white to move, book E5 0.675, next best 0.393
boardsize 9
clear_board
komi 7
play b E6
play w D5
play b E4
play w D6
play b G8
play w E3
play b D3
153 reg_genmove w
#? [E5]
