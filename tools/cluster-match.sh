#!/bin/sh
# The cluster's strength measurement of BENCHMARKS.md: moyo on A_RANKS MPI ranks against moyo
# on B_RANKS ranks (1: a lone process, no mpirun), each with its own arguments (seconds or
# playouts a move, threads, --set), colours alternating, area scoring with GNU Go judging
# dead stones; the referee's summary (A's wins, Wilson 95% interval, Elo) ends DIR.log.
# With --playouts, each rank searches that many playouts a move (rank 0 counts its own, the
# others run as long), so ranks that share cores (more ranks than cores: --oversubscribe)
# search the same as on a machine each: what the shared statistics are worth, free of CPU
# contention. With --time-per-move, give each rank a core of its own.
#
# Usage: tools/cluster-match.sh SIZE KOMI GAMES DIR SEED A_RANKS "A ARGS" B_RANKS "B ARGS"
# Example: tools/cluster-match.sh 9 7 40 /tmp/r2v1 7501 2 "--playouts 2000" 1 "--playouts 2000"
# (each rank runs one thread unless its ARGS give --threads: 1 "--threads 2 --playouts 8000")
# Environment: MOYO (default target/mpi/release/moyo, built with `--features mpi`), REFEREE
# and GNUGO override the programs; MPIRUN_ARGS adds launcher options (default
# `--oversubscribe --bind-to none`; as root also `--allow-run-as-root`).
set -eu
SIZE=$1
KOMI=$2
GAMES=$3
DIR=$4
SEED=$5
MOYO=${MOYO:-target/mpi/release/moyo}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
MPIRUN_ARGS=${MPIRUN_ARGS:---oversubscribe --bind-to none}
if [ "$(id -u)" = 0 ]; then
    MPIRUN_ARGS="--allow-run-as-root $MPIRUN_ARGS"
fi
LIMIT=$([ "$SIZE" -ge 13 ] && echo 150 || echo 60)

# The command line of one side: RANKS ranks of moyo with ARGS (one thread a rank unless
# ARGS gives --threads).
side() {
    case " $2 " in
    *" --threads "*) args="--quiet --max-memory 512M $2" ;;
    *) args="--threads 1 --quiet --max-memory 512M $2" ;;
    esac
    if [ "$1" -gt 1 ]; then
        echo "mpirun $MPIRUN_ARGS --enable-recovery -np $1 $MOYO $args"
    else
        echo "$MOYO $args"
    fi
}

"$REFEREE" --black "$(side "$6" "$7")" --white "$(side "$8" "$9")" \
    --games "$GAMES" --size "$SIZE" --komi "$KOMI" --time-per-move "$LIMIT" --seed "$SEED" \
    --scorer "$GNUGO --mode gtp --chinese-rules" --sgf-dir "$DIR" 2>&1 | tee "$DIR.log"
