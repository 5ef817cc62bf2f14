#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for docs/format.md sections 7.1-7.3
(wrapping content, shrinking, a layout's fitting size).

Every expected frame below is computed by hand from the format's text, with the arithmetic in
a comment, not by running the reference.  Run: python3 Tests/Differential/test_reference_spec7.py
(the last line is `N passed, N failed`; exit status 1 if any failed).  A final sweep checks
properties on random --spec7 layouts of fuzz.py: shrunk children never go below their floor;
after shrinking, the slots and spacing fill the main extent; a fitted layout at its own fitted
size has the frames of an ordinary layout of that size; a wrap item's height is the measure at
its frame width; and the generator writes no unintended section 7 static error.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Node, Layout, compute  # noqa: E402
from reference_harness import collector, run_tests, N, same  # noqa: E402
from test_reference_spec6 import static6_problems  # noqa: E402

TESTS, test = collector()


def W(name=None, *children, **props):
    """a `dynamic: wrap` item"""
    props["dynamic"] = "wrap"
    return Node("item", name, props, list(children))


def frames(root, W_, H_, fit=None, **kw):
    res = compute(Layout("T", root, fit=fit), W_, H_, **kw)
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    if fit is not None:
        return res[1], res[2]
    assert len(res) == 2, res
    return res[1]


def error(root, W_, H_, fit=None, **kw):
    res = compute(Layout("T", root, fit=fit), W_, H_, **kw)
    assert res[0] == "error", "expected an error, got frames %r" % (res[1],)
    return res[1], res[2]


def same_size(got, want):
    assert all(abs(a - b) <= 1e-9 for a, b in zip(got, want)), "size %r != %r" % (got, want)


# ------------------------------------------------------------------ 7.1 the text model

@test
def text_model_measure():
    # m(inf) = (W, L); W <= w + 1e-9: (W, L); else (w, L x ceil(W / w)); a quotient within 1e-9
    # of an integer is that integer: 300 / 99.99999999999 = 3.0000000000003 -> 3 lines (ceil of
    # the raw quotient would give 4); 300 - 1e-10 is within 1e-9 of 300: one line, width W.
    from reference import Engine
    eng = Engine(0, 0, (0, 0, 0, 0), {}, wrap_models={"t": (300, 20), "z": (0, 20)})
    t, z = W("t"), W("z")
    assert eng.wrap_measure(t, math.inf) == (300, 20)
    assert eng.wrap_measure(t, 300) == (300, 20)
    assert eng.wrap_measure(t, 300 - 1e-10) == (300, 20)      # within 1e-9
    assert eng.wrap_measure(t, 299) == (299, 40)              # ceil(1.003) = 2
    assert eng.wrap_measure(t, 150) == (150, 40)              # exactly 2
    assert eng.wrap_measure(t, 99.99999999999) == (99.99999999999, 60)
    assert eng.wrap_measure(t, 7) == (7, 20 * 43)             # 300 / 7 = 42.86 -> 43
    assert eng.wrap_measure(z, 0) == (0, 20)                  # W = 0 fits in 0
    assert eng.wrap_measure(z, -5) == (0, 20)                 # W <= max(-5, 0) + 1e-9
    for w in (0, -3):
        try:
            eng.wrap_measure(t, w)
            raise AssertionError("offered %r: expected outOfSpace" % w)
        except Exception as e:      # noqa: BLE001
            assert getattr(e, "code", None) == "outOfSpace" and e.node is t, e


@test
def wrap_in_vgroup():
    # vgroup 200 x 400, align center.  label: W 450, L 20, offered the inner width 200:
    # 450 > 200 -> (200, 20 x ceil(2.25) = 60) at x = (200 - 200) / 2 = 0.  short: W 80, L 18:
    # (80, 18) at x = (200 - 80) / 2 = 60, y = 60.  rest: 400 - 60 - 18 = 322 at y = 78.
    root = N("vgroup", "col", W("label"), W("short"), N("item", "rest"), align="center")
    same(frames(root, 200, 400, wrap_models={"label": (450, 20), "short": (80, 18)}), [
        ("col", "vgroup", 0, 0, 200, 400),
        ("label", "item", 0, 0, 200, 60),
        ("short", "item", 60, 60, 80, 18),
        ("rest", "item", 0, 78, 200, 322)])


@test
def wrap_in_vgroup_with_own_sizes():
    # vgroup 200 x 300.  a: width 90 (own width): height ch(90) = 10 x ceil(200 / 90 = 2.2) = 30.
    # b: width: flexible fills 200: ch(200) = 10.  c: height 50 (own height): offered 200, W 500
    # -> width 200, height 50.  d: flexible 1 (own height) gets 300 - 30 - 10 - 50 = 210; its
    # width cw(200) = 120 (W 120 fits).
    root = N("vgroup", "col", W("a", width=90), W("b", width="flexible"), W("c", height=50),
             W("d", flexible=1))
    same(frames(root, 200, 300, wrap_models={"a": (200, 10), "b": (200, 10), "c": (500, 10),
                                             "d": (120, 10)}), [
        ("col", "vgroup", 0, 0, 200, 300),
        ("a", "item", 0, 0, 90, 30),
        ("b", "item", 0, 30, 200, 10),
        ("c", "item", 0, 40, 200, 50),
        ("d", "item", 0, 90, 120, 210)])


@test
def wrap_in_hgroup():
    # hgroup 300 x 100: icon 40; text: no own width -> fit = natural width 150; tail flexible:
    # 300 - 40 - 150 = 110.  text (40, 0, 150, ch(150) = 16) at the top (align leading).
    root = N("hgroup", "row", N("item", "icon", width=40), W("text"), N("item", "tail"))
    same(frames(root, 300, 100, wrap_models={"text": (150, 16)}), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("icon", "item", 0, 0, 40, 100),
        ("text", "item", 40, 0, 150, 16),
        ("tail", "item", 190, 0, 110, 100)])
    # with percent 25 (an own width): free = 300 - 40 = 260, text = 65, tail = 195; text's
    # height ch(65) = 16 x ceil(150 / 65 = 2.31) = 48
    root = N("hgroup", "row", N("item", "icon", width=40), W("text", percent=25), N("item", "tail"))
    same(frames(root, 300, 100, wrap_models={"text": (150, 16)}), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("icon", "item", 0, 0, 40, 100),
        ("text", "item", 40, 0, 65, 48),
        ("tail", "item", 105, 0, 195, 100)])


