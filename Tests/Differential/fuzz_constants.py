#!/usr/bin/env python3
"""--spec7c: docs/format.md section 7.5 (constants, `$NAME`, imports) against layoutc.

Usage: python3 Tests/Differential/fuzz_constants.py --layoutc .build/debug/layoutc --count 150 --seed 6

Each case starts from a valid `fuzz.py --spec7b` case (its frames computed by reference.py) and
writes some of its numbers as `$NAME` (a whole value, list elements, the bounds of `when`), the
constants defined in the layout's own `constants:`, in a document of file constants, in an
imported tokens file or in a file that one imports (`import:` as a scalar, a flow list or a block
list; in the layout's document or in the file constants').  Checks:

  * invariant: the file with constants gives the frames (or the size-dependent error) that
    reference.py computes for the numbers typed in, and `layoutc generate` writes the same code
    as for the file with the numbers typed in (source positions aside); now and then the text
    form (`layoutc convert --to text`) gives the same frames;
  * about a third of the cases carry one fault, and reference_constants.py (an independent
    reading of section 7.5) says which errors layoutc must print, at which file and line: a
    misspelt or missing name, `$` alone, a list where a number is expected and the reverse, a
    negative size, a bad definition, a name defined twice (the layout's own against a file
    constant or an import), a missing import, a directory, a file that is not UTF-8, a cycle, a
    syntax error inside an imported file, `$x` where a string is expected (`align: $x`).
Ends with `N passed, N failed`; exit status 1 when any case failed.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402
from fuzz import walk, fmt_num  # noqa: E402
from reference_constants import Def, Imp, Doc, FileModel, Ref, resolve  # noqa: E402

OUT_DIR = "/tmp/layoutc-diff-constants"
SIGNED = {"leading", "trailing", "top", "bottom", "centerX", "centerY"}
LIST_KEYS = {"size": "list2"}
FAULTS = ["missing", "dollar", "list_for_number", "number_for_list", "negative", "bad_definition",
          "duplicate", "missing_import", "directory", "not_utf8", "cycle", "syntax", "string_key"]


def want_of(key, value):
    """What a reference in `key` must stand for: a number (>= 0, or any for an anchor), the
    two numbers of `size`, or, for `padding` and `spacing`, a number or a list of that length."""
    if key in LIST_KEYS:
        return LIST_KEYS[key]
    if isinstance(value, list):
        return "numberOrList%d" % len(value)
    return "signed" if key in SIGNED else "number"


def spell(v):
    if isinstance(v, list):
        return "[" + ", ".join(spell(x) for x in v) + "]"
    if isinstance(v, str):
        return v
    return fmt_num(v)


class Builder:
    """Writes `$NAME` into a case's text and the constants somewhere; keeps the model."""

    def __init__(self, rng, case):
        self.rng = rng
        self.case = case
        self.lines = case.text.rstrip("\n").split("\n")
        self.names = {}         # (doc, repr(value)) -> name
        self.defs = []          # (name, value, place) place: "layout" / "file" / "A" / "B"
        self.refs = []          # (name, old line, doc index, want)
        self.counter = 0

    def name_for(self, value, doc):
        key = (doc, repr(value))
        if key in self.names and self.rng.random() < 0.7:
            return self.names[key]
        self.counter += 1
        name = self.rng.choice(["gutter", "row", "inset", "w", "space", "_pad", "tokenValue"]) + str(self.counter)
        place = self.rng.choice(["layout", "file", "A", "B"])
        self.defs.append((name, value, place, doc))
        self.names[key] = name
        return name

    def substitute(self):
        starts = [lay.line for lay in self.case.layouts]
        for doc, lay in enumerate(self.case.layouts):
            for node, _, _ in walk(lay.root):
                for key, value in list(node.props.items()):
                    if key not in node.key_pos or self.rng.random() > 0.35:
                        continue
                    line, col = node.key_pos[key]
                    text = self.spelled(key, value, doc, line)
                    if text is None:
                        continue
                    old = self.lines[line - 1]
                    at = col - 1 + len(key) + 2
                    assert old[col - 1:at] == key + ": ", (old, key)
                    self.lines[line - 1] = old[:at] + text
        return starts

    def spelled(self, key, value, doc, line):
        if isinstance(value, bool) or isinstance(value, str) or isinstance(value, fuzz.RawYAML):
            return None
        if isinstance(value, dict):      # when: {minWidth: a, maxWidth: b}
            parts = []
            for k, v in value.items():
                if fuzz.SECTION7B and self.rng.random() < 0.7 and not isinstance(v, bool):
                    name = self.name_for(v, doc)
                    self.refs.append((name, line, doc, "number"))
                    parts.append("%s: $%s" % (k, name))
                else:
                    parts.append("%s: %s" % (k, spell(v)))
            return "{" + ", ".join(parts) + "}"
        if isinstance(value, list):
            if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
                return None
            if self.rng.random() < 0.5:
                name = self.name_for(value, doc)
                self.refs.append((name, line, doc, want_of(key, value)))
                return "$" + name
            parts = []
            for x in value:
                if self.rng.random() < 0.5:
                    name = self.name_for(x, doc)
                    self.refs.append((name, line, doc, "number" if key not in SIGNED else "signed"))
                    parts.append("$" + name)
                else:
                    parts.append(spell(x))
            return "[" + ", ".join(parts) + "]"
        if isinstance(value, (int, float)):
            name = self.name_for(value, doc)
            self.refs.append((name, line, doc, want_of(key, value)))
            return "$" + name
        return None


