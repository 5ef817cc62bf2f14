#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for docs/format.md section 8.5
(overlays that measure themselves from their sizing children; the others follow).

Every expected frame below is computed by hand from the format's text, with the arithmetic in
a comment.  Run: python3 Tests/Differential/test_reference_spec8b.py (the last line is
`N passed, N failed`; exit status 1 if any failed).  A final sweep checks on random --spec8b
layouts of fuzz.py that an overlay measured with `fit` and laid out at that size has every
shown sizing child inside it.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Node, Layout, compute, sizes_overlay  # noqa: E402
from reference_harness import collector, run_tests, N, same  # noqa: E402

TESTS, test = collector()


def W(name=None, **props):
    props["dynamic"] = "wrap"
    return Node("item", name, props, [])


def run(root, W_, H_, fit=None, **kw):
    return compute(Layout("T", root, fit=fit), W_, H_, **kw)


def card():
    return N("overlay", "card",
             N("item", "background"),
             N("vgroup", "content",
               N("item", "image", height=180),
               W("title"), W("description"), padding=16, spacing=8),
             N("item", "badge", trailing=4, top=4, size=[24, 24]),
             N("item", "separator", leading=16, trailing=0, bottom=0, height=1))


@test
def card_fit_height():
    # content at width 390: inner 358; title 500 wide -> 2 lines of 28 = 56; description 700 ->
    # ceil(700 / 358) = 2 lines of 20 = 40; 16 + 180 + 8 + 56 + 8 + 40 + 16 = 324.  The badge
    # (trailing 4: x = 390 - 4 - 24 = 362) and separator (bottom 0: y = 324 - 0 - 1 = 323) follow.
    res = run(card(), 390, 0, fit="height", wrap_models={"title": (500, 28), "description": (700, 20)})
    assert res[0] == "frames", res
    assert res[2] == (390.0, 324.0), res[2]
    same(res[1], [("card", "overlay", 0, 0, 390, 324), ("background", "item", 0, 0, 390, 324),
                  ("content", "vgroup", 0, 0, 390, 324), ("image", "item", 16, 16, 358, 180),
                  ("title", "item", 16, 204, 358, 56), ("description", "item", 16, 268, 358, 40),
                  ("badge", "item", 362, 4, 24, 24), ("separator", "item", 16, 323, 374, 1)])


@test
def anchors_count_and_followers_do_not():
    # width: a leading 10 + 50 = 60; b leading 5 + trailing 7 around its content 30 = 42;
    # c trailing alone follows (200 would win otherwise); the overlay measures 60.
    # height at 60: a top 3 + 20 = 23; b fills: content height 40; c bottom alone follows.
    o = N("overlay", "o",
          N("item", "a", leading=10, width=50, top=3, height=20),
          N("item", "b", dynamic=True, width="flexible", leading=5, trailing=7, top=0),
          N("item", "c", trailing=0, width=200, bottom=0, height=300),
          width="fit", height="fit")
    root = N("vgroup", "g", o, align="leading")
    res = run(root, 500, 500, dyn_sizes={"b": [(30, 40)]})
    assert res[0] == "frames", res
    # o: 60 x 40 at the top left; b: x 5, width 60 - 5 - 7 = 48 (two anchors), height 40;
    # c: x = 60 - 0 - 200 = -140, y = 40 - 300 = -260.
    same(res[1], [("g", "vgroup", 0, 0, 500, 500), ("o", "overlay", 0, 0, 60, 40),
                  ("a", "item", 10, 3, 50, 20), ("b", "item", 5, 0, 48, 40),
                  ("c", "item", -140, -260, 200, 300)])


