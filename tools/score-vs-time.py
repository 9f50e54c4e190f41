#!/usr/bin/env python3
"""moyo's score against a peer at several times a move, as a table and an SVG picture.

Each argument after the output file is SECONDS=DIR[,DIR...]: the match folders
(`tools/pachi-match.sh ... DIR`) played at that time a move. Their referee summaries
(DIR/summary.txt, kept current after every game, so running lanes count too) are pooled per
time: wins, jigos (half a win), games, and both engines' average seconds a move weighted by
games. The table gives each time's score with its Wilson 95% interval; the picture plots them
on a log scale of time, with the interval as a bar and the 50% line.

A time whose folders are gone can be given as a record instead: SECONDS=W-J-L@A/B (wins,
jigos and losses, then both engines' average seconds a move), as the experiment notes keep it;
without @A/B the times are unknown (printed as -).

With --playouts the numbers before `=` are moyo's median playouts a move in thousands instead
of seconds (`tools/match-log.py DIR` prints them): the same score against what the seconds
buy, which stays comparable across machines of different speed.

Usage: tools/score-vs-time.py OUT.svg X=DIR[,DIR...]|X=W-J-L[@A/B] ... [--title TEXT] [--playouts]
Example: tools/score-vs-time.py docs/figures/pachi-9x9-time.svg 1=runs/a,runs/b 4=runs/c
"""
import math
import os
import re
import sys

Z95 = 1.959964


def read_summary(folder):
    """The `key value` lines of FOLDER/summary.txt as a dict of strings."""
    path = os.path.join(folder, "summary.txt")
    out = {}
    if os.path.isdir(folder) and not os.path.exists(path):
        print(f"score-vs-time: {folder}: no game finished yet", file=sys.stderr)
        return out
    try:
        with open(path) as f:
            for line in f:
                key, _, value = line.strip().partition(" ")
                if key:
                    out[key] = value
    except OSError as e:
        sys.exit(f"score-vs-time: cannot read {path}: {e}")
    return out


def wilson(points, n):
    """The Wilson 95% interval of a score of POINTS in N games, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = points / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


RECORD = re.compile(r"^(\d+)-(\d+)-(\d+)(?:@([\d.]+)/([\d.]+))?$")


def record_summary(m):
    """A summary like read_summary's from a W-J-L@A/B record."""
    wins, jigo, losses = (int(m.group(i)) for i in (1, 2, 3))
    return {
        "games": str(wins + jigo + losses),
        "a_wins": str(wins),
        "jigo": str(jigo),
        "a_avg_move_time": m.group(4) or "nan",
        "b_avg_move_time": m.group(5) or "nan",
    }


def secs_text(t):
    """Seconds a move with three decimals, or - when unknown."""
    return "-" if math.isnan(t) else f"{t:.3f}"


def pool(sources):
    """Pooled figures of one time's match folders (or records)."""
    games = wins = jigo = 0
    a_time = b_time = 0.0
    for source in sources:
        m = RECORD.match(source)
        s = record_summary(m) if m else read_summary(source)
        g = int(s.get("games", "0"))
        games += g
        wins += int(s.get("a_wins", "0"))
        jigo += int(s.get("jigo", "0"))
        a_time += g * float(s.get("a_avg_move_time", "0"))
        b_time += g * float(s.get("b_avg_move_time", "0"))
    points = wins + 0.5 * jigo
    lo, hi = wilson(points, games)
    return {
        "games": games,
        "wins": wins,
        "jigo": jigo,
        "losses": games - wins - jigo,
        "score": points / games if games else 0.0,
        "lo": lo,
        "hi": hi,
        "a_time": a_time / games if games else 0.0,
        "b_time": b_time / games if games else 0.0,
    }


