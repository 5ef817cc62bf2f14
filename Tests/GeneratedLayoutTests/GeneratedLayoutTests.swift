import Foundation
import LayoutCompiler
import LayoutRuntime
import Testing

/// The checked-in golden sources in Expected/ (the generator's output for layouts/, kept current
/// by SwiftCodeGeneratorTests) compiled as ordinary Swift and run: their frames and errors
/// must be the engine's, bit for bit.
@Suite("generated code of layouts/")
struct GeneratedLayoutTests {
    static let layouts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("layouts")

    /// The imports of layouts/, read from disk as layoutc reads them.
    static let imports = ConstantImports { path in
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.init("cannot be read")) }
        return .success(Array(data))
    }

    /// The engine's frames for the file's single layout; without `safeArea`, at the layout's own
    /// `safeArea:` (as `layoutc frames` without `--safe-area`).
    static func engine(_ file: String, size: CGSize, safeArea: LayoutInsets? = nil, sizes: [String: [CGSize]] = [:],
                       hidden: Set<String> = [], direction: LayoutDirection = .leftToRight,
                       flags: Set<String> = []) throws -> Result<[(String, CGRect)], LayoutError> {
        let url = layouts.appendingPathComponent(file)
        let bytes = Array(try Data(contentsOf: url))
        // Profile and ProfileAdaptive import Tokens.layout.yaml, read relative to the file.
        let compiled = LayoutCompiler.compile(bytes, syntax: .yaml, context: .init(path: url.path, imports: imports))
        let plan = try #require(compiled.plans.first ?? nil)
        let environment = LayoutEngine.Environment(
            size: Size(width: Double(size.width), height: Double(size.height)),
            safeArea: safeArea.map { EdgeInsets(top: $0.top, leading: $0.leading, bottom: $0.bottom, trailing: $0.trailing) } ?? plan.defaultSafeArea ?? .zero,
            dynamicSizes: sizes.mapValues { $0.map { Size(width: Double($0.width), height: Double($0.height)) } },
            hidden: hidden, direction: direction, flags: flags)
        return LayoutCompiler.frames(for: plan, in: environment).map { frames in
            frames.map { ($0.name, CGRect(x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height)) }
        }
    }

    /// A generated value's frames in declaration order, which is the engine's order (a hidden
    /// node's nil frame is left out, as the engine leaves it out).
    static func frames(of layout: Any) -> [(String, CGRect)] {
        Mirror(reflecting: layout).children.flatMap { child -> [(String, CGRect)] in
            let name = (child.label ?? "?").replacingOccurrences(of: "`", with: "")
            if let rect = child.value as? CGRect { return [(name, rect)] }
            if let rects = child.value as? [CGRect] { return rects.enumerated().map { ("\(name)[\($0.offset)]", $0.element) } }
            return []
        }
    }

    static func expectSame(_ generated: Any, _ engine: Result<[(String, CGRect)], LayoutError>, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .success(let expected) = engine else {
            Issue.record("the engine failed: \(engine)", sourceLocation: sourceLocation)
            return
        }
        let actual = frames(of: generated)
        #expect(actual.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(actual.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
    }

    static let phone = CGSize(width: 390, height: 844)
    static let notch = LayoutInsets(top: 59, leading: 0, bottom: 34, trailing: 0)

    @Test("an item that can be hidden: its content size is needed only where it is shown")
    func requiredWhereShown() throws {
        let missing = LayoutRuntimeError.itemIncomplete("dynamic item 'badge' has no content size; give it at run time", file: "Opt.layout", line: 4, column: 5)
        #expect(try LayoutRuntimeError.required(CGSize?.none, shown: false, placeholder: CGSize.zero, missing) == .zero)
        #expect(try LayoutRuntimeError.required(CGSize(width: 3, height: 4), shown: true, placeholder: CGSize.zero, missing) == CGSize(width: 3, height: 4))
        #expect(throws: missing) { try LayoutRuntimeError.required(CGSize?.none, shown: true, placeholder: CGSize.zero, missing) }
    }

    @Test("Player: every node kind, a dynamic item, the safe area")
    func player() throws {
        let extra = [CGSize(width: 100, height: 30), CGSize(width: 120, height: 30)]
        let layout = try PlayerLayout(size: Self.phone, safeArea: Self.notch, extra: extra)
        Self.expectSame(layout, try Self.engine("Player.layout.yaml", size: Self.phone, safeArea: Self.notch, sizes: ["extra": extra]))
        #expect(layout.chip.count == 12)
        #expect(layout.extra.count == 2)
        #expect(layout.close == CGRect(x: 328, y: 722, width: 44, height: 44))
    }

    @Test("without safeArea:, the initializers use the layout's own safeArea:, like layoutc frames")
    func defaultSafeArea() throws {
        // Toolbar's root is measured from the safe area, and the file says safeArea: [59, 0, 34, 0].
        let defaulted = try ToolbarLayout(size: Self.phone)
        #expect(defaulted == (try ToolbarLayout(size: Self.phone, safeArea: Self.notch)))
        Self.expectSame(defaulted, try Self.engine("Toolbar.layout.yaml", size: Self.phone))
        #expect(defaulted.main == CGRect(x: 0, y: 59, width: 390, height: 751))
        #expect(try ToolbarLayout(size: Self.phone, safeArea: .zero).main == CGRect(x: 0, y: 0, width: 390, height: 844))
        let moved = try ToolbarLayout(bounds: CGRect(x: 0, y: 10, width: 390, height: 844))
        #expect(moved.main == CGRect(x: 0, y: 69, width: 390, height: 751))
    }

    @Test("Player too small: the engine's outOfSpace, message and location")
    func playerTooSmall() throws {
        let size = CGSize(width: 100, height: 300)
        var caught: LayoutRuntimeError?
        do {
            _ = try PlayerLayout(size: size, extra: [])
        } catch {
            caught = error  // typed: LayoutRuntimeError
        }
        let error = try #require(caught)
        guard case .failure(let engineError) = try Self.engine("Player.layout.yaml", size: size, sizes: ["extra": []]) else {
            Issue.record("the engine found room")
            return
        }
        #expect(error.code.rawValue == engineError.code.rawValue)
        #expect(error.message == engineError.message)
        #expect(error.message == "vgroup 'main' needs 922 pt but has 300 pt at 100×300")
        #expect((error.line, error.column) == (engineError.location.line, engineError.location.column))
        #expect(error.description == "Player.layout.yaml:19:3: error: vgroup 'main' needs 922 pt but has 300 pt at 100×300 [outOfSpace]")
    }

    @Test("the other examples at their default size and at an iPad size")
    func examples() throws {
        for size in [Self.phone, CGSize(width: 1024, height: 1366)] {
            Self.expectSame(try ToolbarLayout(size: size, safeArea: Self.notch), try Self.engine("Toolbar.layout.yaml", size: size, safeArea: Self.notch))
            Self.expectSame(try TagsLayout(size: size), try Self.engine("Tags.layout.yaml", size: size))
            Self.expectSame(try JustifiedTagsLayout(size: size), try Self.engine("JustifiedTags.layout.yaml", size: size))
            Self.expectSame(try LoadingOverlayLayout(size: size, safeArea: Self.notch), try Self.engine("LoadingOverlay.layout.yaml", size: size, safeArea: Self.notch))
            Self.expectSame(try SoftimageLayout(size: size), try Self.engine("Softimage.layout.yaml", size: size))
            Self.expectSame(try DepthOfFieldLayout(size: size), try Self.engine("DepthOfField.layout.yaml", size: size))
        }
    }

    @Test("Profile (docs/format.md §6): content sizes, the optional badge shown and hidden, both directions, phone and iPad")
    func profile() throws {
        let name = CGSize(width: 140, height: 24), bio = CGSize(width: 358, height: 96)
        for size in [Self.phone, CGSize(width: 1024, height: 1366)] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                for shown in [true, false] {
                    let layout = try ProfileLayout(size: size, name: name, bio: bio, showVerified: shown, direction: direction)
                    Self.expectSame(layout, try Self.engine("Profile.layout.yaml", size: size, sizes: ["name": [name], "bio": [bio]],
                                                            hidden: shown ? [] : ["verified"], direction: direction))
                    #expect((layout.verified != nil) == shown)
                }
            }
        }
        // layoutc frames Profile.layout.yaml --sizes name=140x24 --sizes bio=358x96 [--hide verified]
        let shown = try ProfileLayout(size: Self.phone, name: name, bio: bio)
        #expect(shown.verified == CGRect(x: 252, y: 101, width: 20, height: 20))
        let hidden = try ProfileLayout(size: Self.phone, name: name, bio: bio, showVerified: false)
        #expect(hidden.verified == nil)
        #expect(hidden.name == shown.name)
        #expect(try ProfileLayout(bounds: CGRect(x: 0, y: 10, width: 390, height: 844), name: name, bio: bio, showVerified: false).verified == nil)
    }

    @Test("CompactCard (docs/format.md §8.7): one Bool per flag, default off; the variants a flag splits are one non-optional property")
    func compactCard() throws {
        for (compact, premium) in [(false, false), (true, false), (false, true), (true, true)] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let size = CGSize(width: 300, height: 200)
                let layout = try CompactCardLayout(size: size, direction: direction, compact: compact, premium: premium)
                let flags = Set([compact ? "compact" : nil, premium ? "premium" : nil].compactMap { $0 })
                guard case .success(let engine) = try Self.engine("CompactCard.layout.yaml", size: size, direction: direction, flags: flags) else {
                    Issue.record("the engine failed with \(flags)")
                    continue
                }
                let generated = Self.frames(of: layout)
                #expect(Dictionary(uniqueKeysWithValues: generated) == Dictionary(uniqueKeysWithValues: engine))
                #expect(generated.count == engine.count)
                #expect((layout.row != nil) == !compact && (layout.stack != nil) == compact && (layout.badge != nil) == (compact && premium))
            }
        }
        // layoutc frames CompactCard.layout.yaml (every flag off by default)
        let plain = try CompactCardLayout(size: CGSize(width: 300, height: 200))
        let avatar: CGRect = plain.avatar  // covered by `unless: compact` and `flag: compact`: not an optional
        #expect(avatar == CGRect(x: 8, y: 8, width: 48, height: 48))
        #expect(plain.name == CGRect(x: 64, y: 8, width: 228, height: 48))
        #expect(plain.footer == CGRect(x: 8, y: 168, width: 284, height: 24))
    }

    @Test("ProfileAdaptive (docs/format.md §7.4): stacked below 600 pt, side by side from 600, one property per shared name")
    func profileAdaptive() throws {
        let name = CGSize(width: 140, height: 24)
        for (size, bio) in [(Self.phone, CGSize(width: 358, height: 96)), (CGSize(width: 599.5, height: 800), CGSize(width: 358, height: 96)),
                            (CGSize(width: 600, height: 800), CGSize(width: 300, height: 72)), (CGSize(width: 1024, height: 1366), CGSize(width: 600, height: 72))] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let layout = try ProfileAdaptiveLayout(size: size, safeArea: Self.notch, name: name, bio: bio, direction: direction)
                // the present variant's frames stand where it is in the engine's table, the property where the first variant is
                guard case .success(let engine) = try Self.engine("ProfileAdaptive.layout.yaml", size: size, safeArea: Self.notch,
                                                                  sizes: ["name": [name], "bio": [bio]], direction: direction) else {
                    Issue.record("the engine failed at \(size)")
                    continue
                }
                let generated = Self.frames(of: layout)
                #expect(Dictionary(uniqueKeysWithValues: generated) == Dictionary(uniqueKeysWithValues: engine))
                #expect(generated.count == engine.count)
                #expect((layout.stacked != nil) == (size.width < 600) && (layout.sideBySide != nil) == (size.width >= 600))
            }
        }
        // layoutc frames ProfileAdaptive.layout.yaml --sizes name=140x24 --sizes bio=358x96
        let phone = try ProfileAdaptiveLayout(size: Self.phone, name: name, bio: CGSize(width: 358, height: 96))
        #expect(phone.avatar == CGRect(x: 147, y: 75, width: 96, height: 96))
        #expect(phone.name == CGRect(x: 125, y: 183, width: 140, height: 24))
        #expect(phone.bio == CGRect(x: 16, y: 219, width: 358, height: 96))
        #expect(phone.actions == CGRect(x: 16, y: 331, width: 358, height: 44))
        // … --size 1024x1366 --sizes name=140x24 --sizes bio=808x72
        let pad = try ProfileAdaptiveLayout(size: CGSize(width: 1024, height: 1366), name: name, bio: CGSize(width: 808, height: 72))
        #expect(pad.avatar == CGRect(x: 16, y: 75, width: 160, height: 160))
        #expect(pad.name == CGRect(x: 200, y: 75, width: 140, height: 24))
        #expect(pad.bio == CGRect(x: 200, y: 107, width: 808, height: 72))
        #expect(pad.actions == CGRect(x: 16, y: 251, width: 992, height: 44))
    }

    @Test("ProfileAdaptive: each width interval's initializer reports a missing content size at its own variant's item, as the engine does; a width that is not a number is the root's outOfSpace")
    func profileAdaptiveErrors() throws {
        let name = CGSize(width: 140, height: 24)
        // bio, not name, is missing: the stacked variant's at line 30, the side-by-side one's at line 46.
        for (width, line, column) in [(390.0, 30, 11), (599.5, 30, 11), (600.0, 46, 15), (1024.0, 46, 15)] {
            let size = CGSize(width: width, height: 1366)
            guard case .failure(let engine) = try Self.engine("ProfileAdaptive.layout.yaml", size: size, safeArea: Self.notch, sizes: ["name": [name]]) else {
                Issue.record("the engine laid out \(width) without bio's size")
                continue
            }
            #expect(engine.location.line == line && engine.location.column == column)
            let message = "dynamic item 'bio' has no content size; give it at run time"
            #expect(throws: LayoutRuntimeError.itemIncomplete(message, file: "ProfileAdaptive.layout.yaml", line: line, column: column)) {
                try ProfileAdaptiveLayout(size: size, safeArea: Self.notch, name: name)
            }
        }
        // NaN: no `when` test holds, so neither variant; the root's frame is not finite.
        #expect(throws: LayoutRuntimeError.self) {
            try ProfileAdaptiveLayout(size: CGSize(width: CGFloat.nan, height: 844), name: name, bio: name)
        }
        do {
            _ = try ProfileAdaptiveLayout(size: CGSize(width: CGFloat.nan, height: 844), name: name, bio: name)
        } catch {
            #expect(error.code == .outOfSpace && error.line == 15 && error.message.contains("not a finite number"))
        }
    }

    @Test("VideoCard: a 16:9 player, content sizes, the optional live badge, right to left")
    func videoCard() throws {
        let duration = CGSize(width: 44, height: 18), title = CGSize(width: 300, height: 40), channel = CGSize(width: 120, height: 16)
        let size = CGSize(width: 390, height: 340)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            for shown in [true, false] {
                let layout = try VideoCardLayout(size: size, duration: duration, title: title, channel: channel,
                                                 showLiveBadge: shown, direction: direction)
                Self.expectSame(layout, try Self.engine("VideoCard.layout.yaml", size: size,
                                                        sizes: ["duration": [duration], "title": [title], "channel": [channel]],
                                                        hidden: shown ? [] : ["liveBadge"], direction: direction))
                #expect((layout.liveBadge != nil) == shown)
            }
        }
    }

    @Test("init(bounds:) offsets every frame by the bounds' origin")
    func bounds() throws {
        let atOrigin = try ToolbarLayout(size: Self.phone)
        let moved = try ToolbarLayout(bounds: CGRect(x: 5, y: 100, width: 390, height: 844))
        #expect(moved.main == atOrigin.main.offsetBy(dx: 5, dy: 100))
        #expect(moved.footer == atOrigin.footer.offsetBy(dx: 5, dy: 100))
        #expect(Self.frames(of: moved).count == Self.frames(of: atOrigin).count)
    }

    /// The engine's frames and fitted size (docs/format.md §7.3) with wrap items' text models.
    static func fitted(_ file: String, size: CGSize, sizes: [String: [CGSize]] = [:], texts: [String: LayoutTextModel] = [:],
                       hidden: Set<String> = [], direction: LayoutDirection = .leftToRight) throws -> (Result<[(String, CGRect)], LayoutError>, CGSize?) {
        let bytes = Array(try Data(contentsOf: layouts.appendingPathComponent(file)))
        let plan = try #require(LayoutCompiler.compile(yaml: bytes).plans.first ?? nil)
        let environment = LayoutEngine.Environment(
            size: Size(width: Double(size.width), height: Double(size.height)), safeArea: plan.defaultSafeArea ?? .zero,
            dynamicSizes: sizes.mapValues { $0.map { Size(width: Double($0.width), height: Double($0.height)) } },
            hidden: hidden, direction: direction, measures: FramesRequest.measures(texts))
        switch LayoutEngine.layout(plan, in: environment) {
        case .success(let computed):
            return (.success(computed.frames.map { ($0.name, CGRect(x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height)) }),
                    CGSize(width: computed.size.width, height: computed.size.height))
        case .failure(let error):
            return (.failure(error), nil)
        }
    }

    @Test("ChatRow (docs/format.md §7): a self-sizing cell at several widths and texts, the name shrinking, the badge shown and hidden")
    func chatRow() throws {
        let time = CGSize(width: 44, height: 16)
        var heights: Set<CGFloat> = []
        for width in [320.0, 390, 744] as [CGFloat] {
            for (name, message) in [(CGSize(width: 120, height: 20), LayoutTextModel(width: 520, lineHeight: 20)),
                                    (CGSize(width: 400, height: 20), LayoutTextModel(width: 60, lineHeight: 20)),
                                    (CGSize(width: 90, height: 20), LayoutTextModel(width: 3000, lineHeight: 18))] {
                for shown in [true, false] {
                    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                        let layout = try ChatRowLayout(width: width, name: name, time: time, message: message.measure,
                                                       showUnreadBadge: shown, direction: direction)
                        let (engine, size) = try Self.fitted("ChatRow.layout.yaml", size: CGSize(width: width, height: 0),
                                                             sizes: ["name": [name], "time": [time]], texts: ["message": message],
                                                             hidden: shown ? [] : ["unreadBadge"], direction: direction)
                        Self.expectSame(layout, engine)
                        #expect(layout.size == size)
                        #expect(Double(layout.message.height) == message.size(at: Double(layout.message.width)).height)
                        heights.insert(layout.size.height)
                    }
                }
            }
        }
        #expect(heights.count > 3, "the cell's height follows its text: \(heights.sorted())")
        // layoutc frames ChatRow.layout.yaml --sizes name=300x20 --sizes time=44x16 --wrap message=90x20 --hide unreadBadge
        let row = try ChatRowLayout(width: 390, name: CGSize(width: 300, height: 20), time: time,
                                    message: LayoutTextModel(width: 90, lineHeight: 20).measure, showUnreadBadge: false)
        #expect(row.size == CGSize(width: 390, height: 64))
        #expect(row.name == CGRect(x: 68, y: 10, width: 246, height: 20))
        #expect(row.unreadBadge == nil)
    }

    @Test("Card (docs/format.md §8.5): an overlay that measures its height from its content; badge and separator follow")
    func card() throws {
        var heights: Set<CGFloat> = []
        for width in [320.0, 390, 744] as [CGFloat] {
            for (title, description) in [(LayoutTextModel(width: 500, lineHeight: 28), LayoutTextModel(width: 700, lineHeight: 20)),
                                         (LayoutTextModel(width: 200, lineHeight: 28), LayoutTextModel(width: 4800, lineHeight: 20)),
                                         (LayoutTextModel(width: 0, lineHeight: 28), LayoutTextModel(width: 0, lineHeight: 0))] {
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    let card = try CardLayout(width: width, title: title.measure, description: description.measure, direction: direction)
                    let (engine, size) = try Self.fitted("Card.layout.yaml", size: CGSize(width: width, height: 0),
                                                         texts: ["title": title, "description": description], direction: direction)
                    Self.expectSame(card, engine)
                    #expect(card.size == size)
                    // the sizing content fills the card; the separator sits on its bottom edge
                    #expect(card.content == card.card && card.separator.maxY == card.card.maxY)
                    heights.insert(card.size.height)
                }
            }
        }
        #expect(heights.count > 3, "the card's height follows its text: \(heights.sorted())")
        // layoutc frames Card.layout.yaml --wrap title=500x28 --wrap description=700x20
        let card = try CardLayout(width: 390, title: LayoutTextModel(width: 500, lineHeight: 28).measure,
                                  description: LayoutTextModel(width: 700, lineHeight: 20).measure)
        #expect(card.size == CGSize(width: 390, height: 324))
        #expect(card.badge == CGRect(x: 362, y: 4, width: 24, height: 24))
        #expect(card.separator == CGRect(x: 16, y: 323, width: 374, height: 1))
    }

    @Test("ProductPage (docs/format.md §7): a scroll view's content height for phone and iPad widths")
    func productPage() throws {
        let price = CGSize(width: 80, height: 24)
        let title = LayoutTextModel(width: 420, lineHeight: 28), description = LayoutTextModel(width: 2400, lineHeight: 20)
        for width in [320.0, 390, 834, 1024] as [CGFloat] {
            let page = try ProductPageLayout(width: width, price: price, title: title.measure, description: description.measure)
            let (engine, size) = try Self.fitted("ProductPage.layout.yaml", size: CGSize(width: width, height: 0),
                                                 sizes: ["price": [price]], texts: ["title": title, "description": description])
            Self.expectSame(page, engine)
            #expect(page.size == size)
            #expect(page.description.width <= 600)
        }
        // layoutc frames ProductPage.layout.yaml --size 1024x0 --wrap title=420x28 --sizes price=80x24 --wrap description=2400x20
        let iPad = try ProductPageLayout(width: 1024, price: price, title: title.measure, description: description.measure)
        #expect(iPad.size == CGSize(width: 1024, height: 734))
        #expect(iPad.description == CGRect(x: 212, y: 564, width: 600, height: 80))
    }

    @Test("the runtime's pure flow functions")
    func pureFlow() {
        let sizes = [CGSize](repeating: CGSize(width: 30, height: 10), count: 5)
        let plain = LayoutFlow.frames(in: CGRect(x: 0, y: 0, width: 100, height: 100), spacing: CGSize(width: 5, height: 2), sizes: sizes)
        #expect(plain.map(\.minX) == [0, 35, 70, 0, 35])
        #expect(plain.map(\.minY) == [0, 0, 0, 12, 12])
        let justified = LayoutFlow.justifiedFrames(in: CGRect(x: 0, y: 0, width: 100, height: 100), spacing: CGSize(width: 5, height: 2), sizes: sizes)
        #expect(justified.map(\.minX) == [0, 35, 70, 0, 70])
    }

    @Test("a justified line rounds each element's own bottom: heights that change back and forth, at a fractional top")
    func justifiedHeights() {
        let heights: [CGFloat] = [10, 10.9, 10.9, 10, 9.6]
        let sizes = heights.map { CGSize(width: 14, height: $0) }
        let frames = LayoutFlow.justifiedFrames(in: CGRect(x: 0.25, y: 0.3, width: 100, height: 100), spacing: CGSize(width: 5, height: 2), sizes: sizes)
        // One line: gap (100 − 70) / 4 = 7.5; x = 0.25 + 21.5 i; y from 0.3; CGRect.integral each.
        #expect(frames == [CGRect(x: 0, y: 0, width: 15, height: 11), CGRect(x: 21, y: 0, width: 15, height: 12),
                           CGRect(x: 43, y: 0, width: 15, height: 12), CGRect(x: 64, y: 0, width: 15, height: 11),
                           CGRect(x: 86, y: 0, width: 15, height: 10)])
        // The same frames, one element at a time through `integral`.
        let one = sizes.indices.map { index in
            LayoutFlow.integral(x: 0.25 + 21.5 * Double(index), y: 0.3, width: 14, height: Double(heights[index]))
        }
        #expect(frames == one)
    }
}

