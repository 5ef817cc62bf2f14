#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for docs/format.md sections 8.2 (the
pixel grid, `scale`) and 8.6 (line limits in the text model).

Every expected value below is worked out by hand from the format's text, with the arithmetic in a
comment.  Run: python3 Tests/Differential/test_reference_spec8c.py (the last line is
`N passed, N failed`; exit status 1 if any failed).
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Layout, compute, grid_up, grid_near, Engine  # noqa: E402
from reference_harness import collector, run_tests, N  # noqa: E402

TESTS, test = collector()


def frames(root, W_, H_, fit=None, **kw):
    res = compute(Layout("T", root, fit=fit), W_, H_, **kw)
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    return (res[1], res[2]) if fit is not None else res[1]


def same(got, want):
    assert len(got) == len(want), "frames\n  got  %r\n  want %r" % (got, want)
    for g, w in zip(got, want):
        ok = g[:2] == w[:2] and all(a == b for a, b in zip(g[2:], w[2:]))
        assert ok, "frame %r != expected %r\n  all: %r" % (g, w, got)


@test
def up_and_near():
    assert grid_up(1 / 3, 3) == 1 / 3          # 1.0000000000000000 px: one pixel, not two
    assert grid_up(10.1, 3) == 31 / 3          # 30.3 px -> 31
    assert grid_up(7 + 5e-10, 1) == 7          # within 1e-9 of 7
    assert grid_up(7 + 2e-9, 1) == 8
    assert grid_near(0.5, 1) == 1              # a half rounds up
    assert grid_near(1.5 - 1e-10, 1) == 2      # within 1e-9 of 1.5: 1.5, then up
    assert grid_near(1.5 - 2e-9, 1) == 1
    assert grid_near(0.3, 3) == 1 / 3          # 0.9 px -> 1
    assert grid_up(-0.2, 2) == 0 and math.copysign(1, grid_up(-0.2, 2)) == 1   # +0, not -0
    assert grid_up(0.1, 2.625) == 1 / 2.625    # 0.2625 px -> 1


@test
def content_sizes_and_edges():
    # hgroup padding 0.3, spacing 1.1 in 100 x 50 at scale 3: a 10.25 wide; b content 10.1 x 20.2
    # -> up: 31/3 x 61/3.  Edges: a 0.3 -> 0.9 px -> 1/3, right 10.55 -> 31.65 px -> 32/3;
    # b x = 0.3 + 10.25 + 1.1 = 11.65 -> 34.95 px -> 35/3, right 11.65 + 31/3 -> 65.95 px -> 22.
    root = N("hgroup", "row", N("item", "a", width=10.25), N("item", "b", dynamic=True),
             padding=0.3, spacing=1.1)
    got = frames(root, 100, 50, dyn_sizes={"b": [(10.1, 20.2)]}, scale=3)
    same(got, [("row", "hgroup", 0.0, 0.0, 100.0, 50.0),
               ("a", "item", 1 / 3, 1 / 3, 32 / 3 - 1 / 3, 149 / 3 - 1 / 3),
               ("b", "item", 35 / 3, 1 / 3, 22 - 35 / 3, 62 / 3 - 1 / 3)])


@test
def fit_both_up():
    # label up at 2: 10.5 x 20.5; fit width 10.5 + 0.6 = 11.1 -> 11.5; height 21.1 -> 21.5
    root = N("vgroup", "box", N("item", "label", dynamic=True), padding=0.3)
    got, size = frames(root, None, None, fit="both", dyn_sizes={"label": [(10.1, 20.2)]}, scale=2)
    assert size == (11.5, 21.5), size
    same(got, [("box", "vgroup", 0.0, 0.0, 11.5, 21.5), ("label", "item", 0.5, 0.5, 10.5, 20.5)])


@test
def rtl_then_grid():
    # mirrored in 100.1 first: a at 89.8, b at 68.9; then at 3: 89.8 -> 269.4 px -> 269/3, right
    # edge 100.1 -> 300.3 px -> 100; b 68.9 -> 206.7 px -> 69, right 89.1 -> 267.3 px -> 89
    root = N("hgroup", "row", N("item", "a", width=10.3), N("item", "b", width=20.2), spacing=0.7)
    got = frames(root, 100.1, 20, direction="rtl", scale=3)
    same(got, [("row", "hgroup", 0.0, 0.0, 100.0, 20.0), ("a", "item", 269 / 3, 0.0, 100 - 269 / 3, 20.0),
               ("b", "item", 69.0, 0.0, 20.0, 20.0)])


@test
def line_limits():
    # 350 x 20 in 100: ceil(3.5) = 4 lines -> 80; capped at 2 -> 40; a cap above 4 changes nothing
    eng = Engine(0, 0, (0, 0, 0, 0), {}, wrap_models={"t": (350, 20), "c": (350, 20, 2), "n": (350, 20, 9)})
    assert eng.wrap_measure(N("item", "t", dynamic="wrap"), 100) == (100, 80)
    assert eng.wrap_measure(N("item", "c", dynamic="wrap"), 100) == (100, 40)
    assert eng.wrap_measure(N("item", "n", dynamic="wrap"), 100) == (100, 80)
    assert eng.wrap_measure(N("item", "c", dynamic="wrap"), math.inf) == (350, 20)
    # on a grid of 2: (min(up(cw), w), up(ch)): 20.1 x 2 = 40.2 -> 40.5; at infinity up(350.1) = 350.5
    g = Engine(0, 0, (0, 0, 0, 0), {}, wrap_models={"c": (350.1, 20.1, 2)}, scale=2)
    assert g.wrap_measure(N("item", "c", dynamic="wrap"), 100) == (100, 40.5)
    assert g.wrap_measure(N("item", "c", dynamic="wrap"), 99.8) == (99.8, 40.5)
    assert g.wrap_measure(N("item", "c", dynamic="wrap"), math.inf) == (350.5, 20.5)


@test
def no_scale_unchanged():
    root = N("hgroup", "row", N("item", "a", width=10.25), N("item", "b", dynamic=True),
             padding=0.3, spacing=1.1)
    assert frames(root, 100, 50, dyn_sizes={"b": [(10.1, 20.2)]}) == \
        frames(root, 100, 50, dyn_sizes={"b": [(10.1, 20.2)]}, scale=None)


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
