#!/bin/sh
# The book measurement of BENCHMARKS.md: moyo (2000 playouts per move, one thread, the book
# file BOOK) against GNU Go 3.8 level 10 on 9x9, komi 7, area scoring, colours alternating;
# then the number of book moves moyo played per game, counted from the SGF records by
# `moyo book count` (a move counts when the book had a move for moyo in that position, which
# is exactly when genmove answers from the book).
#
# Usage: tools/book-match.sh BOOK DIR [GAMES] [SEED]
# Environment: MOYO, REFEREE, GNUGO override the programs.
set -eu
BOOK=$1
DIR=$2
GAMES=${3:-50}
SEED=${4:-1}
MOYO=${MOYO:-target/release/moyo}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
"$REFEREE" \
    --black "$MOYO --threads 1 --playouts 2000 --seed $SEED --book $BOOK" \
    --white "$GNUGO --mode gtp --level 10" \
    --games "$GAMES" --size 9 --komi 7 --time-per-move 10 --seed "$SEED" \
    --scorer "$GNUGO --mode gtp --chinese-rules" --sgf-dir "$DIR"
"$MOYO" book count --book "$BOOK" "$DIR"/game-*.sgf | tee "$DIR/book-count.txt"
