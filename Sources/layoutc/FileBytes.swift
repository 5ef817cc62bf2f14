#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array, without the extra copy that `Data` → `[UInt8]` makes
/// (a 400 MB input should cost 400 MB, not 800).
enum FileBytes {
    enum Failure: Error, CustomStringConvertible {
        case cannotOpen(String)
        case isDirectory
        case readFailed(String)

        var description: String {
            switch self {
            case .cannotOpen(let reason): return reason
            case .isDirectory: return "it is a directory"
            case .readFailed(let reason): return "reading failed: \(reason)"
            }
        }
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotOpen(String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .readFailed(String(cString: strerror(errno))) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory }
        var bytes = [UInt8]()
        bytes.reserveCapacity(max(Int(status.st_size), 0) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemRead = Musl.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
