import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request sent byte for byte over a plain socket, so tests can send what no HTTP client
/// would (`/../`, broken escapes, garbage), and the reply read until the server closes.
enum RawHTTPClient {
    struct Reply {
        /// nil when the server closed without a status line.
        var status: Int?
        var head: String
        var body: String
        /// Whether the server ended the stream (rather than the client's read timing out).
        var closedByServer = false
    }

    enum Failure: Error {
        case socket(String)
    }

    /// Runs blocking socket work on a thread of its own. Tests run on the cooperative pool the
    /// server in the same process needs (two threads on two cores): a blocking read there could
    /// starve the server it waits for while other suites keep the other thread busy.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.start()
        }
    }

    static func send(_ request: String, port: UInt16, host: String = "127.0.0.1", timeout: Double = 120) async throws -> Reply {
        try await offPool { try sendBlocking(request, port: port, host: host, timeout: timeout) }
    }

    static func sendBlocking(_ request: String, port: UInt16, host: String = "127.0.0.1", timeout: Double = 120) throws -> Reply {
        var closed = false
        let bytes = try exchange(Array(request.utf8), port: port, host: host, timeout: timeout, closed: &closed)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return Reply(status: nil, head: text, body: "", closedByServer: closed) }
        let head = String(text[..<split.lowerBound])
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return Reply(status: status, head: head, body: String(text[split.upperBound...]), closedByServer: closed)
    }

    /// `GET target` with `Connection: close`.
    static func get(_ target: String, port: UInt16) async throws -> Reply {
        try await send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
    }

    /// Whether a TCP connection to host:port is accepted.
    static func connects(port: UInt16, host: String) async -> Bool {
        (try? await offPool {
            guard let fd = try? connect(port: port, host: host, timeout: 2) else { return false }
            close(fd)
            return true
        }) ?? false
    }

    /// Opens `/events` and reads until `marker` arrives (or `timeout` passes); the socket stays open.
    static func openEventStream(port: UInt16, until marker: String, timeout: Double = 120) async throws -> (fd: Int32, received: String) {
        try await offPool {
            let fd = try connect(port: port, host: "127.0.0.1", timeout: timeout)
            let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            return (fd, readBlocking(fd, until: marker, timeout: timeout))
        }
    }

    /// Reads from an open socket until `marker` arrives or `timeout` passes.
    static func readEvents(_ fd: Int32, until marker: String, timeout: Double = 120) async throws -> String {
        try await offPool { readBlocking(fd, until: marker, timeout: timeout) }
    }

    static func readBlocking(_ fd: Int32, until marker: String, timeout: Double) -> String {
        var received = ""
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(marker), Date().timeIntervalSince(start) < timeout {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return received
    }

    /// `receiveBuffer`: the socket's receive buffer in bytes, set before connecting (a small one
    /// makes the server's writes to it fill up and wait).
    static func connect(port: UInt16, host: String, timeout: Double, receiveBuffer: Int32? = nil) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.socket("socket") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw Failure.socket("connect")
        }
        return fd
    }

    static func exchange(_ request: [UInt8], port: UInt16, host: String, timeout: Double) throws -> [UInt8] {
        var closed = false
        return try exchange(request, port: port, host: host, timeout: timeout, closed: &closed)
    }

    /// The reply, read until the server ends the stream (`closed`) or a read times out.
    static func exchange(_ request: [UInt8], port: UInt16, host: String, timeout: Double, closed: inout Bool) throws -> [UInt8] {
        let fd = try connect(port: port, host: host, timeout: timeout)
        defer { close(fd) }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure.socket("write") }
            sent += n
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { closed = true }
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        return reply
    }
}
