import ArgumentParser
import Foundation
import LayoutCompiler

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check layout files at every size of a device matrix, with warnings beyond errors.",
        discussion: """
            Lints the files given and every layout file (*.layout, *.layout.yaml, *.layout.yml) in \
            the folders given, searched recursively. Each file is checked statically, by the lint \
            rules, and laid out at every iPhone and iPad size of the matrix, portrait and landscape, \
            left to right and right to left, with every optional node shown and hidden and every \
            sample content size that .layoutlint.yml gives a dynamic item ('sizes:') and every sample \
            text it gives a wrap item ('wrap:'); a layout with 'fit' is checked at each device's width \
            (or height), its fitted size said in messages. Settings come from the nearest .layoutlint.yml above each file (docs/lint.md). The exit \
            status is 1 when any error was reported (with --strict: any warning too).
            """
    )

    @Argument(help: "Layout files or folders (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Report format: xcode, json, github or sarif.", valueName: "reporter"))
    var reporter: LintReport.Format = .xcode

    @Flag(help: "Warnings fail too (exit status 1).")
    var strict = false

    @Option(name: .customLong("config"), help: ArgumentHelp("Use this configuration file instead of looking for .layoutlint.yml files.", valueName: "FILE"))
    var configPath: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "FILE"))
    var output: String?

    @OptionGroup var syntax: SyntaxOption

    @Flag(help: "No summary line on standard error.")
    var quiet = false

    @Flag(name: .customLong("list-rules"), help: "Print the lint rules with their default severity and description, and exit.")
    var listRules = false

    func run() throws {
        if listRules {
            for rule in LintRules.descriptors {
                Console.out("\(rule.name) (\(rule.defaultSeverity.rawValue)): \(rule.summary)\n")
            }
            return
        }
        var configs = ConfigurationFinder()
        var entries: [LintReport.Entry] = []
        var failedInputs = false
        var explicit: LoadedConfiguration?
        if let configPath {
            explicit = configs.load(path: configPath, asked: true)
            if explicit == nil { failedInputs = true }
        }
        let files = discover(paths.isEmpty ? ["."] : paths, configs: &configs, explicit: explicit, failed: &failedInputs)
        var layoutCount = 0
        var sizeCount = 0
        var results: [(String, Linter.FileResult)] = []
        var loadErrors: [String] = []
        var inputs: [(path: String, bytes: [UInt8], layers: [LintLayer])] = []
        for file in files {
            do {
                let bytes = try FileBytes.read(file.path)
                let layers = explicit.map { $0.configuration.layers(forRelativePath: relative(file.absolute, to: $0.directory)) }
                    ?? configs.layers(for: file.absolute)
                inputs.append((file.path, bytes, layers))
            } catch {
                loadErrors.append("\(DiagnosticText.quoted(file.path)): error: cannot read the layout file: \(error)")
            }
        }
        let batch = inputs.map { input in
            Linter.Input(bytes: input.bytes, syntax: syntax.syntax(of: input.path, bytes: input.bytes), layers: input.layers,
                         context: RunImports.context(for: input.path))
        }
        results = Array(zip(inputs.map(\.path), Linter.lint(batch)))
        // Configuration problems first, each file once.
        for (path, diagnostics) in configs.diagnostics {
            for diagnostic in diagnostics {
                entries.append(.init(path: path, diagnostic: LintDiagnostic(severity: diagnostic.severity, rule: diagnostic.code.rawValue,
                                                                            message: diagnostic.message, location: diagnostic.location)))
            }
        }
        var reportedImported = Set<LintReport.Entry>()
        for (path, result) in results {
            layoutCount += result.layoutCount
            sizeCount += result.sizeCount
            for diagnostic in result.diagnostics {
                // A problem inside an imported file is that file's, reported once however many import it.
                let entry = LintReport.Entry(path: diagnostic.file ?? path, diagnostic: diagnostic)
                if diagnostic.file == nil || reportedImported.insert(entry).inserted { entries.append(entry) }
            }
        }
        for message in loadErrors + configs.readErrors { printError(message) }
        let report = LintReport(entries: entries, fileCount: files.count, toolVersion: Layoutc.configuration.version)
        let text = report.rendered(as: reporter)
        if let output {
            do {
                try OutputFile.write(Array(text.utf8), to: output)
            } catch {
                printError("\(output): error: cannot write the output file: \(error)")
                throw ExitCode.failure
            }
        } else if !text.isEmpty {
            Console.out(text)
        }
        if !quiet {
            printError(report.summary)
        }
        let failed = failedInputs || !loadErrors.isEmpty || !configs.readErrors.isEmpty
            || report.errorCount > 0 || (strict && report.warningCount > 0)
        if failed { throw ExitCode.failure }
    }

    struct LayoutFileRef {
        /// As shown in reports: relative to where the user pointed.
        var path: String
        var absolute: String
    }

    static func isLayoutFile(_ name: String) -> Bool { SourceSyntax.isLayoutFile(name) }

    /// The files named, and the layout files in the folders named (sorted, hidden folders and
    /// `.build` skipped, excluded paths left out; `LayoutFileWalker` says which links are
    /// followed). A file reached under two names is linted once, under the first.
    func discover(_ paths: [String], configs: inout ConfigurationFinder, explicit: LoadedConfiguration?, failed: inout Bool) -> [LayoutFileRef] {
        var files: [LayoutFileRef] = []
        var seen = Set<FileIdentity>()
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                printError("\(path): error: no such file or folder")
                failed = true
                continue
            }
            let absolute = absolutePath(path)
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                // A file named explicitly is linted even if a configuration excludes it (and a
                // FIFO or device named explicitly is a read error, below).
                if seen.insert(FileIdentity(status)).inserted { files.append(LayoutFileRef(path: path, absolute: absolute)) }
                continue
            }
            // Exclusions are decided top-down: an excluded folder is not entered.
            var walker = LayoutFileWalker(isLayoutFile: Self.isLayoutFile)
            walker.walk(absolute, shownRoot: path) { candidate in
                explicit.map { $0.configuration.excludes(relativePath: relative(candidate, to: $0.directory)) }
                    ?? configs.excludes(candidate)
            }
            for message in walker.warnings { printError(message) }
            for file in walker.found.sorted(by: { $0.relativePath < $1.relativePath }) {
                guard seen.insert(file.identity).inserted else { continue }
                let shown = path == "." ? file.relativePath : (path.hasSuffix("/") ? path + file.relativePath : path + "/" + file.relativePath)
                files.append(LayoutFileRef(path: shown, absolute: absolute + "/" + file.relativePath))
            }
        }
        return files
    }
}

