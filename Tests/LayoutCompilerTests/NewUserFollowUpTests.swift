import Foundation
@testable import LayoutCompiler
import Testing

/// What a new user tripped over (issue 43 items 4, 5 and 7): `frames --device`, `.layoutlint.yml`
/// sample names that name nothing, and messages that did not say the fix.
@Suite("a new user's second round")
struct NewUserFollowUpTests {
    /// A folder of its own for one test, removed when the test ends.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-newuser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every diagnostic as `LINE:COLUMN: MESSAGE [code]`.
    func messages(_ text: String, syntax: SourceSyntax = .yaml) -> [String] {
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: syntax) }
        return compiled.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message) [\($0.code.rawValue)]" }
    }

    // MARK: Item 4: frames --device

    /// A phone layout: the file's safe area is an iPhone's, the root measured from it.
    static let phone = """
        layout: Phone
        size: [390, 844]
        safeArea: [47, 0, 34, 0]
        root:
          vgroup: main
          safeArea: true
          children:
            - item: bar
              height: 44

        """

    @Test("frames --device takes the device's size and safe area, not the file's")
    func framesDevice() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.phone.write(to: root.appendingPathComponent("P.layout.yaml"), atomically: true, encoding: .utf8)
        let mini = try CommandLine_.run(["frames", "P.layout.yaml", "--device", "ipad-mini", "--format", "csv"], in: root)
        #expect(mini.stderr == "")
        #expect(mini.status == 0)
        #expect(mini.stdout == "layout,name,kind,x,y,width,height\nPhone,main,vgroup,0,24,744,1089\nPhone,bar,item,0,24,744,44\n")
        // The same size with --size keeps the file's (an iPhone's) safe area, as before.
        let sized = try CommandLine_.run(["frames", "P.layout.yaml", "--size", "744x1133", "--format", "csv"], in: root)
        #expect(sized.stdout == "layout,name,kind,x,y,width,height\nPhone,main,vgroup,0,47,744,1052\nPhone,bar,item,0,47,744,44\n")
        // --safe-area still overrides the device's; landscape is a suffix.
        let landscape = try CommandLine_.run(["frames", "P.layout.yaml", "--device", "iPhone SE landscape", "--safe-area", "1,2,3,4", "--format", "csv"], in: root)
        #expect(landscape.stdout == "layout,name,kind,x,y,width,height\nPhone,main,vgroup,2,1,661,371\nPhone,bar,item,2,1,661,44\n")
        let both = try CommandLine_.run(["frames", "P.layout.yaml", "--device", "ipad-mini", "--size", "10x10"], in: root)
        #expect(both.status == 64)
        #expect(both.stderr.contains("give either --size or --device"))
        let unknown = try CommandLine_.run(["frames", "P.layout.yaml", "--device", "ipad-maxi"], in: root)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown device 'ipad-maxi'; devices: iPhone SE (3rd generation) (iphone-se-3), "))
    }

    // MARK: Item 5: sample names

    @Test("a sizes: or wrap: name that matches no item is an error at the name, with the closest")
    func sampleNames() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try """
            layout: Chat
            size: [390, 844]
            root:
              vgroup: main
              children:
                - item: message
                  dynamic: wrap
                - item: name
                  dynamic: true

            """.write(to: root.appendingPathComponent("Chat.layout.yaml"), atomically: true, encoding: .utf8)
        try """
            root: true
            sizes:
              nmae: [[40, 20]]
              name: [[40, 20]]
            wrap:
              mesage: [2000, 20]
              "*age": [200, 20]
            overrides:
              - layouts: [Chat]
                wrap: {name: [100, 20]}
                sizes: {"zz*": [1, 1]}

            """.write(to: root.appendingPathComponent(".layoutlint.yml"), atomically: true, encoding: .utf8)
        // A file named alone is one of the many layouts the names are for: not checked.
        let alone = try CommandLine_.run(["lint", "Chat.layout.yaml", "--quiet"], in: root)
        #expect(!alone.stdout.contains("matches"))
        let out = try CommandLine_.run(["lint", ".", "--quiet"], in: root)
        #expect(out.stdout == """
            .layoutlint.yml:3:3: error: 'nmae' matches no dynamic item in the layouts linted, so its samples are never used; did you mean 'name'? [invalidValue]
            .layoutlint.yml:6:3: error: 'mesage' matches no wrap item in the layouts linted, so its samples are never used; did you mean 'message'? [invalidValue]
            .layoutlint.yml:10:12: error: 'name' matches dynamic items, not wrap items: give their sample sizes under 'sizes:' as [[width, height], ...] [invalidValue]
            .layoutlint.yml:11:13: error: 'zz*' matches no dynamic item in the layouts linted, so its samples are never used (dynamic items: name) [invalidValue]

            """)
        #expect(out.status == 1)
    }

    // MARK: Item 7: messages that miss

    @Test("constants: ~ is not a mapping; an empty constants: still is no constants")
    func nullConstants() {
        #expect(messages("layout: L\nsize: [10, 10]\nconstants: ~\nroot:\n  item: a\n")
            == ["3:1: 'constants' must be a mapping of names to numbers (constants: {gutter: 16}), found null [invalidValue]"])
        #expect(messages("layout: L\nsize: [10, 10]\nconstants:\nroot:\n  item: a\n") == [])
    }

    @Test("an import of a missing file names the file of a close name beside it")
    func importNeighbour() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try "constants:\n  g: 1\n".write(to: root.appendingPathComponent("Tokns.layout.yaml"), atomically: true, encoding: .utf8)
        try "import: Tokens.layout.yaml\n---\nlayout: A\nsize: [1, 1]\nroot:\n  item: a\n"
            .write(to: root.appendingPathComponent("A.layout.yaml"), atomically: true, encoding: .utf8)
        let out = try CommandLine_.run(["frames", "A.layout.yaml"], in: root)
        #expect(out.stderr == "A.layout.yaml:1:9: error: cannot import 'Tokens.layout.yaml': no such file or directory; did you mean 'Tokns.layout.yaml' beside it? [invalidValue]\n")
        #expect(out.status == 1)
        // No close name: the message as before.
        try "import: Colors.layout.yaml\n---\nlayout: A\nsize: [1, 1]\nroot:\n  item: a\n"
            .write(to: root.appendingPathComponent("A.layout.yaml"), atomically: true, encoding: .utf8)
        let far = try CommandLine_.run(["frames", "A.layout.yaml"], in: root)
        #expect(far.stderr == "A.layout.yaml:1:9: error: cannot import 'Colors.layout.yaml': no such file or directory [invalidValue]\n")
    }

    @Test("align: top in an hgroup says leading is the top")
    func alignTop() {
        #expect(messages("layout: L\nsize: [10, 10]\nroot:\n  hgroup: main\n  align: top\n  children:\n    - item: a\n")
            == ["5:3: 'align' must be leading, center or trailing, not 'top' (in an hgroup, a row, 'leading' is the top: align: leading) [invalidValue]"])
        #expect(messages("layout: L\nsize: [10, 10]\nroot:\n  vgroup: main\n  align: right\n  children:\n    - item: a\n")
            == ["5:3: 'align' must be leading, center or trailing, not 'right' (in a vgroup, a column, 'trailing' is the right, the left in rtl: align: trailing) [invalidValue]"])
    }

    @Test("the text form's .frame suggests .size, as YAML's frame suggests size")
    func frameModifier() {
        #expect(messages("layout L (size: 10x10) {\n  vgroup main {\n    item a .frame(10, 10)\n  }\n}\n", syntax: .text)
            == ["3:12: unknown modifier '.frame'; did you mean '.size'? [unknownKey]"])
    }

    @Test("a missing } is reported at the group that indentation says lacks it")
    func missingBrace() {
        let text = "layout A (size: 390x844) {\n  vgroup main {\n    hgroup top {\n      item a .width(10)\n    item b .height(20)\n  }\n}\n"
        #expect(messages(text, syntax: .text) == ["3:5: hgroup 'top' probably misses its '}': the '}' at 6:3, indented less than this line, closes it, so layout A opened at 1:1 is left open at the end of the file; add a '}' after its last child [syntax]"])
    }
}
