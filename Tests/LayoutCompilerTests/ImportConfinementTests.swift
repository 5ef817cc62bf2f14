import Foundation
@testable import LayoutCompiler
import Testing

/// Issue 44 items 2 and 10c (docs/format.md §7.5): imports read only inside the project, a
/// path holding NUL is refused, and one file reached by two paths (a symlink) is one file;
/// end to end through the `layoutc` binary.
@Suite("imports: the project's confinement")
struct ImportConfinementTests {
    /// A fresh folder `base` holding `project/` and `outside/` with the given files (paths
    /// relative to `base`).
    func folder(_ files: [String: String]) throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-confine-\(UUID().uuidString)")
        for (name, text) in files {
            let url = base.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("project"), withIntermediateDirectories: true)
        return base
    }

    static let layout = "layout: Page\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n"

    func real(_ url: URL) -> String { ImportLocation.realPath(url.path) ?? url.path }

    @Test func anImportOutsideTheProjectIsRefusedWithoutReadingIt() throws {
        let base = try folder([
            "outside/token.txt": "ghp_SECRETSECRET\n",
            "project/Page.layout.yaml": "import: [../outside/token.txt, /proc/self/maps]\n---\n" + Self.layout,
        ])
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        let out = try CommandLine_.run(["frames", "Page.layout.yaml"], in: project)
        let advice = "and imports read only files inside it; to allow another folder, give it with --import-root FOLDER [invalidValue]"
        #expect(out.status == 1)
        #expect(out.stderr == """
            Page.layout.yaml:1:10: error: cannot import '../outside/token.txt': it lies outside the project ('\(real(project))'), \(advice)
            Page.layout.yaml:1:32: error: cannot import '/proc/self/maps': it lies outside the project ('\(real(project))'), \(advice)

            """)
        #expect(!out.stderr.contains("ghp_"))
        // lint and generate confine the same way.
        let lint = try CommandLine_.run(["lint", "--quiet", "Page.layout.yaml"], in: project)
        #expect(lint.stdout.contains("it lies outside the project") && !lint.stdout.contains("ghp_") && !lint.stdout.contains("SECRET"))
    }

    @Test func importRootWidensTheProject() throws {
        let base = try folder([
            "tokens/Tokens.layout.yaml": "constants:\n  row: 44\n",
            "project/Page.layout.yaml": "import: ../tokens/Tokens.layout.yaml\nlayout: Page\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: $row\n",
        ])
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        let refused = try CommandLine_.run(["frames", "Page.layout.yaml", "--format", "csv"], in: project)
        #expect(refused.status == 1 && refused.stderr.contains("it lies outside the project"))
        let widened = try CommandLine_.run(["frames", "Page.layout.yaml", "--format", "csv", "--import-root", "../tokens"], in: project)
        #expect(widened.stderr == "")
        #expect(widened.status == 0)
        #expect(widened.stdout.contains("Page,a,item,0,0,100,44"))
        // Linting the folder above makes it the project.
        let lint = try CommandLine_.run(["lint", "--quiet", "."], in: base)
        #expect(!lint.stdout.contains("outside the project"), "\(lint.stdout)")
    }

    /// A link inside the project is followed (a tokens file shared from another folder, as the
    /// Examples package links layouts/Tokens.layout.yaml), but the problems of the file it leads
    /// to outside are not shown: one error at the import says there are some.
    @Test func aLinkInsideTheProjectToAFileOutsideIsReadButItsProblemsAreNotShown() throws {
        let base = try folder([
            "outside/token.layout.yaml": "ghp_SECRET: [\n",
            "outside/Tokens.layout.yaml": "constants:\n  row: 44\n",
            "project/Page.layout.yaml": "import: link.layout.yaml\n---\n" + Self.layout,
            "project/Good.layout.yaml": "import: Tokens.layout.yaml\nlayout: Page\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: $row\n",
        ])
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        try FileManager.default.createSymbolicLink(atPath: project.path + "/link.layout.yaml", withDestinationPath: "../outside/token.layout.yaml")
        try FileManager.default.createSymbolicLink(atPath: project.path + "/Tokens.layout.yaml", withDestinationPath: "../outside/Tokens.layout.yaml")
        let out = try CommandLine_.run(["frames", "Page.layout.yaml"], in: project)
        #expect(out.stderr == "Page.layout.yaml:1:9: error: 'link.layout.yaml' is a link to a file outside the project, and that file (or one it imports) has errors, not shown here since they could quote it; check it in its own folder (layoutc lint FOLDER), or give that folder with --import-root FOLDER [invalidValue]\n")
        #expect(!out.stderr.contains("ghp_"))
        let good = try CommandLine_.run(["frames", "Good.layout.yaml", "--format", "csv"], in: project)
        #expect(good.stderr == "")
        #expect(good.stdout.contains("Page,a,item,0,0,100,44"))
    }

    @Test func aPathHoldingNULIsRefused() throws {
        let base = try folder(["project/tok.txt": "ghp_SECRET\n", "project/Page.layout.yaml": "import: \"tok.txt\\0.layout.yaml\"\n---\n" + Self.layout])
        defer { try? FileManager.default.removeItem(at: base) }
        let out = try CommandLine_.run(["frames", "Page.layout.yaml"], in: base.appendingPathComponent("project"))
        #expect(out.stderr == "Page.layout.yaml:1:9: error: an import path cannot hold a NUL character ('\\0'): write the file's path without it [invalidValue]\n")
        // In memory too: the reader is never asked.
        let asked = Asked()
        let imports = ConstantImports { path in
            asked.add(path)
            return .failure(.init("no such file"))
        }
        let text = Array("import: \"tok.txt\\0.layout.yaml\"\n---\n\(Self.layout)".utf8)
        let compiled = LayoutCompiler.compile(text, syntax: .yaml, context: .init(path: "/p/Page.layout.yaml", imports: imports))
        #expect(compiled.diagnostics.map(\.code) == [.invalidValue])
        #expect(asked.paths.isEmpty)
    }

    @Test func oneFileReachedByTwoPathsIsOneFile() throws {
        let base = try folder([
            "project/Tokens.layout.yaml": "constants:\n  row: 44\n",
            "project/Page.layout.yaml": "import: [Tokens.layout.yaml, Alias.layout.yaml]\nlayout: Page\nsize: [100, 100]\nroot:\n  vgroup: main\n  children:\n    - item: a\n      height: $row\n",
        ])
        defer { try? FileManager.default.removeItem(at: base) }
        let project = base.appendingPathComponent("project")
        try FileManager.default.createSymbolicLink(atPath: project.path + "/Alias.layout.yaml", withDestinationPath: "Tokens.layout.yaml")
        let out = try CommandLine_.run(["frames", "Page.layout.yaml", "--format", "csv"], in: project)
        #expect(out.stderr == "")
        #expect(out.status == 0)
        #expect(out.stdout.contains("Page,a,item,0,0,100,44"))
    }
}

/// The paths a reader was asked for.
final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ path: String) { lock.withLock { list.append(path) } }
    var paths: [String] { lock.withLock { list } }
}