@test
def wrap_in_hgroup_with_margin():
    # hgroup 300 x 100, margin 10, align trailing.  t: fit 100, slot 110, frame x = 5, width 100,
    # height ch(100) = 12 at y = 100 - 12 = 88.  f: width 100 (fixed): slot 100, frame 90 at
    # x = 110 + 5 = 115, height ch(90) = 12 x ceil(1.11) = 24, y = 76.  g: flexible, slot
    # 300 - 210 = 90, frame x = 215, width 80, fills the height.
    root = N("hgroup", "row", W("t"), W("f", width=100), N("item", "g"), margin=10, align="trailing")
    same(frames(root, 300, 100, wrap_models={"t": (100, 12), "f": (100, 12)}), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("t", "item", 5, 88, 100, 12),
        ("f", "item", 115, 76, 90, 24),
        ("g", "item", 215, 0, 80, 100)])


@test
def wrap_in_overlay():
    # overlay 300 x 200.
    # a: W 500, L 10, leading 20: offered 300 - 20 = 280 -> (280, 10 x ceil(1.79) = 20), top 5.
    # b: W 100, L 12, trailing 10: offered 290 -> (100, 12); x = 300 - 10 - 100 = 190; bottom 0:
    #    y = 200 - 12 = 188.
    # c: W 400, L 15, centerX 25, centerY 0: offered 300 - 2 x 25 = 250 -> (250, 15 x 2 = 30);
    #    x = 150 + 25 - 125 = 50, y = 100 - 15 = 85.
    # d: W 400, L 10, leading 30 + trailing 70 (own width 200): ch(200) = 20, top 0.
    # e: W 90, L 10, width: flexible fills 300: ch(300) = 10, top 40.
    # f: W 400, L 10, height 50 (own height), leading 0, top 100: offered 300 -> width 300.
    # g: W 120, L 10, center: offered 300 - 0 -> (120, 10): x = 150 - 60 = 90, y = 100 - 5 = 95
    root = N("overlay", "ov",
             W("a", leading=20, top=5),
             W("b", trailing=10, bottom=0),
             W("c", centerX=25, centerY=0),
             W("d", leading=30, trailing=70, top=0),
             W("e", width="flexible", top=40),
             W("f", height=50, leading=0, top=100),
             W("g", center=True))
    models = {"a": (500, 10), "b": (100, 12), "c": (400, 15), "d": (400, 10), "e": (90, 10),
              "f": (400, 10), "g": (120, 10)}
    same(frames(root, 300, 200, wrap_models=models), [
        ("ov", "overlay", 0, 0, 300, 200),
        ("a", "item", 20, 5, 280, 20),
        ("b", "item", 190, 188, 100, 12),
        ("c", "item", 50, 85, 250, 30),
        ("d", "item", 30, 0, 200, 20),
        ("e", "item", 0, 40, 300, 10),
        ("f", "item", 0, 100, 300, 50),
        ("g", "item", 90, 95, 120, 10)])


@test
def wrap_overlay_negative_anchor_gives_room():
    # READING R11: overlay 100 x 100, leading -20: offered 100 - (-20) = 120; W 110 fits ->
    # (110, 10) at x = -20
    root = N("overlay", "ov", W("t", leading=-20, top=0))
    same(frames(root, 100, 100, wrap_models={"t": (110, 10)}), [
        ("ov", "overlay", 0, 0, 100, 100),
        ("t", "item", -20, 0, 110, 10)])


@test
def wrap_with_bounds():
    # vgroup 300 x 400.
    # t1: W 500, L 20, maxWidth 180: offered clamp(300) = 180 -> cw 180; height ch(180) =
    #     20 x ceil(2.78) = 60.
    # t2: W 50, L 20, minWidth 120: offered 300 -> cw 50, clamped to 120; ch(120) = 20.
    # t3: W 1000, L 10, maxHeight 25: (300, 10 x ceil(3.33) = 40) -> height clamped to 25.
    # t4: W 100, L 10, minHeight 30: (100, 10) -> height 30.  rest: 400 - 60 - 20 - 25 - 30 = 265
    root = N("vgroup", "col", W("t1", maxWidth=180), W("t2", minWidth=120), W("t3", maxHeight=25),
             W("t4", minHeight=30), N("item", "rest"))
    models = {"t1": (500, 20), "t2": (50, 20), "t3": (1000, 10), "t4": (100, 10)}
    same(frames(root, 300, 400, wrap_models=models), [
        ("col", "vgroup", 0, 0, 300, 400),
        ("t1", "item", 0, 0, 180, 60),
        ("t2", "item", 0, 60, 120, 20),
        ("t3", "item", 0, 80, 300, 25),
        ("t4", "item", 0, 105, 100, 30),
        ("rest", "item", 0, 135, 300, 265)])
    # hgroup 400 x 100: t: W 500, L 10, maxWidth 200: fit = clamp(500) = 200; ch(200) =
    # 10 x ceil(2.5) = 30.  rest 200.
    root = N("hgroup", "row", W("t", maxWidth=200), N("item", "rest"))
    same(frames(root, 400, 100, wrap_models={"t": (500, 10)}), [
        ("row", "hgroup", 0, 0, 400, 100),
        ("t", "item", 0, 0, 200, 30),
        ("rest", "item", 200, 0, 200, 100)])