def import_text(rng, paths):
    """`import:` as a scalar, a flow list or a block list; and each path's line (0-based offset)."""
    style = rng.choice(["scalar", "flow", "block"]) if len(paths) == 1 else rng.choice(["flow", "block"])
    if style == "scalar":
        return ["import: " + paths[0]], [0]
    if style == "flow":
        return ["import: [" + ", ".join(paths) + "]"], [0] * len(paths)
    return ["import:"] + ["  - " + p for p in paths], list(range(1, len(paths) + 1))


def add_imports(out, doc, rng, paths):
    lines, offsets = import_text(rng, paths)
    first = len(out) + 1
    out += lines
    for p, k in zip(paths, offsets):
        doc.imports.append(Imp(p, first + k))


def constants_text(defs):
    return ["constants:"] + ["  %s: %s" % (n, spell(v)) for n, v in defs]


def build(seed, idx, rng_fault):
    """A case: its folder's files, the command, what to expect.  None when the base case does
    not suit (a static or usage error of its own, nothing to write as a constant)."""
    case = fuzz.make_case(seed, idx, 0.0)
    if case.static is not None or case.usage is not None:
        return None
    rng = random.Random("constants-%s-%d" % (seed, idx))
    b = Builder(rng, case)
    b.substitute()
    if not b.refs:
        return None
    fault = rng.choice(FAULTS) if rng.random() < rng_fault else None
    n_docs = len(case.layouts)
    doc_ranges = []
    for i, lay in enumerate(case.layouts):
        end = case.layouts[i + 1].line - 2 if i + 1 < n_docs else len(b.lines)   # before its `---`
        doc_ranges.append((lay.line, end))
    # Where each constant goes; a constant used by several layouts is not a layout's own.
    users = {}
    for name, _, doc, _ in b.refs:
        users.setdefault(name, set()).add(doc)
    per_layout = {i: [] for i in range(n_docs)}
    file_defs, a_defs, b_defs = [], [], []
    for name, value, place, doc in b.defs:
        if place == "layout" and len(users.get(name, ())) == 1:
            per_layout[doc].append((name, value))
        elif place == "file":
            file_defs.append((name, value))
        elif place == "A":
            a_defs.append((name, value))
        else:
            b_defs.append((name, value))
    if b_defs and not a_defs:
        a_defs.append(("unusedA%d" % idx, 1))
    import_in_file = rng.random() < 0.5
    extra_import = None
    main_imports = ["tokensA.layout.yaml"] if a_defs else []
    a_imports = ["sub/tokensB.layout.yaml"] if b_defs else []
    b_imports = []
    files_text = {}
    faults_expect_file = {}
    ref_lines_extra = []

    # faults that change the model before writing
    if fault == "missing":
        name, line, doc, want = rng.choice(b.refs)
        b.lines[line - 1] = b.lines[line - 1].replace("$" + name, "$" + name[:-1] + "x", 1)
        ref_lines_extra.append((name[:-1] + "x", line, doc, want, name))
    elif fault == "dollar":
        name, line, doc, want = rng.choice(b.refs)
        b.lines[line - 1] = b.lines[line - 1].replace("$" + name, "$", 1)
        ref_lines_extra.append(("", line, doc, want, name))
    elif fault in ("list_for_number", "number_for_list", "negative"):
        kinds = {"list_for_number": ("number", "signed"), "number_for_list": ("list2",), "negative": ("number",)}
        cands = [r for r in b.refs if r[3] in kinds[fault]]
        if not cands:
            fault = None
        else:
            name, line, doc, want = rng.choice(cands)
            bad = {"list_for_number": [1, 2], "number_for_list": 5, "negative": -3}[fault]
            per_layout[doc].append(("bad%d" % idx, bad))
            b.lines[line - 1] = b.lines[line - 1].replace("$" + name, "$bad%d" % idx, 1)
            ref_lines_extra.append(("bad%d" % idx, line, doc, want, name))
    elif fault == "bad_definition":
        per_layout[0].append(("text%d" % idx, "abc"))
    elif fault == "duplicate":
        shared = file_defs + a_defs + b_defs
        if not shared:
            fault = None
        else:
            name, value = rng.choice(shared)
            per_layout[0].append((name, value + 1 if isinstance(value, (int, float)) else value))
    elif fault in ("missing_import", "directory", "not_utf8", "syntax"):
        extra_import = {"missing_import": "nowhere.layout.yaml", "directory": "folder.layout.yaml",
                        "not_utf8": "latin1.layout.yaml", "syntax": "broken.layout.yaml"}[fault]
    elif fault == "cycle":
        # B imports A back (A imports B), or A imports itself: the import that closes it
        if b_defs:
            b_imports.append("../tokensA.layout.yaml")
        elif a_defs:
            a_imports.append("tokensA.layout.yaml")
        else:
            fault = None
    elif fault == "string_key":
        # `align: $x` is the plain string "$x": invalidValue at the key
        groups = [(n, lay_i) for lay_i, lay in enumerate(case.layouts) for n, _, _ in walk(lay.root)
                  if n.kind in ("hgroup", "vgroup") and getattr(n, "line", None) is not None and "align" not in n.props]
        if not groups:
            fault = None
        else:
            node, lay_i = rng.choice(groups)
            line = node.line
            text = b.lines[line - 1]
            indent = len(text) - len(text.lstrip(" -"))
            b.lines.insert(line, " " * indent + "align: $" + (b.defs[0][0]))
            # one inserted line: shift everything below
            b.refs = [(n, l + 1 if l > line else l, d, w) for n, l, d, w in b.refs]
            ref_lines_extra = [(n, l + 1 if l > line else l, d, w, o) for n, l, d, w, o in ref_lines_extra]
            doc_ranges = [(s + (1 if s > line else 0), e + (1 if e >= line else 0)) for s, e in doc_ranges]
            faults_expect_file["align"] = line + 1
    if extra_import:
        main_imports.append(extra_import)

    # the main file: each layout document gets its own constants (and imports) after its lines,
    # then a document of file constants at the end
    out = []
    new_line = {}
    model_docs = []
    prev_end = 0
    for i, (start, end) in enumerate(doc_ranges):
        for old in range(prev_end + 1, end + 1):
            out.append(b.lines[old - 1])
            new_line[old] = len(out)
        prev_end = end
        doc = Doc(layout="L%d" % i)
        if not import_in_file and main_imports:
            add_imports(out, doc, rng, main_imports)
        if per_layout[i]:
            first = len(out) + 1
            out += constants_text(per_layout[i])
            for k, (n, v) in enumerate(per_layout[i]):
                doc.constants.append(Def(n, v, first + 1 + k))
        model_docs.append(doc)
    for old in range(prev_end + 1, len(b.lines) + 1):
        out.append(b.lines[old - 1])
        new_line[old] = len(out)
    if file_defs or (import_in_file and main_imports):
        out.append("---")
        doc = Doc()
        if import_in_file and main_imports:
            add_imports(out, doc, rng, main_imports)
        if file_defs:
            first = len(out) + 1
            out += constants_text(file_defs)
            for k, (n, v) in enumerate(file_defs):
                doc.constants.append(Def(n, v, first + 1 + k))
        model_docs.append(doc)
    files_text["main.layout.yaml"] = "\n".join(out) + "\n"

    def tokens(defs, imports, header):
        lines = ["# " + header]
        doc = Doc()
        if imports:
            add_imports(lines, doc, rng, imports)
        first = len(lines) + 1
        lines += constants_text(defs) if defs else ["constants: {}"]
        for k, (n, v) in enumerate(defs):
            doc.constants.append(Def(n, v, first + 1 + k))
        return "\n".join(lines) + "\n", doc

    root = os.path.join(OUT_DIR, "s%s_c%d" % (seed, idx))
    models = {}
    if a_defs or fault == "cycle":
        text, doc = tokens(a_defs, a_imports, "tokens A")
        files_text["tokensA.layout.yaml"] = text
        models["tokensA.layout.yaml"] = FileModel([doc])
    if b_defs:
        text, doc = tokens(b_defs, b_imports, "tokens B, imported by tokens A")
        files_text["sub/tokensB.layout.yaml"] = text
        models["sub/tokensB.layout.yaml"] = FileModel([doc])
    if fault == "syntax":
        files_text["broken.layout.yaml"] = "constants:\n  k: 1\n  k: 2\n"
        models["broken.layout.yaml"] = FileModel([Doc(constants=[Def("k", 1, 2)])], syntax_errors=[3])
    if fault == "not_utf8":
        files_text["latin1.layout.yaml"] = b"constants: {caf\xe9: 1}\n"
    models["main.layout.yaml"] = FileModel(model_docs)

    refs = []
    originals = {}
    for name, line, doc, want in b.refs:
        if any(e[1] == line and e[4] == name for e in ref_lines_extra):
            continue
        refs.append(Ref(name, new_line[line], doc, want))
    for name, line, doc, want, _ in ref_lines_extra:
        refs.append(Ref(name, new_line[line], doc, want))
    paths = {os.path.normpath(os.path.join(root, p)): m for p, m in models.items()}
    errors, _ = resolve(paths, os.path.join(root, "main.layout.yaml"), refs)
    if "align" in faults_expect_file:
        errors.add((os.path.join(root, "main.layout.yaml"), new_line[faults_expect_file["align"]], "invalidValue"))
    return case, root, files_text, fault, errors, new_line


