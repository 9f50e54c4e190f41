#!/bin/sh
# The self-play measurement of BENCHMARKS.md: moyo with settings A against moyo with settings
# B (one thread each, SECONDS per move, the embedded book), colours alternating, area scoring
# with GNU Go judging dead stones; the referee's summary (A's wins, Wilson 95% interval, Elo)
# ends DIR.log. Screens a candidate cheaply before games against GNU Go; the same program
# against itself scores 50% only over many games (12 games can give 9-3).
#
# Usage: tools/selfplay-match.sh SIZE KOMI SECONDS GAMES DIR SEED "A ARGS" ["B ARGS"]
# Example: tools/selfplay-match.sh 19 7.5 0.3 80 /tmp/sp19-x 201 "--set lgrf_rate=1"
# Environment: MOYO_A and MOYO_B (default: MOYO, else target/release/moyo), REFEREE and
# GNUGO override the programs.
set -eu
SIZE=$1
KOMI=$2
SECONDS=$3
GAMES=$4
DIR=$5
SEED=$6
A_ARGS=$7
B_ARGS=${8:-}
MOYO=${MOYO:-target/release/moyo}
MOYO_A=${MOYO_A:-$MOYO}
MOYO_B=${MOYO_B:-$MOYO}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
# The referee's limit only guards against a hung engine.
LIMIT=$(awk "BEGIN { print 20 + 3 * $SECONDS }")
"$REFEREE" \
    --black "$MOYO_A --threads 1 --quiet --time-per-move $SECONDS $A_ARGS" \
    --white "$MOYO_B --threads 1 --quiet --time-per-move $SECONDS $B_ARGS" \
    --games "$GAMES" --size "$SIZE" --komi "$KOMI" --time-per-move "$LIMIT" --seed "$SEED" \
    --scorer "$GNUGO --mode gtp --chinese-rules" --sgf-dir "$DIR" 2>&1 | tee "$DIR.log"
