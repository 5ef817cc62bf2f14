import FlyingFox
import FlyingSocks
import Foundation

/// The library's socket pool, with Nagle's algorithm turned off on every socket it waits on.
///
/// The HTTP library writes a response's head and body in two writes; with Nagle on, the body
/// waits for the client's (delayed) acknowledgement of the head, some 40 ms on Linux, on every
/// request of a kept-alive connection: a slider would redraw 20 times a second at best. The
/// listening socket is among the first waited on, and the connections it accepts inherit the
/// option; each connection also gets it the first time it waits.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var one: Int32 = 1
        // Fails harmlessly on what is not a TCP socket.
        _ = setsockopt(Int32(socket.file.rawValue), Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
