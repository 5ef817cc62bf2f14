import Foundation
import Testing

/// `layoutc serve` runs `layoutc-serve` from its own folder in its place.
@Suite("layoutc serve: the subcommand", .serialized)
struct ServeCommandTests {
    /// The built products folder: next to the test runner or bundle, else the package's .build/debug.
    static var productsFolder: URL? {
        var candidates = [URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()]
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("layoutc-serve").path) }
    }

    /// Starts a copied executable. Another test's child, forked while the copy was being
    /// written, may still hold it open for writing (ETXTBSY) until that child execs: try again.
    static func launch(_ process: Process) throws {
        for _ in 0..<200 {
            do {
                return try process.run()
            } catch let error as NSError where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                usleep(10_000)
            }
        }
        try process.run()
    }

    @Test func withoutTheServerBuiltItSaysHowToBuildItAndHelpWorks() throws {
        let products = try #require(Self.productsFolder, "build layoutc and layoutc-serve first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-alone-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("layoutc")
        try FileManager.default.copyItem(at: products.appendingPathComponent("layoutc"), to: alone)
        let process = Process()
        process.executableURL = alone
        process.arguments = ["serve", "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try Self.launch(process)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let place = folder.resolvingSymlinksInPath().path
        #expect(text == "error: layoutc serve needs the layoutc-serve executable next to layoutc (in \(place)); build it with swift build -c release "
                + "--product layoutc-serve and install it beside layoutc (layoutc serve --help says more)\n")

        // Help always works (issue 21): what serve does, and how to build and install the server.
        for flag in ["--help", "-h"] {
            let help = Process()
            help.executableURL = alone
            help.arguments = ["serve", flag]
            let output = Pipe()
            help.standardOutput = output
            help.standardError = Pipe()
            try Self.launch(help)
            let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            help.waitUntilExit()
            #expect(help.terminationStatus == 0)
            #expect(shown.hasPrefix("OVERVIEW: Preview layout files live in a browser (runs layoutc-serve).\n\nUSAGE: layoutc serve [PATH ...] [--port N]\n"))
            #expect(shown.contains("\n  swift build -c release --product layoutc-serve\n  install .build/release/layoutc-serve \(place)/\n"))
        }
    }

    /// At once, and once the server has had time to take its signals over (it then stops first).
    @Test(arguments: [0.0, 0.5])
    func itRunsTheServerWhichStopsOnInterrupt(after delay: Double) async throws {
        let products = try #require(Self.productsFolder, "build layoutc and layoutc-serve first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutc-serve-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "layout A (size: 100x100) {\n  item a\n}\n".write(to: folder.appendingPathComponent("A.layout"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = products.appendingPathComponent("layoutc")
        process.arguments = ["serve", folder.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        // The first line names the address; the server was exec'd in layoutc's place (same pid).
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let port = text.firstRange(of: /127\.0\.0\.1:(\d+)\//).flatMap { UInt16(text[$0].dropFirst(10).dropLast()) }
        #expect(text.hasPrefix("layoutc serve: http://127.0.0.1:"))
        #expect(text.hasSuffix(" (1 layout file under \(folder.path)); Ctrl-C stops it\n"))
        if let port {
            let reply = try await RawHTTPClient.get("/api/files", port: port)
            #expect(reply.body == "{\"files\":[{\"id\":\"A.layout\",\"path\":\"\(folder.path)/A.layout\"}]}")
        }
        try await Task.sleep(for: .seconds(delay))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
    }
}
