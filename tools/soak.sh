#!/usr/bin/env bash
# The soak test of a bot that runs for weeks: GAMES games through moyo-referee, in rounds of
# ROUND games whose engines live through the round, cycling over eight lanes: fast 9x9 and
# 19x19, against GNU Go and against moyo itself, under sudden death, Japanese byo-yomi,
# Canadian byo-yomi and no clock, some with handicap. Every moyo runs behind
# tools/soak-proxy.py: its stderr a pipe nobody reads, a random `undo` or `loadsgf` before
# some moves (CHAOS, the chance a move), its resident memory written after every move.
# The report counts moyo's crashes, illegal moves, time losses and protocol errors (apart
# from GNU Go's), the proxy's errors and the engines' exits, the peak resident memory and
# its growth over each engine's life and over the run.
#
# Usage: tools/soak.sh GAMES [DIR]   a new run in DIR (default: soak-runs/DATE-TIME, fresh);
#                                    with the DIR of an earlier run, resumes it: the games
#                                    it finished are kept (one line each, appended to
#                                    DIR/games.tsv as they end) and the rest are played
#        tools/soak.sh --report DIR  the report of a run so far (also DIR/report.txt)
# Example: tools/soak.sh 400        (the lead's run); tools/soak.sh 4 /tmp/soak-try
# Environment: MOYO, REFEREE, GNUGO override the programs (paths without spaces); ROUND
# (default 4) games a round; CHAOS (default 0.05); SEED (default 1); MOYO_ARGS adds moyo
# arguments. The exit status is 1 when moyo had a problem.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
MOYO=${MOYO:-target/release/moyo}
REFEREE=${REFEREE:-target/release/moyo-referee}
GNUGO=${GNUGO:-/usr/games/gnugo}
LANES=8

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

# The lane of round $1 (1-based): sets its name, the size, the opponent, the clock (referee
# flags), the handicap and moyo's own flags.
lane() {
    size=9 opponent=gnugo clock="" handicap=0 own=""
    case $(( ($1 - 1) % LANES )) in
        0) tc=sudden clock="--time-settings 6,0,0" ;;
        1) tc=canadian opponent=self clock="--time-settings 2,2,10" ;;
        2) tc=byoyomi clock="--byo-yomi 2,1,3" ;;
        3) tc=none size=19 opponent=self handicap=4 own="--playouts 100" ;;
        4) tc=byoyomi clock="--byo-yomi 1,1,5" handicap=2 ;;
        5) tc=canadian size=19 clock="--time-settings 2,2,25" ;;
        6) tc=none opponent=self own="--playouts 300" handicap=3 ;;
        7) tc=sudden size=19 opponent=self clock="--time-settings 8,0,0" ;;
    esac
    name="${size}x${size}-$opponent-$tc"
    if [ "$handicap" -gt 0 ]; then name="$name-h$handicap"; fi
}

report() {
    python3 - "$1" <<'EOF'
import glob, os, re, sys
from collections import defaultdict

run = sys.argv[1]
line_re = re.compile(r"game (\d+): ([AB])\(black\) vs ([AB])\(white\): (\S+) \(([\w-]+)\) "
                     r"moves (\d+) (?:winner ([AB])|jigo) time ([\d.]+)s \[(.*)\]$")
games, kinds, problems, opponent = 0, defaultdict(int), [], defaultdict(int)
lanes = defaultdict(int)
for row in open(os.path.join(run, "games.tsv")) if os.path.exists(os.path.join(run, "games.tsv")) else []:
    rnd, lane, text = row.rstrip("\n").split("\t", 2)
    m = line_re.match(text)
    if not m:
        problems.append(f"round {rnd}: unreadable referee line: {text}")
        continue
    games += 1
    lanes[lane] += 1
    kind, winner, detail = m.group(5), m.group(7), m.group(9)
    kinds[kind] += 1
    if kind not in ("crash", "time", "illegal"):
        continue
    loser = "B" if winner == "A" else "A"
    moyo = loser == "A" or "-self-" in lane
    if kind == "illegal":
        protocol = not re.search(r" played \S+ at move \d+", detail)
        kind = "protocol error" if protocol else "illegal move"
    if moyo:
        problems.append(f"round {rnd} ({lane}) game {m.group(1)}: {kind}: {detail}")
    else:
        opponent[kind] += 1

errors, exits, lives = [], [], []
for log in sorted(glob.glob(os.path.join(run, "round-*", "moyo-*.log"))):
    rnd = os.path.basename(os.path.dirname(log))
    life = None
    for line in open(log):
        w = line.split()
        if not w:
            continue
        if w[0] == "start":
            life = {"log": f"{rnd}/{os.path.basename(log)}", "samples": []}
            lives.append(life)
        elif w[0] == "rss" and life is not None:
            life["samples"].append(tuple(int(x) for x in w[1:5]))
        elif w[0] == "error":
            errors.append(f"{rnd}/{os.path.basename(log)}: {line.strip()}")
        elif w[0] == "exit" and w[1] != "0":
            exits.append(f"{rnd}/{os.path.basename(log)}: engine exit status {w[1]}")

def mb(kb):
    return f"{kb / 1024:.0f} MB"

# Each engine's life: its peak, and its growth from the end of its first game to its end.
peaks, growths = [], []
for life in lives:
    s = life["samples"]
    if not s:
        continue
    peaks.append(max(x[3] for x in s))
    after_first = [x for x in s if x[0] == s[0][0]][-1][2]
    growths.append((s[-1][2] - after_first, after_first, s[-1][2],
                    len({x[0] for x in s}), life["log"]))

out = [f"soak {run}: {games} games ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})"]
out.append("lanes: " + ", ".join(f"{k} {v}" for k, v in sorted(lanes.items())))
moyo_problems = len(problems) + len(errors) + len(exits)
out.append(f"moyo problems: {len(problems)} in games (crash, time, illegal move, protocol "
           f"error), {len(errors)} proxy errors, {len(exits)} abnormal exits")
out.extend("  " + p for p in problems + errors[:20] + exits[:20])
if len(errors) > 20:
    out.append(f"  ... {len(errors) - 20} more proxy errors")
if opponent:
    out.append("GNU Go's problems: " + ", ".join(f"{k} {v}" for k, v in sorted(opponent.items())))
if peaks:
    out.append(f"peak resident memory: {mb(max(peaks))} ({len(peaks)} engine lives)")
    g = max(growths)
    out.append(f"largest growth of one engine after its first game: {mb(g[0])} "
               f"({mb(g[1])} -> {mb(g[2])} over {g[3]} games, {g[4]})")
    half = len(peaks) // 2
    if half:
        out.append(f"engine peaks over the run: first half up to {mb(max(peaks[:half]))}, "
                   f"second half up to {mb(max(peaks[half:]))}")
text = "\n".join(out) + "\n"
open(os.path.join(run, "report.txt"), "w").write(text)
print(text, end="")
sys.exit(1 if moyo_problems else 0)
EOF
}

