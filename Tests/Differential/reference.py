"""Independent reference implementation of the layout engine (docs/format.md sections 4, 6 and
7.1-7.3).

Written from the format's contract (docs/format.md) and docs/choices.md only, not from the Swift
sources.  It works on an in-memory tree of `Node` objects (the fuzzer builds these and emits the
YAML text itself), so it needs no YAML parser.

    compute(layout, W, H, insets, dyn_sizes, hidden=(), direction="ltr", wrap_models=None, flags=())

returns either `("frames", [(name, kind, x, y, w, h), ...])` or `("error", code, node, why)` for
the first size-dependent error (`outOfSpace` / `itemIncomplete`).  `dyn_sizes` maps a dynamic
item's name to its list of sizes (a flow's dynamic item: any number; a dynamic item elsewhere:
exactly one, its content size, section 6.1).  `hidden` is the set of names given to `--hide`:
an `optional: true` node of such a name is laid out as if absent (section 6.2); so is a node
whose `when: {minWidth, maxWidth}` range does not hold the container width W (section 7.4), or
whose `when: {flag, unless}` asks a flag on that is not in `flags` (the names given to `--flag`)
or off that is (section 8.7).
`wrap_models` maps a `dynamic: wrap` item's name to its text model `(W, L)` (`--wrap NAME=WxL`,
section 7.1) or `(W, L, N)` with a line limit (`--wrap NAME=WxLxN`, section 8.6).  `scale` is the
pixel grid (section 8.2, `--scale S`): content sizes and measures go `up` to it, a fitted
container size too, and every frame's edges to the `near`est grid line at the end; computed with
exact rationals (`grid_up`, `grid_near`).  A layout with `fit` (section 7.3: `layout.fit` is "height", "width" or "both")
returns `("frames", frames, (width, height))`, the third member being the fitted container size
(the JSON `size`); the given W (H) is then not used for a fitted axis and may be None.  Without
`fit` the result keeps its two members.  `trace`, if a list, receives `("shrink", group, ...)`
and `("fragile", node, w)` records for tests (see Engine.note).

Order of checks (the "first" error, docs/choices.md "One size-dependent error per layout"):
  * the root's safe-area check, then the root node;
  * a group: padding (step 1), then main-axis sizes of the children in order (fit measurements,
    whose errors propagate at once; aspect children's derived sizes), free space, percent sizes
    and the flexible sizes (section 6.4's freeze loop), the sum of the slots, margin slots, then
    cross sizes (cross-axis fit measurements, cross overflow) child by child; only then the
    children's own layouts, in order;
  * an overlay: child by child -- reference rect (safe area), width, height, then that
    child's own layout before the next child (children are independent);
  * a flow: padding, element expansion (missing dynamic sizes), lines (element too wide),
    content height.
  * section 4's finiteness rule (docs/choices.md): an aspect child's derived size that is not
    finite is outOfSpace at that child, where it is derived (its group's main-axis pass or a fit
    measurement); a sum that overflows fails its group's own checks (free = -inf); any other
    value that is not finite is outOfSpace at the first node whose frame holds it, checked as
    each node is laid out (parents before children).
  * section 7: a wrap item's measure is part of the fit measurement that needs it (so in a vgroup
    a wrap child without an own height is measured with the main-axis sizes, and its error
    propagates at once; in an hgroup its height is a cross-axis fit, and only that child is
    skipped); shrinking (7.2) takes the place of the free-space check of 4.2.3; a layout with
    `fit` checks the root's safe area on the axis that is given, then measures the root, then
    lays it out.

Readings of section 6 where the text leaves room (each is marked READING in the code):
  R1 margin and bounds (6.4.4): a child's bounds clamp the child, i.e. its slot minus the
     margin.  A bounded percent or flexible child's slot is `m + clamp(share - m)`, and the
     freeze loop of 6.4.2 runs on slots with that clamp.  With m = 0 this is the text exactly;
     with m > 0 it keeps an unbounded child's slot as in 4.2.7 and makes a bound that is not
     reached change nothing.
  R2 an unbounded flexible child is clamped to `max(0, s)` in the freeze loop (a missing min is 0),
     so mins that leave a negative share give `outOfSpace` (6.4.3) instead of a negative size.
     An unbounded percent or fit size is never clamped (it is never negative).
  R3 a fill cross size (or an overlay fill) is clamped only when the node has a bound on that
     axis; an unclamped fill keeps the inner rect's edge whatever the `align`.
  R4 an aspect overlay child's derived axis with no anchor on that axis is `itemIncomplete`
     (4.5's "none | yes" row: it is "positioned by 4.5's table as a given size").
  R5 an hgroup measuring its `height: fit` whose children's widths are needed (a child is
     itself height-fit) cannot derive the width of an aspect child whose height fills: that is
     `itemIncomplete` at the aspect child (6.5, "that height must be known when the width is").
  R6 "every fixed- or fit-sized child is hidden" (6.2) needs at least one such child in the
     file; a group with none at all is `itemIncomplete` as in 4.6.  This comes before 6.5's
     "itemIncomplete at the aspect child that fills" when both could apply.

Readings of section 7.1-7.3 where the text leaves room (marked READING R7 ... in the code):
  R7 a wrap item's height is `ch` of its frame width: the width after bounds, shrinking and the
     margin inset (7.1 "less the margin"); `m(w)` is evaluated at exactly that width.
  R8 "offered w <= 0" covers every width the measure would be called with: the width offered by
     a vgroup or an overlay, and the final (fixed, flexed or shrunk) width whose `ch` is needed.
     The error is `outOfSpace` at the item, raised where that measure is taken (R-order above).
  R9 the freeze loop of 7.2 compares exactly: `size_i < floor_i` freezes, a size equal to its
     floor does not; `sum(s_j * B_j) = 0` is an exact zero; only `R > 1e-9` has a tolerance.
     When every child is frozen (or the sum is 0) with `R <= 1e-9`, the unfrozen keep their base.
  R10 shrinking replaces the check `free < 0` of 4.2.3: with `D > 1e-9` and a shrinkable child,
     the group is `outOfSpace` only when the loop cannot absorb `D`; percent and flexible
     children are then sized from `free = 0` (6.4 step 1's percent sizes come after the loop).
  R11 in an overlay, a wrap item's offered width subtracts the anchors as numbers (a negative
     `leading` makes the offered width larger); `leading` + `trailing` is an own width, so at
     most one of them is subtracted; `center: true` subtracts 2 x 0.
  R12 a wrap child of a vgroup without an own width is a fit cross size: placed by `align`,
     and checked against the inner width (outOfSpace at the group) after clamping.
  R13 layout `fit`: an error while measuring the root (size-dependent, e.g. a missing --wrap or
     a group that runs out of space at the given width) is the layout's error; nothing is laid
     out.  Before measuring, the root's safe-area extent on the given axis is checked (negative:
     outOfSpace at the root), as for an ordinary layout.  `fit: width` measures the width
     without any height (widths never depend on heights); `fit: both` measures the width first
     and then the height at the root's extent from that width.
  R14 a wrap or `dynamic: true` item with `shrink` in a vgroup gives way on its height (its main
     axis) like any fit child: its frame height is then less than `ch`.

Readings of section 8.5 (overlays that measure), marked READING R15 ... in the code:
  R15 a height derived from the width (aspect, 6.5) always counts: the width is known when the
     height is measured (widths first); a width derived from a height counts only when that
     height is a number, and a height from `top` + `bottom` has nothing to measure (it follows).
  R16 a sizing child whose content is measured (a dynamic or wrap item, a container) with
     `leading` + `trailing` counts its fit between them (a wrap item: its natural width).
Section 8.3-8.4: `alignSelf` replaces the group's `align` for that child in the cross-axis
placement (a fill child without a cross bound still keeps the inner edge, R3); a shown child's
`spaceBefore + spaceAfter` is spent like spacing: in `free`, in 6.4.3's total, in a main-axis
fit, in the shrink deficit (never shrunk), and placing advances by `a` before the slot and `b`
after it.
"""

