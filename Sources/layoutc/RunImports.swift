import ArgumentParser
import LayoutCompiler

/// The files this run imports (docs/format.md §7.5): read like any input (`FileBytes`), each
/// once however many files of the run import it, and only inside the run's project.
enum RunImports {
    /// Set by the command before it compiles anything (`confine(to:)`); until then imports
    /// read only under the current folder.
    nonisolated(unsafe) private(set) static var shared = ConstantImports(confinement: ImportConfinement(folders: ["."]), reader: read)

    /// Imports of this run read only inside `folders`: the project (the folder of each file
    /// given, or the folder linted) and the `--import-root` folders.
    static func confine(to folders: [String]) {
        shared = ConstantImports(confinement: ImportConfinement(folders: folders), reader: read)
    }

    /// `confine(to:)` the folders of `files` and `importRoots`.
    static func confine(toFoldersOf files: [String], importRoots: [String]) {
        confine(to: ImportConfinement.folders(ofFiles: files) + importRoots)
    }

    @Sendable private static func read(_ path: String) -> Result<[UInt8], ConstantImports.ReadFailure> {
        do {
            let bytes = try FileBytes.read(path)
            guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.init("it is not UTF-8 text")) }
            return .success(bytes)
        } catch {
            // `FileBytes.read` throws only its own failures (typed throws).
            if case .cannotOpen = error {
                return .failure(.init(error.description + ImportNeighbour.hint(for: path)))
            }
            return .failure(.init(error.description))
        }
    }

    /// What a command passes the compiler for a file read from `path`.
    static func context(for path: String) -> LayoutCompiler.ImportContext {
        LayoutCompiler.ImportContext(path: path, imports: shared)
    }

    /// The `--import-root` option's help.
    static let importRootHelp = ArgumentHelp("A folder imports may read besides the project (the folder of the file given); repeat for several.", valueName: "FOLDER")
}
