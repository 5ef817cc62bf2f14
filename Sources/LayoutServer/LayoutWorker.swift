import Foundation

/// A few long-lived threads with large stacks that run the compiler and the engine for the
/// server's requests. The passes recurse once per nesting level (the library runs them on a
/// 512 MB stack for that reason); a request task's own stack is far smaller, and a thread per
/// request would cost more than the layout itself.
final class LayoutWorker: @unchecked Sendable {
    static let stackSize = 512 << 20

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var head = 0

    init(threads: Int = 2) {
        for index in 0..<max(threads, 1) {
            let thread = Thread { [self] in loop() }
            thread.stackSize = Self.stackSize
            thread.name = "layoutc-serve worker \(index)"
            thread.start()
        }
    }

    /// Runs `body` on a worker thread and returns its value.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: body()) }
        }
    }

    private func enqueue(_ job: @escaping () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            // Drop the consumed prefix now and then so the queue does not grow.
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
