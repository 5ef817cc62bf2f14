extension GeneratedType {
    /// `layout.apply(header: headerView, chip: chipViews)`: the frames to views in one line.
    func writeApply(to out: inout SwiftSourceWriter, access: String) {
        // A function of thousands of parameters helps nobody and slows the compiler.
        guard !members.isEmpty, members.count <= 256 else { return }
        for (condition, view) in [("#if canImport(UIKit)", "UIView"), ("#elseif canImport(AppKit)", "NSView")] {
            out.line(condition)
            out.line()
            out.block("extension \(typeName)") { out in
                out.line("/// Sets the frame of each view given; array items set as many views as both have.")
                out.line("@MainActor")
                let parameters = members.enumerated().map { index, member in
                    "\(SwiftSpelling.label(member.name)) view\(index): \(member.isArray ? "[\(view)] = []" : "\(view)? = nil")"
                }
                out.block("\(access)func apply(\(parameters.joined(separator: ", ")))") { out in
                    for (index, member) in members.enumerated() {
                        let name = "self.\(SwiftSpelling.identifier(member.name))"
                        out.line(member.isArray
                            ? "for (view, frame) in zip(view\(index), \(name)) { view.frame = frame }"
                            : "view\(index)?.frame = \(name)")
                    }
                }
            }
            out.line()
        }
        out.line("#endif")
    }
}
