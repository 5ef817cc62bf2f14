// A node's width and height from its size keys.

extension LayoutChecker {
    // MARK: Sizes

    /// The key that gave a node its size on one axis, and that size. A struct, not a tuple: an
    /// optional tuple is copied and destroyed through the runtime's generic tuple functions,
    /// twice an axis for every node (issue 22).
    struct ChosenSize {
        let mark: KeyMark
        let size: AxisSize
    }

    /// Decides the node's width and height from its size keys, reporting two sizes on one axis.
    /// Takes `property` as the node's size on one axis if it is one, reporting a second size
    /// on an axis that already has one (`conflictingSize` at the later key).
    mutating func size(_ property: Property, _ value: Value, horizontal: Bool, isMain: Bool, title: NodeTitle,
                       chosen: inout ChosenSize?) {
        let size: AxisSize
        switch (property.key, value) {
        case (.width, .dimension(let d)) where horizontal, (.height, .dimension(let d)) where !horizontal:
            if case .flexible = d, !isMain { size = .fill } else { size = d }
        case (.size, .pair(let w, let h)):
            size = .fixed(horizontal ? w : h)
        case (.percent, .number(let p)) where isMain:
            size = .percent(p)
        case (.flexible, .number(let w)) where isMain:
            size = .flexible(w)
        default:
            return
        }
        if let first = chosen {
            diagnostics.error(.conflictingSize, ValidationMessages.secondSize(property.key.rawValue, of: title.description, horizontal: horizontal,
                                                                  first: first.mark.key.rawValue, at: first.mark.location),
                              at: property.location)
        } else {
            chosen = ChosenSize(mark: KeyMark(key: property.key, location: property.location), size: size)
        }
    }

    func apply(_ value: Value, of property: Property, to plan: inout NodeAttributes) {
        switch (property.key, value) {
        case (.padding, .insets(let insets)): plan.padding = insets
        case (.spacing, .pair(let h, let v)): plan.spacing = (h, v)
        case (.margin, .number(let m)): plan.margin = m
        case (.align, .alignment(let a)): plan.align = a
        case (.justify, .bool(let b)): plan.justify = b
        case (.leading, .number(let n)): plan.leading = n
        case (.trailing, .number(let n)): plan.trailing = n
        case (.centerX, .number(let n)): plan.centerX = n
        case (.top, .number(let n)): plan.top = n
        case (.bottom, .number(let n)): plan.bottom = n
        case (.centerY, .number(let n)): plan.centerY = n
        case (.center, .bool(true)):
            plan.centerX = plan.centerX ?? 0
            plan.centerY = plan.centerY ?? 0
        case (.safeArea, .bool(let b)): plan.safeArea = b
        case (.optional, .bool(let b)): plan.isOptional = b
        case (.minWidth, .number(let n)): plan.minWidth = n
        case (.maxWidth, .number(let n)): plan.maxWidth = n
        case (.minHeight, .number(let n)): plan.minHeight = n
        case (.maxHeight, .number(let n)): plan.maxHeight = n
        case (.aspect, .number(let r)): plan.aspect = r
        case (.shrink, .number(let s)): plan.shrink = s
        case (.alignSelf, .alignment(let a)): plan.alignSelf = a
        case (.spaceBefore, .number(let a)): plan.spaceBefore = a
        case (.spaceAfter, .number(let b)): plan.spaceAfter = b
        default: break
        }
    }
}
