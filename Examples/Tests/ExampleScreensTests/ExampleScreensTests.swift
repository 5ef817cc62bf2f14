import ExampleScreens
import Foundation
import LayoutRuntime
import Testing

/// The frames of the plugin-generated code, checked against `layoutc frames`' figures
/// (`layoutc frames layouts/Player.layout.yaml --sizes extra=100x30,120x30`).
@Suite struct ExampleScreensTests {
    let notch = LayoutInsets(top: 59, leading: 0, bottom: 34, trailing: 0)

    @Test func playerFrames() throws {
        let screen = PlayerScreen(tagSizes: [CGSize(width: 100, height: 30), CGSize(width: 120, height: 30)])
        let frames = try screen.keyFrames(in: CGRect(x: 0, y: 0, width: 390, height: 844), safeArea: notch)
        #expect(frames.close == CGRect(x: 328, y: 722, width: 44, height: 44))
        #expect(frames.tags.count == 15)
        #expect(frames.tags[4] == CGRect(x: 320, y: 562, width: 60, height: 30))   // chip[3]
        #expect(frames.tags[13] == CGRect(x: 280, y: 638, width: 100, height: 30)) // extra[0]
        #expect(frames.tags[14] == CGRect(x: 10, y: 676, width: 120, height: 30))  // extra[1]
    }

    @Test func boundsOrigin() throws {
        let screen = PlayerScreen(tagSizes: [])
        let atZero = try screen.keyFrames(in: CGRect(x: 0, y: 0, width: 390, height: 844), safeArea: .zero)
        let moved = try screen.keyFrames(in: CGRect(x: 0, y: 50, width: 390, height: 844), safeArea: .zero)
        #expect(moved.header == atZero.header.offsetBy(dx: 0, dy: 50))
    }

    @Test func tooSmall() {
        let screen = PlayerScreen(tagSizes: [])
        #expect(throws: LayoutRuntimeError.self) {
            _ = try screen.keyFrames(in: CGRect(x: 0, y: 0, width: 100, height: 300), safeArea: .zero)
        }
        do {
            _ = try screen.keyFrames(in: CGRect(x: 0, y: 0, width: 100, height: 300), safeArea: .zero)
        } catch {
            #expect(error.code == .outOfSpace)
            #expect(error.message == "vgroup 'main' needs 922 pt but has 300 pt at 100×300")
            #expect(error.file == "Player.layout.yaml")
        }
    }

    /// Sources/ExampleScreens/layoutc.json asks for public types, so another module (this test
    /// target, imported without @testable) can use the generated layout itself.
    @Test func generatedTypesArePublic() throws {
        let layout = try PlayerLayout(size: CGSize(width: 390, height: 844), safeArea: notch, extra: [])
        #expect(layout.close == CGRect(x: 328, y: 722, width: 44, height: 44))
    }

    @Test func toolbarPanes() throws {
        let panes = try PlayerScreen.footerPanes(size: CGSize(width: 390, height: 844))
        #expect(panes.count == 2)
        #expect(panes[0].width + panes[1].width == 390)
    }
}

/// docs/format.md §6 through the build plugin: content sizes, an optional node, a bound, an
/// aspect ratio and the layout direction as the generated type's parameters, checked against
/// `layoutc frames` (`--sizes name=120x22 --sizes bio=358x80`, then `--hide verified`, then
/// `--size 1024x300 --direction rtl`).
@Suite struct ProfileHeaderTests {
    let name = CGSize(width: 120, height: 22)
    let bio = CGSize(width: 358, height: 80)

    @Test func phoneLeftToRight() throws {
        let frames = try ProfileHeaderLayout(size: CGSize(width: 390, height: 300), name: name, bio: bio)
        #expect(frames.avatar == CGRect(x: 16, y: 16, width: 64, height: 64))   // aspect 1: as wide as high
        #expect(frames.name == CGRect(x: 92, y: 37, width: 120, height: 22))    // its content size, centred
        #expect(frames.verified == CGRect(x: 224, y: 38, width: 20, height: 20))
        #expect(frames.bio == CGRect(x: 16, y: 92, width: 358, height: 80))
    }

