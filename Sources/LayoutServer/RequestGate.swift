import FlyingSocks
import Foundation

/// The server's public side: it accepts the connections on 127.0.0.1, reads each request's head
/// with `RequestHead`, and passes every request's bytes unchanged to the HTTP library's server,
/// which listens on a Unix socket in a folder only this user can open; the responses come back
/// the same way. Frames requests it answers itself (`DirectFrames`).
///
/// The library itself cannot answer a request it fails to frame: it closes the connection inside
/// its private connection loop, its decoder and connections are internal, and its socket pool
/// (the one public per-socket hook) is only asked to wait when a read would block, so it never
/// sees a request that arrived whole. So the heads are read here first, and a head that cannot
/// be framed is answered with `RequestHead.Rejection.response`, after the responses to the
/// connection's earlier requests, and its connection closed; the library never sees it.
///
/// Running out of file descriptors does not stop it (issue 20): a request head must arrive
/// within `headTimeout` (408 otherwise), the connections are capped below the descriptor limit
/// by a `ConnectionTable` (which makes room or refuses with 503), and an accept that fails for
/// want of descriptors (EMFILE, ENFILE) closes a connection that can be spared and waits.
final class RequestGate: Sendable {
    private let listener: AsyncSocket
    private let upstream: sockaddr_un
    private let pool: any AsyncSocketPool
    let connections: ConnectionTable
    private let headTimeout: Duration
    private let direct: DirectFrames

    /// How long a refused connection is still read (and what it sends dropped) after its 400, so
    /// that closing it with unread bytes does not reset it before the client reads the 400.
    static let lingering: Duration = .seconds(1)

    /// Binds and listens on `address`; `pool` must be running.
    init(address: sockaddr_in, upstream: sockaddr_un, pool: some AsyncSocketPool, connections: ConnectionTable,
         headTimeout: Duration, direct: DirectFrames) throws {
        let socket = try Socket(domain: Int32(sockaddr_in.family), type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            listener = try AsyncSocket(socket: socket, pool: pool)
        } catch {
            try? socket.close()
            throw error
        }
        self.upstream = upstream
        self.pool = pool
        self.connections = connections
        self.headTimeout = headTimeout
        self.direct = direct
    }

    var port: UInt16? {
        guard case .ip4(_, let port)? = try? listener.socket.sockname() else { return nil }
        return port
    }

