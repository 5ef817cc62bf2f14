import Foundation
import PackagePlugin

/// Compiles every `.layout` and `.layout.yaml` source of a target into Swift at build time:
/// one `layoutc generate FILE --output DIR` per file, whose inputs are the file and the
/// `layoutc` binary itself (so a new compiler regenerates) and whose output is the generated
/// `.layout.swift`, which the build then compiles with the target. `layoutc` prints problems
/// as `PATH:LINE:COLUMN: error: …`, so the build shows them at the `.layout` file.
///
/// A `layoutc.json` among the target's sources (`{"access": "public"}`) sets the access level of
/// the target's generated types, so a feature module can export its layouts (docs/codegen.md).
@main
struct LayoutcBuildPlugin {
    /// `SourceSyntax.isLayoutFile` of LayoutCompiler, which a plugin cannot import.
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

    /// The per-target settings file: `{"access": "public"}` or `{"access": "internal"}`.
    static let settingsFileName = "layoutc.json"

    /// The access level a target's `layoutc.json` asks for (nil: none, the default internal).
    static func access(fromSettings url: URL) throws -> String? {
        let data = try Data(contentsOf: url)
        guard let object = try? JSONSerialization.jsonObject(with: data), let settings = object as? [String: Any] else {
            throw SettingsError(path: url.path, problem: "is not a JSON object; write {\"access\": \"public\"}")
        }
        for key in settings.keys where key != "access" {
            throw SettingsError(path: url.path, problem: "has the unknown key '\(key)'; the only setting is \"access\"")
        }
        guard let value = settings["access"] else { return nil }
        guard let access = value as? String, access == "public" || access == "internal" else {
            throw SettingsError(path: url.path, problem: "'access' must be \"public\" or \"internal\"")
        }
        return access
    }

    struct SettingsError: Error, CustomStringConvertible {
        var path: String
        var problem: String
        var description: String { "\(path): \(problem)" }
    }

    /// What a target using the plugin lacks, where the plugin can tell (docs/codegen.md): the
    /// generated code imports LayoutRuntime, so without it the user would see only the
    /// compiler's `no such module 'LayoutRuntime'` at a generated file; a target with no layout
    /// file gets nothing from the plugin. (A target with layout files and no `.swift` file is
    /// not built at all, so the plugin never runs for it: SwiftPM warns that it has no sources.)
    static func setupProblem(target: String, files: [URL], dependencies: [String]) -> SetupProblem? {
        guard files.contains(where: isLayoutFile) else {
            return SetupProblem(severity: .warning, message: """
                target '\(target)' uses LayoutcBuildPlugin but has no layout file (.layout, .layout.yaml or .layout.yml) \
                among its sources: add the layout files to its folder, or remove the plugin from the target
                """)
        }
        guard dependencies.contains(runtimeModule) else {
            return SetupProblem(severity: .error, message: """
                target '\(target)' uses LayoutcBuildPlugin but does not depend on \(runtimeModule), which the generated code \
                imports: add .product(name: "\(runtimeModule)", package: "layoutc") to the target's dependencies in Package.swift
                """)
        }
        return nil
    }

    static let runtimeModule = "LayoutRuntime"

