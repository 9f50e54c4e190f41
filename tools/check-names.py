"""The name check: no two types of the crate (src/ and tools/referee/) share a name, so that
a name found in a file or a log says which one it is (ARCHITECTURE.md, "Names"). A trait's
associated types (`type Item = ...` inside an impl) do not count. Prints each repeated name
with its places; the exit status is 1 if there is any.

Usage: tools/check-names.py [ROOT]   (default: the folder above tools/)
"""
import collections
import pathlib
import re
import sys

DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait|union|type)\s+([A-Za-z_]\w*)", re.M)


def main():
    root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent
    places = collections.defaultdict(list)
    for folder in ["src", "tools/referee"]:
        for path in sorted((root / folder).rglob("*.rs")):
            text = path.read_text()
            for m in DECL.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                # An associated type sits indented inside an impl and has a value.
                decl = text[m.start():text.find("\n", m.start())]
                if decl.lstrip().startswith("type ") and decl.startswith((" ", "\t")):
                    continue
                places[m.group(1)].append(f"{path.relative_to(root)}:{line}")
    repeated = {n: p for n, p in places.items() if len(p) > 1}
    for name, where in sorted(repeated.items()):
        print(f"{name}: {', '.join(where)}")
    sys.exit(1 if repeated else 0)


if __name__ == "__main__":
    main()
