#if canImport(CoreGraphics)
import CoreGraphics
#else
import Foundation
#endif

extension LayoutTextModel {
    /// `size(at:)` as a measure function, for generated code's parameter.
    public func measure(_ width: CGFloat) -> CGSize {
        CGSize(size(at: Double(width)))
    }
}
