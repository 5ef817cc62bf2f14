import Foundation
import LayoutCompiler

/// Imports read from disk (docs/format.md §7.5) the way `layoutc` reads them, for suites that
/// compile the files of layouts/ in memory: Profile.layout.yaml imports Tokens.layout.yaml, which
/// resolves only relative to the importing file's path.
enum FolderImports {
    /// One per test run, like `layoutc`'s: each imported file is read once.
    static let shared = ConstantImports { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.init("no such file or directory")) }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else { return .failure(.init("it is a directory")) }
        return .success(Array(data))
    }

    /// What to pass the compiler for the file at `url`.
    static func context(for url: URL) -> LayoutCompiler.ImportContext {
        LayoutCompiler.ImportContext(path: url.path, imports: shared)
    }
}