@test
def wrap_min_width_over_inner_width_is_out_of_space_at_group():
    # vgroup 100: t offered clamp(100) = 150 (minWidth) -> cw 60 -> clamp 150 > 100: outOfSpace
    # at the group (4.2.8, READING R12)
    g = N("vgroup", "col", W("t", minWidth=150))
    assert error(g, 100, 100, wrap_models={"t": (60, 10)}) == ("outOfSpace", g)


@test
def wrap_offered_zero_width():
    # vgroup 100 x 100, padding [0, 50, 0, 50]: inner width 0; t (W 10) offered 0: outOfSpace at
    # t.  With W 0 it is (0, L): t (50, 0, 0, 8).
    t = W("t")
    g = N("vgroup", "col", t, padding=[0, 50, 0, 50])
    assert error(g, 100, 100, wrap_models={"t": (10, 8)}) == ("outOfSpace", t)
    same(frames(g, 100, 100, wrap_models={"t": (0, 8)}), [
        ("col", "vgroup", 0, 0, 100, 100),
        ("t", "item", 50, 0, 0, 8)])
    # own width 0 in a vgroup: ch(0) with W 5 -> outOfSpace at the item
    t = W("t", width=0)
    assert error(N("vgroup", "col", t), 100, 100, wrap_models={"t": (5, 8)}) == ("outOfSpace", t)
    # overlay 150 wide, leading 200: offered 150 - 200 = -50 -> outOfSpace at the item
    t = W("t", leading=200, top=0)
    assert error(N("overlay", "ov", t), 150, 100, wrap_models={"t": (5, 8)}) == ("outOfSpace", t)
    # hgroup: percent 0 -> width 0 -> ch(0): outOfSpace at the item
    t = W("t", percent=0)
    assert error(N("hgroup", "row", t), 100, 100, wrap_models={"t": (5, 8)}) == ("outOfSpace", t)


@test
def wrap_without_model_is_item_incomplete():
    t = W("t")
    assert error(N("vgroup", "col", t), 100, 100) == ("itemIncomplete", t)
    t = W("t", width=50)
    assert error(N("hgroup", "row", t), 100, 100, wrap_models={"u": (1, 1)}) == ("itemIncomplete", t)


@test
def group_fit_counts_wrap_items():
    # hgroup 400 x 200 with col: a vgroup of width fit and height fit, padding 5, spacing 4.
    # width fit: largest fit width = natural widths 120 and 60 -> 120 + 10 = 130.
    # height fit at width 130: inner 120: t1 offered 120 -> (120, 12); t2 (60, 12) -> 12 + 4 +
    # 12 + 10 = 38.  In col: t1 (5, 5, 120, 12), t2 (5, 21, 60, 12)
    root = N("hgroup", "row", N("vgroup", "col", W("t1"), W("t2"), width="fit", height="fit",
                                padding=5, spacing=4))
    same(frames(root, 400, 200, wrap_models={"t1": (120, 12), "t2": (60, 12)}), [
        ("row", "hgroup", 0, 0, 400, 200),
        ("col", "vgroup", 0, 0, 130, 38),
        ("t1", "item", 5, 5, 120, 12),
        ("t2", "item", 5, 21, 60, 12)])
    # a vgroup 100 wide with height fit: t (W 250, L 10) offered 100 -> (100, 30); col = 30
    root = N("hgroup", "row", N("vgroup", "col", W("t"), width=100, height="fit"))
    same(frames(root, 400, 200, wrap_models={"t": (250, 10)}), [
        ("row", "hgroup", 0, 0, 400, 200),
        ("col", "vgroup", 0, 0, 100, 30),
        ("t", "item", 0, 0, 100, 30)])


# ------------------------------------------------------------------ 7.2 shrink

@test
def shrink_by_weight():
    # hgroup 300 x 50: a 200 shrink 1, b 100 shrink 2, c 60.  D = 360 - 300 = 60;
    # sum(s B) = 200 + 200 = 400; a = 200 - 60 x 200 / 400 = 170; b = 100 - 60 x 200 / 400 = 70.
    # x: 0, 170, 240
    root = N("hgroup", "row", N("item", "a", width=200, shrink=1), N("item", "b", width=100, shrink=2),
             N("item", "c", width=60))
    same(frames(root, 300, 50), [
        ("row", "hgroup", 0, 0, 300, 50),
        ("a", "item", 0, 0, 170, 50),
        ("b", "item", 170, 0, 70, 50),
        ("c", "item", 240, 0, 60, 50)])


@test
def shrink_in_vgroup_with_spacing():
    # vgroup 80 x 100, spacing 10: a 60 shrink 0.5, b 60 shrink 1.5.  D = 130 - 100 = 30;
    # sum = 30 + 90 = 120; a = 60 - 30 x 30 / 120 = 52.5; b = 60 - 30 x 90 / 120 = 37.5.
    # y: 0, 62.5
    root = N("vgroup", "col", N("item", "a", height=60, shrink=0.5),
             N("item", "b", height=60, shrink=1.5), spacing=10)
    same(frames(root, 80, 100), [
        ("col", "vgroup", 0, 0, 80, 100),
        ("a", "item", 0, 0, 80, 52.5),
        ("b", "item", 0, 62.5, 80, 37.5)])


@test
def no_shrink_when_it_fits():
    # free = 300 - 200 = 100 >= 0: nothing shrinks, what is left stays empty at the end
    root = N("hgroup", "row", N("item", "a", width=200, shrink=3))
    same(frames(root, 300, 50), [("row", "hgroup", 0, 0, 300, 50), ("a", "item", 0, 0, 200, 50)])


