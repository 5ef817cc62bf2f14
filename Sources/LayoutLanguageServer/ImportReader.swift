import Foundation
import LayoutCompiler

/// How the server reads an imported file (docs/format.md §7.5): the text of an open document
/// as the editor holds it (unsaved edits count, as they do for the document itself), else the
/// file on disk, refused on the same grounds and with the same reasons as `layoutc lint`.
/// Shared with the compiler's `ConstantImports` reader, so its table is behind a lock.
final class ImportReader: @unchecked Sendable {
    private let lock = NSLock()
    private var openTexts: [String: [UInt8]] = [:]
    /// Folders imports may read besides the document's own (`layoutc lsp --import-root`).
    let importRoots: [String]

    init(importRoots: [String] = []) {
        self.importRoots = importRoots
    }

    /// The text of the open document at `path` (nil: closed, read from disk again).
    func setOpen(_ path: String, bytes: [UInt8]?) {
        guard path.hasPrefix("/") else { return }
        lock.withLock { openTexts[path] = bytes }
    }

    /// A fresh table of imported files for one analysis of the document at `path`: each file
    /// read once for it, and only inside the document's folder and `importRoots` (docs/format.md §7.5).
    func imports(for path: String) -> ConstantImports {
        let confinement = ImportConfinement(folders: ImportConfinement.folders(ofFiles: [path]) + importRoots)
        return ConstantImports(confinement: confinement) { [self] path in contents(of: path) }
    }

    func contents(of path: String) -> Result<[UInt8], ConstantImports.ReadFailure> {
        if let bytes = lock.withLock({ openTexts[path] }) {
            return Self.checked(bytes)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.init(String(cString: strerror(errno)).lowercased())) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.init("reading failed: \(String(cString: strerror(errno)))")) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.init("it is a directory"))
        case S_IFIFO: return .failure(.init("it is a named pipe (FIFO), not a regular file"))
        case S_IFCHR, S_IFBLK: return .failure(.init("it is a device, not a regular file"))
        case S_IFSOCK: return .failure(.init("it is a socket, not a regular file"))
        default: return .failure(.init("it is a special file, not a regular file"))
        }
        let size = Int(status.st_size)
        let limit = OpenDocument.maximumSize
        if size > limit { return .failure(.init("it has \(size) bytes, more than the \(limit) bytes (64 MB) layoutc reads")) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.init("reading failed: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(.init("it has \(bytes.count) bytes, more than the \(limit) bytes (64 MB) layoutc reads")) }
        }
        return Self.checked(bytes)
    }

    private static func checked(_ bytes: [UInt8]) -> Result<[UInt8], ConstantImports.ReadFailure> {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.init("it is not UTF-8 text")) }
        return .success(bytes)
    }
}
