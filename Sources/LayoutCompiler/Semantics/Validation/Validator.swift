/// The static checks of docs/format.md §4.7: everything that can be known without a container size.
/// It reports every problem of a file and, for each layout without errors, resolves the tree
/// into a `LayoutPlan` for the engine.
public enum Validator {
    /// Largest magnitude accepted for any number (docs/choices.md): keeps every sum finite.
    public static let maximumMagnitude = 1e9
    public static let maximumCount = 100_000
    /// Smallest `aspect` accepted: a derived size `cross ÷ aspect` stays finite.
    public static let minimumAspect = 1e-9
    /// Most flow elements (`count`s added up) one layout may expand to: each `count` is bounded
    /// by docs/format.md §2, but many of them are not, and the frame table must stay proportional to the file.
    public static let maximumElements = 1_000_000

    /// One plan per layout of the file, in file order; nil where the layout has errors.
    public static func validate(_ file: LayoutFile) -> (plans: [LayoutPlan?], diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticBag()
        var plans: [LayoutPlan?] = []
        var layoutNames: [String: SourceLocation] = [:]
        for document in file.layouts {
            var checker = LayoutChecker()
            let plan = checker.check(document)
            if let name = plan?.name ?? checker.layoutName {
                if let first = layoutNames[name] {
                    checker.diagnostics.error(.duplicateName, ValidationMessages.duplicateLayoutName(name, first: first), at: document.location)
                } else {
                    layoutNames[name] = document.location
                }
            }
            plans.append(checker.diagnostics.hasErrors || document.hasSyntaxErrors ? nil : plan)
            diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
        }
        return (plans, diagnostics.diagnostics)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`
    public static func isValidName(_ name: String) -> Bool {
        // Over the contiguous bytes (every native string has them): one name per node.
        if let valid = name.utf8.withContiguousStorageIfAvailable(isValidName) { return valid }
        return isValidName(Array(name.utf8)[...])
    }

    private static func isValidName(_ bytes: some Collection<UInt8>) -> Bool {
        // One bit test a byte (ASCII 64–127 in `letters`, 0–63 in `digits`), not five compares:
        // a name is checked for every named node (issue 22). The first byte apart, so the loop
        // over the rest keeps no flag.
        let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE  // A–Z, _, a–z
        let digits: UInt64 = 0x03FF_0000_0000_0000  // 0–9
        guard let first = bytes.first, first >= 64, first < 128, letters >> UInt64(first & 63) & 1 != 0 else { return false }
        for byte in bytes.dropFirst() {
            let table = byte < 64 ? digits : letters
            guard byte < 128, table >> UInt64(byte & 63) & 1 != 0 else { return false }
        }
        return true
    }
}
