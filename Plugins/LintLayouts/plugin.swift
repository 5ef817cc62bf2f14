import Foundation
import PackagePlugin

/// `swift package lint-layouts [ARGS...]`: runs `layoutc lint` on the package's layout files.
///
/// With no paths, it lints the package directory (every *.layout, *.layout.yaml and
/// *.layout.yml, with the .layoutlint.yml files found above each). Other arguments
/// (`--reporter sarif`, `--strict`, paths) are passed on to `layoutc lint`; `--target NAME`
/// limits it to those targets' layout files. It writes nothing
/// into the package, so it needs no write permission.
@main
struct LintLayouts: CommandPlugin {
    static func isLayoutFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        return name.hasSuffix(".layout") || name.hasSuffix(".layout.yaml") || name.hasSuffix(".layout.yml")
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "layoutc")
        if arguments.contains("--help") || arguments.contains("-h") {
            print("""
            USAGE: swift package lint-layouts [--target NAME]... [PATH...] [layoutc lint options]

            Runs layoutc lint on the package's layout files: everything in the package directory,
            or with --target NAME (repeatable) only the layout files of those targets. Every other
            argument is passed on to layoutc lint, whose options follow.

            """)
            let help = Process()
            help.executableURL = tool.url
            help.arguments = ["lint", "--help"]
            try help.run()
            help.waitUntilExit()
            return
        }
        var extractor = ArgumentExtractor(arguments)
        // `--target NAME` limits linting to those targets' layout files.
        let targets = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        let hasPaths = rest.contains { !$0.hasPrefix("-") }
        if !hasPaths {
            if targets.isEmpty {
                rest.append(".")  // run in the package directory: paths print relative to it
            } else {
                // The targets' layout files themselves (a target's folder is only a deprecated
                // Path before PackageDescription 6.1).
                for target in try context.package.targets(named: targets) {
                    let files = (target as? SourceModuleTarget)?.sourceFiles.map(\.url).filter(Self.isLayoutFile) ?? []
                    if files.isEmpty { print("target '\(target.name)' has no layout files") }
                    rest += files.map(\.path)
                }
                if rest.allSatisfy({ $0.hasPrefix("-") }) { return }
            }
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + rest
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            // layoutc has printed the problems; one line says the command failed, and the exit
            // status tells scripts (a thrown error would add a second, redundant line).
            Diagnostics.error("layoutc lint found problems (exit status \(process.terminationStatus))")
            exit(process.terminationStatus == 0 ? 1 : process.terminationStatus)
        }
    }
}
