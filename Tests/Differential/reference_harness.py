"""What the reference's self-tests (test_reference_*.py) share: a list of tests and the
decorator that adds to it, the node constructor, the frame comparison and the runner, whose last
line is `N passed, N failed`."""

import traceback

from reference import Node


def collector():
    """A list of tests and the `@test` decorator that adds a function to it."""
    tests = []

    def test(fn):
        tests.append(fn)
        return fn
    return tests, test


def N(kind, name=None, *children, **props):
    return Node(kind, name, props, list(children))


def same(got, want):
    assert len(got) == len(want), "frames\n  got  %r\n  want %r" % (got, want)
    for g, w in zip(got, want):
        ok = g[:2] == w[:2] and all(abs(a - b) <= 1e-9 for a, b in zip(g[2:], w[2:]))
        assert ok, "frame %r != expected %r\n  all: %r" % (g, w, got)



def run_tests(tests):
    """Runs every test, reports each failure, prints `N passed, N failed`; 1 if any failed."""
    passed = failed = 0
    for fn in tests:
        try:
            fn()
            passed += 1
        except Exception:       # noqa: BLE001 -- report every failing test, then go on
            failed += 1
            print("FAIL %s" % fn.__name__)
            traceback.print_exc()
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1
