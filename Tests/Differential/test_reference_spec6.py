#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for each rule of docs/format.md
section 6 (content-sized items, hidden nodes, direction, min/max sizes, aspect ratio).

Every expected frame below is computed by hand from the format's text, with the arithmetic in
a comment, not by running the reference.  Run: python3 Tests/Differential/test_reference_spec6.py
(the last line is `N passed, N failed`; exit status 1 if any failed).  A final sweep checks
two properties on random --spec6 layouts of fuzz.py: clamped sizes stay within their bounds,
and rtl frames are the ltr frames mirrored (mirroring twice gives the ltr frames back).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Layout, compute  # noqa: E402
from reference_harness import collector, run_tests, N, same  # noqa: E402

TESTS, test = collector()


def frames(root, W, H, **kw):
    res = compute(Layout("T", root), W, H, **kw)
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    return res[1]


def error(root, W, H, **kw):
    res = compute(Layout("T", root), W, H, **kw)
    assert res[0] == "error", "expected an error, got frames %r" % (res[1],)
    return res[1], res[2]


# ------------------------------------------------------------------ 6.4 freeze loop

@test
def freeze_loop_min_and_max():
    # hgroup 300 x 100, a: flex 1 max 50, b: flex 1, c: flex 2 min 180.  R = 300.
    # pass 1: s = 75, 75, 150; c = 50, 75, 180; V = -25 + 0 + 30 = +5 > 0: freeze c at 180
    # pass 2: (300 - 180) = 120 over weights 2: s = 60, 60; c = 50, 60; V = -10: freeze a at 50
    # pass 3: 300 - 180 - 50 = 70: b = 70, V = 0.  x: 0, 50, 120
    root = N("hgroup", "row",
             N("item", "a", flexible=1, maxWidth=50),
             N("item", "b"),
             N("item", "c", flexible=2, minWidth=180))
    same(frames(root, 300, 100), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("a", "item", 0, 0, 50, 100),
        ("b", "item", 50, 0, 70, 100),
        ("c", "item", 120, 0, 180, 100)])


@test
def freeze_loop_two_maxes_vgroup():
    # vgroup 50 x 200, spacing 10: free = 200 - 2 * 10 = 180.
    # pass 1: weights 1, 1, 2: s = 45, 45, 90; c = 20, 30, 90; V = -25 - 15 = -40 < 0:
    #   freeze x at 20, y at 30.  pass 2: z = 180 - 50 = 130.
    # y: x 0, y 20 + 10 = 30, z 30 + 30 + 10 = 70
    root = N("vgroup", "col",
             N("item", "x", maxHeight=20),
             N("item", "y", maxHeight=30),
             N("item", "z", flexible=2), spacing=10)
    same(frames(root, 50, 200), [
        ("col", "vgroup", 0, 0, 50, 200),
        ("x", "item", 0, 0, 50, 20),
        ("y", "item", 0, 30, 50, 30),
        ("z", "item", 0, 70, 50, 130)])


@test
def mins_overflow_is_out_of_space_at_group():
    # hgroup 100: p = clamp(50% of 100) = max(80, 50) = 80; R = 20; q: s = 20, c = 30: frozen
    # at 30; 80 + 30 = 110 > 100 -> outOfSpace at the group (6.4.3)
    g = N("hgroup", "row", N("item", "p", percent=50, minWidth=80), N("item", "q", minWidth=30))
    code, node = error(g, 100, 10)
    assert (code, node) == ("outOfSpace", g), (code, node)


@test
def max_leaves_space_at_end():
    # hgroup 200: b fixed 20, free = 180; a = clamp(180) = 50; 130 stays empty at the end
    root = N("hgroup", "row", N("item", "a", maxWidth=50), N("item", "b", width=20))
    same(frames(root, 200, 40), [
        ("row", "hgroup", 0, 0, 200, 40),
        ("a", "item", 0, 0, 50, 40),
        ("b", "item", 50, 0, 20, 40)])


@test
def percent_is_clamped():
    # hgroup 200: p = clamp(50/100 * 200 = 100) = 60; R = 200 - 60 = 140 for f
    root = N("hgroup", "row", N("item", "p", percent=50, maxWidth=60), N("item", "f"))
    same(frames(root, 200, 10), [
        ("row", "hgroup", 0, 0, 200, 10),
        ("p", "item", 0, 0, 60, 10),
        ("f", "item", 60, 0, 140, 10)])