import math
from fractions import Fraction

TOL = 1e-9          # docs/choices.md: outOfSpace comparisons and line breaks
SNAP = 1e-6         # 4.3.6: a value within 1e-6 of an integer is that integer

# 4.3 lists "elements" (step 2: a dynamic item without sizes is itemIncomplete) before
# "lines" (step 3: an element wider than the flow is outOfSpace).  True: every element is
# expanded first, so a missing dynamic size wins over an earlier too-wide element of the same
# flow.  False: strict document order of the items.
FLOW_PREPASS = True

KINDS = ("item", "spacer", "hgroup", "vgroup", "flow", "overlay")
BOUND_KEYS = {"w": ("minWidth", "maxWidth"), "h": ("minHeight", "maxHeight")}


class Node:
    """kind: one of KINDS; name: str or None; props: dict of properties (YAML values:
    numbers, 'fit', 'flexible', lists, booleans, strings); children: list of Node
    (`children` of groups/overlays, `items` of a flow).  line/col: the kind key."""

    def __init__(self, kind, name=None, props=None, children=None):
        self.kind = kind
        self.name = name
        self.props = dict(props or {})
        self.children = list(children or [])
        self.line = 0
        self.col = 0
        self.key_pos = {}      # property key -> (line, col), filled by the emitter

    def __repr__(self):
        return "Node(%s %s @%d)" % (self.kind, self.name, self.line)


class Layout:
    def __init__(self, name, root, size=None, safe_area=None, fit=None):
        self.name = name
        self.root = root
        self.size = size            # [W, H] or None
        self.safe_area = safe_area  # [t, l, b, r] or None
        self.fit = fit              # 7.3: None, "height", "width" or "both"
        self.line = 0
        self.key_pos = {}           # document key -> (line, col), filled by the emitter


class LayoutError(Exception):
    def __init__(self, code, node, why=""):
        super().__init__("%s at %r: %s" % (code, node, why))
        self.code = code
        self.node = node
        self.why = why


def oos(node, why=""):
    return LayoutError("outOfSpace", node, why)


def incomplete(node, why=""):
    return LayoutError("itemIncomplete", node, why)


# ---------------------------------------------------------------- property helpers

def padding(node):
    """(top, leading, bottom, trailing)"""
    p = node.props.get("padding", 0)
    if isinstance(p, list):
        return tuple(float(v) for v in p)
    return (float(p),) * 4


def group_spacing(node):
    return float(node.props.get("spacing", 0))


def flow_spacing(node):
    s = node.props.get("spacing", None)
    if s is None:
        return 10.0, 10.0
    if isinstance(s, list):
        return float(s[0]), float(s[1])
    return float(s), float(s)


def size_spec(node, axis):
    """the node's width/height keys only: axis 'w' or 'h' -> None | ('fixed', v) | ('fit',) |
    ('flexible',).  (Kept for the generator; the engine uses `spec`.)"""
    p = node.props
    if "size" in p:
        return ("fixed", float(p["size"][0 if axis == "w" else 1]))
    v = p.get("width" if axis == "w" else "height")
    if v is None:
        return None
    if v == "fit":
        return ("fit",)
    if v == "flexible":
        return ("flexible",)
    return ("fixed", float(v))


def is_true(node, key):
    return node.props.get(key) is True


def is_dynamic(node):
    """a content-sized item (6.1); the caller knows it is not a flow item"""
    return node.kind == "item" and is_true(node, "dynamic")


def is_wrap(node):
    """a `dynamic: wrap` item (7.1): its content size depends on the width it is offered"""
    return node.kind == "item" and node.props.get("dynamic") == "wrap"


def is_content(node):
    """a content-sized item of 6.1 or 7.1: `fit` on every axis where it has no own size"""
    return is_dynamic(node) or is_wrap(node)


def shrink_of(node):
    """7.2: `shrink: s`, default 0"""
    return float(node.props.get("shrink", 0))


def spaces_of(node):
    """8.4: `spaceBefore: a` and `spaceAfter: b` of a group child, default 0"""
    return float(node.props.get("spaceBefore", 0)), float(node.props.get("spaceAfter", 0))


def space_of(node):
    """8.4: a + b, what a shown child's own spaces take of its group's main axis"""
    a, b = spaces_of(node)
    return a + b


def has_bounds(node, axis):
    lo, hi = BOUND_KEYS[axis]
    return lo in node.props or hi in node.props


def clamp(node, axis, s):
    """6.4: max(min, min(s, max)), a missing bound 0 or +inf; no bound at all: s unchanged"""
    if not has_bounds(node, axis):
        return s
    lo, hi = BOUND_KEYS[axis]
    mn = float(node.props.get(lo, 0))
    mx = float(node.props.get(hi, math.inf))
    return max(mn, min(s, mx))


def main_floor(node, main):
    """7.2: a shrinking child's floor is its main-axis min bound, else 0"""
    return float(node.props.get(BOUND_KEYS[main][0], 0))


def aspect(node):
    a = node.props.get("aspect")
    return None if a is None else float(a)


