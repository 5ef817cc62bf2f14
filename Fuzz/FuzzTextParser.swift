// libFuzzer target for the text front end (not part of the package build); see docs/fuzzing.md.
// Compiled together with the text front end's sources into one module, so it can reach the
// parser and printer directly. Every input must parse without crashing; an input that parses
// cleanly must print, re-parse cleanly, and print to the same text (the formatter's contract).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (file, diagnostics) = TextFrontEnd.parse(bytes)
    for diagnostic in diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "diagnostic outside the file")
    }
    guard diagnostics.allSatisfy({ $0.code == .missingKey }) else { return 0 }
    let (text, problems) = TextPrinter.print(file)
    precondition(problems.isEmpty, "a parsed file cannot be printed: \(problems)")
    let again = TextFrontEnd.parse(Array(text.utf8))
    precondition(again.diagnostics.allSatisfy { $0.code == .missingKey }, "the printed text does not parse: \(again.diagnostics)\n\(text)")
    precondition(TextPrinter.print(again.file).text == text, "formatting is not idempotent:\n\(text)")
    return 0
}
