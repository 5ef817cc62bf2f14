import Foundation
@testable import LayoutCompiler
import Testing

/// Robustness of the text front end: random byte-level and token-level mutations of valid
/// files (fixed seed) must never crash or hang, every diagnostic must be located inside the
/// file, what parses cleanly must format idempotently, and parsing must stay linear.
/// For longer runs there is a libFuzzer target (docs/fuzzing.md).
@Suite("text parser: mutations")
struct MutationTests {
    static let vocabulary: [String] = [
        "{", "}", "(", ")", "[", "]", ",", ":", ".", "-", "layout", "item", "spacer", "hgroup", "vgroup", "flow",
        "overlay", "dynamic", "true", "false", "nil", ".fit", ".flexible", ".height(", ".size(1, 2)", "(padding: ",
        "10x8", "59 0 34 0", "\"s\"", "\"", "\\", "//", "#", "\n", "1e999", "-.infinity", ".nan", "0.5", "é", "\u{0}",
        "optional", ".aspect(16/9)", "/", ".minWidth(", ".maxHeight(3)",
        "wrap", ".shrink(1)", "(fit: height)", "fit: ", "(dynamic: wrap)",
    ]

    /// Small valid files: the sample of docs/format.md §3, every example's text twin, generated ASTs.
    static func seeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let directory = CommandLine_.packageRoot.appendingPathComponent("layouts")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".layout") {
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) { seeds.append(Array(data)) }
        }
        var generator = ASTGenerator(rng: RandomLayoutTests.RNG(state: 42))
        for _ in 0..<40 {
            let text = DeepStack.run { TextPrinter.print(generator.file()).text }
            seeds.append(Array(text.utf8))
        }
        return seeds
    }

    struct Mutator {
        var rng: RandomLayoutTests.RNG

        mutating func mutate(_ input: [UInt8]) -> [UInt8] {
            var bytes = input
            for _ in 0..<rng.int(1...4) {
                let position = bytes.isEmpty ? 0 : rng.int(0...(bytes.count - 1))
                switch rng.int(0...7) {
                case 0 where !bytes.isEmpty:  // flip a byte
                    bytes[position] = UInt8(truncatingIfNeeded: rng.next())
                case 1:  // insert a byte
                    bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
                case 2 where !bytes.isEmpty:  // delete a range
                    let end = min(bytes.count, position + rng.int(1...20))
                    bytes.removeSubrange(position..<end)
                case 3 where !bytes.isEmpty:  // duplicate a range
                    let end = min(bytes.count, position + rng.int(1...60))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                case 4, 5:  // insert a token
                    let token = MutationTests.vocabulary[rng.int(0...(MutationTests.vocabulary.count - 1))]
                    bytes.insert(contentsOf: Array((" " + token + " ").utf8), at: position)
                default:  // delete or swap words (runs between spaces)
                    var words = bytes.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map(Array.init)
                    guard words.count > 2 else { continue }
                    let a = rng.int(0...(words.count - 1)), b = rng.int(0...(words.count - 1))
                    if rng.chance(0.5) { words.swapAt(a, b) } else { words.remove(at: a) }
                    bytes = Array(words.joined(separator: [UInt8(ascii: " ")]))
                }
            }
            return bytes
        }
    }

    @Test("30,000 mutations of valid files: no crash, located diagnostics, idempotent format")
    func mutations() {
        let seeds = Self.seeds()
        let problems: [String] = DeepStack.run {
            var mutator = Mutator(rng: RandomLayoutTests.RNG(state: 0xF022))
            var problems: [String] = []
            var clean = 0
            for index in 0..<30_000 {
                let bytes = mutator.mutate(seeds[index % seeds.count])
                let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let compiled = LayoutCompiler.compileOnCurrentThread(bytes, syntax: .text)
                for diagnostic in compiled.diagnostics where diagnostic.location.line < 1 || diagnostic.location.line > lines || diagnostic.location.column < 1 {
                    problems.append("#\(index): \(diagnostic.location) outside the file: \(diagnostic.message)")
                }
                let (file, diagnostics) = TextFrontEnd.parse(bytes)
                guard diagnostics.allSatisfy({ $0.code == .missingKey }) else { continue }
                clean += 1
                let (text, unprintable) = TextPrinter.print(file)
                guard unprintable.isEmpty else {
                    problems.append("#\(index): parsed but cannot be printed: \(unprintable.map(\.message))")
                    continue
                }
                let reparsed = TextFrontEnd.parse(Array(text.utf8))
                if TextPrinter.print(reparsed.file).text != text {
                    problems.append("#\(index): format is not idempotent:\n\(String(decoding: bytes, as: UTF8.self))")
                }
            }
            if clean < 1_000 { problems.append("only \(clean) mutants parsed cleanly") }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.prefix(3))")
    }

    @Test("parsing stays linear: a file of 2,000 mutants costs about 2,000 mutants")
    func linearTime() {
        let seeds = Self.seeds()
        var mutator = Mutator(rng: RandomLayoutTests.RNG(state: 7))
        let mutants = (0..<2_000).map { mutator.mutate(seeds[$0 % seeds.count]) }
        let (separately, together) = DeepStack.run {
            func time(_ body: () -> Void) -> Double {
                var best = Double.infinity
                for _ in 0..<3 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    body()
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start))
                }
                return best
            }
            let separately = time { for mutant in mutants { _ = TextFrontEnd.parse(mutant) } }
            let joined = Array(mutants.joined(separator: [UInt8(ascii: "\n")]))
            let together = time { _ = TextFrontEnd.parse(joined) }
            return (separately, together)
        }
        // Quadratic behaviour would make the joined file hundreds of times slower.
        #expect(together < separately * 4 + 50_000_000, "joined \(together / 1e6) ms, separately \(separately / 1e6) ms")
    }

    @Test("pathological inputs: long runs of one token are linear and located")
    func pathological() {
        for piece in ["{", "}", "(", "[", ".", "item ", "\"", "//\n", "layout ", ".center(", "1x", "-"] {
            let bytes = Array(("layout L { vgroup { " + String(repeating: piece, count: 50_000)).utf8)
            let diagnostics = DeepStack.run { LayoutCompiler.compileOnCurrentThread(bytes, syntax: .text) }.diagnostics
            #expect(!diagnostics.isEmpty || piece == "//\n" || piece == "item ", "\(piece)")
            #expect(diagnostics.count < 200_000)
        }
    }
}
