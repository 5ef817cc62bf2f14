import ArgumentParser
import Foundation

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
            is saved. Needs the layoutc-serve executable next to layoutc: swift build --product \
            layoutc-serve.
            """,
        helpNames: []
    ).subcommand(of: "layoutc")

    @Argument(parsing: .captureForPassthrough, help: "Arguments for layoutc-serve ([PATH...] [--port N]; --help for its help).")
    var arguments: [String] = []

    static let serverName = "layoutc-serve"

    func run() throws {
        guard let server = Self.serverPath() else {
            Console.error("error: layoutc serve needs the \(Self.serverName) executable next to layoutc; build it with swift build --product \(Self.serverName)")
            throw ExitCode.failure
        }
        let argv = [server] + arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        execv(server, cArguments)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        Console.error("error: cannot run \(server): \(reason)")
        throw ExitCode.failure
    }

    /// `layoutc-serve` in the folder of this executable (links resolved), if it is there.
    static func serverPath() -> String? {
        guard let executable = ownExecutablePath() else { return nil }
        let folder = (executable as NSString).deletingLastPathComponent
        let candidate = folder + "/" + serverName
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    static func ownExecutablePath() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        guard let url = Bundle.main.executableURL else { return nil }
        return url.resolvingSymlinksInPath().path
    }
}
