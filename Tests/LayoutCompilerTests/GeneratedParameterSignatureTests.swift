import LayoutCompiler
import Testing

/// docs/codegen.md, "Parameters": where a layout's parameters go among the generated
/// initializer's arguments, their internal names, and the body's first lines.
@Suite("generated code: parameters' arguments")
struct GeneratedParameterSignatureTests {
    static func code(_ yaml: String) throws -> String {
        let compiled = LayoutCompiler.compile(yaml: Array(yaml.utf8))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        let plan = try #require(compiled.plans.first ?? nil)
        guard case .success(let text) = SwiftCodeGenerator.generate([plan], options: .init(sourceName: "P.layout.yaml")) else {
            Issue.record("no code")
            return ""
        }
        return text
    }

    @Test("after the content sizes and measures, before the show flags, direction, flags and scale; in the order of definition; labelled by name")
    func order() throws {
        let text = try Self.code("""
            layout: P
            size: [300, 100]
            parameters:
              inset: 16
              default: -7.5
              unused: 3
            root:
              hgroup: row
              padding: [0, $inset, 0, $inset]
              children:
                - item: label
                  dynamic: true
                - item: note
                  dynamic: wrap
                - item: badge
                  optional: true
                  width: 20
                - item: extra
                  width: 10
                  when: {flag: wide}
                - overlay: box
                  children:
                    - item: dot
                      centerX: $default
                      centerY: 0
                      width: 4
                      height: 4
            """)
        #expect(text.contains("init(size: CGSize, safeArea: LayoutInsets = .zero, label content_0: CGSize, note measure_0: (CGFloat) -> CGSize, "
            + "inset param_0: CGFloat = 16.0, default param_1: CGFloat = (-7.5), unused param_2: CGFloat = 3.0, showBadge shown_0: Swift.Bool = true, "
            + "direction: LayoutDirection = .leftToRight, wide flag_0: Swift.Bool = false, scale: CGFloat? = nil) throws(LayoutRuntimeError)"))
        // init(bounds:) passes them on by label
        #expect(text.contains("inset: param_0, default: param_1, unused: param_2, showBadge: shown_0"))
        // the body makes each a Double first (−0 is 0), and marks an unread one as read; one
        // whose checks leave numbers ≥ 0 only is made +0 where the test on its bit pattern fails
        #expect(text.contains("var param_0 = Swift.Double(param_0)\n"))
        #expect(text.contains("let param_1 = Swift.Double(param_1) + 0.0\n"))
        #expect(text.contains("_ = param_2\n"))
        // the checks of a parameter's value come before the layout: negative padding at the reference
        let check = try #require(text.range(of: "if param_0 < 0 { throw LayoutRuntimeError(code: .invalidValue"))
        // behind one test of every value on the common path, the +0 of param_0 before the checks
        #expect(text.contains("if Swift._slowPath(param_0.bitPattern > (1000000000.0 as Swift.Double).bitPattern "
            + "|| !((-1000000000.0) <= param_1 && param_1 <= 1000000000.0)) {\n            param_0 += 0.0\n"))
        let layout = try #require(text.range(of: "self.row = "))
        #expect(check.lowerBound < layout.lowerBound)
        // an anchor may be negative: no such check for `default`
        #expect(!text.contains("param_1 < 0"))
    }

    @Test("a layout without parameters is generated as before: no param_ anywhere")
    func none() throws {
        let text = try Self.code("layout: P\nsize: [100, 100]\nroot:\n  hgroup: row\n  spacing: 4\n  children:\n    - item: a\n    - item: b\n")
        #expect(!text.contains("param_"))
    }
}
