#!/usr/bin/env python3
"""Replay a game record through moyo as the game went: at each of COLOUR's moves moyo searches
(`genmove`), the answer is taken back (`undo`) and the record's move is played instead, so
that state carried from move to move (the dynamic-komi ratchet, the kept tree) evolves as it
did in the game. Shows where moyo's own view of a lost game turned, at the komi it really
searched with, which `tools/winrate-curve.sh` (a fresh engine per position) cannot.

Usage: tools/replay-game.py GAME.sgf COLOUR [UPTO [moyo arguments...]]
Example: tools/replay-game.py /tmp/gg19/game-001.sgf b 240 --set race_rate=0
Environment: MOYO overrides the program, a command line (default target/release/moyo; for
ranks: MOYO="mpirun -np 2 target/mpi/release/moyo"). moyo runs with one thread, 1 s a move and
no book unless the arguments give those flags; the komi is the record's KM (default 7.5).
Prints one line per searched move: move number, moyo's move, the record's move, the seconds
the genmove took as a front end sees them, then moyo's log line of that search (win rate,
dynamic komi, playouts, best candidates); a last line gives those seconds' mean and median.
"""
import os
import queue
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time

from gtp_engine import ask, start

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def vertex(sgf_point, size):
    """The GTP vertex of an SGF point (`pass` for an empty one)."""
    if sgf_point == "" or (sgf_point == "tt" and size <= 19):
        return "pass"
    col = ord(sgf_point[0]) - ord("a")
    row = ord(sgf_point[1]) - ord("a")
    return f"{COLUMNS[col]}{size - row}"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sgf, colour = sys.argv[1], sys.argv[2].upper()[:1]
    upto = int(sys.argv[3]) if len(sys.argv) > 3 else 10**6
    text = open(sgf).read()
    size = int((re.search(r"SZ\[(\d+)\]", text) or [0, 19])[1])
    komi = (re.search(r"KM\[([-\d.]+)\]", text) or [0, "7.5"])[1]
    moves = re.findall(r";([BW])\[([a-z]*)\]", text)[:upto]
    args = sys.argv[4:]
    for flag, value in (("--threads", "1"), ("--time-per-move", "1"), ("--no-book", None)):
        if flag not in args:
            args = [flag] + ([value] if value else []) + args
    command = shlex.split(os.environ.get("MOYO", "target/release/moyo"))
    moyo = start(command + args, stderr=subprocess.PIPE)

    # moyo logs each search on stderr before it answers; a thread keeps those lines.
    searches = queue.Queue()

    def read_log():
        for line in moyo.stderr:
            # Rank 0's (or a lone moyo's) lines; a follower's start "moyo: rank N:".
            if line.startswith("moyo: search "):
                searches.put(line[len("moyo: search "):].strip())

    threading.Thread(target=read_log, daemon=True).start()

    def search_line():
        """The log line of the search just made, or "" (no search, or `--quiet`)."""
        try:
            return searches.get(timeout=1.0)
        except queue.Empty:
            return ""

    for command in (f"boardsize {size}", "clear_board", f"komi {komi}"):
        ask(moyo, command)
    seconds = []
    for number, (c, point) in enumerate(moves, 1):
        played = vertex(point, size)
        if c == colour:
            start_time = time.monotonic()
            answer = ask(moyo, f"genmove {c.lower()}")
            seconds.append(time.monotonic() - start_time)
            log = search_line()
            if answer.lower() != "resign":
                ask(moyo, "undo")
            print(number, answer, played, f"{seconds[-1]:.3f}s", log, flush=True)
        ask(moyo, f"play {c.lower()} {played}")
    ask(moyo, "quit")
    if seconds:
        print(f"{len(seconds)} genmoves: mean {statistics.mean(seconds):.3f} s, "
              f"median {statistics.median(seconds):.3f} s")


if __name__ == "__main__":
    main()
