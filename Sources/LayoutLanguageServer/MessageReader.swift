import Foundation

/// Splits a byte stream into messages. Bytes are appended as they arrive; `next` returns a
/// message once all its bytes are there. Each byte is looked at a bounded number of times.
///
/// A frame that cannot be trusted is dropped and reading resumes at the next `Content-Length: N`
/// line (the header's name, digits, a line break). That line cannot occur inside a message in
/// JSON (a JSON string holds no raw line break, and the bare name is no JSON token), so it also
/// catches a length that lies: a body that would run into such a line is cut there, and the bytes
/// that follow a body too short are skipped up to it. Without this, one bad header glued every
/// later body to the next header and the server answered nothing more.
public struct MessageReader {
    private var buffer: [UInt8] = []
    private var start = 0
    private var state = State.header(line: 0, length: nil, issue: nil, searched: 0)
    private var finished = false

    /// Where the reader is; positions are indices into `buffer` (moved when it is compacted).
    private enum State {
        /// Reading a header's lines: the next line's start, the Content-Length so far, a bad one,
        /// and how far the next line was searched for its end (so a line arriving a byte at a
        /// time is not searched again from its start).
        case header(line: Int, length: Int?, issue: String?, searched: Int)
        /// Waiting for a body: its start and length, and how far it was searched for a header.
        case body(start: Int, length: Int, searched: Int)
        /// Dropping a message too long to read, up to its end or to a header inside it.
        case skip(end: Int, searched: Int)
        /// Dropping bytes (from `start`) up to the next `Content-Length:` line.
        case resync(reason: String, searched: Int)
    }

    /// The longest header read; a longer one is dropped.
    static let maximumHeaderSize = 64 << 10
    /// The most dropped bytes kept for the server to look for a request's id in.
    static let maximumDroppedKept = 1 << 20

    public init() {}

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The input has ended: `next` reports a message cut short, then returns nil.
    public mutating func finish() {
        finished = true
    }

