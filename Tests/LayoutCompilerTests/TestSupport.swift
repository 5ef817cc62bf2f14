import Foundation
import LayoutCompiler
import Testing

// Helpers shared by every suite: run the compiler in memory, compare frames, run the built
// `layoutc` binary.

/// A diagnostic reduced to what the tests assert: code, line and column.
struct Diag: Equatable, Hashable, Sendable, CustomStringConvertible {
    var code: DiagnosticCode
    var line: Int
    var column: Int

    init(_ code: DiagnosticCode, _ line: Int, _ column: Int) {
        self.code = code
        self.line = line
        self.column = column
    }

    var description: String { "\(code.rawValue)@\(line):\(column)" }
}

/// A named frame as the tests write them.
struct F: Equatable, Sendable, CustomStringConvertible {
    var name: String
    var rect: Rect

    init(_ name: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.name = name
        self.rect = Rect(x: x, y: y, width: width, height: height)
    }

    var description: String { "\(name)(\(rect.x), \(rect.y), \(rect.width), \(rect.height))" }
}

func R(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

/// Runs `layoutc frames` in memory.
func request(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil,
             sizes: [String: [Size]] = [:], layout: String? = nil) -> FramesRequest.Result {
    FramesRequest(layoutName: layout, size: size, safeArea: safeArea, dynamicSizes: sizes).run(on: Array(yaml.utf8))
}

func request(bytes: [UInt8], size: Size? = nil) -> FramesRequest.Result {
    FramesRequest(size: size).run(on: bytes)
}

/// Width × height.
func S(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

/// Insets top, leading, bottom, trailing.
func I(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) -> EdgeInsets {
    EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
}

/// The frames of the first (only) layout, in table order; records an issue on any diagnostic.
func orderedFrames(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [F] {
    let result = request(yaml, size: size, safeArea: safeArea, sizes: sizes)
    #expect(result.diagnostics.isEmpty, "unexpected diagnostics: \(result.diagnostics.map { "\($0.code.rawValue)@\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
    guard let layout = result.table?.layouts.first else {
        Issue.record("no frame table", sourceLocation: sourceLocation)
        return []
    }
    return layout.frames.map { F($0.name, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height) }
}

/// The frames of the first layout by name.
func frames(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
            sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String: Rect] {
    var out: [String: Rect] = [:]
    for frame in orderedFrames(yaml, size: size, safeArea: safeArea, sizes: sizes, sourceLocation: sourceLocation) {
        out[frame.name] = frame.rect
    }
    return out
}

/// Exact comparison with a relative slack of 1e-9 for values computed through fractions.
func close(_ a: Double, _ b: Double) -> Bool {
    a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

func close(_ a: Rect, _ b: Rect) -> Bool {
    close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
}

/// Asserts the whole frame table (names, order, rects) of the first layout.
func expectFrames(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                  _ expected: [F], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let actual = orderedFrames(yaml, size: size, safeArea: safeArea, sizes: sizes, sourceLocation: sourceLocation)
    expectSame(actual, expected, sourceLocation: sourceLocation)
}

func expectSame(_ actual: [F], _ expected: [F], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let same = actual.count == expected.count
        && zip(actual, expected).allSatisfy { $0.name == $1.name && close($0.rect, $1.rect) }
    #expect(same, "frames differ\n  expected: \(expected)\n  actual:   \(actual)", sourceLocation: sourceLocation)
}

/// Asserts exactly one frame (others may exist).
func expectFrame(_ table: [String: Rect], _ name: String, _ rect: Rect, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let actual = table[name] else {
        Issue.record("no frame named \(name)", sourceLocation: sourceLocation)
        return
    }
    #expect(close(actual, rect), "\(name): expected \(rect), got \(actual)", sourceLocation: sourceLocation)
}

/// Every diagnostic (static and size-dependent) of a run, in file order.
func diagnostics(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                 layout: String? = nil) -> [Diag] {
    request(yaml, size: size, safeArea: safeArea, sizes: sizes, layout: layout).diagnostics.map {
        Diag($0.code, $0.location.line, $0.location.column)
    }
}

func diagnostics(bytes: [UInt8], size: Size? = nil) -> [Diag] {
    request(bytes: bytes, size: size).diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
}

/// Static diagnostics only (no container size involved).
func staticDiagnostics(_ yaml: String) -> [Diag] {
    LayoutCompiler.compile(yaml: Array(yaml.utf8)).diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
}

/// Asserts the diagnostics of a run, exactly.
func expectDiagnostics(_ yaml: String, size: Size? = nil, safeArea: EdgeInsets? = nil, sizes: [String: [Size]] = [:],
                       _ expected: [Diag], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let result = request(yaml, size: size, safeArea: safeArea, sizes: sizes)
    let actual = result.diagnostics.map { Diag($0.code, $0.location.line, $0.location.column) }
    #expect(actual == expected, "messages: \(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
}

/// A YAML layout around one root node, written as block YAML (already indented by two).
func layout(_ name: String = "L", size: (Double, Double)? = nil, root: String) -> String {
    var text = "layout: \(name)\n"
    if let size { text += "size: [\(num(size.0)), \(num(size.1))]\n" }
    text += "root:\n" + root
    return text
}

func num(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
}

/// Asserts that a number is neither NaN nor infinite in every frame of a table.
func allFinite(_ table: FrameTable?) -> Bool {
    guard let table else { return true }
    return table.layouts.allSatisfy { layout in
        layout.frames.allSatisfy { $0.rect.x.isFinite && $0.rect.y.isFinite && $0.rect.width.isFinite && $0.rect.height.isFinite }
    }
}

// MARK: - The layoutc binary

enum CommandLine_ {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package's root, from this file's path (Tests/LayoutCompilerTests/TestSupport.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `layoutc`, next to the test bundle in the products directory.
    static let binary: URL? = {
        var candidates: [URL] = []
        // The resource bundle sits in the products directory.
        candidates.append(Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("layoutc"))
        // The test executable / bundle also sits there (Linux: …/debug/layoutcPackageTests.xctest).
        let executable = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("layoutc"))
        if let bundleExecutable = Bundle.main.executableURL {
            candidates.append(bundleExecutable.deletingLastPathComponent().appendingPathComponent("layoutc"))
        }
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("layoutc"))
        }
        #endif
        candidates.append(packageRoot.appendingPathComponent(".build/debug/layoutc"))
        candidates.append(packageRoot.appendingPathComponent(".build/release/layoutc"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The fixtures directory inside the test resource bundle.
    static let fixtures: URL = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) { return url }
        return packageRoot.appendingPathComponent("Tests/LayoutCompilerTests/Fixtures")
    }()

    /// Runs `layoutc ARGS` in `directory` (default: the fixtures), reading both pipes fully;
    /// `environment` is added to this process's own.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        guard let binary else {
            throw CLIError.notBuilt
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory ?? fixtures
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes on their own threads so that a full pipe never blocks the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    enum CLIError: Error, CustomStringConvertible {
        case notBuilt
        var description: String { "the layoutc executable was not found next to the tests; run `swift build` first" }
    }
}
