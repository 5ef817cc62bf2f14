"""Independent reference of docs/format.md section 7.5 (constants, `$NAME`, imports).

Written from the format's text only.  It works on a model of the files, not on their text (the
fuzzer writes the text itself and knows the line of everything it writes):

    Doc(layout=None | name, constants=[Def], imports=[Imp])
    Def(name, value, line)          value: a number, a list of numbers, or anything else (bad)
    Imp(path, line)                 path relative to the importing file's folder
    FileModel(docs, readable=True, syntax_errors=[line, ...])
    Ref(name, line, doc_index, want)  want: "number" (>= 0), "signed" (any number), "list2" (two
                                      numbers >= 0), "numberOrList4" (padding), "numberOrList2"

    resolve(files, main, refs) -> (errors, values)

`errors` is the set of (file, line, code) that section 7.5 reports; `values` maps each Ref to the
value it stands for (when it resolved).  Rules used, each from section 7.5:
  * a definition whose value is not a number or a list of numbers: invalidValue at the definition;
  * an import that cannot be read (missing, a directory, not UTF-8): invalidValue at the path, in
    the importing file; an import cycle: invalidValue at the import that closes it; an imported
    file's own problems are reported once, under its name;
  * a file's file constants are visible to its every layout; a layout document's own constants and
    imports to that layout; an import makes the imported file's file constants (and, transitively,
    those of its imports) visible;
  * one name defined twice among what a layout sees (one definition reached twice is one):
    duplicateName at the later of the two *in the importing file* (a definition, or the import
    that brings the other);
  * `$NAME` with no visible constant, or a value of the wrong shape, or a number the position
    refuses (a negative size): invalidValue at the reference.
"""

import os


class Def:
    def __init__(self, name, value, line):
        self.name, self.value, self.line = name, value, line


class Imp:
    def __init__(self, path, line):
        self.path, self.line = path, line


class Doc:
    def __init__(self, layout=None, constants=None, imports=None):
        self.layout = layout
        self.constants = constants or []
        self.imports = imports or []


class FileModel:
    def __init__(self, docs, readable=True, syntax_errors=()):
        self.docs = docs
        self.readable = readable
        self.syntax_errors = list(syntax_errors)


class Ref:
    def __init__(self, name, line, doc_index, want):
        self.name, self.line, self.doc_index, self.want = name, line, doc_index, want


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_valid_value(v):
    return is_number(v) or (isinstance(v, list) and all(is_number(x) for x in v))


def join(importer, path):
    return os.path.normpath(os.path.join(os.path.dirname(importer), path))


class Resolver:
    def __init__(self, files):
        self.files = files          # resolved path -> FileModel (absent: cannot be read)
        self.errors = set()
        self.loaded = {}            # path -> list of visible (name, value, origin) or None

    def visible_of_imports(self, importer, imports, stack):
        """[(name, value, origin, via_line)] brought by `imports` of the file `importer`."""
        out = []
        for imp in imports:
            path = join(importer, imp.path)
            if path in stack:
                self.errors.add((importer, imp.line, "invalidValue"))     # the import that closes a cycle
                continue
            model = self.files.get(path)
            if model is None or not model.readable:
                self.errors.add((importer, imp.line, "invalidValue"))
                continue
            for name, value, origin in self.load(path, stack):
                out.append((name, value, origin, imp.line))
        return out

    def load(self, path, stack):
        """The file constants an imported file makes visible (read and checked once)."""
        if path in self.loaded:
            return self.loaded[path]
        model = self.files[path]
        for line in model.syntax_errors:
            self.errors.add((path, line, "syntax"))
        visible = self.file_scope(path, model, stack + [path])
        result = [(n, v, o) for n, v, o, _ in visible]
        self.loaded[path] = result
        return result

    def file_scope(self, path, model, stack):
        """A file's file constants with where each was brought in (a line in this file)."""
        entries = []
        for doc in model.docs:
            if doc.layout is not None:
                continue
            entries += self.scope_entries(path, doc, stack)
        return self.without_duplicates(path, entries)

    def scope_entries(self, path, doc, stack):
        entries = []
        for d in doc.constants:
            if not is_valid_value(d.value):
                self.errors.add((path, d.line, "invalidValue"))
            entries.append((d.name, d.value if is_valid_value(d.value) else None, (path, d.line), d.line))
        # imports and definitions in file order, by the line that brings each
        entries += self.visible_of_imports(path, doc.imports, stack)
        return entries

    def without_duplicates(self, path, entries, known=None):
        """Names to values; a second definition of a name (another origin) is duplicateName at
        the later line of this file."""
        seen = dict(known or {})
        for name, value, origin, line in sorted(entries, key=lambda e: e[3]):
            if name in seen:
                if seen[name][1] != origin:
                    self.errors.add((path, max(line, seen[name][2]), "duplicateName"))
                continue
            seen[name] = (value, origin, line)
        return [(n, v, o, l) for n, (v, o, l) in seen.items()]


def resolve(files, main, refs):
    r = Resolver(files)
    model = files[main]
    file_entries = r.file_scope(main, model, [main])
    values = {}
    for index, doc in enumerate(model.docs):
        if doc.layout is None:
            continue
        own = r.scope_entries(main, doc, [main])
        # the layout's own against the file's: one table; a clash is reported at the later line
        merged = r.without_duplicates(main, own, {n: (v, o, l) for n, v, o, l in file_entries})
        table = {n: v for n, v, _, _ in merged}
        for ref in refs:
            if ref.doc_index != index:
                continue
            value = table.get(ref.name, "missing")
            if value == "missing" or value is None or not fits(value, ref.want):
                r.errors.add((main, ref.line, "invalidValue"))
            else:
                values[ref] = value
    return r.errors, values


def fits(value, want):
    if want == "signed":
        return is_number(value)
    if want == "number":
        return is_number(value) and value >= 0
    if want.startswith("numberOrList"):
        return fits(value, "number") or fits(value, "list" + want[12:])
    if want.startswith("list"):
        return isinstance(value, list) and len(value) == int(want[4:]) and all(x >= 0 for x in value)
    raise ValueError(want)