@test
def floors_freeze():
    # hgroup 300 x 40: a, b content 200 x 10, shrink 1; a minWidth 180.  D = 100; sum = 400:
    # a = b = 150; a < 180: frozen at 180.  R = 100 - 20 = 80: b = 200 - 80 = 120.
    # Heights stay the content height 10 (a dynamic: true item does not grow).
    root = N("hgroup", "row", N("item", "a", dynamic=True, shrink=1, minWidth=180),
             N("item", "b", dynamic=True, shrink=1))
    same(frames(root, 300, 40, dyn_sizes={"a": [(200, 10)], "b": [(200, 10)]}), [
        ("row", "hgroup", 0, 0, 300, 40),
        ("a", "item", 0, 0, 180, 10),
        ("b", "item", 180, 0, 120, 10)])


@test
def floors_freeze_in_rounds_and_equal_is_not_below():
    # hgroup 210: a, b, c content 100 x 10, shrink 1; a min 90, b min 70.  D = 90.
    # round 1: each 100 - 30 = 70: a < 90 frozen at 90; b = 70 is not below 70.
    # round 2: R = 90 - 10 = 80, sum = 200: b = c = 60; b < 70 frozen at 70.
    # round 3: R = 90 - 10 - 30 = 50: c = 50.  x: 0, 90, 160
    root = N("hgroup", "row", N("item", "a", dynamic=True, shrink=1, minWidth=90),
             N("item", "b", dynamic=True, shrink=1, minWidth=70),
             N("item", "c", dynamic=True, shrink=1))
    dyn = {k: [(100, 10)] for k in "abc"}
    same(frames(root, 210, 40, dyn_sizes=dyn), [
        ("row", "hgroup", 0, 0, 210, 40),
        ("a", "item", 0, 0, 90, 10),
        ("b", "item", 90, 0, 70, 10),
        ("c", "item", 160, 0, 50, 10)])


@test
def shrink_impossible_is_out_of_space_at_group():
    # hgroup 100: a content 60 min 50 shrink 1, b 80.  D = 40: a = 20 < 50 frozen at 50;
    # R = 40 - 10 = 30 > 1e-9 with every shrinkable child frozen: outOfSpace at the group
    g = N("hgroup", "row", N("item", "a", dynamic=True, shrink=1, minWidth=50), N("item", "b", width=80))
    assert error(g, 100, 40, dyn_sizes={"a": [(60, 10)]}) == ("outOfSpace", g)
    # shrink 0 only: nothing can give way: outOfSpace as in 4.2.3
    g = N("hgroup", "row", N("item", "a", width=60, shrink=0), N("item", "b", width=80))
    assert error(g, 100, 40) == ("outOfSpace", g)
    # sum(s B) = 0 (a is 0 wide) while R = 20: outOfSpace
    g = N("hgroup", "row", N("item", "a", width=0, shrink=1), N("item", "b", width=120))
    assert error(g, 100, 40) == ("outOfSpace", g)
    # floor 0 reached exactly: a 40 shrink 1, b 100: D = 40, a = 0 (not below 0): fits
    root = N("hgroup", "row", N("item", "a", width=40, shrink=1), N("item", "b", width=100))
    same(frames(root, 100, 40), [
        ("row", "hgroup", 0, 0, 100, 40),
        ("a", "item", 0, 0, 0, 40),
        ("b", "item", 0, 0, 100, 40)])


@test
def shrink_with_margin():
    # hgroup 290 x 40, margin 10: a width 200 (fixed, B 200), b content 150 x 12 (fit, B 150,
    # counted 160).  D = 360 - 290 = 70; sum = 350: a = 200 - 40 = 160, b = 150 - 30 = 120.
    # a: slot 160, frame 160 - 10 = 150 at x = 5.  b: slot 120 + 10 = 130, frame 120 at
    # x = 160 + 5 = 165, height 12.  Slots 160 + 130 = 290.
    root = N("hgroup", "row", N("item", "a", width=200, shrink=1),
             N("item", "b", dynamic=True, shrink=1), margin=10)
    same(frames(root, 290, 40, dyn_sizes={"b": [(150, 12)]}), [
        ("row", "hgroup", 0, 0, 290, 40),
        ("a", "item", 5, 0, 150, 40),
        ("b", "item", 165, 0, 120, 12)])
    # a fixed child shrunk below the margin: hgroup 100, margin 10: a 20 shrink 1, b 95:
    # D = 15, a = 5 < m = 10: outOfSpace at the group (4.2.7)
    g = N("hgroup", "row", N("item", "a", width=20, shrink=1), N("item", "b", width=95), margin=10)
    assert error(g, 100, 40) == ("outOfSpace", g)


@test
def shrink_with_percent_children():
    # hgroup 200 x 30: a 150 shrink 1, p percent 50, b 100.  free = 200 - 250 = -50: a = 100,
    # then free = 0: p = 0, at x = 100.  b at 100.
    root = N("hgroup", "row", N("item", "a", width=150, shrink=1), N("item", "p", percent=50),
             N("item", "b", width=100))
    same(frames(root, 200, 30), [
        ("row", "hgroup", 0, 0, 200, 30),
        ("a", "item", 0, 0, 100, 30),
        ("p", "item", 100, 0, 0, 30),
        ("b", "item", 100, 0, 100, 30)])
    # p with minWidth 20: clamp(0) = 20; 100 + 20 + 100 = 220 > 200: outOfSpace (6.4 step 3)
    g = N("hgroup", "row", N("item", "a", width=150, shrink=1), N("item", "p", percent=50, minWidth=20),
          N("item", "b", width=100))
    assert error(g, 200, 30) == ("outOfSpace", g)
    # a flexible sibling gets 0 too
    root = N("hgroup", "row", N("item", "a", width=150, shrink=1), N("item", "f"),
             N("item", "b", width=100))
    same(frames(root, 200, 30), [
        ("row", "hgroup", 0, 0, 200, 30),
        ("a", "item", 0, 0, 100, 30),
        ("f", "item", 100, 0, 0, 30),
        ("b", "item", 100, 0, 100, 30)])


