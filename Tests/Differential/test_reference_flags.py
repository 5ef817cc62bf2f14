#!/usr/bin/env python3
"""Self-test of reference.py against hand-computed frames for docs/format.md section 8.7 (flags
in `when`: `flag` present while every named flag is on, `unless` while every one is off).

Every expected frame below is computed by hand from the format's text, with the arithmetic in a
comment.  Run: python3 Tests/Differential/test_reference_flags.py (the last line is
`N passed, N failed`; exit status 1 if any failed).  A final sweep checks the invariant on random
--spec8d layouts of fuzz.py: a flag off gives the frames of the layout with the nodes that need
it on deleted, and a flag on those of the layout with the nodes that need it off deleted (but
where 6.2 says a group whose sized children are all hidden measures as its padding).
"""

import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import Layout, compute  # noqa: E402
from reference_harness import collector, run_tests, N, same  # noqa: E402

TESTS, test = collector()


def frames(root, W_, H_, **kw):
    res = compute(Layout("T", root), W_, H_, **kw)
    assert res[0] == "frames", "expected frames, got %r" % (res[:3],)
    return res[1]


def card():
    return N("vgroup", "main",
             N("hgroup", "row", N("item", "avatar", width=50), N("item", "name"),
               height=50, when={"unless": "compact"}),
             N("vgroup", "stack", N("item", "avatar", height=40), N("item", "name"),
               height=90, when={"flag": "compact"}),
             N("item", "badge", height=20, when={"flag": ["compact", "premium"]}),
             N("item", "footer", height=30),
             spacing=10)


@test
def flags_off_by_default():
    # row (unless compact) at 0..50; footer after 10 of spacing: y 60
    same(frames(card(), 300, 200), [
        ("main", "vgroup", 0, 0, 300, 200), ("row", "hgroup", 0, 0, 300, 50),
        ("avatar", "item", 0, 0, 50, 50), ("name", "item", 50, 0, 250, 50),
        ("footer", "item", 0, 60, 300, 30)])


@test
def flag_on_swaps_the_variants():
    # stack 0..90 (avatar 40, name the other 50), footer at 90 + 10
    same(frames(card(), 300, 200, flags={"compact"}), [
        ("main", "vgroup", 0, 0, 300, 200), ("stack", "vgroup", 0, 0, 300, 90),
        ("avatar", "item", 0, 0, 300, 40), ("name", "item", 0, 40, 300, 50),
        ("footer", "item", 0, 100, 300, 30)])


@test
def a_list_needs_every_flag():
    # badge at 90 + 10; footer at 100 + 20 + 10
    got = frames(card(), 300, 200, flags={"compact", "premium"})
    assert ("badge", "item", 0, 100, 300, 20) in got, got
    assert ("footer", "item", 0, 130, 300, 30) in got, got
    same(frames(card(), 300, 200, flags={"premium"}), frames(card(), 300, 200))


@test
def flags_beside_a_width_range():
    # the item needs W >= 300 and flag x off: at 300 wide it is there, at 299 or with x it is not
    def root():
        return N("hgroup", "main", N("item", "a", width=100), N("item", "b", width=50,
                 when={"minWidth": 300, "unless": "x"}))
    assert ("b", "item", 100, 0, 50, 10) in frames(root(), 300, 10)
    assert all(f[0] != "b" for f in frames(root(), 299, 10))
    assert all(f[0] != "b" for f in frames(root(), 300, 10, flags={"x"}))


@test
def random_layouts_flag_off_is_deletion():
    import fuzz
    saved = (fuzz.SECTION6, fuzz.SECTION7, fuzz.SECTION7B, fuzz.SECTION8D)
    fuzz.SECTION6 = fuzz.SECTION7 = fuzz.SECTION7B = fuzz.SECTION8D = True
    checked = 0
    try:
        for idx in range(300):
            case = fuzz.make_case("flags", idx, 0.0)
            if case.static is not None or not case.flags and "flag" not in case.text:
                continue
            for lay in case.layouts:
                flag = "flagA"

                def pruned(node, on):
                    node = copy.copy(node)
                    node.props = dict(node.props)
                    kept = []
                    for c in node.children:
                        when = c.props.get("when") or {}
                        f, u = when.get("flag"), when.get("unless")
                        needs_on = flag in ([f] if isinstance(f, str) else (f or []))
                        needs_off = flag in ([u] if isinstance(u, str) else (u or []))
                        if (needs_on and not on) or (needs_off and on):
                            continue
                        kept.append(pruned(c, on))
                    node.children = kept
                    return node
                for on in (False, True):
                    flags = (set(case.flags) - {flag}) | ({flag} if on else set())
                    kw = dict(hidden=case.hidden, wrap_models=case.wrap)
                    full = compute(lay, case.W, case.H, case.insets, case.dyn, flags=flags, **kw)
                    cut = Layout(lay.name, pruned(lay.root, on), fit=lay.fit)
                    alone = compute(cut, case.W, case.H, case.insets, case.dyn, flags=flags, **kw)
                    if alone[0] == "error" and "without a sized child" in alone[3]:
                        # 6.2: a group whose sized children are all hidden measures as its
                        # padding, one with none in the file is itemIncomplete: the one place
                        # where hidden and deleted differ
                        continue
                    assert full[0] == alone[0] and (full[0] != "frames" or full[1:] == alone[1:]), (idx, on, full, alone)
                    checked += 1
    finally:
        fuzz.SECTION6, fuzz.SECTION7, fuzz.SECTION7B, fuzz.SECTION8D = saved
    assert checked >= 100, checked


if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