@test
def bounded_child_with_margin_keeps_its_clamped_size():
    # READING R1 (reference.py): hgroup 200, margin 10.  R = 200; pass 1: s = 100, 100;
    # a's slot clamp: 10 + clamp(100 - 10 = 90) = 10 + 50 = 60; V = -40: freeze a's slot at 60.
    # b's slot = 140.  a: x = 0 + 5, w = 60 - 10 = 50 (its clamped size); b: x = 60 + 5 = 65,
    # w = 140 - 10 = 130
    root = N("hgroup", "row", N("item", "a", maxWidth=50), N("item", "b"), margin=10)
    same(frames(root, 200, 10), [
        ("row", "hgroup", 0, 0, 200, 10),
        ("a", "item", 5, 0, 50, 10),
        ("b", "item", 65, 0, 130, 10)])


@test
def cross_axis_clamp_is_placed_by_align():
    # hgroup 100 x 100, align center: a's fill height 100 clamped to 60 -> y = (100 - 60) / 2
    # = 20; b: min 30 over a fill of 100 -> 100 (no change), y = 0
    root = N("hgroup", "row", N("item", "a", width=40, maxHeight=60),
             N("item", "b", width=40, minHeight=30), align="center")
    same(frames(root, 100, 100), [
        ("row", "hgroup", 0, 0, 100, 100),
        ("a", "item", 0, 20, 40, 60),
        ("b", "item", 40, 0, 40, 100)])


@test
def cross_axis_min_over_extent_is_out_of_space():
    # a fill child's min 120 > inner cross extent 100: outOfSpace at the group (6.4)
    g = N("hgroup", "row", N("item", "a", width=40, minHeight=120))
    assert error(g, 100, 100) == ("outOfSpace", g)


@test
def flow_fit_is_clamped():
    # vgroup 100 x 300: flow height fit: content = 0 + 10 (one line of one 10 x 10 element)
    # = 10; clamped by min 50 -> 50.  The element is at the flow's inner top-left.
    root = N("vgroup", "col", N("flow", "tags", N("item", "i", size=[10, 10]),
                                height="fit", minHeight=50, spacing=[0, 0]))
    same(frames(root, 100, 300), [
        ("col", "vgroup", 0, 0, 100, 300),
        ("tags", "flow", 0, 0, 100, 50),
        ("i", "item", 0, 0, 10, 10)])


@test
def flow_clamped_below_content_is_out_of_space():
    # the same flow with maxHeight 5: its height 5 < content 10 -> outOfSpace at the flow
    f = N("flow", "tags", N("item", "i", size=[10, 10]), height="fit", maxHeight=5, spacing=[0, 0])
    assert error(N("vgroup", "col", f), 100, 300) == ("outOfSpace", f)


@test
def overlay_clamp_leading_wins():
    # overlay 300 x 200.  bar: leading 10 + trailing 20 -> width 270, clamped to 100, x = 0 + 10
    # (leading wins); height 10 at top 0.  full: no anchors: fills, width clamp(300) = 50,
    # height clamp(200) with min 250 = 250; x = minX, y = minY.
    root = N("overlay", "ov",
             N("item", "bar", leading=10, trailing=20, maxWidth=100, top=0, height=10),
             N("item", "full", maxWidth=50, minHeight=250))
    same(frames(root, 300, 200), [
        ("ov", "overlay", 0, 0, 300, 200),
        ("bar", "item", 10, 0, 100, 10),
        ("full", "item", 0, 0, 50, 250)])


@test
def overlay_negative_width_before_clamping():
    # 300 - 200 - 200 = -100 < 0: outOfSpace at the child, whatever its minWidth
    c = N("item", "neg", leading=200, trailing=200, minWidth=10, top=0, height=5)
    assert error(N("overlay", "ov", c), 300, 200) == ("outOfSpace", c)


# ------------------------------------------------------------------ 6.1 content sizes