def spec(node, axis, main):
    """A group child's size on `axis` ('w' / 'h'); `main` is the group's main axis.
    ('fixed', v) | ('fit',) | ('pct', p) | ('flex', weight) | ('fill',) | ('aspect', r)"""
    sp = size_spec(node, axis)
    if axis == main:
        if sp is not None and sp[0] == "fixed":
            return sp
        if sp is not None and sp[0] == "fit":
            return ("fit",)
        if "percent" in node.props:
            return ("pct", float(node.props["percent"]))
        if "flexible" in node.props:
            return ("flex", float(node.props["flexible"]))
        if sp is not None:                      # width: flexible on the main axis
            return ("flex", 1.0)
        if aspect(node) is not None:
            return ("aspect", aspect(node))
        if is_content(node):                    # 6.1, 7.1: no own size on this axis -> fit
            return ("fit",)
        return ("flex", 1.0)
    # cross axis: percent / flexible / `width: flexible` mean fill
    if sp is not None and sp[0] in ("fixed", "fit"):
        return sp
    if sp is None and is_content(node):         # 6.1, 7.1: no own cross size -> measured
        return ("fit",)
    return ("fill",)


def ospec(node, axis):
    """An overlay child's own size on `axis`: ('fixed', v) | ('fit',) | None (none of its own)"""
    sp = size_spec(node, axis)
    if sp is not None and sp[0] in ("fixed", "fit"):
        return sp
    if sp is None and is_content(node):
        return ("fit",)
    return None     # no size, or `width: flexible` on a dynamic or wrap child (6.1, 7.1)


# ---------------------------------------------------------------- engine

