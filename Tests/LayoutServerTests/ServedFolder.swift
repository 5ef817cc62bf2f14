import Foundation
@testable import LayoutServer

/// A folder of layout files served on an ephemeral port: what most serve tests start from.
struct ServedFolder {
    let root: String
    let server: PreviewServer
    let port: UInt16
    /// Whether `stop` removes `root` (a folder `temporary` made).
    private let isTemporary: Bool

    /// A new temporary folder, `prefix` and a UUID, holding `files` (name → text), served.
    static func temporary(_ prefix: String, files: [String: String] = [:], headTimeout: Duration = .seconds(5)) async throws -> ServedFolder {
        let root = NSTemporaryDirectory() + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        do {
            for (name, text) in files { try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8) }
            let server = PreviewServer(paths: [root], port: 0, headTimeout: headTimeout)
            return ServedFolder(root: root, server: server, port: try await server.start(), isTemporary: true)
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            throw error
        }
    }

    /// A folder as it is (the package's layouts/), served.
    static func existing(_ root: String) async throws -> ServedFolder {
        let server = PreviewServer(paths: [root], port: 0)
        return ServedFolder(root: root, server: server, port: try await server.start(), isTemporary: false)
    }

    /// Stops the server, then removes a temporary folder, without waiting (for a `defer`).
    func stop() {
        let (server, root, isTemporary) = (server, root, isTemporary)
        Task {
            await server.stop()
            if isTemporary { try? FileManager.default.removeItem(atPath: root) }
        }
    }
}
