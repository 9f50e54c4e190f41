#!/usr/bin/env bash
# Crash safety under kill -9: runs a tiny `moyo book build` and a tiny `moyo tune`, kills
# each with SIGKILL at a random moment N times, resumes it every time, and checks that no
# finished work was lost and that the final state loads.
#
# - book: the finished work is the checkpoint's positions plus the journal's intact node
#   records (those of a journal tied to that checkpoint); after every kill it must be at
#   least what it was after the one before, and a resume that says how many positions it
#   resumed must say exactly that many. At the end the build runs to its limit and `moyo
#   book stats` reads the book.
# - tune: the finished work is the game records of games.jsonl; every kill must leave the
#   records of the one before as they were (a line cut short at the end aside), no game
#   may be logged twice, and at the end the run finishes, `moyo tune report` reads it and
#   `moyo --params` loads its champion.
#
# Usage: tools/kill-loop.sh N [DIR]   (DIR: a fresh folder, default kill-loop-DATE-TIME)
# Example: tools/kill-loop.sh 5 /tmp/kill-loop
# Environment: MOYO overrides the program. Exit status 1 when a check fails.
set -euo pipefail

MOYO=${MOYO:-target/release/moyo}
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
n=$1
dir=${2:-kill-loop-$(date -u +%Y%m%d-%H%M%S)}
if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    echo "kill-loop: $dir is not empty; give a fresh folder" >&2
    exit 2
fi
mkdir -p "$dir"
[ -x "$MOYO" ] || { echo "kill-loop: $MOYO is not there (cargo build --release?)" >&2; exit 2; }
failures=0

fail() {
    echo "kill-loop: FAIL: $*" >&2
    failures=$(( failures + 1 ))
}

# A random number of milliseconds in [$1, $2).
random_ms() {
    echo $(( $1 + RANDOM % ($2 - $1) ))
}

# Starts "$@" in the background (output to $dir/last.out and .err), kills it with SIGKILL
# after $ms milliseconds unless it ended before; says which.
run_and_kill() {
    "$@" > "$dir/last.out" 2> "$dir/last.err" &
    local pid=$! waited=0
    while [ "$waited" -lt "$ms" ] && kill -0 "$pid" 2> /dev/null; do
        sleep 0.05
        waited=$(( waited + 50 ))
    done
    if kill -9 "$pid" 2> /dev/null; then
        wait "$pid" 2> /dev/null || true
        echo killed
    else
        wait "$pid" 2> /dev/null || true
        echo ended
    fi
}

# The finished work of the book build $1: checkpoint positions + intact journal nodes.
book_work() {
    local nodes
    nodes=$("$MOYO" book stats "$1" --no-svg | awk '$1 == "nodes" { print $2 }')
    python3 - "$1" "$nodes" <<'EOF'
import struct, sys
book, nodes = sys.argv[1], int(sys.argv[2])
# Record lengths by tag, check included (src/book/journal.rs).
SIZES = {b"n": 20, b"N": 18, b"R": 15, b"K": 15, b"U": 9, b"E": 15, b"X": 9, b"V": 9,
         b"F": 9, b"C": 29}
def fnv1a(b):
    h = 0xcbf29ce484222325
    for x in b:
        h = ((h ^ x) * 0x100000001b3) & 0xffffffffffffffff
    return h
try:
    j = open(book + ".journal", "rb").read()
except OSError:
    j = b""
ckpt_sum = open(book, "rb").read()[-8:]
count = 0
if j[:8] == b"MOYOJRNL" and j[12:20] == ckpt_sum:
    at = 20
    while at < len(j):
        size = SIZES.get(j[at:at + 1])
        if size is None or at + size > len(j):
            break
        rec = j[at:at + size]
        if struct.unpack("<I", rec[-4:])[0] != fnv1a(rec[:-4]) & 0xffffffff:
            break
        count += rec[:1] in (b"n", b"N")
        at += size
print(nodes + count)
EOF
}

