#if os(Linux)
import CEpoll
import FlyingSocks
import Foundation
import Glibc
import Synchronization

/// The gate's socket pool on Linux: one thread blocks in `epoll_wait` and resumes a waiting
/// connection's task itself. The library's own pool (`SocketPool<ePoll>`) hands every readiness
/// through a dispatch queue and its actor before the connection's task runs, and changes the
/// epoll set twice a wait: three thread wake-ups and two `epoll_ctl` calls a request, about a
/// fifth of the server's CPU for a frames request (BENCHMARKS.md, "A frames request's cost").
/// Here a wait is one `epoll_ctl` (one-shot interest, armed again by the next wait) and one
/// wake-up of the task.
///
/// It is also the task executor of the gate's connection tasks (`RequestGate`): a task the pool
/// resumes runs on the pool's own thread right after `epoll_wait` returns, so a request that is
/// answered without waiting (a frames request, `DirectFrames`) wakes no other thread; before, each
/// one woke a thread of the cooperative pool and put it back to sleep, a futex call each way and a
/// context switch (BENCHMARKS.md, "A frames request's cost"). Jobs that other threads enqueue (a
/// task's start, a timer, a worker's result) run on the global dispatch threads as before.
final class EpollSocketPool: AsyncSocketPool, TaskExecutor, @unchecked Sendable {
    private struct Waiter {
        let id: UInt64
        let events: UInt32
        /// Resumed once, under `lock`'s rules: whoever takes the waiter out of `waiters` resumes it
        /// (unchecked: a checked continuation is one more allocation a wait).
        let continuation: UnsafeContinuation<Void, any Error>
    }

    // Everything below is read and written under `lock`, but for the descriptors, set once by
    // `prepare` before any wait.
    private let lock = NSLock()
    private var epoll: Int32 = -1
    private var wake: Int32 = -1
    private var waiters: [Int32: [Waiter]] = [:]
    private var stopped = false
    private var started = false
    private var running: CheckedContinuation<Void, Never>?
    /// The pool thread's `pthread_self()` while it waits for events, else 0: jobs enqueued on
    /// that thread go to `localJobs`.
    private let eventThread = Atomic<UInt>(0)
    /// A waiter's id, so that a cancelled wait removes its own entry.
    private let nextID = Atomic<UInt64>(0)
    /// Read and written on the pool's thread only.
    private var localJobs: [UnownedJob] = []

