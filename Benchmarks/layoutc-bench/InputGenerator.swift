/// Generated layout files of a given size: a realistic mix of groups, flows, overlays and items,
/// deterministic so that every run measures the same bytes.
enum InputGenerator {
    /// A YAML layout of about `bytes` bytes, and how many nodes it holds.
    static func yaml(bytes target: Int) -> (text: String, nodes: Int) {
        var out = "layout: Generated\nsize: [390, 100000000]\nroot:\n  vgroup: main\n  spacing: 4\n  children:\n"
        var nodes = 1
        var section = 0
        while out.utf8.count < target {
            let s = section
            section += 1
            switch s % 3 {
            case 0:
                out += """
                    - hgroup: row\(s)
                      height: 44
                      padding: [4, 8, 4, 8]
                      spacing: 8
                      align: center
                      children:
                        - item: icon\(s)
                          size: [28, 28]
                        - item: title\(s)
                        - item: badge\(s)
                          percent: 20
                          height: 20

                """
                nodes += 4
            case 1:
                out += """
                    - flow: tags\(s)
                      height: fit
                      spacing: [8, 6]
                      justify: true
                      items:
                        - item: first\(s)
                          size: [80, 30]
                        - item: chip\(s)
                          count: 6
                          size: [52, 30]

                """
                nodes += 3
            default:
                out += """
                    - overlay: card\(s)
                      height: 120
                      children:
                        - vgroup: body\(s)
                          margin: 4
                          children:
                            - item: heading\(s)
                              height: 24
                            - item: text\(s)
                        - item: close\(s)
                          size: [44, 44]
                          top: 8
                          trailing: 8

                """
                nodes += 5
            }
        }
        return (out, nodes)
    }

    /// A tree of about `count` nodes mixing groups and flows, for the engine.
    /// With `realScreen`, about every third node also has a bound or an aspect ratio
    /// (docs/format.md §6.4, §6.5): a capped cross size, a derived height, a flow with a
    /// minimum width (which sends its group through the freeze loop).
    static func mixedTree(nodes count: Int, realScreen: Bool = false) -> String {
        mixedTree(nodes: count, realScreen: realScreen, text: false)
    }

    /// `mixedTree` with docs/format.md §7's keys on 3 of each 7 nodes (more than every third):
    /// each row may give way in the column (`shrink: 1`, which the column never needs), its
    /// first item is a wrap item that may give way (`dynamic: wrap`, `shrink: 1`, in place of
    /// `width: 40`; measured 40 pt wide on one line, so it keeps that width), and the column's
    /// first item wraps at the column's width (`dynamic: wrap`, where it was flexible). Wrap
    /// items are named `a…` and `b…`.
    static func mixedTextTree(nodes count: Int) -> String {
        mixedTree(nodes: count, realScreen: false, text: true)
    }

    /// `mixedTree` with docs/format.md §8.3–8.5 on 3 of each 7 nodes (more than every third):
    /// the row's label is centred across by `alignSelf` and spaced by `spaceBefore`, the column
    /// has `spaceAfter`, and the column is an overlay that measures its height from its first
    /// child (`top: 0` and a height; `height: fit` in the row) while the second follows (`bottom: 0`).
    /// With `plain`, the same tree without them: no `alignSelf` or spaces, the overlay 30 high.
    static func mixedAppsTree(nodes count: Int, plain: Bool = false) -> String {
        var out = "layout: Mixed\nsize: [1000, 1000000]\nroot:\n  vgroup: main\n  children:\n"
        var made = 1
        var s = 0
        while made < count {
            out += """
                - hgroup: g\(s)
                  height: 60
                  padding: 4
                  spacing: 4
                  align: leading
                  children:
                    - item: a\(s)
                      width: 40
                      height: 20\(plain ? "" : "\n          alignSelf: center\n          spaceBefore: 2")
                    - overlay: v\(s)
                      height: \(plain ? "30" : "fit\n          spaceAfter: 2")
                      children:
                        - item: b\(s)
                          top: 0
                          height: 30
                        - item: c\(s)
                          bottom: 0
                          height: 1
                    - flow: f\(s)
                      percent: 50
                      spacing: 4
                      items:
                        - item: t\(s)
                          count: 3
                          size: [30, 20]

            """
            made += 7
            s += 1
        }
        return out
    }

