import Foundation
import LayoutCompiler
import Testing

/// The bad inputs of issue 19's acceptance that need real files, through the real CLI: a
/// directory as an import, a file that is not UTF-8, `$` alone; and `$NAME` in the bounds of
/// `when` in both syntaxes (docs/format.md §7.4–7.5), its frames and its errors at the reference.
@Suite("constants: faults on disk and references in when")
struct ConstantFaultTests {
    /// A scratch folder holding `files` (a nil text: a directory), removed afterwards.
    func folder(_ files: [String: [UInt8]?], _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-constant-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in files {
            let url = directory.appendingPathComponent(name)
            if let bytes { try Data(bytes).write(to: url) } else { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        }
        try body(directory)
    }

    @Test("a directory and a file that is not UTF-8 as imports, and $ alone: each located, exit 1, nothing printed")
    func unreadableImportsAndDollarAlone() throws {
        let layout = """
            layout: A
            size: [390, 844]
            import: [Dir.layout.yaml, Latin.layout.yaml]
            root:
              vgroup: main
              children:
                - item: a
                  height: $
            """ + "\n"
        try folder(["A.layout.yaml": Array(layout.utf8), "Dir.layout.yaml": nil, "Latin.layout.yaml": Array("constants: {caf".utf8) + [0xE9] + Array(": 1}\n".utf8)]) { directory in
            let out = try CommandLine_.run(["frames", "A.layout.yaml"], in: directory)
            #expect(out.status == 1 && out.stdout.isEmpty)
            #expect(out.stderr == """
                A.layout.yaml:3:10: error: cannot import 'Dir.layout.yaml': it is a directory [invalidValue]
                A.layout.yaml:3:27: error: cannot import 'Latin.layout.yaml': it is not UTF-8 text [invalidValue]
                A.layout.yaml:8:15: error: '$' names no constant: write '$' and the constant's name, as in '$gutter' [invalidValue]

                """)
        }
    }

    static let whenYAML = """
        layout: W
        size: [390, 844]
        constants:
          tablet: 600
        root:
          vgroup: main
          children:
            - item: phone
              when: {maxWidth: $tablet}
              height: 40
            - item: pad
              when: {minWidth: $tablet}
              height: 80
        """ + "\n"

    static let whenText = """
        layout W (size: 390x844) {
          let tablet = 600
          vgroup main {
            item phone .when(..<$tablet) .height(40)
            item pad .when($tablet...) .height(80)
          }
        }
        """ + "\n"

    @Test("$NAME in when's bounds: the variant its value selects, in both syntaxes, on either side of the bound")
    func referencesInWhen() throws {
        try folder(["W.layout.yaml": Array(Self.whenYAML.utf8), "W.layout": Array(Self.whenText.utf8)]) { directory in
            for file in ["W.layout.yaml", "W.layout"] {
                let phone = try CommandLine_.run(["frames", file, "--format", "csv"], in: directory)
                #expect(phone.stdout == "layout,name,kind,x,y,width,height\nW,main,vgroup,0,0,390,844\nW,phone,item,0,0,390,40\n", "\(file): \(phone.stderr)")
                let edge = try CommandLine_.run(["frames", file, "--size", "600x844", "--format", "csv"], in: directory)
                #expect(edge.stdout == "layout,name,kind,x,y,width,height\nW,main,vgroup,0,0,600,844\nW,pad,item,0,0,600,80\n", "\(file): \(edge.stderr)")
                let below = try CommandLine_.run(["frames", file, "--size", "599.5x844", "--format", "csv"], in: directory)
                #expect(below.stdout == "layout,name,kind,x,y,width,height\nW,main,vgroup,0,0,599.5,844\nW,phone,item,0,0,599.5,40\n", "\(file): \(below.stderr)")
            }
        }
    }

    @Test("a bad value or a misspelt name in when's bounds: invalidValue at the reference, in both syntaxes")
    func badReferencesInWhen() throws {
        let yaml = Self.whenYAML.replacingOccurrences(of: "  tablet: 600\n", with: "  tablet: 600\n  gap: -1\n")
            .replacingOccurrences(of: "{maxWidth: $tablet}", with: "{maxWidth: $tablt}")
            .replacingOccurrences(of: "{minWidth: $tablet}", with: "{minWidth: $gap}")
        let text = Self.whenText.replacingOccurrences(of: "  let tablet = 600\n", with: "  let tablet = 600\n  let gap = -1\n")
            .replacingOccurrences(of: "..<$tablet", with: "..<$tablt").replacingOccurrences(of: "($tablet...)", with: "($gap...)")
        try folder(["W.layout.yaml": Array(yaml.utf8), "W.layout": Array(text.utf8)]) { directory in
            let fromYAML = try CommandLine_.run(["frames", "W.layout.yaml"], in: directory)
            #expect(fromYAML.status == 1 && fromYAML.stderr == """
                W.layout.yaml:10:24: error: no constant 'tablt' is visible here; did you mean '$tablet'? [invalidValue]
                W.layout.yaml:13:24: error: 'minWidth' must be a width, a number from 0 to 1e9, not the number -1 [invalidValue]

                """)
            let fromText = try CommandLine_.run(["frames", "W.layout"], in: directory)
            #expect(fromText.status == 1 && fromText.stderr == """
                W.layout:5:25: error: no constant 'tablt' is visible here; did you mean '$tablet'? [invalidValue]
                W.layout:6:20: error: 'minWidth' must be a width, a number from 0 to 1e9, not the number -1 [invalidValue]

                """)
        }
    }
}
