import Foundation

/// Runs work on a thread with a large stack. The passes recurse once per nesting level, and
/// the depth limit (`YAMLReader.maximumDepth`) is set so that they fit in this stack whatever
/// the caller's own thread (a 512 KB secondary thread on macOS, a test runner's worker).
enum DeepStack {
    static let size = 512 << 20

    static func run<T>(_ body: @escaping () -> T) -> T {
        let box = ResultBox<T>(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = box.body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        guard let value = box.value else { preconditionFailure("DeepStack body produced no value") }
        return value
    }

    /// Hands the closure to the thread and its result back; `done` orders the accesses.
    private final class ResultBox<T>: @unchecked Sendable {
        let body: () -> T
        var value: T?

        init(_ body: @escaping () -> T) {
            self.body = body
        }
    }
}