    /// The next message or framing problem, or nil when more bytes are needed.
    public mutating func next() -> MessageFraming.Event? {
        defer { compact() }
        while true {
            switch state {
            case .header(var line, var length, var issue, let searched):
                var from = max(line, searched)
                while let newline = firstNewline(from: from) {
                    let stop = newline > line && buffer[newline - 1] == 13 ? newline - 1 : newline
                    if stop == line {
                        if line == start {
                            // A blank line between messages: passed over.
                            start = newline + 1
                            line = start
                            from = line
                            continue
                        }
                        let bodyStart = newline + 1
                        if let issue {
                            state = .resync(reason: issue, searched: bodyStart)
                        } else if let length {
                            if length > MessageFraming.maximumMessageSize {
                                start = bodyStart
                                // Int.max at most: a length near it must not overflow.
                                state = .skip(end: length > Int.max - bodyStart ? Int.max : bodyStart + length, searched: bodyStart)
                                return .badFrame("a message of \(length) bytes is larger than the \(MessageFraming.maximumMessageSize >> 20) MB the server reads; it was dropped", dropped: [])
                            }
                            state = .body(start: bodyStart, length: length, searched: bodyStart)
                        } else {
                            state = .resync(reason: "a message header without a Content-Length", searched: bodyStart)
                        }
                        break
                    }
                    guard let colon = headerNameEnd(line, stop) else {
                        let text = String(decoding: buffer[line..<min(stop, line + 80)], as: UTF8.self)
                        let reason = buffer[line..<stop].contains(58) ? "bytes that are not a message header were skipped: \(text)" : "a header line without a colon: \(text)"
                        state = .resync(reason: reason, searched: start + 1)
                        break
                    }
                    if Self.isContentLength(buffer[line..<colon]) {
                        let value = String(decoding: buffer[(colon + 1)..<stop], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                        if let number = Int(value), number >= 0, value.allSatisfy(\.isASCII) {
                            length = number
                        } else if let number = Int(value), number < 0 {
                            issue = "a negative Content-Length: \(value.prefix(40))"
                        } else {
                            issue = "a Content-Length that is not a number: \(value.prefix(40))"
                        }
                    }
                    line = newline + 1
                    from = line
                }
                guard case .header = state else { continue }
                if buffer.count - start > Self.maximumHeaderSize {
                    state = .resync(reason: "a message header longer than 64 KiB", searched: start + 1)
                    continue
                }
                state = .header(line: line, length: length, issue: issue, searched: buffer.count)
                guard finished, start < buffer.count else { return nil }
                let dropped = Array(buffer[start...])
                start = buffer.count
                state = .header(line: start, length: nil, issue: nil, searched: start)
                return .badFrame("the input ended inside a message header", dropped: dropped)

            case .body(let bodyStart, let length, let searched):
                let end = bodyStart + length
                let complete = buffer.count >= end
                // A header line the body's last bytes may start waits for the bytes that tell
                // (a JSON body never ends inside one, so a true message is not held back).
                switch findHeaderLine(from: searched, before: min(end, buffer.count), final: finished) {
                case .found(let next):
                    let dropped = Array(buffer[bodyStart..<next])
                    start = next
                    state = .header(line: next, length: nil, issue: nil, searched: next)
                    return .badFrame("a Content-Length of \(length) runs past its message into the next header (after \(next - bodyStart) bytes)", dropped: dropped)
                case .notYet(let position):
                    if complete, position >= end {
                        let body = Array(buffer[bodyStart..<end])
                        start = end
                        state = .header(line: end, length: nil, issue: nil, searched: end)
                        return .message(body)
                    }
                    guard finished else {
                        state = .body(start: bodyStart, length: length, searched: position)
                        return nil
                    }
                    let dropped = Array(buffer[bodyStart...])
                    start = buffer.count
                    state = .header(line: start, length: nil, issue: nil, searched: start)
                    return .badFrame("the input ended \(dropped.count) bytes into a message of \(length) bytes", dropped: dropped)
                }

            case .skip(let end, let searched):
                let complete = buffer.count >= end
                switch findHeaderLine(from: searched, before: min(end, buffer.count), final: finished) {
                case .found(let next):
                    // The length was a lie: the next message starts inside it.
                    start = next
                    state = .header(line: next, length: nil, issue: nil, searched: next)
                case .notYet(let position):
                    if complete, position >= end {
                        start = end
                        state = .header(line: end, length: nil, issue: nil, searched: end)
                        continue
                    }
                    start = position
                    state = .skip(end: end, searched: position)
                    if finished {
                        start = buffer.count
                        state = .header(line: start, length: nil, issue: nil, searched: start)
                    }
                    return nil
                }

            case .resync(let reason, let searched):
                switch findHeaderLine(from: searched, before: buffer.count, final: finished) {
                case .found(let next):
                    let dropped = Array(buffer[start..<next])
                    start = next
                    state = .header(line: next, length: nil, issue: nil, searched: next)
                    return .badFrame(reason, dropped: dropped)
                case .notYet(let position):
                    if finished {
                        let dropped = Array(buffer[start...])
                        start = buffer.count
                        state = .header(line: start, length: nil, issue: nil, searched: start)
                        return .badFrame(reason, dropped: dropped)
                    }
                    // Past the bytes kept, the dropped ones are let go (no request is that long).
                    if position - start > Self.maximumDroppedKept { start = position }
                    state = .resync(reason: reason, searched: position)
                    return nil
                }
            }
        }
    }

    // MARK: Scanning

    private func firstNewline(from index: Int) -> Int? {
        var index = index
        while index < buffer.count {
            if buffer[index] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// The colon ending a header line's name (a token, as HTTP's), or nil.
    private func headerNameEnd(_ line: Int, _ stop: Int) -> Int? {
        var index = line
        while index < stop, Self.isTokenByte(buffer[index]) { index += 1 }
        return index > line && index < stop && buffer[index] == 58 ? index : nil
    }

    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        default: return tokenSymbols.contains(byte)
        }
    }

    /// ASCII letters in lower case; other bytes as they are.
    private static func lower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    private static let contentLength = Array("content-length".utf8)
    private static let contentLengthColon = Array("content-length:".utf8)

    private static func isContentLength(_ name: ArraySlice<UInt8>) -> Bool {
        name.count == contentLength.count && zip(name, contentLength).allSatisfy { lower($0) == $1 }
    }

    private enum Search {
        case found(Int)
        /// None starts before this position (checking the one there needs more bytes).
        case notYet(Int)
    }

    /// The first `Content-Length: N` line starting in `from..<before`. With `final`, a line the
    /// buffer ends inside does not count.
    private func findHeaderLine(from: Int, before: Int, final: Bool) -> Search {
        var position = from
        while position < before {
            if Self.lower(buffer[position]) == 99 {
                switch headerLine(at: position) {
                case true?: return .found(position)
                case nil where !final: return .notYet(position)
                default: break
                }
            }
            position += 1
        }
        return .notYet(position)
    }

    /// Whether a `Content-Length:` name, a number and a line break start at `position`; nil when
    /// the buffer ends before that is known.
    private func headerLine(at position: Int) -> Bool? {
        var index = position
        let end = buffer.count
        for expected in Self.contentLengthColon {
            guard index < end else { return nil }
            guard Self.lower(buffer[index]) == expected else { return false }
            index += 1
        }
        while index < end, buffer[index] == 32 || buffer[index] == 9 { index += 1 }
        var digits = 0
        while index < end, (48...57).contains(buffer[index]) {
            digits += 1
            index += 1
            if digits > 18 { return false }
        }
        while index < end, buffer[index] == 32 || buffer[index] == 9 { index += 1 }
        guard index < end else { return nil }
        guard digits > 0 else { return false }
        if buffer[index] == 10 { return true }
        guard buffer[index] == 13 else { return false }
        guard index + 1 < end else { return nil }
        return buffer[index + 1] == 10
    }

    /// Drops consumed bytes once they are half the buffer, so appending stays linear.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        let shift = start
        buffer.removeFirst(shift)
        start = 0
        switch state {
        case .header(let line, let length, let issue, let searched):
            state = .header(line: line - shift, length: length, issue: issue, searched: searched - shift)
        case .body(let bodyStart, let length, let searched): state = .body(start: bodyStart - shift, length: length, searched: searched - shift)
        case .skip(let end, let searched): state = .skip(end: end - shift, searched: searched - shift)
        case .resync(let reason, let searched): state = .resync(reason: reason, searched: searched - shift)
        }
    }
}
