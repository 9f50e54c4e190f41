"""Reads SGF files with sgfmill, the Python SGF library of the Go community, and prints what
it found, one `key value` line each, for tests/sgfmill_client.rs to compare with what moyo
wrote: size, komi, rules, players, result, setup stones and every move of the main line.

Usage: python read.py FILE...   (exits 1 when sgfmill refuses a file)
"""

import sys

from sgfmill import sgf, sgf_moves
from sgfmill.common import format_vertex


def describe(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    root = game.get_root()
    out = [f"file {path}", f"size {game.get_size()}", f"komi {game.get_komi():g}"]
    for key in ("RU", "PB", "PW", "RE", "HA"):
        out.append(f"{key} {root.get(key) if root.has_property(key) else '-'}")
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, name in (("b", "AB"), ("w", "AW")):
        stones = sorted(
            format_vertex((r, c))
            for r in range(board.side)
            for c in range(board.side)
            if board.get(r, c) == colour
        )
        out.append(f"{name} {' '.join(stones) if stones else '-'}")
    for colour, point in plays:
        out.append(f"move {colour} {format_vertex(point)}")
    out.append(f"winner {game.get_winner() or '-'}")
    return out


def main():
    for path in sys.argv[1:]:
        try:
            print("\n".join(describe(path)))
        except ValueError as e:
            print(f"sgfmill refused {path}: {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
