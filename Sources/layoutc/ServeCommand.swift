#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler

/// `layoutc serve`: runs the `layoutc-serve` executable built beside this one, in this
/// process's place (exec), so its arguments, output, signals and exit status are its own.
/// The server is a product of its own so that building `layoutc` (as the build plugin does)
/// never builds the HTTP library.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview layout files live in a browser (runs layoutc-serve).",
        discussion: """
            layoutc serve [PATH...] [--port N]: a page on 127.0.0.1 with the layouts under the \
            paths drawn at every device size and at a size set with sliders, redrawn when a file \
            is saved. Needs the layoutc-serve executable next to layoutc: swift build -c release \
            --product layoutc-serve, then install it beside layoutc.
            """,
        helpNames: []
    )

    @Argument(parsing: .captureForPassthrough, help: "Arguments for layoutc-serve ([PATH...] [--port N]; --help for its help).")
    var arguments: [String] = []

    static let serverName = "layoutc-serve"

    func run() throws {
        guard let server = Self.serverPath() else {
            // Help always works: without the server, ours, which says how to build it.
            if arguments.contains(where: { ["--help", "-h", "-help", "help"].contains($0) }) {
                Console.out(Self.helpWithoutServer(folder: Self.ownFolder()))
                return
            }
            Console.error("error: layoutc serve needs the \(Self.serverName) executable next to layoutc\(Self.ownFolder().map { " (in \($0))" } ?? ""); "
                          + "build it with swift build -c release --product \(Self.serverName) and install it beside layoutc "
                          + "(layoutc serve --help says more)")
            throw ExitCode.failure
        }
        try SiblingExecutable.replaceProcess(with: server, arguments: arguments)
    }

    /// `layoutc-serve` in the folder of this executable (links resolved), if it is there.
    static func serverPath() -> String? {
        SiblingExecutable.path(named: serverName)
    }

    /// The folder of this executable, links resolved.
    static func ownFolder() -> String? {
        ownExecutablePath().map { ParentDirectory.of($0) }
    }

    /// `layoutc serve --help` when the server is not built: what the command does and how to
    /// build the server (its own help lists every option once it is there).
    static func helpWithoutServer(folder: String?) -> String {
        let place = folder ?? "the folder of layoutc"
        return """
            OVERVIEW: Preview layout files live in a browser (runs layoutc-serve).

            USAGE: layoutc serve [PATH ...] [--port N]

            ARGUMENTS:
              <PATH>                  Folders or layout files to serve (default: the current folder).

            OPTIONS:
              --port <N>              The port on 127.0.0.1 (default: a free one).
              --import-root <FOLDER>  A folder imports may read besides the folders served; repeat for several.
              -h, --help              Show help information.

            A page on 127.0.0.1 with the layouts under the paths drawn at every device size and at a
            size set with sliders, redrawn when a file is saved; Ctrl-C stops it.

            The server is the \(serverName) executable, which is not next to this layoutc (in
            \(place)). It is a product of its own, so that building layoutc never builds the HTTP
            library. Build it and put it beside layoutc:

              swift build -c release --product \(serverName)
              install .build/release/\(serverName) \(place)/

            (in a clone where layoutc is .build/debug/layoutc: swift build --product \(serverName)).

            """
    }

    static func ownExecutablePath() -> String? {
        #if os(Linux)
        // (`Bundle.main.executableURL` reads the same link, and is in Foundation only.)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        guard let url = Bundle.main.executableURL else { return nil }
        return url.resolvingSymlinksInPath().path
        #endif
    }
}
