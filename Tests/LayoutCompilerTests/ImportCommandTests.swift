import Foundation
import Testing

/// docs/format.md §7.5 through the real CLI: `layoutc lint` over a folder follows imports and
/// reports a problem inside an imported file once, under that file's path; `frames` of a tokens
/// file is an empty table.
@Suite("layoutc: imports through the command line")
struct ImportCommandTests {
    func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-imports-" + UUID().uuidString)
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    @Test("lint over a folder: imports followed, a bad token reported once in its own file, unused constants warned")
    func lintFolder() throws {
        let dir = try folder([
            "tokens/Tokens.layout.yaml": "constants:\n  gutter: 16\n  bad: wide\n",
            "A.layout": "import \"tokens/Tokens.layout.yaml\"\nlayout A (size: 390x844) {\n  let spare = 1\n  vgroup main (spacing: $gutter) {\n    item a\n    item b\n  }\n}\n",
            "B.layout.yaml": "import: tokens/Tokens.layout.yaml\nlayout: B\nsize: [390, 844]\nroot:\n  vgroup: main\n  padding: $gutter\n  children: [{item: a}, {item: b}]\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CommandLine_.run(["lint", "."], in: dir)
        #expect(out.status == 1)
        #expect(out.stdout == """
            tokens/Tokens.layout.yaml:3:3: error: constant 'bad' must be a number or a list of numbers, found 'wide' [invalidValue]
            A.layout:3:7: warning: constant 'spare' is not used by any layout of this file [unusedConstant]

            """, "\(out.stdout)\(out.stderr)")
        try "constants:\n  gutter: 16\n".write(to: dir.appendingPathComponent("tokens/Tokens.layout.yaml"), atomically: true, encoding: .utf8)
        let tokens = try CommandLine_.run(["frames", "tokens/Tokens.layout.yaml", "--format", "json"], in: dir)
        #expect(tokens.stdout == "{\"layouts\": []}\n" && tokens.status == 0)
    }

    @Test("a layout that only imports: the imported file's table is shared when in order, rebuilt when sorted; same frames and did-you-mean either way")
    func soleImport() throws {
        let dir = try folder([
            // Base's constant is defined below Tokens' own, so Tokens' constants are sorted into
            // location order and its table is not shared; C imports Base alone, whose table is.
            "Base.layout.yaml": "# base\n\n\nconstants:\n  inset: 8\n",
            "Tokens.layout.yaml": "import: Base.layout.yaml\nconstants:\n  gutter: 16\n",
            "A.layout.yaml": "layout: A\nsize: [100, 100]\nimport: Tokens.layout.yaml\nroot:\n  vgroup: main\n  padding: $inset\n  spacing: $gutter\n  children: [{item: a}, {item: b}]\n",
            "B.layout.yaml": "layout: B\nsize: [100, 100]\nimport: Tokens.layout.yaml\nroot:\n  vgroup: main\n  padding: $inset\n  spacing: $guter\n  children: [{item: a}, {item: b}]\n",
            "C.layout.yaml": "layout: C\nsize: [100, 100]\nimport: Base.layout.yaml\nroot:\n  vgroup: main\n  padding: $inset\n  spacing: $insett\n  children: [{item: a}, {item: b}]\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try CommandLine_.run(["frames", "A.layout.yaml", "--format", "csv"], in: dir)
        #expect(a.status == 0)
        #expect(a.stdout == "layout,name,kind,x,y,width,height\nA,main,vgroup,0,0,100,100\nA,a,item,8,8,84,34\nA,b,item,8,58,84,34\n", "\(a.stdout)\(a.stderr)")
        let b = try CommandLine_.run(["frames", "B.layout.yaml", "--format", "csv"], in: dir)
        #expect(b.status == 1)
        #expect(b.stderr == "B.layout.yaml:7:12: error: no constant 'guter' is visible here; did you mean '$gutter'? [invalidValue]\n", "\(b.stderr)")
        let c = try CommandLine_.run(["frames", "C.layout.yaml", "--format", "csv"], in: dir)
        #expect(c.status == 1)
        #expect(c.stderr == "C.layout.yaml:7:12: error: no constant 'insett' is visible here; did you mean '$inset'? [invalidValue]\n", "\(c.stderr)")
    }
}
