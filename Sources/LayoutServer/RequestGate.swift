import FlyingSocks
import Foundation

/// The server's public side: it accepts the connections on 127.0.0.1, reads each request's head
/// with `RequestHead`, and passes every request's bytes unchanged to the HTTP library's server,
/// which listens on a Unix socket in a folder only this user can open; the responses come back
/// the same way.
///
/// The library itself cannot answer a request it fails to frame: it closes the connection inside
/// its private connection loop, its decoder and connections are internal, and its socket pool
/// (the one public per-socket hook) is only asked to wait when a read would block, so it never
/// sees a request that arrived whole. So the heads are read here first, and a head that cannot
/// be framed is answered with `RequestHead.Rejection.response`, after the responses to the
/// connection's earlier requests, and its connection closed; the library never sees it.
final class RequestGate: Sendable {
    private let listener: AsyncSocket
    private let upstream: sockaddr_un
    private let pool: any AsyncSocketPool

    /// How long a refused connection is still read (and what it sends dropped) after its 400, so
    /// that closing it with unread bytes does not reset it before the client reads the 400.
    static let lingering: Duration = .seconds(1)

    /// Binds and listens on `address`; `pool` must be running (the library's server runs it).
    init(address: sockaddr_in, upstream: sockaddr_un, pool: some AsyncSocketPool) throws {
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
    }

    var port: UInt16? {
        guard case .ip4(_, let port)? = try? listener.socket.sockname() else { return nil }
        return port
    }

    /// Accepts connections until cancelled, then closes the listening socket.
    func run() async {
        if #available(macOS 14, *) {
            await withDiscardingTaskGroup { group in
                while let client = await accept() {
                    group.addTask { await self.serve(client) }
                }
            }
        } else {
            await withTaskGroup(of: Void.self) { group in
                while let client = await accept() {
                    group.addTask { await self.serve(client) }
                }
            }
        }
        try? listener.close()
    }

    /// The next connection; nil once cancelled.
    private func accept() async -> AsyncSocket? {
        while !Task.isCancelled {
            do {
                return try await listener.accept()
            } catch {
                // Out of descriptors, say: the connections served meanwhile free some.
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return nil
    }

    private func serve(_ client: AsyncSocket) async {
        var one: Int32 = 1
        // The library writes a response's head and body in two writes, which come here as two
        // pieces; with Nagle's algorithm on, the body would wait for the client's delayed
        // acknowledgement of the head (some 40 ms on Linux) on every kept-alive request.
        _ = setsockopt(Int32(client.socket.file.rawValue), Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        Self.ignoreBrokenPipes(client.socket)
        guard let server = try? await AsyncSocket.connected(to: upstream, pool: pool) else {
            try? client.close()
            return
        }
        Self.ignoreBrokenPipes(server.socket)
        let rejection = await withTaskGroup(of: RequestHead.Rejection?.self) { group in
            group.addTask { await self.forwardRequests(from: client, to: server) }
            // The library closes its side when it is done: after a `Connection: close`
            // response, or once the requests end (they end at a refused one).
            await self.copy(from: server, to: client)
            group.cancelAll()
            return await group.next() ?? nil
        }
        try? server.close()
        if let rejection, (try? await client.write(Data(rejection.response))) != nil {
            shutdown(Int32(client.socket.file.rawValue), Int32(SHUT_WR))
            await drain(client)
        }
        try? client.close()
    }

    /// Sends each request on as its head is found valid, its body after it; returns at the
    /// client's end, or at a refused head, which it returns after ending what the library reads.
    private func forwardRequests(from client: AsyncSocket, to server: AsyncSocket) async -> RequestHead.Rejection? {
        defer { shutdown(Int32(server.socket.file.rawValue), Int32(SHUT_WR)) }
        var pending: [UInt8] = []
        var bodyLeft = 0
        while !Task.isCancelled {
            if bodyLeft == 0 {
                switch RequestHead.scan(pending[...]) {
                case .rejected(let rejection):
                    return rejection
                case .complete(let headLength, let bodyLength):
                    let request = Array(pending.prefix(headLength + bodyLength))
                    pending.removeFirst(request.count)
                    bodyLeft = headLength + bodyLength - request.count
                    guard (try? await server.write(Data(request))) != nil else { return nil }
                    continue
                case .incomplete:
                    break
                }
            }
            guard let bytes = try? await read(client) else { return nil }
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

    /// Copies until `source` ends or `destination` fails.
    private func copy(from source: AsyncSocket, to destination: AsyncSocket) async {
        while let bytes = try? await read(source) {
            guard (try? await destination.write(Data(bytes))) != nil else { return }
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
