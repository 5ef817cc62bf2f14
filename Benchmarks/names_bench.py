#!/usr/bin/env python3
"""Two real workloads that hash many names (BENCHMARKS.md, "Names: Swift's own collections").

For each build folder given (holding release `layoutc` and `layoutc-lsp`), on copies stripped of
debug information (`strip -g`):

- lint: `layoutc lint PROJECT`, PROJECT a folder of 30 copies of `layouts/` (1,020 layout files,
  each copy with its `.layoutlint.yml` and the tokens file its layouts import): the instructions
  callgrind counts for the whole process, and the median wall time of RUNS runs;
- keystroke: `layoutc-lsp` with the 2,000-line YAML layout of Benchmarks/lsp_bench.py open, each
  change one number edited and waited for until its diagnostics are published: the instructions
  of a session of 12 changes minus one of 2, divided by 10 (opening and shutting down cancel
  out), and the median wall time from sending a change to its diagnostics over RUNS × 10 changes.

Swift's hashing is seeded per process unless told otherwise: the runs set
SWIFT_DETERMINISTIC_HASHING=1, so the counts are exact from run to run.

    swift build -c release --product layoutc && swift build -c release --product layoutc-lsp
    python3 Benchmarks/names_bench.py before/ after/      # folders with layoutc and layoutc-lsp
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_bench  # noqa: E402  (its layout generator and client)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENVIRONMENT = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")


def stripped(binary, scratch, name):
    copy = os.path.join(scratch, name)
    shutil.copy(binary, copy)
    subprocess.run(["strip", "-g", copy], check=True)
    return copy


def collected(stderr_text, what):
    found = re.search(r"Collected : (\d+)", stderr_text)
    if not found:
        sys.exit(f"names_bench.py: callgrind did not finish {what}:\n{stderr_text[-2000:]}")
    return int(found.group(1))


def project(scratch, copies=30):
    folder = os.path.join(scratch, "project")
    for index in range(copies):
        shutil.copytree(os.path.join(ROOT, "layouts"), os.path.join(folder, f"screens{index:02}"))
    return folder


def lint_instructions(layoutc, folder, scratch):
    out = os.path.join(scratch, "lint.callgrind")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", layoutc, "lint", folder],
                         env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    os.remove(out)
    return collected(run.stderr, "lint")


def lint_wall(layoutc, folder, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([layoutc, "lint", folder], env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


class Session:
    """The language server with the long YAML layout open in a folder of its own."""

    def __init__(self, command, scratch):
        self.folder = tempfile.mkdtemp(dir=scratch)
        with open(os.path.join(self.folder, ".layoutlint.yml"), "w") as config:
            config.write(lsp_bench.CONFIG)
        self.rows = 250
        self.text = lsp_bench.yaml_layout(self.rows)
        self.uri = "file://" + os.path.join(self.folder, "Long.layout.yaml")
        with open(os.path.join(self.folder, "Long.layout.yaml"), "w") as out:
            out.write(self.text)
        self.client = lsp_bench.Client(command)
        self.version = 1
        self.client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + self.folder, "capabilities": {}})
        self.client.notify("initialized", {})
        self.client.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "layout", "version": 1, "text": self.text}})
        self.client.wait_diagnostics(self.uri, 1)

    def change(self):
        """One keystroke's change: a row's icon width 44 becomes 45 or back; its time to diagnostics."""
        self.version += 1
        line = 5 + 8 * ((self.version * 37) % self.rows) + 3
        started = time.perf_counter()
        self.client.notify("textDocument/didChange", {"textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": 17}, "end": {"line": line, "character": 19}},
             "text": str(44 + self.version % 2)}]})
        self.client.wait_diagnostics(self.uri, self.version)
        return time.perf_counter() - started

    def close(self):
        self.client.request("shutdown", None)
        self.client.notify("exit", None)
        self.client.process.wait(timeout=600)


def keystroke_instructions(lsp, scratch):
    counts = []
    for changes in (2, 12):
        out = os.path.join(scratch, "lsp.callgrind")
        log = os.path.join(scratch, "lsp.log")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"--log-file={log}", lsp]
        session = Session(command, scratch)
        for _ in range(changes):
            session.change()
        session.close()
        with open(log) as f:
            counts.append(collected(f.read(), "the language server"))
        os.remove(out)
    return (counts[1] - counts[0]) // 10


def keystroke_wall(lsp, scratch, runs):
    session = Session([lsp], scratch)
    for _ in range(5):
        session.change()  # warm-up
    times = [session.change() for _ in range(10 * runs)]
    session.close()
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs="+", help="folders holding release layoutc and layoutc-lsp")
    parser.add_argument("--runs", type=int, default=5, help="runs for the wall-time medians")
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("names_bench.py: valgrind is needed (apt-get install valgrind)")
    with open("/proc/loadavg") as loadavg:
        print(f"load average at start: {loadavg.read().split()[0]} on {os.cpu_count()} cores")
    print("| build | lint of 1,020 files: instructions | median wall | a keystroke in the language server: instructions | median wall |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as scratch:
        folder = project(scratch)
        for index, build in enumerate(options.builds):
            layoutc = stripped(os.path.join(build, "layoutc"), scratch, f"layoutc{index}")
            lsp = stripped(os.path.join(build, "layoutc-lsp"), scratch, f"layoutc-lsp{index}")
            lint_count = lint_instructions(layoutc, folder, scratch)
            lint_time = lint_wall(layoutc, folder, options.runs)
            key_count = keystroke_instructions(lsp, scratch)
            key_time = keystroke_wall(lsp, scratch, options.runs)
            print(f"| {build} | {lint_count:,} | {lint_time * 1000:.0f} ms | {key_count:,} | {key_time * 1000:.1f} ms |", flush=True)
    with open("/proc/loadavg") as loadavg:
        print(f"load average at end: {loadavg.read().split()[0]}")


if __name__ == "__main__":
    main()
