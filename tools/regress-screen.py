#!/usr/bin/env python3
"""How often an engine answers regression-suite positions right (races, life and death, seki,
blunders) at several playouts a move: a screen that shows whether a playout policy improves
*with* playouts, with a peer's (Pachi's) answers on the same cases as the reference line.

`cases` reads GNU Go / Fuego / GoGui regression files (.tst, e.g. Fuego's regression/ folder):
a numbered `reg_genmove COLOUR` followed by `#? [EXPECTED]` is a case, in the position of the
last `loadsgf FILE [N]` (FILE relative to the .tst file; the position before move N of the
record's main line, without N the whole line) changed by the `play`, `komi`, `boardsize` and
`clear_board` lines since. Other lines are not cases. A case is skipped, with the reason on
stderr, after a command that changes the position (`set_free_handicap`, a numbered `genmove`
...; until the next `loadsgf`), the rules (`go_rules` other than cgos, `go_param_rules`) or the
player tested (`fuegotest_param player`, `uct_param_player search_mode`; to the file's end), or
where its record has setup stones after a move. `run` sends each case to a GTP engine, which
need not know `loadsgf`: `boardsize`, `clear_board`, `komi` (the record's KM, else 6.5), the
setup stones as `play` (which never captures, in any order, as each final string has a
liberty), the moves and the case's plays as `play`, then `genmove COLOUR`. A refused command,
or an engine that dies (it is restarted), makes the case an error; a resignation is wrong
unless EXPECTED lists it. `run` does all cases at the smallest N, then the next, so a stopped
run has complete lower rows; the same command again resumes it (with more N, adds them).
`report` gives the share right at each N with its Wilson 95% interval, and per .tst file, as
Markdown tables; `--cases` lists the cases whose answer changed from the smallest N to the largest.

Usage:
  tools/regress-screen.py cases TST... > CASES
  tools/regress-screen.py run CASES OUT_DIR N1,N2,... -- ENGINE ARGS...   ({N}: the playouts)
  tools/regress-screen.py report [--cases] OUT_DIR...
Examples (Pachi 12.90 without its net, built in PACHI_DIR; it refuses fewer than 500 playouts):
  tools/regress-screen.py cases fuego/regression/uct_semeai.tst fuego/regression/uct_seki.tst > cases.txt
  tools/regress-screen.py run cases.txt /tmp/rs-heavy 2000,16000,64000 -- target/release/moyo --threads 1 --quiet --no-book --playouts {N}
  tools/regress-screen.py run cases.txt /tmp/rs-pachi 2000,16000,64000 -- sh -c 'cd "$PACHI_DIR" && DATA_DIR=. exec ./pachi --nodcnn -t ={N} threads=1'
  tools/regress-screen.py report --cases /tmp/rs-heavy /tmp/rs-pachi

CASES lines: `ID SGF MOVE COLOUR EXPECTED PLAYS`. ID is `FILE.tst:NUMBER`; SGF the record's
path as resolved (`-`: an empty 19x19 board); MOVE the N of `loadsgf` (0: the whole line);
EXPECTED `[G1|H2]`, `[!G1|C1]` (neither), `[PASS]`, a trailing `*` for an expected failure
(scored like the others); PLAYS a comma list of `b:VERTEX`, `w:VERTEX`, `komi:K`,
`boardsize:S` (a cleared board), or `-`. OUT_DIR/results.txt: `ID N ANSWER right|wrong|error
SECONDS [REASON]` (`-` the answer of an error; the genmove's seconds), each line synced as
written. OUT_DIR/command.txt: the engine command (a resumed run must give the same) and the N.
OUT_DIR/.lock: the pid of the run writing there.
"""
import fcntl
import math
import os
import re
import shlex
import subprocess
import sys
import time

from gtp_engine import request, start

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
Z95 = 1.959964
# Settings of Fuego's own search and queries: they change neither the position nor the question.
HARMLESS = {"uct_param_player", "uct_param_search", "uct_stat_player", "uct_stat_player_clear",
            "book_clear", "book_load", "deterministic_mode", "set_random_seed", "reg_genmove"}
MOVES = {"genmove", "kgs-genmove_cleanup", "set_free_handicap", "fixed_handicap",
         "place_free_handicap", "undo", "gg-undo", "gogui-setup"}
