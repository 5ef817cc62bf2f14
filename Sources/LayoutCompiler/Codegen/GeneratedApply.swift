extension GeneratedType {
    /// `layout.apply(header: headerView, chip: chipViews)`: the frames to views in one line.
    ///
    /// Frames are in the container's coordinates; a view passed for a node inside another node
    /// whose view was passed too is that view's subview by convention, so its frame is made
    /// relative to the nearest such view (docs/codegen.md). On AppKit, a frame is flipped against
    /// its superview's height unless that superview `isFlipped`.
    func writeApply(to out: inout SwiftSourceWriter, access: String) {
        // A function of thousands of parameters helps nobody and slows the compiler.
        guard !members.isEmpty, members.count <= 256 else { return }
        // Which members enclose others: their views' origins are what the others are relative to.
        let enclosingOnes = Set(members.compactMap(\.enclosing))
        // A file-level function: inside the type, a node named `Self` would shadow `Self.`.
        let place = "_\(typeName)_place"
        for (condition, view) in [("#if canImport(UIKit)", "UIView"), ("#elseif canImport(AppKit)", "NSView")] {
            out.line(condition)
            out.line()
            out.block("extension \(typeName)") { out in
                out.line("/// Sets the frame of each view given; array items set as many views as both have.")
                out.line("/// A view given for a node inside another node whose view is given too is taken to be")
                out.line("/// that view's subview: its frame is relative to it. Otherwise frames are the container's.")
                if members.contains(where: \.isOptional) {
                    out.line("/// A view of a hidden node (nil frame) is left alone: hide it or remove it yourself.")
                }
                if view == "NSView" {
                    out.line("/// A frame is flipped against its superview's height unless the superview `isFlipped`.")
                }
                out.line("@MainActor")
                let parameters = members.enumerated().map { index, member in
                    "\(SwiftSpelling.label(member.name)) view\(index): \(member.isArray ? "[\(view)] = []" : "\(view)? = nil")"
                }
                out.block("\(access)func apply(\(parameters.joined(separator: ", ")))") { out in
                    for (index, member) in members.enumerated() {
                        let name = "self.\(SwiftSpelling.identifier(member.name))"
                        let origin = member.enclosing.map { "origin\($0)" } ?? "CGPoint.zero"
                        switch (member.isArray, member.isOptional) {
                        case (true, false): out.line("for (view, frame) in Swift.zip(view\(index), \(name)) { \(place)(view, frame, \(origin)) }")
                        case (true, true): out.line("for (view, frame) in Swift.zip(view\(index), \(name) ?? []) { \(place)(view, frame, \(origin)) }")
                        case (false, false): out.line("if let view = view\(index) { \(place)(view, \(name), \(origin)) }")
                        case (false, true): out.line("if let view = view\(index), let frame = \(name) { \(place)(view, frame, \(origin)) }")
                        }
                        if enclosingOnes.contains(index) {
                            let frameOrigin = member.isOptional ? "(\(name)?.origin ?? \(origin))" : "\(name).origin"
                            out.line("let origin\(index) = view\(index) != nil ? \(frameOrigin) : \(origin)")
                        }
                    }
                }
            }
            out.line()
            out.line("@MainActor")
            out.block("private func \(place)(_ view: \(view), _ frame: CGRect, _ origin: CGPoint)") { out in
                    if view == "NSView" {
                        out.line("var frame = frame.offsetBy(dx: -origin.x, dy: -origin.y)")
                        out.block("if let superview = view.superview, !superview.isFlipped") { out in
                            out.line("frame.origin.y = superview.bounds.height - frame.origin.y - frame.size.height")
                        }
                        out.line("view.frame = frame")
                    } else {
                        out.line("view.frame = frame.offsetBy(dx: -origin.x, dy: -origin.y)")
                    }
            }
            out.line()
        }
        out.line("#endif")
    }
}