    @Test func verifiedBadgeHidden() throws {
        let frames = try ProfileHeaderLayout(size: CGSize(width: 390, height: 300), name: name, bio: bio, showVerified: false)
        #expect(frames.verified == nil)                                          // hidden: no frame
        #expect(frames.name == CGRect(x: 92, y: 37, width: 120, height: 22))    // nothing else moves here
        #expect(frames.bio == CGRect(x: 16, y: 92, width: 358, height: 80))
    }

    @Test func iPadRightToLeft() throws {
        let frames = try ProfileHeaderLayout(size: CGSize(width: 1024, height: 300), name: name, bio: bio,
                                             direction: .rightToLeft)
        #expect(frames.identity == CGRect(x: 212, y: 16, width: 600, height: 64))  // maxWidth 600, centred
        #expect(frames.avatar == CGRect(x: 748, y: 16, width: 64, height: 64))    // mirrored: leading is right
        #expect(frames.name == CGRect(x: 616, y: 37, width: 120, height: 22))
        #expect(frames.verified == CGRect(x: 584, y: 38, width: 20, height: 20))
        #expect(frames.bio == CGRect(x: 212, y: 92, width: 600, height: 80))
    }

    @Test func safeAreaInsetsByDirection() {
        // UIKit's physical insets: right is leading right to left.
        let insets = LayoutInsets(top: 0, left: 44, bottom: 21, right: 10, direction: .rightToLeft)
        #expect(insets == LayoutInsets(top: 0, leading: 10, bottom: 21, trailing: 44))
    }
}

/// The chat row as a self-sizing cell (docs/format.md §7), through the build plugin: its height
/// follows the table's width and the message's length, its name gives way to the time.
@Suite struct ChatRowCellTests {
    static func cell(message: LayoutTextModel, name: CGFloat = 120, unread: Bool = true) -> ChatRowCell {
        ChatRowCell(nameSize: CGSize(width: name, height: 20), timeSize: CGSize(width: 44, height: 16), isUnread: unread,
                    measureMessage: message.measure)
    }

    @Test func heightFollowsWidthAndText() throws {
        // layoutc frames ChatRow.layout.yaml --sizes name=120x20 --sizes time=44x16 --wrap message=520x20:
        // the bubble is 390 − 32 − 40 − 12 = 306 wide, 520 / 306 → 2 lines: 10 + 20 + 4 + 40 + 10
        let long = Self.cell(message: LayoutTextModel(width: 520, lineHeight: 20))
        #expect(try long.preferredSize(width: 390) == CGSize(width: 390, height: 84))
        // 320 wide: bubble 236, 520 / 236 → 3 lines
        #expect(try long.preferredSize(width: 320) == CGSize(width: 320, height: 104))
        // an iPad width: one line
        #expect(try long.preferredSize(width: 744) == CGSize(width: 744, height: 64))
        let short = Self.cell(message: LayoutTextModel(width: 60, lineHeight: 20))
        #expect(try short.preferredSize(width: 320) == CGSize(width: 320, height: 64))
    }

    @Test func nameGivesWay() throws {
        // name 300 + 8 + badge 10 + 8 + spacer + 8 + time 44 = 378 in 306: the name loses 72
        let row = try Self.cell(message: LayoutTextModel(width: 60, lineHeight: 20), name: 300).layout(width: 390)
        #expect(row.name == CGRect(x: 68, y: 10, width: 228, height: 20))
        #expect(row.time == CGRect(x: 330, y: 12, width: 44, height: 16))
        let read = try Self.cell(message: LayoutTextModel(width: 60, lineHeight: 20), name: 300, unread: false).layout(width: 390)
        #expect(read.unreadBadge == nil)
        #expect(read.name.width == 246)
    }
}

/// docs/format.md §7.4 through the build plugin: one screen, stacked below 600 pt and side by
/// side from 600, its shared names one property each (layouts/ProfileAdaptive.layout.yaml,
/// `layoutc frames … --sizes name=140x24 --sizes bio=358x96`, then `--size 1024x1366 … bio=808x72`).
@Suite struct ProfileAdaptiveTests {
    let name = CGSize(width: 140, height: 24)

    @Test func iPhoneStacked() throws {
        let frames = try ProfileAdaptiveLayout(size: CGSize(width: 390, height: 844), name: name, bio: CGSize(width: 358, height: 96))
        #expect(frames.stacked == CGRect(x: 16, y: 75, width: 358, height: 240))
        #expect(frames.sideBySide == nil)                                          // absent below 600
        #expect(frames.avatar == CGRect(x: 147, y: 75, width: 96, height: 96))
        #expect(frames.bio == CGRect(x: 16, y: 219, width: 358, height: 96))
    }

