#!/usr/bin/env python3
"""Extreme-values differential fuzz (issue 20): valid layouts whose numbers sit at the edges
of what the format allows (0, 1e-9, 1, 1e9 for sizes, percent, aspect, bounds, padding,
spacing, margin, anchors, container sizes; flows whose `count`s add up to nearly the element
limit; aspect chains up to 80 levels deep, with bounds; overlay chains up to 300 deep).

For every case it runs `layoutc frames FILE --format json --size WxH` and checks:
  * the run ends within the CPU-time limit (`--limit`, 1 s; a wall-clock timeout of 20 s kills
    a hang), measured as the child's user + system time, so a machine busy with other work
    does not turn into a finding;
  * exit 0: the JSON is strict JSON (no `inf` / `nan`) and every frame is finite; exit 1: one
    `outOfSpace` or `itemIncomplete` (any other diagnostic is a finding: the case is valid);
  * the result agrees with reference.py (the same error code, line and column, or the same
    frames to a relative 1e-9) where the reference computes it in reasonable time (it is
    skipped for flows of more than 200,000 elements, `--ref-elements`).
Then the generated code (`--codegen N`: N cases, taking each shape in turn; all by default): every
case goes through `layoutc generate`, one driver is compiled with swiftc against
LayoutRuntime, and each case's initializer is run in its own process, within the same CPU-time
limit; its frames must be the engine's bit for bit (up to the sign of a zero), its errors the
engine's code, line, column and message.

    python3 Tests/Differential/extreme.py --layoutc .build/release/layoutc --count 200 --seed 1

The last line is `N passed, N failed`; the exit status is 1 if any case failed.  A failing
case's file stays in /tmp/layoutc-extreme/.  `--only K` runs case K of the seed again.
"""

import argparse
import json
import math
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402
from reference import Node, Layout, compute  # noqa: E402

OUT_DIR = "/tmp/layoutc-extreme"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning): (.*) \[(\w+)\]\s*$")

TINY, BIG = 1e-9, 1e9
SIZES = [0, TINY, 1, 44, BIG]               # sizes, bounds, container sides
GAPS = [0, TINY, 1, BIG]                    # padding, spacing, margin
ANCHORS = [0, TINY, -TINY, 1, BIG, -BIG]
RATIOS = [TINY, 1e-3, 1, 1e3, BIG]
WEIGHTS = [TINY, 1, BIG]
PERCENTS = [0, TINY, 50, 100]


