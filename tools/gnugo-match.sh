#!/bin/sh
# The strength measurement of BENCHMARKS.md: moyo (one thread, SECONDS per move, its
# embedded book) against GNU Go 3.8 level 10, area scoring, colours alternating, GNU Go
# scoring the finished games; the referee's summary (wins, Wilson 95% interval, Elo, time
# losses) ends DIR.log. Runs of the same binary and settings with different seeds add up.
# moyo's search log (win rate, dynamic komi and playouts of every move) is kept in
# DIR/engine-a.log; `tools/match-log.py DIR` summarises it per game, with the playouts a
# second that show whether the machine gave moyo its full speed.
#
# Usage: tools/gnugo-match.sh SIZE KOMI SECONDS GAMES DIR [SEED [extra moyo arguments...]]
# Example: tools/gnugo-match.sh 9 7 1 100 /tmp/gg9-a 9
# Environment: MOYO, REFEREE, GNUGO override the programs; HANDICAP=N gives Black N fixed
# handicap stones (colours still alternate, so moyo takes and gives handicap in turn);
# OPPONENT replaces GNU Go as the other engine (any GTP command line; GNU Go still scores);
# THREADS gives moyo that many search threads (default 1); EQUALIZE=N0 tells the referee
# that OPPONENT's command holds {N}, its playouts a move, to start at N0 and re-set after
# each game for equal seconds a move (the referee's --equalize).
set -eu
SIZE=$1
KOMI=$2
SECS=$3
GAMES=$4
DIR=$5
SEED=${6:-1}
if [ $# -ge 6 ]; then shift 6; else shift $#; fi
MOYO=${MOYO:-target/release/moyo}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
# A move may take the budget plus the stretch for an unstable best move; GNU Go level 10 on
# 19x19 takes a few seconds. The referee's limit is only a guard against a hung engine.
LIMIT=$(awk "BEGIN { print ($SIZE >= 13 ? 60 : 20) + 3 * $SECS }")
"$REFEREE" \
    --black "$MOYO --threads ${THREADS:-1} --time-per-move $SECS $*" \
    --white "${OPPONENT:-$GNUGO --mode gtp --level 10}" \
    ${HANDICAP:+--handicap "$HANDICAP"} ${EQUALIZE:+--equalize "$EQUALIZE"} --games "$GAMES" --size "$SIZE" --komi "$KOMI" --time-per-move "$LIMIT" --seed "$SEED" \
    --scorer "$GNUGO --mode gtp --chinese-rules" --sgf-dir "$DIR" 2>&1 | tee "$DIR.log"