/// docs/format.md §8.1: the parameters of layouts/InsetRow.layout.yaml as labelled `CGFloat`
/// arguments with the file's defaults.
@Suite("generated code with parameters (layouts/InsetRow)")
struct GeneratedParameterLayoutTests {
    @Test("the defaults are the file's numbers; values given are those numbers written in; frames exact")
    func frames() throws {
        let size = CGSize(width: 390, height: 72)
        let plain = try InsetRowLayout(size: size)
        #expect(plain.thumbnail == CGRect(x: 16, y: 12, width: 48, height: 48))
        #expect(plain.text == CGRect(x: 76, y: 8, width: 278, height: 56))
        #expect(plain.chevron == CGRect(x: 366, y: 29, width: 8, height: 14))
        // layoutc frames InsetRow.layout.yaml --param inset=20 --param thumb=52 --param gap=8
        let given = try InsetRowLayout(size: size, inset: 20, thumb: 52, gap: 8)
        #expect(given.row == CGRect(x: 0, y: 0, width: 390, height: 72))
        #expect(given.thumbnail == CGRect(x: 20, y: 10, width: 52, height: 52))
        #expect(given.text == CGRect(x: 80, y: 8, width: 274, height: 56))
        #expect(given.title == CGRect(x: 80, y: 8, width: 274, height: 33.6))
        #expect(given.subtitle == CGRect(x: 80, y: 41.6, width: 274, height: 22.4))
        #expect(given.chevron == CGRect(x: 362, y: 29, width: 8, height: 14))
        // the same bits as the engine on the file with the numbers written in, both directions
        let url = GeneratedLayoutTests.layouts.appendingPathComponent("InsetRow.layout.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        for (inset, thumb, gap) in [(0.0, 0.0, 0.0), (3.3, 17.7, 0.1), (20, 52, 8), (-0.0, 56, 1e-7)] {
            let written = text.replacingOccurrences(of: "$inset", with: "\(inset)").replacingOccurrences(of: "$thumb", with: "\(thumb)")
                .replacingOccurrences(of: "$gap", with: "\(gap)")
            let plan = try #require(LayoutCompiler.compile(yaml: Array(written.utf8)).plans.first ?? nil)
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let layout = try InsetRowLayout(size: size, inset: CGFloat(inset), thumb: CGFloat(thumb), gap: CGFloat(gap), direction: direction)
                let engine = LayoutCompiler.frames(for: plan, in: LayoutEngine.Environment(size: Size(width: 390, height: 72), direction: direction))
                GeneratedLayoutTests.expectSame(layout, engine.map { $0.map { ($0.name, CGRect(x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height)) } })
            }
        }
    }

    @Test("a value a static check refuses throws that check's error at the reference, before the layout's own errors")
    func errors() throws {
        let size = CGSize(width: 390, height: 72)
        #expect(throws: LayoutRuntimeError(code: .invalidValue, message: "'width' must be a number ≥ 0, fit or flexible, not the negative -1",
                                           file: "InsetRow.layout.yaml", line: 16, column: 14)) {
            try InsetRowLayout(size: size, thumb: -1)
        }
        #expect(throws: LayoutRuntimeError(code: .invalidValue, message: "a group's 'spacing' must be one number ≥ 0, not inf",
                                           file: "InsetRow.layout.yaml", line: 12, column: 12)) {
            try InsetRowLayout(size: size, gap: .infinity)
        }
        #expect(throws: LayoutRuntimeError(code: .invalidValue,
                                           message: "'padding' must be a number ≥ 0 or [top, leading, bottom, trailing]; 2000000000 is out of range (at most 1000000000)",
                                           file: "InsetRow.layout.yaml", line: 11, column: 16)) {
            try InsetRowLayout(size: size, inset: 2e9)
        }
        // a valid value that does not fit is the layout's size-dependent error, as the engine's
        #expect(throws: LayoutRuntimeError(code: .outOfSpace, message: "hgroup 'row' needs 72.5 pt of height for item 'thumbnail' but has 72 pt at 390×72",
                                           file: "InsetRow.layout.yaml", line: 10, column: 3)) {
            try InsetRowLayout(size: size, inset: 20, thumb: 56.5, gap: 8)
        }
    }
}

