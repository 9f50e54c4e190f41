#!/usr/bin/env python3
"""Search move prediction: how often moyo's search (`reg_genmove` after `loadsgf FILE N`) picks
the professional's move, over positions drawn at random from the even 19x19 games of a
multi-game SGF file (moves 11-200). The same seed draws the same positions, so settings can be
compared: a cheap pointer for tuning the prior's weight, not a strength figure.

Usage: tools/predict-search.py MOYO GAMES.sgf POSITIONS SEED [moyo arguments...]
Example: tools/predict-search.py target/release/moyo fox-pro-09.sgf 300 5 --playouts 2000 --set prior_sims=100
"""
import os
import random
import re
import subprocess
import sys
import tempfile

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def main():
    binary, path, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    extra = sys.argv[5:]
    text = open(path, encoding="utf-8", errors="replace").read()
    games = ["(;" + g for g in text.split("(;")[1:]]
    even = [g for g in games
            if "SZ[19]" in g and "AB[" not in g and not re.search(r"HA\[[1-9]", g[:600])]
    if not even:
        sys.exit(f"{path}: no even 19x19 game")
    rng = random.Random(seed)
    engine = subprocess.Popen([binary, "--threads", "1", "--quiet", "--no-book", "--seed", "1"] + extra,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def command(c):
        engine.stdin.write(c + "\n")
        engine.stdin.flush()
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit(f"moyo ended on: {c}")
            if line.strip():
                lines.append(line.strip())
            elif lines:
                return lines[0]

    command("boardsize 19")
    fd, sgf = tempfile.mkstemp(suffix=".sgf")
    os.close(fd)
    hits = tried = 0
    try:
        while tried < n:
            g = rng.choice(even)
            moves = re.findall(r";([BW])\[([a-s]{2})?\]", g)
            if len(moves) < 60:
                continue
            k = rng.randrange(10, min(len(moves), 200))
            colour, move = moves[k]
            if not move:
                continue
            with open(sgf, "w", encoding="utf-8") as f:
                f.write(g)
            if not command(f"loadsgf {sgf} {k + 1}").startswith("="):
                continue
            truth = f"{COLUMNS[ord(move[0]) - 97]}{19 - (ord(move[1]) - 97)}"
            answer = command(f"reg_genmove {'b' if colour == 'B' else 'w'}")
            tried += 1
            hits += answer[1:].strip().upper() == truth
    finally:
        os.unlink(sgf)
        engine.stdin.close()
    print(f"{hits}/{tried} = {100 * hits / tried:.1f}%  {' '.join(extra)}")


if __name__ == "__main__":
    main()
