#!/bin/sh
# Elo per doubling: one engine against itself with twice the playouts (A: 2N, B: N), area
# scoring, colours alternating, GNU Go judging dead stones. The referee's summary (A's wins,
# Wilson 95% interval, Elo, both sides' seconds a move) ends DIR.log. How much a doubling is
# worth to an engine, measured the same way for moyo and for a peer, tells which of them
# gains more from time.
#
# Usage: tools/doubling-match.sh SIZE KOMI N GAMES DIR SEED "ENGINE COMMAND"
# The command names the playouts as {N}; each side gets its own count in its place.
# Examples:
#   tools/doubling-match.sh 9 7 19500 100 /tmp/moyo-dbl 7122 \
#       "target/release/moyo --threads 1 --quiet --playouts {N}"
#   tools/doubling-match.sh 9 7 16250 100 /tmp/pachi-dbl 7121 \
#       "cd /opt/pachi && DATA_DIR=. exec ./pachi --nodcnn threads=1 -t ={N}"
# Environment: REFEREE and GNUGO override the programs.
set -eu
[ $# -eq 7 ] || { echo "usage: $0 SIZE KOMI N GAMES DIR SEED \"ENGINE COMMAND with {N}\"" >&2; exit 2; }
SIZE=$1
KOMI=$2
N=$3
GAMES=$4
DIR=$5
SEED=$6
CMD=$7
case "$CMD" in
    *"{N}"*) ;;
    *) echo "doubling-match: the engine command must name the playouts as {N}" >&2; exit 2 ;;
esac
case "$N" in
    '' | *[!0-9]*) echo "doubling-match: N must be a whole number of playouts" >&2; exit 2 ;;
esac
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
with() { printf '%s\n' "$CMD" | sed "s/{N}/$1/g"; }
mkdir -p "$DIR"
# The referee's limit only guards against a hung engine: no move is meant to come near it.
"$REFEREE" \
    --black "$(with $((2 * N)))" \
    --white "$(with "$N")" \
    --games "$GAMES" --size "$SIZE" --komi "$KOMI" --time-per-move 120 --seed "$SEED" \
    --scorer "$GNUGO --mode gtp --chinese-rules" --sgf-dir "$DIR" 2>&1 | tee "$DIR.log"