[ $# -ge 1 ] || usage
if [ "$1" = --report ]; then
    [ $# -eq 2 ] || usage
    report "$2"
    exit
fi
case $1 in '' | *[!0-9]*) usage ;; esac
games=$1
dir=${2:-soak-runs/$(date -u +%Y%m%d-%H%M%S)}
ROUND=${ROUND:-4}
CHAOS=${CHAOS:-0.05}
SEED=${SEED:-1}
if [ -f "$dir/plan" ]; then
    # A resumed run keeps its own round size, chaos and seed.
    read -r _ ROUND CHAOS SEED < "$dir/plan"
    echo "soak: resuming $dir (round $ROUND, chaos $CHAOS, seed $SEED)" >&2
elif [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    echo "soak: $dir is not empty and holds no soak run; give a fresh folder" >&2
    exit 2
else
    mkdir -p "$dir"
    echo "plan $ROUND $CHAOS $SEED" > "$dir/plan"
fi
for program in "$MOYO" "$REFEREE" "$GNUGO"; do
    [ -x "$program" ] || { echo "soak: $program is not there (cargo build --release?)" >&2; exit 2; }
done
touch "$dir/games.tsv"

rounds=$(( (games + ROUND - 1) / ROUND ))
for r in $(seq 1 "$rounds"); do
    lane "$r"
    in_round=$(( games - (r - 1) * ROUND < ROUND ? games - (r - 1) * ROUND : ROUND ))
    done_here=$(awk -F'\t' -v r="$r" '$1 == r' "$dir/games.tsv" | wc -l)
    left=$(( in_round - done_here ))
    [ "$left" -gt 0 ] || continue
    part=1
    while [ -e "$(printf '%s/round-%04d-%d' "$dir" "$r" "$part")" ]; do part=$(( part + 1 )); done
    rdir=$(printf '%s/round-%04d-%d' "$dir" "$r" "$part")
    mkdir -p "$rdir"
    proxy() {  # the command line of moyo behind the proxy, logging to moyo-$1.log, seed $2
        echo "python3 $here/soak-proxy.py --log $rdir/moyo-$1.log --chaos $CHAOS --seed $2" \
            "--unread-stderr -- $MOYO --threads 1 $own ${MOYO_ARGS:-}"
    }
    seed=$(( SEED * 1000000 + r * 100 + part * 2 ))
    black=$(proxy a "$seed")
    if [ "$opponent" = self ]; then
        white=$(proxy b $(( seed + 1 )))
    else
        white="$GNUGO --mode gtp --level 1"
    fi
    echo "soak: round $r/$rounds ($name): $left games into $rdir" >&2
    # The clock flags are split into words on purpose.
    # shellcheck disable=SC2086
    "$REFEREE" --black "$black" --white "$white" --games "$left" --size "$size" \
        --komi 7 --handicap "$handicap" $clock --seed "$seed" \
        --scorer "$GNUGO --mode gtp --chinese-rules --level 1" --sgf-dir "$rdir" \
        --engine-stderr log |
        while IFS= read -r line; do
            printf '%s\n' "$line" >> "$rdir/referee.out"
            case $line in
                "game "*) printf '%s\t%s\t%s\n' "$r" "$name" "$line" >> "$dir/games.tsv" ;;
            esac
        done
done
report "$dir"
