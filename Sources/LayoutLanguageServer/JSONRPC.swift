import Foundation

/// JSON-RPC 2.0 as the Language Server Protocol uses it: the envelope of a message, responses,
/// errors and notifications.
public enum RequestID: Codable, Hashable, Sendable {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }
}

/// What every message has: a request has an id and a method, a notification a method only, a
/// response (to a request of the server's) an id only.
struct IncomingEnvelope: Decodable {
    var jsonrpc: String?
    var id: RequestID?
    var method: String?
}

/// The same message read again for its parameters, once the method says their type.
struct ParamsEnvelope<Params: Decodable>: Decodable {
    var params: Params
}

/// The protocol's error codes (JSON-RPC's and the LSP's own).
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
}

/// A response to a request: its result (null included, written out) or an error.
struct ResponseMessage<Result: Encodable>: Encodable {
    var id: RequestID?
    var result: Result?
    var error: (code: ErrorCode, message: String)?

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }
    enum ErrorKeys: String, CodingKey { case code, message }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        if let error {
            var nested = container.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
            try nested.encode(error.code.rawValue, forKey: .code)
            try nested.encode(error.message, forKey: .message)
        } else if let result {
            try container.encode(result, forKey: .result)
        } else {
            try container.encodeNil(forKey: .result)
        }
    }
}

/// A message without an id, from the server (`textDocument/publishDiagnostics`, `window/logMessage`).
struct NotificationMessage<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
}

/// Nothing: the result of `shutdown`, and of requests with no answer (encoded as null).
struct Empty: Codable {}

/// `Content-Length: N\r\n\r\n` followed by N bytes of JSON: the framing of every message.
public enum MessageFraming {
    /// The largest message read: a 64 MB document, escaped, with room to spare. A longer one
    /// is skipped (its bytes read and dropped) and reported, and the server goes on.
    public static let maximumMessageSize = 160 << 20

    /// The bytes to write for one message.
    public static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }

    /// What `MessageReader.next` found.
    public enum Event: Equatable {
        case message([UInt8])
        /// A header that cannot be read, or a message too long: the reason, and the reader has
        /// moved on to the next header.
        case badFrame(String)
    }
}

/// Splits a byte stream into messages. Bytes are appended as they arrive; `next` returns a
/// message once all its bytes are there. Each byte is looked at a bounded number of times.
public struct MessageReader {
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized message still to be dropped.
    private var skipping = 0

    public init() {}

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next message or framing problem, or nil when more bytes are needed.
    public mutating func next() -> MessageFraming.Event? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        // The header ends at the first empty line.
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > 64 << 10 {
                start = buffer.count
                return .badFrame("a message header longer than 64 KiB was dropped")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd.headerStop], as: UTF8.self)
        let bodyStart = headerEnd.bodyStart
        var length: Int?
        var problem: String?
        for line in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without a colon: \(line.prefix(80))"
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let number = Int(value), number >= 0 { length = number } else { problem = "a Content-Length that is not a number: \(value.prefix(40))" }
            }
        }
        guard let length else {
            start = bodyStart
            return .badFrame(problem ?? "a message without a Content-Length header was dropped")
        }
        if length > MessageFraming.maximumMessageSize {
            start = bodyStart
            skipping = length
            return .badFrame("a message of \(length) bytes is larger than the \(MessageFraming.maximumMessageSize >> 20) MB the server reads; it was dropped")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return .message(body)
    }

    private func findHeaderEnd() -> (headerStop: Int, bodyStart: Int)? {
        var index = start
        let end = buffer.count
        while index < end {
            if buffer[index] == 10 {
                // "\n\n" or "\n\r\n"
                if index + 1 < end, buffer[index + 1] == 10 { return (index, index + 2) }
                if index + 2 < end, buffer[index + 1] == 13, buffer[index + 2] == 10 { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// Drops consumed bytes once they are half the buffer, so appending stays linear.
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