class Engine:
    def __init__(self, W, H, insets, dyn_sizes, exhaustive=False, hidden=(), wrap_models=None,
                 trace=None, flags=(), scale=None):
        # exhaustive: record every size-dependent error and carry on with the computed
        # (possibly negative) values, to list all errors a layout has (used only to label
        # disagreements about *which* error comes first)
        self.exhaustive = exhaustive
        self.W = float(W)
        self.H = float(H)
        self.insets = tuple(float(v) for v in insets)   # t, l, b, r
        self.dyn = dyn_sizes                              # name -> [(w, h), ...]
        self.hidden = set(hidden)
        self.flags = set(flags)                           # 8.7: the flags turned on
        self.wrap = wrap_models or {}                     # name -> (W, L[, N]), 7.1's text model
        self.scale = scale                                # 8.2's pixel grid, None: none
        self.trace = trace
        self.frames = []        # (name, kind, x, y, w, h, integral?)
        self.errors = []

    def note(self, *record):
        """records for tests and for the fuzzer: ("main", group, ext, free, room) for every
        main-axis pass of a group (room: what its shrinkable children can give, sum of B - floor);
        ("shrink", group, ext, spacing, m, [(child, B, floor, size, is_fit)]) when a group
        shrinks its children; ("fragile", node, w) when a
        wrap measure is taken where a rounding difference of 1e-12 could change the result
        (an offered width within 1e-7 above 0, or a line count at the 1e-9 edge)"""
        if self.trace is not None:
            self.trace.append(record)

    def fail(self, err):
        if self.exhaustive:
            self.errors.append(err)
        else:
            raise err

    def is_hidden(self, node):
        # 7.4: absent at this container width (as given, before safe-area insets) is hidden
        # exactly as --hide hides an optional node
        when = node.props.get("when")
        if isinstance(when, dict):
            if "minWidth" in when or "maxWidth" in when:
                lo = float(when.get("minWidth", 0))
                hi = float(when.get("maxWidth", float("inf")))
                if not (lo <= self.W < hi):
                    return True
            # 8.7: every flag of `flag` on, every flag of `unless` off (a name or a list of names)
            def names(value):
                return [value] if isinstance(value, str) else list(value or [])
            if any(f not in self.flags for f in names(when.get("flag"))):
                return True
            if any(f in self.flags for f in names(when.get("unless"))):
                return True
        return is_true(node, "optional") and node.name is not None and node.name in self.hidden

    def kids(self, node):
        """6.2: a hidden child is laid out as if it were not in the file"""
        return [c for c in node.children if not self.is_hidden(c)]

    # --- safe area
    def safe_rect(self):
        t, l, b, r = self.insets
        return (l, t, self.W - l - r, self.H - t - b)

    # --- content size of a dynamic item (6.1)
    def content(self, node):
        sizes = self.dyn.get(node.name) if node.name is not None else None
        if not sizes:
            raise incomplete(node, "no content size given for dynamic item")
        w, h = sizes[0]
        return float(w), float(h)

    # --- a wrap item's measure (7.1): the text model of --wrap NAME=WxL
    def wrap_model(self, node):
        mdl = self.wrap.get(node.name) if node.name is not None else None
        if mdl is None:
            raise incomplete(node, "no --wrap text model given for wrap item")
        return float(mdl[0]), float(mdl[1])

    def wrap_measure(self, node, w):
        """8.2: the measure's result on the pixel grid, (min(up(cw), w), up(ch)), and
        (up(cw), up(ch)) unconstrained; a width w <= 0 measures at 0 (what the engine asks)."""
        S = self.scale
        if S is None:
            return self.text_measure(node, w)
        W, _ = self.wrap_model(node)
        if w <= 0 and w != math.inf and grid_up(W, S) > TOL:
            self.fail(oos(node, "no width to wrap its text into (offered %r, needs %r)" % (w, W)))
            return max(w, 0.0), grid_up(self.wrap_model(node)[1], S)
        if w <= 0:
            w = 0.0
        cw, ch = self.text_measure(node, w)
        cw = grid_up(cw, S)
        return (cw if w == math.inf else min(cw, w)), grid_up(ch, S)

    def text_measure(self, node, w):
        """m(w) = (cw, ch) for an offered width w (math.inf: unconstrained).  READING R8: a
        width w <= 0 with W > 1e-9 is outOfSpace at the item, wherever the measure is taken.
        8.6: with a line limit N, at most N lines."""
        W, L = self.wrap_model(node)
        mdl = self.wrap.get(node.name)
        limit = mdl[2] if len(mdl) > 2 else None
        if w == math.inf or W <= max(w, 0.0) + TOL:
            return W, L
        if w <= 0:
            self.fail(oos(node, "no width to wrap its text into (offered %r, needs %r)" % (w, W)))
            return max(w, 0.0), L           # exhaustive: carry on
        if w < 1e-7:
            self.note("fragile", node, w)
        q = W / w
        r = round(q)
        if abs(abs(q - r) - TOL) < 1e-10:
            self.note("fragile", node, w)
        if abs(q - r) <= TOL:               # a quotient within 1e-9 of an integer is that integer
            q = float(r)
        lines = math.ceil(q)
        if limit is not None:
            lines = min(limit, lines)
        h = L * lines
        if not math.isfinite(h):
            self.fail(oos(node, "wrapped height is not finite"))
        return w, h

    def wrap_width_offered(self, node, offered):
        """7.1: the width of a wrap item without an own width that is offered `offered`
        (a vgroup's inner width, an overlay's reference width less the anchors): the offered
        width is clamped by the width bounds, the measured width is clamped again"""
        return clamp(node, "w", self.wrap_measure(node, clamp(node, "w", offered))[0])

    # --- measuring (4.6, 6.1, 6.4, 6.5); callers clamp by the node's own bounds
    def fit_w(self, node):
        return clamp(node, "w", self.measure_w(node))

    def fit_h(self, node, w):
        return clamp(node, "h", self.measure_h(node, w))

    def measure_w(self, node):
        k = node.kind
        if is_dynamic(node):
            return self.content(node)[0]
        if is_wrap(node):
            return self.wrap_measure(node, math.inf)[0]     # 7.1: the natural width cw(inf)
        if k == "hgroup":      # main axis: sum of slots
            pt, pl, pb, pr = padding(node)
            s = group_spacing(node)
            m = float(node.props.get("margin", 0))
            kids = self.kids(node)
            tot = 0.0
            for c in kids:
                sp = spec(c, "w", "w")
                if sp[0] == "fixed":
                    tot += sp[1]
                elif sp[0] == "fit":
                    tot += self.fit_w(c) + m
                elif sp[0] == "aspect":
                    # 6.5: counts height x r only if the height is a number
                    hs = spec(c, "h", "w")
                    if hs[0] != "fixed":
                        raise incomplete(c, "aspect child's height is no number in a width-fit hgroup")
                    tot += self.finite_size(c, clamp(c, "w", hs[1] * sp[1])) + m
                else:
                    raise incomplete(node, "hgroup width fit with a non-fixed child")
            # 8.4: a main-axis fit adds its shown children's own spaces
            return tot + s * max(len(kids) - 1, 0) + sum(space_of(c) for c in kids) + pl + pr
        if k == "vgroup":      # cross axis: largest fixed / fit width
            pt, pl, pb, pr = padding(node)
            best = None
            for c in self.kids(node):
                sp = spec(c, "w", "h")
                if sp[0] == "fixed":
                    v = sp[1]
                elif sp[0] == "fit":
                    v = self.fit_w(c)
                else:
                    continue
                best = v if best is None else max(best, v)
            if best is None:
                if any(spec(c, "w", "h")[0] in ("fixed", "fit") for c in node.children):
                    best = 0.0      # 6.2: every sized child hidden -> the padding
                else:
                    raise incomplete(node, "vgroup width fit without a sized child")
            return best + pl + pr
        if k == "overlay":
            return self.overlay_measure_w(node)
        raise incomplete(node, "cannot measure width of %s" % k)

    def measure_h(self, node, w):
        k = node.kind
        if is_dynamic(node):
            return self.content(node)[1]
        if is_wrap(node):
            return self.wrap_measure(node, w)[1]            # 7.1: ch of its width (READING R7)
        if k == "vgroup":      # main axis
            pt, pl, pb, pr = padding(node)
            iw = w - pl - pr
            s = group_spacing(node)
            m = float(node.props.get("margin", 0))
            kids = self.kids(node)
            tot = 0.0
            for c in kids:
                sp = spec(c, "h", "h")
                if sp[0] == "fixed":
                    tot += sp[1]
                elif sp[0] == "fit":
                    tot += self.fit_h(c, self.width_in_vgroup(c, iw)) + m
                elif sp[0] == "aspect":
                    # 6.5: the child's height from its width at that width
                    tot += self.finite_size(c, clamp(c, "h", self.width_in_vgroup(c, iw) / sp[1])) + m
                else:
                    raise incomplete(node, "vgroup height fit with a non-fixed child")
            return tot + s * max(len(kids) - 1, 0) + sum(space_of(c) for c in kids) + pt + pb
        if k == "hgroup":      # cross axis
            pt, pl, pb, pr = padding(node)
            iw = w - pl - pr
            kids = self.kids(node)
            loose = any(spec(c, "w", "w")[0] == "aspect" and spec(c, "h", "w")[0] != "fixed"
                        for c in kids)
            needs_main = any(spec(c, "h", "w")[0] == "fit" for c in kids) or \
                (self.exhaustive and not loose)
            slots = None
            if needs_main:
                if iw < -TOL:
                    self.fail(oos(node, "padding wider than measured width"))
                slots = self.group_main(node, 0.0, iw, None)
            best = None
            for i, c in enumerate(kids):
                sp = spec(c, "h", "w")
                if sp[0] == "fixed":
                    v = sp[1]
                elif sp[0] == "fit":
                    v = self.fit_h(c, slots[i][1])
                else:
                    continue    # fill (an aspect child whose height fills too, 6.5)
                best = v if best is None else max(best, v)
            if best is None:
                if any(spec(c, "h", "w")[0] in ("fixed", "fit") for c in node.children):
                    best = 0.0      # 6.2: every sized child hidden -> the padding
                else:
                    asp = [c for c in kids if spec(c, "w", "w")[0] == "aspect"]
                    if asp:
                        raise incomplete(asp[0], "hgroup height fit: only an aspect child that fills")
                    raise incomplete(node, "hgroup height fit without a sized child")
            return best + pt + pb
        if k == "flow":
            return self.flow_content(node, w)[0]
        if k == "overlay":
            return self.overlay_measure_h(node, w)
        raise incomplete(node, "cannot measure height of %s" % k)

    # --- 8.5: overlays that measure
    def overlay_measure_w(self, node):
        """the largest (leading or 0) + w + (trailing or 0) of the shown sizing children, >= 0"""
        if not any(sizes_overlay(c, "w") for c in node.children):
            raise incomplete(node, "overlay width fit without a sizing child")
        best = 0.0
        for c in self.kids(node):
            if not sizes_overlay(c, "w"):
                continue
            p = c.props
            best = max(best, float(p.get("leading", 0)) + self.sizing_w(c) + float(p.get("trailing", 0)))
        return best

    def sizing_w(self, c):
        r = aspect(c)
        if r is not None and derives_width(c):
            hs = size_spec(c, "h")
            if hs is None or hs[0] != "fixed":
                raise incomplete(c, "aspect width from top + bottom in a width-measuring overlay")
            return self.finite_size(c, clamp(c, "w", hs[1] * r))
        sp = size_spec(c, "w")
        if sp is not None and sp[0] == "fixed":
            return sp[1]
        return self.fit_w(c)

    def overlay_measure_h(self, node, width):
        """the largest (top or 0) + h + (bottom or 0) of the shown sizing children, each at the
        width it gets in an overlay `width` wide"""
        if not any(sizes_overlay(c, "h") for c in node.children):
            raise incomplete(node, "overlay height fit without a sizing child")
        best = 0.0
        for c in self.kids(node):
            if not sizes_overlay(c, "h"):
                continue
            p = c.props
            best = max(best, float(p.get("top", 0)) + self.sizing_h(c, width) + float(p.get("bottom", 0)))
        return best

    def sizing_h(self, c, width):
        hs = size_spec(c, "h")
        if hs is not None and hs[0] == "fixed":
            return hs[1]
        r = aspect(c)
        if r is not None:       # READING R15: derived from its width in the overlay
            wsp = ospec(c, "w")
            _, w = self.overlay_axis(c, "w", 0.0, width, wsp[1] if wsp else None)
            return self.finite_size(c, clamp(c, "h", w / r))
        _, w = self.overlay_width(c, 0.0, width)
        return self.fit_h(c, w)

    def width_in_vgroup(self, c, inner_w):
        """width at which a vgroup child's height is measured (4.2.9, 6.4: clamped); a wrap
        child without an own width is offered the inner width (7.1)"""
        sp = spec(c, "w", "h")
        if sp[0] == "fixed":
            return sp[1]
        if sp[0] == "fit":
            if is_wrap(c):
                return self.wrap_width_offered(c, inner_w)
            return self.fit_w(c)
        return clamp(c, "w", inner_w)

    # --- group main axis (4.2 steps 2-7, 6.4, 6.5): list of (pos, size) per shown child
    def group_main(self, node, start, ext, cross_ext):
        hor = node.kind == "hgroup"
        main, cross = ("w", "h") if hor else ("h", "w")
        s = group_spacing(node)
        m = float(node.props.get("margin", 0))
        kids = self.kids(node)
        n = len(kids)
        entries = []
        shrinkers = []      # 7.2: (index, child, base B, floor, s, is_fit)
        used = 0.0
        for c in kids:
            sp = spec(c, main, main)
            if sp[0] == "fixed":
                if shrink_of(c) > 0:
                    shrinkers.append((len(entries), c, sp[1], main_floor(c, main), shrink_of(c), False))
                entries.append(["slot", sp[1]])
                used += sp[1]
            elif sp[0] == "fit":
                if hor:
                    meas = self.fit_w(c)
                else:
                    meas = self.fit_h(c, self.width_in_vgroup(c, cross_ext))
                if shrink_of(c) > 0:
                    shrinkers.append((len(entries), c, meas, main_floor(c, main), shrink_of(c), True))
                entries.append(["slot", meas + m])
                used += meas + m
            elif sp[0] == "aspect":
                # 6.5: cross first (fixed or fill, clamped), main derived and clamped; fixed
                cs = spec(c, cross, main)
                if cs[0] == "fixed":
                    cv = cs[1]
                elif cross_ext is None:
                    raise incomplete(c, "aspect child's cross size is not known yet")   # R5
                else:
                    cv = clamp(c, cross, cross_ext)
                size = self.finite_size(c, clamp(c, main, cv * sp[1] if hor else cv / sp[1]))
                entries.append(["slot", size + m])
                used += size + m
            elif sp[0] == "pct":
                entries.append(["pct", sp[1], c])
            else:
                entries.append(["flex", sp[1], c])
        # 8.4: the shown children's own spaces are spent like spacing (never shrunk)
        spaces = sum(space_of(c) for c in kids)
        free = ext - s * max(n - 1, 0) - spaces - used
        self.note("main", node, ext, free, sum(B - fl for i, c, B, fl, sh, f in shrinkers if B > fl))
        if -free > TOL and shrinkers:
            # 7.2 (READING R10): the shrinkable children lose D = -free; then free = 0
            sizes = self.shrink(node, shrinkers, -free)
            for i, c, B, floor, sh, is_fit in shrinkers:
                entries[i][1] = sizes[i] + (m if is_fit else 0.0)
            self.note("shrink", node, ext, s * max(n - 1, 0) + spaces, m,
                      [(c, B, floor, sizes[i], is_fit) for i, c, B, floor, sh, is_fit in shrinkers])
            free = 0.0
        elif free < -TOL:
            self.fail(oos(node, "free %r < 0" % free))

        def clamp_slot(c, v):
            # READING R1 / R2: bounds clamp the child (slot - m); unbounded: not below 0
            if not has_bounds(c, main):
                return max(0.0, v)
            inner = v - m
            ci = clamp(c, main, inner)
            return v if ci == inner else ci + m

        rem = free
        for e in entries:
            if e[0] == "pct":
                p, c = e[1], e[2]
                if has_bounds(c, main):
                    e[:] = ["slot", clamp_slot(c, p / 100.0 * free)]
                    rem -= e[1]
                else:
                    e[:] = ["slot", p / 100.0 * free]
                    rem -= free * p / 100.0
        # 6.4.2: the flexbox "resolve flexible lengths" loop
        flex = [i for i, e in enumerate(entries) if e[0] == "flex"]
        frozen = {}
        unfrozen = list(flex)
        while unfrozen:
            avail = rem - sum(frozen.values())
            wsum = sum(entries[i][1] for i in unfrozen)
            sz = {i: avail * entries[i][1] / wsum for i in unfrozen}
            cl = {i: clamp_slot(entries[i][2], sz[i]) for i in unfrozen}
            V = sum(cl[i] - sz[i] for i in unfrozen)
            if abs(V) <= TOL:
                for i in unfrozen:
                    frozen[i] = cl[i]
                break
            if V > 0:
                fr = [i for i in unfrozen if cl[i] > sz[i]]
            else:
                fr = [i for i in unfrozen if cl[i] < sz[i]]
            for i in fr:
                frozen[i] = cl[i]
            unfrozen = [i for i in unfrozen if i not in frozen]
        slots = [frozen[i] if e[0] == "flex" else e[1] for i, e in enumerate(entries)]
        # 6.4.3: mins can make the slots overflow
        if sum(slots) + s * max(n - 1, 0) + spaces > ext + TOL and free >= -TOL:
            self.fail(oos(node, "slots %r exceed %r" % (sum(slots) + s * max(n - 1, 0) + spaces, ext)))
        out = []
        pos = start
        for c, sl in zip(kids, slots):
            if m > 0 and sl < m - TOL:
                self.fail(oos(node, "slot %r smaller than margin %r" % (sl, m)))
            a, b = spaces_of(c)     # 8.4: a before the slot, b after it
            pos += a
            out.append((pos + m / 2.0, sl - m))
            pos += sl + b + s
        return out

    def shrink(self, node, shrinkers, D):
        """7.2's loop: {index: shrunk size} (without the margin), or outOfSpace at the group.
        READING R9: exact comparisons, except R > 1e-9."""
        frozen = {}
        while True:
            unfrozen = [t for t in shrinkers if t[0] not in frozen]
            R = D - sum(B - frozen[i] for i, c, B, fl, sh, f in shrinkers if i in frozen)
            S = sum(sh * B for i, c, B, fl, sh, f in unfrozen)
            if not unfrozen or S == 0:
                if R > TOL:
                    self.fail(oos(node, "shrinking cannot absorb %r (%r left)" % (D, R)))
                sizes = {i: B for i, c, B, fl, sh, f in unfrozen}
                sizes.update(frozen)
                return sizes
            size = {i: B - R * sh * B / S for i, c, B, fl, sh, f in unfrozen}
            below = [(i, fl) for i, c, B, fl, sh, f in unfrozen if size[i] < fl]
            if not below:
                size.update(frozen)
                return size
            for i, fl in below:
                frozen[i] = fl

    # --- flow (4.3)
    def flow_elements(self, node):
        """generator: an error is raised when its element is reached, so an element too wide
        before a dynamic item without sizes is reported first (document order)"""
        for it in self.kids(node):
            if is_true(it, "dynamic"):
                sizes = self.dyn.get(it.name) if it.name is not None else None
                if sizes is None:
                    self.fail(incomplete(it, "dynamic sizes not given"))
                    continue
                for i, (w, h) in enumerate(sizes):
                    yield (it, i, float(w), float(h))
            else:
                sp_w = size_spec(it, "w")
                sp_h = size_spec(it, "h")
                r = aspect(it)
                if r is not None:
                    # 6.5: exactly one of width / height; the other derived (statically)
                    if sp_w and sp_w[0] == "fixed" and sp_h is None:
                        sp_h = ("fixed", sp_w[1] / r)
                    elif sp_h and sp_h[0] == "fixed" and sp_w is None:
                        sp_w = ("fixed", sp_h[1] * r)
                if not (sp_w and sp_w[0] == "fixed" and sp_h and sp_h[0] == "fixed"):
                    raise incomplete(it, "flow item without size")
                if "count" in it.props:
                    for i in range(int(it.props["count"])):
                        yield (it, i, sp_w[1], sp_h[1])
                else:
                    yield (it, None, sp_w[1], sp_h[1])

    def flow_lines(self, node, iw):
        h, v = flow_spacing(node)
        lines = []
        cur = []
        cur_w = 0.0
        els = self.flow_elements(node)
        if FLOW_PREPASS:
            els = list(els)     # 4.3 step 2 (all elements) before step 3 (lines)
        for el in els:
            ew = el[2]
            if ew > iw + TOL:
                self.fail(oos(el[0], "element %r wider than flow inner %r" % (ew, iw)))
            if not cur or cur_w + h + ew <= iw + TOL:
                cur_w = ew if not cur else cur_w + h + ew
                cur.append(el)
            else:
                lines.append(cur)
                cur = [el]
                cur_w = ew
        if cur:
            lines.append(cur)
        return lines

    def flow_content(self, node, w):
        """content height at width w, and the lines"""
        pt, pl, pb, pr = padding(node)
        iw = w - pl - pr
        if iw < -TOL:
            self.fail(oos(node, "flow padding wider than width"))
        lines = self.flow_lines(node, iw)
        h, v = flow_spacing(node)
        heights = [max(e[3] for e in ln) for ln in lines]
        content = pt + pb + sum(heights) + v * max(len(lines) - 1, 0)
        return content, lines, heights

    # --- section 4's finiteness rule
    def finite_size(self, child, v):
        """section 4: a size that is not finite is outOfSpace where it first appears; for a
        size derived from an aspect ratio (6.5) that is the aspect child, in its group's layout
        or in the fit measurement that derives it (docs/choices.md)"""
        if not math.isfinite(v):
            self.fail(oos(child, "aspect-derived size %r is not finite" % v))
        return v

    def check_finite(self, node, rect):
        """section 4: otherwise at the first node, parents before children, whose frame holds
        a value that is not finite.  Every frame is checked here (layoutc skips the frames of a
        group's children, which its group's checks prove finite: a difference would show)."""
        if not all(math.isfinite(v) for v in rect):
            self.fail(oos(node, "frame %r is not finite" % (tuple(rect),)))

    # --- layout
    def emit(self, node, rect):
        self.check_finite(node, rect)
        if node.name is not None and node.kind != "spacer":
            self.frames.append((node.name, node.kind) + tuple(rect) + (False,))

    def layout(self, node, rect):
        """lays out node's subtree; an error is recorded and stops this subtree only (every
        later error in the subtree comes after the node in document order)"""
        k = node.kind
        try:
            self.emit(node, rect)
            if k in ("hgroup", "vgroup"):
                self.layout_group(node, rect)
            elif k == "flow":
                self.layout_flow(node, rect)
            elif k == "overlay":
                self.layout_overlay(node, rect)
        except LayoutError as e:
            self.errors.append(e)

    def layout_group(self, node, rect):
        x, y, w, h = rect
        hor = node.kind == "hgroup"
        main, cross = ("w", "h") if hor else ("h", "w")
        pt, pl, pb, pr = padding(node)
        ix, iy, iw, ih = x + pl, y + pt, w - pl - pr, h - pt - pb
        if iw < -TOL or ih < -TOL:
            self.fail(oos(node, "negative inner extent"))
        if hor:
            ms, me, cs, ce = ix, iw, iy, ih
        else:
            ms, me, cs, ce = iy, ih, ix, iw
        kids = self.kids(node)
        mains = self.group_main(node, ms, me, ce)
        align = node.props.get("align", "leading")
        rects = []
        for c, (mpos, msize) in zip(kids, mains):
            sp = spec(c, cross, main)
            if sp[0] == "fill" and not has_bounds(c, cross):
                csize, cpos = ce, cs            # READING R3
            else:
                if sp[0] == "fixed":
                    csize = sp[1]
                elif sp[0] == "fit":
                    try:
                        # 7.1: a wrap child of a vgroup is offered the inner width (READING R12)
                        csize = self.fit_h(c, msize) if hor else self.width_in_vgroup(c, ce)
                    except LayoutError as e:
                        # an error inside this child's subtree: later checks of the group
                        # (earlier in document order) still count; the child is skipped
                        self.errors.append(e)
                        rects.append(None)
                        continue
                else:
                    csize = clamp(c, cross, ce)     # 6.4: a bounded fill
                if csize > ce + TOL:
                    self.fail(oos(node, "cross size %r > %r" % (csize, ce)))
                own = c.props.get("alignSelf", align)     # 8.3: this child's own alignment
                if own == "center":
                    cpos = cs + (ce - csize) / 2.0
                elif own == "trailing":
                    cpos = cs + ce - csize
                else:
                    cpos = cs
            if hor:
                rects.append((mpos, cpos, msize, csize))
            else:
                rects.append((cpos, mpos, csize, msize))
        for c, r in zip(kids, rects):
            if r is not None:
                self.layout(c, r)

    def layout_flow(self, node, rect):
        x, y, w, h = rect
        pt, pl, pb, pr = padding(node)
        ix, iy, iw, ih = x + pl, y + pt, w - pl - pr, h - pt - pb
        if iw < -TOL or ih < -TOL:
            self.fail(oos(node, "negative inner extent"))
        content, lines, heights = self.flow_content(node, w)
        if content > h + TOL:
            self.fail(oos(node, "content %r taller than %r" % (content, h)))
        hs, vs = flow_spacing(node)
        justify = is_true(node, "justify")
        top = iy
        for ln, lh in zip(lines, heights):
            k = len(ln)
            if justify and k >= 2:
                g = (iw - sum(e[2] for e in ln)) / (k - 1)
            before = 0.0
            for i, (it, idx, ew, eh) in enumerate(ln):
                if justify:
                    ex = ix + before + i * g if k >= 2 else ix
                else:
                    ex = ix + before + i * hs
                before += ew
                self.check_finite(it, (ex, top, ew, eh))
                if it.name is not None:
                    nm = it.name if idx is None else "%s[%d]" % (it.name, idx)
                    # a justified element is made integral at the end, after mirroring (6.3)
                    self.frames.append((nm, "item", ex, top, ew, eh, justify))
            top += lh + vs

    def overlay_ref(self, node, child):
        rect = node._rect
        if not is_true(child, "safeArea"):
            return rect
        sx, sy, sw, sh = self.safe_rect()
        if sw < -TOL or sh < -TOL:
            self.fail(oos(child, "safe area negative"))
        x0 = max(rect[0], sx)
        x1 = min(rect[0] + rect[2], sx + sw)
        y0 = max(rect[1], sy)
        y1 = min(rect[1] + rect[3], sy + sh)
        if x1 - x0 < -TOL or y1 - y0 < -TOL:
            self.fail(oos(child, "safe area misses overlay"))
        return (x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))

    def overlay_axis(self, child, axis, rmin, rext, size):
        """4.5's table on one axis, with 6.4's clamping.  size: None (none of its own) or a
        number (given, measured or derived).  Returns (pos, size)."""
        lo, hi, mid = ("leading", "trailing", "centerX") if axis == "w" else ("top", "bottom", "centerY")
        a = child.props.get(lo)
        b = child.props.get(hi)
        c = child.props.get(mid)
        if c is None and is_true(child, "center"):
            c = 0
        if a is not None and b is not None:
            sz = rext - a - b
            if sz < -TOL:
                self.fail(oos(child, "two anchors leave negative size"))
            return rmin + a, clamp(child, axis, sz)     # leading (top) wins
        if size is None:
            if a is not None or b is not None or c is not None:
                raise incomplete(child, "one anchor and no size")
            return rmin, clamp(child, axis, rext)       # fills; x = minX + 0
        size = clamp(child, axis, size)
        if a is not None:
            return rmin + a, size
        if b is not None:
            return rmin + rext - b - size, size
        if c is not None:
            return rmin + rext / 2.0 + c - size / 2.0, size
        raise incomplete(child, "a size and no anchor")     # READING R4 for a derived size

    def layout_overlay(self, node, rect):
        node._rect = rect
        for c in self.kids(node):
            try:
                self.overlay_child(node, c)
            except LayoutError as e:
                self.errors.append(e)

    def overlay_child(self, node, c):
        rx, ry, rw, rh = self.overlay_ref(node, c)
        r = aspect(c)
        if r is not None:
            x, y, w, h = self.overlay_aspect_child(c, r, rx, ry, rw, rh)
        else:
            x, w = self.overlay_width(c, rx, rw)
            sp = ospec(c, "h")
            hv = None
            if is_wrap(c) and "top" in c.props and "bottom" in c.props:
                pass        # 7.1: top + bottom is an own height
            elif sp and sp[0] == "fixed":
                hv = sp[1]
            elif sp and sp[0] == "fit":
                hv = self.measure_h(c, w)
            y, h = self.overlay_axis(c, "h", ry, rh, hv)
        self.layout(c, (x, y, w, h))

    def overlay_width(self, c, rx, rw):
        """a child's x and width in an overlay whose reference rect starts at rx, rw wide"""
        sp = ospec(c, "w")
        wv = None
        if is_wrap(c) and "leading" in c.props and "trailing" in c.props:
            pass        # 7.1: leading + trailing is an own width
        elif sp and sp[0] == "fixed":
            wv = sp[1]
        elif sp and sp[0] == "fit" and is_wrap(c):
            wv = self.wrap_width_offered(c, rw - wrap_anchor_room(c))
        elif sp and sp[0] == "fit":
            wv = self.measure_w(c)
        return self.overlay_axis(c, "w", rx, rw, wv)

    def overlay_aspect_child(self, c, r, rx, ry, rw, rh):
        """6.5: a source is a number size or both edge anchors; the height is derived unless
        only the height has a source.  (Both with a source: static conflictingSize.)"""
        p = c.props
        wsp, hsp = ospec(c, "w"), ospec(c, "h")
        src_w = (wsp is not None and wsp[0] == "fixed") or ("leading" in p and "trailing" in p)
        src_h = (hsp is not None and hsp[0] == "fixed") or ("top" in p and "bottom" in p)
        if not src_w and src_h:
            y, h = self.overlay_axis(c, "h", ry, rh, hsp[1] if hsp else None)
            x, w = self.overlay_axis(c, "w", rx, rw, h * r)
        else:
            x, w = self.overlay_axis(c, "w", rx, rw, wsp[1] if wsp else None)
            y, h = self.overlay_axis(c, "h", ry, rh, w / r)
        return x, y, w, h