def svg(rows, title, playouts=False):
    """The picture: score (0-100%) against seconds (or thousands of playouts) a move on a log
    scale."""
    w, h, left, right, top, bottom = 640, 400, 70, 30, 50, 60
    secs = [s for s, _ in rows]
    lo_x = math.log2(min(secs)) - 0.5
    hi_x = math.log2(max(secs)) + 0.5

    def x(s):
        return left + (math.log2(s) - lo_x) / (hi_x - lo_x) * (w - left - right)

    def y(p):
        return top + (1 - p) * (h - top - bottom)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="24" text-anchor="middle" font-size="14">{title}</text>',
    ]
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        dash = ' stroke-dasharray="4 3"' if p == 0.5 else ""
        colour = "#888" if p == 0.5 else "#ddd"
        out.append(
            f'<line x1="{left}" y1="{y(p):.1f}" x2="{w - right}" y2="{y(p):.1f}" '
            f'stroke="{colour}"{dash}/>'
        )
        out.append(
            f'<text x="{left - 8}" y="{y(p) + 4:.1f}" text-anchor="end">{int(p * 100)}%</text>'
        )
    trend = " ".join(f"{x(s):.1f},{y(r['score']):.1f}" for s, r in rows)
    out.append(f'<polyline points="{trend}" fill="none" stroke="#c33" stroke-opacity="0.4"/>')
    for s, r in rows:
        cx = x(s)
        out.append(
            f'<line x1="{cx:.1f}" y1="{y(r["lo"]):.1f}" x2="{cx:.1f}" y2="{y(r["hi"]):.1f}" '
            f'stroke="#246" stroke-width="2"/>'
        )
        for v in (r["lo"], r["hi"]):
            out.append(
                f'<line x1="{cx - 6:.1f}" y1="{y(v):.1f}" x2="{cx + 6:.1f}" y2="{y(v):.1f}" '
                f'stroke="#246" stroke-width="2"/>'
            )
        out.append(f'<circle cx="{cx:.1f}" cy="{y(r["score"]):.1f}" r="5" fill="#c33"/>')
        out.append(
            f'<text x="{cx + 9:.1f}" y="{y(r["score"]) + 4:.1f}">'
            f'{100 * r["score"]:.1f}% ({r["games"]})</text>'
        )
        out.append(
            f'<text x="{cx:.1f}" y="{h - bottom + 18}" text-anchor="middle">'
            f'{s:g}{"k" if playouts else " s"}</text>'
        )
    axis = (
        "thousand playouts a move (moyo's median" if playouts else "seconds a move (moyo's budget"
    )
    out.append(
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">'
        f"{axis}; log scale); bars: 95% interval, (games)</text>"
    )
    out.append(
        f'<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {(top + h - bottom) / 2})">moyo\'s score</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    title = "moyo against Pachi 12.90 (no net), 9x9 komi 7, one thread each"
    if "--title" in argv:
        i = argv.index("--title")
        if i + 1 >= len(argv):
            sys.exit("score-vs-time: --title needs a text")
        title = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    playouts = "--playouts" in argv
    argv = [a for a in argv if a != "--playouts"]
    if len(argv) < 2:
        sys.exit(__doc__.strip())
    out_path, specs = argv[0], argv[1:]
    rows = []
    for spec in specs:
        secs, sep, dirs = spec.partition("=")
        try:
            s = float(secs)
        except ValueError:
            s = -1.0
        if not sep or s <= 0 or not dirs:
            sys.exit(f"score-vs-time: expected X=DIR[,DIR...], got {spec!r}")
        rows.append((s, pool(dirs.split(","))))
    rows.sort(key=lambda r: r[0])
    x = "thousand playouts a move" if playouts else "seconds a move"
    print(f"| {x} | games | wins-jigos-losses | score [95%] | s/move moyo / peer |")
    print("|---|---|---|---|---|")
    for s, r in rows:
        print(
            f"| {s:g} | {r['games']} | {r['wins']}-{r['jigo']}-{r['losses']} | "
            f"{100 * r['score']:.1f}% [{100 * r['lo']:.1f}, {100 * r['hi']:.1f}] | "
            f"{secs_text(r['a_time'])} / {secs_text(r['b_time'])} |"
        )
    with open(out_path, "w") as f:
        f.write(svg(rows, title, playouts))
    print(f"wrote {out_path}")


if __name__ == "__main__":
    main(sys.argv[1:])
