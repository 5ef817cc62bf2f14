import Foundation

/// A request's target, checked and decoded: the path with its percent escapes undone, and
/// the query's parameters. Anything that cannot be read this way is malformed (400).
struct RequestTarget: Equatable {
    var path: String
    var query: [String: String]

    struct Malformed: Error, Equatable {
        var reason: String
    }

    static let notAPath = "the request target does not start with '/'"

    /// The longest target taken; the page's longest asks are far shorter.
    static let maximumLength = 16 * 1024

    /// `rawPath` and `rawQuery` are as the request line has them (still percent-encoded).
    init(rawPath: String, rawQuery: String) throws {
        try self.init(rawPath: Array(rawPath.utf8)[...], rawQuery: Array(rawQuery.utf8)[...])
    }

    /// The same from the request line's bytes: no string is made for a part
    /// until it is decoded, and the query is cut at `&` and `=` as bytes (issue 22: the
    /// `Substring` splits were a twentieth of a frames request's CPU).
    init(rawPath: ArraySlice<UInt8>, rawQuery: ArraySlice<UInt8>) throws {
        guard rawPath.count + rawQuery.count <= Self.maximumLength else { throw Malformed(reason: "the request target is too long") }
        guard rawPath.first == UInt8(ascii: "/") else { throw Malformed(reason: Self.notAPath) }
        guard let path = Self.decode(rawPath, plusIsSpace: false) else { throw Malformed(reason: "the path has a broken percent escape") }
        // A control character is one byte in UTF-8 (every byte of a longer scalar is 0x80 or more).
        guard !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) else {
            throw Malformed(reason: "the path holds a control character")
        }
        self.path = path
        var query: [String: String] = [:]
        var start = rawQuery.startIndex
        while start < rawQuery.endIndex {
            let end = rawQuery[start...].firstIndex(of: UInt8(ascii: "&")) ?? rawQuery.endIndex
            // Empty pairs (`a=1&&b=2`, a trailing `&`) are passed over.
            if end > start {
                let pair = rawQuery[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? end
                guard let name = Self.decode(pair[..<equals], plusIsSpace: true),
                      let value = Self.decode(equals < end ? pair[(equals + 1)...] : [], plusIsSpace: true) else {
                    throw Malformed(reason: "the query has a broken percent escape")
                }
                guard query.updateValue(value, forKey: name) == nil else { throw Malformed(reason: "the query names '\(name.prefix(40))' twice") }
            }
            start = end + 1
        }
        self.query = query
    }

    /// Percent-decoding that fails on a broken escape or bytes that are not UTF-8.
    static func decode(_ text: String, plusIsSpace: Bool) -> String? {
        decode(Array(text.utf8)[...], plusIsSpace: plusIsSpace)
    }

    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        // Most of a page's parameters have nothing to undo (`width=390`): the bytes are their own
        // decoding, without an array for each.
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }) else {
            return Self.string(bytes)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return Self.string(decoded[...])
    }

    /// The bytes as a string, nil when they are not UTF-8. ASCII (a query's names and numbers)
    /// needs no validation; the generic `String(validating:as:)` looked up its metadata on every
    /// call, a fiftieth of a frames request's CPU (issue 22).
    private static func string(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.allSatisfy({ $0 < 0x80 }) ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
        }
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