def derives_width(c):
    """6.5: an aspect overlay child derives its width when only its height has a source (a
    number size or both edge anchors)"""
    p = c.props
    wsp, hsp = ospec(c, "w"), ospec(c, "h")
    src_w = (wsp is not None and wsp[0] == "fixed") or ("leading" in p and "trailing" in p)
    src_h = (hsp is not None and hsp[0] == "fixed") or ("top" in p and "bottom" in p)
    return not src_w and src_h


def sizes_overlay(c, axis):
    """8.5: whether an overlay child sizes its overlay on `axis`: not in the safe area, placed
    from the near edge, by both edges or filling, with something to measure there (a number
    size, a derived size, a dynamic or wrap item's content, a container's fit); else it follows"""
    p = c.props
    if is_true(c, "safeArea"):
        return False
    lo, hi, mid = ("leading", "trailing", "centerX") if axis == "w" else ("top", "bottom", "centerY")
    if mid in p or is_true(c, "center") or (hi in p and lo not in p):
        return False
    sp = size_spec(c, axis)
    if sp is not None and sp[0] == "fixed":
        return True
    if aspect(c) is not None:
        if (axis == "w") == derives_width(c):
            return True         # the derived axis
        if axis == "h":
            return False        # a height from top + bottom, the source of the width
    if c.kind == "item":
        return is_content(c)
    return c.kind != "spacer"


