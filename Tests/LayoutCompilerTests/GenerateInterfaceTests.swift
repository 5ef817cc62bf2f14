import Foundation
import LayoutCompiler
import Testing

/// `layoutc generate --interface` (docs/codegen.md, "Seeing the API without building"): the
/// declarations of each generated type, printed without writing or building anything.
@Suite("layoutc generate --interface")
struct GenerateInterfaceTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    @Test("the exact interface of layouts/ChatRow.layout, as docs/codegen.md shows it")
    func chatRow() throws {
        let out = try CommandLine_.run(["generate", "--interface", "ChatRow.layout"], in: Self.layouts)
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout == Self.chatRowInterface)
        // The doc shows the same text.
        let doc = try String(contentsOf: CommandLine_.packageRoot.appendingPathComponent("docs/codegen.md"), encoding: .utf8)
        #expect(doc.contains("$ layoutc generate --interface layouts/ChatRow.layout\n" + Self.chatRowInterface + "```"))
        // Deterministic: the same bytes on a second run.
        #expect(try CommandLine_.run(["generate", "--interface", "ChatRow.layout"], in: Self.layouts).stdout == out.stdout)
    }

    static let chatRowInterface = """
        /// The frames of layout `ChatRow` (ChatRow.layout:10), one per named node.
        struct ChatRowLayout: Equatable, Sendable {
            /// hgroup `row` (line 11)
            var row: CGRect
            /// item `avatar` (line 12)
            var avatar: CGRect
            /// vgroup `bubble` (line 13)
            var bubble: CGRect
            /// hgroup `header` (line 14)
            var header: CGRect
            /// item `name` (line 15)
            var name: CGRect
            /// item `unreadBadge`, nil when hidden (line 16)
            var unreadBadge: CGRect?
            /// item `time` (line 18)
            var time: CGRect
            /// item `message` (line 20)
            var message: CGRect
            /// The container size the frames were computed for: the layout's `fit: height` measured it.
            var size: CGSize

            init(width: CGFloat, safeArea: LayoutInsets = .zero, name content_0: CGSize, time content_1: CGSize, message measure_0: (CGFloat) -> CGSize, showUnreadBadge shown_0: Swift.Bool = true, direction: LayoutDirection = .leftToRight, scale: CGFloat? = nil) throws(LayoutRuntimeError)
            #if canImport(UIKit)
            @MainActor func apply(row view0: UIView? = nil, avatar view1: UIView? = nil, bubble view2: UIView? = nil, header view3: UIView? = nil, name view4: UIView? = nil, unreadBadge view5: UIView? = nil, time view6: UIView? = nil, message view7: UIView? = nil)
            #elseif canImport(AppKit)
            @MainActor func apply(row view0: NSView? = nil, avatar view1: NSView? = nil, bubble view2: NSView? = nil, header view3: NSView? = nil, name view4: NSView? = nil, unreadBadge view5: NSView? = nil, time view6: NSView? = nil, message view7: NSView? = nil)
            #endif
        }

        """

    /// Every declaration the interface shows is a declaration of the generated file, spelled the
    /// same (the generated line is the declaration followed by ` {`), for every example layout.
    @Test("each declaration shown is the generated code's own",
          arguments: try FileManager.default.contentsOfDirectory(atPath: layouts.path).filter { $0.hasSuffix(".layout") || $0.hasSuffix(".layout.yaml") }.sorted())
    func declarationsAreTheGeneratedOnes(file: String) throws {
        let bytes = Array(try Data(contentsOf: Self.layouts.appendingPathComponent(file)))
        let syntax = SourceSyntax.detect(path: file, bytes: bytes)
        let options = SwiftCodeGenerator.Options(access: .public, sourceName: file)
        let imports = ConstantImports { path in
            guard let data = FileManager.default.contents(atPath: path) else { return .failure(.init("cannot read it")) }
            return .success(Array(data))
        }
        let context = LayoutCompiler.ImportContext(path: Self.layouts.appendingPathComponent(file).path, imports: imports)
        let generated = try #require(SwiftCodeGenerator.generate(source: bytes, syntax: syntax, options: options, context: context).text)
        let interface = try #require(SwiftCodeGenerator.interface(source: bytes, syntax: syntax, options: options, context: context).text)
        // A property's initial value (`= CGRect.zero` where width variants set it) or its
        // accessors (the storage form of large layouts) are not part of what a caller sees.
        let generatedLines = Set(generated.split(separator: "\n").map { line -> String in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("var ") || line.hasPrefix("public var ") else { return line }
            return String(line.prefix { $0 != "=" && $0 != "{" }).trimmingCharacters(in: .whitespaces)
        })
        var declarations = 0
        for line in interface.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("///") || line.hasPrefix("#") || line == "}" { continue }
            let declaration = line.hasPrefix("@MainActor ") ? String(line.dropFirst("@MainActor ".count)) : line
            #expect(generatedLines.contains(declaration) || generatedLines.contains(declaration + " {"), "\(file): \(declaration)")
            declarations += 1
        }
        #expect(declarations > 3 || interface.isEmpty, "\(file): no declarations")
    }

    @Test("--interface and --output together, or neither, is a usage error")
    func usage() throws {
        let both = try CommandLine_.run(["generate", "--interface", "--output", "out", "ChatRow.layout"], in: Self.layouts)
        #expect(both.status == 64)
        #expect(both.stderr.contains("Give --output DIR to write the Swift files, or --interface to print their declarations, not both."))
        let neither = try CommandLine_.run(["generate", "ChatRow.layout"], in: Self.layouts)
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("Give --output DIR to write the Swift files, or --interface to print their declarations."))
    }

    @Test("a file with an error prints its diagnostics and no interface")
    func errors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "layout Bad (size: 390x844) {\n  vgroup main {\n    item title .heigth(44)\n  }\n}\n"
            .write(to: directory.appendingPathComponent("Bad.layout"), atomically: true, encoding: .utf8)
        let out = try CommandLine_.run(["generate", "--interface", "Bad.layout"], in: directory)
        #expect(out.status == 1)
        #expect(out.stdout == "")
        #expect(out.stderr == "Bad.layout:3:16: error: unknown modifier '.heigth'; did you mean '.height'? [unknownKey]\n")
    }
}
