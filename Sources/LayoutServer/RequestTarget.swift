import Foundation

/// A request's target, checked and decoded: the path with its percent escapes undone, and
/// the query's parameters. Anything that cannot be read this way is malformed (400).
struct RequestTarget: Equatable {
    var path: String
    var query: [String: String]

    struct Malformed: Error, Equatable {
        var reason: String
    }

    /// The longest target taken; the page's longest asks are far shorter.
    static let maximumLength = 16 * 1024

    /// `rawPath` and `rawQuery` are as the request line has them (still percent-encoded).
    init(rawPath: String, rawQuery: String) throws {
        guard rawPath.utf8.count + rawQuery.utf8.count <= Self.maximumLength else { throw Malformed(reason: "the request target is too long") }
        guard rawPath.hasPrefix("/") else { throw Malformed(reason: "the request target does not start with '/'") }
        guard let path = Self.decode(rawPath, plusIsSpace: false) else { throw Malformed(reason: "the path has a broken percent escape") }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw Malformed(reason: "the path holds a control character")
        }
        self.path = path
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(String(parts[0]), plusIsSpace: true),
                  let value = Self.decode(parts.count > 1 ? String(parts[1]) : "", plusIsSpace: true) else {
                throw Malformed(reason: "the query has a broken percent escape")
            }
            guard query[name] == nil else { throw Malformed(reason: "the query names '\(name.prefix(40))' twice") }
            query[name] = value
        }
        self.query = query
    }

    /// Percent-decoding that fails on a broken escape or bytes that are not UTF-8.
    static func decode(_ text: String, plusIsSpace: Bool) -> String? {
        // Most of a page's parameters have nothing to undo (`width=390`): the text is its own
        // decoding, without an array and a validation for each.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