@test
def content_sized_items_in_a_vgroup():
    # vgroup 100 x 300.  lbl: content 80 x 30, maxWidth 60: width = fit = clamp(80) = 60,
    # height = fit = 30 -> (0, 0, 60, 30).  title: width: flexible fills 100, height = content
    # 20 -> (0, 30, 100, 20).  rest: flexible, 300 - 30 - 20 = 250 -> (0, 50, 100, 250)
    root = N("vgroup", "col",
             N("item", "lbl", dynamic=True, maxWidth=60),
             N("item", "title", dynamic=True, width="flexible"),
             N("item", "rest"))
    same(frames(root, 100, 300, dyn_sizes={"lbl": [(80, 30)], "title": [(300, 20)]}), [
        ("col", "vgroup", 0, 0, 100, 300),
        ("lbl", "item", 0, 0, 60, 30),
        ("title", "item", 0, 30, 100, 20),
        ("rest", "item", 0, 50, 100, 250)])


@test
def group_fit_counts_a_content_sized_child():
    # vgroup 200 x 300.  row: hgroup width fit, height 50, spacing 5: icon 20 + label's content
    # 70 + 5 = 95.  In row: icon (0, 0, 20, 50) fills the height; label at x = 25, width 70,
    # height = content 15 at the top (align leading)
    root = N("vgroup", "col",
             N("hgroup", "row", N("item", "icon", width=20), N("item", "label", dynamic=True),
               width="fit", height=50, spacing=5))
    same(frames(root, 200, 300, dyn_sizes={"label": [(70, 15)]}), [
        ("col", "vgroup", 0, 0, 200, 300),
        ("row", "hgroup", 0, 0, 95, 50),
        ("icon", "item", 0, 0, 20, 50),
        ("label", "item", 25, 0, 70, 15)])


@test
def content_sized_overlay_children():
    # overlay 300 x 200.  lbl: content 50 x 20, centerX 0 -> x = 150 - 25 = 125, top 5.
    # lbl2: width: flexible with leading 10 + trailing 10 -> 280; height = content 20 at
    # bottom 0 -> y = 200 - 20 = 180
    root = N("overlay", "ov",
             N("item", "lbl", dynamic=True, centerX=0, top=5),
             N("item", "lbl2", dynamic=True, width="flexible", leading=10, trailing=10, bottom=0))
    same(frames(root, 300, 200, dyn_sizes={"lbl": [(50, 20)], "lbl2": [(999, 20)]}), [
        ("ov", "overlay", 0, 0, 300, 200),
        ("lbl", "item", 125, 5, 50, 20),
        ("lbl2", "item", 10, 180, 280, 20)])


@test
def content_size_not_given_is_item_incomplete():
    it = N("item", "lbl", dynamic=True)
    assert error(N("vgroup", "col", it), 100, 100) == ("itemIncomplete", it)


# ------------------------------------------------------------------ 6.2 hidden nodes

@test
def hidden_node_siblings_as_if_absent():
    # hgroup 300 x 50, spacing 10: a 100, b hidden, c flexible.  Shown: a, c (n = 2):
    # free = 300 - 10 - 100 = 190; c at 100 + 10 = 110.  b and everything in it is left out,
    # and nothing inside b is checked (its dynamic item has no size, its child is too wide).
    b = N("vgroup", "b", N("item", "inner", dynamic=True), N("item", "wide", width=5000),
          width=50, optional=True)
    root = N("hgroup", "row", N("item", "a", width=100), b, N("item", "c"), spacing=10)
    same(frames(root, 300, 50, hidden={"b"}), [
        ("row", "hgroup", 0, 0, 300, 50),
        ("a", "item", 0, 0, 100, 50),
        ("c", "item", 110, 0, 190, 50)])


@test
def shown_optional_node_takes_its_space():
    # the same without hiding: free = 300 - 2 * 10 - 100 - 50 = 130; c at 100+10+50+10 = 170
    root = N("hgroup", "row", N("item", "a", width=100), N("item", "b", width=50, optional=True),
             N("item", "c"), spacing=10)
    same(frames(root, 300, 50), [
        ("row", "hgroup", 0, 0, 300, 50),
        ("a", "item", 0, 0, 100, 50),
        ("b", "item", 110, 0, 50, 50),
        ("c", "item", 170, 0, 130, 50)])


@test
def cross_fit_of_hidden_children_is_padding():
    # vgroup 200 x 400: bar is an hgroup of height fit, padding 7; its only sized child x is
    # hidden -> height = padding 7 + 7 = 14.  y fills: inner rect (7, 7, 186, 0)
    root = N("vgroup", "col",
             N("hgroup", "bar", N("item", "x", height=30, optional=True), N("item", "y"),
               height="fit", padding=7))
    same(frames(root, 200, 400, hidden={"x"}), [
        ("col", "vgroup", 0, 0, 200, 400),
        ("bar", "hgroup", 0, 0, 200, 14),
        ("y", "item", 7, 7, 186, 0)])


