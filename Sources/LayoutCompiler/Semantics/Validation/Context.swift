/// Where a node stands decides which keys apply to it.
enum Context {
    case root
    case groupChild(horizontal: Bool)
    case overlayChild
    case flowItem

    var name: String {
        switch self {
        case .root: return ValidationMessages.rootPlace
        case .groupChild(let horizontal): return ValidationMessages.groupChildPlace(horizontal: horizontal)
        case .overlayChild: return ValidationMessages.overlayChildPlace
        case .flowItem: return ValidationMessages.flowItemPlace
        }
    }
}