VERTEX = re.compile(r"^(PASS|RESIGN|[A-HJ-Z]\d{1,2})$")
SGF_TOKEN = re.compile(r"([;()])|([A-Za-z]+)((?:\s*\[(?:[^\]\\]|\\.)*\])+)", re.S)
SGF_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.S)


class Skip(Exception):
    """A case (or a record) the screen leaves out, with the reason."""


def sgf_main_line(path):
    """The nodes of an SGF file's main line (its first game), each a dict of property lists:
    the nodes until the first `)`, as a variation's first branch is the main line."""
    text = open(path, encoding="utf-8", errors="replace").read()
    i, nodes = text.find("("), []
    if i < 0:
        raise Skip(f"{os.path.basename(path)}: no game")
    for m in SGF_TOKEN.finditer(text, i + 1):
        if m.group(1) == ")":
            break
        if m.group(1) == ";":
            nodes.append({})
        elif m.group(2) and nodes:
            ident = "".join(c for c in m.group(2) if c.isupper())
            nodes[-1].setdefault(ident, []).extend(SGF_VALUE.findall(m.group(3)))
    return nodes


def sgf_points(values, size):
    """The GTP vertices of SGF point values, compressed lists (`aa:cc`) expanded."""
    out = []
    for v in values:
        a, _, b = v.strip().partition(":")
        b = b or a
        if len(a) != 2 or len(b) != 2:
            raise Skip(f"SGF point [{v}]")
        for x in range(ord(a[0]) - 97, ord(b[0]) - 96):
            for y in range(ord(a[1]) - 97, ord(b[1]) - 96):
                if not (0 <= x < size and 0 <= y < size):
                    raise Skip(f"SGF point [{v}] off the board")
                out.append(f"{COLUMNS[x]}{size - y}")
    return out


def check_liberties(stones, size):
    """Raises Skip if a string of the setup position has no liberty (as plays, it would be
    captured, or capture)."""
    seen = set()
    for p in stones:
        if p in seen:
            continue
        string, todo, free = {p}, [p], False
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= q[0] < size and 0 <= q[1] < size:
                    if q not in stones:
                        free = True
                    elif stones[q] == stones[p] and q not in string:
                        string.add(q)
                        todo.append(q)
        seen |= string
        if not free:
            raise Skip("a setup string without a liberty")


def position(path, move):
    """The position of `loadsgf path move` (move 0: the whole main line): board size, komi,
    the setup stones and the moves, both as (colour, vertex) lists."""
    nodes = sgf_main_line(path)
    root = nodes[0] if nodes else {}
    try:
        size = int(root.get("SZ", ["19"])[0].split(":")[0])
        komi = f"{float(root['KM'][0]):g}" if "KM" in root else "6.5"
    except ValueError:
        raise Skip("SZ or KM not a number")
    if not 2 <= size <= 25:
        raise Skip(f"board size {size}")
    stones, moves = {}, []
    for node in nodes:
        if move and len(moves) == move - 1 and ("B" in node or "W" in node):
            break
        if any(p in node for p in ("AB", "AW", "AE")):
            if moves:
                raise Skip(f"setup stones after move {len(moves)} of the record")
            for prop, colour in (("AE", None), ("AB", "b"), ("AW", "w")):
                for v in sgf_points(node.get(prop, []), size):
                    p = (COLUMNS.index(v[0]), size - int(v[1:]))
                    stones.pop(p, None)
                    if colour:
                        stones[p] = colour
        for colour in ("b", "w"):
            for v in node.get(colour.upper(), []):
                if v.strip() in ("", "tt") and (v.strip() == "" or size <= 19):
                    moves.append((colour, "pass"))
                else:
                    moves.append((colour, sgf_points([v], size)[0]))
    if move and len(moves) < move - 1:
        raise Skip(f"move {move} beyond the record's {len(moves)} moves")
    check_liberties(stones, size)
    setup = sorted((c, f"{COLUMNS[x]}{size - y}") for (x, y), c in stones.items())
    return size, komi, setup, moves


def parse_expected(text):
    """(negated, alternatives, expected failure) of `[G1|H2]`, `[!G1|C1]`, `[!(G1|C1)]*`."""
    m = re.search(r"\[([^\]]*)\](\*?)", text)
    if not m:
        raise Skip(f"no expected answer in `{text}`")
    body = re.sub(r"\s+", "", m.group(1)).upper()
    negated = body.startswith("!")
    body = body.lstrip("!")
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    alternatives = body.split("|")
    if not all(VERTEX.match(a) for a in alternatives):
        raise Skip(f"expected answer {m.group(0)}")
    return negated, alternatives, m.group(2) == "*"


