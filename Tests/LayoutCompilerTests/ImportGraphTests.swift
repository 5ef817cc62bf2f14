import Foundation
@testable import LayoutCompiler
import Testing

/// Issue 44 item 4 (docs/format.md §7.5): each imported file is read and checked once per run
/// and each of its problems reported once, however many paths of imports reach it; a chain of
/// imports deeper than `ConstantImports.maximumDepth` is a located error.
@Suite("imports: diamonds and chains")
struct ImportGraphTests {
    /// Files in memory, counting each read.
    final class Folder: @unchecked Sendable {
        let files: [String: String]
        private let lock = NSLock()
        private(set) var reads: [String: Int] = [:]
        init(_ files: [String: String]) { self.files = files }

        var imports: ConstantImports {
            ConstantImports { [self] path in
                lock.withLock { reads[path, default: 0] += 1 }
                guard let text = files[path] else { return .failure(.init("no such file or directory")) }
                return .success(Array(text.utf8))
            }
        }
    }

    static let layout = "layout: Main\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n"

    /// /p/Main imports d0; d_k imports a_{k+1} and b_{k+1}, which both import d_{k+1}; the
    /// bottom file defines one bad constant and one good one: 2^depth paths reach it.
    static func diamond(depth: Int) -> [String: String] {
        var files = ["/p/Main.layout.yaml": "import: d0.layout.yaml\nlayout: Main\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: $good\n"]
        for k in 0..<depth {
            files["/p/d\(k).layout.yaml"] = "import: [a\(k + 1).layout.yaml, b\(k + 1).layout.yaml]\n"
            files["/p/a\(k + 1).layout.yaml"] = "import: d\(k + 1).layout.yaml\n"
            files["/p/b\(k + 1).layout.yaml"] = "import: d\(k + 1).layout.yaml\n"
        }
        files["/p/d\(depth).layout.yaml"] = "constants:\n  bad: wide\n  good: 10\n"
        return files
    }

    /// Every diagnostic the resolution of `path` produced, before the compiler's final sort
    /// (which drops repeats, and so hid 2^22 of them).
    func resolved(_ path: String, _ folder: Folder) -> [Diagnostic] {
        DeepStack.run {
            let imports = folder.imports
            var (file, _) = YAMLFrontEnd.parse(Array((folder.files[path] ?? "").utf8))
            var resolution = ConstantResolution(path: path, imports: imports, stack: [path])
            _ = resolution.resolve(&file)
            return resolution.diagnostics.diagnostics
        }
    }

    @Test func aProblemAtTheBottomOfADiamondIsReportedOnce() {
        let folder = Folder(Self.diamond(depth: 12))
        let diagnostics = resolved("/p/Main.layout.yaml", folder)
        #expect(diagnostics.map { $0.formatted(path: "/p/Main.layout.yaml") } == [
            "/p/d12.layout.yaml:2:3: error: constant 'bad' must be a number or a list of numbers, found 'wide' [invalidValue]",
        ])
        #expect(folder.reads.count == 3 * 12 + 1)
        #expect(folder.reads.values.allSatisfy { $0 == 1 })
    }

    @Test func aDiamondsConstantsAreVisibleOnceEach() {
        var files = Self.diamond(depth: 10)
        files["/p/d10.layout.yaml"] = "constants:\n  good: 12\n"
        let folder = Folder(files)
        #expect(resolved("/p/Main.layout.yaml", folder).isEmpty)
        let request = FramesRequest(size: Size(width: 100, height: 100))
        let result = request.run(on: Array(files["/p/Main.layout.yaml"]!.utf8), context: .init(path: "/p/Main.layout.yaml", imports: Folder(files).imports))
        #expect(result.diagnostics.isEmpty)
        #expect(result.table?.rendered(as: .csv).contains("Main,a,item,0,0,100,12") == true)
    }

    /// /p/c0 … c{count-1}, each importing the next and defining one constant.
    static func chain(_ count: Int) -> [String: String] {
        var files = ["/p/Main.layout.yaml": "import: c0.layout.yaml\n---\n" + layout]
        for k in 0..<count {
            files["/p/c\(k).layout.yaml"] = (k + 1 < count ? "import: c\(k + 1).layout.yaml\n" : "") + "constants:\n  k\(k): \(k)\n"
        }
        return files
    }

    @Test func aChainWithinTheLimitSeesEveryConstant() {
        let files = Self.chain(ConstantImports.maximumDepth)
        let folder = Folder(files)
        #expect(resolved("/p/Main.layout.yaml", folder).isEmpty)
        let visible = DeepStack.run {
            let (file, _) = YAMLFrontEnd.parse(Array(files["/p/Main.layout.yaml"]!.utf8))
            return VisibleConstants.visible(in: file, layout: nil, path: "/p/Main.layout.yaml", imports: Folder(files).imports)
        }
        #expect(visible.count == ConstantImports.maximumDepth)
    }

    @Test func aChainDeeperThanTheLimitIsALocatedError() {
        let limit = ConstantImports.maximumDepth
        let folder = Folder(Self.chain(limit + 500))
        let diagnostics = resolved("/p/Main.layout.yaml", folder)
        #expect(diagnostics.map { $0.formatted(path: "/p/Main.layout.yaml") } == [
            "/p/c\(limit - 1).layout.yaml:1:9: error: importing 'c\(limit).layout.yaml' nests imports more than \(limit) files deep; import the constants through fewer files [invalidValue]",
        ])
        #expect(folder.reads["/p/c\(limit).layout.yaml"] == nil)
    }

    @Test func twoLayoutsImportingOneBadFileBothGetNoFramesAndItsProblemOnce() {
        let files = [
            "/p/Main.layout.yaml": "layout: A\nsize: [10, 10]\nimport: Bad.layout.yaml\nroot:\n  item: a\n---\nlayout: B\nsize: [10, 10]\nimport: Mid.layout.yaml\nroot:\n  item: b\n---\nlayout: C\nsize: [10, 10]\nroot:\n  item: c\n",
            "/p/Mid.layout.yaml": "import: Bad.layout.yaml\n",
            "/p/Bad.layout.yaml": "constants:\n  bad: wide\n",
        ]
        let request = FramesRequest()
        let result = request.run(on: Array(files["/p/Main.layout.yaml"]!.utf8), context: .init(path: "/p/Main.layout.yaml", imports: Folder(files).imports))
        #expect(result.table?.layouts.map(\.name) == ["C"])
        #expect(result.diagnostics.map { $0.formatted(path: "/p/Main.layout.yaml") } == [
            "/p/Bad.layout.yaml:2:3: error: constant 'bad' must be a number or a list of numbers, found 'wide' [invalidValue]",
        ])
    }
}
