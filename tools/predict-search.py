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
import sys
import tempfile

from gtp_engine import ask, request, start

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
    engine = start([binary, "--threads", "1", "--quiet", "--no-book", "--seed", "1"] + extra,
                   stderr=None)
    ask(engine, "boardsize 19")
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
            if not request(engine, f"loadsgf {sgf} {k + 1}")[0]:
                continue
            truth = f"{COLUMNS[ord(move[0]) - 97]}{19 - (ord(move[1]) - 97)}"
            ok, answer = request(engine, f"reg_genmove {'b' if colour == 'B' else 'w'}")
            tried += 1
            hits += ok and answer.upper() == truth
    finally:
        os.unlink(sgf)
        engine.stdin.close()
    print(f"{hits}/{tried} = {100 * hits / tried:.1f}%  {' '.join(extra)}")


if __name__ == "__main__":
    main()