def write_files(root, files_text, fault):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "sub"))
    for path, text in files_text.items():
        with open(os.path.join(root, path), "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
    if fault == "directory":
        os.makedirs(os.path.join(root, "folder.layout.yaml"))


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


POSITIONS = [(re.compile(r"\(line [0-9]+\)"), "(line _)"), (re.compile(r"line: [0-9]+, column: [0-9]+"), "line: _, column: _"),
             (re.compile(r"[A-Za-z0-9_]+\.layout(\.yaml)?(:[0-9]+)?"), "_")]


def without_positions(text):
    for pattern, replacement in POSITIONS:
        text = pattern.sub(replacement, text)
    return text


def check(layoutc, seed, idx, fault_p, text_every):
    built = build(seed, idx, fault_p)
    if built is None:
        return None, "skipped"
    case, root, files_text, fault, errors, new_line = built
    write_files(root, files_text, fault)
    main = os.path.join(root, "main.layout.yaml")
    rc, out, err = run([layoutc, "frames", main, "--format", "json"] + case.args)
    problems = []
    if errors:
        got = set()
        for ln in err.splitlines():
            m = fuzz.DIAG_RE.match(ln.strip())
            if m and m.group(4) == "error":
                got.add((os.path.normpath(os.path.join(root, m.group(1))) if not os.path.isabs(m.group(1)) else os.path.normpath(m.group(1)),
                         int(m.group(2)), m.group(6)))
        want = {(os.path.normpath(p), l, c) for p, l, c in errors}
        # Beyond what section 7.5 reports, only consequences in the main file: a value left out
        # by a bad reference (a flow item without its size: itemIncomplete), or the base case's
        # own size-dependent error when the fault does not stop the layout (a tokens file's
        # syntax error); never another 7.5 code.
        extra = {e for e in got - want if e[0] != main or e[2] in ("invalidValue", "duplicateName", "syntax")}
        if rc != 1 or not want <= got or extra:
            problems.append("fault %s: expected exit 1 and %s\n  got exit %s and %s\n%s" % (
                fault, sorted(want), rc, sorted(got), err.strip()[:800]))
        return problems, "fault:" + str(fault)
    ex = fuzz.expected(case)
    ex.errors = [(c, new_line.get(l, l), col) for c, l, col in ex.errors]
    ex.all_errors = {(c, new_line.get(l, l), col) for c, l, col in ex.all_errors}
    diff, order_only = fuzz.compare(case, ex, rc, out, err)
    if diff is not None and not order_only:
        problems.append(diff)
    # the same generated code as with the numbers typed in
    inline = os.path.join(root, "inline")
    os.makedirs(inline, exist_ok=True)
    with open(os.path.join(inline, "main.layout.yaml"), "w") as f:
        f.write(case.text)
    g1 = run([layoutc, "generate", main, "--output", os.path.join(root, "gen")])
    g2 = run([layoutc, "generate", os.path.join(inline, "main.layout.yaml"), "--output", os.path.join(root, "gen-inline")])
    if g1[0] != g2[0]:
        problems.append("generate: exit %s with constants, %s inline\n%s\n%s" % (g1[0], g2[0], g1[2][:400], g2[2][:400]))
    elif g1[0] == 0:
        a = open(os.path.join(root, "gen", "main.layout.swift")).read()
        b = open(os.path.join(root, "gen-inline", "main.layout.swift")).read()
        if without_positions(a) != without_positions(b):
            problems.append("generate: the code differs from the code of the numbers typed in")
    if text_every and idx % text_every == 0 and rc in (0, 1):
        text_path = os.path.join(root, "main.layout")
        c_rc, c_out, c_err = run([layoutc, "convert", main, "--to", "text"])
        if c_rc != 0:
            problems.append("convert --to text failed: %s" % c_err[:400])
        else:
            with open(text_path, "w") as f:
                f.write(c_out)
            t_rc, t_out, _ = run([layoutc, "frames", text_path, "--format", "json"] + case.args)
            if (t_rc, json.loads(t_out) if t_rc == 0 else None) != (rc, json.loads(out) if rc == 0 else None):
                problems.append("the text form's frames differ from the YAML form's")
    return problems, ("frames" if rc == 0 else "error") + "+constants"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layoutc", required=True)
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--seed", default="6")
    ap.add_argument("--faults", type=float, default=0.35, help="fraction of cases with one section 7.5 fault")
    ap.add_argument("--text-every", type=int, default=3, help="also the text form on every Nth case (0: never)")
    ap.add_argument("--only", type=int, default=None)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    fuzz.SECTION6 = fuzz.SECTION7 = fuzz.SECTION7B = True
    passed = failed = skipped = 0
    stats = {}
    for idx in ([args.only] if args.only is not None else range(args.count)):
        problems, category = check(os.path.abspath(args.layoutc), args.seed, idx, args.faults, args.text_every)
        stats[category] = stats.get(category, 0) + 1
        if problems is None:
            skipped += 1
        elif problems:
            failed += 1
            print("=" * 72)
            print("FAIL case %d (%s) in %s" % (idx, category, os.path.join(OUT_DIR, "s%s_c%d" % (args.seed, idx))))
            print("\n".join(problems))
        else:
            passed += 1
    if not args.quiet:
        for k in sorted(stats, key=lambda k: -stats[k]):
            print("%-32s %4d" % (k, stats[k]))
    print("%d passed, %d failed (%d base cases skipped: a static or usage error of their own, or no number)" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