@test
def wrap_item_shrinking_grows_taller():
    # hgroup 200 x 100: t W 150 L 20 shrink 1 (fit 150), icon 100.  D = 50: t = 100;
    # height ch(100) = 20 x ceil(1.5) = 40.
    root = N("hgroup", "row", W("t", shrink=1), N("item", "icon", width=100))
    same(frames(root, 200, 100, wrap_models={"t": (150, 20)}), [
        ("row", "hgroup", 0, 0, 200, 100),
        ("t", "item", 0, 0, 100, 40),
        ("icon", "item", 100, 0, 100, 100)])
    # ... and taller than the group: hgroup 200 x 30: ch(100) = 40 > 30: outOfSpace at the group
    g = N("hgroup", "row", W("t", shrink=1), N("item", "icon", width=100))
    assert error(g, 200, 30, wrap_models={"t": (150, 20)}) == ("outOfSpace", g)
    # shrunk to 0 width: hgroup 100: t (W 150) shrink 1, icon 100: D = 150, t = 0 -> ch(0):
    # outOfSpace at the item (READING R8)
    t = W("t", shrink=1)
    g = N("hgroup", "row", t, N("item", "icon", width=100))
    assert error(g, 100, 100, wrap_models={"t": (150, 20)}) == ("outOfSpace", t)


@test
def wrap_item_shrinks_its_height_in_a_vgroup():
    # READING R14: vgroup 100 x 50: t W 300 L 20 offered 100 -> (100, 60), shrink 1; b 20.
    # D = 80 - 50 = 30: t's height = 30.
    root = N("vgroup", "col", W("t", shrink=1), N("item", "b", height=20))
    same(frames(root, 100, 50, wrap_models={"t": (300, 20)}), [
        ("col", "vgroup", 0, 0, 100, 50),
        ("t", "item", 0, 0, 100, 30),
        ("b", "item", 0, 30, 100, 20)])


@test
def group_main_fit_counts_unshrunk_cross_fit_shrinks():
    # vgroup 300 x 300: row is an hgroup of width fit and height fit: a 200 shrink 1, t wrap
    # W 150 L 10 shrink 1.  Width fit counts unshrunk: 200 + 150 = 350, clamped by row's
    # maxWidth 250 -> 250.  Height fit lays the children out at 250: D = 100, sum = 350:
    # a = 200 - 100 x 200 / 350 = 142.857..., t = 150 - 100 x 150 / 350 = 107.142...;
    # ch(107.14) = 10 x ceil(1.4) = 20; a's height fills (no cross size) -> row = 20.
    a_w = 200 - 100 * 200 / 350
    t_w = 150 - 100 * 150 / 350
    root = N("vgroup", "col", N("hgroup", "row", N("item", "a", width=200, shrink=1), W("t", shrink=1),
                                width="fit", height="fit", maxWidth=250))
    same(frames(root, 300, 300, wrap_models={"t": (150, 10)}), [
        ("col", "vgroup", 0, 0, 300, 300),
        ("row", "hgroup", 0, 0, 250, 20),
        ("a", "item", 0, 0, a_w, 20),
        ("t", "item", a_w, 0, t_w, 20)])


# ------------------------------------------------------------------ 7.3 fit on the layout

@test
def fit_height():
    # width 320 given, height 999 not used.  vgroup padding 10, spacing 5: header 44, body
    # wrap W 600 L 20 offered the inner width 300 -> (300, 20 x ceil(2) = 40), footer 30.
    # height = 10 + 44 + 5 + 40 + 5 + 30 + 10 = 144.
    root = N("vgroup", "main", N("item", "header", height=44), W("body"), N("item", "footer", height=30),
             padding=10, spacing=5)
    fr, size = frames(root, 320, 999, fit="height", wrap_models={"body": (600, 20)})
    same_size(size, (320, 144))
    same(fr, [
        ("main", "vgroup", 0, 0, 320, 144),
        ("header", "item", 10, 10, 300, 44),
        ("body", "item", 10, 59, 300, 40),
        ("footer", "item", 10, 104, 300, 30)])
    # no height given at all
    fr2, size2 = frames(root, 320, None, fit="height", wrap_models={"body": (600, 20)})
    same_size(size2, (320, 144))
    same(fr2, fr)


@test
def fit_height_with_safe_area():
    # insets top 20, leading 10, bottom 30, trailing 10; the root has safeArea: its width is
    # 320 - 20 = 300, inner 280: body (280, 20 x ceil(600 / 280 = 2.14) = 60); root height =
    # 10 + 44 + 5 + 60 + 5 + 30 + 10 = 164; container height 164 + 20 + 30 = 214.
    # root (10, 20, 300, 164); header (20, 30, 280, 44); body (20, 79, 280, 60);
    # footer (20, 144, 280, 30)
    root = N("vgroup", "main", N("item", "header", height=44), W("body"), N("item", "footer", height=30),
             padding=10, spacing=5, safeArea=True)
    fr, size = frames(root, 320, 1, fit="height", insets=(20, 10, 30, 10), wrap_models={"body": (600, 20)})
    same_size(size, (320, 214))
    same(fr, [
        ("main", "vgroup", 10, 20, 300, 164),
        ("header", "item", 20, 30, 280, 44),
        ("body", "item", 20, 79, 280, 60),
        ("footer", "item", 20, 144, 280, 30)])
    # without safeArea on the root the insets change nothing: 144 as before
    root.props.pop("safeArea")
    fr, size = frames(root, 320, 1, fit="height", insets=(20, 10, 30, 10), wrap_models={"body": (600, 20)})
    same_size(size, (320, 144))


