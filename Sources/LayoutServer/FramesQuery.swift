import LayoutCompiler
import LayoutRuntime

/// What a frames request asks, from its query string: which layout, at which container size
/// and safe area, in which direction, with which optional nodes hidden, which sizes for the
/// dynamic items and which texts for the wrap items (one line W wide, lines L high, as `--wrap`
/// gives them). A value that cannot be read is a `QueryError` (400).
///
///     layout=Tags&width=390&height=844&safeArea=59,0,34,0&direction=rtl&hide=badge,subtitle
///     &sizes=chip:60x30,80x30;avatar:44x44&wrap=message:700x18;name:200x20&flag=compact,dark
///     &param=inset:8;thumb:80&scale=3
struct FramesQuery: Sendable {
    var layout: String?
    var size: Size?
    var safeArea: EdgeInsets?
    var direction: LayoutDirection = .leftToRight
    var hidden: [String] = []
    /// The flags of `when` on (docs/format.md §8.7), as `--flag` turns them on.
    var flags: [String] = []
    var dynamicSizes: [String: [Size]] = [:]
    var textModels: [String: LayoutTextModel] = [:]
    /// Values for the layout's parameters (docs/format.md §8.1), as `--param` gives them.
    var parameters: [String: Double] = [:]
    /// The pixel grid of the single size (docs/format.md §8.2), as `--scale`; the device
    /// matrix's panels keep each device's own.
    var scale: Double?
    /// `page=1`: the preview page's own line follows the command's bytes (`FramesAnswer`).
    var forPage = false

    /// The largest container side and element count taken (a browser never asks for more).
    static let maximumSide = 100_000.0
    static let maximumElements = 10_000

    struct QueryError: Error, Equatable {
        var message: String
    }

    init(_ items: [String: String]) throws {
        layout = items["layout"].flatMap { $0.isEmpty ? nil : $0 }
        forPage = items["page"] == "1"
        let width = try items["width"].map { try Self.side($0, "width") }
        let height = try items["height"].map { try Self.side($0, "height") }
        switch (width, height) {
        case let (width?, height?): size = Size(width: width, height: height)
        case (nil, nil): size = nil
        default: throw QueryError(message: "give both width and height, or neither")
        }
        if let text = items["safeArea"], !text.isEmpty {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else { throw QueryError(message: "safeArea takes four numbers: top,leading,bottom,trailing") }
            let values = try parts.map { try Self.side($0, "safeArea") }
            safeArea = EdgeInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
        }
        if let text = items["direction"], !text.isEmpty {
            guard let value = LayoutDirection(rawValue: text) else { throw QueryError(message: "direction is ltr or rtl, not '\(text)'") }
            direction = value
        }
        if let text = items["hide"], !text.isEmpty {
            hidden = text.split(separator: ",").map(String.init)
        }
        if let text = items["flag"], !text.isEmpty {
            var seen = Set<String>()
            flags = text.split(separator: ",").map(String.init).filter { seen.insert($0).inserted }
        }
        if let text = items["param"], !text.isEmpty {
            for group in text.split(separator: ";") {
                let pair = group.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, !pair[0].isEmpty, let value = RunTimeNumber.decimal(pair[1]) else {
                    throw QueryError(message: "param is NAME:NUMBER;NAME:NUMBER with decimal numbers, not '\(group.prefix(40))'")
                }
                let name = String(pair[0])
                guard parameters[name] == nil else { throw QueryError(message: "the value of '\(name)' is given twice") }
                guard parameters.count < Self.maximumElements else { throw QueryError(message: "at most \(Self.maximumElements) parameters") }
                parameters[name] = value
            }
        }
        if let text = items["scale"], !text.isEmpty {
            guard let value = RunTimeNumber.decimal(text), value > 0, value <= 16 else {
                throw QueryError(message: "scale takes a decimal number above 0 and up to 16, not '\(text.prefix(40))'")
            }
            scale = value
        }
        if let text = items["sizes"], !text.isEmpty {
            var total = 0
            for group in text.split(separator: ";") {
                let pair = group.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, !pair[0].isEmpty else { throw QueryError(message: "sizes are NAME:WxH,WxH;NAME:WxH") }
                let name = String(pair[0])
                guard dynamicSizes[name] == nil else { throw QueryError(message: "sizes for '\(name)' are given twice") }
                var sizes: [Size] = []
                for part in pair[1].split(separator: ",") {
                    let wh = part.split(separator: "x", omittingEmptySubsequences: false)
                    guard wh.count == 2 else { throw QueryError(message: "a size is WxH, not '\(part)'") }
                    sizes.append(Size(width: try Self.side(String(wh[0]), "sizes"), height: try Self.side(String(wh[1]), "sizes")))
                }
                total += sizes.count
                guard total <= Self.maximumElements else { throw QueryError(message: "at most \(Self.maximumElements) sizes") }
                dynamicSizes[name] = sizes
            }
        }
        if let text = items["wrap"], !text.isEmpty {
            for group in text.split(separator: ";") {
                let pair = group.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let parts = pair.count == 2 ? pair[1].split(separator: "x", omittingEmptySubsequences: false) : []
                let expected = "wrap is NAME:WxL;NAME:WxL (one-line width x line height), or NAME:WxLxN with a line limit N from 1"
                guard pair.count == 2, !pair[0].isEmpty, parts.count == 2 || parts.count == 3 else {
                    throw QueryError(message: expected)
                }
                var lineLimit: Int?
                if parts.count == 3 {
                    guard let limit = RunTimeNumber.lineLimit(parts[2]) else { throw QueryError(message: expected) }
                    lineLimit = limit
                }
                let name = String(pair[0])
                guard textModels[name] == nil else { throw QueryError(message: "the text of '\(name)' is given twice") }
                guard textModels.count < Self.maximumElements else { throw QueryError(message: "at most \(Self.maximumElements) texts") }
                textModels[name] = LayoutTextModel(width: try Self.side(String(parts[0]), "wrap"), lineHeight: try Self.side(String(parts[1]), "wrap"),
                                                   maxLines: lineLimit)
            }
        }
    }

    /// A finite, non-negative number of points within the limit.
    static func side(_ text: String, _ name: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0, value <= maximumSide else {
            throw QueryError(message: "\(name) takes numbers from 0 to \(Int(maximumSide)), not '\(text.prefix(40))'")
        }
        return value
    }
}
