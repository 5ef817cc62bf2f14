import Foundation
import LayoutCompiler
import Testing

/// The `apply(...)` extensions of generated code sit under `#if canImport(UIKit)` /
/// `#elseif canImport(AppKit)`, which no Linux toolchain compiles. This suite compiles them
/// anyway, against stub modules named `UIKit` and `AppKit` that mirror the shape of the real API
/// apply relies on: a `@MainActor` open class `UIView` / `NSView` with a settable `frame: CGRect`.
///
/// The generated code of every file of layouts/ and of a few tricky layouts (Swift keywords,
/// `_`, `_x`, array and dynamic items, no named node at all) is built into one module with
/// `swiftc -swift-version 6`, once with only the UIKit stub visible and once with only AppKit,
/// together with call sites in a `@MainActor` `main` that call the initializers and `apply` with
/// those labels, run it, and check that every view got its frame. A compile error, a warning in
/// generated code, or a wrong frame fails the test. The swiftc machinery (finding the tools,
/// running them, the package root) is the differential test's.
@Suite("generated apply(...) compiles against UIKit and AppKit stubs", .serialized, .slow)
struct ViewApplyCompileTests {
    typealias Tools = GeneratedCodeDifferentialTests

    /// A stub module: the part of UIKit / AppKit the generated apply code uses (AppKit's
    /// `superview`, `isFlipped` and `bounds` too, for flipping).
    static func stubSource(view: String) -> String {
        """
        import Foundation

        @MainActor open class \(view) {
            public init() {}
            open var frame: CGRect = .zero
        \(view == "NSView" ? """
            open var superview: NSView?
            open var isFlipped = false
            open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
        """ : "")
        }

        """
    }

    /// Layouts whose names make labels and identifiers hard; the call sites below use them.
    /// Generated with `--access public`, so that spelling is compiled too.
    static let trickyLayouts: [(name: String, yaml: String)] = [
        ("Keywords.layout.yaml", """
            layout: Keywords
            root:
              vgroup: default
              children:
                - item: self
                - item: Type
                - item: init
                - item: Self
                - item: Any
                - item: _x
                - item: view0
                - item: frame
                - item: size
                - item: containerWidth
                - flow: for
                  height: fit
                  items:
                    - item: in
                      size: [10, 10]
                      count: 3
                    - item: inout
                      dynamic: true
                    - item: var
                      size: [12, 10]
                    - item: let
                      dynamic: true
                    - item: where
                      size: [8, 8]
                      count: 2
                    - item: safeArea
                      dynamic: true
                    - item: bounds
                      dynamic: true
                    - item: dynamic0
                      dynamic: true

            """),
        ("UnderscoreNode.layout.yaml", """
            layout: UnderscoreNode
            root:
              vgroup: _
              children:
                - item: _x
                - item: __
                - overlay: _1
                  children:
                    - item: view
                      size: [20, 20]
                      center: true

            """),
        ("UnderscoreItem.layout.yaml", """
            layout: UnderscoreItem
            root:
              flow:
              items:
                - item: _
                  dynamic: true
                - item: chip
                  size: [30, 20]
                  count: 2
                - item: _x
                  dynamic: true

            """),
        ("UnderscoreArray.layout.yaml", """
            layout: UnderscoreArray
            root:
              hgroup: row
              children:
                - flow: tags
                  height: fit
                  items:
                    - item: _
                      size: [30, 20]
                      count: 3
                    - item: _x
                      size: [40, 20]

            """),
        // Node names that are the standard library's free functions the generated code calls
        // (or could: `Swift.zip`, `Swift.repeatElement`, `Swift.max`…), and names shaped like
        // the generator's own helpers but outside their `_<Type>_` space (issue 20, item 5).
        ("StandardNames.layout.yaml", """
            layout: StandardNames
            root:
              vgroup: max
              children:
                - item: min
                  height: 10
                - item: abs
                  dynamic: true
                  shrink: 1
                - item: print
                  dynamic: wrap
                - item: type
                  height: 5
                - item: _StandardNamesLayout
                  height: 5
                - item: StandardNamesLayout_place
                  height: 5
                - item: _PlayerLayout_place
                  height: 5
                - item: _StandardNames_place
                  height: 5
                - item: __StandardNamesLayout_flow4Sizes
                  height: 5
                - item: _slowPath
                  height: 5
                - flow: stride
                  height: fit
                  justify: true
                  items:
                    - item: zip
                      size: [10, 10]
                      count: 3
                    - item: repeatElement
                      size: [12, 10]
                      count: 2
                    - item: precondition
                      size: [8, 8]
                    - item: fatalError
                      dynamic: true
                - flow: sequence
                  height: fit
                  items:
                    - item: withUnsafeTemporaryAllocation
                      size: [10, 10]
                      count: 4
                    - item: swap
                      size: [12, 10]
                      count: 2
                    - item: assert
                      size: [8, 8]

            """),
        ("Anonymous.layout.yaml", """
            layout: Anonymous
            root:
              vgroup:
              children:
                - spacer:
                  height: 10
                - flow:
                  height: fit
                  items:
                    - item:
                      size: [10, 10]

            """),
        // 446 nodes, 116 of them named: the array storage form of large layouts, with apply, and
        // array items whose frames the layout keeps in one array (a flow of one array item, and
        // one of two items).
        ("Large.layout.yaml", "layout: Large\nroot:\n  vgroup: main\n  children:\n" + (0..<110).map { row in
            "    - hgroup:\n      height: 4\n      children:\n        - item: a\(row)\n        - item:\n        - spacer:\n"
        }.joined() + """
                - flow: tags
                  height: 8
                  items:
                    - item: chip
                      count: 3
                      size: [4, 4]
                - flow: mixed
                  height: 8
                  items:
                    - item: lead
                      size: [2, 4]
                    - item: dots
                      count: 2
                      size: [4, 4]

            """),
    ]

