import LayoutCompiler

/// The files this run imports (docs/format.md §7.5): read like any input (`FileBytes`), each
/// once however many files of the run import it.
enum RunImports {
    static let shared = ConstantImports { path in
        do {
            let bytes = try FileBytes.read(path)
            guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.init("it is not UTF-8 text")) }
            return .success(bytes)
        } catch let failure as FileBytes.Failure {
            if case .cannotOpen = failure {
                return .failure(.init(failure.description + ImportNeighbour.hint(for: path)))
            }
            return .failure(.init(failure.description))
        } catch {
            return .failure(.init("\(error)"))
        }
    }

    /// What a command passes the compiler for a file read from `path`.
    static func context(for path: String) -> LayoutCompiler.ImportContext {
        LayoutCompiler.ImportContext(path: path, imports: shared)
    }
}
