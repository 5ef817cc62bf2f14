import ArgumentParser
import Foundation
import LayoutServer

/// `layoutc-serve`, which `layoutc serve` runs: the live preview server's command line.
@main
struct LayoutcServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutc serve",
        abstract: "Preview layout files live in a browser.",
        discussion: """
            Serves a page on 127.0.0.1 that lists the layout files under the paths given (the \
            current folder by default) and draws the one chosen at every device size and on a \
            canvas whose size follows sliders, with its diagnostics and lint findings. Saving a \
            file redraws every open page. Stop it with Ctrl-C.
            """
    )

    @Argument(help: "Folders or layout files to serve (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("The port on 127.0.0.1 (default: a free one).", valueName: "N"))
    var port: UInt16 = 0

    @Option(name: .customLong("import-root"), help: ArgumentHelp("A folder imports may read besides the folders served; repeat for several.", valueName: "FOLDER"))
    var importRoots: [String] = []

    func run() async throws {
        PreviewServer.runTasksOnEventLoops()
        let server = PreviewServer(paths: paths.isEmpty ? ["."] : paths, port: port, importRoots: importRoots)
        for path in server.tree.missing {
            FileHandle.standardError.write(Data("\(path): error: no such file or folder\n".utf8))
        }
        guard !server.tree.roots.isEmpty else { throw ExitCode.failure }
        let bound: UInt16
        do {
            bound = try await server.start()
        } catch {
            FileHandle.standardError.write(Data("error: cannot listen on 127.0.0.1:\(port): \(error)\n".utf8))
            throw ExitCode.failure
        }
        // Ctrl-C is heard before the line that says how to use it.
        let signals = SignalStop(server)
        await signals.waitUntilListening()
        let count = server.tree.entries().count
        let shown = server.tree.roots.map(\.shown).joined(separator: ", ")
        let line = "layoutc serve: http://127.0.0.1:\(bound)/ (\(count) layout file\(count == 1 ? "" : "s") under \(shown)); Ctrl-C stops it\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        do {
            try await server.wait()
        } catch where signals.received != nil {}
        signals.endByTheSignal()
    }
}