def wrap_anchor_room(c):
    """7.1: what the horizontal anchors take from an overlay wrap child's reference width:
    `leading` and `trailing` where given, 2 x |centerX| where `centerX` or `center` is
    (READING R11: as numbers, so a negative anchor gives more room)"""
    p = c.props
    room = float(p.get("leading", 0)) + float(p.get("trailing", 0))
    cx = p.get("centerX")
    if cx is None and is_true(c, "center"):
        cx = 0
    if cx is not None:
        room += 2 * abs(float(cx))
    return room


# --- the pixel grid (8.2), with exact rationals: v * S is taken as the integer or integer + 1/2
# within 1e-9 of it (1e-9 as the double), then ceil / floor(+ 1/2), divided by S; the quotient
# rounded once to a double
GRID_SNAP = Fraction(1e-9)


def grid_pixels(v, S):
    x = Fraction(v) * Fraction(S)
    h = Fraction(round(x * 2), 2)
    return h if abs(x - h) <= GRID_SNAP else x


def grid_up(v, S):
    if not math.isfinite(v):
        return v
    return float(Fraction(math.ceil(grid_pixels(v, S))) / Fraction(S))


def grid_near(v, S):
    if not math.isfinite(v):
        return v
    return float(Fraction(math.floor(grid_pixels(v, S) + Fraction(1, 2))) / Fraction(S))


