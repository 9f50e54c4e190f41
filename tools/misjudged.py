#!/usr/bin/env python3
"""How well a moyo setting judges positions from real games, measured in minutes instead of
match hours: a screen for playout and search changes before they earn a match.

`build` samples positions from the games of matches against Pachi (folders left by
`tools/pachi-match.sh`): in each game, the position before moyo's move nearest to each of the
sample moves (16, 24, 32 and 40 on 9x9). Each position keeps the game's outcome for moyo,
moyo's own in-game estimate and Pachi's estimate of moyo's chances at the neighbouring
Pachi move. `eval` runs a moyo command line over the suite (a `genmove` after `loadsgf` at
each position, without the book) and compares its estimates with the outcomes.

`build --every K` samples instead every moyo move within K moves of the sample window
(moves 12 to 60 on 9x9), every K-th move; `--moves A-B` sets that window instead (late
collapses on 19x19 lie past the default's move 215). `reference` appends to each position a deeper
judge's estimate: Pachi's at N playouts a position (run as in `tools/pachi-match.sh`), the
value of its best move for the side to move. Where a suite has that column, `eval` also
gives each estimate's distance from it (mean absolute and root-mean-square error, and the
mean bias): how far the command's judgement lies from a stronger engine's, position by
position, which the outcome of one game tells only roughly.

Usage:
  tools/misjudged.py build [--every K [--moves A-B]] DIR... > SUITE
  tools/misjudged.py reference SUITE PACHI_DIR N > SUITE2
  tools/misjudged.py eval SUITE MOYO [ARGS...]
  tools/misjudged.py show SUITE
  tools/misjudged.py moves SUITE PACHI_DIR M MOYO [ARGS...]   (or: ... M pachi N)
Example:
  tools/misjudged.py build /tmp/pachi9-a /tmp/pachi9-b > /tmp/suite.txt
  tools/misjudged.py eval /tmp/suite.txt target/release/moyo --playouts 10000 --set ko_fight_rate=0.4
  tools/misjudged.py build --every 4 /tmp/pachi9-a > /tmp/dense.txt
  tools/misjudged.py reference /tmp/dense.txt PACHI_DIR 30000 > /tmp/dense-ref.txt

`moves` screens choices instead of judgement: at each position it takes the move a moyo
command (or Pachi at N playouts) chooses, has Pachi at M playouts judge the position after
it, and gives the mover's mean chances by that verdict beside those after the game's own
move. Its suites come from `tools/turning-points.py DIR --suite`: the positions before
moyo's last move ahead of each lost game's turn, where a better choice is what counts.

Suite lines: `SGF MOVE COLOUR OUTCOME MOYO_EST PACHI_EST [REFERENCE]` (OUTCOME 1 if moyo won
the game, 0.5 for a jigo; estimates are moyo's chances, `-` where the log has none). The figures: the Brier
score (mean squared distance of the estimate from the outcome, lower is better), the mean
estimate in won and in lost games and their gap (how well the estimate tells them apart),
and the AUC (the share of pairs of a won and a lost game's positions where the won one's
estimate is the higher: the telling apart without the bias, which the Brier score also
charges), for the command and, on the same positions, for the in-game estimates of both
engines and the reference. The
outcome also depends on the play after the position, so compare settings with each other on
one suite, never with an absolute target.
"""
import os
import re
from bisect import bisect_left, bisect_right
import subprocess
import sys

from searchlog import WINNER, games_of, pachi_views, record_moves, results_of

SAMPLES = {9: (16, 24, 32, 40), 13: (30, 50, 70, 90), 19: (50, 80, 110, 140)}
# The window `build --every` samples: from half the sample moves' spacing before the first
# to this many spacings after the last.
WINDOW_AFTER = 2.5
# moyo's search line: its move and its win rate.
SEARCH = re.compile(r"moyo: search (?:black|white): (\S+) winrate ([0-9.]+)")


def board_size(sgf):
    m = re.search(r"SZ\[(\d+)\]", open(sgf, errors="replace").read())
    return int(m.group(1)) if m else 19