@test
def fit_width():
    # hgroup padding 5, spacing 10: a 40, t wrap natural 120: width = 5 + 40 + 10 + 120 + 5 =
    # 180; the height 100 is given.  a fills the inner height 90; t (55, 5, 120, ch = 18)
    root = N("hgroup", "row", N("item", "a", width=40), W("t"), padding=5, spacing=10)
    fr, size = frames(root, None, 100, fit="width", wrap_models={"t": (120, 18)})
    same_size(size, (180, 100))
    same(fr, [
        ("row", "hgroup", 0, 0, 180, 100),
        ("a", "item", 5, 5, 40, 90),
        ("t", "item", 55, 5, 120, 18)])
    # safeArea with leading 20, trailing 30: width 180 + 50 = 230; root (20, 0, 180, 100)
    root.props["safeArea"] = True
    fr, size = frames(root, 999, 100, fit="width", insets=(0, 20, 0, 30), wrap_models={"t": (120, 18)})
    same_size(size, (230, 100))
    same(fr, [
        ("row", "hgroup", 20, 0, 180, 100),
        ("a", "item", 25, 5, 40, 90),
        ("t", "item", 75, 5, 120, 18)])
    # rtl mirrors in the fitted width: row x = 230 - 20 - 180 = 30, a x = 230 - 25 - 40 = 165,
    # t x = 230 - 75 - 120 = 35
    fr, size = frames(root, 999, 100, fit="width", insets=(0, 20, 0, 30), wrap_models={"t": (120, 18)},
                      direction="rtl")
    same(fr, [
        ("row", "hgroup", 30, 0, 180, 100),
        ("a", "item", 165, 5, 40, 90),
        ("t", "item", 35, 5, 120, 18)])


@test
def fit_both():
    # vgroup padding 8: title wrap W 200 L 20, icon 50 x 50.  Width first: the largest fit or
    # fixed width: max(natural 200, 50) + 16 = 216.  Height at 216: inner 200: title (200, 20);
    # 8 + 20 + 50 + 8 = 86.
    root = N("vgroup", "card", W("title"), N("item", "icon", size=[50, 50]), padding=8)
    fr, size = frames(root, None, None, fit="both", wrap_models={"title": (200, 20)})
    same_size(size, (216, 86))
    same(fr, [
        ("card", "vgroup", 0, 0, 216, 86),
        ("title", "item", 8, 8, 200, 20),
        ("icon", "item", 8, 28, 50, 50)])
    # safeArea, insets (10, 4, 6, 2): 216 + 6 = 222 wide, 86 + 16 = 102 high; root (4, 10, ...)
    root.props["safeArea"] = True
    fr, size = frames(root, None, None, fit="both", insets=(10, 4, 6, 2), wrap_models={"title": (200, 20)})
    same_size(size, (222, 102))
    same(fr, [
        ("card", "vgroup", 4, 10, 216, 86),
        ("title", "item", 12, 18, 200, 20),
        ("icon", "item", 12, 38, 50, 50)])


@test
def fit_height_of_a_flow_and_of_an_hgroup():
    # flow 100 wide, spacing [10, 5]: 60 + 10 + 50 = 120 > 100: two lines, 20 + 5 + 30 = 55
    root = N("flow", "tags", N("item", "a", size=[60, 20]), N("item", "b", size=[50, 30]), spacing=[10, 5])
    fr, size = frames(root, 100, 7, fit="height")
    same_size(size, (100, 55))
    same(fr, [("tags", "flow", 0, 0, 100, 55), ("a", "item", 0, 0, 60, 20), ("b", "item", 0, 25, 50, 30)])
    # hgroup root 200 wide, height fit (cross): t wrap W 300 L 10 shrink 1 and icon 100 x 24:
    # laid out along the width at 200: D = 200, t = 100; ch(100) = 30; max(30, 24) = 30
    root = N("hgroup", "row", W("t", shrink=1), N("item", "icon", size=[100, 24]))
    fr, size = frames(root, 200, 0, fit="height", wrap_models={"t": (300, 10)})
    same_size(size, (200, 30))
    same(fr, [("row", "hgroup", 0, 0, 200, 30), ("t", "item", 0, 0, 100, 30),
              ("icon", "item", 100, 0, 100, 24)])


@test
def fit_measurement_errors():
    # READING R13: a missing --wrap while measuring is the layout's error (itemIncomplete at t)
    t = W("t")
    assert error(N("vgroup", "col", t), 100, None, fit="height") == ("itemIncomplete", t)
    # the root's width with safeArea is negative: outOfSpace at the root, before measuring
    root = N("vgroup", "col", W("t"), safeArea=True)
    assert error(root, 30, None, fit="height", insets=(0, 20, 0, 20)) == ("outOfSpace", root)
    # an hgroup root measuring its height at a width where it cannot shrink enough
    g = N("hgroup", "row", N("item", "a", width=300), N("item", "b", height=10))
    assert error(g, 200, None, fit="height") == ("outOfSpace", g)


# ------------------------------------------------------------------ property sweep

_CACHE = {}


def _cases(count, seed="sweep7"):
    """random --spec7 cases of fuzz.py without static or usage errors (made once per seed)"""
    import fuzz
    if (seed, count) not in _CACHE:
        fuzz.SECTION6 = fuzz.SECTION7 = True
        try:
            made = [(idx, fuzz.make_case(seed, idx, 0.0)) for idx in range(count)]
        finally:
            fuzz.SECTION6 = fuzz.SECTION7 = False
        _CACHE[(seed, count)] = [(i, c) for i, c in made if c.usage is None]
    for idx, case in _CACHE[(seed, count)]:
        yield fuzz, idx, case


def _kw(case):
    return dict(insets=case.insets, dyn_sizes=case.dyn, hidden=case.hidden, wrap_models=case.wrap)


