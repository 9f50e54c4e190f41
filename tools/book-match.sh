#!/bin/sh
# The book measurement of BENCHMARKS.md: moyo (one thread, 2000 playouts a move, the book
# file BOOK) against GNU Go 3.8 level 10, area scoring, colours alternating; then the number
# of book moves moyo played a game, counted from the SGF records by `moyo book count` (a
# move counts when the book had a move for moyo in that position, which is exactly when
# genmove answers from the book).
#
# Usage: tools/book-match.sh BOOK DIR [GAMES [SEED [extra moyo arguments...]]]
# Example: tools/book-match.sh BOOK DIR 50 917 --set book_margin=0 (the count reads the
# extra arguments too, so that it counts the book moves genmove may play under them)
# Environment: MOYO, REFEREE, GNUGO override the programs; SIZE (9) and KOMI (7 on 9x9,
# 7.5 otherwise) the board; PLAYOUTS (2000) moyo's search; MAX_MOVES stops each game after
# that many moves (unset: played out), which is enough for counting book moves and keeps
# 13x13 and 19x19 games short: such a game's result means nothing, so it is scored by
# Tromp-Taylor rather than by GNU Go's slow dead-stone judgement of an open board.
# OPPONENT replaces GNU Go as the other engine (any GTP command line), e.g. Pachi at fixed
# playouts: OPPONENT="cd PACHI_DIR && DATA_DIR=. exec ./pachi --nodcnn -t =13600".
# A probe round gathers the opponent's replies for `moyo book build --follow`, not a count:
# MAX_MOVES=16 PLAYOUTS=300. moyo's book moves take no time and its few searches after the
# book are short, so a game costs little more than the opponent's moves, and the follow step
# uses each record only up to where it leaves the book.
set -eu
BOOK=$1
DIR=$2
GAMES=${3:-50}
SEED=${4:-1}
if [ $# -ge 4 ]; then shift 4; else shift $#; fi
EXTRA="$*"
MOYO=${MOYO:-target/release/moyo}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
SIZE=${SIZE:-9}
if [ "$SIZE" = 9 ]; then KOMI=${KOMI:-7}; else KOMI=${KOMI:-7.5}; fi
PLAYOUTS=${PLAYOUTS:-2000}
if [ -n "${MAX_MOVES:-}" ]; then
    set -- --max-moves "$MAX_MOVES"
else
    set -- --scorer "$GNUGO --mode gtp --chinese-rules"
fi
"$REFEREE" \
    --black "$MOYO --threads 1 --playouts $PLAYOUTS --seed $SEED --book $BOOK $EXTRA" \
    --white "${OPPONENT:-$GNUGO --mode gtp --level 10}" \
    --games "$GAMES" --size "$SIZE" --komi "$KOMI" --time-per-move 10 --seed "$SEED" \
    --sgf-dir "$DIR" "$@"
# shellcheck disable=SC2086 # EXTRA is a list of arguments
"$MOYO" book count --book "$BOOK" $EXTRA "$DIR"/game-*.sgf | tee "$DIR/book-count.txt"