@test
def hidden_flow_item_gives_no_elements():
    # flow 65 wide, spacing [5, 5]: a (30) and c (30): 30 + 5 + 30 = 65 <= 65, one line
    root = N("flow", "f", N("item", "a", size=[30, 10]),
             N("item", "b", size=[30, 10], optional=True),
             N("item", "c", size=[30, 10]), spacing=[5, 5])
    same(frames(root, 65, 20, hidden={"b"}), [
        ("f", "flow", 0, 0, 65, 20),
        ("a", "item", 0, 0, 30, 10),
        ("c", "item", 35, 0, 30, 10)])


@test
def hidden_child_skipped_by_main_axis_fit():
    # vgroup 200 x 300: row is an hgroup of width fit, spacing 10: a 30, b hidden, c 20 ->
    # 30 + 20 + 10 x (2 - 1) = 60.  a (0, 0, 30, 40), c at 30 + 10 = 40
    root = N("vgroup", "col",
             N("hgroup", "row", N("item", "a", width=30), N("item", "b", width=50, optional=True),
               N("item", "c", width=20), width="fit", height=40, spacing=10))
    same(frames(root, 200, 300, hidden={"b"}), [
        ("col", "vgroup", 0, 0, 200, 300),
        ("row", "hgroup", 0, 0, 60, 40),
        ("a", "item", 0, 0, 30, 40),
        ("c", "item", 40, 0, 20, 40)])


@test
def hidden_dynamic_flow_item_needs_no_sizes():
    # d is hidden: no sizes needed, no elements.  a at the flow's inner top-left
    root = N("flow", "f", N("item", "a", size=[10, 10]), N("item", "d", dynamic=True, optional=True))
    same(frames(root, 100, 50, hidden={"d"}), [
        ("f", "flow", 0, 0, 100, 50),
        ("a", "item", 0, 0, 10, 10)])


@test
def content_sized_item_with_percent():
    # hgroup 200 x 100: lbl's own main size is percent 25 -> 0.25 x 200 = 50; its height is
    # its content 30 (cross fit), at the top.  rest: 200 - 50 = 150 at x = 50
    root = N("hgroup", "row", N("item", "lbl", dynamic=True, percent=25), N("item", "rest"))
    same(frames(root, 200, 100, dyn_sizes={"lbl": [(80, 30)]}), [
        ("row", "hgroup", 0, 0, 200, 100),
        ("lbl", "item", 0, 0, 50, 30),
        ("rest", "item", 50, 0, 150, 100)])


@test
def fit_with_min_and_margin():
    # hgroup 200 x 20, margin 10: d's fit width = clamp(content 30) with min 50 = 50, slot
    # 50 + 10 = 60, so d keeps 50 at x = 5; its height is its content 10.  e: slot 200 - 60 =
    # 140, x = 60 + 5 = 65, width 130
    root = N("hgroup", "row", N("item", "d", dynamic=True, minWidth=50), N("item", "e"), margin=10)
    same(frames(root, 200, 20, dyn_sizes={"d": [(30, 10)]}), [
        ("row", "hgroup", 0, 0, 200, 20),
        ("d", "item", 5, 0, 50, 10),
        ("e", "item", 65, 0, 130, 20)])


@test
def group_fit_clamped_by_its_own_bounds():
    # hgroup 300 x 50: inner is a vgroup of width fit = 100 (its child x), clamped by its
    # min 150 -> 150; rest gets 300 - 150 = 150.  x (0, 0, 100, 10) at inner's top-left
    root = N("hgroup", "row",
             N("vgroup", "inner", N("item", "x", width=100, height=10), width="fit", minWidth=150),
             N("item", "rest"))
    same(frames(root, 300, 50), [
        ("row", "hgroup", 0, 0, 300, 50),
        ("inner", "vgroup", 0, 0, 150, 50),
        ("x", "item", 0, 0, 100, 10),
        ("rest", "item", 150, 0, 150, 50)])
    # with maxWidth 40 instead: inner is 40 wide and x (100) is wider: outOfSpace at inner
    inner = N("vgroup", "inner", N("item", "x", width=100, height=10), width="fit", maxWidth=40)
    assert error(N("hgroup", "row", inner, N("item", "rest")), 300, 50) == ("outOfSpace", inner)