    private static func mixedTree(nodes count: Int, realScreen: Bool, text: Bool) -> String {
        var out = "layout: Mixed\nsize: [1000, 1000000]\nroot:\n  vgroup: main\n  children:\n"
        var made = 1
        var s = 0
        while made < count {
            out += """
                - hgroup: g\(s)
                  height: 60\(text ? "\n      shrink: 1" : "")
                  padding: 4
                  spacing: 4
                  children:
                    - item: a\(s)
                      \(text ? "dynamic: wrap\n          shrink: 1" : "width: 40")\(realScreen ? "\n          maxHeight: 50" : "")
                    - vgroup: v\(s)
                      children:
                        - item: b\(s)\(realScreen ? "\n              aspect: 20" : "")\(text ? "\n              dynamic: wrap" : "")
                        - item: c\(s)
                          percent: 30
                    - flow: f\(s)
                      percent: 50\(realScreen ? "\n          minWidth: 100" : "")
                      spacing: 4
                      items:
                        - item: t\(s)
                          count: 3
                          size: [30, 20]

            """
            made += 7
            s += 1
        }
        return out
    }

    /// Rows of about `count` nodes whose fixed sizes overflow each row once `text` gives them
    /// docs/format.md §7's keys: every row's label wraps and gives way (`dynamic: wrap`,
    /// `shrink`), and so do its column and flow (`shrink`), and the column's first item wraps at
    /// the width it is left: 3 of 7 nodes carry §7 keys. Without `text`, the same rows with
    /// fixed sizes that fit (the label 500 wide, the flow 380), so each layout does the same
    /// group, flow and percent work.
    static func textTree(nodes count: Int, text: Bool) -> (yaml: String, wrapNames: [String]) {
        textTree(nodes: count, wrap: text, shrink: text)
    }

    /// `textTree` with only wrap items (fixed sizes that fit) or only shrinking children (a fixed label).
    static func textTree(nodes count: Int, wrap: Bool, shrink: Bool) -> (yaml: String, wrapNames: [String]) {
        var out = "layout: TextRows\nsize: [1000, 1000000]\nroot:\n  vgroup: main\n  children:\n"
        var made = 1
        var s = 0
        var wraps: [String] = []
        while made < count {
            out += """
                - hgroup: g\(s)
                  height: 60
                  padding: 4
                  spacing: 4
                  children:
                    - item: a\(s)
                      \(wrap ? "dynamic: wrap" : "width: 500")\(shrink ? "\n          shrink: 1" : "")
                    - vgroup: v\(s)
                      width: 100\(shrink ? "\n          shrink: 1" : "")
                      children:
                        - item: b\(s)\(wrap ? "\n              dynamic: wrap" : "\n              height: 30")
                        - item: c\(s)
                          percent: 30
                    - flow: f\(s)
                      width: \(shrink ? "600\n          shrink: 1" : "380")
                      spacing: 4
                      items:
                        - item: t\(s)
                          count: 3
                          size: [30, 20]

            """
            if wrap { wraps += ["a\(s)", "b\(s)"] }
            made += 7
            s += 1
        }
        return (out, wraps)
    }

    /// A flow of `count` elements.
    static func flow(elements count: Int, justify: Bool) -> String {
        """
        layout: BigFlow
        size: [390, 100000000]
        root:
          flow: tags
          justify: \(justify)
          items:
            - item: tag
              count: \(count)
              size: [57, 30]

        """
    }

    /// Groups nested `depth` deep with an item at the bottom, in YAML flow style (block style
    /// would grow quadratically with indentation).
    static func chain(depth: Int) -> String {
        var out = "layout: Chain\nsize: [390, 844]\nroot: "
        for level in 0..<depth {
            out += "{\(level % 2 == 0 ? "hgroup" : "vgroup"): g\(level), padding: 0.05, children: ["
        }
        out += "{item: leaf}"
        out += String(repeating: "]}", count: depth)
        out += "\n"
        return out
    }
}
