#!/usr/bin/env python3
"""What parameters cost in generated code (docs/format.md §8.1; BENCHMARKS.md "Parameters in
generated code").

For each pair, `layoutc generate` writes the Swift of a layout whose numbers are parameters and of
the same layout with the numbers written in. Each is compiled with `swiftc -O -wmo` together with
a small main against LayoutRuntime built with the same flags as a separate module. The main reads
the parameters' values from an array once, before the loop (so the optimizer cannot fold them into
the code, as it does the numbers written in), then calls the initializer N times through a
function the optimizer cannot see (so the call cannot be hoisted out of the loop), inside a
function `make` that returns the whole layout (so that every frame is computed: where the caller
reads one frame of an initializer it inlines, the optimizer drops the others). Both versions get
the same values through the same calls; only the parameter version passes them on. callgrind
counts the instructions of a run with N calls and of one with none: the difference / N is the
exact cost of one call (the call, the loop and the frame read included); the last column is
`make`'s inclusive count / N (the initializer and the copy of its result, if any).

    python3 Benchmarks/param_codegen_bench.py [--layoutc .build/debug/layoutc] [--calls 20000] [--case NAME] [--keep DIR]

Needs swiftc and valgrind. Takes a minute or two on two shared cores (the compiles).
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

# The written-in InsetRow: layouts/InsetRow.layout.yaml with its parameters' defaults typed in.
WRITTEN_INSET_ROW = """layout: WrittenInsetRow
size: [390, 72]
root:
  hgroup: row
  padding: [8, 16, 8, 16]
  spacing: 12
  align: center
  children:
    - item: thumbnail
      width: 48
      height: 48
    - vgroup: text
      children:
        - item: title
          percent: 60
        - item: subtitle
    - item: chevron
      width: 8
      height: 14
"""

# The text measures of the cells (the command lines in their files' comments).
TITLE = "LayoutTextModel(width: 620 * s, lineHeight: 22 * s, maxLines: 3).measure"
SUMMARY = "LayoutTextModel(width: 900 * s, lineHeight: 18 * s, maxLines: 2).measure"
HEADER_TITLE = "LayoutTextModel(width: 240 * s, lineHeight: 24 * s, maxLines: 2).measure"
HEADER_SUBTITLE = "LayoutTextModel(width: 300 * s, lineHeight: 18 * s).measure"


def written_in(path, folder):
    """The layout of `path` with its parameters' defaults written in for each `$name`, named
    `Written<name>`, in `folder`: the same layout with the numbers typed in."""
    with open(path) as f:
        lines = f.read().split("\n")
    defaults, out, in_parameters = {}, [], False
    for line in lines:
        code = line.split("#", 1)[0].rstrip()
        if code == "parameters:":
            in_parameters = True
            continue
        if in_parameters:
            found = re.match(r"\s+(\w+):\s*(\S+)$", code)
            if found:
                defaults[found.group(1)] = found.group(2)
                continue
            in_parameters = False
        if code.startswith("layout: "):
            code = "layout: Written" + code[len("layout: "):]
        out.append(code)
    text = "\n".join(out)
    for name in sorted(defaults, key=len, reverse=True):
        text = text.replace("$" + name, defaults[name])
    if "$" in text:
        sys.exit("%s: a parameter without a default: %s" % (path, text))
    written = os.path.join(folder, "Written" + os.path.basename(path))
    with open(written, "w") as f:
        f.write(text)
    return written


# name, layout file (or None: written here from `WRITTEN_INSET_ROW`; "written:PATH": `written_in`), the call (`s` is 1 at run
# time, `p` the values read before the loop), the frame read (one that depends on every
# parameter, so that no parameter's arithmetic is dead code), the parameters' values.
CASES = [
    ("InsetRow (3 parameters)", os.path.join(LAYOUTS, "InsetRow.layout.yaml"),
     "InsetRowLayout(size: CGSize(width: 390 * s, height: 72 * s), inset: p.p0, thumb: p.p1, gap: p.p2)",
     "chevron.minX", [16, 48, 12]),
    ("InsetRow, numbers written in", None,
     "WrittenInsetRowLayout(size: CGSize(width: 390 * s, height: 72 * s))", "chevron.minX", [16, 48, 12]),
    ("ParamRows (30 rows, 6 parameters)", os.path.join(BENCH, "ParamRows.layout.yaml"),
     "ParamRowsLayout(size: CGSize(width: 390 * s, height: 2400 * s), inset: p.p0, thumb: p.p1, gap: p.p2, "
     "rowGap: p.p3, lead: p.p4, badge: p.p5)", "badge29.minX", [16, 48, 12, 4, 30, 20]),
    ("WrittenRows (ParamRows, numbers written in)", os.path.join(BENCH, "WrittenRows.layout.yaml"),
     "WrittenRowsLayout(size: CGSize(width: 390 * s, height: 2400 * s))", "badge29.minX", [16, 48, 12, 4, 30, 20]),
    # The two cells of layouts/ with parameters (fitted heights, text measures), and each with its
    # parameters' defaults written in (`written_in`).
    ("ArticleRow (3 parameters)", os.path.join(LAYOUTS, "ArticleRow.layout.yaml"),
     "ArticleRowLayout(width: 375 * s, title: %s, summary: %s, inset: p.p0, thumbnailSide: p.p1, gap: p.p2)" % (TITLE, SUMMARY),
     "separator.minX", [16, 64, 12]),
    ("ArticleRow, numbers written in", "written:" + os.path.join(LAYOUTS, "ArticleRow.layout.yaml"),
     "WrittenArticleRowLayout(width: 375 * s, title: %s, summary: %s)" % (TITLE, SUMMARY), "separator.minX", [16, 64, 12]),
    ("SectionHeader (2 parameters)", os.path.join(LAYOUTS, "SectionHeader.layout.yaml"),
     "SectionHeaderLayout(width: 375 * s, title: %s, subtitle: %s, inset: p.p0, top: p.p1)" % (HEADER_TITLE, HEADER_SUBTITLE),
     "title.minY", [16, 24]),
    ("SectionHeader, numbers written in", "written:" + os.path.join(LAYOUTS, "SectionHeader.layout.yaml"),
     "WrittenSectionHeaderLayout(width: 375 * s, title: %s, subtitle: %s)" % (HEADER_TITLE, HEADER_SUBTITLE), "title.minY", [16, 24]),
    # The pixel grid's cost in generated code (§8.2): the same call with `scale: 3`.
    ("WrittenRows at scale 3", os.path.join(BENCH, "WrittenRows.layout.yaml"),
     "WrittenRowsLayout(size: CGSize(width: 390 * s, height: 2400 * s), scale: 3 * s)", "badge29.minX", [16, 48, 12, 4, 30, 20]),
]

MAIN = """import Foundation
import LayoutRuntime

