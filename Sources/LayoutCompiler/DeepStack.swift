import Dispatch
#if canImport(Glibc)
import Glibc
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// Runs work on a thread with a large stack. The passes recurse once per nesting level, and
/// the depth limit (`YAMLReader.maximumDepth`) is set so that they fit in this stack whatever
/// the caller's own thread (a 512 KB secondary thread on macOS, a test runner's worker).
///
/// The threads are kept and reused: making one per call cost more than laying out a small
/// layout, and a new stack takes a page fault for every page a deep layout touches (a third of
/// the time of a 1,000-deep chain). One thread per concurrent caller, at most; idle ones wait.
enum DeepStack {
    static let size = 512 << 20

    static func run<T>(_ body: @escaping () -> T) -> T {
        let box = ResultBox<T>(body)
        if let worker = Worker.take() {
            worker.perform { box.value = box.body() }
        } else {
            box.value = box.body()
        }
        guard let value = box.value else { preconditionFailure("DeepStack body produced no value") }
        return value
    }

    /// Hands the closure to the thread and its result back; the worker's semaphores order the
    /// accesses.
    private final class ResultBox<T>: @unchecked Sendable {
        let body: () -> T
        var value: T?

        init(_ body: @escaping () -> T) {
            self.body = body
        }
    }

    /// A thread with a deep stack that runs one job at a time and then waits for the next.
    private final class Worker: @unchecked Sendable {
        private static let lock = SystemLock()
        nonisolated(unsafe) private static var idle: [Worker] = []

        private let start = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        /// Written by the caller before `start` is signalled, read by the thread after.
        private var job: (() -> Void)?

        /// An idle worker, or a new one; nil when no thread could be made (the caller then runs
        /// the job on its own stack).
        static func take() -> Worker? {
            lock.lock()
            let reused = idle.popLast()
            lock.unlock()
            if let reused { return reused }
            let worker = Worker()
            return worker.startThread() ? worker : nil
        }

        #if canImport(Glibc)
        /// A detached pthread with `DeepStack.size` of stack, serving this worker (Foundation's
        /// `Thread` did the same; `layoutc` does not load Foundation on Linux).
        private func startThread() -> Bool {
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            guard pthread_attr_setstacksize(&attributes, DeepStack.size) == 0,
                  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, &attributes, { context in
                guard let context else { return nil }
                Unmanaged<Worker>.fromOpaque(context).takeRetainedValue().serve()
                return nil
            }, context)
            if status != 0 { Unmanaged<Worker>.fromOpaque(context).release() }
            return status == 0
        }
        #else
        private func startThread() -> Bool {
            let thread = Thread { self.serve() }
            thread.stackSize = DeepStack.size
            thread.start()
            return true
        }
        #endif

        /// Runs `job` on the worker's thread, waits for it, and makes the worker idle again.
        func perform(_ job: @escaping () -> Void) {
            self.job = job
            start.signal()
            done.wait()
            Worker.lock.lock()
            Worker.idle.append(self)
            Worker.lock.unlock()
        }

        private func serve() {
            while true {
                start.wait()
                job?()
                job = nil
                done.signal()
            }
        }
    }
}