def verdict(answer, expected):
    """`right` or `wrong`: a resignation is right only where the alternatives list it."""
    negated, alternatives, _ = parse_expected(expected)
    answer = answer.upper()
    if answer == "RESIGN":
        return "right" if not negated and "RESIGN" in alternatives else "wrong"
    return "right" if (answer in alternatives) != negated else "wrong"


def vertex(text, size):
    """`text` as an upper-case GTP vertex on a board of `size`, or Skip."""
    v = text.upper()
    if v == "PASS" or (VERTEX.match(v) and v != "RESIGN" and COLUMNS.index(v[0]) < size
                       and 1 <= int(v[1:]) <= size):
        return v
    raise Skip(f"vertex {text}")


def read_tst(path):
    """The cases of one .tst file as CASES lines, and the skipped ones as (ID, reason)."""
    folder, name = os.path.dirname(path), os.path.basename(path)
    sgf, move, plays, size, komi = "-", 0, [], 19, None
    position_taint = file_taint = pending = None
    cases, skipped = [], []
    for lineno, raw in enumerate(open(path, errors="replace"), 1):
        line = raw.strip()
        if pending and not line.startswith("#?") and line.split("#")[0].strip():
            skipped.append((pending[0], "no `#?` line"))
            pending = None
        if line.startswith("#?") and pending:
            case_id, colour, reason = pending
            pending = None
            try:
                if reason:
                    raise Skip(reason)
                if re.search(r"\s", sgf):
                    raise Skip(f"a space in the path {sgf}")
                expected = parse_expected(line[2:])
                for a in set(expected[1]) - {"RESIGN"}:
                    vertex(a, size)
                negated, alternatives, failure = expected
                cases.append(f"{case_id} {sgf} {move} {colour} [{'!' * negated}"
                             f"{'|'.join(alternatives)}]{'*' * failure} {','.join(plays) or '-'}")
            except Skip as e:
                skipped.append((case_id, str(e)))
            continue
        line = line.split("#")[0].strip()
        words = line.split()
        number = words.pop(0) if words and words[0].isdigit() else None
        if not words:
            continue
        cmd, args = words[0], words[1:]
        if number and cmd == "reg_genmove":
            colour = args[0].lower()[:1] if args else ""
            reason = (file_taint or position_taint
                      or (None if colour in ("b", "w") else f"colour `{line}`"))
            pending = (f"{name}:{number}", colour, reason)
        elif number and cmd not in MOVES:
            pass  # a query: not a case, changes nothing
        elif cmd == "loadsgf":
            sgf = os.path.normpath(os.path.join(folder, args[0])) if args else "-"
            move, plays, position_taint = 0, [], None
            try:
                move = int(args[1]) if len(args) > 1 else 0
                size, komi = position(sgf, move)[:2]
            except (Skip, OSError, ValueError, IndexError) as e:
                position_taint = f"`{line}`: {e}"
        elif cmd == "play":
            try:
                c = args[0].lower()[:1]
                if c not in ("b", "w"):
                    raise Skip(f"colour in `{line}`")
                plays.append(f"{c}:{vertex(args[1], size)}")
            except (Skip, IndexError) as e:
                position_taint = f"`{line}`: {e}"
        elif cmd == "komi" and args:
            komi = args[0]
            plays.append(f"komi:{komi}")
        elif cmd in ("boardsize", "clear_board"):
            size = int(args[0]) if cmd == "boardsize" and args else size
            sgf, move, position_taint = "-", 0, None
            plays = [f"boardsize:{size}"] + ([f"komi:{komi}"] if komi else [])
        elif cmd in MOVES:
            position_taint = f"after `{line}` (line {lineno})"
        elif (cmd in HARMLESS and args[:1] != ["search_mode"]) or line == "go_rules cgos":
            pass
        else:
            file_taint = file_taint or f"after `{line}` (line {lineno})"
    if pending:
        skipped.append((pending[0], "no `#?` line"))
    return cases, skipped


