import Testing
@testable import LayoutCompiler

/// `Property` keeps its rarely set fields in one shared box (issue 22): its size, and that each
/// field reads back what was set, alone or with the others, without touching a copy.
struct PropertyStorageTests {
    @Test func propertyAndLiteralStaySmall() {
        #expect(MemoryLayout<Property>.stride == 48)
        #expect(MemoryLayout<Literal>.size == 17)
    }

    @Test func rareFieldsReadBackWhatWasSet() {
        var property = Property(key: .dynamic, value: .string("wrapp"), location: SourceLocation(line: 3, column: 5))
        #expect(property.wordPlaces == nil)
        #expect(property.valueLocation == nil)
        #expect(property.entries == nil)

        property.wordPlaces = ("right after 'item'", "after 'title'")
        let before = property
        property.valueLocation = SourceLocation(line: 7, column: 9)
        property.entries = [MappingEntry(key: "minWidth", value: .number(600, isInteger: true), location: SourceLocation(line: 7, column: 12))]

        #expect(property.wordPlaces?.dynamic == "right after 'item'")
        #expect(property.wordPlaces?.wrap == "after 'title'")
        #expect(property.valueLocation == SourceLocation(line: 7, column: 9))
        #expect(property.entries?.map(\.key) == ["minWidth"])
        #expect(property.entries?.first?.location == SourceLocation(line: 7, column: 12))
        // The copy taken before keeps its own fields.
        #expect(before.wordPlaces?.dynamic == "right after 'item'")
        #expect(before.valueLocation == nil)
        #expect(before.entries == nil)

        property.wordPlaces = nil
        #expect(property.wordPlaces == nil)
        #expect(property.valueLocation == SourceLocation(line: 7, column: 9))
        #expect(property.entries?.count == 1)
    }

    @Test func aReferenceIsStillReadAsWritten() {
        let reference = ConstantReference(name: "gap", location: SourceLocation(line: 2, column: 14))
        let literal = Literal.reference(reference)
        guard case .reference(let read) = literal else {
            Issue.record("not a reference: \(literal)")
            return
        }
        #expect(read == reference)
        #expect(literal == .reference(ConstantReference(name: "gap", location: SourceLocation(line: 2, column: 14))))
        #expect(literal != .reference(ConstantReference(name: "gap", location: SourceLocation(line: 2, column: 15))))
        #expect(literal.summary == "'$gap'")
    }
}

/// The validator's one read of a node's keys.
struct PropertyKeySetTests {
    @Test func holdsExactlyTheKeysWritten() {
        let here = SourceLocation(line: 1, column: 1)
        let keys = PropertyKeySet([
            Property(key: .when, value: .mapping, location: here),
            Property(key: .count, value: .number(3, isInteger: true), location: here),
            Property(key: .width, value: .number(10, isInteger: true), location: here),
        ])
        #expect(PropertyKey.allCases.filter { keys.contains($0) } == [.width, .count, .when])
        let none = PropertyKeySet([])
        #expect(PropertyKey.allCases.allSatisfy { !none.contains($0) })
    }
}
