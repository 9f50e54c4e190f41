#!/usr/bin/env python3
"""Which opening lines moyo loses: the referee's game records grouped by moyo's colour and
their first DEPTH moves, with games, non-wins (losses and jigos) and the non-win rate of
each line, most played first. Finds book lines that lose more often than the rest.

Usage: tools/opening-lines.py DEPTH DIR [DIR...] [--min N]
Example: tools/opening-lines.py 4 /tmp/gg9-a /tmp/gg9-b --min 10
Lines with fewer than N games (default 8) are shown only when moyo failed to win one.
"""
import glob
import re
import sys
from collections import defaultdict


def game_line(text, depth):
    """(moyo's colour, first DEPTH moves, whether moyo won) of one record, or None."""
    black = re.search(r"PB\[([^\]]*)\]", text)
    result = re.search(r"RE\[([^\]]*)\]", text)
    if not black or not result:
        return None
    colour = "B" if black.group(1).startswith("moyo") else "W"
    moves = re.findall(r";[BW]\[([a-s]{0,2})\]", text)[:depth]
    moves = [m if m else "pass" for m in moves]
    return colour, " ".join(moves), result.group(1).startswith(colour + "+")


def main(argv):
    args = list(argv)
    least = 8
    if "--min" in args:
        i = args.index("--min")
        least = int(args[i + 1])
        del args[i : i + 2]
    if len(args) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    depth = int(args[0])
    lines = defaultdict(lambda: [0, 0])
    total = [0, 0]
    for d in args[1:]:
        for f in sorted(glob.glob(d + "/game-*.sgf")):
            with open(f, encoding="utf-8", errors="replace") as fh:
                g = game_line(fh.read(), depth)
            if g is None:
                continue
            colour, moves, won = g
            key = (colour, moves)
            lines[key][0] += 1
            total[0] += 1
            if not won:
                lines[key][1] += 1
                total[1] += 1
    print("moyo line (SGF points) games non-wins rate")
    for (colour, moves), (n, lost) in sorted(lines.items(), key=lambda kv: -kv[1][0]):
        if n >= least or lost > 0:
            print(f"{colour} {moves} {n} {lost} {100.0 * lost / n:.1f}%")
    if total[0]:
        print(f"all {total[0]} {total[1]} {100.0 * total[1] / total[0]:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