@test
def sweep_shrink_floors_and_fill():
    """after shrinking, no child is below its floor and the slots + spacing fill the extent"""
    groups = floors = framed = 0
    for fuzz, idx, case in _cases(1500):
        for lay in case.layouts:
            trace = []
            res = compute(lay, case.W, case.H, trace=trace, **_kw(case))
            shrunk = {}
            for rec in trace:
                if rec[0] != "shrink":
                    continue
                _, g, ext, spacing, m, kids = rec
                shrunk[id(g)] = rec
                # the loop's own result (every shrink, also in a layout that fails later):
                # within [floor, B], and the sizes add up to what the extent leaves
                for c, B, floor, size, is_fit in kids:
                    floors += 1
                    assert size >= floor - 1e-9 and size <= B + 1e-9, (idx, c, B, floor, size)
                groups += 1
            if res[0] != "frames":
                continue
            by_name = {f[0]: f for f in res[1]}
            # the frames of groups that shrank, where every shown child is named
            for g, parent, ctx in fuzz.walk(lay.root):
                if id(g) not in shrunk or g.name is None or g.name not in by_name:
                    continue
                kids = [c for c in g.children if not (c.props.get("optional") is True and c.name in case.hidden)]
                if not kids or any(c.name is None or c.name not in by_name for c in kids):
                    continue
                hor = g.kind == "hgroup"
                gf = by_name[g.name]
                pad = g.props.get("padding", 0)
                pad = pad if isinstance(pad, list) else [pad] * 4
                ext = (gf[4] - pad[1] - pad[3]) if hor else (gf[5] - pad[0] - pad[2])
                m = float(g.props.get("margin", 0))
                s = float(g.props.get("spacing", 0))
                total = sum(by_name[c.name][4 if hor else 5] + m for c in kids) + s * (len(kids) - 1)
                assert abs(total - ext) <= 1e-9 * max(1.0, ext), (idx, g, total, ext)
                for c in kids:
                    lo = fuzz.BOUND_KEYS["w" if hor else "h"][0]
                    if float(c.props.get("shrink", 0)) > 0:
                        size = by_name[c.name][4 if hor else 5]
                        assert size >= float(c.props.get(lo, 0)) - 1e-9, (idx, c.name, size)
                framed += 1
    assert groups > 100 and floors > 200 and framed > 20, (groups, floors, framed)


@test
def sweep_fitted_layout_equals_ordinary_layout_of_that_size():
    import copy
    fitted = 0
    kinds = set()
    for fuzz, idx, case in _cases(1500):
        for lay in case.layouts:
            if lay.fit is None:
                continue
            res = compute(lay, case.W, case.H, **_kw(case))
            if res[0] != "frames":
                continue
            fw, fh = res[2]
            plain = copy.copy(lay)
            plain.fit = None
            for direction in ("ltr", "rtl"):
                a = compute(lay, case.W, case.H, direction=direction, **_kw(case))
                b = compute(plain, fw, fh, direction=direction, **_kw(case))
                assert b[0] == "frames" and len(b) == 2, (idx, b[:3])
                same(a[1], b[1])
            # the fitted axis: the given number is not used
            other = compute(lay, case.W + 17 if lay.fit == "width" else case.W,
                            case.H + 23 if lay.fit == "height" else case.H, **_kw(case))
            if lay.fit != "both":
                assert other[0] == "frames" and other[2][0 if lay.fit == "width" else 1] == \
                    res[2][0 if lay.fit == "width" else 1], (idx, other[:3], res[2])
            fitted += 1
            kinds.add(lay.fit)
    assert fitted > 30 and kinds == {"height", "width", "both"}, (fitted, kinds)


@test
def sweep_wrap_height_is_the_measure_at_its_width():
    from reference import Engine
    checked = 0
    for fuzz, idx, case in _cases(1500):
        for lay in case.layouts:
            res = compute(lay, case.W, case.H, **_kw(case))
            if res[0] != "frames":
                continue
            by_name = {f[0]: f for f in res[1]}
            eng = Engine(0, 0, (0, 0, 0, 0), {}, wrap_models=case.wrap)
            for n, parent, ctx in fuzz.walk(lay.root):
                if n.props.get("dynamic") != "wrap" or n.name not in by_name:
                    continue
                p = n.props
                own_h = ("height" in p and p["height"] != "fit") or (ctx == "vgroup" and (
                    "percent" in p or "flexible" in p)) or (ctx == "overlay" and "top" in p and "bottom" in p)
                if own_h or "minHeight" in p or "maxHeight" in p:
                    continue
                if ctx == "vgroup" and float(p.get("shrink", 0)) > 0:
                    continue        # READING R14: it gives way on its height
                w, h = by_name[n.name][4:6]
                assert abs(eng.wrap_measure(n, w)[1] - h) <= 1e-9, (idx, n.name, w, h, case.wrap[n.name])
                own_w = ("width" in p and p["width"] != "fit") or \
                    (ctx == "overlay" and "leading" in p and "trailing" in p)
                if "minWidth" not in p and "maxWidth" not in p and ctx != "hgroup" and not own_w:
                    # offered a width, it takes cw of it: never wider than its natural width
                    assert w <= case.wrap[n.name][0] + 1e-9, (idx, n.name, w)
                checked += 1
    assert checked > 50, checked


