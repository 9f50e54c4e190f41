#!/usr/bin/env python3
"""A GTP proxy for the soak test (tools/soak.sh): passes every command to the engine it
starts and every answer back, and on the way

- before a `genmove`, with probability CHAOS, takes the last move back (`undo`, then the
  same `play` again) or reloads the game (`loadsgf` of a record the proxy writes from the
  moves it has seen, without KM half of the time, then `printsgf` to check the komi was
  kept); the engine must accept each and end up where it was;
- leaves the engine's stderr a pipe that nobody reads (`--unread-stderr`);
- after each `genmove` writes the engine's resident memory (VmRSS) and its peak (VmHWM);
- notes failed or malformed answers to its own commands (`error` lines) and how the engine
  ended (`exit` lines: its status, negative for a signal).

Log lines (LOG, appended): `start PID`, `game N`, `rss GAME MOVES RSS_KB HWM_KB`,
`chaos undo|loadsgf`, `error TEXT`, `exit STATUS`.

Usage: tools/soak-proxy.py --log LOG [--chaos P] [--seed S] [--unread-stderr] -- ENGINE ARGS...
"""
import argparse
import os
import random
import signal
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Proxy:
    def __init__(self, args):
        self.log = open(args.log, "a", buffering=1)
        self.rng = random.Random(args.seed)
        self.chaos = args.chaos
        self.sgf = args.log + ".sgf"
        stderr = subprocess.PIPE if args.unread_stderr else None
        # The pipe is kept open and never read: the engine must not wait for it.
        self.engine = subprocess.Popen(args.engine, stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=stderr,
                                       text=True, bufsize=1)
        self.note(f"start {self.engine.pid}")
        self.size, self.komi, self.setup, self.moves = 19, None, [], []
        self.games, self.last_time_left = 0, None

    def note(self, line):
        self.log.write(line + "\n")

    def ask(self, command):
        """Sends one command; returns the engine's answer (lines up to the empty line), or
        None when the engine has gone."""
        try:
            self.engine.stdin.write(command + "\n")
            self.engine.stdin.flush()
        except (BrokenPipeError, OSError):
            return None
        lines = []
        while True:
            line = self.engine.stdout.readline()
            if line == "":
                return None
            if line.strip() == "" and lines:
                return "".join(lines) + "\n"
            if line.strip() or lines:
                lines.append(line)

    def expect(self, command, want=None):
        """Sends a command of the proxy's own: a failure, or an answer other than `want`
        when given, is an error line. Returns the answer's text or None."""
        answer = self.ask(command)
        if answer is None:
            return None
        text = answer[1:].strip()
        if not answer.startswith("="):
            self.note(f"error {command} -> {answer.strip()}")
        elif want is not None and text.lower() != want:
            self.note(f"error {command} -> {text!r}, expected {want!r}")
        return text

    # ---- the game as the proxy sees it ----------------------------------------------

    def vertex_sgf(self, v):
        v = v.upper()
        if v == "PASS":
            return ""
        col = COLUMNS.index(v[0])
        row = self.size - int(v[1:])
        return chr(ord("a") + col) + chr(ord("a") + row)

    def record(self, with_komi):
        parts = [f"(;GM[1]FF[4]SZ[{self.size}]"]
        if with_komi and self.komi is not None:
            parts.append(f"KM[{self.komi}]")
        if self.setup:
            parts.append(f"HA[{len(self.setup)}]AB" +
                         "".join(f"[{self.vertex_sgf(v)}]" for v in self.setup))
        for colour, v in self.moves:
            parts.append(f";{colour}[{self.vertex_sgf(v)}]")
        parts.append(")\n")
        return "".join(parts)

    def to_play(self):
        if self.moves:
            return "white" if self.moves[-1][0] == "B" else "black"
        return "white" if self.setup else "black"

    def track(self, command, answer):
        """Follows the game through a command the controller sent and its answer."""
        if not answer.startswith("="):
            return
        words = command.split()
        name, args = words[0].lower(), words[1:]
        text = answer[1:].strip()
        if name == "boardsize" and args:
            self.size = int(args[0])
            self.setup, self.moves = [], []
        elif name == "clear_board":
            self.setup, self.moves = [], []
            self.games += 1
            self.note(f"game {self.games}")
        elif name == "komi" and args:
            self.komi = args[0]
        elif name in ("fixed_handicap", "place_free_handicap"):
            self.setup = text.split()
        elif name == "set_free_handicap":
            self.setup = args
        elif name == "play" and len(args) == 2:
            self.moves.append((args[0][0].upper(), args[1]))
        elif name == "genmove" and args and text.lower() != "resign":
            self.moves.append((args[0][0].upper(), text))
        elif name == "undo" and self.moves:
            self.moves.pop()

    # ---- the proxy's own commands -----------------------------------------------------

    def shake(self):
        """Takes the last move back and plays it again, or reloads the game from a record."""
        if self.moves and self.rng.random() < 0.5:
            self.note("chaos undo")
            colour, v = self.moves[-1]
            self.expect("undo")
            self.expect(f"play {colour} {v}")
        else:
            self.note("chaos loadsgf")
            with_komi = self.rng.random() < 0.5
            with open(self.sgf, "w") as f:
                f.write(self.record(with_komi))
            self.expect(f"loadsgf {self.sgf}", self.to_play())
            printed = self.expect("printsgf")
            if printed is not None and self.komi is not None:
                want = f"KM[{float(self.komi):g}]"
                if want not in printed.replace(".0]", "]"):
                    self.note(f"error komi {self.komi} lost by loadsgf "
                              f"({'with' if with_komi else 'without'} KM): {printed[:80]!r}")

    def memory(self):
        rss = hwm = 0
        try:
            with open(f"/proc/{self.engine.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        rss = int(line.split()[1])
                    elif line.startswith("VmHWM:"):
                        hwm = int(line.split()[1])
        except OSError:
            return
        self.note(f"rss {self.games} {len(self.moves)} {rss} {hwm}")

    def run(self):
        for line in sys.stdin:
            command = line.strip()
            if not command or command.startswith("#"):
                continue
            name = command.split()[0].lower()
            if name.isdigit():  # an id: the proxy's bookkeeping does not need it
                name = command.split()[1].lower() if len(command.split()) > 1 else ""
            if name == "genmove" and self.chaos > 0 and self.rng.random() < self.chaos:
                self.shake()
                if self.last_time_left:
                    self.expect(self.last_time_left)
            self.last_time_left = command if name == "time_left" else None
            answer = self.ask(command)
            if answer is None:
                break
            if not (answer.startswith("=") or answer.startswith("?")):
                self.note(f"error malformed answer to {command}: {answer.strip()[:80]!r}")
            self.track(command, answer)
            sys.stdout.write(answer)
            sys.stdout.flush()
            if name == "genmove":
                self.memory()
            if name == "quit":
                break
        self.finish()

    def finish(self):
        try:
            self.engine.stdin.close()
        except OSError:
            pass
        try:
            status = self.engine.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.engine.kill()
            status = self.engine.wait()
            self.note("error the engine did not exit within 10 s of the end of input")
        self.note(f"exit {status}")
        sys.exit(0 if status == 0 else 1)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--log", required=True)
    p.add_argument("--chaos", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--unread-stderr", action="store_true")
    p.add_argument("engine", nargs="+")
    args = p.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.makedirs(os.path.dirname(os.path.abspath(args.log)), exist_ok=True)
    Proxy(args).run()


if __name__ == "__main__":
    main()
