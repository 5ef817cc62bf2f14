import Foundation

/// A request's head, its request line and header lines up to the empty line, checked the way
/// RFC 9112 frames it before SwiftNIO's decoder reads it (`HeadGuard`).
///
/// NIO's decoder (llhttp) is lenient where this server is not (empty lines before a request,
/// folded header lines, doubled spaces, chunked bodies, any length up to 80 KiB) and closes the
/// connection with an empty 400 on a head it cannot frame; here each of those is a `Rejection`
/// whose reason the client gets as a 400. The target itself is left to `RequestTarget`.
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

        /// An HTTP version other than 1.0 and 1.1: answered as the handler answers a bad query.
        static let unsupportedVersion = Rejection(status: 400, phrase: "Bad Request", reason: "unsupported HTTP version", isJSON: true)

        /// The reason goes out as the handler's JSON (`{"error": …}`), not as plain text.
        var isJSON = false

        /// The whole response, the reason as its plain-text body (a 405's as the handler's JSON,
        /// with `Allow: GET`); the connection closes after it.
        var response: [UInt8] {
            if status == 405 || isJSON {
                let body = "{\"error\":\"\(reason)\"}"
                let head = "HTTP/1.1 \(status) \(phrase)\r\n\(status == 405 ? "Allow: GET\r\n" : "")Connection: close\r\nContent-Length: \(body.utf8.count)\r\n"
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

    /// The methods handed on to `PreviewHandler` (which serves GET alone, and answers the others
    /// 405); any other is refused here with the same answer.
    static let knownMethods: [StaticString] = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE"]

    /// `METHOD SP TARGET SP HTTP/D.D`; the version when it is one. The line is read as bytes: a
    /// string or an array for each part was a tenth of a frames request's CPU (issue 22).
    private static func requestLineVersion(_ line: ArraySlice<UInt8>) -> Result<String, Rejection> {
        if line.isEmpty { return .failure(.badRequest("the request line is empty")) }
        if line.count > maximumRequestLineLength { return .failure(.badRequest("the request line is longer than \(maximumRequestLineLength) bytes")) }
        guard line.allSatisfy(isRequestLineByte) else {
            return .failure(.badRequest("the request line holds a byte that is not printable ASCII"))
        }
        let space = UInt8(ascii: " ")
        var spaces = 0
        var first = line.endIndex, second = line.endIndex
        for index in line.indices where line[index] == space {
            spaces += 1
            if spaces == 1 { first = index } else if spaces == 2 { second = index }
        }
        let method = line[..<first]
        guard spaces == 2, !method.isEmpty, second > first + 1, second + 1 < line.endIndex else {
            if spaces == 1, !method.isEmpty, first + 1 < line.endIndex { return .failure(.badRequest("the request line has no HTTP version")) }
            return .failure(.badRequest("the request line is not METHOD TARGET HTTP-VERSION"))
        }
        guard method.allSatisfy(isTokenByte) else { return .failure(.badRequest("the method is not a token")) }
        let versionBytes = line[(second + 1)...]
        let version = String(decoding: versionBytes, as: UTF8.self)
        let digits = versionBytes.dropFirst("HTTP/".count)
        guard versionBytes.starts(with: "HTTP/".utf8), digits.count == 3, isDigit(digits[digits.startIndex]),
              digits[digits.startIndex + 1] == UInt8(ascii: "."), isDigit(digits[digits.startIndex + 2]) else {
            return .failure(.badRequest("'\(version)' is not an HTTP version"))
        }
        // Methods are case-sensitive (RFC 9110 §9.1): these nine, upper case.
        guard knownMethods.contains(where: { known in known.withUTF8Buffer { method.elementsEqual($0) } }) else {
            return .failure(.methodNotAllowed)
        }
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
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .badRequest("a header name is not a token") }
            let rawValue = line[(colon + 1)...]
            guard rawValue.allSatisfy(isFieldValueByte) else {
                return .badRequest("the value of header '\(String(decoding: name, as: UTF8.self))' holds a control character")
            }
            var value = rawValue
            while let byte = value.first, isWhitespace(byte) { value.removeFirst() }
            while let byte = value.last, isWhitespace(byte) { value.removeLast() }
            // Names are tokens (ASCII): compared in any case without a string for each.
            if isName(name, "content-length") {
                guard contentLength == nil else { return .badRequest("the request has more than one Content-Length") }
                guard !value.isEmpty, value.allSatisfy(isDigit) else {
                    return .badRequest("Content-Length is not a number: '\(String(decoding: value, as: UTF8.self))'")
                }
                // Leading zeros aside, more digits than this is more than the maximum anyway.
                let significant = value.drop { $0 == UInt8(ascii: "0") }
                contentLength = significant.count > 9 ? Int.max : significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            } else if isName(name, "transfer-encoding") {
                return .badRequest("a request body with Transfer-Encoding is not accepted; send Content-Length")
            } else if isName(name, "host") {
                hostCount += 1
                if hostCount > 1 { return .badRequest("the request has more than one Host header") }
            }
            return nil
        }

        func finish(version: String, headLength: Int) -> Scan {
            // SwiftNIO's decoder closes the connection on other versions without a word.
            guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .rejected(.unsupportedVersion) }
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
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether a header name is `lowercased`, in any case (ASCII letters only: names are tokens).
    static func isName(_ name: ArraySlice<UInt8>, _ lowercased: StaticString) -> Bool {
        guard name.count == lowercased.utf8CodeUnitCount else { return false }
        return lowercased.withUTF8Buffer { expected in
            zip(name, expected).allSatisfy { $0 == $1 || ($0 | 0x20 == $1 && $1 >= UInt8(ascii: "a") && $1 <= UInt8(ascii: "z")) }
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
