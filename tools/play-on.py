#!/usr/bin/env python3
"""Play a finished game record on from its last move: moyo (never resigning, 1 s a move, one
thread) against GNU Go 3.8 level 10, until two passes or 200 more moves; GNU Go counts the
end under Chinese rules. Tells whether a resignation was premature: a resigned game that
GNU Go then wins anyway cost nothing.

Usage: tools/play-on.py GAME.sgf MOYO_COLOUR SEED [moyo arguments...]
Example: tools/play-on.py /tmp/gg9/game-092.sgf w 1
Environment: MOYO and GNUGO override the programs; the komi is the record's KM (default 7).
Prints one line: the record, moyo's colour, the moves played on and GNU Go's final score.
"""
import os
import re
import sys

from gtp_engine import ask, start


def main():
    if len(sys.argv) < 4 or sys.argv[2].lower() not in ("b", "w"):
        sys.exit(__doc__)
    sgf, colour, seed = sys.argv[1], sys.argv[2].lower(), sys.argv[3]
    text = open(sgf, encoding="utf-8", errors="replace").read()
    komi = (re.search(r"KM\[([^\]]*)\]", text) or [None, "7"])[1]
    moyo = start([os.environ.get("MOYO", "target/release/moyo"), "--threads", "1",
                   "--quiet", "--time-per-move", "1", "--seed", seed,
                   "--set", "resign_threshold=0"] + sys.argv[4:])
    gnugo = start([os.environ.get("GNUGO", "/usr/games/gnugo"), "--mode", "gtp",
                    "--level", "10", "--chinese-rules"])
    for p in (moyo, gnugo):
        ask(p, f"loadsgf {sgf}")
        ask(p, f"komi {komi}")
    to_move, passes, played = colour, 0, 0
    while passes < 2 and played < 200:
        mover, other = (moyo, gnugo) if to_move == colour else (gnugo, moyo)
        move = ask(mover, f"genmove {to_move}")
        if move.lower() == "resign":
            print(sgf, "moyo", colour, "moves", played, "resign by", to_move)
            return
        ask(other, f"play {to_move} {move}")
        passes = passes + 1 if move.lower() == "pass" else 0
        to_move = "w" if to_move == "b" else "b"
        played += 1
    print(sgf, "moyo", colour, "moves", played, "result", ask(gnugo, "final_score"))


if __name__ == "__main__":
    main()
