import Foundation
import Testing

/// Runs the built `layoutc` in an environment set against it: standard streams that fail,
/// symbolic-link loops, FIFOs, planted and stale files. A run that does not end within the
/// time limit is killed and reported as `timedOut` (a hang is a finding, not a stuck test).
enum HostileEnvironment {
    struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    /// Where the child's standard output or error goes.
    enum Stream {
        /// A pipe read to the end.
        case pipe
        /// A pipe whose reading end is closed before the child starts: every write is EPIPE.
        case closedPipe
        /// A file opened for writing, e.g. /dev/full.
        case file(String)
    }

    /// A fresh folder under the system's temporary folder.
    static func scratch(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `layoutc ARGS` in `directory`; with `shell`, runs `/bin/sh -c SHELL` instead, with
    /// `$LAYOUTC` set to the binary and the arguments as `$1…`.
    static func run(_ arguments: [String], in directory: URL, stdout: Stream = .pipe, stderr: Stream = .pipe,
                    shell: String? = nil, timeout: Double = 60) throws -> Run {
        guard let binary = CommandLine_.binary else { throw CommandLine_.CLIError.notBuilt }
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, "sh"] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["LAYOUTC"] = binary.path
            process.environment = environment
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        var keepAlive: [Any] = []
        func attach(_ stream: Stream, _ set: (Any) -> Void, into data: @escaping @Sendable (Data) -> Void) throws {
            switch stream {
            case .pipe:
                let pipe = Pipe()
                set(pipe)
                group.enter()
                DispatchQueue.global().async {
                    data(pipe.fileHandleForReading.readDataToEndOfFile())
                    group.leave()
                }
            case .closedPipe:
                let pipe = Pipe()
                try pipe.fileHandleForReading.close()
                set(pipe.fileHandleForWriting)
                keepAlive.append(pipe)
            case .file(let path):
                guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
                set(handle)
                keepAlive.append(handle)
            }
        }
        try attach(stdout, { process.standardOutput = $0 }, into: { outData = $0 })
        try attach(stderr, { process.standardError = $0 }, into: { errData = $0 })
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.interrupt()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        // The parent's copies of the writing ends are closed by Process; the readers end.
        group.wait()
        _ = keepAlive
        return Run(status: process.terminationStatus, reason: process.terminationReason,
                   stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                   timedOut: timedOut)
    }

    /// Writes a file, creating its folder.
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The permission bits of a file (links not followed when `followingLinks` is false).
    static func mode(_ path: String, followingLinks: Bool = true) -> mode_t {
        var status = stat()
        let result = followingLinks ? stat(path, &status) : lstat(path, &status)
        return result == 0 ? status.st_mode : 0
    }

    static func makeFIFO(_ url: URL) -> Bool {
        mkfifo(url.path, 0o644) == 0
    }
}
