import Foundation
@testable import LayoutCompiler
import Testing

/// What the compiler writes without Foundation, against what Foundation wrote before: the
/// digits of large integral numbers (`String(format: "%.0f")`), trimmed spaces
/// (`trimmingCharacters(in: .whitespaces)`) and parent directories (`NSString`).
@Suite("Text without Foundation (integer digits, trimmed spaces, parent directories)") struct FoundationFreeTextTests {
    @Test("integerDigits is String(format: \"%.0f\") for integral Doubles of every size")
    func integerDigits() {
        var values: [Double] = [0, -0.0, 1, -1, 9e15, -9e15, 0x1p53, 0x1p53 + 2, 1e16, 123_456_789_012_345_680,
                                1e22, 1e23, 1.5e300, -1.5e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let exponent = Double(Int.random(in: 53...1023, using: &generator))
            let value = Double.random(in: 1..<2, using: &generator) * pow(2, exponent)
            values.append(Bool.random(using: &generator) ? value : -value)
        }
        for value in values {
            #expect(TextSpelling.integerDigits(value) == String(format: "%.0f", value), "\(value)")
        }
    }

    @Test("HorizontalSpace.trimmed is trimmingCharacters(in: .whitespaces)")
    func trimmed() {
        let texts = ["", " ", "\t", "44pt", "  44pt\t", "\u{00A0}50%\u{2003}", " a b ", "\n44\n", " \r\n x \u{3000}",
                     "\u{200B}x\u{200B}", "é ", " iPhone 16  portrait ",
                     "\u{1680}\u{180E}a\u{202F}\u{205F}\u{2028}\u{FEFF}", "\u{85}b\u{2029}"]
        for value in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000, 0x200A, 0x200B, 0x200C, 0x2028,
                      0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF] {
            let scalar = Unicode.Scalar(UInt32(value)).map(String.init) ?? ""
            #expect(HorizontalSpace.trimmed(scalar + "x" + scalar) == (scalar + "x" + scalar).trimmingCharacters(in: .whitespaces),
                    "U+\(String(value, radix: 16))")
        }
        for text in texts {
            #expect(HorizontalSpace.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    /// What `(path as NSString).deletingLastPathComponent` gives (swift-corelibs-foundation of
    /// Swift 6.3.1, built with -O: the same call crashes inside Foundation for some of these in a
    /// debug build, so the answers are written out). "//" is the one difference: Foundation gives
    /// "", this gives "/"; the callers' paths are absolute and standardized, never "//".
    @Test("ParentDirectory.of is NSString.deletingLastPathComponent")
    func parentDirectory() {
        let expected: KeyValuePairs<String, String> = [
            "": "", "/": "/", "a": "", "a/": "", "/a": "/", "/a/": "/", "/a/b": "/a", "/a/b/": "/a", "a/b": "a",
            "a//b": "a", "//a//b//": "/a", "./a": ".", "../a/b": "../a", "/é/ü.yaml": "/é", "a/./b": "a/.",
            "/a/../b": "/a/..", "/work/layouts/Toolbar.layout.yaml": "/work/layouts",
        ]
        for (path, parent) in expected {
            #expect(ParentDirectory.of(path) == parent, "\(path.debugDescription)")
        }
    }
}
