import Foundation
import Testing
import LayoutLanguageServer

/// Hover on a layout's name shows its generated Swift interface, as `layoutc generate
/// --interface` prints it (docs/editors.md, docs/codegen.md).
@Suite struct InterfaceHoverTests {
    static let textURI = "file:///tmp/interface-hover/Bar.layout"
    static let yamlURI = "file:///tmp/interface-hover/Bar.layout.yaml"

    static let text = """
        layout Bar (size: 390x844) {
          hgroup buttons (align: center) {
            item a .width(40)
            item b optional
          }
        }

        """

    static let yaml = """
        layout: Bar
        size: [390, 844]
        root:
          hgroup: buttons
          align: center
          children:
            - item: a
              width: 40
            - item: b
              optional: true

        """

    static func hover(_ uri: String, _ document: String, _ line: Int, _ character: Int) throws -> (value: String, range: [Int]) {
        let harness = ServerHarness()
        harness.open(uri, document)
        let response = try #require(harness.request(2, "textDocument/hover", ["textDocument": ["uri": uri], "position": ServerHarness.position(line, character)]))
        let result = try #require(response["result"] as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        let range = try #require(result["range"] as? [String: Any])
        let start = try #require(range["start"] as? [String: Any]), end = try #require(range["end"] as? [String: Any])
        return (value, [start["line"], start["character"], end["line"], end["character"]].compactMap { $0 as? Int })
    }

    @Test func hoverOnTheLayoutNameInTheTextFormShowsTheInterface() throws {
        let (value, range) = try Self.hover(Self.textURI, Self.text, 0, 8)
        #expect(value == Self.expected("Bar.layout"))
        #expect(range == [0, 7, 0, 10])
    }

    @Test func hoverOnTheLayoutNameInTheYAMLFormShowsTheInterface() throws {
        let (value, range) = try Self.hover(Self.yamlURI, Self.yaml, 0, 9)
        #expect(value == Self.expected("Bar.layout.yaml"))
        #expect(range == [0, 8, 0, 11])
    }

    @Test func aFileWithErrorsSaysWhyThereIsNoCode() throws {
        let (value, _) = try Self.hover(Self.textURI, Self.text.replacingOccurrences(of: ".width(40)", with: ".widht(40)"), 0, 8)
        #expect(value == "**layout** `Bar`: the Swift type `BarLayout` (`layoutc generate --interface`)\n\nNo code: the file has errors, and `layoutc generate` writes nothing until they are fixed.")
    }

    static func expected(_ file: String) -> String {
        file == "Bar.layout" ? """
            **layout** `Bar`: the Swift type `BarLayout` (`layoutc generate --interface`)

            ```swift
            /// The frames of layout `Bar` (Bar.layout:1), one per named node.
            struct BarLayout: Equatable, Sendable {
                /// hgroup `buttons` (line 2)
                var buttons: CGRect
                /// item `a` (line 3)
                var a: CGRect
                /// item `b`, nil when hidden (line 4)
                var b: CGRect?

                init(size: CGSize, safeArea: LayoutInsets = .zero, showB shown_0: Swift.Bool = true, direction: LayoutDirection = .leftToRight, scale: CGFloat? = nil) throws(LayoutRuntimeError)
                init(bounds: CGRect, safeArea: LayoutInsets = .zero, showB shown_0: Swift.Bool = true, direction: LayoutDirection = .leftToRight, scale: CGFloat? = nil) throws(LayoutRuntimeError)
                #if canImport(UIKit)
                @MainActor func apply(buttons view0: UIView? = nil, a view1: UIView? = nil, b view2: UIView? = nil)
                #elseif canImport(AppKit)
                @MainActor func apply(buttons view0: NSView? = nil, a view1: NSView? = nil, b view2: NSView? = nil)
                #endif
            }
            ```

            """ : """
            **layout** `Bar`: the Swift type `BarLayout` (`layoutc generate --interface`)

            ```swift
            /// The frames of layout `Bar` (Bar.layout.yaml:1), one per named node.
            struct BarLayout: Equatable, Sendable {
                /// hgroup `buttons` (line 4)
                var buttons: CGRect
                /// item `a` (line 7)
                var a: CGRect
                /// item `b`, nil when hidden (line 9)
                var b: CGRect?

                init(size: CGSize, safeArea: LayoutInsets = .zero, showB shown_0: Swift.Bool = true, direction: LayoutDirection = .leftToRight, scale: CGFloat? = nil) throws(LayoutRuntimeError)
                init(bounds: CGRect, safeArea: LayoutInsets = .zero, showB shown_0: Swift.Bool = true, direction: LayoutDirection = .leftToRight, scale: CGFloat? = nil) throws(LayoutRuntimeError)
                #if canImport(UIKit)
                @MainActor func apply(buttons view0: UIView? = nil, a view1: UIView? = nil, b view2: UIView? = nil)
                #elseif canImport(AppKit)
                @MainActor func apply(buttons view0: NSView? = nil, a view1: NSView? = nil, b view2: NSView? = nil)
                #endif
            }
            ```

            """
    }
}