/// docs/format.md §8.1 with §7 and §8.2: layouts/ArticleRow's parameters beside its fitted
/// height, wrap items with line limits, an optional thumbnail and the pixel grid.
@Suite("generated code with parameters (layouts/ArticleRow)")
struct GeneratedArticleRowParameterTests {
    @Test("values given, the thumbnail shown or hidden, with and without a scale: the frames of layoutc frames --param")
    func frames() throws {
        let url = GeneratedLayoutTests.layouts.appendingPathComponent("ArticleRow.layout.yaml")
        let bytes = Array(try Data(contentsOf: url))
        let title = LayoutTextModel(width: 620, lineHeight: 22, maxLines: 3), summary = LayoutTextModel(width: 900, lineHeight: 18, maxLines: 2)
        for (inset, side, gap) in [(16.0, 64.0, 12.0), (20, 96, 8), (0, 0, 0), (7.3, 51.7, 3.1)] {
            for showThumbnail in [true, false] {
                for scale in [nil, 3.0] {
                    var request = FramesRequest(size: Size(width: 375, height: 0))
                    request.parameters = ["inset": inset, "thumbnailSide": side, "gap": gap]
                    request.textModels = ["title": title, "summary": summary]
                    request.hidden = showThumbnail ? [] : ["thumbnail"]
                    request.scale = scale
                    let result = request.run(on: bytes)
                    let table = try #require(result.table?.layouts.first, "\(result.diagnostics)")
                    let layout = try ArticleRowLayout(width: 375, title: title.measure, summary: summary.measure, inset: CGFloat(inset),
                                                      thumbnailSide: CGFloat(side), gap: CGFloat(gap), showThumbnail: showThumbnail,
                                                      scale: scale.map { CGFloat($0) })
                    #expect(layout.size == CGSize(width: table.size.width, height: table.size.height))
                    let generated = Dictionary(uniqueKeysWithValues: GeneratedLayoutTests.frames(of: layout))
                    let engine = Dictionary(uniqueKeysWithValues: table.frames.map {
                        ($0.name, CGRect(x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height))
                    })
                    #expect(generated == engine, "inset \(inset), side \(side), gap \(gap), thumbnail \(showThumbnail), scale \(String(describing: scale))")
                }
            }
        }
    }
}