def static7_problems(lay, walk, measurable):
    """the section 7.1-7.3 static rules that a generated file without an injected error must
    keep: a list of (node or layout, what is wrong)"""
    out = []
    num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)  # noqa: E731
    for n, parent, ctx in walk(lay.root):
        p = n.props
        nm = "%s %s" % (n.kind, n.name)
        if "shrink" in p:
            if ctx not in ("hgroup", "vgroup"):
                out.append((n, "shrink outside a group " + nm))
            else:
                main = "w" if ctx == "hgroup" else "h"
                mkey = "width" if main == "w" else "height"
                content = n.kind == "item" and p.get("dynamic") in (True, "wrap")
                fixed = "size" in p or num(p.get(mkey))
                fit = p.get(mkey) == "fit" or (content and mkey not in p and "percent" not in p
                                                and "flexible" not in p)
                if not (fixed or fit) or "percent" in p or "flexible" in p or "aspect" in p:
                    out.append((n, "shrink on a child without a fixed or fit main size " + nm))
            if not num(p["shrink"]) or p["shrink"] < 0:
                out.append((n, "bad shrink value " + nm))
        if p.get("dynamic") == "wrap":
            if n.kind != "item" or ctx in ("root", "flow") or n.name is None:
                out.append((n, "wrap misplaced or anonymous " + nm))
            if "aspect" in p or "size" in p:
                out.append((n, "wrap with aspect or size " + nm))
            own = set()
            for axis, key, lo, hi in (("w", "width", "leading", "trailing"), ("h", "height", "top", "bottom")):
                if key in p and p[key] != "fit":
                    own.add(axis)
                if ctx == "overlay" and lo in p and hi in p:
                    own.add(axis)
            if ctx in ("hgroup", "vgroup") and ("percent" in p or "flexible" in p):
                own.add("w" if ctx == "hgroup" else "h")
            if len(own) > 1:
                out.append((n, "wrap with two own sizes " + nm))
            if ctx == "overlay":
                for axis, lo, hi, mid in (("w", "leading", "trailing", "centerX"), ("h", "top", "bottom", "centerY")):
                    a, b = lo in p, hi in p
                    c = mid in p or p.get("center") is True
                    key = "width" if axis == "w" else "height"
                    sized = num(p.get(key)) or axis not in own
                    if (c and (a or b)) or (a and b and num(p.get(key))):
                        out.append((n, "wrap overlay anchor conflict %s (%s)" % (nm, axis)))
                    if sized and not (a or b or c):
                        out.append((n, "wrap overlay without position %s (%s)" % (nm, axis)))
                    if sized and a and b:
                        out.append((n, "wrap overlay size with two anchors %s (%s)" % (nm, axis)))
    fit = lay.fit
    if fit is not None:
        root = lay.root
        if fit not in ("height", "width", "both"):
            out.append((lay, "bad fit value %r" % (fit,)))
        elif root.kind == "flow":
            if fit != "height":
                out.append((lay, "fit %s on a flow" % fit))
        elif root.kind not in ("hgroup", "vgroup"):
            out.append((lay, "fit on a root %s" % root.kind))
        else:
            for axis in (("w",) if fit == "width" else ("h",) if fit == "height" else ("w", "h")):
                if not measurable(root, axis):
                    out.append((lay, "root cannot measure %s" % axis))
    return out


@test
def generated_spec7_files_are_statically_valid():
    seen = set()
    for fuzz, idx, case in _cases(600, "valid7"):
        gen = fuzz.Gen(None)
        for lay in case.layouts:
            probs = static7_problems(lay, fuzz.walk, gen.measurable)
            assert not probs, (idx, [m for _, m in probs], case.text)
            # section 6's rules hold too, except where 7.1 changes them for wrap items
            wraps = {"item %s" % n.name for n, _, _ in fuzz.walk(lay.root) if n.props.get("dynamic") == "wrap"}
            probs6 = [m for m in static6_problems(lay.root, fuzz.walk)
                      if not any(m.endswith(w) or (w + " (") in m for w in wraps)]
            assert not probs6, (idx, probs6, case.text)
            for n, _, _ in fuzz.walk(lay.root):
                if "shrink" in n.props:
                    seen.add("shrink")
                if n.props.get("dynamic") == "wrap":
                    seen.add("wrap")
            if lay.fit:
                seen.add("fit:" + lay.fit)
    assert seen == {"shrink", "wrap", "fit:height", "fit:width", "fit:both"}, seen


@test
def injected_spec7_errors_point_at_their_key():
    # the expected line and column of every section 7 injection is the key's (or the kind key's)
    # place in the written YAML; the layout's `fit` key included
    import fuzz
    fuzz.SECTION6 = fuzz.SECTION7 = True
    seen = set()
    try:
        for idx in range(800):
            case = fuzz.make_case("points7", idx, 1.0)
            if not case.static or not case.static[0].startswith("s7_"):
                continue
            name, code, node, key, _ = case.static
            line, col = node.key_pos[key] if key else (node.line, node.col)
            text = case.text.splitlines()[line - 1][col - 1:]
            want = key if key else node.kind
            assert text.startswith(want + ":"), (idx, name, line, col, text)
            seen.add(name)
    finally:
        fuzz.SECTION6 = fuzz.SECTION7 = False
    assert len(seen) == len(fuzz.INJECTIONS7), sorted(set(fuzz.INJECTIONS7) - seen)


@test
def injected_cases_have_no_other_section7_problem():
    # an injection (of any section) leaves the rest of the file valid for section 7: every
    # problem the checker finds is at the injected node (or, for `fit`, the layout)
    import fuzz
    fuzz.SECTION6 = fuzz.SECTION7 = True
    names = set()
    try:
        for idx in range(600):
            case = fuzz.make_case("others7", idx, 1.0)
            if not case.static:
                continue
            name, code, node, key, _ = case.static
            names.add(name)
            gen = fuzz.Gen(None)

            def measurable(n, axis):
                try:
                    return gen.measurable(n, axis)
                except (TypeError, ValueError):
                    return True     # an injected bad value below the root: not at stake
            for lay in case.layouts:
                probs = [m for n, m in static7_problems(lay, fuzz.walk, measurable) if n is not node]
                assert not probs, (idx, name, probs, case.text)
    finally:
        fuzz.SECTION6 = fuzz.SECTION7 = False
    assert len([n for n in names if n.startswith("s7_")]) >= 9, sorted(names)


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
