#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input file into one byte array, without the extra copy that `Data` → `[UInt8]`
/// makes. Only regular files up to `limit` bytes are read: a FIFO would block, a device such as
/// `/dev/zero` never ends, and a huge (or sparse) file would be read whole before anything could
/// be said about it.
enum FileBytes {
    /// The largest input read: 64 MB, far above any hand-written layout (README, docs/format.md).
    static let limit = 64 << 20

    enum Failure: Error, CustomStringConvertible {
        case cannotOpen(String)
        case isDirectory
        case notRegular(String)
        case tooLarge(Int)
        case readFailed(String)

        var description: String {
            switch self {
            case .cannotOpen(let reason): return reason
            case .isDirectory: return "it is a directory"
            case .notRegular(let kind): return "it is \(kind), not a regular file"
            case .tooLarge(let size):
                return "it has \(size) bytes, more than the \(FileBytes.limit) bytes (64 MB) layoutc reads"
            case .readFailed(let reason): return "reading failed: \(reason)"
            }
        }
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO without a writer must not wait for one.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .readFailed(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory
        default: throw .notRegular(kind(of: status.st_mode))
        }
        let size = Int(status.st_size)
        if size > limit { throw .tooLarge(size) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(max(size, 0) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            // A file that grows while it is read is held to the limit too.
            if bytes.count > limit { throw .tooLarge(bytes.count) }
        }
        return bytes
    }

    /// What a non-regular file is, for messages: "a named pipe (FIFO)", "a device", ...
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a file"
        default: return "a special file"
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemRead = Musl.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
