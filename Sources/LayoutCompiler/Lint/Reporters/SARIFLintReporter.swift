/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), what GitHub code scanning
/// and other tools read: one run of the `layoutc` driver with every rule described, and one
/// result per diagnostic located at its file, line and column.
enum SARIFLintReporter {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static func render(_ report: LintReport) -> String {
        let rules = LintReport.allRules
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
        var out = TextBuffer(capacity: 512 * report.entries.count + 4096)
        out.write("{\n  \"$schema\": ")
        out.write(jsonString: schema)
        out.write(",\n  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"layoutc\", \"version\": ")
        out.write(jsonString: report.toolVersion)
        out.write(", \"informationUri\": \"https://github.com/layoutc/layoutc\", \"rules\": [")
        for (index, rule) in rules.enumerated() {
            out.write(index == 0 ? "\n      {\"id\": " : ",\n      {\"id\": ")
            out.write(jsonString: rule.id)
            out.write(", \"name\": ")
            out.write(jsonString: rule.id)
            out.write(", \"shortDescription\": {\"text\": ")
            out.write(jsonString: LintReport.summary(ofRule: rule.id))
            out.write("}, \"defaultConfiguration\": {\"level\": ")
            out.write(jsonString: rule.defaultLevel)
            out.write("}}")
        }
        out.write("\n    ]}},\n    \"columnKind\": \"unicodeCodePoints\",\n    \"results\": [")
        for (index, entry) in report.entries.enumerated() {
            let d = entry.diagnostic
            out.write(index == 0 ? "\n      {\"ruleId\": " : ",\n      {\"ruleId\": ")
            out.write(jsonString: d.rule)
            if let position = ruleIndex[d.rule] {
                out.write(", \"ruleIndex\": ")
                out.write(number: Double(position))
            }
            out.write(", \"level\": ")
            out.write(jsonString: d.severity == .error ? "error" : "warning")
            out.write(", \"message\": {\"text\": ")
            out.write(jsonString: d.message)
            out.write("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ")
            out.write(jsonString: uri(entry.path))
            out.write("}, \"region\": {\"startLine\": ")
            out.write(number: Double(d.location.line))
            out.write(", \"startColumn\": ")
            out.write(number: Double(d.location.column))
            out.write("}}}]")
            if !d.devices.isEmpty {
                out.write(", \"properties\": {\"devices\": [")
                for (deviceIndex, device) in d.devices.enumerated() {
                    if deviceIndex > 0 { out.write(", ") }
                    out.write(jsonString: device)
                }
                out.write("]}")
            }
            out.write("}")
        }
        out.write(report.entries.isEmpty ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n")
        return out.string
    }

    /// A relative URI reference for a path: `/`-separated, everything but unreserved
    /// characters and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
            }
        }
        return out
    }
}