class Gen:
    """random extreme layouts, valid by construction (reference Nodes, written by fuzz.py)"""

    def __init__(self, rng):
        self.r = rng
        self.counter = 0
        self.elements = 0       # static flow elements so far (the limit is 1,000,000)
        self.wild = 0.1         # how often a number is +-1e9 (per case: most cases mild)

    def num(self, seq):
        """a value of seq; +-1e9 only `wild` of the time, so that some cases get frames"""
        if self.r.random() >= self.wild:
            seq = [v for v in seq if abs(v) < BIG]
        return self.r.choice(seq)

    def name(self, anon=0.15):
        if self.r.random() < anon:
            return None
        self.counter += 1
        return "n%d" % self.counter

    def pick(self, seq):
        return self.r.choice(seq)

    def gaps(self, node, kind):
        r = self.r
        if kind in ("hgroup", "vgroup", "flow") and r.random() < 0.4:
            node.props["padding"] = (self.num(GAPS) if r.random() < 0.5
                                     else [self.num(GAPS) for _ in range(4)])
        if kind in ("hgroup", "vgroup"):
            if r.random() < 0.4:
                node.props["spacing"] = self.num(GAPS)
            if r.random() < 0.25:
                node.props["margin"] = self.num(GAPS)
            if r.random() < 0.5:
                node.props["align"] = self.pick(["leading", "center", "trailing"])
        if kind == "flow":
            if r.random() < 0.6:
                node.props["spacing"] = [self.num(GAPS), self.num(GAPS)]
            if r.random() < 0.4:
                node.props["justify"] = True

    def bounds(self, node, axes):
        """min / max on the axes without a number size (never on the root or a flow item)"""
        for axis in axes:
            lo_key, hi_key = ("minWidth", "maxWidth") if axis == "w" else ("minHeight", "maxHeight")
            if self.r.random() < 0.2:
                lo, hi = sorted([self.num(SIZES), self.num(SIZES)])
                if self.r.random() < 0.6:
                    node.props[lo_key] = lo
                if self.r.random() < 0.6:
                    node.props[hi_key] = hi

    # ---------------------------------------------------------------- a random tree
    def tree(self, depth, ctx, measurable=None):
        """a node for a parent of kind `ctx`; measurable: the main axis ('w' / 'h') on which
        the parent measures its children (every child fixed there)"""
        r = self.r
        if depth <= 0 or r.random() < 0.35:
            kind = "item" if ctx == "overlay" or r.random() < 0.8 else "spacer"
        else:
            kind = self.pick(["hgroup", "vgroup", "overlay", "flow"])
        node = Node(kind, None if kind == "spacer" else self.name())
        if kind == "item" and node.name is None and ctx != "overlay":
            node.name = self.name(0)
        self.gaps(node, kind)
        if ctx in ("hgroup", "vgroup"):
            self.group_child(node, ctx, measurable)
        elif ctx == "overlay":
            self.overlay_child(node)
        self.children(node, depth)
        return node

    def children(self, node, depth):
        r = self.r
        kind = node.kind
        if kind in ("hgroup", "vgroup", "overlay"):
            sub = node.props.get("width" if kind == "hgroup" else "height") == "fit"
            axis = ("w" if kind == "hgroup" else "h") if sub else None
            percent_left = [True]
            for _ in range(r.randint(0, 4)):
                c = self.tree(depth - 1, kind, axis)
                if c.kind == "spacer" and kind == "overlay":
                    continue
                if "percent" in c.props:
                    if not percent_left[0]:
                        del c.props["percent"]
                    percent_left[0] = False
                node.children.append(c)
        elif kind == "flow":
            for _ in range(r.randint(1, 4)):
                node.children.append(self.flow_item())

    def group_child(self, c, pkind, measurable):
        r = self.r
        main, cross = ("width", "height") if pkind == "hgroup" else ("height", "width")
        m_axis, c_axis = ("w", "h") if pkind == "hgroup" else ("h", "w")
        q = r.random()
        sized = False
        if measurable is not None or q < 0.3:
            c.props[main] = self.num(SIZES)
            sized = True
        elif q < 0.4 and c.kind == pkind and not c.children:
            c.props[main] = "fit"          # a group measured along its own main axis; its
            sized = True                   # children all get a number there (children())
        elif q < 0.5:
            c.props["percent"] = self.pick(PERCENTS)
        elif q < 0.6:
            c.props["flexible"] = self.pick(WEIGHTS)
        elif q < 0.72 and c.kind != "spacer":
            c.props["aspect"] = self.pick(RATIOS)
        if r.random() < 0.3 and c.kind != "spacer":
            c.props[cross] = self.num(SIZES)
        if c.kind != "spacer":
            # bounds on an axis without a number size; shrink on a fixed or fit main size
            self.bounds(c, [a for a, key in ((m_axis, main), (c_axis, cross))
                            if not isinstance(c.props.get(key), (int, float))])
            if sized and measurable is None and r.random() < 0.2:
                c.props["shrink"] = self.pick([TINY, 1, BIG])

    def overlay_child(self, c):
        r = self.r
        p = c.props
        if r.random() < 0.3:
            # 6.5: a source on at most one axis; the derived axis has one anchor
            src = self.pick(["w", "h"])
            for axis, keys in (("w", ("leading", "trailing", "centerX", "width")),
                               ("h", ("top", "bottom", "centerY", "height"))):
                if axis == src and r.random() < 0.5:
                    p[keys[0]], p[keys[1]] = self.num(ANCHORS), self.num(ANCHORS)
                elif axis == src:
                    p[keys[3]] = self.num(SIZES)
                    p[self.pick(keys[:3])] = self.num(ANCHORS)
                else:
                    p[self.pick(keys[:3])] = self.num(ANCHORS)
            p["aspect"] = self.pick(RATIOS)
            return
        for keys in (("leading", "trailing", "centerX", "width"), ("top", "bottom", "centerY", "height")):
            q = r.random()
            if q < 0.3:
                continue
            if q < 0.5:
                p[keys[0]], p[keys[1]] = self.num(ANCHORS), self.num(ANCHORS)
            else:
                p[keys[3]] = self.num(SIZES)
                p[self.pick(keys[:3])] = self.num(ANCHORS)
        self.bounds(c, [a for a, key in (("w", "width"), ("h", "height")) if key not in p])

    def flow_item(self, big=False):
        r = self.r
        it = Node("item", self.name(0.5 if big else 0.2))
        if r.random() < 0.2:
            if r.random() < 0.5:
                it.props["width"] = self.num(SIZES)
            else:
                it.props["height"] = self.num(SIZES)
            it.props["aspect"] = self.pick(RATIOS)
        else:
            it.props["size"] = [self.num(SIZES), self.num(SIZES)]
        if big or r.random() < 0.3:
            room = 990_000 - self.elements      # the limit is 1,000,000 static elements
            top = min(100_000, room) if it.name is None else min(1000, room)
            if top >= 1:
                n = r.randint(max(1, top // 2), top) if big else r.randint(1, min(top, 50))
                it.props["count"] = n
                self.elements += n
        else:
            self.elements += 1
        return it

    # ---------------------------------------------------------------- shapes
    def case_tree(self):
        kind = self.pick(["hgroup", "vgroup", "overlay", "flow"])
        root = Node(kind, self.name(0))
        self.gaps(root, kind)
        self.children(root, 4)
        return root

    def case_aspect_chain(self):
        """levels alternating extreme aspects: overlays (a source on one axis, the other
        derived) and groups (an aspect child that is itself a group), with bounds here and there"""
        r = self.r
        levels = r.randint(2, 80)
        root = Node("overlay", self.name(0))
        parent, pkind = root, "overlay"
        big = r.random() < 0.5
        overlays_only = r.random() < 0.5
        for level in range(levels):
            kind = "overlay" if overlays_only else self.pick(["overlay", "overlay", "hgroup", "vgroup"])
            c = Node(kind, self.name(0.3))
            ratio = (BIG if level % 2 == 0 else TINY) if big else self.pick(RATIOS)
            if pkind == "overlay":
                if level % 2 == 0:
                    c.props.update({"aspect": ratio, "leading": 0, "top": 0, "bottom": 0})
                else:
                    c.props.update({"aspect": ratio, "leading": 0, "trailing": 0, "top": 0})
            else:
                c.props["aspect"] = ratio
            derived = ("h" if level % 2 else "w") if pkind == "overlay" else ("w" if pkind == "hgroup" else "h")
            if r.random() < (0.03 if big else 0.25):
                key = ("minWidth", "maxWidth") if derived == "w" else ("minHeight", "maxHeight")
                c.props[key[r.randint(0, 1)]] = self.num(SIZES)
            if r.random() < 0.2 and kind != "overlay":
                c.props["padding"] = self.num(GAPS)
            if pkind != "overlay" and r.random() < 0.4:
                sib = Node("item", self.name(0), {"aspect": self.pick(RATIOS)})
                parent.children.append(sib)
            parent.children.append(c)
            parent, pkind = c, kind
        parent.children.append(Node("item", self.name(0)) if pkind != "overlay"
                               else Node("item", self.name(0), {"leading": 0, "width": 1, "top": 0, "height": 1}))
        return root

    def case_overlay_chain(self):
        """a long chain of nested overlays, each anchored at extreme values"""
        r = self.r
        levels = r.randint(50, 300)
        root = Node("overlay", self.name(0))
        parent = root
        for _ in range(levels):
            c = Node("overlay", self.name(0.7))
            self.overlay_child(c)
            for lo, hi in (("leading", "trailing"), ("top", "bottom")):
                if lo in c.props and hi in c.props:
                    # room to nest a few hundred deep: the pair widens its child
                    c.props[lo], c.props[hi] = -abs(c.props[lo]), -abs(c.props[hi])
            for key in list(c.props):
                if key.startswith(("min", "max")):
                    del c.props[key]
            if "aspect" in c.props and r.random() < 0.5:
                c.props = {"leading": -abs(self.num(ANCHORS)), "trailing": -abs(self.num(ANCHORS)), "top": 0, "bottom": 0}
            parent.children.append(c)
            parent = c
        parent.children.append(Node("item", self.name(0)))
        return root

    def case_big_flow(self):
        """flows whose counts add up to nearly the element limit (1,000,000)"""
        r = self.r
        root = Node("vgroup", self.name(0))
        for _ in range(r.randint(1, 3)):
            f = Node("flow", self.name(0))
            self.gaps(f, "flow")
            if r.random() < 0.5:
                f.props["height"] = "fit"
            for _ in range(r.randint(1, 8)):
                f.children.append(self.flow_item(big=True))
            root.children.append(f)
        return root

    def case(self):
        q = self.r.random()
        self.counter, self.elements = 0, 0
        self.wild = self.pick([0.02, 0.02, 0.1, 0.4])
        if q < 0.5:
            return "tree", self.case_tree()
        if q < 0.75:
            return "aspect", self.case_aspect_chain()
        if q < 0.9:
            return "overlays", self.case_overlay_chain()
        return "flow", self.case_big_flow()


def fix_fit_children(root):
    """a group measured on its main axis (`width: fit` in an hgroup parent...) needs a number
    main size on every child; children() drew them before knowing, so set them here"""
    for n, parent, ctx in fuzz.walk(root):
        if n.kind in ("hgroup", "vgroup") and n.props.get("width" if n.kind == "hgroup" else "height") == "fit":
            main = "width" if n.kind == "hgroup" else "height"
            for c in n.children:
                for k in ("percent", "flexible", "aspect", "shrink", main, "min" + main.title(), "max" + main.title()):
                    c.props.pop(k, None)
                c.props[main] = SIZES[len(c.props) % len(SIZES)]


def elements(root):
    n = 0
    for node, parent, ctx in fuzz.walk(root):
        if ctx == "flow":
            n += int(node.props.get("count", 1))
    return n


def make_case(seed, idx):
    rng = random.Random("extreme-%s-%d" % (seed, idx))
    gen = Gen(rng)
    shape, root = gen.case()
    fix_fit_children(root)
    lay = Layout("X%d" % idx, root)
    q = rng.random()
    W, H = (BIG, BIG) if q < 0.35 else (390, 844) if q < 0.7 else (rng.choice(SIZES + [390]), rng.choice(SIZES + [844]))
    lines = []
    fuzz.emit_layout(lay, lines, rng, None, None)
    return shape, lay, W, H, "\n".join(lines) + "\n"


# ---------------------------------------------------------------- running

def cpu_of_children():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def timed(cmd, wall=20.0):
    """(returncode or 'timeout', stdout, stderr, cpu seconds)"""
    before = cpu_of_children()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=wall)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = "timeout", "", ""
    return rc, out, err, cpu_of_children() - before


def with_big_stack(fn):
    """runs fn on a thread with a large stack (the reference recurses per level)"""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001 -- re-raised below
            box["error"] = e
    threading.stack_size(512 * 1024 * 1024)
    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def strict_json(text):
    def bad(constant):
        raise ValueError("not JSON: %s" % constant)
    return json.loads(text, parse_constant=bad)


def close(a, e):
    return abs(a - e) <= 1e-6 + 1e-9 * max(abs(a), abs(e))


def check_engine(case, rc, out, err, cpu, limit, ref):
    """problems of one `layoutc frames` run; ref: the reference's result or None"""
    shape, lay, W, H, text = case
    problems = []
    if rc == "timeout" or cpu > limit:
        problems.append("took %s s of CPU (limit %s s)" % ("> 20 (killed)" if rc == "timeout" else "%.2f" % cpu, limit))
    if rc not in (0, 1):
        problems.append("exit %s: %s" % (rc, err.strip()[-500:]))
        return problems, None
    got_errors = [(m.group(6), int(m.group(2)), int(m.group(3)), m.group(5))
                  for m in (DIAG_RE.match(ln.strip()) for ln in err.splitlines()) if m and m.group(4) == "error"]
    frames = None
    if rc == 0:
        try:
            doc = strict_json(out)
            frames = doc["layouts"][0]["frames"]
        except (ValueError, KeyError, IndexError) as e:
            problems.append("JSON: %s: %s" % (e, out[:300]))
            return problems, None
        for f in frames:
            if not all(math.isfinite(float(f[k])) for k in ("x", "y", "width", "height")):
                problems.append("frame not finite: %r" % f)
    else:
        if len(got_errors) != 1 or got_errors[0][0] not in ("outOfSpace", "itemIncomplete"):
            problems.append("expected one size-dependent error, got: %s" % err.strip()[:600])
    if ref is not None:
        if ref[0] == "error":
            _, code, node, why = ref
            want = (code, node.line, node.col)
            if rc != 1 or not got_errors or got_errors[0][:3] != want:
                problems.append("reference: %s at %d:%d (%s); layoutc: exit %s %s" % (
                    code, node.line, node.col, why, rc, "; ".join("%s at %d:%d %s" % g for g in got_errors) or "frames"))
        elif rc != 0:
            problems.append("reference: frames; layoutc: %s" % "; ".join("%s at %d:%d %s" % g for g in got_errors))
        elif frames is not None:
            want = ref[1]
            if len(want) != len(frames):
                problems.append("reference: %d frames, layoutc %d" % (len(want), len(frames)))
            for e, a in zip(want, frames):
                if a.get("name") != e[0] or not all(close(float(a[k]), v) for k, v in zip(("x", "y", "width", "height"), e[2:])):
                    problems.append("  reference %s (%r, %r, %r, %r); layoutc %s (%s, %s, %s, %s)" % (
                        e[0], *e[2:], a.get("name"), a["x"], a["y"], a["width"], a["height"]))
                    break
    return problems, (frames, got_errors)


def engine_line(result):
    """what the driver prints for the engine's result: `ok NAME BITS...` or `err CODE L C MSG`"""
    frames, errors = result
    if frames is not None:
        def bits(v):
            v = float(v)
            return str(struct.unpack("<Q", struct.pack("<d", 0.0 if v == 0 else v))[0])
        return "ok" + "".join(" %s %s %s %s %s" % (f["name"], bits(f["x"]), bits(f["y"]), bits(f["width"]), bits(f["height"]))
                              for f in frames)
    code, line, col, msg = errors[0]
    return "err %s %d %d %s" % (code, line, col, msg)


DRIVER_PRELUDE = """import Foundation
import LayoutRuntime

func bits(_ value: CGFloat) -> String { let v = Double(value); return String((v == 0 ? 0 : v).bitPattern) }
func put(_ o: inout String, _ name: String, _ r: CGRect) {
    o += " \\(name) \\(bits(r.origin.x)) \\(bits(r.origin.y)) \\(bits(r.size.width)) \\(bits(r.size.height))"
}
func report(_ error: LayoutRuntimeError) { print("err \\(error.code.rawValue) \\(error.line) \\(error.column) \\(error.message)") }

"""


def driver_function(idx, lay, W, H):
    """Swift that lays out case idx's generated type at W x H and prints what engine_line does"""
    text = "func run%d() {\n    do {\n" % idx
    text += "        let l = try X%dLayout(size: CGSize(width: %r, height: %r))\n        var o = \"ok\"\n" % (idx, float(W), float(H))
    named = 0
    for n, parent, ctx in fuzz.walk(lay.root):
        if n.name is None or n.kind == "spacer":
            continue
        named += 1
        if ctx == "flow" and "count" in n.props:
            text += "        for (i, r) in l.%s.enumerated() { put(&o, \"%s[\\(i)]\", r) }\n" % (n.name, n.name)
        else:
            text += "        put(&o, \"%s\", l.%s)\n" % (n.name, n.name)
    if named == 0:
        text += "        _ = l\n"
    text += "        print(o)\n    } catch { report(error) }\n}\n"
    return text


def build_driver(layoutc, cases, work):
    """generates every case's Swift, compiles one driver; returns (binary or None, problem)"""
    gen_dir = os.path.join(work, "generated")
    os.makedirs(gen_dir, exist_ok=True)
    paths = [os.path.join(work, "X%d.layout.yaml" % idx) for idx, _ in cases]
    rc, out, err, _ = timed([layoutc, "generate"] + paths + ["--output", gen_dir], wall=600)
    if rc != 0:
        return None, "layoutc generate: exit %s: %s" % (rc, err[-2000:])
    driver = DRIVER_PRELUDE
    for idx, case in cases:
        driver += driver_function(idx, case[1], case[2], case[3])
    driver += "@main struct Driver { static func main() {\n    switch CommandLine.arguments.dropFirst().first ?? \"\" {\n"
    for idx, _ in cases:
        driver += "    case \"%d\": run%d()\n" % (idx, idx)
    driver += "    default: print(\"no such case\")\n    }\n} }\n"
    with open(os.path.join(work, "Driver.swift"), "w") as f:
        f.write(driver)
    # The runtime's core and its CGRect face, as one module.
    runtime = [os.path.join(ROOT, folder, f) for folder in ("Sources/LayoutRuntimeCore", "Sources/LayoutRuntime")
               for f in sorted(os.listdir(os.path.join(ROOT, folder))) if f.endswith(".swift")]
    rc, out, err, _ = timed(["swiftc", "-O", "-parse-as-library", "-module-name", "LayoutRuntime", "-emit-module",
                             "-emit-module-path", os.path.join(work, "LayoutRuntime.swiftmodule"), "-emit-library", "-static",
                             "-o", os.path.join(work, "libLayoutRuntime.a")] + runtime, wall=1200)
    if rc != 0:
        return None, "LayoutRuntime did not compile: %s" % err[-2000:]
    generated = sorted(os.path.join(gen_dir, f) for f in os.listdir(gen_dir) if f.endswith(".swift"))
    binary = os.path.join(work, "driver")
    rc, out, err, _ = timed(["swiftc", "-O", "-wmo", "-parse-as-library", "-module-name", "Extreme", "-I", work, "-L", work,
                             "-lLayoutRuntime", "-o", binary] + generated + [os.path.join(work, "Driver.swift")], wall=1800)
    if rc != 0:
        return None, "generated code did not compile: %s" % err[-3000:]
    return binary, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutc", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--only", type=int, default=None)
    ap.add_argument("--codegen", type=int, default=None, help="compile and run generated code for the first N cases (default: all)")
    ap.add_argument("--limit", type=float, default=1.0, help="CPU seconds a run may take")
    ap.add_argument("--ref-elements", type=int, default=200_000, help="skip the reference for larger flows")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    sys.setrecursionlimit(200_000)
    layoutc = os.path.abspath(args.layoutc)
    indices = [args.only] if args.only is not None else list(range(args.count))
    work = os.path.join(OUT_DIR, "s%s" % args.seed)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    passed = failed = 0
    shapes = {}
    slowest = (0.0, None)
    results = {}
    for idx in indices:
        case = make_case(args.seed, idx)
        shape, lay, W, H, text = case
        path = os.path.join(work, "X%d.layout.yaml" % idx)
        with open(path, "w") as f:
            f.write(text)
        cmd = [layoutc, "frames", path, "--format", "json", "--size", "%rx%r" % (float(W), float(H))]
        rc, out, err, cpu = timed(cmd)
        slowest = max(slowest, (cpu, idx))
        ref = None
        if elements(lay.root) <= args.ref_elements:
            ref = with_big_stack(lambda: compute(lay, W, H))
        problems, result = check_engine(case, rc, out, err, cpu, args.limit, ref)
        outcome = "frames" if rc == 0 else (result[1][0][0] if result and result[1] else "?")
        if result and result[1] and "not a finite number" in result[1][0][3]:
            outcome = "notFinite"
        shapes[(shape, outcome)] = shapes.get((shape, outcome), 0) + 1
        results[idx] = (case, result, problems)
    # with --codegen N, cases of every shape in turn (a tree, an aspect chain, an overlay chain,
    # a large flow, ...), so that a few compiled cases still cover each
    by_shape = {}
    for i in indices:
        if results[i][1] is not None:
            by_shape.setdefault(results[i][0][0], []).append(i)
    turns = [by_shape[k] for k in sorted(by_shape)]
    codegen = [t[j] for j in range(max(map(len, turns), default=0)) for t in turns if j < len(t)]
    codegen = sorted(codegen[:args.codegen if args.codegen is not None else len(codegen)])
    if codegen:
        t0 = time.time()
        binary, problem = build_driver(layoutc, [(i, results[i][0]) for i in codegen], work)
        print("generated code: %d cases compiled in %.0f s" % (len(codegen), time.time() - t0))
        for i in codegen:
            case, result, problems = results[i]
            if binary is None:
                problems.append(problem)
                continue
            rc, out, err, cpu = timed([binary, str(i)])
            slowest = max(slowest, (cpu, i))
            if rc == "timeout" or cpu > args.limit:
                problems.append("generated code took %s s of CPU (limit %s s)" % ("> 20" if rc == "timeout" else "%.2f" % cpu, args.limit))
            want = engine_line(result)
            got = out.rstrip("\n")
            if rc != 0 or got != want:
                problems.append("generated code (exit %s):\n  got    %s\n  engine %s" % (rc, got[:400] + err[-300:], want[:400]))
    for idx in indices:
        case, result, problems = results[idx]
        if problems:
            failed += 1
            shape, lay, W, H, text = case
            print("FAIL case %d (%s, %rx%r): layoutc frames %s --size %rx%r" % (idx, shape, W, H, os.path.join(work, "X%d.layout.yaml" % idx), W, H))
            for p in problems:
                print("  " + p)
            if not args.quiet and len(text) < 4000:
                print(text)
        else:
            passed += 1
    print("outcomes: " + ", ".join("%s %s: %d" % (s, o, n) for (s, o), n in sorted(shapes.items())))
    print("slowest run: %.3f s of CPU (case %s)" % slowest)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