    /// Accepts connections until cancelled, then closes the listening socket.
    func run() async {
        #if os(Linux)
        // A connection's task runs where its socket pool resumes it (`EpollSocketPool`).
        let executor = pool as? any TaskExecutor
        await withDiscardingTaskGroup { group in
            await acceptConnections { client, id in group.addTask(executorPreference: executor) { await self.serve(client, id: id) } }
        }
        #else
        if #available(macOS 14, *) {
            await withDiscardingTaskGroup { group in
                await acceptConnections { client, id in group.addTask { await self.serve(client, id: id) } }
            }
        } else {
            await withTaskGroup(of: Void.self) { group in
                await acceptConnections { client, id in group.addTask { await self.serve(client, id: id) } }
            }
        }
        #endif
        try? listener.close()
    }

    /// Hands each connection with room for it to `start`, with its id; refuses the others.
    private func acceptConnections(_ start: (AsyncSocket, Int) -> Void) async {
        while let (client, room) = await accept() {
            guard room == .free else {
                refuse(client)
                continue
            }
            start(client, connections.admit(client.socket.file.rawValue))
        }
    }

    /// The next connection, once there is room for it (or none can be made: it is refused); nil
    /// once cancelled. Until then the connections wait in the listening socket's backlog.
    private func accept() async -> (AsyncSocket, ConnectionTable.Room)? {
        while !Task.isCancelled {
            let room = await connections.room()
            do {
                return (try await listener.accept(), room)
            } catch SocketError.failed(_, let code, _) where code == EMFILE || code == ENFILE {
                // Out of descriptors (other files of this process, or of the system): back-pressure.
                // Free a connection that can be spared; the pending ones wait in the backlog.
                connections.evict()
                try? await Task.sleep(for: .milliseconds(20))
            } catch {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return nil
    }

    /// A connection over capacity that no other could make room for: 503, then closed. One
    /// write that does not wait (the accept loop must not), of a response that fits any buffer.
    private func refuse(_ client: AsyncSocket) {
        let rejection = RequestHead.Rejection(status: 503, phrase: "Service Unavailable",
                                              reason: "the server holds \(connections.capacity) connections, its most; try again")
        _ = try? client.socket.write(Data(rejection.response))
        try? client.close()
    }

    private func serve(_ client: AsyncSocket, id: Int) async {
        await relay(client, id: id)
        // Forgotten before closed: the table never shuts down a descriptor number reused.
        connections.remove(id)
        try? client.close()
    }

    private func relay(_ client: AsyncSocket, id: Int) async {
        var one: Int32 = 1
        // The library writes a response's head and body in two writes, which come here as two
        // pieces; with Nagle's algorithm on, the body would wait for the client's delayed
        // acknowledgement of the head (some 40 ms on Linux) on every kept-alive request.
        _ = setsockopt(Int32(client.socket.file.rawValue), Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        Self.ignoreBrokenPipes(client.socket)
        // Frames requests are answered here until one request is the library's; from then on
        // every request of the connection goes to it, so that the answers keep their order.
        let handOver: (pending: [UInt8], deadline: ContinuousClock.Instant?)
        switch await answerDirectly(client, id: id) {
        case .ended:
            return
        case .rejected(let rejection):
            if (try? await client.write(Data(rejection.response))) != nil {
                shutdown(Int32(client.socket.file.rawValue), Int32(SHUT_WR))
                await drain(client)
            }
            return
        case .handOver(let pending, let deadline):
            handOver = (pending, deadline)
        }
        guard let server = await connectUpstream() else { return }
        Self.ignoreBrokenPipes(server.socket)
        let rejection = await withTaskGroup(of: RequestHead.Rejection?.self) { group in
            group.addTask { await self.forwardRequests(from: client, to: server, id: id, pending: handOver.pending, deadline: handOver.deadline) }
            // The library closes its side when it is done: after a `Connection: close`
            // response, or once the requests end (they end at a refused one).
            await self.copy(from: server, to: client, id: id)
            group.cancelAll()
            return await group.next() ?? nil
        }
        try? server.close()
        if let rejection, (try? await client.write(Data(rejection.response))) != nil {
            shutdown(Int32(client.socket.file.rawValue), Int32(SHUT_WR))
            await drain(client)
        }
    }

    /// A connection to the library's server, waiting up to 2 s for it (it is started again
    /// if it ends: `UpstreamServer`).
    private func connectUpstream() async -> AsyncSocket? {
        for _ in 0..<40 {
            if let server = try? await AsyncSocket.connected(to: upstream, pool: pool) { return server }
            guard (try? await Task.sleep(for: .milliseconds(50))) != nil else { return nil }
        }
        return nil
    }

    /// Sends each request on as its head is found valid, its body after it; returns at the
    /// client's end, or at a refused head, which it returns after ending what the library reads.
    /// A head must arrive whole within `headTimeout` of the connection's start (the first) or of
    /// its first byte (later ones: a kept-alive connection may wait for its next request).
    private func forwardRequests(from client: AsyncSocket, to server: AsyncSocket, id: Int, pending: [UInt8],
                                 deadline: ContinuousClock.Instant?) async -> RequestHead.Rejection? {
        defer { shutdown(Int32(server.socket.file.rawValue), Int32(SHUT_WR)) }
        var pending = pending
        var bodyLeft = 0
        var deadline = deadline
        while !Task.isCancelled {
            if bodyLeft == 0 {
                switch RequestHead.scan(pending[...]) {
                case .rejected(let rejection):
                    return rejection
                case .complete(let headLength, let bodyLength):
                    if Self.isEventStream(pending[..<headLength]) {
                        guard connections.beginStream(id) else {
                            return RequestHead.Rejection(status: 503, phrase: "Service Unavailable",
                                                         reason: "\(connections.streamCapacity) event streams are open, the most the server holds")
                        }
                    } else {
                        connections.set(id, .forwarded)
                    }
                    let request = Array(pending.prefix(headLength + bodyLength))
                    pending.removeFirst(request.count)
                    bodyLeft = headLength + bodyLength - request.count
                    deadline = nil
                    guard (try? await server.write(Data(request))) != nil else { return nil }
                    continue
                case .incomplete:
                    if deadline == nil, !pending.isEmpty {
                        deadline = .now + headTimeout
                        connections.set(id, .readingHead)
                    }
                }
            }
            let read: [UInt8]?
            do {
                read = try await self.read(client, before: bodyLeft == 0 ? deadline : nil)
            } catch {
                return nil
            }
            guard let bytes = read else {
                return RequestHead.Rejection(status: 408, phrase: "Request Timeout",
                                             reason: "the request head did not arrive within \(Self.spoken(headTimeout))")
            }
            if bodyLeft > 0 {
                let body = bytes.prefix(bodyLeft)
                bodyLeft -= body.count
                pending += bytes.dropFirst(body.count)
                guard (try? await server.write(Data(body))) != nil else { return nil }
            } else {
                pending += bytes
            }
        }
        return nil
    }

    enum DirectEnd {
        /// The client closed, or a read or write failed.
        case ended
        case rejected(RequestHead.Rejection)
        /// The library answers from the request at the start of `pending` on.
        case handOver(pending: [UInt8], deadline: ContinuousClock.Instant?)
    }

    /// Answers the connection's frames requests itself (`DirectFrames`), with the same head
    /// checks and timeouts as `forwardRequests`, until a request is one for the library.
    private func answerDirectly(_ client: AsyncSocket, id: Int) async -> DirectEnd {
        var pending: [UInt8] = []
        var deadline: ContinuousClock.Instant? = .now + headTimeout
        // After an answer the next request has seldom arrived yet: wait for it before reading,
        // rather than try a read that fails with EAGAIN (a system call and a thrown error a request).
        var answered = false
        // The connection's own buffer for reads while it waits for its next request (below).
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while !Task.isCancelled {
            switch RequestHead.scan(pending[...]) {
            case .rejected(let rejection):
                return .rejected(rejection)
            case .complete(let headLength, let bodyLength):
                guard bodyLength == 0, let response = await direct.response(to: pending[..<headLength]) else {
                    return .handOver(pending: pending, deadline: deadline)
                }
                connections.set(id, .forwarded)
                pending.removeFirst(headLength)
                deadline = nil
                guard await write(response.head, response.body, to: client, id: id), !response.closes else { return .ended }
                answered = pending.isEmpty
                continue
            case .incomplete:
                if deadline == nil, !pending.isEmpty {
                    deadline = .now + headTimeout
                    connections.set(id, .readingHead)
                }
            }
            if answered, deadline == nil {
                answered = false
                guard await read(client, onto: &pending, through: &scratch) else { return .ended }
                continue
            }
            let read: [UInt8]?
            do {
                read = try await self.read(client, before: deadline)
            } catch {
                return .ended
            }
            guard let bytes = read else {
                return .rejected(RequestHead.Rejection(status: 408, phrase: "Request Timeout",
                                                       reason: "the request head did not arrive within \(Self.spoken(headTimeout))"))
            }
            pending += bytes
        }
        return .ended
    }

    /// A direct answer, its head and body written with one sendmsg(2) while the socket takes
    /// them, what is left through the pool; false when the client is gone. An answer of a few KB
    /// goes in one call, without the copy of the two into one array and then into the `Data`
    /// the library's write takes (issue 22).
    private func write(_ head: [UInt8], _ body: [UInt8], to client: AsyncSocket, id: Int) async -> Bool {
        let descriptor = Int32(client.socket.file.rawValue)
        #if canImport(Darwin)
        let flags: Int32 = 0  // SIGPIPE is off for the socket (`ignoreBrokenPipes`).
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        repeat {
            sent = head.withUnsafeBytes { head in
                body.withUnsafeBytes { body in
                    withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { parts in
                        parts[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count)
                        parts[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count)
                        var message = msghdr()
                        message.msg_iov = parts.baseAddress
                        message.msg_iovlen = 2
                        return sendmsg(descriptor, &message, flags)
                    }
                }
            }
        } while sent < 0 && errno == EINTR
        if sent == head.count + body.count { return true }
        // The client reads slowly (the socket is full), or is gone.
        guard sent >= 0 || errno == EAGAIN || errno == EWOULDBLOCK else { return false }
        var rest = Data(capacity: head.count + body.count - max(sent, 0))
        rest.append(contentsOf: head.dropFirst(max(sent, 0)))
        rest.append(contentsOf: body.dropFirst(max(sent - head.count, 0)))
        guard (try? await client.write(rest)) != nil else { return false }
        connections.responded(id)
        return true
    }

    /// Waits for the client's next request and reads what has arrived onto `pending`, through
    /// `scratch` (the library's `read(atMost:)` allocated and freed 64 KiB for every request,
    /// a size whose free makes malloc consolidate its free lists); false when the client is gone.
    private func read(_ client: AsyncSocket, onto pending: inout [UInt8], through scratch: inout [UInt8]) async -> Bool {
        let descriptor = Int32(client.socket.file.rawValue)
        while true {
            guard !Task.isCancelled, (try? await pool.suspendSocket(client.socket, untilReadyFor: .read)) != nil else { return false }
            var count = -1
            repeat {
                count = scratch.withUnsafeMutableBytes { buffer in Foundation.read(descriptor, buffer.baseAddress, buffer.count) }
            } while count < 0 && errno == EINTR
            if count > 0 {
                pending.append(contentsOf: scratch[..<count])
                return true
            }
            // 0: the client closed; an error other than "nothing yet" ends the connection too.
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
        }
    }

    /// Copies the library's responses until it ends or the client fails.
    private func copy(from source: AsyncSocket, to destination: AsyncSocket, id: Int) async {
        while let bytes = try? await read(source) {
            guard (try? await destination.write(Data(bytes))) != nil else { return }
            connections.responded(id)
        }
    }

    /// "5 s", "300 ms".
    static func spoken(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Whether a head asks for the event stream (`GET /events`, with or without a query).
    static func isEventStream(_ head: ArraySlice<UInt8>) -> Bool {
        let prefix = Array("GET /events".utf8)
        guard head.count > prefix.count, head.prefix(prefix.count).elementsEqual(prefix) else { return false }
        let next = head[head.startIndex + prefix.count]
        return next == UInt8(ascii: " ") || next == UInt8(ascii: "?")
    }

    /// `read`, or nil once `deadline` passes first (none: no limit).
    private func read(_ socket: AsyncSocket, before deadline: ContinuousClock.Instant?) async throws -> [UInt8]? {
        guard let deadline else { return try await read(socket) }
        return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { try await self.read(socket) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// Reads and drops what a refused client still sends, until it closes or `lingering` passes.
    private func drain(_ client: AsyncSocket) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { while (try? await self.read(client)) != nil {} }
            group.addTask { try? await Task.sleep(for: Self.lingering) }
            await group.next()
            group.cancelAll()
        }
    }

    /// A write to a socket the other side closed is an error, not SIGPIPE, which would end the
    /// process (the library's writes use plain write(2) on Darwin; on Linux they pass MSG_NOSIGNAL).
    private static func ignoreBrokenPipes(_ socket: Socket) {
        #if canImport(Darwin)
        try? socket.setValue(true, for: .noSIGPIPE)
        #endif
    }

    /// What is there to read, up to 64 KiB (the socket's own read takes 4 KiB at a time); throws
    /// at the end of the stream.
    private func read(_ socket: AsyncSocket) async throws -> [UInt8] {
        while true {
            try Task.checkCancellation()
            do {
                return try socket.socket.read(atMost: 64 * 1024)
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket.socket, untilReadyFor: .read)
            }
        }
    }
}
