import Foundation

/// Runs a `LanguageServer` over standard input and output: a thread reads and frames the
/// input, the server's thread (with a large stack) handles each message and, whenever no
/// message waits, publishes pending diagnostics one document at a time, so an edit that
/// arrives meanwhile is handled before the next document is checked.
public enum StdioTransport {
    /// The server thread's stack: the compiler's passes recurse once per nesting level.
    static let stackSize = 512 << 20

    /// Serves until `exit` or the end of the input; returns the exit status.
    /// `importRoots`: folders imports may read besides each document's (`--import-root`).
    public static func run(input: Int32 = 0, output: Int32 = 1, importRoots: [String] = []) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let queue = EventQueue()
        let reader = Thread {
            var framer = MessageReader()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                while let event = framer.next() { queue.push(event) }
            }
            // A message the input ended inside is reported; the server then exits as at any end of input.
            framer.finish()
            while let event = framer.next() { queue.push(event) }
            queue.close()
        }
        reader.stackSize = 1 << 20
        reader.start()

        let done = DispatchSemaphore(value: 0)
        let status = StatusBox()
        let worker = Thread {
            let server = LanguageServer(importRoots: importRoots) { data in
                let framed = MessageFraming.frame(data)
                framed.withUnsafeBytes { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var offset = 0
                    while offset < buffer.count {
                        let written = write(output, base + offset, buffer.count - offset)
                        if written < 0, errno == EINTR { continue }
                        // The client is gone: stop as if the input had closed.
                        guard written > 0 else { exit(0) }
                        offset += written
                    }
                }
            }
            while true {
                // Handle every waiting message before checking a document.
                let event = server.hasPendingDiagnostics ? queue.poll() : queue.wait()
                guard let event else {
                    if server.hasPendingDiagnostics {
                        server.publishPending()
                        continue
                    }
                    if queue.isClosed { break }
                    continue
                }
                switch event {
                case .message(let body): server.receive(body)
                case .badFrame(let reason, let dropped): server.framingProblem(reason, dropped: dropped)
                }
                if let exitStatus = server.exitStatus {
                    status.value = exitStatus
                    break
                }
            }
            done.signal()
        }
        worker.stackSize = stackSize
        worker.start()
        done.wait()
        return status.value
    }

    private final class StatusBox: @unchecked Sendable {
        var value: Int32 = 0
    }

    /// Framed messages from the reader thread to the server's.
    final class EventQueue: @unchecked Sendable {
        private let condition = NSCondition()
        private var events: [MessageFraming.Event] = []
        private var head = 0
        private var closed = false

        func push(_ event: MessageFraming.Event) {
            condition.lock()
            events.append(event)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            closed = true
            condition.signal()
            condition.unlock()
        }

        var isClosed: Bool {
            condition.lock()
            defer { condition.unlock() }
            return closed && head == events.count
        }

        /// The next event, waiting for one; nil once the input has closed and all were taken.
        func wait() -> MessageFraming.Event? {
            condition.lock()
            defer { condition.unlock() }
            while head == events.count && !closed { condition.wait() }
            return takeLocked()
        }

        /// The next event if one is there.
        func poll() -> MessageFraming.Event? {
            condition.lock()
            defer { condition.unlock() }
            return takeLocked()
        }

        private func takeLocked() -> MessageFraming.Event? {
            guard head < events.count else { return nil }
            let event = events[head]
            head += 1
            if head > 1024, head * 2 > events.count {
                events.removeFirst(head)
                head = 0
            }
            return event
        }
    }
}
