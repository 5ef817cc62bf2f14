@testable import LayoutServer
import Testing

/// A request's target decoded (`RequestTarget`): text without escapes is its own decoding,
/// escapes and `+` (in the query) are undone, and what cannot be decoded is malformed.
@Suite("layoutc serve: request targets")
struct RequestTargetTests {
    @Test("plain parameters, escapes, and + as a space in the query only")
    func decoded() throws {
        let target = try RequestTarget(rawPath: "/api/a+b%20c", rawQuery: "file=Card.layout&width=390&hide=a+b%2Cc&wrap=t%C3%A9xt")
        #expect(target.path == "/api/a+b c")
        #expect(target.query == ["file": "Card.layout", "width": "390", "hide": "a b,c", "wrap": "téxt"])
        #expect(RequestTarget.decode("width", plusIsSpace: true) == "width")
        #expect(RequestTarget.decode("", plusIsSpace: true) == "")
    }

    @Test("a broken escape, bytes that are not UTF-8, and a name given twice are malformed")
    func malformed() {
        #expect(RequestTarget.decode("a%2", plusIsSpace: true) == nil)
        #expect(RequestTarget.decode("a%zz", plusIsSpace: false) == nil)
        #expect(RequestTarget.decode("%FF", plusIsSpace: false) == nil)
        #expect(throws: RequestTarget.Malformed(reason: "the query has a broken percent escape")) {
            try RequestTarget(rawPath: "/api/frames", rawQuery: "width=%4")
        }
        #expect(throws: RequestTarget.Malformed(reason: "the query names 'width' twice")) {
            try RequestTarget(rawPath: "/api/frames", rawQuery: "width=1&width=2")
        }
    }

    @Test("the request line's bytes read as its strings are: empty pairs passed over, a name without '=' has an empty value")
    func bytes() throws {
        let target = try RequestTarget(rawPath: Array("/api/frames".utf8)[...], rawQuery: Array("&file=a%2Bb.layout&&page&width=3+9&".utf8)[...])
        #expect(target.path == "/api/frames")
        #expect(target.query == ["file": "a+b.layout", "page": "", "width": "3 9"])
        #expect(try RequestTarget(rawPath: "/api/frames", rawQuery: "&file=a%2Bb.layout&&page&width=3+9&") == target)
        #expect(try RequestTarget(rawPath: Array("/".utf8)[...], rawQuery: []).query == [:])
        #expect(throws: RequestTarget.Malformed(reason: "the path holds a control character")) {
            try RequestTarget(rawPath: Array("/a%0Ab".utf8)[...], rawQuery: [])
        }
        #expect(throws: RequestTarget.Malformed(reason: "the request target does not start with '/'")) {
            try RequestTarget(rawPath: Array("api".utf8)[...], rawQuery: [])
        }
        #expect(throws: RequestTarget.Malformed(reason: "the query names 'a' twice")) {
            try RequestTarget(rawPath: Array("/".utf8)[...], rawQuery: Array("a=1&b&a".utf8)[...])
        }
    }
}