/// A scale that is not a finite number greater than 0 is no scale in generated code (docs/codegen.md):
/// UIKit's `displayScale` is 0 while a view is in no window, and dividing by it made every frame NaN.
@Suite("generated code: a scale that is no scale")
struct GeneratedUnusableScaleTests {
    @Test("0, negative, infinite and NaN scales give the frames of no scale", arguments: [0, -0.0, -3, .infinity, -.infinity, .nan] as [CGFloat])
    func unusableScale(scale: CGFloat) throws {
        let title = LayoutTextModel(width: 620, lineHeight: 22.3, maxLines: 3), summary = LayoutTextModel(width: 900, lineHeight: 18.1, maxLines: 2)
        let row = try ArticleRowLayout(width: 375, title: title.measure, summary: summary.measure, inset: 16.5, scale: scale)
        #expect(row == (try ArticleRowLayout(width: 375, title: title.measure, summary: summary.measure, inset: 16.5)))
        #expect(row != (try ArticleRowLayout(width: 375, title: title.measure, summary: summary.measure, inset: 16.5, scale: 3)))
        let name = CGSize(width: 120.3, height: 20.2), bio = CGSize(width: 300.7, height: 60.1)
        let size = CGSize(width: 390, height: 844)
        let profile = try ProfileLayout(size: size, name: name, bio: bio, scale: scale)
        #expect(profile == (try ProfileLayout(size: size, name: name, bio: bio)))
        #expect(profile != (try ProfileLayout(size: size, name: name, bio: bio, scale: 2)))
        for (_, frame) in GeneratedLayoutTests.frames(of: profile) + GeneratedLayoutTests.frames(of: row) {
            #expect(frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite && frame.height.isFinite)
        }
    }
}
