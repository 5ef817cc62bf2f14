import Foundation
import LayoutCompiler
import Testing

/// docs/format.md §5, end to end: the built `layoutc` binary on the fixture files.
@Suite("layoutc frames (docs/format.md §5)")
struct CommandLineTests {
    func run(_ arguments: String...) throws -> CommandLine_.Output {
        try CommandLine_.run(["frames"] + arguments)
    }

    @Test("table output")
    func table() throws {
        let out = try run("Small.layout.yaml")
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout == """
            Small (100×50)
            name  kind     x  y  width  height
            row   hgroup   0  0    100      50
            a     item     5  5     30      40
            b     item    35  5     60      40

            """)
    }

    @Test("JSON output")
    func json() throws {
        let out = try run("Small.layout.yaml", "--format", "json")
        #expect(out.status == 0)
        #expect(out.stdout == """
            {"layouts": [
              {"layout": "Small", "size": {"width": 100, "height": 50}, "frames": [
                {"name": "row", "kind": "hgroup", "x": 0, "y": 0, "width": 100, "height": 50},
                {"name": "a", "kind": "item", "x": 5, "y": 5, "width": 30, "height": 40},
                {"name": "b", "kind": "item", "x": 35, "y": 5, "width": 60, "height": 40}
              ]}
            ]}

            """)
        // and it is JSON
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let layouts = object?["layouts"] as? [[String: Any]]
        #expect(layouts?.first?["layout"] as? String == "Small")
        #expect((layouts?.first?["frames"] as? [[String: Any]])?.count == 3)
    }

    @Test("CSV output")
    func csv() throws {
        let out = try run("Small.layout.yaml", "--format", "csv")
        #expect(out.status == 0)
        #expect(out.stdout == "layout,name,kind,x,y,width,height\nSmall,row,hgroup,0,0,100,50\nSmall,a,item,5,5,30,40\nSmall,b,item,35,5,60,40\n")
    }

    @Test("--size overrides the layout's size; a size-dependent error names the size")
    func sizeOverride() throws {
        let out = try run("Small.layout.yaml", "--size", "200x10", "--format", "csv")
        #expect(out.status == 0)
        #expect(out.stdout == "layout,name,kind,x,y,width,height\nSmall,row,hgroup,0,0,200,10\nSmall,a,item,5,5,30,0\nSmall,b,item,35,5,160,0\n")
        let tooSmall = try run("Small.layout.yaml", "--size", "20x50")
        #expect(tooSmall.status == 1)
        let lines = tooSmall.stderr.split(separator: "\n")
        #expect(lines.count == 2)  // the error and its note
        #expect(lines.last?.hasPrefix("Small.layout.yaml:4:3: note: to fit, let a child give way with `shrink: 1`") == true)
        #expect(lines.first?.hasPrefix("Small.layout.yaml:4:3: error: ") == true, "\(tooSmall.stderr)")
        #expect(lines.first?.hasSuffix(" [outOfSpace]") == true)
        #expect(lines.first?.contains("20×50") == true)
    }

    @Test("diagnostics on stderr as PATH:LINE:COLUMN: error: MESSAGE [code], exit status 1")
    func diagnostics() throws {
        let out = try run("Broken.layout.yaml")
        #expect(out.status == 1)
        let lines = out.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(out.stderr)")
        guard lines.count == 2 else { return }
        #expect(lines[0].hasPrefix("Broken.layout.yaml:7:7: error: ") && lines[0].hasSuffix(" [unknownKey]"))
        #expect(lines[0].contains("height"))
        #expect(lines[1].hasPrefix("Broken.layout.yaml:8:7: error: ") && lines[1].hasSuffix(" [duplicateName]"))
        #expect(!out.stdout.contains("row"))
    }

    @Test("no size from the file or --size: missingKey at the layout line, telling to pass --size")
    func missingSize() throws {
        let out = try run("NoSize.layout.yaml")
        #expect(out.status == 1)
        #expect(out.stderr.hasPrefix("NoSize.layout.yaml:2:1: error: "))
        #expect(out.stderr.hasSuffix(" [missingKey]\n"))
        #expect(out.stderr.contains("--size"))
        let sized = try run("NoSize.layout.yaml", "--size", "10x20", "--format", "csv")
        #expect(sized.status == 0)
        #expect(sized.stdout == "layout,name,kind,x,y,width,height\nNoSize,a,item,0,0,10,20\n")
    }

    @Test("--safe-area overrides the layout's safeArea")
    func safeArea() throws {
        let plain = try run("Safe.layout.yaml", "--format", "csv")
        #expect(plain.stdout == "layout,name,kind,x,y,width,height\nSafe,a,item,2,1,94,96\n")
        let override = try run("Safe.layout.yaml", "--safe-area", "10,20,30,40", "--format", "csv")
        #expect(override.status == 0)
        #expect(override.stdout == "layout,name,kind,x,y,width,height\nSafe,a,item,20,10,40,60\n")
    }

    @Test("--sizes gives a dynamic item its elements; without it, itemIncomplete at the item")
    func dynamicSizes() throws {
        // first 50; + 10 + 10 = 70 → d[0] at 60; 45 does not fit (125) → next line at 10 + 10 = 20
        let expected = "layout,name,kind,x,y,width,height\nDynamic,f,flow,0,0,100,100\nDynamic,first,item,0,0,50,10\nDynamic,d[0],item,60,0,10,10\nDynamic,d[1],item,0,20,45,20\n"
        let out = try run("Dynamic.layout.yaml", "--sizes", "d=10x10,45x20", "--format", "csv")
        #expect(out.status == 0)
        #expect(out.stdout == expected)
        // One name twice is a usage error (docs/format.md §6.6): its sizes go in one --sizes.
        let repeated = try run("Dynamic.layout.yaml", "--sizes", "d=10x10", "--sizes", "d=45x20", "--format", "csv")
        #expect(repeated.status == 64)
        #expect(repeated.stderr == "error: --sizes gives 'd' more than once; give all its sizes in one --sizes d=WxH,WxH,...\n")
        let missing = try run("Dynamic.layout.yaml")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Dynamic.layout.yaml:8:7: error: "))
        #expect(missing.stderr.hasSuffix(" [itemIncomplete]\n"))
    }

    @Test("--layout selects one layout of a file; without it, every layout in file order")
    func layoutSelection() throws {
        let all = try run("Two.layout.yaml", "--format", "csv")
        #expect(all.stdout == "layout,name,kind,x,y,width,height\nA,a,item,0,0,10,20\nB,b,item,0,0,30,40\n")
        let one = try run("Two.layout.yaml", "--layout", "B", "--format", "csv")
        #expect(one.status == 0)
        #expect(one.stdout == "layout,name,kind,x,y,width,height\nB,b,item,0,0,30,40\n")
        let none = try run("Two.layout.yaml", "--layout", "C")
        #expect(none.status == 1)
        #expect(none.stderr.hasSuffix("[missingKey]\n"))
    }

    @Test("usage mistakes get argument-parser's usage error (exit 64)", arguments: [
        ["--size", "nanx5"], ["--size", "10"], ["--size", "-1x5"], ["--size", "infx5"], ["--safe-area", "1,2,3"],
        ["--format", "xml"], ["--sizes", "d"],
    ])
    func usageError(_ arguments: [String]) throws {
        let out = try CommandLine_.run(["frames", "Small.layout.yaml"] + arguments)
        #expect(out.status == 64, "\(out.stderr)")
        #expect(out.stdout == "")
        #expect(out.stderr.contains("Usage") || out.stderr.contains("Error"))
    }

    @Test("a missing file is an error with exit status 1")
    func missingFile() throws {
        let out = try run("Nowhere.layout.yaml")
        #expect(out.status == 1)
        #expect(out.stderr.contains("Nowhere.layout.yaml"))
        #expect(out.stdout == "")
    }
}
