import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutCompiler

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift code that computes the frames of each layout.",
        discussion: """
            Writes one Swift file per input (Player.layout.yaml → DIR/Player.layout.swift), holding per \
            layout a value type with a CGRect per named node and a throwing initializer; it imports \
            Foundation and LayoutRuntime. A file is rewritten only when its bytes change. On any \
            error nothing is written; diagnostics go to standard error as PATH:LINE:COLUMN: error: \
            MESSAGE [code] and the exit status is 1. With --interface nothing is written: the \
            declarations you call (each type, its properties, initializers and apply) are printed, \
            without building.
            """
    )

    @Argument(help: "Layout files (*.layout, *.layout.yaml).")
    var files: [String]

    @Option(help: ArgumentHelp("The directory to write the Swift files to (created if missing).", valueName: "DIR"))
    var output: String?

    @Flag(help: "Print each layout's generated interface (type, properties, initializers, apply) instead of writing files.")
    var interface = false

    @Option(help: ArgumentHelp("Access level of the generated types: internal or public.", valueName: "level"))
    var access: SwiftCodeGenerator.Access = .internal

    @OptionGroup var syntax: SyntaxOption

    @Option(name: .customLong("import-root"), help: RunImports.importRootHelp)
    var importRoots: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one layout file.") }
        if interface, output != nil { throw ValidationError("Give --output DIR to write the Swift files, or --interface to print their declarations, not both.") }
        if !interface, output == nil { throw ValidationError("Give --output DIR to write the Swift files, or --interface to print their declarations.") }
    }

    func run() throws {
        if interface { return try printInterfaces() }
        let output = output ?? ""
        var outputs: [(path: String, bytes: [UInt8])] = []
        var messages: [String] = []
        var failed = false
        var typeOwners: [String: String] = [:]
        var outputOwners: [String: String] = [:]
        RunImports.confine(toFoldersOf: files, importRoots: importRoots)
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(path)
            } catch {
                messages.append("\(path): error: cannot read the layout file: \(error)")
                failed = true
                continue
            }
            let name = URL(fileURLWithPath: path).lastPathComponent
            let options = SwiftCodeGenerator.Options(access: access, sourceName: name)
            let result = SwiftCodeGenerator.generate(source: bytes, syntax: syntax.syntax(of: path, bytes: bytes), options: options,
                                                         context: RunImports.context(for: path))
            messages += result.diagnostics.map { $0.formatted(path: path) }
            guard let text = result.text else {
                failed = true
                continue
            }
            let outputName = SwiftCodeGenerator.outputFileName(for: name)
            if let other = outputOwners[outputName] {
                messages.append("\(path): error: \(other) and this file would both generate \(outputName); rename one")
                failed = true
            }
            outputOwners[outputName] = path
            for type in result.typeNames {
                if let other = typeOwners[type], other != path {
                    messages.append("\(path): error: \(other) also generates the Swift type '\(type)'; rename one of the layouts")
                    failed = true
                }
                typeOwners[type] = path
            }
            outputs.append((URL(fileURLWithPath: output).appendingPathComponent(outputName).path, Array(text.utf8)))
        }
        if !messages.isEmpty {
            Console.error(messages.map { $0 + "\n" }.joined())
        }
        if failed { throw ExitCode.failure }
        if let problem = OutputDirectory.create(output) {
            Console.error("\(output): error: cannot create the output directory: \(problem)")
            throw ExitCode.failure
        }
        for file in outputs {
            do {
                try OutputFile.write(file.bytes, to: file.path)
            } catch {
                Console.error("\(file.path): error: cannot write the generated file: \(error)")
                throw ExitCode.failure
            }
        }
    }

    /// `--interface`: every file's interfaces in the order given, or nothing but the
    /// diagnostics when any file has an error.
    private func printInterfaces() throws {
        var texts: [String] = []
        var messages: [String] = []
        var failed = false
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(path)
            } catch {
                messages.append("\(path): error: cannot read the layout file: \(error)")
                failed = true
                continue
            }
            let options = SwiftCodeGenerator.Options(access: access, sourceName: URL(fileURLWithPath: path).lastPathComponent)
            let result = SwiftCodeGenerator.interface(source: bytes, syntax: syntax.syntax(of: path, bytes: bytes), options: options,
                                                      context: RunImports.context(for: path))
            messages += result.diagnostics.map { $0.formatted(path: path) }
            if let text = result.text { texts.append(text) } else { failed = true }
        }
        if !messages.isEmpty { Console.error(messages.map { $0 + "\n" }.joined()) }
        if failed { throw ExitCode.failure }
        Console.out(texts.joined(separator: "\n"))
    }
}

extension SwiftCodeGenerator.Access: ExpressibleByArgument {}
