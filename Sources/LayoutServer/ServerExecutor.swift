import Dispatch

/// Where the server's Swift tasks run when SwiftNIO's event loops are not Swift's global
/// executor (`PreviewServer.runTasksOnEventLoops`, which only the `layoutc-serve` process
/// calls): on Dispatch's threads, not on Swift's cooperative pool. A process that hosts the
/// server beside other work (`swift test`, whose compiling tests block that pool's two threads
/// for minutes on two cores) still has its requests answered; the server's tasks inherit it
/// as their executor preference (docs/serve.md).
final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ServerExecutor()

    private let queue = DispatchQueue(label: "layoutc-serve tasks", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
