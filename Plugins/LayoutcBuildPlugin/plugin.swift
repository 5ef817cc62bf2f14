import Foundation
import PackagePlugin

/// Compiles every `.layout` and `.layout.yaml` source of a target into Swift at build time:
/// one `layoutc generate FILE --output DIR` per file, whose inputs are the file and the
/// `layoutc` binary itself (so a new compiler regenerates) and whose output is the generated
/// `.layout.swift`, which the build then compiles with the target. `layoutc` prints problems
/// as `PATH:LINE:COLUMN: error: …`, so the build shows them at the `.layout` file.
@main
struct LayoutcBuildPlugin {
    static func isLayoutFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        return name.hasSuffix(".layout") || name.hasSuffix(".layout.yaml") || name.hasSuffix(".layout.yml")
    }

    /// Same rule as `SwiftCodeGenerator.outputFileName`: Player.layout.yaml → Player.layout.swift.
    static func outputFileName(for inputFileName: String) -> String {
        var stem = inputFileName
        for suffix in [".yaml", ".yml", ".layout"] where stem.lowercased().hasSuffix(suffix) && stem.count > suffix.count {
            stem.removeLast(suffix.count)
        }
        return stem + ".layout.swift"
    }

    func commands(for files: [URL], workDirectory: URL, tool: PluginContext.Tool) -> [Command] {
        let output = workDirectory.appendingPathComponent("GeneratedLayouts")
        return files.filter(Self.isLayoutFile).map { file in
            .buildCommand(
                displayName: "Generating Swift for \(file.lastPathComponent)",
                executable: tool.url,
                arguments: ["generate", file.path, "--output", output.path],
                inputFiles: [file, tool.url],
                outputFiles: [output.appendingPathComponent(Self.outputFileName(for: file.lastPathComponent))]
            )
        }
    }
}

extension LayoutcBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return commands(for: target.sourceFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
                        tool: try context.tool(named: "layoutc"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LayoutcBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        commands(for: target.inputFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
                 tool: try context.tool(named: "layoutc"))
    }
}
#endif
