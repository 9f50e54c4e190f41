"""Reading what a match run by `tools/gnugo-match.sh` (or `pachi-match.sh`,
`selfplay-match.sh`) left behind: moyo's search log (DIR/engine-a.log), Pachi's (DIR/engine-b.log
of a `pachi-match.sh` run), the referee's game lines (DIR.log) and the game records
(DIR/game-NNN.sgf). Imported by the scripts in tools/
(a script's own folder is on Python's path when it runs)."""
import glob
import re

SEARCH = re.compile(
    r"moyo: search (black|white): (\S+) winrate ([0-9.]+)(?: \(dynamic komi ([+-][0-9.]+)\))?"
    r" playouts (\d+) \(kept \d+, nodes \d+\) in ([0-9.]+)s"
)
BOOK = re.compile(r"moyo: book (black|white): (\S+)")
RESULT = re.compile(r"game (\d+): (\S+)\(black\) vs (\S+)\(white\): (\S+) .*winner (\S+)")
SGF_MOVE = re.compile(r";\s*([BW])\[([a-z]{0,2})\]")
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def games_of(log_path):
    """Per game: moyo's colour and its moves in order, each (win rate, dynamic komi,
    playouts, seconds) or None for a book move. Games are told apart by moyo's colour, which
    alternates from game to game (the referee's default)."""
    games, colour = [], None
    with open(log_path, errors="replace") as f:
        for line in f:
            m = SEARCH.match(line)
            b = None if m else BOOK.match(line)
            if not (m or b):
                continue
            c = (m or b).group(1)
            if c != colour:
                games.append((c, []))
                colour = c
            if m:
                # The log gives komi added for White: against moyo when it is Black.
                offset = float(m.group(4) or 0) * (1 if c == "black" else -1)
                games[-1][1].append((float(m.group(3)), offset, int(m.group(5)), float(m.group(6))))
            else:
                games[-1][1].append(None)
    return games


def results_of(summary_path):
    """Game number -> (result, whether moyo, engine A, won)."""
    res = {}
    with open(summary_path, errors="replace") as f:
        for line in f:
            m = RESULT.match(line)
            if m:
                res[int(m.group(1))] = (m.group(4), m.group(5) == "A")
    return res


def record_moves(d, number):
    """The moves of game `number` of the run in folder `d`, as GTP vertices in order (an
    empty list when the record is missing)."""
    names = glob.glob(f"{d}/game-*{number}.sgf")
    names = [n for n in names if int(re.search(r"game-(\d+)", n).group(1)) == number]
    if not names:
        return []
    text = open(names[0], errors="replace").read()
    size = int((re.search(r"SZ\[(\d+)\]", text) or [0, 19])[1])
    moves = []
    for _, p in SGF_MOVE.findall(text):
        if p == "" or (p == "tt" and size <= 19):
            moves.append("pass")
        else:
            moves.append(f"{COLUMNS[ord(p[0]) - 97]}{size - (ord(p[1]) - 97)}")
    return moves


IN_MOVE = re.compile(r"IN: (?:play|genmove) ")
WINNER = re.compile(r"\*\*\* WINNER is (\S+) with score ([0-9.]+)%")


def pachi_views(log_path):
    """Per game (split at `clear_board`): game move number -> Pachi's win rate for itself at
    its own moves."""
    games = []
    move = 0
    pending = None
    with open(log_path, errors="replace") as f:
        for line in f:
            if line.startswith("IN: clear_board"):
                games.append({})
                move = 0
            elif IN_MOVE.match(line):
                move += 1
                pending = move if line.startswith("IN: genmove") else None
            elif pending and games:
                m = WINNER.search(line)
                if m:
                    games[-1][pending] = float(m.group(2)) / 100
                    pending = None
    return games
