#!/bin/sh
# Where a game turned: moyo's search of every STEP-th of the positions of a game record in
# which COLOUR is to move (every 2 STEP moves), one line each: move number, moyo's move, its
# win rate for COLOUR, playouts. Finds the stretch of a lost game in which the win rate fell.
#
# Usage: tools/winrate-curve.sh GAME.sgf COLOUR [STEP [moyo arguments...]]
# Example: tools/winrate-curve.sh /tmp/gg19/game-005.sgf b 10 --time-per-move 1
# Environment: MOYO overrides the program. Without arguments moyo searches 3,000 playouts
# (seed 1, no book) per position.
set -eu
SGF=$1
COLOUR=$2
STEP=${3:-10}
if [ $# -ge 3 ]; then shift 3; else shift $#; fi
ARGS=${*:---playouts 3000}
MOYO=${MOYO:-target/release/moyo}
# The colours of the record's moves, one a line.
COLOURS=$(grep -o ';[BW]\[' "$SGF" | cut -c2)
MOVES=$(printf '%s\n' "$COLOURS" | grep -c .)
# loadsgf N stops before move N, so COLOUR is to move at the N of its own moves.
FIRST=$(printf '%s\n' "$COLOURS" | head -n 1)
case "$COLOUR" in
    b|B|black) WANT=B ;;
    w|W|white) WANT=W ;;
    *) echo "colour must be b or w" >&2; exit 1 ;;
esac
if [ "$FIRST" = "$WANT" ]; then i=1; else i=2; fi
# ARGS and MOYO are split into words on purpose: they may hold several arguments.
# shellcheck disable=SC2086
while [ "$i" -le "$MOVES" ]; do
    printf 'loadsgf %s %s\nreg_genmove %s\nquit\n' "$SGF" "$i" "$COLOUR" |
        $MOYO --threads 1 --no-book --seed 1 $ARGS 2>&1 |
        awk -v n="$i" '/ search / { print n, $4, $6, $8; exit }'
    i=$((i + 2 * STEP))
done
