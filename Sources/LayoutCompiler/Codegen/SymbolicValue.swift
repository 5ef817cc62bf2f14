/// A number in generated code: a constant folded at generation time, or a local of the
/// `SymbolicProgram` (an expression over the initializer's parameters and earlier locals).
enum SymbolicValue {
    case constant(Double)
    case local(Int)

    var constant: Double? {
        if case .constant(let value) = self { return value }
        return nil
    }

    /// Identifies the value exactly: two values with one key always hold the same bits.
    var key: String {
        switch self {
        case .constant(let value): return "c\(value.bitPattern)"
        case .local(let id): return "l\(id)"
        }
    }
}

/// Swift source text with values in it. Values stay values until the program is printed, so
/// the printer decides whether each is written as a local's name or inline.
struct SwiftCode: ExpressibleByStringInterpolation {
    enum Piece {
        case text(String)
        case value(SymbolicValue)
    }

    var pieces: [Piece] = []

    init(stringLiteral value: String) {
        pieces = [.text(value)]
    }

    init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { pieces.append(.text(literal)) }
        }

        mutating func appendInterpolation(_ value: SymbolicValue) {
            pieces.append(.value(value))
        }

        /// Raw source text (a name, a literal already spelled).
        mutating func appendInterpolation(_ text: String) {
            pieces.append(.text(text))
        }

        mutating func appendInterpolation(_ number: Int) {
            pieces.append(.text(String(number)))
        }

        mutating func appendInterpolation(_ code: SwiftCode) {
            pieces.append(contentsOf: code.pieces)
        }
    }

    /// The locals this code reads.
    var locals: [Int] {
        pieces.compactMap { piece in
            if case .value(.local(let id)) = piece { return id }
            return nil
        }
    }

    /// Identifies the code exactly (constants by their bits, locals by id).
    var key: String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .value(let value): result += "\u{1}" + value.key + "\u{1}"
            }
        }
        return result
    }

    static func + (lhs: SwiftCode, rhs: SwiftCode) -> SwiftCode {
        var result = lhs
        result.pieces += rhs.pieces
        return result
    }
}
