#!/usr/bin/env python3
"""What starting `layoutc` costs (BENCHMARKS.md, "Starting a command").

For each binary given: a copy stripped of debug information (`strip -g`, as an installed binary
would be), then per command line the instructions valgrind's callgrind counts (exact from run to
run, whatever else the machine does), the share of them spent in the dynamic loader's relocation
and in ArgumentParser, and the minimum CPU time (user + system) over RUNS runs.

    swift build -c release --product layoutc
    python3 Benchmarks/startup.py .build/release/layoutc
    python3 Benchmarks/startup.py --runs 50 before/layoutc after/layoutc

The command lines run in the package's root (layouts/Toolbar.layout.yaml is the small file).
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

COMMANDS = [
    ["--version"],
    ["frames", "layouts/Toolbar.layout.yaml"],
    ["frames", "layouts/Toolbar.layout.yaml", "--size", "320x568", "--format", "json"],
    ["--help"],
]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def callgrind(binary, arguments, scratch):
    """(total instructions, inclusive instructions by function name pattern) of one run."""
    out = os.path.join(scratch, "callgrind.out")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary] + arguments,
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    total = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", out],
                               capture_output=True, text=True).stdout
    parts = {}
    for label, pattern in [("relocation", r"dl-reloc\.c:_dl_relocate_object"),
                           ("parsing", r"ArgumentParser15ParsableCommandPAAE11parseAsRoot")]:
        # Inclusive figures; a function can appear more than once (recursion), take the largest.
        found = [int(m.group(1).replace(",", "")) for m in
                 re.finditer(r"^\s*([\d,]+) \([^)]*\)\s+\S*" + pattern, annotated, re.M)]
        parts[label] = max(found) if found else 0
    os.remove(out)
    return total, parts


def cpu_seconds(binary, arguments):
    """User + system CPU time of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary] + arguments, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--runs", type=int, default=20, help="runs for the minimum CPU time")
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("startup.py: valgrind is needed (apt-get install valgrind)")
    print("| binary | size MB | command | instructions | of which relocation | of which parseAsRoot | min CPU ms |")
    print("|---|---:|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as scratch:
        for binary in options.binaries:
            stripped = os.path.join(scratch, "layoutc")
            shutil.copy(binary, stripped)
            subprocess.run(["strip", "-g", stripped], check=True)
            size = os.path.getsize(stripped) / 1e6
            for arguments in COMMANDS:
                total, parts = callgrind(stripped, arguments, scratch)
                cpu = min(cpu_seconds(stripped, arguments) for _ in range(options.runs))
                print(f"| {binary} | {size:.1f} | `layoutc {' '.join(arguments)}` | {total / 1e6:.2f} M "
                      f"| {parts['relocation'] / 1e6:.2f} M | {parts['parsing'] / 1e6:.2f} M | {cpu * 1e3:.1f} |")


if __name__ == "__main__":
    main()
