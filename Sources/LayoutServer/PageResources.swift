import Foundation
import HummingbirdCore

/// The page's static files, shipped as resources of this target and read once.
struct PageResources: Sendable {
    private let files: [String: (type: String, body: Data)]

    static let names: [(name: String, type: String)] = [
        ("index.html", "text/html; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("shapes.js", "text/javascript; charset=utf-8"),
        ("canvas.js", "text/javascript; charset=utf-8"),
        ("frames.js", "text/javascript; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
    ]

    init() {
        var files: [String: (String, Data)] = [:]
        for (name, type) in Self.names {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            if let url = Bundle.module.url(forResource: parts[0], withExtension: parts[1], subdirectory: "Page"),
               let data = try? Data(contentsOf: url) {
                files[name] = (type, data)
            }
        }
        self.files = files
    }

    func response(for name: String) -> Response {
        guard let file = files[name] else {
            return PreviewHandler.problem(.internalServerError, "the page's \(name) is missing from the installed resources")
        }
        return PreviewHandler.response(.ok, type: file.type, body: file.body)
    }
}
