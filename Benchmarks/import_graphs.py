#!/usr/bin/env python3
"""Writes the import graphs of issue 44 item 4 into a folder (BENCHMARKS.md "Import graphs").

    python3 Benchmarks/import_graphs.py diamond 22 /tmp/d22 && cd /tmp/d22 && /usr/bin/time layoutc frames Main.layout.yaml

diamond DEPTH: Main.layout.yaml imports d0; d_k imports a_{k+1} and b_{k+1}, which both
import d_{k+1}; d_DEPTH defines one bad constant (2^DEPTH import paths reach it).
chain COUNT: Main.layout.yaml imports c0; c_k imports c_{k+1} and defines one constant.
"""
import os, sys

def write(folder, name, text):
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)

def main():
    kind, size, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(folder, exist_ok=True)
    layout = "layout: Main\nsize: [390, 844]\nroot:\n  vgroup: main\n  children:\n    - item: a\n"
    if kind == "diamond":
        write(folder, "Main.layout.yaml", "import: d0.layout.yaml\n---\n" + layout)
        for k in range(size):
            write(folder, f"d{k}.layout.yaml", f"import: [a{k+1}.layout.yaml, b{k+1}.layout.yaml]\n")
            write(folder, f"a{k+1}.layout.yaml", f"import: d{k+1}.layout.yaml\n")
            write(folder, f"b{k+1}.layout.yaml", f"import: d{k+1}.layout.yaml\n")
        write(folder, f"d{size}.layout.yaml", "constants:\n  bad: wide\n")
    elif kind == "chain":
        write(folder, "Main.layout.yaml", "import: c0.layout.yaml\n---\n" + layout)
        for k in range(size):
            nxt = f"import: c{k+1}.layout.yaml\n" if k + 1 < size else ""
            write(folder, f"c{k}.layout.yaml", nxt + f"constants:\n  k{k}: {k}\n")
    else:
        sys.exit("kind: diamond or chain")

main()