def targets(size, every, span=None):
    """The move numbers to sample on a board of `size`: the fixed samples, or with `every`
    each `every`-th move of a window a little wider than theirs (of `span`, first and last,
    when given)."""
    fixed = SAMPLES.get(size, SAMPLES[19])
    if not every:
        return fixed
    if span:
        return range(span[0], span[1] + 1, every)
    spacing = fixed[1] - fixed[0]
    return range(fixed[0] - spacing // 2, fixed[-1] + int(spacing * WINDOW_AFTER) + 1, every)


def build(dirs, every=None, span=None):
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
            for target in targets(board_size(sgf), every, span):
                near = [m for m in moyo if abs(m - target) <= 1]
                if not near:
                    continue
                m = near[0]
                p = pachi.get(m - 1, pachi.get(m + 1))
                pachi_est = f"{1 - p:.3f}" if p is not None else "-"
                print(f"{sgf} {m} {colour} {outcome} {moyo[m]:.3f} {pachi_est}")


def read_suite(path):
    """The suite's positions: (sgf, move, colour, outcome, moyo's, Pachi's in-game estimate,
    the reference or None)."""
    rows = []
    for line in open(path):
        f = line.split()
        if len(f) in (6, 7):
            num = [None if x == "-" else float(x) for x in f[3:]] + [None]
            rows.append((f[0], int(f[1]), f[2], *num[:4]))
    return rows


def game_moves(sgf):
    """The moves of the match record `sgf` (a `game-NNN.sgf` in its match folder)."""
    return record_moves(os.path.dirname(sgf), int(re.search(r"game-(\d+)", sgf).group(1)))


def pachi_searches(rows, pachi_dir, playouts, extra=None):
    """Pachi's verdict at `playouts` on each suite position, after the moves of `extra` (one
    list a position, or None): the side to move's chances by its best move (None where it
    gives none), in order."""
    gtp = []
    for i, (sgf, move, colour, *_) in enumerate(rows):
        size = board_size(sgf)
        km = re.search(r"KM\[([-0-9.]+)\]", open(sgf, errors="replace").read())
        moves = game_moves(sgf)[:move - 1] + (extra[i] if extra else [])
        gtp += [f"boardsize {size}", "clear_board", f"komi {km.group(1) if km else 7}"]
        gtp += [f"play {'bw'[k % 2]} {m}" for k, m in enumerate(moves)]
        # The suite's side to move, or its opponent after one extra move, and so on.
        flips = len(extra[i]) if extra else 0
        gtp.append(f"genmove {colour if flips % 2 == 0 else {'b': 'w', 'w': 'b'}[colour]}")
    # A fixed seed: one thread at fixed playouts then gives the same verdict every time.
    args = ["./pachi", "--nodcnn", "-t", f"={playouts}", "threads=1", "--seed", "1"]
    run = subprocess.run(args, cwd=pachi_dir, input="\n".join(gtp) + "\nquit\n",
                         env={**os.environ, "DATA_DIR": "."},
                         capture_output=True, text=True)
    # One verdict a genmove, in order; a genmove without one (a pass or a resignation
    # without a search) gets none.
    found, searching = [], False
    for line in run.stderr.splitlines():
        if line.startswith("IN: genmove"):
            if searching:
                found.append(None)
            searching = True
        elif searching and (m := WINNER.search(line)):
            found.append(float(m.group(2)) / 100)
            searching = False
    if searching:
        found.append(None)
    if len(found) != len(rows):
        sys.exit(f"misjudged: {len(found)} Pachi searches for {len(rows)} positions")
    return found, re.findall(r"^= (\S+)$", run.stdout, re.M)


def reference(suite, pachi_dir, playouts):
    """Prints the suite again with Pachi's estimate at `playouts` a position as the last
    column (the side to move's chances by its best move; `-` where it gives none)."""
    rows = read_suite(suite)
    found, _ = pachi_searches(rows, pachi_dir, playouts)
    for (sgf, move, colour, *est), ref in zip(rows, found):
        cols = ["-" if x is None else (f"{x:g}" if i == 0 else f"{x:.3f}")
                for i, x in enumerate(est[:3])]
        print(sgf, move, colour, *cols, "-" if ref is None else f"{ref:.3f}")


def auc(won, lost):
    """The share of (won, lost) pairs of positions where the won game's estimate is the
    higher (ties count half): how well estimates tell the games apart, whatever their bias."""
    if not won or not lost:
        return float("nan")
    lost = sorted(lost)
    below = equal = 0
    # For each won estimate, count the lost ones below and equal to it by bisection.
    for e in won:
        lo, hi = bisect_left(lost, e), bisect_right(lost, e)
        below += lo
        equal += hi - lo
    return (below + equal / 2) / (len(won) * len(lost))


def figures(name, pairs):
    """Prints the Brier score, the won/lost means and the AUC of (estimate, outcome) pairs."""
    pairs = [(e, o) for e, o in pairs if e is not None]
    if not pairs:
        return
    brier = sum((e - o) ** 2 for e, o in pairs) / len(pairs)
    won = [e for e, o in pairs if o == 1.0]
    lost = [e for e, o in pairs if o == 0.0]
    mw = sum(won) / len(won) if won else float("nan")
    ml = sum(lost) / len(lost) if lost else float("nan")
    print(f"{name:24} positions {len(pairs):4}  brier {brier:.4f}  won {mw:.3f}  "
          f"lost {ml:.3f}  gap {mw - ml:.3f}  auc {auc(won, lost):.3f}")


def distance(name, pairs):
    """Prints how far estimates lie from the reference: (estimate, reference) pairs."""
    pairs = [(e, r) for e, r in pairs if e is not None and r is not None]
    if not pairs:
        return
    n = len(pairs)
    mae = sum(abs(e - r) for e, r in pairs) / n
    rmse = (sum((e - r) ** 2 for e, r in pairs) / n) ** 0.5
    bias = sum(e - r for e, r in pairs) / n
    print(f"{name:24} positions {n:4}  from the reference: mean abs {mae:.3f}  "
          f"rms {rmse:.3f}  bias {bias:+.3f}")


def report(rows, found=None):
    """The figures of the in-game estimates, and of a command's (`found`) if given."""
    sources = [("moyo in the game", [r[4] for r in rows]),
               ("Pachi in the game", [r[5] for r in rows])]
    if found is not None:
        sources.insert(0, ("command", found))
    for name, est in sources + [("the reference", [r[6] for r in rows])]:
        figures(name, [(e, r[3]) for e, r in zip(est, rows)])
    for name, est in sources:
        distance(name, [(e, r[6]) for e, r in zip(est, rows)])


def moyo_searches(rows, command):
    """moyo's stderr after a search at each suite position by the command line (one thread,
    no book, seed 1 unless it names one)."""
    args = command + ["--no-book", "--threads", "1"]
    if "--seed" not in command:
        args += ["--seed", "1"]
    gtp = "".join(f"loadsgf {sgf} {move}\ngenmove {colour}\n" for sgf, move, colour, *_ in rows)
    return subprocess.run(args, input=gtp + "quit\n", capture_output=True, text=True).stderr


def evaluate(suite, command):
    rows = read_suite(suite)
    stderr = moyo_searches(rows, command)
    found = [float(m.group(2)) for m in SEARCH.finditer(stderr)]
    if len(found) != len(rows):
        sys.exit(f"misjudged: {len(found)} searches for {len(rows)} positions; stderr ends:\n"
                 + stderr[-2000:])
    report(rows, found)


def moves(suite, pachi_dir, playouts, command):
    """Scores the moves a chooser makes at the suite's positions by Pachi's verdict after
    each, at `playouts`: the mover's mean chances, beside those of the game's own moves.
    The chooser is a moyo command line, or `pachi N` for Pachi at N playouts."""
    rows = read_suite(suite)
    played = [game_moves(sgf)[move - 1] for sgf, move, *_ in rows]
    if command[0] == "pachi":
        if len(command) != 2 or not command[1].isdigit():
            sys.exit("misjudged: moves ... pachi N wants N, Pachi's playouts a move")
        _, chosen = pachi_searches(rows, pachi_dir, int(command[1]))
    else:
        stderr = moyo_searches(rows, command)
        chosen = [m.group(1) for m in SEARCH.finditer(stderr)]
    if len(chosen) != len(rows):
        sys.exit(f"misjudged: {len(chosen)} moves chosen for {len(rows)} positions")
    # Pachi's verdict is the opponent's chances: the mover's are the rest.
    after, _ = pachi_searches(rows, pachi_dir, playouts, [[m] for m in chosen])
    game, _ = pachi_searches(rows, pachi_dir, playouts, [[m] for m in played])
    pairs = [(1 - a, 1 - g) for a, g in zip(after, game) if a is not None and g is not None]
    same = sum(c.upper() == p.upper() for c, p in zip(chosen, played))
    for (sgf, move, colour, *_), c, p, a, g in zip(rows, chosen, played, after, game):
        show = ["-" if x is None else f"{1 - x:.3f}" for x in (a, g)]
        print(f"{sgf} {move} {colour} chose {c} {show[0]}  game {p} {show[1]}")
    if pairs:
        mean = sum(a for a, _ in pairs) / len(pairs)
        base = sum(g for _, g in pairs) / len(pairs)
        print(f"positions {len(rows)}  the game's move {same} times  mover's chances after "
              f"the chosen move {mean:.3f}, after the game's {base:.3f} (Pachi at {playouts})")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    verb = sys.argv[1]
    if verb == "build":
        if sys.argv[2] == "--every" and sys.argv[4:5] == ["--moves"]:
            if not re.fullmatch(r"\d+-\d+", sys.argv[5]):
                sys.exit(f"misjudged: --moves wants FIRST-LAST, not {sys.argv[5]!r}")
            first, last = (int(x) for x in sys.argv[5].split("-"))
            build(sys.argv[6:], int(sys.argv[3]), (first, last))
        elif sys.argv[2] == "--every":
            build(sys.argv[4:], int(sys.argv[3]))
        else:
            build(sys.argv[2:])
    elif verb == "reference" and len(sys.argv) == 5:
        reference(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif verb == "moves" and len(sys.argv) >= 6 and sys.argv[4].isdigit():
        moves(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:])
    elif verb == "eval":
        evaluate(sys.argv[2], sys.argv[3:])
    elif verb == "show":
        report(read_suite(sys.argv[2]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
