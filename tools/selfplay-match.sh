#!/bin/sh
# The self-play measurement of BENCHMARKS.md: moyo with settings A against moyo with settings
# B (one thread each, SECONDS per move, the embedded book), colours alternating, area scoring
# with GNU Go judging dead stones; the referee's summary (A's wins, Wilson 95% interval, Elo)
# ends DIR.log. Screens a candidate cheaply before games against GNU Go; the same program
# against itself scores 50% only over many games (12 games can give 9-3).
#
# Usage: tools/selfplay-match.sh SIZE KOMI SECONDS GAMES DIR SEED "A ARGS" ["B ARGS"]
# Example: tools/selfplay-match.sh 19 7.5 0.3 80 /tmp/sp19-x 201 "--set race_max_size=19"
# Environment: MOYO_A and MOYO_B (default: MOYO, else target/release/moyo), REFEREE and
# GNUGO override the programs; THREADS gives both sides that many search threads (default 1).
set -eu
MOYO=${MOYO:-target/release/moyo}
MOYO_B=${MOYO_B:-$MOYO}
B_ARGS=${8:-}
# A_ARGS ($7) is split into words on purpose: it holds several moyo arguments.
# shellcheck disable=SC2086
OPPONENT="$MOYO_B --threads ${THREADS:-1} --quiet --time-per-move $3 $B_ARGS" MOYO=${MOYO_A:-$MOYO} \
    exec "$(dirname "$0")/gnugo-match.sh" "$1" "$2" "$3" "$4" "$5" "$6" $7
