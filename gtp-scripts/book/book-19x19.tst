# Book regression suite, written by `moyo book suite`: 9 positions of data/books/book-19x19-komi7.5-area.book (embedded)
# (19x19 komi 7.5 area scoring) down to depth 30 whose best move is ahead of every other by at least 0.02
# in win rate, by the book's propagated values and by the positions' own evaluations.
# The script switches the book off: the search must find the book's move.
# Run: gogui-regress "moyo --threads 1 --seed 1 --playouts 10000" book-19x19.tst

moyo-param book_max_moves 0

# D16 C4 Q16 Q4 R6 R8 R3 R4 Q3 P4 S4: white to move, book S5 0.548, next best 0.518
boardsize 19
clear_board
komi 7.5
play b D16
play w C4
play b Q16
play w Q4
play b R6
play w R8
play b R3
play w R4
play b Q3
play w P4
play b S4
1 reg_genmove w
#? [S5]

# D16 C4 Q16 Q4 R6 R8 R3 R4 Q3 P4 S4 S5 S3 R5 O3: white to move, book N4 0.557, next best 0.532
boardsize 19
clear_board
komi 7.5
play b D16
play w C4
play b Q16
play w Q4
play b R6
play w R8
play b R3
play w R4
play b Q3
play w P4
play b S4
play w S5
play b S3
play w R5
play b O3
2 reg_genmove w
#? [N4]

# D16 D4 Q16 Q4 R6 R8 R3 R4 Q3 P4 S4: white to move, book S5 0.544, next best 0.519
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q16
play w Q4
play b R6
play w R8
play b R3
play w R4
play b Q3
play w P4
play b S4
3 reg_genmove w
#? [S5]

# D16 D4 Q17 Q4 R15 F17 H17 F15 D14 J16 J17 K16 H16: white to move, book H15 0.546, next best 0.524
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q17
play w Q4
play b R15
play w F17
play b H17
play w F15
play b D14
play w J16
play b J17
play w K16
play b H16
4 reg_genmove w
#? [H15]

# D16 D4 Q4 Q16 O17 R14: black to move, book Q13 0.496, next best 0.474
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q4
play w Q16
play b O17
play w R14
5 reg_genmove b
#? [Q13]

# D16 D4 Q17 Q4 R15 F17 H17 C17 D17 C16 D15 D18 E18 C18 E17: white to move, book F15 0.495, next best 0.475
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q17
play w Q4
play b R15
play w F17
play b H17
play w C17
play b D17
play w C16
play b D15
play w D18
play b E18
play w C18
play b E17
6 reg_genmove w
#? [F15]

# D16 C4 Q16 Q4 R6 O4 R3 R4 S4: white to move, book S5 0.546, next best 0.526
boardsize 19
clear_board
komi 7.5
play b D16
play w C4
play b Q16
play w Q4
play b R6
play w O4
play b R3
play w R4
play b S4
7 reg_genmove w
#? [S5]

# D16 D4 Q17 Q4 R15 F17 H17: white to move, book F15 0.534, next best 0.512
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q17
play w Q4
play b R15
play w F17
play b H17
8 reg_genmove w
#? [F15]

# D16 D4 Q16 Q4 R6 R8: black to move, book P6 0.495, next best 0.475
boardsize 19
clear_board
komi 7.5
play b D16
play w D4
play b Q16
play w Q4
play b R6
play w R8
9 reg_genmove b
#? [P6]
