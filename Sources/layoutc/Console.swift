#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error of `layoutc`: every byte the commands print goes through
/// here, with `write(2)` rather than `FileHandle` (whose `write` traps on any error).
///
/// A reader that went away (EPIPE, e.g. `layoutc frames … | head -1`) ends the process quietly
/// with status 141, as a tool killed by SIGPIPE would; any other failed write (a full disk,
/// a closed descriptor) is reported on standard error when that still works, and ends the
/// process with status 1.
enum Console {
    /// The status after a closed pipe: what shells report for a process killed by SIGPIPE.
    static let brokenPipeStatus: Int32 = 141

    /// Called once before anything is printed: SIGPIPE would kill the process without a word,
    /// so it is ignored and a closed pipe shows up as EPIPE; SIGXFSZ likewise becomes EFBIG
    /// (a file-size limit is then a write error like a full disk). SIGINT and SIGTERM remove
    /// the temporary file being written, if any.
    static func setUp() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        OutputFile.installInterruptCleanup()
    }

    /// Writes the bytes to standard output.
    static func out(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let error = write(bytes, to: STDOUT_FILENO) {
            fail(error, stream: "standard output")
        }
    }

    static func out(_ text: String) {
        out(Array(text.utf8))
    }

    /// Writes the text to standard error, with a final newline if it has none; nothing for "".
    static func error(_ text: String) {
        guard !text.isEmpty else { return }
        let line = text.hasSuffix("\n") ? text : text + "\n"
        if let error = write(Array(line.utf8), to: STDERR_FILENO) {
            if error == EPIPE { exit(brokenPipeStatus) }
            // Nowhere left to say it.
            exit(1)
        }
    }

    /// Ends the process with this status (everything is written unbuffered, nothing to flush).
    static func terminate(_ status: Int32) -> Never {
        exit(status)
    }

    private static func fail(_ error: Int32, stream: String) -> Never {
        if error == EPIPE { exit(brokenPipeStatus) }
        let message = "layoutc: error: cannot write to \(stream): \(String(cString: strerror(error)))\n"
        _ = write(Array(message.utf8), to: STDERR_FILENO)
        exit(1)
    }

    /// All the bytes, or the errno of the write that failed.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }
}

/// Standard error, one message per call.
func printError(_ text: String) {
    Console.error(text)
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
