import Foundation

/// Writes command output files atomically (a temporary file in the same directory, then a
/// rename) and only when their bytes change, so watchers and build systems see no change
/// when there is none.
enum OutputFile {
    /// Returns whether the file was written.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) {
            return false
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw WriteError(path: path, reason: reason)
            }
        } catch let error as WriteError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: "\(error.localizedDescription)")
        }
        return true
    }

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): error: cannot write the output file: \(reason)" }
    }
}

/// Standard error, one message per call.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
