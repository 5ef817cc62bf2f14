#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for docs/format.md sections 8.3-8.4
(`alignSelf`: one child's cross alignment; `spaceBefore` / `spaceAfter`: space that belongs to
a child).

Every expected frame below is computed by hand from the format's text, with the arithmetic in
a comment, not by running the reference.  Run: python3 Tests/Differential/test_reference_spec8a.py
(the last line is `N passed, N failed`; exit status 1 if any failed).  A final sweep checks the
invariant of 8.4 on random groups: a child's `spaceBefore: a` / `spaceAfter: b` give the frames
of the same group with fixed spacers of a and b around the child, the group's spacing written
as fixed spacers too (spacing 0), and a hidden child's spaces are gone with it.
"""

import copy
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Layout, compute  # noqa: E402
from reference_harness import collector, run_tests, N, same  # noqa: E402

TESTS, test = collector()


def frames(root, W_, H_, **kw):
    res = compute(Layout("T", root), W_, H_, **kw)
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    return res[1]


# ------------------------------------------------------------------ 8.3 alignSelf

@test
def align_self_in_hgroup():
    # hgroup 300 x 100, padding 10 (inner 280 x 80 from (10, 10)), spacing 4, align center.
    # spaces 8 + 6 + 2 + 12 = 28; free = 280 - 8 - 28 - 70 = 174 (title).
    # icon x 10; title x 10 + 40 + 8 + 4 + 6 = 68; badge x 68 + 174 + 4 + 2 = 248.
    # icon leading y 10; title centred 10 + 30 = 40; badge trailing 10 + 80 - 30 = 60.
    root = N("hgroup", "row",
             N("item", "icon", size=[40, 40], alignSelf="leading", spaceAfter=8),
             N("item", "title", height=20, spaceBefore=6),
             N("item", "badge", size=[30, 30], alignSelf="trailing", spaceBefore=2, spaceAfter=12),
             padding=10, spacing=4, align="center")
    same(frames(root, 300, 100), [
        ("row", "hgroup", 0, 0, 300, 100),
        ("icon", "item", 10, 10, 40, 40),
        ("title", "item", 68, 40, 174, 20),
        ("badge", "item", 248, 60, 30, 30)])


@test
def align_self_fill_has_no_effect_but_a_clamped_fill_has():
    # vgroup 200 x 100, align trailing.  a: fill, alignSelf center: fills (x 0, 200).
    # b: maxWidth 120, alignSelf center: (200 - 120) / 2 = 40.  c: width 50: the group's trailing, 150.
    root = N("vgroup", "col",
             N("item", "a", height=10, alignSelf="center"),
             N("item", "b", height=10, maxWidth=120, alignSelf="center"),
             N("item", "c", height=10, width=50),
             N("spacer"), align="trailing")
    same(frames(root, 200, 100), [
        ("col", "vgroup", 0, 0, 200, 100),
        ("a", "item", 0, 0, 200, 10),
        ("b", "item", 40, 10, 120, 10),
        ("c", "item", 150, 20, 50, 10)])


@test
def align_self_rtl_mirrors():
    # vgroup 200 wide; a 50 wide alignSelf leading: ltr x 0, rtl 200 - 0 - 50 = 150
    root = N("vgroup", "col", N("item", "a", width=50, height=10, alignSelf="leading"))
    same(frames(root, 200, 100, direction="rtl"), [
        ("col", "vgroup", 0, 0, 200, 100),
        ("a", "item", 150, 0, 50, 10)])


# ------------------------------------------------------------------ 8.4 spaces

@test
def spaces_with_percent_flexible_margin():
    # hgroup 400, spacing 5, margin 8.  spaces 10 + 20 + 6 = 36; fixed 100;
    # free = 400 - 10 - 36 - 100 = 254; p = 127, f = 127.
    # fixed: slot from 10, frame 14, 92 wide; next 10 + 100 + 20 + 5 = 135.
    # p: slot 135, frame 139, 119; next 135 + 127 + 5 = 267.  f: slot 273, frame 277, 119.
    root = N("hgroup", "row",
             N("item", "fixed", width=100, spaceBefore=10, spaceAfter=20),
             N("item", "p", percent=50),
             N("item", "f", spaceBefore=6),
             spacing=5, margin=8)
    same(frames(root, 400, 50), [
        ("row", "hgroup", 0, 0, 400, 50),
        ("fixed", "item", 14, 0, 92, 50),
        ("p", "item", 139, 0, 119, 50),
        ("f", "item", 277, 0, 119, 50)])


@test
def hidden_child_takes_its_spaces():
    # hgroup 300: a 10; mid (hidden) 10 with 30 + 30; b 10 with spaceBefore 1: x 10 + 1 = 11
    root = N("hgroup", "row",
             N("item", "a", width=10),
             N("item", "mid", width=10, spaceBefore=30, spaceAfter=30, optional=True),
             N("item", "b", width=10, spaceBefore=1))
    same(frames(root, 300, 10, hidden=("mid",)), [
        ("row", "hgroup", 0, 0, 300, 10),
        ("a", "item", 0, 0, 10, 10),
        ("b", "item", 11, 0, 10, 10)])


@test
def fits_count_spaces():
    # row: width fit 10 + 20 + 3 + 4 + 5 + 2 x 2 = 46, centred in 200: x 77; a x 77 + 2 + 3 = 82,
    # b x 82 + 10 + 5 = 97.  stack: height fit 10 + 20 + 5 + 6 + 7 + 3 = 51.
    root = N("vgroup", "col",
             N("hgroup", "row",
               N("item", "a", width=10, spaceBefore=3),
               N("item", "b", width=20, spaceAfter=4),
               width="fit", height=10, padding=2, spacing=5),
             N("vgroup", "stack",
               N("item", "c", height=10, spaceBefore=5, spaceAfter=6),
               N("item", "d", height=20, spaceAfter=7),
               height="fit", spacing=3),
             N("spacer"), align="center")
    same(frames(root, 200, 300), [
        ("col", "vgroup", 0, 0, 200, 300),
        ("row", "hgroup", 77, 0, 46, 10),
        ("a", "item", 82, 2, 10, 6),
        ("b", "item", 97, 2, 20, 6),
        ("stack", "vgroup", 0, 10, 200, 51),
        ("c", "item", 0, 15, 200, 10),
        ("d", "item", 0, 34, 200, 20)])


@test
def shrink_never_takes_spaces():
    # 100 + 100 + 20 in 200: D = 20 from the two shrinkers: 90 each; a x 10, b x 110
    root = N("hgroup", "row",
             N("item", "a", width=100, shrink=1, spaceBefore=10),
             N("item", "b", width=100, shrink=1, spaceBefore=10))
    same(frames(root, 200, 10), [
        ("row", "hgroup", 0, 0, 200, 10),
        ("a", "item", 10, 0, 90, 10),
        ("b", "item", 110, 0, 90, 10)])


@test
def spaces_out_of_space():
    root = N("hgroup", "row", N("item", "a", width=60, spaceAfter=30), N("item", "b", width=20))
    res = compute(Layout("T", root), 100, 10)
    assert res[0] == "error" and res[1] == "outOfSpace" and res[2] is root, res[:3]


# ------------------------------------------------------------------ invariant sweep

def spaced_to_spacers(group):
    """the same group with every child's spaces and the group's spacing as fixed spacers"""
    main = "width" if group.kind == "hgroup" else "height"
    s = float(group.props.get("spacing", 0))
    out = copy.deepcopy(group)
    out.props.pop("spacing", None)
    kids = []
    for i, c in enumerate(out.children):
        a = float(c.props.pop("spaceBefore", 0))
        b = float(c.props.pop("spaceAfter", 0))
        if i > 0:
            kids.append(N("spacer", None, **{main: s}))
        kids.append(N("spacer", None, **{main: a}))
        kids.append(c)
        kids.append(N("spacer", None, **{main: b}))
    out.children = kids
    return out


@test
def sweep_spaces_are_spacers():
    rng = random.Random(8)
    compared = 0
    for idx in range(400):
        kind = rng.choice(["hgroup", "vgroup"])
        main, cross = ("width", "height") if kind == "hgroup" else ("height", "width")
        kids = []
        for k in range(rng.randint(1, 4)):
            props = {}
            q = rng.random()
            if q < 0.35:
                props[main] = rng.choice([10, 25.5, 40])
            elif q < 0.5:
                props["percent"] = rng.choice([10, 30])
            elif q < 0.6:
                props["flexible"] = rng.choice([0.5, 2])
            if rng.random() < 0.5:
                props[cross] = rng.choice([5, 12.25, 30])
                if rng.random() < 0.5:
                    props["alignSelf"] = rng.choice(["leading", "center", "trailing"])
            if rng.random() < 0.5:
                props["spaceBefore"] = rng.choice([0, 1.5, 7, 12])
            if rng.random() < 0.5:
                props["spaceAfter"] = rng.choice([0, 2, 9.75])
            kids.append(N("item", "c%d" % k, **props))
        gprops = {"align": rng.choice(["leading", "center", "trailing"])}
        if rng.random() < 0.5:
            gprops["spacing"] = rng.choice([3, 6.5])
        if rng.random() < 0.4:
            gprops["padding"] = [rng.randint(0, 6) for _ in range(4)]
        group = N(kind, "g", *kids, **gprops)
        W_, H_ = rng.choice([(320, 240), (200, 180), (150, 400)])
        spaced = compute(Layout("T", group), W_, H_)
        spacers = compute(Layout("T", spaced_to_spacers(group)), W_, H_)
        assert spaced[0] == spacers[0], (idx, spaced[:3], spacers[:3])
        if spaced[0] == "frames":
            same(spaced[1], spacers[1])
            compared += 1
            # hidden: the child and its spaces are gone, as if it were not in the file
            victim = rng.randrange(len(kids))
            hidden_group = copy.deepcopy(group)
            hidden_group.children[victim].props["optional"] = True
            without = copy.deepcopy(group)
            del without.children[victim]
            h = compute(Layout("T", hidden_group), W_, H_, hidden=("c%d" % victim,))
            w = compute(Layout("T", without), W_, H_)
            assert h[0] == w[0], (idx, h[:3], w[:3])
            if h[0] == "frames":
                same(h[1], w[1])
    assert compared >= 200, compared


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
