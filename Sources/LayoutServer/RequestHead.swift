import Foundation

/// A request's head, its request line and header lines up to the empty line, checked the way
/// RFC 9112 frames it before the HTTP library reads it.
///
/// The library closes the connection without a word on a head it cannot frame (no method,
/// target and version; a Content-Length that is not a number), and drops a header line it cannot
/// read; here each of those is a `Rejection` whose reason the client gets as a 400. The target
/// itself is left to `RequestTarget`, and the version number to `PreviewHandler`.
enum RequestHead {
    /// Longer than any target the page asks for, even with many content sizes typed in.
    static let maximumRequestLineLength = 16 * 1024
    static let maximumLength = 32 * 1024
    /// Nothing served takes a body; a small one is read and ignored.
    static let maximumBodyLength = 1024 * 1024

    enum Scan: Equatable {
        /// The bytes so far are a valid beginning of a head.
        case incomplete
        /// The head is the first `headLength` bytes, and a body of `bodyLength` bytes follows it.
        case complete(headLength: Int, bodyLength: Int)
        case rejected(Rejection)
    }

    /// Why a request is refused before it is served, and the response that says so.
    struct Rejection: Error, Equatable, Sendable {
        var status: Int
        var phrase: String
        var reason: String

        static func badRequest(_ reason: String) -> Rejection {
            Rejection(status: 400, phrase: "Bad Request", reason: reason)
        }

        /// A method the HTTP library has no name for (it would answer an empty 404): refused
        /// here as `PreviewHandler` refuses the methods it knows but does not serve.
        static let methodNotAllowed = Rejection(status: 405, phrase: "Method Not Allowed", reason: "only GET is served")

        /// The whole response, the reason as its plain-text body (a 405's as the handler's JSON,
        /// with `Allow: GET`); the connection closes after it.
        var response: [UInt8] {
            if status == 405 {
                let body = "{\"error\":\"\(reason)\"}"
                let head = "HTTP/1.1 \(status) \(phrase)\r\nAllow: GET\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Content-Type: application/json; charset=utf-8\r\n\r\n"
                return Array((head + body).utf8)
            }
            let body = reason + "\n"
            let head = "HTTP/1.1 \(status) \(phrase)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n\r\n"
            return Array((head + body).utf8)
        }
    }

    /// Reads the head at the start of `bytes` (which may hold more, or less, than one request).
    static func scan(_ bytes: ArraySlice<UInt8>) -> Scan {
        var fields = FieldSummary()
        var version = ""
        var lineStart = bytes.startIndex
        var isRequestLine = true
        while true {
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else {
                // Refuse what can never become a head as soon as it arrives, not when it ends.
                if isRequestLine {
                    let partial = bytes[lineStart...]
                    if partial.count > maximumRequestLineLength { return .rejected(.badRequest("the request line is longer than \(maximumRequestLineLength) bytes")) }
                    if partial.dropLast(partial.last == UInt8(ascii: "\r") ? 1 : 0).contains(where: { !isRequestLineByte($0) }) {
                        return .rejected(.badRequest("the request line holds a byte that is not printable ASCII"))
                    }
                }
                if bytes.count > maximumLength { return .rejected(.badRequest("the request head is longer than \(maximumLength) bytes")) }
                return .incomplete
            }
            let end = newline > lineStart && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            let line = bytes[lineStart..<end]
            if newline + 1 - bytes.startIndex > maximumLength {
                return .rejected(.badRequest(isRequestLine ? "the request line is longer than \(maximumRequestLineLength) bytes" : "the request head is longer than \(maximumLength) bytes"))
            }
            if isRequestLine {
                switch requestLineVersion(line) {
                case .success(let found): version = found
                case .failure(let rejection): return .rejected(rejection)
                }
                isRequestLine = false
            } else if line.isEmpty {
                return fields.finish(version: version, headLength: newline + 1 - bytes.startIndex)
            } else if let rejection = fields.add(line) {
                return .rejected(rejection)
            }
            lineStart = newline + 1
        }
    }

