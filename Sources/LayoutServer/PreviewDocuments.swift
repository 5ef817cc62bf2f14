import LayoutCompiler

/// The JSON the page reads. Coordinates are the engine's, in points, in root coordinates.
enum PreviewDocuments {
    struct FileList: Encodable {
        var files: [File]
        struct File: Encodable {
            var id: String
            var path: String
            /// true for a file of constants only (a tokens file): listed as such, nothing to draw;
            /// left out otherwise.
            var constants: Bool?
        }
    }

    /// `PreviewPaint`, which the page draws with: attribute names to values.
    struct Paint: Encodable {
        var groupTints: [String]
        /// By kind ("group" without its fill, which is the tint at its depth), "flowElement".
        var shapes: [String: [String: String]]
        var labels: [String: String]
        var screen: [String: String]
        var safeArea: [String: String]
        var safeAreaEdge: [String: String]
        var atFault: [String: String]
        var wrapLine: [String: String]
        var shrunk: [String: String]

        static var preview: Paint {
            func table(_ attributes: PreviewPaint.Attributes) -> [String: String] {
                Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            }
            return Paint(
                groupTints: PreviewPaint.groupTints,
                shapes: ["group": table(PreviewPaint.groupOutline), "flow": table(PreviewPaint.flow), "overlay": table(PreviewPaint.overlay),
                         "flowElement": table(PreviewPaint.flowElement), "item": table(PreviewPaint.item)],
                labels: ["group": PreviewPaint.labelColor(kind: .hgroup, isFlowElement: false),
                         "flow": PreviewPaint.labelColor(kind: .flow, isFlowElement: false),
                         "overlay": PreviewPaint.labelColor(kind: .overlay, isFlowElement: false),
                         "flowElement": PreviewPaint.labelColor(kind: .item, isFlowElement: true),
                         "item": PreviewPaint.labelColor(kind: .item, isFlowElement: false)],
                screen: table(PreviewPaint.screen),
                safeArea: table(PreviewPaint.safeArea),
                safeAreaEdge: table(PreviewPaint.safeAreaEdge),
                atFault: table(PreviewPaint.atFault),
                wrapLine: table(PreviewPaint.wrapLine),
                shrunk: table(PreviewPaint.shrunk)
            )
        }
    }

    struct Message: Encodable {
        var severity: String
        /// The diagnostic code or lint rule.
        var code: String
        var message: String
        var line: Int
        var column: Int
        /// `PATH:LINE:COLUMN: error: MESSAGE [code]`, as the command line prints it.
        var formatted: String
    }

    struct Layout: Encodable {
        var name: String
        var line: Int
        var column: Int
        var valid: Bool
        var size: SizeValue?
        var safeArea: Insets?
        /// Optional nodes and items, which the page can hide.
        var optional: [String]
        /// Dynamic flow items (any number of element sizes).
        var dynamic: [String]
        /// Dynamic items outside flows (one content size).
        var content: [String]
        /// The content size the page starts each of `content` from: the first sample of
        /// `.layoutlint.yml` (`sizes:`, as lint's first run and `preview --all-devices`), for
        /// the items that have one (the others start at 120×44).
        var samples: [ContentSample]
        /// Wrap items (docs/format.md §7.1), each with the text the page starts from: the first
        /// sample of `.layoutlint.yml` (`wrap:`), else 200 wide in 20-pt lines.
        var wrap: [WrapText]
        /// The container sizes the layout computes (§7.3): "height", "width" or "both".
        var fit: String?
        /// The widths where a `when` variant (§7.4) appears or disappears: marks on the width slider.
        var breakpoints: [Double] = []

        /// Every node, depth-first in document order (`/api/frames` refers to them by index).
        var nodes: [TreeNode] = []
        /// The named items of flows, whose elements `layoutc frames` lists as `name[i]`.
        var items: [TreeItem] = []
        /// The flags of its `when`s (§8.7), in the order of first use: a checkbox each.
        var flags: [String] = []
        /// Its parameters (§8.1) with their defaults: a field each.
        var parameters: [ParameterValue] = []
    }

    struct ParameterValue: Encodable {
        var name: String
        var value: Double
    }

    /// What a node is whatever the size: the page puts the frames of `/api/frames` on it.
    struct TreeNode: Encodable {
        var name: String?
        var kind: String
        /// The parent's index; nil for the root.
        var parent: Int?
        var depth: Int
        var line: Int
        var column: Int
        /// A wrap item (§7.1).
        var wrap: Bool
    }

    struct TreeItem: Encodable {
        /// The flow's index in `nodes`.
        var flow: Int
        var name: String
        var line: Int
        var column: Int
    }

    /// A dynamic item's content size.
    struct ContentSample: Encodable {
        var name: String
        var width: Double
        var height: Double
    }

    /// A wrap item's text: one line `width` wide, lines `lineHeight` high.
    struct WrapText: Encodable {
        var name: String
        var width: Double
        var lineHeight: Double
    }

    struct LayoutFile: Encodable {
        var id: String
        /// The snapshot these layouts' `nodes` are from (`/api/frames` names its own).
        var snapshot: Int
        var path: String
        var syntax: String
        var layouts: [Layout]
        /// The compiler's static diagnostics.
        var diagnostics: [Message]
        /// `layoutc lint`'s findings across the device matrix.
        var lint: [Message]
    }

    struct SizeValue: Encodable {
        var width: Double
        var height: Double
    }

    struct Insets: Encodable {
        var top: Double
        var leading: Double
        var bottom: Double
        var trailing: Double
    }

    struct Node: Encodable {
        var id: Int
        var parent: Int?
        var depth: Int
        var name: String?
        var kind: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var line: Int
        var column: Int
        /// An element of a flow (`chip[2]`).
        var element: Bool
        /// The node the size's error is about.
        var atFault: Bool
        /// A wrap item's text (its lines are drawn in its frame): one line `width` wide, lines
        /// `lineHeight` high, `lines` at this frame's width.
        var text: NodeText? = nil
        /// A child that shrank (§7.2): the frame size it would have had.
        var unshrunk: SizeValue? = nil
    }

    struct NodeText: Encodable {
        var width: Double
        var lineHeight: Double
        var lines: Int
    }

    struct Failure: Encodable {
        var code: String
        var message: String
        var line: Int
        var column: Int
        var formatted: String
    }

    struct Frames: Encodable {
        var file: String
        var layout: String?
        var label: String?
        var size: SizeValue?
        var safeArea: Insets?
        /// Whether a node measures from the safe area (`safeArea: true`): else the page does
        /// not shade it (a fitted cell drawn at every device is not covered by a band it ignores).
        var usesSafeArea: Bool = true
        var direction: String
        /// The container sizes the layout computed (§7.3); `size` is then the fitted size.
        var fit: String? = nil
        /// With `fit`: false where the engine stopped before measuring it (`size` is then the one asked).
        var fitMeasured: Bool? = nil
        var nodes: [Node]
        /// Why the frames stop short, at this size; nil when the layout fits.
        var error: Failure?
        /// The `when` variants (§7.4) present at this width: "hgroup 'sideBySide' (W ≥ 600)".
        var variants: [String] = []
        /// Hidden names and sizes the layout does not have (after an edit removed them).
        var ignored: [String]
    }

    struct Matrix: Encodable {
        var file: String
        var layout: String?
        var panels: [Frames]
    }

    struct Problem: Encodable {
        var error: String
    }
}

extension PreviewDocuments.SizeValue {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension PreviewDocuments.Insets {
    init(_ insets: EdgeInsets) { self.init(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing) }
}
