"""What the generated-code benchmarks share: running a tool, and LayoutRuntime built as a separate
module with `-O -wmo` (LayoutRuntimeCore's sources in it), as an app's build links it.

Imported by variants_bench.py and param_codegen_bench.py (run from the repository's root or anywhere:
the scripts' own folder is on Python's path).
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command, **kwargs):
    """The command's result; exits with its output when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr))
    return result


def build_runtime(folder):
    """LayoutRuntime.swiftmodule and libLayoutRuntime.a in `folder`."""
    sources = []
    for part in ["LayoutRuntimeCore", "LayoutRuntime"]:
        directory = os.path.join(ROOT, "Sources", part)
        sources += sorted(os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".swift"))
    run(["swiftc", "-O", "-wmo", "-parse-as-library", "-module-name", "LayoutRuntime", "-emit-module",
         "-emit-module-path", os.path.join(folder, "LayoutRuntime.swiftmodule"), "-emit-library", "-static",
         "-o", os.path.join(folder, "libLayoutRuntime.a")] + sources)


def arguments(description):
    """The options both benchmarks take: --layoutc, --calls, --case and --keep."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layoutc", default=os.path.join(ROOT, ".build", "debug", "layoutc"))
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--case", help="only the cases whose name contains this")
    parser.add_argument("--keep", help="keep the generated code and binaries in this folder")
    return parser.parse_args()
