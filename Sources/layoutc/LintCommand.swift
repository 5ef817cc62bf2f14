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

    @Option(name: .customLong("import-root"), help: RunImports.importRootHelp)
    var importRoots: [String] = []

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
        var configs = LintConfigurationFinder.files()
        var entries: [LintReport.Entry] = []
        var failedInputs = false
        var explicit: LintConfigurationFinder.Loaded?
        if let configPath {
            explicit = configs.load(path: configPath)
            if explicit == nil { failedInputs = true }
        }
        var searched: [String] = []
        let files = discover(paths.isEmpty ? ["."] : paths, configs: &configs, explicit: explicit, failed: &failedInputs, searched: &searched)
        // The project: each folder given, and the folder of each file given (docs/format.md §7.5).
        RunImports.confine(to: (paths.isEmpty ? ["."] : paths).map { path in
            var status = stat()
            let isFolder = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            return isFolder ? path : ImportConfinement.folders(ofFiles: [path])[0]
        } + importRoots)
        var layoutCount = 0
        var sizeCount = 0
        var results: [(String, Linter.FileResult)] = []
        var loadErrors: [String] = []
        var inputs: [(path: String, bytes: [UInt8], layers: [LintLayer])] = []
        for file in files {
            do {
                let bytes = try FileBytes.read(file.path)
                let layers = explicit.map { $0.layers(for: file.absolute) } ?? configs.layers(for: file.absolute)
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
        // Configuration problems first, each file once: then its sample names that name no
        // item of the layouts linted, in the order of the file. Only for a configuration in a
        // folder lint searched (or `--config` with a folder searched): a file named alone is
        // one of the many layouts the names are for.
        var itemNames = SampleNameCheck.ItemNames()
        for (_, result) in results { itemNames.add(result) }
        var configProblems = configs.diagnostics
        for (path, configuration) in configs.loaded {
            let folder = ParentDirectory.of(absolutePath(path))
            let isSearched = path == configPath ? !searched.isEmpty
                : searched.contains { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }
            guard isSearched else { continue }
            let problems = SampleNameCheck.problems(in: configuration, names: itemNames)
            guard !problems.isEmpty else { continue }
            if let index = configProblems.firstIndex(where: { $0.path == path }) {
                configProblems[index].diagnostics = (configProblems[index].diagnostics + problems).sorted { $0.location < $1.location }
            } else {
                configProblems.append((path, problems))
            }
        }
        for (path, diagnostics) in configProblems.map({ (displayPath($0.path), $0.diagnostics) }) {
            for diagnostic in diagnostics {
                entries.append(.init(path: path, diagnostic: LintDiagnostic(severity: diagnostic.severity, rule: diagnostic.code.rawValue,
                                                                            message: diagnostic.message, location: diagnostic.location)))
            }
        }
        // A problem inside a file is reported once, whether lint read it or an import did.
        var reported = Set<String>()
        for (path, result) in results {
            layoutCount += result.layoutCount
            sizeCount += result.sizeCount
            for diagnostic in result.diagnostics {
                // A problem inside an imported file is that file's, reported once however many import it.
                var entry = LintReport.Entry(path: diagnostic.file ?? path, diagnostic: diagnostic)
                entry.diagnostic.file = nil
                let key = "\(entry.path):\(diagnostic.location):\(diagnostic.rule):\(diagnostic.message)"
                if reported.insert(key).inserted { entries.append(entry) }
            }
        }
        for message in loadErrors + configs.readErrorMessages { printError(message) }
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
    func discover(_ paths: [String], configs: inout LintConfigurationFinder, explicit: LintConfigurationFinder.Loaded?, failed: inout Bool,
                  searched: inout [String]) -> [LayoutFileRef] {
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
            searched.append(absolute)
            // Exclusions are decided top-down: an excluded folder is not entered.
            var walker = LayoutFileWalker(isLayoutFile: Self.isLayoutFile)
            walker.walk(absolute, shownRoot: path) { candidate in
                explicit.map { $0.excludes(candidate) } ?? configs.excludes(candidate)
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

extension LintConfigurationFinder {
    /// The finder lint, preview and the plugin's lint use: files read as every input is
    /// (`FileBytes`: regular files, bounded), a missing file simply absent.
    static func files() -> LintConfigurationFinder {
        LintConfigurationFinder { path in
            // A dangling link is absent too, as for FileManager.fileExists.
            if access(path, F_OK) != 0 && errno == ENOENT { return .absent }
            do {
                return .bytes(try FileBytes.read(path))
            } catch {
                return .unreadable("\(error)")
            }
        }
    }

    /// Each file's read error, as `layoutc` prints it.
    var readErrorMessages: [String] {
        readErrors.map { "\($0.path): error: cannot read the configuration file: \($0.reason)" }
    }
}

func absolutePath(_ path: String) -> String { LintConfigurationFinder.absolute(path) }

/// `path` relative to `directory` when it lies inside it, else `path`.
func relative(_ path: String, to directory: String) -> String { LintConfigurationFinder.relative(path, to: directory) }

/// A path as shown in reports: relative to the current folder when inside it.
func displayPath(_ path: String) -> String {
    relative(absolutePath(path), to: absolutePath("."))
}