@test
def overlay_width_derived_from_number_height():
    # overlay 300 x 200: height 40 is the source, width = 40 x 2.5 = 100 at leading 20;
    # y = 200 - 10 - 40 = 150.  With minWidth 120 the derived width is clamped to 120.
    root = N("overlay", "ov", N("item", "h", height=40, bottom=10, leading=20, aspect=2.5),
             N("item", "m", height=40, bottom=10, leading=20, aspect=2.5, minWidth=120))
    same(frames(root, 300, 200), [
        ("ov", "overlay", 0, 0, 300, 200),
        ("h", "item", 20, 150, 100, 40),
        ("m", "item", 20, 150, 120, 40)])


# ------------------------------------------------------------------ 6.3 direction

@test
def rtl_mirrors_and_twice_is_identity():
    # container 300 x 200, safe area top 0, leading 30, bottom 0, trailing 10, root with
    # safeArea: ltr root (30, 0, 260, 200), rtl x = 300 - 30 - 260 = 10.
    # badge leading 10 top 5, 40 x 20: ltr x = 30 + 10 = 40; rtl x = 300 - 40 - 40 = 220.
    root = N("overlay", "ov", N("item", "badge", size=[40, 20], leading=10, top=5), safeArea=True)
    ltr = frames(root, 300, 200, insets=(0, 30, 0, 10))
    rtl = frames(root, 300, 200, insets=(0, 30, 0, 10), direction="rtl")
    same(ltr, [("ov", "overlay", 30, 0, 260, 200), ("badge", "item", 40, 5, 40, 20)])
    same(rtl, [("ov", "overlay", 10, 0, 260, 200), ("badge", "item", 220, 5, 40, 20)])
    twice = [(n, k, 300 - x - w, y, w, h) for n, k, x, y, w, h in rtl]
    same(twice, ltr)


@test
def rtl_justified_rounding_after_mirroring():
    # flow 100.5 wide, justified, spacing [10, 10]: a 30.3, b 20.2 on one line (60.5 <= 100.5)
    # g = (100.5 - 50.5) / 1 = 50: a x = 0, b x = 30.3 + 50 = 80.3 (ends at 100.5).
    # ltr integral: a (0, 0, ceil 30.3 = 31, 10); b floor 80.3 = 80, ceil 100.5 - 80 = 21.
    # rtl mirror first: a x = 100.5 - 0 - 30.3 = 70.2 -> floor 70, ceil(100.5) - 70 = 31;
    # b x = 100.5 - 80.3 - 20.2 = 0 -> (0, 0, ceil 20.2 = 21, 10).
    # (rounding before mirroring would give a at 100.5 - 0 - 31 = 69.5: not integral.)
    # The flow's own frame is not rounded: 100.5 - 0 - 100.5 = 0.
    root = N("flow", "tags", N("item", "a", size=[30.3, 10]), N("item", "b", size=[20.2, 10]),
             justify=True, spacing=[10, 10])
    same(frames(root, 100.5, 30), [
        ("tags", "flow", 0, 0, 100.5, 30),
        ("a", "item", 0, 0, 31, 10),
        ("b", "item", 80, 0, 21, 10)])
    same(frames(root, 100.5, 30, direction="rtl"), [
        ("tags", "flow", 0, 0, 100.5, 30),
        ("a", "item", 70, 0, 31, 10),
        ("b", "item", 0, 0, 21, 10)])


@test
def rtl_errors_are_the_ltr_errors():
    g = N("hgroup", "row", N("item", "a", width=400))
    assert error(g, 300, 10, direction="rtl") == error(g, 300, 10) == ("outOfSpace", g)


# ------------------------------------------------------------------ 6.5 aspect

@test
def aspect_in_hgroup():
    # hgroup 300 x 100: video's height fills 100 -> width 100 x 1.5 = 150 (a fixed size);
    # side: free = 300 - 150 = 150.  With maxWidth 120: video 120, side 180.
    root = N("hgroup", "row", N("item", "video", aspect=1.5), N("item", "side"))
    same(frames(root, 300, 100), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("video", "item", 0, 0, 150, 100),
        ("side", "item", 150, 0, 150, 100)])
    root = N("hgroup", "row", N("item", "video", aspect=1.5, maxWidth=120), N("item", "side"))
    same(frames(root, 300, 100), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("video", "item", 0, 0, 120, 100),
        ("side", "item", 120, 0, 180, 100)])