    /// The methods the HTTP library hands to `PreviewHandler` (which serves GET alone).
    static let knownMethods: Set<String> = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE"]

    /// `METHOD SP TARGET SP HTTP/D.D`; the version when it is one.
    private static func requestLineVersion(_ line: ArraySlice<UInt8>) -> Result<String, Rejection> {
        if line.isEmpty { return .failure(.badRequest("the request line is empty")) }
        if line.count > maximumRequestLineLength { return .failure(.badRequest("the request line is longer than \(maximumRequestLineLength) bytes")) }
        guard line.allSatisfy(isRequestLineByte) else {
            return .failure(.badRequest("the request line holds a byte that is not printable ASCII"))
        }
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts.contains(where: \.isEmpty) else {
            if parts.count == 2, !parts.contains(where: \.isEmpty) { return .failure(.badRequest("the request line has no HTTP version")) }
            return .failure(.badRequest("the request line is not METHOD TARGET HTTP-VERSION"))
        }
        guard parts[0].allSatisfy(isTokenByte) else { return .failure(.badRequest("the method is not a token")) }
        let version = String(decoding: parts[2], as: UTF8.self)
        let digits = Array(parts[2].dropFirst("HTTP/".count))
        guard version.hasPrefix("HTTP/"), digits.count == 3, isDigit(digits[0]), digits[1] == UInt8(ascii: "."), isDigit(digits[2]) else {
            return .failure(.badRequest("'\(version)' is not an HTTP version"))
        }
        // Methods are case-sensitive (RFC 9110 §9.1); the library knows these nine, upper case.
        guard knownMethods.contains(String(decoding: parts[0], as: UTF8.self)) else { return .failure(.methodNotAllowed) }
        return .success(version)
    }

    /// What the header lines say about framing, checked line by line.
    private struct FieldSummary {
        var contentLength: Int?
        var hostCount = 0

        mutating func add(_ line: ArraySlice<UInt8>) -> Rejection? {
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                return .badRequest("a header line starts with whitespace (line folding is not accepted)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .badRequest("a header line has no colon") }
            let nameBytes = line[..<colon]
            guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte) else { return .badRequest("a header name is not a token") }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let rawValue = line[(colon + 1)...]
            guard rawValue.allSatisfy(isFieldValueByte) else { return .badRequest("the value of header '\(name)' holds a control character") }
            let value = rawValue.drop(while: isWhitespace).reversed().drop(while: isWhitespace).reversed()
            switch name.lowercased() {
            case "content-length":
                guard contentLength == nil else { return .badRequest("the request has more than one Content-Length") }
                guard !value.isEmpty, value.allSatisfy(isDigit) else {
                    return .badRequest("Content-Length is not a number: '\(String(decoding: value, as: UTF8.self))'")
                }
                // Leading zeros aside, more digits than this is more than the maximum anyway.
                let significant = value.drop { $0 == UInt8(ascii: "0") }
                contentLength = significant.count > 9 ? Int.max : Int(String(decoding: significant, as: UTF8.self)) ?? 0
            case "transfer-encoding":
                return .badRequest("a request body with Transfer-Encoding is not accepted; send Content-Length")
            case "host":
                hostCount += 1
                if hostCount > 1 { return .badRequest("the request has more than one Host header") }
            default:
                break
            }
            return nil
        }

        func finish(version: String, headLength: Int) -> Scan {
            if version == "HTTP/1.1", hostCount == 0 { return .rejected(.badRequest("an HTTP/1.1 request needs a Host header")) }
            let length = contentLength ?? 0
            if length > maximumBodyLength {
                return .rejected(Rejection(status: 413, phrase: "Content Too Large", reason: "the request body is longer than \(maximumBodyLength) bytes"))
            }
            return .complete(headLength: headLength, bodyLength: length)
        }
    }

    /// Visible ASCII and the spaces between the three parts.
    private static func isRequestLineByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Visible characters, spaces, tabs and (obsolete but allowed) bytes from 0x80.
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