def grid_frame(x, y, w, h, S):
    """8.2 step 3: x' = near(x), width' = near(x + width) - x', likewise vertically"""
    x0, y0 = grid_near(x, S), grid_near(y, S)
    return x0, y0, grid_near(x + w, S) - x0, grid_near(y + h, S) - y0


def snap(v):
    r = round(v)
    return float(r) if abs(v - r) <= SNAP else v


def integral(r):
    x, y, w, h = r
    x0 = math.floor(snap(x))
    y0 = math.floor(snap(y))
    return (float(x0), float(y0), float(math.ceil(snap(x + w)) - x0), float(math.ceil(snap(y + h)) - y0))


def mirror_x(W, x, w):
    """6.3: rtl frames are the ltr frames mirrored in the container"""
    return W - x - w


def preorder(node, out):
    out.append(node)
    for c in node.children:
        preorder(c, out)
    return out


def fitted_size(eng, layout, W, H):
    """7.3: the container size of a layout with `fit` (READING R13).  The root's fit on the
    fitted axis, measured at the root's extent on the other axis, plus that axis's safe-area
    insets when the root has `safeArea: true`.  Raises LayoutError."""
    fit = layout.fit
    root = layout.root
    t, l, b, r = eng.insets
    safe = is_true(root, "safeArea")
    if fit == "height" and safe and W is not None and float(W) - l - r < -TOL:
        raise oos(root, "root safe area negative")
    if fit == "width" and safe and H is not None and float(H) - t - b < -TOL:
        raise oos(root, "root safe area negative")
    S = eng.scale
    if fit in ("width", "both"):
        W = eng.measure_w(root) + (l + r if safe else 0.0)
        if S is not None:
            W = grid_up(W, S)         # 8.2: up, insets included, before the height is measured
    if fit in ("height", "both"):
        H = eng.measure_h(root, float(W) - (l + r if safe else 0.0)) + (t + b if safe else 0.0)
        if S is not None:
            H = grid_up(H, S)
    for v in (W, H):
        if not math.isfinite(v):
            raise oos(root, "fitted size is not finite")
    return float(W), float(H)


