#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutCompiler
import LayoutRuntimeCore

/// `layoutc frames FILE [--OPTION VALUE]...` in its plainest spelling, read without ArgumentParser.
///
/// ArgumentParser reads a command by reflecting its declaration (`Mirror`, and the Swift
/// runtime scanning every conformance record of the process for each new type and protocol it is
/// asked about): on a small file that was nearly half of what `layoutc frames` cost, and more than
/// any declaration of the command can avoid (BENCHMARKS.md, "Starting a command"). This reads only
/// the lines whose meaning is beyond doubt: `frames`, exactly one argument not starting with `-`
/// (the file), and `FramesCommand`'s options spelled `--NAME VALUE`, each value not starting with
/// `-` and read by the same function ArgumentParser would call, each single-valued option at most
/// once. Anything else (help, `--version`, `--NAME=VALUE`, `--`, an unknown option, a value that
/// does not parse, a second file, a repeated single option) gives nil, and ArgumentParser parses
/// the line as before, so every message and exit status is its own. `PlainFramesLineTests` runs
/// many command lines both ways and compares the bytes.
enum PlainFramesLine {
    /// The environment variable that tests set: `argument-parser` leaves every line to
    /// ArgumentParser; `plain-only` ends the process with `notPlainStatus` when this reader
    /// declines a line, so a test knows which lines it read.
    static let modeVariable = "LAYOUTC_PARSE"
    static let notPlainStatus: Int32 = 125

    /// The run the arguments (after `layoutc`) ask for, or nil when ArgumentParser must read them.
    static func invocation(_ arguments: [String]) -> FramesInvocation? {
        let mode = getenv(modeVariable).map { String(cString: $0) }
        if mode == "argument-parser" { return nil }
        let invocation = read(arguments)
        if invocation == nil, mode == "plain-only" { Console.terminate(notPlainStatus) }
        return invocation
    }

    private static func read(_ arguments: [String]) -> FramesInvocation? {
        guard arguments.first == "frames" else { return nil }
        var file: String?, size: Size?, safeArea: EdgeInsets?, layout: String?, direction: LayoutDirection?
        var format: FrameTable.Format?, syntax: SourceSyntax?
        var importRoots: [String] = []
        var selection = LayoutSelection()
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard file == nil else { return nil }
                file = argument
                continue
            }
            guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
            let value = arguments[index]
            index += 1
            switch argument {
            case "--size":
                guard size == nil, let read = try? ArgumentValues.size(value) else { return nil }
                size = read
            case "--safe-area":
                guard safeArea == nil, let read = try? ArgumentValues.insets(value) else { return nil }
                safeArea = read
            case "--layout":
                guard layout == nil else { return nil }
                layout = value
            case "--sizes":
                guard let read = try? ArgumentValues.dynamicSizes(value) else { return nil }
                selection.dynamicSizes.append(read)
            case "--wrap":
                guard let read = try? ArgumentValues.wrap(value) else { return nil }
                selection.wraps.append(read)
            case "--hide":
                guard let read = try? ArgumentValues.names(value) else { return nil }
                selection.hidden.append(read)
            case "--flag":
                guard let read = try? ArgumentValues.flagNames(value) else { return nil }
                selection.flags.append(read)
            case "--scale":
                guard selection.scale == nil, let read = try? ArgumentValues.scale(value) else { return nil }
                selection.scale = read
            case "--direction":
                // What ArgumentParser's `init?(argument:)` of a `String` raw value does.
                guard direction == nil, let read = LayoutDirection(rawValue: value) else { return nil }
                direction = read
            case "--format":
                guard format == nil, let read = FrameTable.Format(rawValue: value) else { return nil }
                format = read
            case "--syntax":
                guard syntax == nil, let read = SourceSyntax(rawValue: value) else { return nil }
                syntax = read
            case "--import-root":
                importRoots.append(value)
            default:
                return nil
            }
        }
        guard let file else { return nil }
        selection.layout = layout
        selection.direction = direction ?? .leftToRight
        return FramesInvocation(file: file, size: size, safeArea: safeArea, selection: selection,
                                format: format ?? .table, syntax: syntax, importRoots: importRoots)
    }
}
