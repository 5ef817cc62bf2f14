"""Independent reference implementation of the layout engine of docs/format.md §4.

Written from docs/format.md and docs/choices.md only.  It works on an in-memory tree
of `Node` objects (the fuzzer builds these and emits the YAML text itself), so it needs no
YAML parser.  `compute(layout, W, H, insets, dyn_sizes)` returns either
`("frames", [(name, kind, x, y, w, h), ...])` or `("error", code, node)` for the first
size-dependent error (`outOfSpace` / `itemIncomplete`).

Order of checks (the "first" error, docs/choices.md "One size-dependent error per layout"):
  * the root's safe-area check, then the root node;
  * a group: padding (step 1), then main-axis fit measurements of the children in order
    (errors inside a measurement propagate at once), free space, percent/flexible sizes and
    margin slots, then cross sizes (cross-axis fit measurements, cross overflow) child by
    child; only then the children's own layouts, in order;
  * an overlay: child by child -- reference rect (safe area), width, height, then that
    child's own layout before the next child (children are independent);
  * a flow: padding, element expansion (missing dynamic sizes), lines (element too wide),
    content height.
"""

import math

TOL = 1e-9          # docs/choices.md: outOfSpace comparisons and line breaks
SNAP = 1e-6         # docs/format.md §4.3.6: a value within 1e-6 of an integer is that integer

# docs/format.md §4.3 lists "elements" (step 2: a dynamic item without sizes is itemIncomplete) before
# "lines" (step 3: an element wider than the flow is outOfSpace).  True: every element is
# expanded first, so a missing dynamic size wins over an earlier too-wide element of the same
# flow.  False: strict document order of the items.
FLOW_PREPASS = True

KINDS = ("item", "spacer", "hgroup", "vgroup", "flow", "overlay")


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
    def __init__(self, name, root, size=None, safe_area=None):
        self.name = name
        self.root = root
        self.size = size            # [W, H] or None
        self.safe_area = safe_area  # [t, l, b, r] or None
        self.line = 0


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
    """axis 'w' or 'h' -> None | ('fixed', v) | ('fit',) | ('flexible',)"""
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


# ---------------------------------------------------------------- engine