def compute(layout, W, H, insets=(0, 0, 0, 0), dyn_sizes=None, exhaustive=False,
            hidden=(), direction="ltr", wrap_models=None, trace=None, flags=(), scale=None):
    """("frames", frames) or ("error", code, node, why) for the size-dependent error whose
    node comes first in depth-first document order.  Errors do not depend on the direction.
    With `layout.fit` set (7.3): ("frames", frames, (width, height)), the fitted size."""
    order = {id(n): i for i, n in enumerate(preorder(layout.root, []))}
    fit = getattr(layout, "fit", None)
    dyn_sizes = dyn_sizes or {}
    if scale is not None:
        # 8.2 step 1: content sizes given at run time go up to the grid on both axes
        dyn_sizes = {nm: [(grid_up(float(w), scale), grid_up(float(h), scale)) for w, h in sizes]
                     for nm, sizes in dyn_sizes.items()}
    eng = Engine(W if W is not None else 0.0, H if H is not None else 0.0, insets,
                 dyn_sizes or {}, exhaustive, hidden, wrap_models, trace, flags, scale)
    if fit is not None:
        try:
            W, H = fitted_size(eng, layout, W, H)
        except LayoutError as e:
            eng.errors.append(e)
            if exhaustive:
                return eng.errors
            return ("error", e.code, e.node, e.why)
        if exhaustive and eng.errors:
            return eng.errors
        eng.W, eng.H = W, H
    rect = (0.0, 0.0, float(W), float(H))
    if is_true(layout.root, "safeArea"):
        rect = eng.safe_rect()
        if rect[2] < -TOL or rect[3] < -TOL:
            eng.errors.append(oos(layout.root, "root safe area negative"))
    if not eng.errors or exhaustive:
        eng.layout(layout.root, rect)
    if exhaustive:
        return eng.errors
    if eng.errors:
        e = min(eng.errors, key=lambda e: order[id(e.node)])
        return ("error", e.code, e.node, e.why)
    frames = []
    for name, kind, x, y, w, h, rounded in eng.frames:
        if direction == "rtl":
            x = mirror_x(float(W), x, w)
        if rounded:
            x, y, w, h = integral((x, y, w, h))
        if scale is not None:
            x, y, w, h = grid_frame(x, y, w, h, scale)
        frames.append((name, kind, x, y, w, h))
    if fit is not None:
        return ("frames", frames, (float(W), float(H)))
    return ("frames", frames)