    @Test func iPadSideBySide() throws {
        let frames = try ProfileAdaptiveLayout(size: CGSize(width: 1024, height: 1366), name: name, bio: CGSize(width: 808, height: 72))
        #expect(frames.stacked == nil)
        #expect(frames.sideBySide == CGRect(x: 16, y: 75, width: 992, height: 160))
        #expect(frames.avatar == CGRect(x: 16, y: 75, width: 160, height: 160))   // the same property, placed by the other variant
        #expect(frames.bio == CGRect(x: 200, y: 107, width: 808, height: 72))
    }
}

/// docs/format.md §7.5 through the build plugin: Profile.layout (the text form) and
/// ProfileAdaptive.layout.yaml both import Tokens.layout.yaml, so the gutter, the row spacing,
/// the button height and the readable width come from one file (`layoutc frames Profile.layout
/// --sizes name=140x24 --sizes bio=358x96`, then `--size 1024x1366 … bio=900x72`).
@Suite struct ProfileTokensTests {
    let name = CGSize(width: 140, height: 24)

    @Test func iPhone() throws {
        let frames = try ProfileLayout(size: CGSize(width: 390, height: 844), name: name, bio: CGSize(width: 358, height: 96))
        #expect(frames.header == CGRect(x: 16, y: 75, width: 358, height: 72))     // gutter 16 inside the safe area
        #expect(frames.name == CGRect(x: 100, y: 99, width: 140, height: 24))      // 16 + 72 + rowSpacing 12
        #expect(frames.actions == CGRect(x: 16, y: 275, width: 358, height: 44))   // buttonHeight 44
        #expect(frames.message == CGRect(x: 201, y: 275, width: 173, height: 44))
    }

    @Test func iPadReadableWidth() throws {
        let frames = try ProfileLayout(size: CGSize(width: 1024, height: 1366), name: name, bio: CGSize(width: 900, height: 72))
        #expect(frames.header == CGRect(x: 212, y: 75, width: 600, height: 72))    // readableWidth 600, centred
        #expect(frames.bio == CGRect(x: 212, y: 163, width: 600, height: 72))
    }

    @Test func sharedTokensAgree() throws {
        // The same gutter in both screens: each screen's first section starts 16 pt inside.
        let profile = try ProfileLayout(size: CGSize(width: 390, height: 844), name: name, bio: CGSize(width: 358, height: 96))
        let adaptive = try ProfileAdaptiveLayout(size: CGSize(width: 390, height: 844), name: name, bio: CGSize(width: 358, height: 96))
        #expect(profile.header.minX == adaptive.stacked?.minX)
        #expect(profile.header.minY == adaptive.stacked?.minY)
    }

    /// A card that measures its height from its content while a badge and a separator follow
    /// it (docs/format.md §8.5), as a self-sizing cell at scale 3 (docs/format.md §8.2):
    /// `layoutc frames layouts/Card.layout.yaml --wrap title=500x28 --wrap description=700x20 --scale 3`.
    @Test func cardMeasuresItsContent() throws {
        let title = LayoutTextModel(width: 500, lineHeight: 28), description = LayoutTextModel(width: 700, lineHeight: 20)
        let card = try CardLayout(width: 390, title: title.measure, description: description.measure, scale: 3)
        #expect(card.size == CGSize(width: 390, height: 324))
        #expect(card.content == CGRect(x: 0, y: 0, width: 390, height: 324))
        #expect(card.title == CGRect(x: 16, y: 204, width: 358, height: 56))
        #expect(card.description == CGRect(x: 16, y: 268, width: 358, height: 40))
        #expect(card.badge == CGRect(x: 362, y: 4, width: 24, height: 24))          // follows: on the corner
        #expect(card.separator == CGRect(x: 16, y: 323, width: 374, height: 1))     // follows: on the bottom edge
    }

