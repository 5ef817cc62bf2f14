import Testing
@testable import LayoutCompiler

@Suite struct KeyCatalogTests {
    /// The known-key table's first multiplier is perfect (else every process searches again).
    @Test func keyTableMultiplierIsPerfectForTheKnownKeys() {
        #expect(KeyCatalog.keyTable.isKnownMultiplier)
        #expect(KeyCatalog.keyTable.multiplier == KeyCatalog.KeyTable.knownMultiplier)
        for key in KeyCatalog.allKeys { #expect(KeyCatalog.lookup(key).keyClass != .unknown, "\(key)") }
    }
}
