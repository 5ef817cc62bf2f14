import Foundation
import LayoutCompiler
import Testing

/// A small JSON Schema validator: the keywords docs/lint-report.schema.json and
/// docs/frames.schema.json use (type, required, properties, additionalProperties, items, enum,
/// const, minimum, minLength, pattern).
func schemaErrors(_ value: Any, _ schema: [String: Any], at path: String = "$") -> [String] {
    var errors: [String] = []
    if let type = schema["type"] as? String {
        let ok: Bool
        switch type {
        case "object": ok = value is [String: Any]
        case "array": ok = value is [Any]
        case "string": ok = value is String
        case "integer": ok = !String(describing: Swift.type(of: value)).contains("Bool") && (value as? Int) != nil
        case "number": ok = !String(describing: Swift.type(of: value)).contains("Bool") && value is NSNumber
        default: ok = true
        }
        if !ok { return ["\(path): not \(type)"] }
    }
    if let constant = schema["const"] as? NSNumber, (value as? NSNumber) != constant { errors.append("\(path): not \(constant)") }
    if let constant = schema["const"] as? String, (value as? String) != constant { errors.append("\(path): not \(constant)") }
    if let pattern = schema["pattern"] as? String, let text = value as? String,
       text.range(of: pattern, options: .regularExpression) == nil { errors.append("\(path): does not match \(pattern)") }
    if let options = schema["enum"] as? [String], !options.contains(value as? String ?? "\u{0}") { errors.append("\(path): not one of \(options)") }
    if let minimum = schema["minimum"] as? Double, let number = value as? NSNumber, number.doubleValue < minimum { errors.append("\(path): below \(minimum)") }
    if let minLength = schema["minLength"] as? Int, let text = value as? String, text.count < minLength { errors.append("\(path): too short") }
    if let object = value as? [String: Any] {
        for key in schema["required"] as? [String] ?? [] where object[key] == nil { errors.append("\(path): missing \(key)") }
        let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
        for (key, child) in object {
            if let childSchema = properties[key] {
                errors += schemaErrors(child, childSchema, at: "\(path).\(key)")
            } else if schema["additionalProperties"] as? Bool == false {
                errors.append("\(path): unexpected \(key)")
            }
        }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
        for (index, element) in array.enumerated() { errors += schemaErrors(element, items, at: "\(path)[\(index)]") }
    }
    return errors
}

@Suite("lint reporters")
struct LintReporterTests {
    /// Two files' worth of findings: a warning on two devices, an error, a static warning, a
    /// message with characters every format must escape.
    static let report: LintReport = {
        let entries = [
            LintReport.Entry(path: "Screens/A.layout.yaml", diagnostic: LintDiagnostic(
                severity: .warning, rule: "collapsedChild", message: "item 'middle' is flexible but gets no width on iPhone SE (3rd generation) portrait (375×667)",
                location: SourceLocation(line: 8, column: 7), devices: ["iPhone SE (3rd generation) portrait (375×667)", "iPhone 13 mini portrait (375×812)"])),
            LintReport.Entry(path: "Screens/A.layout.yaml", diagnostic: LintDiagnostic(
                severity: .error, rule: "outOfSpace", message: "hgroup 'g' needs 420 pt, \"really\"\nsecond line: 100%",
                location: SourceLocation(line: 3, column: 3), devices: ["iPhone 16 portrait (393×852)"])),
            LintReport.Entry(path: "My Screens/B.layout", diagnostic: LintDiagnostic(
                severity: .warning, rule: "namingStyle", message: "layout name 'b_view' is not UpperCamelCase",
                location: SourceLocation(line: 1, column: 1))),
        ]
        return LintReport(entries: entries, fileCount: 2)
    }()

    @Test("xcode: PATH:LINE:COLUMN: warning: MESSAGE [rule]")
    func xcode() {
        let lines = Self.report.rendered(as: .xcode).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Screens/A.layout.yaml:8:7: warning: item 'middle' is flexible but gets no width on iPhone SE (3rd generation) portrait (375×667) [collapsedChild]")
        #expect(lines.contains("My Screens/B.layout:1:1: warning: layout name 'b_view' is not UpperCamelCase [namingStyle]"))
        #expect(Self.report.summary == "Linted 2 files: 1 error, 2 warnings.")
    }

    @Test("json validates against docs/lint-report.schema.json")
    func json() throws {
        let text = Self.report.rendered(as: .json)
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let schemaURL = CommandLine_.packageRoot.appendingPathComponent("docs/lint-report.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        #expect(schemaErrors(value, schema) == [])
        let object = try #require(value as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 2)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        // The newline was quoted when the diagnostic was made (DiagnosticText): one line each.
        #expect(diagnostics[1]["message"] as? String == "hgroup 'g' needs 420 pt, \"really\"\\nsecond line: 100%")
        #expect((diagnostics[0]["devices"] as? [String])?.count == 2)
        // The validator does catch a bad document.
        #expect(!schemaErrors(["version": 1, "files": -1, "diagnostics": [["line": 0]]], schema).isEmpty)
        // An empty report is valid too.
        let empty = try JSONSerialization.jsonObject(with: Data(LintReport(entries: [], fileCount: 0).rendered(as: .json).utf8))
        #expect(schemaErrors(empty, schema) == [])
    }

    @Test("github: workflow commands with escaped data and properties")
    func github() {
        let lines = Self.report.rendered(as: .github).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "::warning file=Screens/A.layout.yaml,line=8,col=7,title=layoutc lint%3A collapsedChild::item 'middle' is flexible but gets no width on iPhone SE (3rd generation) portrait (375×667)")
        #expect(lines[1] == "::error file=Screens/A.layout.yaml,line=3,col=3,title=layoutc lint%3A outOfSpace::hgroup 'g' needs 420 pt, \"really\"\\nsecond line: 100%25")
    }

    @Test("sarif: version 2.1.0, $schema, tool.driver with rules, located results")
    func sarif() throws {
        let text = Self.report.rendered(as: .sarif)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "layoutc")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs.count == rules.count)
        for name in LintRules.descriptors.map(\.name) + DiagnosticCode.allCases.map(\.rawValue) { #expect(ruleIDs.contains(name)) }
        #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(ruleIDs.contains(ruleID))
            if let index = result["ruleIndex"] as? Int { #expect(ruleIDs[index] == ruleID) }
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(URL(string: uri) != nil && !uri.contains(" "))
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
        }
        #expect(results[2]["level"] as? String == "warning")
        #expect((((results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String == "My%20Screens/B.layout")
    }

    @Test("every format is deterministic")
    func deterministic() {
        for format in LintReport.Format.allCases {
            #expect(Self.report.rendered(as: format) == Self.report.rendered(as: format))
        }
    }
}
