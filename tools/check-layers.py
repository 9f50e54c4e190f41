#!/usr/bin/env python3
"""The layer check: every module of src/ may use only the modules of the layers below it
(the order of `src/lib.rs`'s docs and ARCHITECTURE.md). Reads each file's `crate::<module>`
paths, in `use` lines and inline alike, comments left out, and prints each one that points
upward; the exit status is 1 if there is any.

Usage: tools/check-layers.py [SRC]   (default: the src/ folder beside tools/)
"""
import pathlib
import re
import sys

# Lowest first. Modules on one line are one layer and may not use each other.
LAYERS = [
    ["sys"],
    ["board"],
    ["sgf"],
    ["patterns"],
    ["params"],
    ["playout"],
    ["search"],
    ["book", "balance"],
    ["engine"],
    ["gtp", "gtp_process", "bench", "review"],
    ["tune"],
    ["cluster"],
]
RANK = {m: i for i, layer in enumerate(LAYERS) for m in layer}
PATH = re.compile(r"\bcrate::(\w+)")
USE_GROUP = re.compile(r"\buse\s+crate::\{([^}]*)\}", re.S)


def code_of(text):
    """The text without comments (line and block), string contents kept."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] if "//" in line else line for line in text.split("\n"))


def main():
    src = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent / "src"
    faults = []
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        module = rel.parts[0].removesuffix(".rs")
        if module not in RANK:
            continue  # lib.rs, main.rs and the command-line helpers sit above every layer
        code = code_of(path.read_text())
        used = set(PATH.findall(code))
        for group in USE_GROUP.findall(code):
            used.update(re.findall(r"(?:^|,)\s*(\w+)", group))
        for other in sorted(used):
            if other in RANK and other != module and RANK[other] >= RANK[module]:
                faults.append(f"{rel}: {module} uses crate::{other}, which is not below it")
    for f in faults:
        print(f)
    if faults:
        print(f"check-layers: {len(faults)} upward import(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
