#!/bin/sh
# A 100-game 9x9 match of moyo against GNU Go (level 10), colours alternating.
#
# How to run (from the repository root, after `cargo build --release`):
#   gtp-scripts/twogtp-vs-gnugo.sh twogtp    # with GoGui's gogui-twogtp (needs gogui on PATH)
#   gtp-scripts/twogtp-vs-gnugo.sh referee   # with our own moyo-referee
#   (no argument: twogtp)
#
# Overridable: MOYO, GNUGO (engine command lines), SCORER (judges dead stones at the end),
# REFEREE (the moyo-referee binary), OUT (output directory), GAMES.
# gogui-twogtp writes $OUT/moyo-vs-gnugo.dat (results) and $OUT/moyo-vs-gnugo-N.sgf;
# summarise with `gogui-twogtp -analyze $OUT/moyo-vs-gnugo.dat`.
# moyo-referee writes $OUT/game-NNN.sgf and $OUT/summary.txt.
set -eu

MOYO=${MOYO:-"target/release/moyo --time-per-move 2 --threads 1 --quiet"}
GNUGO=${GNUGO:-"gnugo --mode gtp --level 10 --chinese-rules"}
SCORER=${SCORER:-"gnugo --mode gtp --chinese-rules"}
REFEREE=${REFEREE:-target/release/moyo-referee}
OUT=${OUT:-matches/moyo-vs-gnugo}
GAMES=${GAMES:-100}
mkdir -p "$OUT"

case "${1:-twogtp}" in
twogtp)
    # gogui-twogtp never sends time_left, so moyo gets a fixed time per move (in $MOYO).
    # GNU Go acts as referee for the score (-referee), so results are never `?`.
    exec gogui-twogtp \
        -black "$MOYO" \
        -white "$GNUGO" \
        -referee "$SCORER" \
        -games "$GAMES" -size 9 -komi 7 -alternate -auto \
        -sgffile "$OUT/moyo-vs-gnugo"
    ;;
referee)
    # The referee enforces the rules itself (illegal move, crash, hang, time loss lose) and
    # asks GNU Go for the dead stones after two passes.
    exec "$REFEREE" \
        --black "$MOYO" \
        --white "$GNUGO" \
        --scorer "$SCORER" \
        --games "$GAMES" --size 9 --komi 7 --alternate \
        --time-per-move 2 \
        --sgf-dir "$OUT"
    ;;
*)
    echo "usage: $0 [twogtp|referee]" >&2
    exit 2
    ;;
esac