def cases_command(paths):
    """Prints the cases of the .tst files; the skipped ones, with a count per file, to stderr."""
    for path in paths:
        cases, skipped = read_tst(path)
        for line in cases:
            print(line)
        for case_id, reason in skipped:
            print(f"{case_id}: skipped: {reason}", file=sys.stderr)
        print(f"{os.path.basename(path)}: {len(cases)} cases, {len(skipped)} skipped",
              file=sys.stderr)


class Dead(Exception):
    """The engine stopped while answering a command."""


def gtp(p, command):
    """Like `request`, but raises Dead instead of ending the script when the engine stops."""
    try:
        return request(p, command)
    except (SystemExit, OSError):
        raise Dead(f"the engine stopped at `{command}`")


def launch(args):
    """Starts the engine and checks that it answers, or ends the script."""
    try:
        p = start(args)
        gtp(p, "protocol_version")
        return p
    except (OSError, Dead) as e:
        sys.exit(f"regress-screen: {shlex.join(args)}: {e}")


def stop(p):
    """Ends an engine process: `quit`, or a kill if it does not go."""
    try:
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait(timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        p.kill()
        p.wait()


def commands(case, cache):
    """The GTP commands that set up a case's position, ending with its genmove."""
    case_id, sgf, move, colour, expected, plays = case
    if sgf == "-":
        size, komi, setup, moves = 19, "6.5", [], []
    else:
        if (sgf, move) not in cache:
            cache[sgf, move] = position(sgf, int(move))
        size, komi, setup, moves = cache[sgf, move]
    out = [f"boardsize {size}", "clear_board", f"komi {komi}"]
    out += [f"play {c} {v}" for c, v in setup + moves]
    for item in ([] if plays == "-" else plays.split(",")):
        key, value = item.split(":")
        out += ([f"boardsize {value}", "clear_board"] if key == "boardsize"
                else [f"{'komi' if key == 'komi' else 'play ' + key} {value}"])
    return out + [f"genmove {colour}"]


def lock_folder(out):
    """Takes OUT_DIR/.lock for this process (a stale one is taken over), or ends the script."""
    lock = open(os.path.join(out, ".lock"), "a+")
    lock.seek(0)
    holder = lock.read().strip()
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(f"regress-screen: {out} is being written by pid {holder or '?'}")
    if holder:
        print(f"regress-screen: taking over the stale lock of pid {holder}", file=sys.stderr)
    lock.truncate(0)
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock


def done_pairs(path):
    """The (ID, N) pairs in results.txt; a last line cut short is dropped from the file."""
    if not os.path.exists(path):
        return set()
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)
    lines = data[:data.rfind(b"\n") + 1].decode().splitlines()
    return {(w[0], int(w[1])) for w in map(str.split, lines) if len(w) >= 5}


def run(cases_path, out, ns, command):
    """Runs the engine command over the cases at each N, smallest first, resuming."""
    if not any("{N}" in a for a in command):
        sys.exit("regress-screen: no {N} in the engine command")
    os.makedirs(out, exist_ok=True)
    lock = lock_folder(out)
    engine_line, info = shlex.join(command), os.path.join(out, "command.txt")
    results_path = os.path.join(out, "results.txt")
    done, cache = done_pairs(results_path), {}
    if os.path.exists(info) and done:
        old = dict(line.rstrip("\n").split(": ", 1) for line in open(info) if ": " in line)
        if old.get("engine") != engine_line:
            sys.exit(f"regress-screen: {out} holds the results of another command:\n"
                     f"  {old.get('engine')}")
        ns = sorted(set(ns) | {int(n) for n in old.get("playouts", "").split(",") if n})
    with open(info, "w") as f:
        f.write(f"engine: {engine_line}\nplayouts: {','.join(map(str, ns))}\n")
    cases = [line.split() for line in open(cases_path) if line.strip()]
    if len({c[0] for c in cases}) < len(cases):
        sys.exit(f"regress-screen: {cases_path} gives an ID twice")
    with open(results_path, "a") as results:
        for n in ns:
            todo = [c for c in cases if (c[0], n) not in done]
            if not todo:
                continue
            args = [a.replace("{N}", str(n)) for a in command]
            engine = launch(args)
            for k, case in enumerate(todo, 1):
                answer, result, seconds, reason = "-", "error", 0.0, ""
                try:
                    for c in commands(case, cache):
                        t0 = time.monotonic()
                        ok, text = gtp(engine, c)
                        if not ok:
                            raise Skip(f"`{c}` refused: {text}")
                    seconds = time.monotonic() - t0
                    answer, result = text.split()[0].upper(), verdict(text.split()[0], case[4])
                except (Skip, OSError, ValueError, IndexError) as e:
                    reason = str(e) or type(e).__name__
                except Dead as e:
                    reason = str(e)
                    engine.kill()
                    engine.wait()
                    engine = launch(args)
                line = f"{case[0]} {n} {answer} {result} {seconds:.2f}"
                results.write(line + (f" {reason}" if reason else "") + "\n")
                results.flush()
                os.fsync(results.fileno())
                print(f"N={n} {k}/{len(todo)} {line} {reason}".rstrip(), file=sys.stderr)
            stop(engine)
    lock.truncate(0)  # a lock left holding a pid was left by a stopped run
    lock.close()


