#!/usr/bin/env python3
"""Self-test of reference.py for docs/format.md section 4's finiteness rule: "a computed size or
position that is not finite is `outOfSpace` at the node where it first appears" (where that is,
docs/choices.md "Where a value that is not finite appears": at the aspect child whose derived
size it is, in its group's layout or in a fit measurement; at the group whose sum of finite sizes
overflows; otherwise at the first node, parents before children, whose frame holds it).

Every expected result is computed by hand in the comments.  Run:
python3 Tests/Differential/test_reference_finite.py (the last line is `N passed, N failed`; exit
status 1 if any failed).
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Layout, compute  # noqa: E402
from reference_harness import collector, run_tests, N  # noqa: E402

TESTS, test = collector()


def chain(levels, inner=()):
    """Overlays nested `levels` deep under the root overlay level0, `aspect` alternating 1e9 (odd
    levels: leading, top, bottom, so the height is the reference height and the width is
    derived) and 1e-9 (even levels: leading, trailing, top, so the width is the reference width
    and the height derived).  In 390 x 844, level k's derived side is 8.44e(2 + 9k): level 33
    is 8.44e299 wide and 8.44e290 tall, level 34's height 8.44e308 overflows to inf."""
    node = None
    children = list(inner)
    for level in range(levels, 0, -1):
        if level % 2 == 1:
            node = N("overlay", "level%d" % level, *children, aspect=1e9, leading=0, top=0, bottom=0)
        else:
            node = N("overlay", "level%d" % level, *children, aspect=1e-9, leading=0, trailing=0, top=0)
        children = [node]
    return N("overlay", "level0", *children)


def result(root, W=390, H=844):
    return compute(Layout("T", root), W, H)


def error_at(root, W=390, H=844):
    res = result(root, W, H)
    assert res[0] == "error", "expected an error, got frames %r" % (res[1][-3:],)
    return res[1], res[2].name


def all_finite(res):
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    for f in res[1]:
        assert all(math.isfinite(v) for v in f[2:]), f
    return res[1]


@test
def chain_of_33_is_finite():
    # level 33: height 8.44e290 (top + bottom of level 32's 8.44e290), width 8.44e290 * 1e9
    frames = all_finite(result(chain(33)))
    assert len(frames) == 34, len(frames)
    name, kind, x, y, w, h = frames[-1]
    assert name == "level33" and x == 0 and y == 0, frames[-1]
    assert abs(w / 8.44e299 - 1) < 1e-12 and abs(h / 8.44e290 - 1) < 1e-12, (w, h)


@test
def chain_of_36_overflows_at_level_34():
    # the issue's example: level 34's height 8.44e299 / 1e-9 is inf, the first value that is
    # not finite; its frame is where it appears (an overlay child)
    assert error_at(chain(36)) == ("outOfSpace", "level34")
    assert error_at(chain(34)) == ("outOfSpace", "level34")


@test
def huge_container_overflows_at_level_1():
    # 1e308 x 1e308: level 1's height 1e308, its width 1e308 * 1e9 = inf
    assert error_at(chain(2), 1e308, 1e308) == ("outOfSpace", "level1")


@test
def aspect_child_in_a_group_overflows_at_the_child():
    # a vgroup filling level 33 (8.44e299 wide): 'tall' fills the width, its height
    # 8.44e299 / 1e-9 = inf is derived in the group's layout: outOfSpace at 'tall', before
    # the group's own free-space check
    inner = [N("vgroup", "column", N("item", "tall", aspect=1e-9), N("item", "after"))]
    assert error_at(chain(33, inner)) == ("outOfSpace", "tall")


@test
def aspect_child_in_a_fit_measurement_overflows_at_the_child():
    # a vgroup with `height: fit` across level 33 (leading + trailing: 8.44e299 wide): measuring
    # its height derives 'tall's height 8.44e299 / 1e-9 = inf, at 'tall'
    inner = [N("vgroup", "column", N("item", "tall", aspect=1e-9),
               leading=0, trailing=0, top=0, height="fit")]
    assert error_at(chain(33, inner)) == ("outOfSpace", "tall")


@test
def a_sum_of_finite_sizes_overflows_at_the_group():
    # three children 8.44e299 / 1e-8 = 8.44e307 tall each (finite); their sum 2.53e308 is inf:
    # the vgroup's free space is -inf, its own outOfSpace
    kids = [N("item", n, aspect=1e-8) for n in ("a", "b", "c")]
    assert error_at(chain(33, [N("vgroup", "column", *kids)])) == ("outOfSpace", "column")


@test
def extreme_but_finite_values_lay_out():
    # 1e9 x 1e9 container, an hgroup with an aspect 1e9 child 1e-9 tall (width 1) and a
    # flexible sibling: 1e9 - 1 wide
    root = N("hgroup", "row", N("item", "a", aspect=1e9, height=1e-9), N("item", "b"))
    frames = all_finite(result(root, 1e9, 1e9))
    assert frames[1] == ("a", "item", 0.0, 0.0, 1e-9 * 1e9, 1e-9), frames[1]
    assert frames[2][2] == 1e-9 * 1e9 and frames[2][4] == 1e9 - 1e-9 * 1e9, frames[2]


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
