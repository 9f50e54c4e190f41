#!/usr/bin/env python3
"""Where moyo's lost games turned, seen by both engines: for a match run by
`tools/pachi-match.sh` (or `gnugo-match.sh` with Pachi as OPPONENT), each game moyo lost gets
one line with the game move where moyo's own win rate fell below a threshold (0.4) for good,
the move where Pachi's estimate of moyo's chances did, and the phase of the game the turn fell
in. Early estimates near one half say little (Pachi's and moyo's differ over the komi), so a
side has seen the loss only once its estimate stays below the threshold.

Usage: tools/turning-points.py DIR [--curve] [--kinds] [--threshold T]
       tools/turning-points.py DIR --suite [--threshold T] >> SUITE
Example: tools/turning-points.py /tmp/pachi9-a --curve

With --suite it prints instead, for each lost game with a Pachi turn T, the position before
moyo's move T-1 (the last move moyo chose before Pachi saw the game lost) as a line of
`tools/misjudged.py`'s suites, for its `moves` screen.

Reads DIR/engine-a.log (moyo's search log), DIR/engine-b.log (Pachi's stderr: its `IN:`
lines number the moves and its `*** WINNER is V with score P%` line follows each genmove),
DIR.log (the referee's results) and the game records. Columns:
- `moyo@`: the first move after moyo's last search at the threshold or better (`-` if it
  never was);
- `pachi@`: the first Pachi move from which Pachi's estimate of moyo's chances stayed below
  the threshold;
- `lead`: how many game moves earlier Pachi saw the game turn than moyo did (positive:
  moyo misjudged the position for that long; near zero: moyo was surprised by a move);
- `phase`: opening (the first sixth of the board's points as moves), end (past half of them),
  or middle, of the earlier of the two turns;
- the record's moves from four before the earlier turn to two after it.
With --curve each line is followed by both engines' estimates of moyo's chances, move by
move, from eight moves before the turn. With --kinds each line ends with what Pachi's move at
its turn did, and moyo's move before it (`capture`, `atari`, `self-atari` or `quiet`), and a
last line counts Pachi's.
"""
import sys

from collections import Counter

from goboard import move_kinds
from searchlog import games_of, pachi_views, record_moves, results_of

def turn(views, good):
    """The first move of the final run of moves whose view is `good` (None: no such run or
    the last view is not good)."""
    moves = sorted(views)
    if not moves or not good(views[moves[-1]]):
        return None
    t = moves[-1]
    for m in reversed(moves):
        if not good(views[m]):
            break
        t = m
    return t


def main():
    args = sys.argv[1:]
    curve = "--curve" in args
    kinds = "--kinds" in args
    suite = "--suite" in args
    args = [a for a in args if a not in ("--curve", "--kinds", "--suite")]
    threshold = 0.4
    if "--threshold" in args:
        i = args.index("--threshold")
        threshold = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    d = args[0].rstrip("/")
    moyo_games = games_of(f"{d}/engine-a.log")
    pachi_games = pachi_views(f"{d}/engine-b.log")
    results = results_of(f"{d}.log")
    if not suite:
        print("game col result   moves moyo@ pachi@ lead phase  moves around the turn")
    counts = Counter()
    for n, (result, won) in sorted(results.items()):
        if won or n > len(moyo_games) or n > len(pachi_games):
            continue
        colour, searches = moyo_games[n - 1]
        first = 1 if colour == "black" else 2
        moyo = {first + 2 * k: s[0] for k, s in enumerate(searches) if s}
        # Pachi's estimate of moyo's chances at Pachi's moves.
        pachi = {m: 1 - p for m, p in pachi_games[n - 1].items()}
        record = record_moves(d, n)
        size = 19 if any(int(v[1:]) > 13 for v in record if v != "pass") else 9
        m_turn = turn(moyo, lambda w: w < threshold)
        p_turn = turn(pachi, lambda w: w < threshold)
        # moyo's turn: the move after its last hopeful search.
        if m_turn is not None:
            hopeful = [m for m in moyo if m < m_turn]
            m_turn = max(hopeful) + 1 if hopeful else None
        if suite:
            # moyo's move T-1 exists when Pachi's turn is not the game's first or second move.
            if p_turn is not None and p_turn >= 2:
                print(f"{d}/game-{n:03d}.sgf {p_turn - 1} {colour[0]} 0 - -")
            continue
        known = [t for t in (m_turn, p_turn) if t is not None]
        t = min(known) if known else len(record)
        lead = f"{m_turn - p_turn:+4d}" if m_turn is not None and p_turn is not None else "   -"
        points = size * size
        phase = "open" if t <= points / 6 else ("end" if t > points / 2 else "middle")
        around = " ".join(f"{i}:{record[i - 1]}" for i in range(max(1, t - 4), min(len(record), t + 2) + 1))
        line = (f"{n:4} {colour[0].upper():>3} {result:8} {len(record):5} {m_turn or '-':>5} "
                f"{p_turn or '-':>6} {lead} {phase:6} {around}")
        if kinds and p_turn is not None and p_turn >= 2:
            k = move_kinds(record[:p_turn], size)
            counts[k[-1]] += 1
            line += f"  pachi {k[-1]}, moyo before {k[-2]}"
        print(line)
        if curve:
            span = range(max(1, t - 8), len(record) + 1)
            cells = [f"{m}:{moyo[m]:.2f}m" if m in moyo else f"{m}:{pachi[m]:.2f}p"
                     for m in span if m in moyo or m in pachi]
            print("       " + " ".join(cells))
    if kinds:
        print("pachi's move at the turn: " + ", ".join(f"{k} {c}" for k, c in counts.most_common()))


if __name__ == "__main__":
    main()
