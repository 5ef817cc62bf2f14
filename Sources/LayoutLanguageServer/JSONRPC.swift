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
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// A frame that cannot be trusted (a bad header, a length that lies, a message too long,
        /// the input ending inside one): the reason, and the bytes dropped with it (the server
        /// looks in them for a request's id to answer); the reader has moved on to the next
        /// `Content-Length:` header.
        case badFrame(String, dropped: [UInt8])
    }
}
