#!/usr/bin/env python3
"""What constants and imports cost (docs/format.md §7.5; BENCHMARKS.md "Constants and imports").

Writes, into a scratch folder, in each syntax (YAML and the text form), a tokens file of 1,000 constants and two versions of one layout of
1,000 items: one whose every number is a `$NAME` of the tokens file (it imports it), one with the
same numbers typed in. Then, for `layoutc frames` and `layoutc generate` on each, counts the
instructions with callgrind (exact, on the binary given: build it with `swift build -c release
--product layoutc` and strip a copy) and takes the best wall time of several runs.

    python3 Benchmarks/constants_bench.py --layoutc /tmp/layoutc-stripped [--runs 15] [--syntax yaml|text|both]
"""

import argparse
import os
import re
import subprocess
import tempfile
import time

COUNT = 1000


def write_files(folder):
    """Both syntaxes: the same tokens and the same layout in YAML and in the text form."""
    tokens = ["# 1,000 design tokens", "constants:"]
    tokens += ["  token%d: %d" % (i, 20 + i % 37) for i in range(COUNT)]
    with open(os.path.join(folder, "Tokens.layout.yaml"), "w") as f:
        f.write("\n".join(tokens) + "\n")
    text_tokens = ["// 1,000 design tokens"]
    text_tokens += ["let token%d = %d" % (i, 20 + i % 37) for i in range(COUNT)]
    with open(os.path.join(folder, "Tokens.layout"), "w") as f:
        f.write("\n".join(text_tokens) + "\n")

    def layout(value):
        lines = ["layout: Big", "size: [390, 100000]"]
        if value("x") != "x":
            lines.append("import: Tokens.layout.yaml")
        lines += ["root:", "  vgroup: main", "  padding: %s" % value(0), "  spacing: 2", "  children:"]
        for i in range(COUNT):
            lines += ["    - item: item%d" % i, "      height: %s" % value(i)]
        return "\n".join(lines) + "\n"

    def text_layout(value):
        lines = ["layout Big (size: 390x100000) {"]
        if value("x") != "x":
            lines.append('  import "Tokens.layout"')
        lines.append("  vgroup main (padding: %s, spacing: 2) {" % value(0))
        for i in range(COUNT):
            lines.append("    item item%d .height(%s)" % (i, value(i)))
        lines += ["  }", "}"]
        return "\n".join(lines) + "\n"

    reference = lambda i: "$token%s" % i if i != "x" else "$x"
    typed = lambda i: str(20 + i % 37) if i != "x" else "x"
    for write, suffix in [(layout, ".layout.yaml"), (text_layout, ".layout")]:
        with open(os.path.join(folder, "Constants" + suffix), "w") as f:
            f.write(write(reference))
        with open(os.path.join(folder, "Inline" + suffix), "w") as f:
            f.write(write(typed))


def instructions(command):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                         capture_output=True, text=True)
    match = re.search(r"Collected : (\d+)", out.stderr)
    if not match:
        raise SystemExit("callgrind printed no count:\n" + out.stderr[-2000:])
    return int(match.group(1))


def wall(command, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layoutc", required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--syntax", choices=["yaml", "text", "both"], default="both")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="layoutc-constants-bench-")
    write_files(folder)
    sizes = {name: os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder)}
    print("files: " + ", ".join("%s %d bytes" % item for item in sorted(sizes.items())))
    suffixes = {"yaml": [".layout.yaml"], "text": [".layout"], "both": [".layout.yaml", ".layout"]}[args.syntax]
    for suffix in suffixes:
        print()
        print("%s syntax:" % ("YAML" if suffix == ".layout.yaml" else "text"))
        print("| command | numbers typed in | with 1,000 imported constants | ratio |")
        print("|---|---:|---:|---:|")
        for label, extra in [("frames", ["--format", "csv"]), ("generate", ["--output", os.path.join(folder, "out")])]:
            counts, times = [], []
            for name in ["Inline" + suffix, "Constants" + suffix]:
                command = [args.layoutc, label, os.path.join(folder, name)] + extra
                subprocess.run(command, capture_output=True, check=True)
                counts.append(instructions(command))
                times.append(wall(command, args.runs))
            print("| `%s`, instructions | %.2f M | %.2f M | %.3f |" % (label, counts[0] / 1e6, counts[1] / 1e6, counts[1] / counts[0]))
            print("| `%s`, best wall time | %.1f ms | %.1f ms | %.3f |" % (label, times[0] * 1e3, times[1] * 1e3, times[1] / times[0]))


if __name__ == "__main__":
    main()