# ---- book build ----------------------------------------------------------------------
book=$dir/book/b.book
mkdir -p "$dir/book"
build=("$MOYO" --playouts 30 book build --out "$book" --size 5 --komi 0.5 --width 4
       --checkpoint-secs 1 --seconds 600)
before=0
for i in $(seq 1 "$n"); do
    ms=$(random_ms 300 4000)
    how=$(run_and_kill "${build[@]}")
    if [ ! -f "$book" ]; then
        echo "book $i: $how after ${ms} ms, before the first checkpoint"
        continue
    fi
    resumed=$(sed -n 's/^book: resuming .* (\([0-9]*\) positions.*/\1/p' "$dir/last.err")
    if [ -n "$resumed" ] && [ "$resumed" -ne "$before" ]; then
        fail "book $i: the resume found $resumed positions, $before were finished"
    fi
    after=$(book_work "$book")
    echo "book $i: $how after ${ms} ms: ${resumed:-?} positions resumed, $after finished now"
    if [ "$after" -lt "$before" ]; then
        fail "book $i: $before positions were finished before, $after after"
    fi
    before=$after
done
if "$MOYO" --playouts 30 book build --out "$book" --seconds 2 > "$dir/last.out" 2> "$dir/last.err" &&
    "$MOYO" book stats "$book" --no-svg > "$dir/book-stats.txt"; then
    echo "book: final build and stats: $(awk '$1 == "nodes" { print $2 }' "$dir/book-stats.txt") positions"
else
    fail "book: the final build or stats failed: $(tail -3 "$dir/last.err")"
fi
if [ -e "$book.lock" ]; then fail "book: the lock file was left behind"; fi

# ---- tune ------------------------------------------------------------------------------
run=$dir/tune
tune=("$MOYO" tune --out "$run" --size 5 --komi 0.5 --survivors 2 --param prior_c
      --param expand_visits:1:10 --playouts 16 --population 4
      --generations $(( 20 * n + 20 )) --games-per-pair 2 --check-every 3 --check-games 4 --threads 1 --seed 5)
touch "$dir/games.before"
for i in $(seq 1 "$n"); do
    ms=$(random_ms 200 3000)
    how=$(run_and_kill "${tune[@]}")
    log=$run/games.jsonl
    [ -f "$log" ] || { echo "tune $i: $how after ${ms} ms, before its log"; continue; }
    # The complete lines now, which must begin with the complete lines of the last kill.
    python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); sys.stdout.buffer.write(d[:d.rfind(b"\n") + 1])' \
        "$log" > "$dir/games.now"
    kept=$(wc -l < "$dir/games.before")
    if ! head -n "$kept" "$dir/games.now" | cmp -s - "$dir/games.before"; then
        fail "tune $i: the log's first $kept lines changed"
    fi
    dup=$(grep '"type":"game"' "$dir/games.now" | sed 's/.*"gen":\([0-9]*\),"game":\([0-9]*\),"kind":"\([a-z]*\)".*/\1 \2 \3/' | sort | uniq -d | head -3)
    if [ -n "$dup" ]; then fail "tune $i: games logged twice: $dup"; fi
    games=$(grep -c '"type":"game"' "$dir/games.now" || true)
    echo "tune $i: $how after ${ms} ms: $games games logged ($(( games - $(grep -c '"type":"game"' "$dir/games.before" || true) )) new)"
    mv "$dir/games.now" "$dir/games.before"
done
if "${tune[@]}" > "$dir/last.out" 2> "$dir/last.err" &&
    "$MOYO" tune report "$run" > "$dir/tune-report.txt" &&
    echo quit | "$MOYO" --params "$run/champion.params" --quiet > /dev/null; then
    echo "tune: finished, reported, champion loads ($(grep -c '"type":"game"' "$run/games.jsonl") games)"
else
    fail "tune: the final run, report or champion failed: $(tail -3 "$dir/last.err")"
fi
if [ -e "$run/.lock" ]; then fail "tune: the lock file was left behind"; fi

if [ "$failures" -gt 0 ]; then
    echo "kill-loop: $failures checks failed" >&2
    exit 1
fi
echo "kill-loop: every check passed"