def wilson(right, n):
    """The Wilson 95% interval of the share right/n."""
    centre = (right + Z95 ** 2 / 2) / (n + Z95 ** 2)
    half = Z95 * math.sqrt(right * (n - right) / n + Z95 ** 2 / 4) / (n + Z95 ** 2)
    return centre - half, centre + half


def read_results(folder):
    """A folder's label and its results: {N: {ID: (answer, right|wrong|error, seconds)}}."""
    table = {}
    for line in open(os.path.join(folder, "results.txt")):
        w = line.split()
        if len(w) >= 5:
            table.setdefault(int(w[1]), {})[w[0]] = (w[2], w[3], float(w[4]))
    return os.path.basename(os.path.normpath(folder)), dict(sorted(table.items()))


def report(folders, show_cases):
    """Prints the Markdown tables: the share right at each N, the same per suite file, and
    with `show_cases` the cases whose answer changed between the smallest and largest N."""
    runs = [read_results(f) for f in folders]
    print("| engine | playouts | right / answered | share (95% interval) | errors | s a case |")
    print("|---|---:|---:|---|---:|---:|")
    for label, table in runs:
        for n, rows in table.items():
            answered = [r for r in rows.values() if r[1] != "error"]
            right = sum(r[1] == "right" for r in answered)
            share = "-"
            if answered:
                lo, hi = wilson(right, len(answered))
                share = f"{right / len(answered):.0%} ({lo:.0%}-{hi:.0%})"
            secs = sum(r[2] for r in answered) / len(answered) if answered else 0
            print(f"| {label} | {n} | {right} / {len(answered)} | {share} | "
                  f"{len(rows) - len(answered)} | {secs:.2f} |")
    columns = [(label, n, rows) for label, table in runs for n, rows in table.items()]
    suites = sorted({i.split(":")[0] for *_, rows in columns for i in rows})
    print("\n| suite | " + " | ".join(f"{label} {n}" for label, n, _ in columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for suite in suites:
        cells = []
        for _, _, rows in columns:
            mine = [r for i, r in rows.items() if i.split(":")[0] == suite and r[1] != "error"]
            cells.append(f"{sum(r[1] == 'right' for r in mine)}/{len(mine)}")
        print(f"| {suite} | " + " | ".join(cells) + " |")
    if not show_cases:
        return
    print("\n| engine | case | smallest N | largest N |")
    print("|---|---|---|---|")
    for label, table in runs:
        if len(table) < 2:
            continue
        (n0, low), (n1, high) = list(table.items())[0], list(table.items())[-1]
        by_number = lambda i: (i.split(":")[0], int(i.split(":")[1]))
        for case_id in sorted(set(low) & set(high), key=by_number):
            if low[case_id][0] != high[case_id][0]:
                print(f"| {label} | {case_id} | {n0}: {low[case_id][0]} {low[case_id][1]} | "
                      f"{n1}: {high[case_id][0]} {high[case_id][1]} |")


def main():
    a = sys.argv[1:]
    if len(a) >= 2 and a[0] == "cases":
        cases_command(a[1:])
    elif len(a) >= 6 and a[0] == "run" and a[4] == "--" and re.fullmatch(r"\d+(,\d+)*", a[3]):
        run(a[1], a[2], sorted({int(n) for n in a[3].split(",")}), a[5:])
    elif len(a) >= 2 and a[0] == "report" and a[1:] != ["--cases"]:
        report([f for f in a[1:] if f != "--cases"], "--cases" in a)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