    /// Calls with the labels a user writes (`` `_`: ``, `default:`, `` `inout`: ``…), run on the
    /// main actor; prints `apply ok` when every view got its layout frame.
    static let callSites = """
        import Foundation
        import LayoutRuntime
        #if canImport(UIKit)
        import UIKit
        typealias View = UIView
        #elseif canImport(AppKit)
        import AppKit
        typealias View = NSView
        #else
        #error("neither stub module is visible")
        #endif

        @MainActor var failures = 0
        @MainActor func check(_ ok: Bool, _ what: String, line: Int = #line) {
            if !ok { failures += 1; print("wrong frame: \\(what) (line \\(line))") }
        }

        @main struct ApplyCheck {
            @MainActor static func main() throws {
                let size = CGSize(width: 390, height: 844)
                let v = View()
                let layout = try PlayerLayout(size: size, extra: [CGSize(width: 100, height: 30)])
                layout.apply(header: v, chip: [v])
                check(v.frame == layout.chip[0], "one view as header and chip[0]: the later frame")

                let header = View(), extra = View(), chips = (0..<3).map { _ in View() }
                let moved = try PlayerLayout(bounds: CGRect(x: 5, y: 7, width: 390, height: 844), extra: [CGSize(width: 100, height: 30)])
                moved.apply(header: header, chip: chips, extra: [extra, View()])
                check(header.frame == moved.header, "moved header")
                check(chips.map(\\.frame) == Array(moved.chip.prefix(3)), "chips")
                check(extra.frame == moved.extra[0], "extra")

                // A dynamic item named `safeArea` repeats that label: the insets must then be given.
                let k = try KeywordsLayout(size: size, safeArea: .zero, `inout`: [CGSize(width: 5, height: 5)], let: [],
                                           safeArea: [CGSize(width: 6, height: 6)], bounds: [], dynamic0: [CGSize(width: 7, height: 7)])
                let views = (0..<14).map { _ in View() }
                k.apply(default: views[0], self: views[1], Type: views[2], init: views[3], Self: views[4], Any: views[5], _x: views[6],
                        view0: views[7], frame: views[8], size: views[9], containerWidth: views[10], for: views[11],
                        in: [views[12]], `inout`: [views[13]], var: View(), let: [], where: [], safeArea: [], bounds: [], dynamic0: [])
                check(views[0].frame == k.default, "default")
                check(views[1].frame == k.`self`, "self")
                check(views[2].frame == k.`Type`, "Type")
                check(views[3].frame == k.`init`, "init")
                check(views[6].frame == k._x, "_x")
                check(views[7].frame == k.view0, "view0")
                check(views[8].frame == k.frame, "frame")
                // Inside flow `for`, whose view is given too: relative to it.
                check(views[12].frame == k.in[0].offsetBy(dx: -k.for.minX, dy: -k.for.minY), "in, relative to for")
                check(views[13].frame == k.inout[0].offsetBy(dx: -k.for.minX, dy: -k.for.minY), "inout, relative to for")

                // A view for a group and views for nodes inside it: those are its subviews.
                let footer = View(), left = View(), right = View()
                moved.apply(footer: footer, left: left, right: right)
                let leftInFooter = moved.left.offsetBy(dx: -moved.footer.minX, dy: -moved.footer.minY)
                check(footer.frame == moved.footer, "footer, in the container")
                check(left.frame == leftInFooter, "left, relative to footer")
                check(right.frame == moved.right.offsetBy(dx: -moved.footer.minX, dy: -moved.footer.minY), "right, relative to footer")
                #if canImport(AppKit)
                // AppKit: flipped against the superview's height unless the superview is flipped.
                let unflipped = View(), flipped = View(), inUnflipped = View(), inFlipped = View()
                flipped.isFlipped = true
                inUnflipped.superview = unflipped
                inFlipped.superview = flipped
                moved.apply(footer: unflipped, left: inUnflipped)
                check(inUnflipped.frame == CGRect(x: leftInFooter.minX, y: moved.footer.height - leftInFooter.minY - leftInFooter.height,
                                                  width: leftInFooter.width, height: leftInFooter.height), "left, flipped in an unflipped superview")
                moved.apply(footer: flipped, left: inFlipped)
                check(inFlipped.frame == leftInFooter, "left, as it is in a flipped superview")
                #endif

                let node = try UnderscoreNodeLayout(size: size)
                let a = View(), b = View(), c = View()
                node.apply(`_`: a, _x: b, view: c)
                check(a.frame == node.`_` && b.frame == node._x && c.frame == node.view, "_, _x, view")

                let item = try UnderscoreItemLayout(size: size, `_`: [CGSize(width: 10, height: 10), CGSize(width: 11, height: 11)], _x: [])
                let items = [View(), View()]
                item.apply(`_`: items, chip: [View()], _x: [])
                check(items.map(\\.frame) == item.`_` && item.`_`.count == 2, "dynamic _")

                let array = try UnderscoreArrayLayout(size: size)
                let cells = [View(), View(), View(), View()]
                array.apply(row: nil, `_`: cells)
                check(Array(cells.map(\\.frame).prefix(3)) == array.`_` && cells[3].frame == .zero, "array _")

                _ = try AnonymousLayout(size: size)

                // An optional node hidden: its view keeps the frame it had; shown, it gets one.
                let name = CGSize(width: 140, height: 24), bio = CGSize(width: 358, height: 96)
                let badge = View(), header2 = View()
                badge.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
                let withoutBadge = try ProfileLayout(size: size, name: name, bio: bio, showVerified: false)
                withoutBadge.apply(header: header2, verified: badge)
                check(withoutBadge.verified == nil && badge.frame == CGRect(x: 1, y: 2, width: 3, height: 4), "hidden verified: left alone")
                check(header2.frame == withoutBadge.header, "header beside a hidden badge")
                let withBadge = try ProfileLayout(size: size, name: name, bio: bio)
                withBadge.apply(header: header2, verified: badge)
                if let frame = withBadge.verified {
                    check(badge.frame == frame.offsetBy(dx: -withBadge.header.minX, dy: -withBadge.header.minY), "shown verified, relative to header")
                } else {
                    check(false, "verified shown has a frame")
                }

                let large = try LargeLayout(bounds: CGRect(x: 0, y: 3, width: 390, height: 844))
                let first = View(), last = View()
                large.apply(a0: first, a109: last)
                check(first.frame == large.a0 && last.frame == large.a109, "storage form: a0, a109")
                check(large.a109 == CGRect(x: 0, y: 439, width: 130, height: 4), "storage form: a109 at 3 + 109 × 4")
                check(large.chip == [CGRect(x: 0, y: 443, width: 4, height: 4), CGRect(x: 14, y: 443, width: 4, height: 4),
                                     CGRect(x: 28, y: 443, width: 4, height: 4)], "storage form: chip, offset by the bounds")
                check(large.lead == CGRect(x: 0, y: 451, width: 2, height: 4)
                      && large.dots == [CGRect(x: 12, y: 451, width: 4, height: 4), CGRect(x: 26, y: 451, width: 4, height: 4)],
                      "storage form: lead and dots from one flow")
                let chipViews = (0..<4).map { _ in View() }
                large.apply(chip: chipViews)
                check(chipViews[2].frame == large.chip[2] && chipViews[3].frame == .zero, "storage form: chip views")
                var edited = large
                edited.chip[1].origin.x += 1
                check(edited.chip[1].minX == 15 && edited.chip[0] == large.chip[0] && edited != large, "storage form: one chip moved")
                edited.chip[1].origin.x -= 1
                check(edited == large, "storage form: moved back, equal")
                edited.dots = [.zero, .zero, .zero]
                check(edited.dots == [.zero, .zero, .zero] && edited.chip == large.chip && edited != large, "storage form: dots of another count")
                var other = large
                other.dots = [.zero, .zero, .zero]
                check(other == edited, "storage form: equal after the same edit")
                edited.dots = large.dots
                check(edited == large, "storage form: dots back, equal")
                if failures == 0 { print("apply ok") }
            }
        }

        """