    init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if eventThread.load(ordering: .relaxed) == pthread_self() {
            localJobs.append(job)
        } else {
            let executor = asUnownedTaskExecutor()
            // Run as this executor's job (on whichever thread): handed to the global executor,
            // the task would be enqueued back here to reach its preferred executor.
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
        }
    }

    /// Runs the jobs the pool's thread enqueued, those that they enqueue too, until none is left.
    private func runLocalJobs() {
        let executor = asUnownedTaskExecutor()
        var index = 0
        while index < localJobs.count {
            // Copied out first: the job may enqueue more.
            let job = localJobs[index]
            job.runSynchronously(on: executor)
            index += 1
        }
        localJobs.removeAll(keepingCapacity: true)
    }

    func prepare() async throws {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw SocketError.makeFailed("epoll_create1") }
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else {
            Glibc.close(epoll)
            throw SocketError.makeFailed("eventfd")
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wake
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, wake, &event) == 0 else {
            Glibc.close(wake)
            Glibc.close(epoll)
            throw SocketError.makeFailed("epoll_ctl EPOLL_CTL_ADD")
        }
        lock.withLock {
            self.epoll = epoll
            self.wake = wake
        }
    }

    /// Waits for readiness on its own thread until the calling task is cancelled; then every
    /// waiting socket's task gets a `CancellationError`.
    func run() async throws {
        let begin: Bool = lock.withLock {
            guard epoll >= 0, !started, !stopped else { return false }
            started = true
            return true
        }
        guard begin else { throw SocketError.disconnected }
        let thread = Thread { [self] in waitForEvents() }
        thread.name = "layoutc-serve epoll"
        thread.start()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled: Bool = lock.withLock {
                    if stopped || Task.isCancelled { return true }
                    running = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            stop()
        }
        stop()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        let file = socket.file.rawValue
        var mask: UInt32 = 0
        if events.contains(.read) { mask |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue }
        if events.contains(.write) { mask |= EPOLLOUT.rawValue }
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let failure: (any Error)? = lock.withLock {
                    if stopped || epoll < 0 { return SocketError.disconnected }
                    if Task.isCancelled { return CancellationError() }
                    var list = waiters[file] ?? []
                    list.append(Waiter(id: id, events: mask, continuation: continuation))
                    guard arm(file, for: list) else { return SocketError.makeFailed("epoll_ctl") }
                    waiters[file] = list
                    return nil
                }
                if let failure { continuation.resume(throwing: failure) }
            }
        } onCancel: {
            let waiter: Waiter? = lock.withLock {
                guard var list = waiters[file], let index = list.firstIndex(where: { $0.id == id }) else { return nil }
                let waiter = list.remove(at: index)
                waiters[file] = list.isEmpty ? nil : list
                if !list.isEmpty { _ = arm(file, for: list) }
                return waiter
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Asks for the events `list` waits for, once (`EPOLLONESHOT`: a descriptor closed and its
    /// number reused leaves no stale interest). Call with `lock` held.
    private func arm(_ file: Int32, for list: [Waiter]) -> Bool {
        var event = epoll_event()
        event.events = list.reduce(EPOLLONESHOT.rawValue) { $0 | $1.events }
        event.data.fd = file
        if epoll_ctl(epoll, EPOLL_CTL_MOD, file, &event) == 0 { return true }
        guard errno == ENOENT else { return false }
        return epoll_ctl(epoll, EPOLL_CTL_ADD, file, &event) == 0
    }

    /// The pool's thread: resumes the tasks whose sockets are ready, until `stop`.
    private func waitForEvents() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        let epoll = lock.withLock { self.epoll }
        var ready: [Waiter] = []
        eventThread.store(pthread_self(), ordering: .relaxed)
        loop: while true {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            let stopping: Bool = lock.withLock {
                for event in events.prefix(Int(count)) {
                    let file = event.data.fd
                    if file == wake { return true }
                    guard let list = waiters[file] else { continue }
                    // Errors and hang-ups wake every waiter: its read or write then reports them.
                    let happened = event.events | ((event.events & (EPOLLERR.rawValue | EPOLLHUP.rawValue)) != 0 ? ~0 : 0)
                    // Nearly always one waiter, and it is ready: no arrays are made for it.
                    if list.allSatisfy({ $0.events & happened != 0 }) {
                        ready += list
                        waiters[file] = nil
                        continue
                    }
                    let left = list.filter { $0.events & happened == 0 }
                    ready += list.filter { $0.events & happened != 0 }
                    waiters[file] = left.isEmpty ? nil : left
                    if !left.isEmpty, !arm(file, for: left) {
                        ready += left
                        waiters[file] = nil
                    }
                }
                return stopped
            }
            for waiter in ready { waiter.continuation.resume() }
            ready.removeAll(keepingCapacity: true)
            runLocalJobs()
            if stopping { break loop }
        }
        // From here on every job runs on the global threads; none is left behind here.
        eventThread.store(0, ordering: .relaxed)
        runLocalJobs()
        lock.withLock {
            Glibc.close(self.wake)
            Glibc.close(self.epoll)
            self.wake = -1
            self.epoll = -1
        }
    }

    /// Ends the pool: every waiting task gets a `CancellationError` and the thread ends.
    private func stop() {
        let (waiting, running): ([Waiter], CheckedContinuation<Void, Never>?) = lock.withLock {
            guard !stopped else { return ([], nil) }
            stopped = true
            let waiting = waiters.values.flatMap { $0 }
            waiters = [:]
            let running = self.running
            self.running = nil
            if wake >= 0 { _ = eventfd_write(wake, 1) }
            return (waiting, running)
        }
        for waiter in waiting { waiter.continuation.resume(throwing: CancellationError()) }
        running?.resume()
    }
}
#endif
