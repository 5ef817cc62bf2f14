import Foundation
import Testing
@testable import LayoutLanguageServer

/// Framing faults (issue 44 item 5): after each, the reader resumes at the next
/// `Content-Length:` line, so the messages after it are read (before, every later body was
/// glued to the next header and dropped).
@Suite struct MessageReaderRecoveryTests {
    static let body = #"{"jsonrpc":"2.0","id":5,"method":"hover"}"#
    static let next = "Content-Length: 2\r\n\r\n{}Content-Length: 5\r\n\r\n[1,2]"

    /// All events for `text`, fed in one piece and byte by byte (the same either way), then the input ended.
    static func events(_ text: String) -> [MessageFraming.Event] {
        events(Array(text.utf8))
    }

    static func events(_ bytes: [UInt8]) -> [MessageFraming.Event] {
        var whole = MessageReader()
        whole.append(bytes)
        var found: [MessageFraming.Event] = []
        while let event = whole.next() { found.append(event) }
        whole.finish()
        while let event = whole.next() { found.append(event) }

        var split = MessageReader()
        var byByte: [MessageFraming.Event] = []
        for byte in bytes {
            split.append([byte])
            while let event = split.next() { byByte.append(event) }
        }
        split.finish()
        while let event = split.next() { byByte.append(event) }
        #expect(found == byByte)
        return found
    }

    static let following: [MessageFraming.Event] = [.message(Array("{}".utf8)), .message(Array("[1,2]".utf8))]