@test
def aspect_in_vgroup():
    # vgroup 200 x 500, align center: img width 100 -> height 100 / 2 = 50, x = (200-100)/2
    # = 50; body: 500 - 50 = 450 at y = 50, fills the width
    root = N("vgroup", "col", N("item", "img", width=100, aspect=2), N("item", "body"),
             align="center")
    same(frames(root, 200, 500), [
        ("col", "vgroup", 0, 0, 200, 500),
        ("img", "item", 50, 0, 100, 50),
        ("body", "item", 0, 50, 200, 450)])


@test
def aspect_in_vgroup_with_margin_keeps_its_size():
    # vgroup 200 x 500, margin 10: pic fills the width 200 -> height 200 / 4 = 50, slot 60,
    # y = 0 + 5; rest: slot 500 - 60 = 440 -> y = 60 + 5 = 65, height 430
    root = N("vgroup", "col", N("item", "pic", aspect=4), N("item", "rest"), margin=10)
    same(frames(root, 200, 500), [
        ("col", "vgroup", 0, 0, 200, 500),
        ("pic", "item", 0, 5, 200, 50),
        ("rest", "item", 0, 65, 200, 430)])


@test
def aspect_in_flow():
    # flow 100 wide, spacing [10, 5]: sq width 20 -> height 20 / 0.5 = 40; wide height 10 ->
    # width 10 x 3 = 30, two elements.  20 + 10 + 30 = 60, + 10 + 30 = 100 <= 100: one line
    # at x = 0, 30, 70
    root = N("flow", "f", N("item", "sq", width=20, aspect=0.5),
             N("item", "wide", height=10, aspect=3, count=2), spacing=[10, 5])
    same(frames(root, 100, 100), [
        ("f", "flow", 0, 0, 100, 100),
        ("sq", "item", 0, 0, 20, 40),
        ("wide[0]", "item", 30, 0, 30, 10),
        ("wide[1]", "item", 70, 0, 30, 10)])


@test
def aspect_in_overlay():
    # overlay 300 x 200.
    # a: width source 100 -> height 100 / 2 = 50, at leading 10, top 20.
    # b: height source top 10 + bottom 30 -> 160; width derived 160 x 0.5 = 80 at trailing 5:
    #    x = 300 - 5 - 80 = 215.
    # c: no source: width fills 300, height 300 / 3 = 100 at bottom 0: y = 200 - 100 = 100.
    # d: width 100 -> height 100, clamped by maxHeight 40 (the ratio gives way); centred:
    #    x = 150 - 50 = 100, y = 100 - 20 = 80
    root = N("overlay", "ov",
             N("item", "a", width=100, leading=10, top=20, aspect=2),
             N("item", "b", top=10, bottom=30, trailing=5, aspect=0.5),
             N("item", "c", bottom=0, aspect=3),
             N("item", "d", width=100, center=True, aspect=1, maxHeight=40))
    same(frames(root, 300, 200), [
        ("ov", "overlay", 0, 0, 300, 200),
        ("a", "item", 10, 20, 100, 50),
        ("b", "item", 215, 10, 80, 160),
        ("c", "item", 0, 100, 300, 100),
        ("d", "item", 100, 80, 100, 40)])


@test
def hgroup_width_fit_with_aspect_child():
    # vgroup 400 x 300: bar hgroup width fit, height 60: thumb height 40 -> width 40 x 1.5 =
    # 60; t2 30; bar width = 60 + 30 = 90.  thumb at the top (align leading), t2 fills 60.
    root = N("vgroup", "col",
             N("hgroup", "bar", N("item", "thumb", height=40, aspect=1.5), N("item", "t2", width=30),
               width="fit", height=60))
    same(frames(root, 400, 300), [
        ("col", "vgroup", 0, 0, 400, 300),
        ("bar", "hgroup", 0, 0, 90, 60),
        ("thumb", "item", 0, 0, 60, 40),
        ("t2", "item", 60, 0, 30, 60)])


@test
def hgroup_width_fit_with_filling_aspect_child_is_incomplete():
    # the aspect child's height is no number: itemIncomplete at the aspect child (6.5)
    thumb = N("item", "thumb", aspect=1.5)
    root = N("vgroup", "col", N("hgroup", "bar", thumb, N("item", "t2", width=30), width="fit"))
    assert error(root, 400, 300) == ("itemIncomplete", thumb)