@test
def hidden_sizing_children_measure_zero():
    o = N("overlay", "o", N("item", "a", optional=True, leading=0, top=0, size=[10, 10]),
          N("item", "bg"), height="fit")
    root = N("vgroup", "g", o)
    res = run(root, 100, 100, hidden=("a",))
    assert res[0] == "frames", res
    same(res[1], [("g", "vgroup", 0, 0, 100, 100), ("o", "overlay", 0, 0, 100, 0),
                  ("bg", "item", 0, 0, 100, 0)])


@test
def bounds_clamp_the_overlay():
    # largest contribution 0 + 80 = 80, clamped by maxHeight 50
    o = N("overlay", "o", N("item", "a", top=0, leading=0, size=[10, 80]), height="fit", maxHeight=50)
    res = run(N("vgroup", "g", o), 100, 100)
    assert res[0] == "frames", res
    same(res[1], [("g", "vgroup", 0, 0, 100, 100), ("o", "overlay", 0, 0, 100, 50),
                  ("a", "item", 0, 0, 10, 80)])


@test
def aspect_height_derived_from_width():
    # a fills the width 200 and derives its height 200 / 2 = 100; 8 + 100 = 108
    o = N("overlay", "o", N("item", "a", aspect=2, top=8), height="fit")
    res = run(N("vgroup", "g", o), 200, 300)
    assert res[0] == "frames", res
    same(res[1], [("g", "vgroup", 0, 0, 200, 300), ("o", "overlay", 0, 0, 200, 108),
                  ("a", "item", 0, 8, 200, 100)])


@test
def no_sizing_child_is_incomplete_at_the_overlay():
    o = N("overlay", "o", N("item", "a", bottom=0, height=10), height="fit")
    res = run(N("vgroup", "g", o), 100, 100)
    assert res[0] == "error" and res[1] == "itemIncomplete" and res[2] is o, res[:3]


@test
def flow_across_its_width_is_incomplete_at_the_flow():
    f = N("flow", "f")
    o = N("overlay", "o", f, width="fit")
    res = run(N("hgroup", "g", o), 100, 100)
    assert res[0] == "error" and res[1] == "itemIncomplete" and res[2] is f, res[:3]


def walk(n):
    yield n
    for c in n.children:
        yield from walk(c)


@test
def measured_overlays_hold_their_sizing_children():
    # The invariant of 8.5: an overlay measured with `fit` and laid out at that size has every
    # shown sizing child inside it on that axis (anchors >= 0 here, so nothing is cut).
    import fuzz
    fuzz.SECTION6 = fuzz.SECTION7 = fuzz.SECTION8B = True
    try:
        checked = 0
        for idx in range(300):
            rng = random.Random("spec8b-%d" % idx)
            gen = fuzz.Gen(rng)
            gen.nodes = 0
            root = gen.gen_node(0, "root")
            if root.kind != "overlay" or not fuzz.root_can_fit(gen, Layout("T", root), "height"):
                continue
            if any(v < 0 for n in walk(root) for k, v in n.props.items()
                   if k in ("leading", "trailing", "top", "bottom") and isinstance(v, (int, float))):
                continue
            wraps = {n.name: (rng.randint(10, 400), 20) for n in walk(root)
                     if n.kind == "item" and n.props.get("dynamic") == "wrap" and n.name}
            dyn = {n.name: [(rng.randint(0, 80), rng.randint(0, 80))] for n in walk(root)
                   if n.kind == "item" and n.props.get("dynamic") is True and n.name}
            res = run(root, 320, 0, fit="height", wrap_models=wraps, dyn_sizes=dyn)
            if res[0] != "frames":
                continue
            frames = {f[0]: f for f in res[1]}
            height = res[2][1]
            for c in root.children:
                if c.name in frames and sizes_overlay(c, "h"):
                    _, _, x, y, w, h = frames[c.name]
                    assert y >= -1e-9 and y + h <= height + 1e-9, (idx, c.name, y, h, height)
                    checked += 1
        assert checked >= 10, checked
    finally:
        fuzz.SECTION6 = fuzz.SECTION7 = fuzz.SECTION8B = False


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
