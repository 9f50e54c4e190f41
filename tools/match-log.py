#!/usr/bin/env python3
"""Summarise moyo's own view of each game of a match run by `tools/gnugo-match.sh` (or
`selfplay-match.sh`): the search log lines moyo wrote to DIR/engine-a.log, joined with the
results in DIR.log.

Usage: tools/match-log.py DIR
Example: tools/match-log.py /tmp/gg19-3701

One line per game: number, moyo's colour, result, moves searched, moyo's win rate at the
real komi or under dynamic komi at game moves 50, 100, 150, 200 and 250, the highest dynamic
komi against moyo, the peak win rate (and at which game move) with the lowest after it, and
the median playouts and playouts a second of its searches. Then the same speed figures over
every search of the run: a match is only comparable with another run on the same machine
when moyo searched at the same speed in both (a busy machine costs a timed search its
playouts, and 1 s a move on a loaded core is a weaker engine).

Games are told apart by moyo's colour, which alternates from game to game (the referee's
default); book moves count as moves without a search. Move numbers assume Black moved first
(no handicap stones).
"""
import statistics
import sys

from searchlog import games_of, results_of

AT_MOVES = (50, 100, 150, 200, 250)


def speed(searches):
    """Median playouts, median seconds and median playouts a second of some searches."""
    return (statistics.median(s[2] for s in searches),
            statistics.median(s[3] for s in searches),
            statistics.median(s[2] / max(s[3], 1e-3) for s in searches))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = sys.argv[1].rstrip("/")
    games = games_of(f"{d}/engine-a.log")
    results = results_of(f"{d}.log")
    all_searches = []
    print("game col result   won  moves |" + "".join(f" m{m:<4}" for m in AT_MOVES)
          + "| dkomi  peak@move  low-after | playouts  per-s")
    for i, (colour, moves) in enumerate(games, 1):
        scored = [(k, s) for k, s in enumerate(moves) if s]
        if not scored:
            continue
        searches = [s for _, s in scored]
        all_searches += searches
        first = 1 if colour == "black" else 2

        def at(move):
            k = (move - first) // 2
            return f"{moves[k][0]:.2f} " if 0 <= k < len(moves) and moves[k] else "  -  "

        peak_k, peak = max(scored, key=lambda ks: ks[1][0])
        low = min(s[0] for k, s in scored if k >= peak_k)
        result, won = results.get(i, ("?", None))
        won = "?" if won is None else ("win" if won else "loss")
        playouts, _, rate = speed(searches)
        print(
            f"{i:4} {colour[0].upper():>3} {result:8} {won:4} {len(moves):5} |"
            + "".join(f" {at(m)}" for m in AT_MOVES)
            + f"| {max(s[1] for s in searches):+5.0f}  {peak[0]:.2f}@{first + 2 * peak_k:<4}"
            f" {low:9.2f} | {playouts:8.0f} {rate:6.0f}"
        )
    if all_searches:
        playouts, seconds, rate = speed(all_searches)
        print(f"all {len(all_searches)} searches: median {playouts:.0f} playouts in {seconds:.2f} s,"
              f" {rate:.0f} a second")

if __name__ == "__main__":
    main()