@test
def hgroup_height_fit_with_only_filling_aspect_child_is_incomplete():
    thumb = N("item", "thumb", aspect=1.5)
    root = N("vgroup", "col", N("hgroup", "bar", thumb, N("item", "t2"), height="fit"))
    assert error(root, 400, 300) == ("itemIncomplete", thumb)


@test
def vgroup_height_fit_derives_aspect_height_from_width():
    # hgroup 300 x 400: col vgroup width 100, height fit: pic fills the width 100 -> height
    # 100 / 2 = 50; cap 20; col height = 70, at the top.  pic (0, 0, 100, 50), cap (0, 50,
    # 100, 20)
    root = N("hgroup", "row",
             N("vgroup", "col", N("item", "pic", aspect=2), N("item", "cap", height=20),
               width=100, height="fit"))
    same(frames(root, 300, 400), [
        ("row", "hgroup", 0, 0, 300, 400),
        ("col", "vgroup", 0, 0, 100, 70),
        ("pic", "item", 0, 0, 100, 50),
        ("cap", "item", 0, 50, 100, 20)])


# ------------------------------------------------------------------ property sweep

def sweep(count=300):
    """bounds hold and rtl = mirror(ltr) on random --spec6 layouts"""
    import fuzz
    fuzz.SECTION6 = True
    bounded = checked = ratios = 0
    for idx in range(count):
        case = fuzz.make_case("selftest", idx, 0.0)
        if case.usage is not None:
            continue
        for lay in case.layouts:
            kw = dict(insets=case.insets, dyn_sizes=case.dyn, hidden=case.hidden)
            ltr = compute(lay, case.W, case.H, **kw)
            rtl = compute(lay, case.W, case.H, direction="rtl", **kw)
            if ltr[0] != "frames":
                assert rtl[0] == "error" and rtl[1:3] == ltr[1:3], (idx, ltr[:3], rtl[:3])
                continue
            checked += 1
            by_name = {n.name: n for n, _, _ in fuzz.walk(lay.root) if n.name is not None}
            justified = {it.name for n, _, _ in fuzz.walk(lay.root) if n.kind == "flow"
                         and n.props.get("justify") is True for it in n.children}
            unbounded = {n.name for n, _, _ in fuzz.walk(lay.root)
                         if not any(k in n.props for k in ("minWidth", "maxWidth", "minHeight", "maxHeight"))}
            for (name, kind, x, y, w, h), r in zip(ltr[1], rtl[1]):
                base = name.split("[")[0]
                if base not in justified:
                    assert abs((case.W - r[2] - r[4]) - x) <= 1e-9 and r[3:] == (y, w, h), \
                        (idx, name, (x, y, w, h), r)
                n = by_name.get(base)
                if n is None:
                    continue
                if "aspect" in n.props and base in unbounded and base not in justified:
                    ratios += 1     # 6.5: width / height = r where no bound gives way
                    assert abs(w - h * float(n.props["aspect"])) <= 1e-6 * max(1.0, w), \
                        (idx, name, w, h, n.props)
                for axis, v in (("w", w), ("h", h)):
                    lo, hi = fuzz.BOUND_KEYS[axis]
                    if lo in n.props or hi in n.props:
                        bounded += 1
                        assert float(n.props.get(lo, 0)) - 1e-9 <= v <= float(n.props.get(hi, 1e300)) + 1e-9, \
                            (idx, name, axis, v, n.props)
    assert checked > count // 3 and bounded > 50 and ratios > 20, (checked, bounded, ratios)


@test
def clamped_sizes_within_bounds_and_rtl_mirrors_ltr():
    sweep()