    @Test func aNegativeLengthIsSkippedToTheNextHeader() {
        #expect(Self.events("Content-Length: -5\r\n\r\n" + Self.body + Self.next)
                == [.badFrame("a negative Content-Length: -5", dropped: Array(("Content-Length: -5\r\n\r\n" + Self.body).utf8))] + Self.following)
    }

    @Test func aLengthTooLongIsCutAtTheNextHeader() {
        #expect(Self.events("Content-Length: \(Self.body.utf8.count + 30)\r\n\r\n" + Self.body + Self.next)
                == [.badFrame("a Content-Length of 71 runs past its message into the next header (after 41 bytes)", dropped: Array(Self.body.utf8))]
                + Self.following)
    }

    @Test func theBytesAfterALengthTooShortAreSkipped() {
        #expect(Self.events("Content-Length: 10\r\n\r\n" + Self.body + Self.next)
                == [.message(Array(Self.body.utf8.prefix(10))),
                    .badFrame(#"bytes that are not a message header were skipped: :"2.0","id":5,"method":"hover"}Content-Length: 2"#,
                              dropped: Array(Self.body.utf8.dropFirst(10)))]
                + Self.following)
    }

    @Test func aHeaderLineWithoutAColonDropsItsMessage() {
        let header = "Content-Length \(Self.body.utf8.count)\r\n\r\n"
        #expect(Self.events(header + Self.body + Self.next)
                == [.badFrame("a header line without a colon: Content-Length 41", dropped: Array((header + Self.body).utf8))] + Self.following)
    }

    @Test func otherHeaderLinesAndBlankLinesBetweenMessagesAreRead() {
        #expect(Self.events("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}\r\n" + Self.next)
                == [.message(Array("{}".utf8))] + Self.following)
    }

    @Test func theInputEndingInsideABodyOrAHeaderIsReported() {
        #expect(Self.events("Content-Length: 2\r\n\r\n{}Content-Length: 100\r\n\r\n{\"jsonrpc\"")
                == [.message(Array("{}".utf8)), .badFrame("the input ended 10 bytes into a message of 100 bytes", dropped: Array("{\"jsonrpc\"".utf8))])
        #expect(Self.events("Content-Length: 2\r\n\r\n{}Content-Len")
                == [.message(Array("{}".utf8)), .badFrame("the input ended inside a message header", dropped: Array("Content-Len".utf8))])
    }

    @Test func aBodyThatIsNotUTF8IsFramedAsItsLengthSays() {
        let body: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(Self.events(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + Array(Self.next.utf8))
                == [.message(body)] + Self.following)
    }

    @Test func anOversizedLengthThatLiesResumesAtTheNextHeader() {
        #expect(Self.events("Content-Length: 999999999999\r\n\r\n" + Self.body + Self.next)
                == [.badFrame("a message of 999999999999 bytes is larger than the 160 MB the server reads; it was dropped", dropped: [])]
                + Self.following)
    }

    @Test func theLargestLengthsDoNotOverflow() {
        #expect(Self.events("Content-Length: \(Int.max)\r\n\r\n" + Self.body + Self.next)
                == [.badFrame("a message of \(Int.max) bytes is larger than the 160 MB the server reads; it was dropped", dropped: [])]
                + Self.following)
        let header = "Content-Length: 99999999999999999999\r\n\r\n"
        #expect(Self.events(header + Self.body + Self.next)
                == [.badFrame("a Content-Length that is not a number: 99999999999999999999", dropped: Array((header + Self.body).utf8))]
                + Self.following)
    }

    /// Junk with no line break, arriving a byte at a time: each byte is searched once (searching
    /// the line again from its start at every byte took minutes for 64 KiB).
    @Test func aLongLineArrivingByteByByteIsReadInLinearTime() {
        let clock = ContinuousClock()
        var reader = MessageReader()
        var events: [MessageFraming.Event] = []
        let elapsed = clock.measure {
            for byte in Array(repeating: UInt8(ascii: "x"), count: 200_000) + Array(Self.next.utf8) {
                reader.append([byte])
                while let event = reader.next() { events.append(event) }
            }
        }
        #expect(events.count == 3)
        if case .badFrame(let reason, let dropped)? = events.first {
            #expect(reason == "a message header longer than 64 KiB")
            #expect(dropped.count == 200_000)
        } else {
            Issue.record("no bad frame first: \(events.first.map { "\($0)".prefix(80) } ?? "nothing")")
        }
        #expect(Array(events.dropFirst()) == Self.following)
        #expect(elapsed < .seconds(10))
    }

    /// A server answers a request whose frame was bad with a parse error to its id, logs the
    /// rest, and answers a request that is not UTF-8 with a parse error to its id.
    @Test func theServerAnswersARequestItCouldNotReadWithAParseError() throws {
        let harness = ServerHarness()
        harness.server.framingProblem("a negative Content-Length: -5", dropped: Array(("Content-Length: -5\r\n\r\n" + Self.body).utf8))
        #expect(harness.sent.map { $0["method"] as? String } == ["window/logMessage", nil])
        let error = try #require(harness.sent.last?["error"] as? [String: Any])
        #expect(harness.sent.last?["id"] as? Int == 5)
        #expect(error["code"] as? Int == -32700)
        #expect(error["message"] as? String == "the hover request's frame is not valid (a negative Content-Length: -5); it was not handled")

        harness.sent.removeAll()
        harness.server.receive(Array(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a"#.utf8) + [0xFF]
                               + Array(#".layout"},"position":{"line":0,"character":0}}}"#.utf8))
        #expect(harness.sent.count == 1)
        #expect(harness.sent.first?["id"] as? Int == 7)
        let notUTF8 = try #require(harness.sent.first?["error"] as? [String: Any])
        #expect(notUTF8["code"] as? Int == -32700)
        #expect(notUTF8["message"] as? String == "the message is not UTF-8 (byte 96 of 144); it was not handled")
    }
}

/// Random streams of good frames and faults, read in random pieces: every good frame is read,
/// in order, whatever fault came before it.
@Suite struct MessageReaderRandomStreamTests {
    /// A small deterministic generator (SplitMix64), so a failure is reproducible by its seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<300) func everyGoodFrameIsRead(seed: Int) {
        var random = Generator(state: UInt64(seed))
        var stream: [UInt8] = []
        var good: [[UInt8]] = []
        for index in 0..<Int.random(in: 1...12, using: &random) {
            let body = Array(#"{"jsonrpc":"2.0","id":\#(index),"method":"m","params":{"text":"\#(String(repeating: "x", count: Int.random(in: 0...40, using: &random)))"}}"#.utf8)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: stream += Array("Content-Length: -\(Int.random(in: 1...9, using: &random))\r\n\r\n".utf8) + body
            case 1: stream += Array("Content-Length: \(body.count + Int.random(in: 1...60, using: &random))\r\n\r\n".utf8) + body
            case 2: stream += Array("Content-Length: \(Int.random(in: 1..<body.count, using: &random))\r\n\r\n".utf8) + body
            case 3: stream += Array("Content-Length \(body.count)\r\n\r\n".utf8) + body
            default:
                stream += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
                good.append(body)
            }
        }
        // A good frame last, so a fault's bytes always end at a header.
        let last = Array(#"{"jsonrpc":"2.0","id":"last","method":"m"}"#.utf8)
        stream += Array("Content-Length: \(last.count)\r\n\r\n".utf8) + last
        good.append(last)

        var reader = MessageReader()
        var messages: [[UInt8]] = []
        var offset = 0
        while offset < stream.count {
            let piece = min(stream.count - offset, Int.random(in: 1...64, using: &random))
            reader.append(Array(stream[offset..<(offset + piece)]))
            offset += piece
            while let event = reader.next() {
                if case .message(let body) = event { messages.append(body) }
            }
        }
        reader.finish()
        while let event = reader.next() {
            if case .message(let body) = event { messages.append(body) }
        }
        // A length too short delivers its first bytes, which are no good frame's body.
        #expect(messages.filter { body in good.contains(body) } == good)
    }
}
