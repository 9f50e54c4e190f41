"""Talking GTP to an engine process, for the scripts in tools/ (imported by name: a script's
own folder is on Python's path when it runs)."""
import subprocess
import sys


def start(args, stderr=subprocess.DEVNULL):
    """Starts the engine command line `args` with GTP on its stdin and stdout."""
    return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=stderr, text=True, bufsize=1)


def request(p, command):
    """Sends one GTP command to `p`; returns whether it succeeded (`=`) and the answer's text
    without its prefix (lines joined by spaces). Exits when the engine stops instead."""
    p.stdin.write(command + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if line == "":
            sys.exit(f"{command}: the engine stopped")
        if line.strip():
            lines.append(line.strip())
        elif lines:
            break
    answer = " ".join(lines)
    return answer.startswith("="), answer[1:].strip()


def ask(p, command):
    """Like `request`, but a refused command (`?`) ends the script."""
    ok, text = request(p, command)
    if not ok:
        sys.exit(f"{command}: ? {text}")
    return text
