"""Reads a record written by `moyo review` with sgfmill and, when given, its chart with
Python's XML parser, and prints what tests/review.rs checks, one `key value...` line each:
the root's players, result and komi, then every move of the main line with whether it has
a comment, its move annotation and the first moves of the variations beside it.

Usage: python review.py RECORD [CHART]   (exits 1 when either is refused)
"""

import sys
import xml.etree.ElementTree as ET

from sgfmill import sgf
from sgfmill.common import format_vertex


def move_text(node):
    colour, point = node.get_move()
    return f"{colour.upper()}{format_vertex(point)}"


def main():
    try:
        with open(sys.argv[1], "rb") as f:
            game = sgf.Sgf_game.from_bytes(f.read())
    except ValueError as e:
        print(f"sgfmill refused {sys.argv[1]}: {e}", file=sys.stderr)
        return 1
    root = game.get_root()
    print("root", root.get("PB"), root.get("PW"), root.get("RE"), f"{game.get_komi():g}")
    number = 0
    for node in game.get_main_sequence()[1:]:
        if node.get_move()[0] is None:
            continue
        number += 1
        comment = 1 if node.has_property("C") and node.get("C") else 0
        bm = node.get("BM") if node.has_property("BM") else "-"
        others = [move_text(c) for c in node.parent if c is not node and c.get_move()[0]]
        print("move", number, move_text(node), comment, bm, *others)
    if len(sys.argv) > 2:
        svg = ET.parse(sys.argv[2]).getroot()
        print("svg", svg.tag, len(svg.findall(".//{http://www.w3.org/2000/svg}circle")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