def static6_problems(root, walk):
    """the section 6 static rules (and the overlay anchor rules they touch) that a generated
    file without an injected error must keep"""
    out = []
    for n, parent, ctx in walk(root):
        p = n.props
        nm = "%s %s" % (n.kind, n.name)

        def num(v):
            return isinstance(v, (int, float)) and not isinstance(v, bool)

        def own_number(axis):
            return "size" in p or num(p.get("width" if axis == "w" else "height"))
        if p.get("optional") is True and (ctx == "root" or n.name is None or n.kind == "spacer"):
            out.append("optional on " + nm)
        for axis, (lo, hi) in (("w", ("minWidth", "maxWidth")), ("h", ("minHeight", "maxHeight"))):
            if lo in p or hi in p:
                if ctx in ("root", "flow") or own_number(axis):
                    out.append("bound on " + nm)
                if lo in p and hi in p and p[lo] > p[hi]:
                    out.append("min > max on " + nm)
        fit = p.get("width") == "fit" or p.get("height") == "fit"
        if p.get("dynamic") is True:
            if n.kind != "item" or ctx == "root":
                out.append("dynamic on " + nm)
            elif ctx == "flow":
                if any(k in p for k in ("size", "width", "height", "count", "aspect")):
                    out.append("dynamic flow item with a size " + nm)
            else:
                if n.name is None or "aspect" in p:
                    out.append("anonymous or aspect dynamic " + nm)
                own = set()
                if "size" in p:
                    own |= {"w", "h"}
                for axis, key in (("w", "width"), ("h", "height")):
                    if key in p and p[key] != "fit":
                        own.add(axis)
                if ctx in ("hgroup", "vgroup") and ("percent" in p or "flexible" in p):
                    own.add("w" if ctx == "hgroup" else "h")
                if len(own) > 1:
                    out.append("dynamic with two own sizes " + nm)
        if "aspect" in p:
            if ctx == "root" or fit:
                out.append("aspect on root or with fit " + nm)
            if ctx in ("hgroup", "vgroup"):
                mkey = "width" if ctx == "hgroup" else "height"
                if "size" in p or mkey in p or "percent" in p or "flexible" in p:
                    out.append("aspect with a main size " + nm)
            if ctx == "flow":
                if "size" in p or (("width" in p) == ("height" in p)):
                    out.append("aspect flow item without exactly one size " + nm)
        if ctx == "overlay":
            src = {}
            for axis, key, lo, hi, mid in (("w", "width", "leading", "trailing", "centerX"),
                                           ("h", "height", "top", "bottom", "centerY")):
                a, b = lo in p, hi in p
                c = mid in p or p.get("center") is True
                size = own_number(axis) or p.get(key) == "fit" or \
                    (p.get("dynamic") is True and key not in p and "size" not in p)
                src[axis] = own_number(axis) or (a and b)
                if (a and b and size) or (c and (a or b)):
                    out.append("overlay conflict on %s (%s)" % (nm, axis))
                if "aspect" not in p and size != (a or b or c) and not (a and b):
                    out.append("overlay anchor / size mismatch on %s (%s)" % (nm, axis))
            if "aspect" in p:
                if src["w"] and src["h"]:
                    out.append("aspect overlay with two sources " + nm)
                derived = "w" if (not src["w"] and src["h"]) else "h"
                lo, hi, mid = ("leading", "trailing", "centerX") if derived == "w" else ("top", "bottom", "centerY")
                anchors = (lo in p) + (hi in p) + (mid in p or p.get("center") is True)
                if anchors != 1:
                    out.append("aspect overlay: derived axis without one anchor " + nm)
                if not src["w"] and not src["h"]:
                    if ("leading" in p) + ("trailing" in p) + ("centerX" in p or p.get("center") is True):
                        out.append("aspect overlay: width without source has an anchor " + nm)
    return out


@test
def generated_spec6_files_are_statically_valid():
    import fuzz
    fuzz.SECTION6 = True
    for idx in range(600):
        case = fuzz.make_case("valid", idx, 0.0)
        for lay in case.layouts:
            probs = static6_problems(lay.root, fuzz.walk)
            assert not probs, (idx, probs, case.text)


@test
def injected_errors_point_at_their_key():
    # the expected line and column of every section 6 injection is the key's (or the kind
    # key's) place in the written YAML
    import fuzz
    fuzz.SECTION6 = True
    seen = set()
    for idx in range(400):
        case = fuzz.make_case("points", idx, 1.0)
        if not case.static or not case.static[0].startswith("s6_"):
            continue
        name, code, node, key, _ = case.static
        line, col = node.key_pos[key] if key else (node.line, node.col)
        text = case.text.splitlines()[line - 1][col - 1:]
        want = key if key else node.kind
        assert text.startswith(want + ":"), (idx, name, line, col, text)
        seen.add(name)
    assert len(seen) >= 15, sorted(seen)


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
