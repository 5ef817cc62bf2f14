/// A `}` of the text form at a column left of the line that opened its block: it was most
/// likely written for an outer block, and the block it closes is the one missing its `}`.
struct MisindentedClose {
    /// The block it closes, as messages name it (`hgroup 'top'`).
    var owner: String
    /// Where that block's construct starts.
    var open: SourceLocation
    /// Where the `}` is.
    var close: SourceLocation
}
