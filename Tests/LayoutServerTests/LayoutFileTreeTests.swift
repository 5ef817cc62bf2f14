import Foundation
@testable import LayoutServer
import Testing

/// Which ids a request may name (`LayoutFileTree.resolve`): plain relative paths to layout files
/// inside the root, not hidden, not in DerivedData, not reached through a link to a folder or out
/// of the root; and the file's `stat` comes back with the entry (a snapshot's freshness).
@Suite("layoutc serve: resolving a file's id")
struct LayoutFileTreeTests {
    @Test func plainRelativePaths() {
        for id in ["Tags.layout", "a/b/Card.layout.yaml", "a b/ü.layout"] {
            #expect(LayoutFileTree.isPlainRelativePath(id), "\(id)")
        }
        for id in ["", "/Tags.layout", "a//b.layout", "a/./b.layout", "../b.layout", "a/..", "a/", "a\\b.layout", "a\u{0}b.layout"] {
            #expect(!LayoutFileTree.isPlainRelativePath(id), "\(id)")
        }
    }

    @Test func idsResolveInsideTheRootOnlyAndBringTheirStat() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)").path
        let outside = root + "-outside"
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let files = FileManager.default
        for folder in [root + "/screens", root + "/.hidden", root + "/DerivedData", outside] {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [root + "/Tags.layout", root + "/screens/Card.layout", root + "/.hidden/A.layout", root + "/DerivedData/B.layout", outside + "/C.layout"] {
            #expect(files.createFile(atPath: file, contents: Data("layout T:\n".utf8)))
        }
        try files.createSymbolicLink(atPath: root + "/Inside.layout", withDestinationPath: root + "/Tags.layout")
        try files.createSymbolicLink(atPath: root + "/Out.layout", withDestinationPath: outside + "/C.layout")
        try files.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/screens")

        let tree = LayoutFileTree(paths: [root])
        var status = stat()
        let entry = try #require(tree.resolve("screens/Card.layout", status: &status))
        #expect(entry.path.hasSuffix("/screens/Card.layout"))
        #expect(status.st_size == 10)
        #expect((status.st_mode & S_IFMT) == S_IFREG)
        #expect(tree.resolve("Inside.layout") != nil)
        for id in ["Out.layout", "linked/Card.layout", ".hidden/A.layout", "DerivedData/B.layout", "Missing.layout", "screens"] {
            #expect(tree.resolve(id) == nil, "\(id)")
        }
        // Checked again at read time: a file replaced by a link out of the root, or by a folder.
        try files.removeItem(atPath: root + "/Tags.layout")
        try files.createSymbolicLink(atPath: root + "/Tags.layout", withDestinationPath: outside + "/C.layout")
        #expect(tree.resolve("Tags.layout") == nil)
        #expect(tree.resolve("Inside.layout") == nil)
        try files.removeItem(atPath: root + "/screens/Card.layout")
        try files.createDirectory(atPath: root + "/screens/Card.layout", withIntermediateDirectories: false)
        #expect(tree.resolve("screens/Card.layout") == nil)
    }
}