    /// The generated apply blocks of a file: from each `#if canImport(UIKit)` that opens an
    /// extension (not the import) to its `#endif`.
    static func applySections(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var sections: [String] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "#if canImport(UIKit)", index + 1 < lines.count, lines[index + 1] != "import UIKit" {
                let end = lines[index...].firstIndex(of: "#endif") ?? lines.count - 1
                sections.append(lines[index...end].joined(separator: "\n"))
                index = end
            }
            index += 1
        }
        return sections
    }

    /// LayoutRuntime as a module and static library in `directory`, built the way the
    /// differential test builds it.
    static func buildRuntime(into directory: String) throws -> (status: Int32, output: String) {
        // The runtime's core and its CGRect face, as one module.
        let sources = try ["Sources/LayoutRuntimeCore", "Sources/LayoutRuntime"].flatMap { folder in
            let sourceDirectory = Tools.root.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: sourceDirectory.path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { sourceDirectory.appendingPathComponent($0).path }
        }
        return try Tools.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-swift-version", "6", "-module-name", "LayoutRuntime",
                                              "-emit-module", "-emit-module-path", "\(directory)/LayoutRuntime.swiftmodule",
                                              "-emit-library", "-static", "-o", "\(directory)/libLayoutRuntime.a"] + sources)
    }

    @Test("apply of layouts/ and tricky names compiles and sets frames, with UIKit and with only AppKit")
    func applyCompiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-apply-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        // Generated sources: layouts/ (YAML files; each text file must give its twin's apply
        // code, so compiling one of the two covers both), then the tricky layouts.
        var generated: [String] = []
        func write(_ text: String) throws {
            let file = path("Generated\(generated.count).swift")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            generated.append(file)
        }
        let layouts = Tools.root.appendingPathComponent("layouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: layouts.path).sorted()
        var texts: [String: String] = [:]
        for file in files where file.hasSuffix(".layout") || file.hasSuffix(".layout.yaml") || file.hasSuffix(".layout.yml") {
            let url = layouts.appendingPathComponent(file)
            let bytes = Array(try Data(contentsOf: url))
            let result = SwiftCodeGenerator.generate(source: bytes, syntax: SourceSyntax.detect(path: file, bytes: bytes), options: .init(sourceName: file),
                                                     context: FolderImports.context(for: url))
            let text = try #require(result.text, "no code for \(file): \(result.diagnostics.map(\.message))")
            // A tokens file (constants only) has no layout, so no apply.
            #expect(Self.applySections(text).isEmpty == result.typeNames.isEmpty, "\(file): apply exactly when it has layouts")
            texts[file] = text
        }
        #expect(texts.count >= 14)
        for (file, text) in texts.sorted(by: { $0.key < $1.key }) {
            if file.hasSuffix(".layout"), let twin = texts[file + ".yaml"] ?? texts[file + ".yml"] {
                #expect(Self.applySections(text) == Self.applySections(twin), "\(file) and its YAML twin give different apply code")
            } else {
                try write(text)
            }
        }
        for (name, yaml) in Self.trickyLayouts {
            let result = SwiftCodeGenerator.generate(source: Array(yaml.utf8), syntax: .yaml, options: .init(access: .public, sourceName: name))
            let text = try #require(result.text, "no code for \(name): \(result.diagnostics.map(\.message))")
            #expect(Self.applySections(text).isEmpty == (name == "Anonymous.layout.yaml"), "\(name): apply only when something is named")
            try write(text)
        }
        let callSites = path("CallSites.swift")
        try Data(Self.callSites.utf8).write(to: URL(fileURLWithPath: callSites))

        let runtime = path("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let built = try Self.buildRuntime(into: runtime)
        try #require(built.status == 0, "LayoutRuntime did not compile:\n\(built.output.prefix(3000))")

        for (module, view) in [("UIKit", "UIView"), ("AppKit", "NSView")] {
            // Each stub in a folder of its own, so only that one is visible to canImport.
            let stubDirectory = path(module)
            try FileManager.default.createDirectory(atPath: stubDirectory, withIntermediateDirectories: true)
            let stubSource = "\(stubDirectory)/\(module).swift"
            try Data(Self.stubSource(view: view).utf8).write(to: URL(fileURLWithPath: stubSource))
            let stub = try Tools.run("/usr/bin/env", ["swiftc", "-parse-as-library", "-swift-version", "6", "-module-name", module,
                                                      "-emit-module", "-emit-module-path", "\(stubDirectory)/\(module).swiftmodule",
                                                      "-emit-library", "-static", "-o", "\(stubDirectory)/lib\(module).a", stubSource])
            try #require(stub.status == 0, "the \(module) stub did not compile:\n\(stub.output.prefix(3000))")

            let binary = path("apply-\(module)")
            let build = try Tools.run("/usr/bin/env", ["swiftc", "-Onone", "-wmo", "-parse-as-library", "-swift-version", "6", "-module-name", "ApplyCheck",
                                                       "-I", runtime, "-L", runtime, "-lLayoutRuntime", "-I", stubDirectory, "-L", stubDirectory, "-l\(module)",
                                                       "-o", binary] + generated + [callSites])
            try #require(build.status == 0, "generated apply code did not compile against the \(module) stub:\n\(build.output.prefix(6000))")
            let warnings = build.output.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains("warning:") && !$0.contains("CallSites.swift") }
            #expect(warnings.isEmpty, "generated code compiles with warnings against the \(module) stub:\n\(warnings.prefix(20).joined(separator: "\n"))")
            let output = try Tools.run(binary, [])
            #expect(output.status == 0 && output.output == "apply ok\n", "the \(module) call sites failed:\n\(output.output.suffix(3000))")
        }
    }
}
