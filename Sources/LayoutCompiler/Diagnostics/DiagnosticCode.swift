/// The diagnostic codes of docs/format.md §4.7, printed in brackets after each message.
public enum DiagnosticCode: String, CaseIterable, Sendable, Codable {
    case syntax
    case unknownKey
    case invalidValue
    case duplicateName
    case invalidName
    case conflictingSize
    case conflictingConstraints
    case percentOverflow
    case missingKey
    case misplacedKey
    case itemIncomplete
    case outOfSpace
}

