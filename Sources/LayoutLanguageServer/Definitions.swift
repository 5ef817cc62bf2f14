import Foundation
import LayoutCompiler

/// Go to definition of a layout name: the `layout` that declares it, in the open documents and
/// the layout files of the document's folder.
enum Definitions {
    static func locations(of name: String, from document: OpenDocument, open: [OpenDocument]) -> [Location] {
        var found: [Location] = []
        var seen = Set<String>()
        for candidate in [document] + open where seen.insert(candidate.uri).inserted {
            found += declarations(of: name, bytes: candidate.bytes, syntax: candidate.syntax, uri: candidate.uri, document: candidate)
        }
        let path = OpenDocument.path(of: document.uri)
        guard path.hasPrefix("/") else { return found }
        let folder = (path as NSString).deletingLastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(SourceSyntax.isLayoutFile).sorted()
        for file in names {
            let full = folder + "/" + file
            let uri = URL(fileURLWithPath: full).absoluteString
            guard !seen.contains(uri), !seen.contains("file://" + full) else { continue }
            var status = stat()
            guard stat(full, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= OpenDocument.maximumSize,
                  let data = FileManager.default.contents(atPath: full) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let other = OpenDocument(uri: uri, version: 0, text: text, languageId: nil)
            found += declarations(of: name, bytes: other.bytes, syntax: other.syntax, uri: uri, document: other)
        }
        return found
    }

    static func declarations(of name: String, bytes: [UInt8], syntax: SourceSyntax, uri: String, document: OpenDocument) -> [Location] {
        let (file, _) = LayoutSource.parse(bytes, syntax: syntax)
        return file.layouts.compactMap { layout in
            guard layout.name == .string(name) else { return nil }
            // The name's own range: the word after the `layout` keyword (or key) on its line.
            let keyword = document.range(at: layout.location)
            let line = document.lineText(keyword.start.line)
            if let found = line.range(of: name, range: line.utf16.index(line.startIndex, offsetBy: min(line.utf16.count, keyword.end.character))..<line.endIndex) {
                let start = line.utf16.distance(from: line.startIndex, to: found.lowerBound)
                return Location(uri: uri, range: Range(start: Position(line: keyword.start.line, character: start),
                                                       end: Position(line: keyword.start.line, character: start + name.utf16.count)))
            }
            return Location(uri: uri, range: keyword)
        }
    }
}
