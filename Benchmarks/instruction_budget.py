#!/usr/bin/env python3
"""Instruction budget: fails when a fixed piece of work costs more than 10% over its recorded figure.

Counts instructions with valgrind's callgrind (exact from run to run, whatever else the machine
does) on copies of the release binaries stripped of debug information (`strip -g`):

- `yaml`, `text`: the YAML and the text front end (parse, AST, validation, plan) on a fixed
  generated layout of 16 KB and its text form (`layoutc-bench count yaml|text`);
- `validate`: the validator alone on that layout's AST;
- `engine`: `LayoutEngine.frames` on the mixed tree of 2,000 nodes;
- `frames`: the whole process of `layoutc frames layouts/Toolbar.layout.yaml`, start-up included
  (ArgumentParser's reading of the line too);
- `frames-parsed`: the same with `--format=json`, another spelling of an option;
- `version`: the whole process of `layoutc --version`.

For the first four, the work runs once and three times in two processes; the difference, halved,
is the work's own cost (start-up and the input's preparation cancel out).

    swift build -c release --product layoutc && swift build -c release --product layoutc-bench
    python3 Benchmarks/instruction_budget.py                # check against Benchmarks/instruction-budget.txt
    python3 Benchmarks/instruction_budget.py --record       # write the measured figures there

The figures hold for one toolchain (the file's `toolchain` line, from `swift --version`): with
another, or on macOS (no callgrind), the check prints a notice and passes. Re-record on purpose
only, with a line in BENCHMARKS.md ("Instruction budget") saying why.
"""
import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = os.path.join(ROOT, "Benchmarks", "instruction-budget.txt")
TOLERANCE = 0.10
BENCH_CASES = ["yaml", "text", "validate", "engine"]
PROCESS_CASES = {
    "frames": ["frames", "layouts/Toolbar.layout.yaml"],
    "frames-parsed": ["frames", "layouts/Toolbar.layout.yaml", "--format=json"],
    "version": ["--version"],
}


def toolchain():
    """`swift --version`'s version line and target, one line."""
    out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    version = next((line.strip() for line in out.splitlines() if "Swift version" in line), "unknown")
    target = next((line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Target:")), "")
    return f"{version} {target}".strip()


def count(binary, arguments, scratch):
    """Instructions callgrind counts for one run of `binary arguments` in the package's root."""
    out = os.path.join(scratch, "callgrind.out")
    # Swift's hashing is seeded per process unless told otherwise; a seed changes the count.
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary] + arguments,
        cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        sys.exit(f"instruction_budget.py: `{os.path.basename(binary)} {' '.join(arguments)}` failed "
                 f"(status {run.returncode}):\n{run.stderr[-2000:]}")
    os.remove(out)
    return int(found.group(1))


def stripped(binary, scratch):
    copy = os.path.join(scratch, os.path.basename(binary))
    shutil.copy(binary, copy)
    subprocess.run(["strip", "-g", copy], check=True)
    return copy


def measure(layoutc, bench):
    figures = {}
    with tempfile.TemporaryDirectory() as scratch:
        bench, layoutc = stripped(bench, scratch), stripped(layoutc, scratch)
        for case in BENCH_CASES:
            once = count(bench, ["count", case, "1"], scratch)
            thrice = count(bench, ["count", case, "3"], scratch)
            figures[case] = (thrice - once) // 2
        for case, arguments in PROCESS_CASES.items():
            figures[case] = count(layoutc, arguments, scratch)
    return figures


def read_budget():
    chain, figures = None, {}
    with open(BUDGET) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            key, value = line.split(None, 1)
            if key == "toolchain":
                chain = value
            else:
                figures[key] = int(value)
    return chain, figures


def write_budget(chain, figures):
    lines = ["# Instructions per case, counted by callgrind: Benchmarks/instruction_budget.py (its doc",
             "# comment says what each case is). .ci/run fails when a case costs more than 10% over its",
             "# figure here. Recorded for the toolchain below; re-record on purpose (--record), with a",
             "# line in BENCHMARKS.md (\"Instruction budget\") saying why.",
             f"toolchain {chain}"]
    lines += [f"{case} {figures[case]}" for case in BENCH_CASES + list(PROCESS_CASES)]
    text = "\n".join(lines) + "\n"
    old = open(BUDGET).read() if os.path.exists(BUDGET) else None
    if text != old:
        temporary = BUDGET + ".tmp"
        with open(temporary, "w") as f:
            f.write(text)
        os.replace(temporary, BUDGET)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--layoutc", default=os.path.join(ROOT, ".build/release/layoutc"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/layoutc-bench"))
    parser.add_argument("--record", action="store_true", help="write the measured figures to the budget file")
    options = parser.parse_args()
    if platform.system() == "Darwin":
        print("note: the instruction budget was not checked: callgrind does not run on macOS")
        return
    if shutil.which("valgrind") is None:
        sys.exit("instruction_budget.py: valgrind is needed (apt-get install valgrind)")
    chain = toolchain()
    figures = measure(options.layoutc, options.bench)
    if options.record:
        write_budget(chain, figures)
        for case, value in figures.items():
            print(f"{case:10} {value:>12,}")
        print(f"recorded in {os.path.relpath(BUDGET, ROOT)} for {chain}")
        return
    recorded_chain, budget = read_budget()
    failures = []
    print(f"| case | budget | measured | change |")
    print(f"|---|---:|---:|---:|")
    for case, value in figures.items():
        limit = budget.get(case)
        if limit is None:
            failures.append(f"{case}: no figure in {os.path.relpath(BUDGET, ROOT)}")
            continue
        change = (value - limit) / limit
        print(f"| {case} | {limit:,} | {value:,} | {change:+.1%} |")
        if change > TOLERANCE:
            failures.append(f"{case}: {value:,} instructions, {change:+.1%} over the budget of {limit:,} (limit +10%)")
    if recorded_chain != chain:
        print(f"note: the instruction budget was recorded for {recorded_chain}, this is {chain}: not checked")
        return
    if failures:
        sys.exit("instruction budget exceeded:\n  " + "\n  ".join(failures) +
                 "\n(if on purpose, re-record: python3 Benchmarks/instruction_budget.py --record, and say why in BENCHMARKS.md)")


if __name__ == "__main__":
    main()
