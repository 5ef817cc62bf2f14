import Foundation
import Testing
@testable import LayoutCompiler

/// The subset reader against libyaml: whenever it reads a file, its events (kinds, scalar text,
/// plain or quoted, tags, locations) are libyaml's exactly.
@Suite struct YAMLSubsetReaderTests {
    struct Reading: Equatable {
        var events: [String] = []
        var error: String?
        var isSubset = false
    }

    /// What a reader of the stream gets, read again with libyaml when the subset reader gives
    /// up part-way, as the front end does.
    static func read(_ bytes: [UInt8], _ reader: YAMLEventStream.Reader) -> Reading {
        bytes.withUnsafeBufferPointer { buffer in
            var stream = YAMLEventStream(bytes: buffer, reader: reader)
            var reading = Reading()
            while let event = stream.next() { reading.events.append(String(describing: event)) }
            reading.error = stream.error.map { "\($0.location): \($0.message)" }
            if stream.needsLibyaml() { return read(bytes, .libyaml) }
            reading.isSubset = stream.isSubset
            return reading
        }
    }

    /// nil when the readers agree (or the subset reader gave up), else what differs.
    static func difference(_ bytes: [UInt8]) -> String? {
        let subset = read(bytes, .either)
        guard subset.isSubset else { return nil }
        let libyaml = read(bytes, .libyaml)
        if libyaml.error != nil { return "libyaml fails where the subset reader read: \(libyaml.error ?? "")" }
        guard subset.events != libyaml.events else { return nil }
        let common = min(subset.events.count, libyaml.events.count)
        let index = (0..<common).first { subset.events[$0] != libyaml.events[$0] } ?? common
        let ours = index < subset.events.count ? subset.events[index] : "(end)"
        let theirs = index < libyaml.events.count ? libyaml.events[index] : "(end)"
        return "event \(index): subset \(ours), libyaml \(theirs)"
    }