/// The parameters' values, read from an array once, before the loop (six: the most a case has).
struct Values {
    var p0, p1, p2, p3, p4, p5: CGFloat
    init(_ p: [CGFloat]) {
        let q = p + Array(repeating: 0, count: max(0, 6 - p.count))
        (p0, p1, p2, p3, p4, p5) = (q[0], q[1], q[2], q[3], q[4], q[5])
    }
}

/// One layout, returned whole: never inlined, so every frame is computed (a caller that reads one
/// frame of an inlined initializer lets the optimizer drop the others).
@inline(never)
func make(_ s: CGFloat, _ p: Values) throws(LayoutRuntimeError) -> %s {
    try %s
}

/// One layout, as an app computes it, and one of its frames.
func once(_ s: CGFloat, _ values: Values) -> Double {
    do { return Double(try make(s, values).%s) } catch { return -1 }
}

/// Unoptimized, so that the optimizer cannot know which function `loop` calls (it could hoist a
/// pure call out of the loop).
@_optimize(none)
func opaque(_ body: @escaping (CGFloat, Values) -> Double) -> (CGFloat, Values) -> Double { body }

func loop(_ count: Int, _ s: CGFloat, _ values: Values, _ body: (CGFloat, Values) -> Double) -> Double {
    var sum = 0.0
    for _ in 0..<count { sum += body(s, values) }
    return sum
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
let scale = CommandLine.arguments.count > 2 ? Double(CommandLine.arguments[2]) ?? 1 : 1
// The values from the command line, unknown to the compiler.
let given = CommandLine.arguments.dropFirst(3).map { CGFloat(Double($0) ?? 0) }
print(loop(count, CGFloat(scale), Values(given), opaque(once)))
"""


def instructions(binary, count, values):
    """The run's total, and `make`'s inclusive count (None where it was inlined)."""
    profile = binary + ".callgrind"
    out = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + profile, binary, str(count), "1"]
              + [str(v) for v in values])
    match = re.search(r"Collected : (\d+)", out.stderr)
    if not match:
        sys.exit("no callgrind total for %s" % binary)
    # The layout's answer, to see that it did not throw (a throw answers -1 per call).
    if count and float(out.stdout.strip()) < 0:
        sys.exit("%s threw: %s" % (binary, out.stdout))
    annotated = run(["callgrind_annotate", "--inclusive=yes", profile]).stdout
    own = None
    for line in annotated.splitlines():
        # `make`, mangled `$s5bench4make…` (the module is named after the binary).
        found = re.match(r"\s*([\d,]+) .*\$s5bench4make", line)
        if found:
            own = int(found.group(1).replace(",", ""))
            break
    os.remove(profile)
    return int(match.group(1)), own


def main():
    args = arguments(__doc__)
    folder = args.keep or tempfile.mkdtemp(prefix="param-codegen-bench-")
    os.makedirs(folder, exist_ok=True)
    build_runtime(folder)
    print("| case | instructions a call | of which `make` |")
    print("|---|---:|---:|")
    for index, (name, path, call, field, values) in enumerate(CASES):
        if args.case and args.case not in name:
            continue
        work = os.path.join(folder, "case%d" % index)
        os.makedirs(work, exist_ok=True)
        if path is None:
            path = os.path.join(work, "WrittenInsetRow.layout.yaml")
            with open(path, "w") as f:
                f.write(WRITTEN_INSET_ROW)
        elif path.startswith("written:"):
            path = written_in(path[len("written:"):], work)
        run([args.layoutc, "generate", path, "--output", work])
        generated = os.path.join(work, os.path.basename(path).rsplit(".yaml", 1)[0] + ".swift")
        with open(os.path.join(work, "main.swift"), "w") as f:
            f.write(MAIN % (re.match(r"(\w+)\(", call).group(1), call, field))
        binary = os.path.join(work, "bench")
        run(["swiftc", "-O", "-wmo", "-I", folder, "-L", folder, "-lLayoutRuntime", "-o", binary,
             os.path.join(work, "main.swift"), generated])
        (total, own), (empty, _) = instructions(binary, args.calls, values), instructions(binary, 0, values)
        per_call = (total - empty) / args.calls
        print("| %s | %.0f | %s |" % (name, per_call, "%.0f" % (own / args.calls) if own else "inlined"), flush=True)
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