    /// The files a layout file imports (docs/format.md §7.5), transitively, so that editing a
    /// tokens file rebuilds every layout that uses it. A copy of the front ends' rule, read from
    /// the text alone (a plugin cannot import LayoutCompiler): YAML `import: PATH`,
    /// `import: [A, B]` or `import:` followed by `- A` lines, the text form's `import "PATH"` or
    /// `import ["A", "B"]`; each path relative to the importing file's folder. A file that
    /// cannot be read is left out (layoutc reports it at the import).
    static func importedFiles(of file: URL) -> [URL] {
        var found: [URL] = []
        var seen: Set<String> = [file.standardizedFileURL.path]
        var pending = [file]
        while let current = pending.popLast() {
            guard let text = try? String(contentsOf: current, encoding: .utf8) else { continue }
            for path in importPaths(in: text) {
                let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path)
                           : current.deletingLastPathComponent().appendingPathComponent(path)).standardizedFileURL
                if seen.insert(url.path).inserted {
                    found.append(url)
                    pending.append(url)
                }
            }
        }
        return found
    }

    /// The paths the `import` lines of a file name.
    static func importPaths(in text: String) -> [String] {
        var paths: [String] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
        var index = 0
        while index < lines.count {
            var rest = lines[index].drop { $0 == " " || $0 == "\t" }
            index += 1
            guard rest.hasPrefix("import") else { continue }
            rest = rest.dropFirst("import".count)
            let isYAMLKey = rest.first == ":"
            if isYAMLKey { rest = rest.dropFirst() }
            let value = withoutComment(rest)
            if isYAMLKey && value.isEmpty {
                // A block sequence: `- PATH` lines (blank and comment lines between them).
                while index < lines.count {
                    let item = lines[index].drop { $0 == " " || $0 == "\t" }
                    if item.isEmpty || item.hasPrefix("#") {
                        index += 1
                        continue
                    }
                    guard item.hasPrefix("-"), item.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true else { break }
                    index += 1
                    if let path = unquoted(withoutComment(item.dropFirst())) { paths.append(path) }
                }
                continue
            }
            guard rest.first == " " || rest.first == "\t" || rest.first == "\"" || rest.first == "[" else { continue }
            var list = value
            // A list over several lines (`import [` … `]`): up to its closing bracket.
            while list.hasPrefix("["), !list.hasSuffix("]"), index < lines.count {
                list += " " + withoutComment(lines[index].drop { $0 == " " || $0 == "\t" })
                index += 1
            }
            if list.hasPrefix("[") { list = String(list.dropFirst()) }
            if list.hasSuffix("]") { list = String(list.dropLast()) }
            for part in list.split(separator: ",") {
                if let path = unquoted(part.trimmingCharacters(in: .whitespaces)) { paths.append(path) }
            }
        }
        return paths
    }

    /// A value up to its comment: `#` in YAML (after a space), `//` in the text form; trimmed.
    static func withoutComment(_ text: Substring) -> String {
        var value = text
        if value.hasPrefix("#") { return "" }
        if let comment = value.range(of: " #") ?? value.range(of: "\t#") ?? value.range(of: "//") { value = value[..<comment.lowerBound] }
        return value.trimmingCharacters(in: .whitespaces)
    }

    /// A path without its quotes; nil when empty.
    static func unquoted(_ text: String) -> String? {
        var path = text
        if path.count >= 2, (path.hasPrefix("\"") && path.hasSuffix("\"")) || (path.hasPrefix("'") && path.hasSuffix("'")) {
            path = String(path.dropFirst().dropLast())
        }
        return path.isEmpty ? nil : path
    }

    struct SetupProblem {
        enum Severity { case error, warning }
        var severity: Severity
        var message: String
    }

    /// `project`: the package's (or Xcode project's) folder, where a layout's imports may read
    /// (`--import-root`, docs/format.md §7.5): tokens shared between targets are found.
    func commands(for files: [URL], workDirectory: URL, tool: PluginContext.Tool, project: URL) throws -> [Command] {
        let output = workDirectory.appendingPathComponent("GeneratedLayouts")
        let settings = files.first { $0.lastPathComponent == Self.settingsFileName }
        let access = try settings.flatMap(Self.access(fromSettings:))
        return files.filter(Self.isLayoutFile).map { file in
            .buildCommand(
                displayName: "Generating Swift for \(file.lastPathComponent)",
                executable: tool.url,
                arguments: ["generate", file.path, "--output", output.path, "--import-root", project.path] + (access.map { ["--access", $0] } ?? []),
                inputFiles: [file, tool.url] + (settings.map { [$0] } ?? []) + Self.importedFiles(of: file),
                outputFiles: [output.appendingPathComponent(Self.outputFileName(for: file.lastPathComponent))]
            )
        }
    }
}

extension LayoutcBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let dependencies = target.recursiveTargetDependencies.map(\.name)
        if let problem = Self.setupProblem(target: target.name, files: files, dependencies: dependencies) {
            switch problem.severity {
            case .error: Diagnostics.error(problem.message)
            case .warning: Diagnostics.warning(problem.message)
            }
            if problem.severity == .error { return [] }
        }
        return try commands(for: target.sourceFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
                        tool: try context.tool(named: "layoutc"), project: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LayoutcBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(for: target.inputFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
                 tool: try context.tool(named: "layoutc"), project: context.xcodeProject.directoryURL)
    }
}
#endif
