#!/bin/sh
# The strength measurement against Pachi at equal time (BENCHMARKS.md, "Against Pachi"):
# moyo (SECONDS per move, its embedded book) against Pachi 12.90 without its neural network,
# one thread each (or THREADS each), area scoring, colours alternating, GNU Go judging dead
# stones.
#
# Equal time means equal seconds a move as the referee measures them. Pachi's own `-t SECS`
# keeps most of a short move back for network lag, so Pachi plays a fixed number of playouts
# a move instead (`-t =N`), calibrated here first:
#   1. Pachi searches a few moves of an empty board; its "games/s" lines give its playouts
#      a second on this machine (the median is printed as `pachi_pps`).
#   2. The target is moyo's expected average seconds a move: SECONDS times MOYO_SHARE (moyo
#      stops a move early once it cannot change, so it uses about 65% of its budget on 9x9
#      and 80% on 19x19).
#   3. N = pps x target x REUSE, where REUSE counts the playouts Pachi keeps from the last
#      move's tree inside its N (measured: 1.4 on 9x9, 1.0 from 13x13).
# The chosen N is printed (`pachi_n`). It is only the start: the calibration misses by 10-30%
# when the machine is loaded or moyo's share of its budget differs, so after each game the
# referee re-sets N from the last 20 games' times (its --equalize: Pachi's N times moyo's
# average seconds a move over Pachi's, at most 1.25 times up or down a game) and restarts
# Pachi with it; each game's N follows its game line (`equalize:`), the last ends the
# summary (`equalize_n`, repeated as `pachi_n_final`). Then the ratio of the two engines'
# average seconds a move over the whole match (`time_ratio`, moyo / Pachi): a ratio outside
# 0.9-1.1 is flagged. PACHI_FIXED=1 keeps N fixed, as before.
#
# Usage: tools/pachi-match.sh SIZE KOMI SECONDS GAMES DIR [SEED [extra moyo arguments...]]
# Example: PACHI_DIR=$HOME/pachi tools/pachi-match.sh 9 7 1 100 /tmp/pachi9-a 1
# Environment:
#   PACHI_DIR   the folder of a built Pachi (`make DCNN=0 JOSEKIFIX=0 BUILD_KATAGO=0`), which
#               holds its patterns_mm.* files (required)
#   PACHI_N     skip the calibration and start Pachi at this many playouts a move
#   PACHI_FIXED 1: keep Pachi's N fixed for the whole match (default 0: re-set it each game)
#   MOYO_SHARE, REUSE  override the calibration's factors
#   THREADS     search threads for each engine (default 1; the calibration uses as many)
#   MOYO, REFEREE, GNUGO  override the programs, as in gnugo-match.sh
set -eu
if [ $# -lt 5 ]; then
    sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
SIZE=$1
SECS=$3
: "${PACHI_DIR:?set PACHI_DIR to the folder of a built Pachi}"
PACHI="$PACHI_DIR/pachi"
[ -x "$PACHI" ] || { echo "pachi-match: no executable $PACHI" >&2; exit 2; }

if [ "$SIZE" -ge 13 ]; then
    SHARE=${MOYO_SHARE:-0.8}
    REUSE=${REUSE:-1.0}
else
    SHARE=${MOYO_SHARE:-0.65}
    REUSE=${REUSE:-1.4}
fi

if [ -z "${PACHI_N:-}" ]; then
    CAL=$(awk "BEGIN { print ($SIZE >= 13 ? 2000 : 8000) }")
    PPS=$(printf 'boardsize %s\nclear_board\nkomi %s\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nquit\n' \
            "$SIZE" "$2" |
        (cd "$PACHI_DIR" && DATA_DIR=. ./pachi --nodcnn -t "=$CAL" threads="${THREADS:-1}" 2>&1 >/dev/null) |
        sed -n 's/.*(\([0-9][0-9]*\) games\/s,.*/\1/p' | sort -n |
        awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
    [ -n "$PPS" ] || { echo "pachi-match: Pachi printed no games/s line" >&2; exit 1; }
    PACHI_N=$(awk "BEGIN { printf \"%d\", $PPS * $SECS * $SHARE * $REUSE + 0.5 }")
    echo "pachi_pps $PPS"
else
    echo "pachi_pps (not measured: PACHI_N given)"
fi
echo "pachi_n $PACHI_N"

if [ "${PACHI_FIXED:-0}" = 1 ]; then
    T=$PACHI_N
    EQ=
else
    T='{N}'
    EQ=$PACHI_N
fi
OPPONENT="cd '$PACHI_DIR' && DATA_DIR=. exec ./pachi --nodcnn -t =$T threads=${THREADS:-1}" \
    EQUALIZE=$EQ "$(dirname "$0")/gnugo-match.sh" "$@"

sed -n 's/^equalize_n /pachi_n_final /p' "$5/summary.txt"
awk '/^a_avg_move_time/ { a = $2 } /^b_avg_move_time/ { b = $2 }
     END { if (b > 0) { r = a / b; printf "time_ratio %.3f%s\n", r,
           (r < 0.9 || r > 1.1) ? " (outside 0.9-1.1: not equal time)" : "" } }' "$5/summary.txt"