    static func files(under folder: String, suffixes: [String]) -> [URL] {
        let root = CommandLine_.packageRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }
            .filter { url in suffixes.contains { url.lastPathComponent.hasSuffix($0) } && !url.path.contains("/.build/") }
            .sorted { $0.path < $1.path }
    }

    /// Every YAML file of the repository: examples, the sample app, test fixtures, docs' samples.
    static func corpus() -> [(name: String, bytes: [UInt8])] {
        let urls = files(under: "layouts", suffixes: [".yaml", ".yml"]) + files(under: "Examples", suffixes: [".yaml", ".yml"])
            + files(under: "Tests", suffixes: [".yaml", ".yml"])
        return urls.compactMap { url in FileManager.default.contents(atPath: url.path).map { (url.lastPathComponent, Array($0)) } }
    }

    /// Generated layouts: the random layouts' YAML, printed ASTs, the deep chain.
    static func generated() -> [[UInt8]] {
        var out: [[UInt8]] = []
        var generator = RandomLayoutTests.Generator(rng: RandomLayoutTests.RNG(state: 22))
        for _ in 0..<250 { out.append(Array(RandomLayoutTests.emit(generator.node(depth: 0, context: .root)).utf8)) }
        var printer = ASTGenerator(rng: RandomLayoutTests.RNG(state: 2_222))
        for _ in 0..<150 { out.append(Array(DeepStack.run { YAMLPrinter.print(printer.file()) }.utf8)) }
        out.append(Array(ExtremeLayouts.chain(40).utf8))
        return out
    }

    @Test("the repository's YAML files: the same events as libyaml; every layouts/*.yaml read by the subset reader")
    func repositoryFiles() {
        let corpus = Self.corpus()
        #expect(corpus.count > 20)
        for (name, bytes) in corpus {
            #expect(Self.difference(bytes) == nil, "\(name)")
        }
        for url in Self.files(under: "layouts", suffixes: [".yaml"]) {
            let bytes = FileManager.default.contents(atPath: url.path).map(Array.init) ?? []
            #expect(Self.read(bytes, .either).isSubset, "\(url.lastPathComponent) left to libyaml")
        }
    }

    @Test("400 generated layouts: the same events as libyaml; the random layouts read by the subset reader")
    func generatedLayouts() {
        var printedRead = 0
        for (index, bytes) in Self.generated().enumerated() {
            let isSubset = Self.read(bytes, .either).isSubset
            // The first 250 are block YAML as people write it; the printed ASTs hold odd
            // scalars on purpose (tabs, escapes), some of which only libyaml reads.
            if index < 250 {
                #expect(isSubset, "#\(index) left to libyaml:\n\(String(decoding: bytes, as: UTF8.self))")
            } else if isSubset {
                printedRead += 1
            }
            #expect(Self.difference(bytes) == nil, "#\(index):\n\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(printedRead > 0)
    }

    @Test("10,000 mutations of YAML layouts: whatever the subset reader reads, libyaml reads the same")
    func mutations() {
        let seeds = Self.corpus().map(\.bytes) + Self.generated().prefix(60)
        var mutator = MutationTests.Mutator(rng: RandomLayoutTests.RNG(state: 2_026))
        var read = 0
        var problems: [String] = []
        for index in 0..<10_000 {
            let bytes = mutator.mutate(seeds[index % seeds.count])
            if Self.read(bytes, .either).isSubset { read += 1 }
            if let difference = Self.difference(bytes) {
                problems.append("\(difference)\n\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) differ; the first: \(problems.first ?? "")")
        // The mutations must exercise the subset reader, not only libyaml.
        #expect(read > 1_000)
    }

    static let head = "layout: L\nroot:\n  vgroup: v\n"

    /// Inputs where the subset reader must give up or agree, whichever it does.
    static let trickyInputs: [String] = [
        "key: a: b\n", "a:b\n", "a:b: c\n", "k: a:b\n", "- - x\n", "k:\n  - - x\n", "key:  # c\n", "key: \"a\\\"b\"\n",
        "key: 'it''s'\n", "key: ''''\n", "key: [a, [b]]\n", "key: value   \n", "key: -1\n", "key: [1,2,]\n",
        "key: [,]\n", "key: [1 2]\n", "key: []\n", "key: [ ]\n", "key: [[]]\n", "k:\n  - {a: 1}\n", "- {a: 1}\n",
        "key: a#b\n", "key: a #b\n", "key: a#\n", "key:\n", "key:", ": x\n", "k: 1\n: x\n", "key: ~\n",
        "key: &a 1\n", "key: *a\n", "key: !t 1\n", "? a\n: b\n", "key: |\n  a\n", "key: >\n  a\n",
        "key: a\n  b\n", "key: a\n # c\n  b\n", "key: \"a\n  b\"\n", "key: {a: 1}\n", "\tkey: 1\n",
        "key:\t1\n", "%YAML 1.2\n---\nkey: 1\n", "key: 1\n...\n", "key: 1\r\n", "\u{FEFF}key: 1\n",
        "key: a\u{2028}b\n", "key: a\u{85}b\n", "key: \"\"\n", "key: ''\n", "\"k\": 1\n", "'k' : 1\n", "\"k\":1\n",
        "k : 1\n", "k  :  1  \n", "k: 'a'b\n", "k: \"a\"#c\n", "k: \"a\" #c\n", "k: x\n  y: 1\n", "k:\n y: 1\n z: 2\n",
        "k:\n  y: 1\n z: 2\n", "k:\n- a\n- b\nz: 1\n", "k:\n- a\n  b\n", "k:\n- a: 1\n  b: 2\n- c\n", "k:\n  -\n  - b\n",
        "k:\n  - # c\n    a: 1\n", "k:\n  -   a: 1\n      b: 2\n", "k:\n  - a: 1\n   b: 2\n", "- a\n", "a\n", "[a]\n",
        "---\n", "---\n---\n", "--- \nk: 1\n", "---\nk: 1\n---\nj: 2\n", "k: 1\n---\n", "---x: 1\n", "--- k: 1\n",
        "k: 1\n--- # c\nj: [2]\n", "k: -\n", "k: - a\n", "k: --a\n", "k: ?a\n", "k: :a\n", "k: @a\n", "k: `a\n",
        "k: %a\n", "k: [a, b\n", "k: [a,\n  b]\n", "k: [-]\n", "k: [-1, +2, .5, $A]\n", "k: [a:b]\n", "k: ['a']\n",
        "k: [a] # c\n", "k: [a]b\n", "k: [a], b\n", "k:v\n", "k:\n\n\n  a: 1\n", "k: 1\n\n# end\n", "  k: 1\n  j: 2\n",
        "  k: 1\nj: 2\n", "k: 1\n  # c\nj: 2\n", "k: \u{7F}\n", "k: \u{0}\n", "k: é\n", "é: [1, 2]\n",
        "naïve: ça # ünï\nj: [a, b]\n", "k: \"ü\" # c\n", "- é: 'ü'\n", "k:\n  - é\n  - 'ñ': [1]\n",
        "k: \"a\\nb\"\n", "k: 'a\\b'\n", "k: 1 # c\n# d\n", "#c\nk: 1\n", "k: \"a: b\"\n", "k: 'a # b'\n",
        "k: {a: 1, b: [2, 3]}\n", "k: {a:1}\n", "k: {a: }\n", "k: {}\n", "k: {a: 1,}\n", "k: [\"a\": 1]\n",
        "k: {\"a\": 1}\n", "k: [\"a b\", 'c''d']\n", "k: {a: 1}}\n", "k: [a}\n", "k: {a: b c}\n", "k: [a]]\n",
        "k: {a: 1\n", "k: {a: {b: [c]}}\n", "k: [{a: 1}, {}]\n", "k: {-a: 1}\n", "k: {a: -}\n",
        String(repeating: "k", count: 1_100) + ": 1\n", "k: " + String(repeating: "[", count: 5_000) + "\n",
    ]

    @Test("tricky inputs: the subset reader gives up or reads what libyaml reads", arguments: trickyInputs)
    func tricky(_ input: String) {
        #expect(Self.difference(Array(input.utf8)) == nil)
        #expect(Self.difference(Array((Self.head + "  children:\n" + input.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n")).utf8)) == nil)
    }

    /// What the subset reader must read itself (these are what layouts are written with).
    static let acceptedInputs: [String] = [
        "key: -1\n", "key: 'it''s'\n", "key: a#b\n", "key: a #b\n", "key: value   \n", "key:  # c\n", "key:\n",
        "key: [a, [b]]\n", "key: []\n", "key: \"a: b\"\n", "a:b: c\n", "k:\n- a\n- b\nz: 1\n", "---\nk: 1\n---\nj: 2\n",
        "naïve: ça # ünï\nj: [a, b]\n", "- é: 'ü'\n".replacingOccurrences(of: "- ", with: "k:\n  - "), "  k: 1\n  j: 2\n",
        "k:\n  -\n  - b\n", "k:\n  - # c\n    a: 1\n", "k : 1\n", "\"k\": 1\n", "k: [-1, +2, .5, $A]\n",
        "k: {minWidth: 320, maxWidth: $wide}\n", "k: [\"a b\", 'c']\n", "k: [{a: 1}, {}]\n",
    ]

    @Test("what layouts are written with is read by the subset reader", arguments: acceptedInputs)
    func accepted(_ input: String) {
        let bytes = Array(input.utf8)
        #expect(Self.read(bytes, .either).isSubset)
        #expect(Self.difference(bytes) == nil)
    }

    @Test("the eight-byte check of plain ASCII agrees with the byte-by-byte one for every byte at every place")
    func plainASCIIWords() {
        for byte in 0...255 {
            for position in 0..<8 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(YAMLSubsetReader.isPlainASCII(word) == (byte == 0x0A || (0x20...0x7E).contains(byte)), "byte \(byte) at \(position)")
            }
        }
        #expect(YAMLSubsetReader.isPlainASCII(0x0A0A_0A0A_0A0A_0A0A))
        #expect(!YAMLSubsetReader.isPlainASCII(0x0A0A_0A0A_0A0A_0A09))
    }

    @Test("an error stays libyaml's, byte for byte: the subset reader gives up on it")
    func errorsAreLibyamls() {
        let bytes = Array((Self.head + "  children:\n    - item: a\n      width: a: b\n").utf8)
        let reading = Self.read(bytes, .either)
        #expect(!reading.isSubset)
        #expect(reading == Self.read(bytes, .libyaml))
        #expect(reading.error == "6:15: mapping values are not allowed in this context")
    }

    /// A layout of `items` items (four events a line or so, many chunks of the reader) and then `tail`.
    static func long(items: Int, tail: String) -> [UInt8] {
        var text = "layout: L\nsize: [100, 100]\nroot:\n  vgroup: v\n  children:\n"
        for index in 0..<items { text += "    - item: i\(index)\n      height: 1\n" }
        return Array((text + tail).utf8)
    }

    @Test("a file that leaves the subset after many chunks of events: the stream says so, and the front end's result is libyaml's, diagnostics byte for byte")
    func givesUpLate() throws {
        let items = 3 * YAMLSubsetReader.Cursor.chunk
        let error = Self.long(items: items, tail: "    - item: last\n      width: a: b\n")
        let line = 5 + 2 * items + 2
        // The stream: events handed out by the subset reader before it gives up.
        let handedOut = error.withUnsafeBufferPointer { buffer in
            var stream = YAMLEventStream(bytes: buffer)
            var count = 0
            while stream.next() != nil { count += 1 }
            return (count, stream.isSubset, stream.needsLibyaml())
        }
        #expect(handedOut.0 > 2 * YAMLSubsetReader.Cursor.chunk)
        #expect(!handedOut.1 && handedOut.2)
        let parsed = YAMLFrontEnd.parse(error)
        let byLibyaml = YAMLFrontEnd.parse(error, reader: .libyaml)
        #expect(parsed.diagnostics == byLibyaml.diagnostics)
        #expect(parsed.diagnostics.map { "\($0.location): \($0.message)" } == ["\(line):15: mapping values are not allowed in this context"])
        #expect(YAMLPrinter.print(parsed.file) == YAMLPrinter.print(byLibyaml.file))
        // A scalar over two lines, valid YAML the subset leaves to libyaml: the same file either way.
        let multiline = Self.long(items: items, tail: "    - item: last\n      height:\n        1\n")
        let compiled = LayoutCompiler.compileOnCurrentThread(yaml: multiline)
        let plan = try #require(compiled.plans.first ?? nil)
        #expect(plan.nodeCount == items + 2)
        #expect(YAMLPrinter.print(YAMLFrontEnd.parse(multiline).file) == YAMLPrinter.print(YAMLFrontEnd.parse(multiline, reader: .libyaml).file))
        #expect(Self.read(multiline, .either) == Self.read(multiline, .libyaml))
    }

    @Test("a long file in the subset: the same events as libyaml across chunks, and the reader's all-at-once events are the stream's")
    func longFileAcrossChunks() {
        let bytes = Self.long(items: 2 * YAMLSubsetReader.Cursor.chunk + 17, tail: "    - item: last\n")
        #expect(Self.read(bytes, .either).isSubset)
        #expect(Self.difference(bytes) == nil)
        let all = bytes.withUnsafeBufferPointer { YAMLSubsetReader.read($0)?.count }
        #expect(all == Self.read(bytes, .either).events.count)
    }
}