extension LintReport.Format: ExpressibleByArgument {}

/// A parsed `.layoutlint.yml` and the directory its paths are relative to.
struct LoadedConfiguration {
    var configuration: LintConfiguration
    var directory: String
}

/// Finds the `.layoutlint.yml` files above each layout file (nearest first, up to one with
/// `root: true` or the filesystem root), parsing each once.
struct ConfigurationFinder {
    private var byDirectory: [String: LoadedConfiguration?] = [:]
    private var chains: [String: [LoadedConfiguration]] = [:]
    /// Diagnostics of each configuration file, by the path shown.
    private(set) var diagnostics: [(String, [Diagnostic])] = []
    private(set) var readErrors: [String] = []

    mutating func load(path: String, asked: Bool) -> LoadedConfiguration? {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            readErrors.append("\(path): error: cannot read the configuration file: \(error)")
            return nil
        }
        let (configuration, problems) = LintConfiguration.parse(String(decoding: bytes, as: UTF8.self))
        if !problems.isEmpty { diagnostics.append((displayPath(path), problems)) }
        let directory = (absolutePath(path) as NSString).deletingLastPathComponent
        return LoadedConfiguration(configuration: configuration, directory: directory)
    }

    mutating func configuration(in directory: String) -> LoadedConfiguration? {
        if let cached = byDirectory[directory] { return cached }
        let path = directory == "/" ? "/" + LintConfiguration.fileName : directory + "/" + LintConfiguration.fileName
        let loaded = FileManager.default.fileExists(atPath: path) ? load(path: path, asked: false) : nil
        byDirectory[directory] = loaded
        return loaded
    }

    /// Nearest first.
    mutating func chain(forDirectory directory: String) -> [LoadedConfiguration] {
        if let cached = chains[directory] { return cached }
        var chain: [LoadedConfiguration] = []
        if let loaded = configuration(in: directory) {
            chain.append(loaded)
        }
        if chain.last?.configuration.root != true, directory != "/", !directory.isEmpty {
            let parent = (directory as NSString).deletingLastPathComponent
            if parent != directory { chain += self.chain(forDirectory: parent) }
        }
        chains[directory] = chain
        return chain
    }

    /// Layers for a file: the farthest configuration first, so nearer ones override it.
    mutating func layers(for absoluteFile: String) -> [LintLayer] {
        let directory = (absoluteFile as NSString).deletingLastPathComponent
        return chain(forDirectory: directory).reversed().flatMap {
            $0.configuration.layers(forRelativePath: relative(absoluteFile, to: $0.directory))
        }
    }

    mutating func excludes(_ absoluteFile: String) -> Bool {
        let directory = (absoluteFile as NSString).deletingLastPathComponent
        return chain(forDirectory: directory).contains {
            $0.configuration.excludes(relativePath: relative(absoluteFile, to: $0.directory))
        }
    }
}

func absolutePath(_ path: String) -> String {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    var result = url.standardizedFileURL.path
    while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
    return result
}

/// `path` relative to `directory` when it lies inside it, else `path`.
func relative(_ path: String, to directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

/// A path as shown in reports: relative to the current folder when inside it.
func displayPath(_ path: String) -> String {
    relative(absolutePath(path), to: absolutePath("."))
}