    /// A line height off the pixel grid: the text's height goes up to a whole pixel, the card's
    /// with it, and every edge lands on the grid (324⅓ = 973 pixels at scale 3).
    @Test func cardOnThePixelGrid() throws {
        let title = LayoutTextModel(width: 500, lineHeight: 28), description = LayoutTextModel(width: 700, lineHeight: 20.1)
        let card = try CardLayout(width: 390, title: title.measure, description: description.measure, scale: 3)
        #expect(card.size.height * 3 == 973)
        for frame in [card.card, card.background, card.content, card.image, card.title, card.description, card.badge, card.separator] {
            for edge in [frame.minX, frame.minY, frame.maxX, frame.maxY] {
                #expect(abs(edge * 3 - (edge * 3).rounded()) < 1e-9, "\(frame)")
            }
        }
        #expect(card.separator.maxY == card.size.height)
    }

    /// A real article row (docs/format.md §8.1): the app gives its margin and thumbnail side as
    /// parameters, the labels measure with their own line limits, and the frames are those of
    /// `layoutc frames layouts/ArticleRow.layout.yaml --wrap title=620x22x3 --wrap summary=900x18.5x2
    /// --param inset=20 --param thumbnailSide=96 --scale 3`, bit for bit.
    @Test func articleRowWithTheAppsNumbers() throws {
        let title = LayoutTextModel(width: 620, lineHeight: 22, maxLines: 3), summary = LayoutTextModel(width: 900, lineHeight: 18.5, maxLines: 2)
        let cell = ArticleRowCell(measureTitle: title.measure, measureSummary: summary.measure, hasThumbnail: true,
                                  layoutMargin: 20, thumbnailSide: 96, displayScale: 3)
        let row = try cell.layout(width: 375)
        #expect(row.size == CGSize(width: 375, height: 131))
        #expect(row.title == CGRect(x: 20, y: 12, width: 227, height: 66))                  // three lines, the limit
        #expect(row.summary == CGRect(x: 20, y: 82, width: 227, height: 37))                // two lines of 18.5
        #expect(row.thumbnail == CGRect(x: 259, y: 17.666666666666668, width: 96, height: 96))  // centred: 53 pixels down
        #expect(row.separator == CGRect(x: 20, y: 130.66666666666666, width: 355, height: 0.3333333333333428))  // one pixel
        // Without the thumbnail the text takes the row; the defaults are the file's (16 and 64).
        let plain = try ArticleRowLayout(width: 375, title: title.measure, summary: summary.measure, showThumbnail: false, scale: 3)
        #expect(plain.title == CGRect(x: 16, y: 12, width: 343, height: 44))
        #expect(plain.thumbnail == nil)
        // A value that fails a check throws it, at the reference, as `frames --param` reports it.
        #expect(throws: LayoutRuntimeError.self) { try ArticleRowLayout(width: 375, title: title.measure, inset: -1, scale: 3) }
    }

    /// A section header whose button a flag shows (docs/format.md §8.7), its margin a parameter:
    /// `layoutc frames layouts/SectionHeader.layout.yaml --wrap title=240x24x2 --wrap subtitle=300x18
    /// --flag hasButton --sizes button=64.2x32 --param inset=20 --scale 3`.
    @Test func sectionHeaderWithItsButton() throws {
        let title = LayoutTextModel(width: 240, lineHeight: 24, maxLines: 2), subtitle = LayoutTextModel(width: 300, lineHeight: 18)
        let header = try SectionHeaderLayout(width: 375, button: CGSize(width: 64.2, height: 32), title: title.measure, subtitle: subtitle.measure,
                                             inset: 20, hasButton: true, scale: 3)
        #expect(header.size == CGSize(width: 375, height: 94))
        #expect(header.titles == CGRect(x: 20, y: 24, width: 258.6666666666667, height: 62))
        #expect(header.subtitle == CGRect(x: 20, y: 50, width: 258.6666666666667, height: 36))
        #expect(header.button == CGRect(x: 290.6666666666667, y: 39, width: 64.33333333333331, height: 32))  // 193 pixels wide
        // The flag off: no button and no box for it; the titles take the row.
        let plain = try SectionHeaderLayout(width: 375, title: title.measure, subtitle: subtitle.measure, scale: 3)
        #expect(plain.button == nil)
        #expect(plain.size == CGSize(width: 375, height: 76))
        do {
            _ = try SectionHeaderLayout(width: 375, title: title.measure, top: -1)
            Issue.record("a negative top padding must throw")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.line == 20 && error.column == 13)
        }
    }

}
