#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way `layoutc` writes a file (`generate`, `format --in-place`, `lint -o`, `preview -o`):
/// atomically and only when the bytes change, so watchers and build systems see no change when
/// there is none, and a reader never sees half a file.
///
/// - The temporary file is created exclusively (`mkstemps`, `O_CREAT|O_EXCL`) in the
///   destination's folder, so nothing planted at a predictable name can redirect the write;
///   it is removed on every failure path and on SIGINT/SIGTERM, and temporary files that a
///   killed `layoutc` left behind are removed by the next write into that folder.
/// - A symbolic link is written through: its target is replaced and the link stays a link.
/// - An existing file keeps its mode (never world-writable); a new one gets 0666 less the umask
///   and less world-write. A read-only file is an error, not silently replaced.
enum OutputFile {
    /// Why a file could not be written, in words.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The marker in temporary names: `.NAME.layoutc-PID-XXXXXX.tmp`.
    static let temporaryMarker = ".layoutc-"

    /// Writes the bytes to `path` unless it already holds them; returns whether it wrote.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) -> Bool {
        let destination = try resolveLinks(path)
        var mode: mode_t
        var owner: (uid_t, gid_t)?
        var status = stat()
        if lstat(destination, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                throw Failure(description: "it is \(FileBytes.kind(of: status.st_mode)), not a regular file")
            }
            if (status.st_mode & 0o222) == 0 || access(destination, W_OK) != 0 {
                throw Failure(description: "the file is read-only")
            }
            if Int(status.st_size) == bytes.count, holds(destination, bytes) { return false }
            mode = status.st_mode & 0o777
            owner = (status.st_uid, status.st_gid)
        } else if errno == ENOENT {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        } else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        mode &= ~mode_t(0o002)

        let (directory, name) = split(destination)
        removeStaleTemporaries(in: directory)
        var template = Array("\(directory)/.\(shortened(name))\(temporaryMarker)\(getpid())-XXXXXX.tmp".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
        }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Interrupt.pending = strdup(temporary)
        defer {
            // Cleared before it is freed: a signal in between must not read freed memory.
            let pending = Interrupt.pending
            Interrupt.pending = nil
            free(pending)
        }
        var failure: String?
        if fchmod(descriptor, mode) != 0 {
            failure = String(cString: strerror(errno))
        }
        if failure == nil, let owner, geteuid() == 0 {
            // root rewriting someone's file: the file stays theirs.
            _ = fchown(descriptor, owner.0, owner.1)
        }
        if failure == nil, let error = writeAll(bytes, to: descriptor) {
            failure = String(cString: strerror(error))
        }
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL {
            failure = String(cString: strerror(errno))
        }
        if close(descriptor) != 0, failure == nil {
            failure = String(cString: strerror(errno))
        }
        if failure == nil, rename(temporary, destination) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure {
            unlink(temporary)
            throw Failure(description: failure)
        }
        return true
    }

    /// The file a path names once its symbolic links are followed (the path itself when it is
    /// not a link; the link's target, possibly not existing yet, when it is).
    static func resolveLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : split(current).directory + "/" + target
        }
        throw Failure(description: String(cString: strerror(ELOOP)))
    }

    /// Whether the regular file at `path` holds exactly these bytes.
    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard let existing = try? FileBytes.read(path) else { return false }
        return existing == bytes
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// `dir/name` → ("dir", "name"); a bare name is in ".".
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// The file name cut to 100 bytes, so that the temporary name stays within NAME_MAX.
    private static func shortened(_ name: String) -> String {
        var result = ""
        var count = 0
        for scalar in name.unicodeScalars {
            count += String(scalar).utf8.count
            if count > 100 { break }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Removes the temporary files of `layoutc` processes that no longer run (killed with
    /// SIGKILL, or by a power cut) from the folder; best effort.
    static func removeStaleTemporaries(in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let me = getpid()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = temporaryOwner(name), pid != me, kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_uid == geteuid() else { continue }
            unlink(path)
        }
    }

    /// The process id in a temporary name `.NAME.layoutc-PID-XXXXXX.tmp`, or nil.
    static func temporaryOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"),
              let markerEnd = lastEnd(of: temporaryMarker, in: name) else { return nil }
        let rest = name[markerEnd...].dropLast(4)
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Where the last occurrence of `marker` in `text` ends, or nil.
    static func lastEnd(of marker: String, in text: String) -> String.Index? {
        let needle = Array(marker.utf8)
        let bytes = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1) where bytes[start..<start + needle.count].elementsEqual(needle) {
            return text.utf8.index(text.utf8.startIndex, offsetBy: start + needle.count)
        }
        return nil
    }

    /// Installs the SIGINT/SIGTERM handlers that remove the temporary file being written.
    static func installInterruptCleanup() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                if let path = Interrupt.pending { unlink(path) }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}

/// The temporary file being written, for the signal handlers (which may only read a C string).
private enum Interrupt {
    nonisolated(unsafe) static var pending: UnsafeMutablePointer<CChar>?
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
