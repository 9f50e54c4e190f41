#!/usr/bin/env python3
"""How well a moyo setting judges positions from real games, measured in minutes instead of
match hours: a screen for playout and search changes before they earn a match.

`build` samples positions from the games of matches against Pachi (folders left by
`tools/pachi-match.sh`): in each game, the position before moyo's move nearest to each of the
sample moves (16, 24, 32 and 40 on 9x9). Each position keeps the game's outcome for moyo,
moyo's own in-game estimate and Pachi's estimate of moyo's chances at the neighbouring
Pachi move. `eval` runs a moyo command line over the suite (a `genmove` after `loadsgf` at
each position, without the book) and compares its estimates with the outcomes.

Usage:
  tools/misjudged.py build DIR... > SUITE
  tools/misjudged.py eval SUITE MOYO [ARGS...]
  tools/misjudged.py show SUITE
Example:
  tools/misjudged.py build /tmp/pachi9-a /tmp/pachi9-b > /tmp/suite.txt
  tools/misjudged.py eval /tmp/suite.txt target/release/moyo --playouts 10000 --set ko_fight_rate=0.4

Suite lines: `SGF MOVE COLOUR OUTCOME MOYO_EST PACHI_EST` (OUTCOME 1 if moyo won the game, 0.5
for a jigo; estimates are moyo's chances, `-` where the log has none). The figures: the Brier
score (mean squared distance of the estimate from the outcome, lower is better), the mean
estimate in won and in lost games and their gap (how well the estimate tells them apart),
for the command and, on the same positions, for the in-game estimates of both engines. The
outcome also depends on the play after the position, so compare settings with each other on
one suite, never with an absolute target.
"""
import os
import re
import subprocess
import sys

from searchlog import games_of, pachi_views, results_of

SAMPLES = {9: (16, 24, 32, 40), 13: (30, 50, 70, 90), 19: (50, 80, 110, 140)}
SEARCH = re.compile(r"moyo: search (?:black|white): \S+ winrate ([0-9.]+)")


def board_size(sgf):
    m = re.search(r"SZ\[(\d+)\]", open(sgf, errors="replace").read())
    return int(m.group(1)) if m else 19


def build(dirs):
    for d in dirs:
        d = d.rstrip("/")
        moyo_games = games_of(f"{d}/engine-a.log")
        pachi_games = pachi_views(f"{d}/engine-b.log")
        for n, (result, won) in sorted(results_of(f"{d}.log").items()):
            if n > len(moyo_games) or n > len(pachi_games):
                continue
            sgf = os.path.abspath(f"{d}/game-{n:03}.sgf")
            if not os.path.exists(sgf):
                continue
            outcome = 0.5 if result == "0" else (1.0 if won else 0.0)
            colour, searches = moyo_games[n - 1]
            first = 1 if colour == "black" else 2
            moyo = {first + 2 * k: s[0] for k, s in enumerate(searches) if s}
            pachi = pachi_games[n - 1]
            for target in SAMPLES.get(board_size(sgf), SAMPLES[19]):
                near = [m for m in moyo if abs(m - target) <= 1]
                if not near:
                    continue
                m = near[0]
                p = pachi.get(m - 1, pachi.get(m + 1))
                pachi_est = f"{1 - p:.3f}" if p is not None else "-"
                print(f"{sgf} {m} {colour} {outcome} {moyo[m]:.3f} {pachi_est}")


def read_suite(path):
    rows = []
    for line in open(path):
        f = line.split()
        if len(f) == 6:
            num = [None if x == "-" else float(x) for x in f[3:]]
            rows.append((f[0], int(f[1]), f[2], num[0], num[1], num[2]))
    return rows


def figures(name, pairs):
    """Prints the Brier score and the won/lost means of (estimate, outcome) pairs."""
    pairs = [(e, o) for e, o in pairs if e is not None]
    if not pairs:
        return
    brier = sum((e - o) ** 2 for e, o in pairs) / len(pairs)
    won = [e for e, o in pairs if o == 1.0]
    lost = [e for e, o in pairs if o == 0.0]
    mw = sum(won) / len(won) if won else float("nan")
    ml = sum(lost) / len(lost) if lost else float("nan")
    print(f"{name:24} positions {len(pairs):4}  brier {brier:.4f}  won {mw:.3f}  "
          f"lost {ml:.3f}  gap {mw - ml:.3f}")


def evaluate(suite, command):
    rows = read_suite(suite)
    args = command + ["--no-book", "--threads", "1", "--seed", "1"]
    gtp = "".join(f"loadsgf {sgf} {move}\ngenmove {colour}\n" for sgf, move, colour, *_ in rows)
    run = subprocess.run(args, input=gtp + "quit\n", capture_output=True, text=True)
    found = [float(m.group(1)) for m in SEARCH.finditer(run.stderr)]
    if len(found) != len(rows):
        sys.exit(f"misjudged: {len(found)} searches for {len(rows)} positions; stderr ends:\n"
                 + run.stderr[-2000:])
    figures("command", [(e, r[3]) for e, r in zip(found, rows)])
    figures("moyo in the game", [(r[4], r[3]) for r in rows])
    figures("Pachi in the game", [(r[5], r[3]) for r in rows])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    verb = sys.argv[1]
    if verb == "build":
        build(sys.argv[2:])
    elif verb == "eval":
        evaluate(sys.argv[2], sys.argv[3:])
    elif verb == "show":
        rows = read_suite(sys.argv[2])
        figures("moyo in the game", [(r[4], r[3]) for r in rows])
        figures("Pachi in the game", [(r[5], r[3]) for r in rows])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