class Engine:
    def __init__(self, W, H, insets, dyn_sizes, exhaustive=False):
        # exhaustive: record every size-dependent error and carry on with the computed
        # (possibly negative) values, to list all errors a layout has (used only to label
        # disagreements about *which* error comes first)
        self.exhaustive = exhaustive
        self.W = float(W)
        self.H = float(H)
        self.insets = tuple(float(v) for v in insets)   # t, l, b, r
        self.dyn = dyn_sizes                              # name -> [(w, h), ...]
        self.frames = []
        self.errors = []

    def fail(self, err):
        if self.exhaustive:
            self.errors.append(err)
        else:
            raise err

    # --- safe area
    def safe_rect(self):
        t, l, b, r = self.insets
        return (l, t, self.W - l - r, self.H - t - b)

    # --- measuring (docs/format.md §4.6)
    def measure_w(self, node):
        k = node.kind
        if k == "hgroup":      # main axis: sum of slots
            pt, pl, pb, pr = padding(node)
            s = group_spacing(node)
            m = float(node.props.get("margin", 0))
            tot = 0.0
            for c in node.children:
                sp = size_spec(c, "w")
                if sp and sp[0] == "fixed":
                    tot += sp[1]
                elif sp and sp[0] == "fit":
                    tot += self.measure_w(c) + m
                else:
                    raise incomplete(node, "hgroup width fit with a non-fixed child")
            n = len(node.children)
            return tot + s * max(n - 1, 0) + pl + pr
        if k == "vgroup":      # cross axis: largest fixed / fit width
            pt, pl, pb, pr = padding(node)
            best = None
            for c in node.children:
                sp = size_spec(c, "w")
                if sp and sp[0] == "fixed":
                    v = sp[1]
                elif sp and sp[0] == "fit":
                    v = self.measure_w(c)
                else:
                    continue
                best = v if best is None else max(best, v)
            if best is None:
                raise incomplete(node, "vgroup width fit without a sized child")
            return best + pl + pr
        raise incomplete(node, "cannot measure width of %s" % k)

    def measure_h(self, node, w):
        k = node.kind
        if k == "vgroup":      # main axis
            pt, pl, pb, pr = padding(node)
            iw = w - pl - pr
            s = group_spacing(node)
            m = float(node.props.get("margin", 0))
            tot = 0.0
            for c in node.children:
                sp = size_spec(c, "h")
                if sp and sp[0] == "fixed":
                    tot += sp[1]
                elif sp and sp[0] == "fit":
                    tot += self.measure_h(c, self.child_width_in_vgroup(c, iw)) + m
                else:
                    raise incomplete(node, "vgroup height fit with a non-fixed child")
            n = len(node.children)
            return tot + s * max(n - 1, 0) + pt + pb
        if k == "hgroup":      # cross axis
            pt, pl, pb, pr = padding(node)
            iw = w - pl - pr
            needs_main = self.exhaustive or any((size_spec(c, "h") or ("",))[0] == "fit"
                                                for c in node.children)
            slots = None
            if needs_main:
                if iw < -TOL:
                    self.fail(oos(node, "padding wider than measured width"))
                slots = self.group_main(node, 0.0, iw, None)
            best = None
            for i, c in enumerate(node.children):
                sp = size_spec(c, "h")
                if sp and sp[0] == "fixed":
                    v = sp[1]
                elif sp and sp[0] == "fit":
                    v = self.measure_h(c, slots[i][1])
                else:
                    continue
                best = v if best is None else max(best, v)
            if best is None:
                raise incomplete(node, "hgroup height fit without a sized child")
            return best + pt + pb
        if k == "flow":
            return self.flow_content(node, w)[0]
        raise incomplete(node, "cannot measure height of %s" % k)

    def child_width_in_vgroup(self, c, inner_w):
        """width at which a vgroup child's height is measured (4.2.9 / 4.6)."""
        sp = size_spec(c, "w")
        if sp and sp[0] == "fixed":
            return sp[1]
        if sp and sp[0] == "fit":
            return self.measure_w(c)
        return inner_w

    # --- group main axis (docs/format.md §4.2 steps 2-7): list of (pos, size) per child
    def group_main(self, node, start, ext, cross_ext):
        hor = node.kind == "hgroup"
        s = group_spacing(node)
        m = float(node.props.get("margin", 0))
        n = len(node.children)
        entries = []
        used = 0.0
        for c in node.children:
            sp = size_spec(c, "w" if hor else "h")
            if sp and sp[0] == "fixed":
                entries.append(("slot", sp[1]))
                used += sp[1]
            elif sp and sp[0] == "fit":
                if hor:
                    meas = self.measure_w(c)
                else:
                    meas = self.measure_h(c, self.child_width_in_vgroup(c, cross_ext))
                entries.append(("slot", meas + m))
                used += meas + m
            elif "percent" in c.props:
                entries.append(("pct", float(c.props["percent"])))
            else:
                entries.append(("flex", float(c.props.get("flexible", 1))))
        free = ext - s * max(n - 1, 0) - used
        if free < -TOL:
            self.fail(oos(node, "free %r < 0" % free))
        pct_total = sum(free * v / 100.0 for kind, v in entries if kind == "pct")
        rem = free - pct_total
        wsum = sum(v for kind, v in entries if kind == "flex")
        slots = []
        for kind, v in entries:
            if kind == "slot":
                slots.append(v)
            elif kind == "pct":
                slots.append(v / 100.0 * free)
            else:
                slots.append(rem * v / wsum)
        out = []
        pos = start
        for sl in slots:
            if m > 0 and sl < m - TOL:
                self.fail(oos(node, "slot %r smaller than margin %r" % (sl, m)))
            out.append((pos + m / 2.0, sl - m))
            pos += sl + s
        return out

    # --- flow (docs/format.md §4.3)
    def flow_elements(self, node):
        """generator: an error is raised when its element is reached, so an element too wide
        before a dynamic item without sizes is reported first (document order)"""
        for it in node.children:
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
            els = list(els)     # docs/format.md §4.3 step 2 (all elements) before step 3 (lines)
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

    # --- layout
    def emit(self, node, rect):
        if node.name is not None and node.kind != "spacer":
            self.frames.append((node.name, node.kind) + tuple(rect))

    def layout(self, node, rect):
        """lays out node's subtree; an error is recorded and stops this subtree only (every
        later error in the subtree comes after the node in document order)"""
        self.emit(node, rect)
        k = node.kind
        try:
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
        pt, pl, pb, pr = padding(node)
        ix, iy, iw, ih = x + pl, y + pt, w - pl - pr, h - pt - pb
        if iw < -TOL or ih < -TOL:
            self.fail(oos(node, "negative inner extent"))
        if hor:
            ms, me, cs, ce = ix, iw, iy, ih
        else:
            ms, me, cs, ce = iy, ih, ix, iw
        main = self.group_main(node, ms, me, ce)
        align = node.props.get("align", "leading")
        rects = []
        for c, (mpos, msize) in zip(node.children, main):
            sp = size_spec(c, "h" if hor else "w")
            if sp and sp[0] in ("fixed", "fit"):
                if sp[0] == "fixed":
                    csize = sp[1]
                else:
                    try:
                        csize = self.measure_h(c, msize) if hor else self.measure_w(c)
                    except LayoutError as e:
                        # an error inside this child's subtree: later checks of the group
                        # (earlier in document order) still count; the child is skipped
                        self.errors.append(e)
                        rects.append(None)
                        continue
                if csize > ce + TOL:
                    self.fail(oos(node, "cross size %r > %r" % (csize, ce)))
                if align == "center":
                    cpos = cs + (ce - csize) / 2.0
                elif align == "trailing":
                    cpos = cs + ce - csize
                else:
                    cpos = cs
            else:
                csize, cpos = ce, cs
            if hor:
                rects.append((mpos, cpos, msize, csize))
            else:
                rects.append((cpos, mpos, csize, msize))
        for c, r in zip(node.children, rects):
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
                r = (ex, top, ew, eh)
                if justify:
                    r = integral(r)
                if it.name is not None:
                    nm = it.name if idx is None else "%s[%d]" % (it.name, idx)
                    self.frames.append((nm, "item") + tuple(r))
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

    def overlay_axis(self, child, lo, hi, mid, rmin, rext, size):
        """size: None or number; returns (pos, size)"""
        a = child.props.get(lo)
        b = child.props.get(hi)
        c = child.props.get(mid)
        if c is None and is_true(child, "center"):
            c = 0
        if a is not None and b is not None:
            sz = rext - a - b
            if sz < -TOL:
                self.fail(oos(child, "two anchors leave negative size"))
            return rmin + a, sz
        if a is not None:
            return rmin + a, size
        if b is not None:
            return rmin + rext - b - size, size
        if c is not None:
            return rmin + rext / 2.0 + c - size / 2.0, size
        return rmin, rext

    def layout_overlay(self, node, rect):
        node._rect = rect
        for c in node.children:
            try:
                self.overlay_child(node, c)
            except LayoutError as e:
                self.errors.append(e)

    def overlay_child(self, node, c):
        if True:
            rx, ry, rw, rh = self.overlay_ref(node, c)
            sp = size_spec(c, "w")
            wv = None
            if sp and sp[0] == "fixed":
                wv = sp[1]
            elif sp and sp[0] == "fit":
                wv = self.measure_w(c)
            x, w = self.overlay_axis(c, "leading", "trailing", "centerX", rx, rw, wv)
            sp = size_spec(c, "h")
            hv = None
            if sp and sp[0] == "fixed":
                hv = sp[1]
            elif sp and sp[0] == "fit":
                hv = self.measure_h(c, w)
            y, h = self.overlay_axis(c, "top", "bottom", "centerY", ry, rh, hv)
            self.layout(c, (x, y, w, h))


def snap(v):
    r = round(v)
    return float(r) if abs(v - r) <= SNAP else v


def integral(r):
    x, y, w, h = r
    x0 = math.floor(snap(x))
    y0 = math.floor(snap(y))
    return (float(x0), float(y0), float(math.ceil(snap(x + w)) - x0), float(math.ceil(snap(y + h)) - y0))


def preorder(node, out):
    out.append(node)
    for c in node.children:
        preorder(c, out)
    return out


def compute(layout, W, H, insets=(0, 0, 0, 0), dyn_sizes=None, exhaustive=False):
    """("frames", frames) or ("error", code, node, why) for the size-dependent error whose
    node comes first in depth-first document order"""
    order = {id(n): i for i, n in enumerate(preorder(layout.root, []))}
    eng = Engine(W, H, insets, dyn_sizes or {}, exhaustive)
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
    return ("frames", eng.frames)
