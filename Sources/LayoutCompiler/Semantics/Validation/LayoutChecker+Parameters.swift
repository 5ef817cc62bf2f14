// docs/format.md §8.1: which numbers of the plan a parameter gave, and the checks that read a
// parameter's value, recorded for generated code (`PlanParameters`), which takes those numbers
// as arguments and runs the checks again with the values given.

extension LayoutChecker {
    /// Records the fields of node `id` that `property`'s parameters give (`parameterMarks`, one
    /// per number of the value in reading order).
    mutating func recordParameters(of property: Property, marks: [Int], id: Int, context: Context) {
        func mark(_ index: Int) -> Int? {
            index < marks.count && marks[index] >= 0 ? marks[index] : nil
        }
        func record(_ field: ParameterField, _ index: Int = 0) {
            if let parameter = mark(index) { parameterUses.record(node: id, field: field, parameter: parameter) }
        }
        if case .flowItem = context {
            // Kept for the item until its flow records it (`recordFlowItem`).
            switch property.key {
            case .width: currentItem.width = mark(0)
            case .height: currentItem.height = mark(0)
            case .size:
                currentItem.width = mark(0)
                currentItem.height = mark(1)
            case .aspect: currentItem.aspect = mark(0)
            default: break
            }
            return
        }
        switch property.key {
        case .width: record(.width)
        case .height: record(.height)
        case .size:
            record(.width, 0)
            record(.height, 1)
        case .percent: record(.percent)
        case .flexible: record(.flexible)
        case .padding:
            if case .list = property.value {
                record(.paddingTop, 0)
                record(.paddingLeading, 1)
                record(.paddingBottom, 2)
                record(.paddingTrailing, 3)
            } else {
                for field in [ParameterField.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing] { record(field) }
            }
        case .spacing:
            if case .list = property.value {
                record(.spacing, 0)
                record(.spacingVertical, 1)
            } else {
                record(.spacing)
                record(.spacingVertical)
            }
        case .margin: record(.margin)
        case .leading: record(.leading)
        case .trailing: record(.trailing)
        case .centerX: record(.centerX)
        case .top: record(.top)
        case .bottom: record(.bottom)
        case .centerY: record(.centerY)
        case .minWidth: record(.minWidth)
        case .maxWidth: record(.maxWidth)
        case .minHeight: record(.minHeight)
        case .maxHeight: record(.maxHeight)
        case .aspect: record(.aspect)
        case .shrink: record(.shrink)
        case .spaceBefore: record(.spaceBefore)
        case .spaceAfter: record(.spaceAfter)
        default: break
        }
    }

    /// The parameter that gave number `element` of the property's value, nil for a number
    /// written in the file.
    func parameter(of property: Property, element: Int = 0) -> Int? {
        guard let marks = property.parameterMarks, element < marks.count, marks[element] >= 0 else { return nil }
        return marks[element]
    }

    /// Records the range checks `checked` made of a parameter's value.
    mutating func recordRangeChecks(_ parameter: Int, _ property: Property, _ expected: String, limit: Double, allowNegative: Bool) {
        let location = property.valueLocation ?? property.location
        let value = ParameterCheck.Operand.parameter(parameter)
        recordCheck(.notFinite(value), .invalidValue, at: location) { ValidationMessages.notFinite(expected, $0[0]) }
        if !allowNegative {
            recordCheck(.negative(value), .invalidValue, at: location) { ValidationMessages.negative(expected, $0[0]) }
        }
        recordCheck(.tooLarge(value, limit: limit), .invalidValue, at: location) { ValidationMessages.tooLarge(expected, $0[0], limit: limit) }
    }

    /// A check with its message as parts around the values it writes (`ParameterCheck`).
    mutating func recordCheck(_ condition: ParameterCheck.Condition, _ code: DiagnosticCode, at location: SourceLocation,
                              message: ([Double]) -> String) {
        let (parts, values) = ParameterCheck.template(message)
        parameterUses.checks.append(ParameterCheck(condition: condition, code: code, location: location, messageParts: parts,
                                                   messageValues: values))
    }

    /// §8.1: Σ percent of a group's children, where a parameter gives one of them, checked
    /// again at run time (`percentOverflow` at the group).
    mutating func recordPercentSum(_ children: [PlanNode], horizontal: Bool, title: NodeTitle, at location: SourceLocation) {
        var operands: [ParameterCheck.Operand] = []
        var hasParameter = false
        for child in children {
            guard case .percent(let p) = horizontal ? child.width : child.height else { continue }
            if let parameter = parameterUses[node: child.id, field: .percent] {
                operands.append(.parameter(parameter))
                hasParameter = true
            } else {
                operands.append(.constant(p))
            }
        }
        guard hasParameter else { return }
        recordCheck(.sumAbove(operands, limit: 100 + 1e-9), .percentOverflow, at: location) {
            ValidationMessages.percentOverflow(title.description, total: $0[0])
        }
    }
}

extension ParameterCheck {
    /// Sentinels the message is made with, to find where its values go: exact binary fractions
    /// no message writes otherwise.
    static let sentinels = [918_273.640625, 564_738.296875]

    /// `message`'s text around the values it writes, and which value each gap takes.
    static func template(_ message: ([Double]) -> String) -> (parts: [String], values: [Int]) {
        var text = Substring(message(sentinels))
        let spelled = sentinels.map(NumberFormat.string)
        var parts: [String] = []
        var values: [Int] = []
        while true {
            var next: (range: Range<Substring.Index>, value: Int)?
            for (index, spelling) in spelled.enumerated() {
                if let range = text.firstRange(of: spelling), next.map({ range.lowerBound < $0.range.lowerBound }) ?? true {
                    next = (range, index)
                }
            }
            guard let next else { break }
            parts.append(String(text[..<next.range.lowerBound]))
            values.append(next.value)
            text = text[next.range.upperBound...]
        }
        parts.append(String(text))
        return (parts, values)
    }
}
