#!/usr/bin/env python3
"""What width variants cost in generated code (docs/format.md §7.4; BENCHMARKS.md "Generated
code").

For each case, `layoutc generate` writes the layout's Swift; it is compiled with `swiftc -O -wmo`
together with a small main that calls the initializer N times (through a function the optimizer
cannot see, so the call cannot be hoisted out of the loop; inside a function that returns the
whole layout, so that every frame is computed), against LayoutRuntime built
with the same flags as a separate module. callgrind counts the instructions of a run with 20,000
calls and of one with none: (difference) / 20,000 is the exact cost of one call.

The variant cases compare `layouts/ProfileAdaptive.layout.yaml` (two `when` variants) at 390 and
1024 pt with ProfilePhone and ProfileTablet (Benchmarks/CodegenBench), the same layout with only
the variant present at that width typed in; the other cases are layouts without `when`, to see
that their code did not change cost.

    python3 Benchmarks/variants_bench.py [--layoutc .build/debug/layoutc] [--calls 20000] [--case NAME]

Needs swiftc and valgrind. Takes about a minute per case on two shared cores (the compiles).
"""

import os
import re
import shutil
import sys
import tempfile

from runtime_module import arguments, build_runtime, run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks", "CodegenBench", "Sources", "CodegenBench")
LAYOUTS = os.path.join(ROOT, "layouts")

NOTCH = "LayoutInsets(top: 59 * s, leading: 0, bottom: 34 * s, trailing: 0)"
PHONE = "CGSize(width: 390 * s, height: 844 * s)"
TABLET = "CGSize(width: 1024 * s, height: 1366 * s)"
NAME = "CGSize(width: 140 * s, height: 24 * s)"
BIO = "CGSize(width: 358 * s, height: 96 * s)"
WIDE_BIO = "CGSize(width: 808 * s, height: 72 * s)"

# name, layout file, present nodes (named or not, the root included), the call (`s` is 1 at run
# time, unknown to the compiler), the frame read.
CASES = [
    ("ProfileAdaptive at 390 pt", os.path.join(LAYOUTS, "ProfileAdaptive.layout.yaml"), 6,
     "ProfileAdaptiveLayout(size: %s, safeArea: %s, name: %s, bio: %s)" % (PHONE, NOTCH, NAME, BIO), "bio.width"),
    ("ProfilePhone (its 390 pt variant alone)", os.path.join(BENCH, "ProfilePhone.layout.yaml"), 6,
     "ProfilePhoneLayout(size: %s, safeArea: %s, name: %s, bio: %s)" % (PHONE, NOTCH, NAME, BIO), "bio.width"),
    ("ProfileAdaptive at 1024 pt", os.path.join(LAYOUTS, "ProfileAdaptive.layout.yaml"), 7,
     "ProfileAdaptiveLayout(size: %s, safeArea: %s, name: %s, bio: %s)" % (TABLET, NOTCH, NAME, WIDE_BIO), "bio.width"),
    ("ProfileTablet (its 1024 pt variant alone)", os.path.join(BENCH, "ProfileTablet.layout.yaml"), 7,
     "ProfileTabletLayout(size: %s, safeArea: %s, name: %s, bio: %s)" % (TABLET, NOTCH, NAME, WIDE_BIO), "bio.width"),
    # Without `when`: content sizes and an optional node (Profile, VideoCard), wrap items (ChatRow).
    ("Profile (no when: content sizes, optional badge)", os.path.join(LAYOUTS, "Profile.layout.yaml"), None,
     "ProfileLayout(size: %s, safeArea: %s, name: %s, bio: %s)" % (PHONE, NOTCH, NAME, BIO), "bio.width"),
    ("VideoCard (no when: content sizes, optional badge)", os.path.join(LAYOUTS, "VideoCard.layout.yaml"), None,
     "VideoCardLayout(size: CGSize(width: 390 * s, height: 340 * s), duration: CGSize(width: 44 * s, height: 18 * s), "
     "title: CGSize(width: 300 * s, height: 40 * s), channel: CGSize(width: 120 * s, height: 16 * s))", "title.width"),
    ("ChatRow (no when: fit height, shrink, wrap)", os.path.join(LAYOUTS, "ChatRow.layout.yaml"), None,
     "ChatRowLayout(width: 390 * s, name: CGSize(width: 300 * s, height: 20 * s), time: CGSize(width: 44 * s, height: 16 * s), "
     "message: LayoutTextModel(width: 520 * s, lineHeight: 20 * s).measure)", "size.height"),
]

MAIN = """import Foundation
import LayoutRuntime

/// One layout, returned whole: never inlined, so every frame is computed (a caller that reads one
/// frame of an inlined initializer lets the optimizer drop the others).
@inline(never)
func make(_ s: CGFloat) throws(LayoutRuntimeError) -> %s {
    try %s
}

/// One layout, as an app computes it, and one of its frames.
func once(_ s: CGFloat) -> Double {
    do { return Double(try make(s).%s) } catch { return -1 }
}

/// Unoptimized, so that the optimizer cannot know which function `loop` calls (it could hoist a
/// pure call out of the loop).
@_optimize(none)
func opaque(_ body: @escaping (CGFloat) -> Double) -> (CGFloat) -> Double { body }

func loop(_ count: Int, _ s: CGFloat, _ body: (CGFloat) -> Double) -> Double {
    var sum = 0.0
    for _ in 0..<count { sum += body(s) }
    return sum
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
let scale = CommandLine.arguments.count > 2 ? Double(CommandLine.arguments[2]) ?? 1 : 1
print(loop(count, CGFloat(scale), opaque(once)))
"""


def instructions(binary, count):
    out = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, str(count), "1"])
    match = re.search(r"Collected : (\d+)", out.stderr)
    if not match:
        sys.exit("no callgrind total for %s" % binary)
    return int(match.group(1))


def main():
    args = arguments(__doc__)
    folder = args.keep or tempfile.mkdtemp(prefix="variants-bench-")
    os.makedirs(folder, exist_ok=True)
    build_runtime(folder)
    rows = []
    for index, (name, path, nodes, call, field) in enumerate(CASES):
        if args.case and args.case not in name:
            continue
        work = os.path.join(folder, "case%d" % index)
        os.makedirs(work, exist_ok=True)
        run([args.layoutc, "generate", path, "--output", work])
        generated = os.path.join(work, os.path.basename(path).rsplit(".yaml", 1)[0] + ".swift")
        with open(os.path.join(work, "main.swift"), "w") as f:
            f.write(MAIN % (re.match(r"(\w+)\(", call).group(1), call, field))
        binary = os.path.join(work, "bench")
        run(["swiftc", "-O", "-wmo", "-I", folder, "-L", folder, "-lLayoutRuntime", "-o", binary,
             os.path.join(work, "main.swift"), generated])
        per_call = (instructions(binary, args.calls) - instructions(binary, 0)) / args.calls
        rows.append((name, nodes, per_call))
        per_node = "%.0f" % (per_call / nodes) if nodes else ""
        print("| %s | %s | %.0f | %s |" % (name, nodes or "", per_call, per_node), flush=True)
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
