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

/// An executable built beside `layoutc` (`layoutc-serve`, `layoutc-lsp`): products of their own,
/// so that the build plugin, which builds `layoutc`, never builds their dependencies.
enum SiblingExecutable {
    /// `name` in the folder of this executable (links resolved), if it is there and executable.
    static func path(named name: String) -> String? {
        guard let folder = ServeCommand.ownFolder() else { return nil }
        let candidate = folder + "/" + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// Runs `path` with `arguments` in this process's place (exec), so its arguments, output,
    /// signals and exit status are its own. Returns only by throwing, when exec failed.
    static func replaceProcess(with path: String, arguments: [String]) throws -> Never {
        var cArguments: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        let reason = String(cString: strerror(errno))
        Console.error("error: cannot run \(path): \(reason)")
        throw ExitCode.failure
    }
}
