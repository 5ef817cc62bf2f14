import Foundation
@testable import LayoutCompiler
import Testing

/// What the validator resolves from docs/format.md §6's keys into the `LayoutPlan` the engine reads:
/// bounds, aspect, the optional and dynamic flags, the axis sizes of a dynamic item, the
/// derived size of an aspect flow item, and the run-time name lists.
@Suite("real-screen keys: the plan")
struct RealScreenPlanTests {
    func plan(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutPlan? {
        let compiled = DeepStack.run { LayoutCompiler.compileOnCurrentThread(Array(text.utf8), syntax: .text) }
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map { "\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
        return compiled.plans.first ?? nil
    }

    @Test("bounds and aspect: given values, defaults 0, +∞ and nil; hasBounds only when one is given")
    func boundsAndAspect() throws {
        let root = try #require(plan("""
            layout L {
              vgroup g {
                item a .minWidth(10) .maxHeight(90)
                item b .maxWidth(0) .aspect(16/9)
                item c
                item d .minHeight(0)
              }
            }
            """)?.root)
        let (a, b, c, d) = (root.children[0], root.children[1], root.children[2], root.children[3])
        #expect([a.minWidth, a.maxWidth, a.minHeight, a.maxHeight] == [10, .infinity, 0, 90])
        #expect(a.hasBounds && a.aspect == nil)
        #expect([b.minWidth, b.maxWidth, b.minHeight, b.maxHeight] == [0, 0, 0, .infinity])
        #expect(b.hasBounds && b.aspect == 16.0 / 9)
        #expect([c.minWidth, c.maxWidth, c.minHeight, c.maxHeight] == [0, .infinity, 0, .infinity])
        #expect(!c.hasBounds && c.aspect == nil && !c.isOptional && !c.isDynamic)
        #expect(d.hasBounds)
        #expect(!root.hasBounds)
    }

    @Test("a dynamic item: fit on each axis without an own size; flexible stays fill or a weight, numbers fixed")
    func dynamicAxes() throws {
        let root = try #require(plan("""
            layout L {
              vgroup g {
                item a dynamic
                item b dynamic .width(.flexible)
                item c dynamic .flexible(2)
                item d dynamic .height(30)
                item e dynamic .percent(25)
                hgroup h {
                  item f dynamic .height(.flexible)
                  item i dynamic .width(.flexible)
                }
                overlay o {
                  item j dynamic .width(.flexible) .height(.flexible)
                  item k dynamic .width(.flexible) .top(4)
                }
              }
            }
            """)?.root)
        let sizes = root.children.prefix(5).map { [$0.width, $0.height] }
        #expect(sizes == [[.fit, .fit], [.fill, .fit], [.fit, .flexible(2)], [.fit, .fixed(30)], [.fit, .percent(25)]])
        #expect(root.children.prefix(5).allSatisfy { $0.isDynamic })
        let h = root.children[5]
        #expect(h.children.map { [$0.width, $0.height] } == [[.fit, .fill], [.flexible(1), .fit]])
        let o = root.children[6]
        #expect(o.children.map { [$0.width, $0.height] } == [[.fill, .fill], [.fill, .fit]])
        #expect(o.children[1].top == 4 && o.children[1].leading == nil)
        #expect(!h.isDynamic && !o.isDynamic)
    }

    @Test("an aspect child keeps the derived axis unresolved: fill on a group's main axis and in an overlay")
    func aspectAxes() throws {
        let root = try #require(plan("""
            layout L {
              vgroup g {
                item a .aspect(2)
                hgroup h .height(40) {
                  item b .aspect(2)
                  item c .aspect(0.5) .height(20)
                }
                overlay o {
                  item d .aspect(2) .width(100) .leading(0) .top(0)
                  item e .aspect(2) .top(0) .bottom(0) .leading(0)
                }
              }
            }
            """)?.root)
        #expect([root.children[0].width, root.children[0].height] == [.fill, .fill])
        let h = root.children[1]
        #expect(h.children.map { [$0.width, $0.height] } == [[.fill, .fill], [.fill, .fixed(20)]])
        let o = root.children[2]
        #expect(o.children.map { [$0.width, $0.height] } == [[.fixed(100), .fill], [.fill, .fill]])
        #expect(o.children.map(\.aspect) == [2, 2])
    }

    @Test("flow items: an aspect item's size is derived statically; optional items are flagged")
    func flowItems() throws {
        let root = try #require(plan("""
            layout L {
              flow f {
                item a .width(60) .aspect(2)
                item b[3] optional .height(10) .aspect(1.5)
                item c optional .size(1, 2)
                item d dynamic optional
                item e dynamic
              }
            }
            """)?.root)
        #expect(root.items.map(\.size) == [S(60, 30), S(15, 10), S(1, 2), .zero, .zero])
        #expect(root.items.map(\.isOptional) == [false, true, true, true, false])
        #expect(root.items.map(\.count) == [nil, 3, nil, nil, nil])
        #expect(root.items.map(\.isDynamic) == [false, false, false, true, true])
    }

    @Test("run-time names: content items outside flows, optional nodes and items, each in document order")
    func names() throws {
        let layout = try #require(plan("""
            layout L {
              vgroup g {
                hgroup header optional {
                  item name dynamic
                  item badge optional .size(20, 20)
                }
                flow tags {
                  item chip[2] optional .size(40, 20)
                  item extra dynamic
                  item more dynamic optional
                }
                overlay o optional {
                  item time dynamic .leading(0) .top(0)
                }
                item bio dynamic optional .width(.flexible)
              }
            }
            """))
        #expect(layout.contentItemNames == ["name", "time", "bio"])
        #expect(layout.optionalNames == ["header", "badge", "chip", "more", "o", "bio"])
        #expect(layout.dynamicItemNames == ["extra", "more"])
        #expect(layout.root.children[0].isOptional && !layout.root.isOptional)
    }

    @Test("the §6 examples of layouts/ validate in both forms")
    func examples() throws {
        let folder = CommandLine_.packageRoot.appendingPathComponent("layouts")
        for name in ["Profile", "VideoCard"] {
            for file in ["\(name).layout", "\(name).layout.yaml"] {
                let url = folder.appendingPathComponent(file)
                let bytes = try Array(Data(contentsOf: url))
                let compiled = LayoutCompiler.compile(bytes, syntax: SourceSyntax.detect(path: file, bytes: bytes), context: FolderImports.context(for: url))
                #expect(compiled.diagnostics.isEmpty, "\(file): \(compiled.diagnostics.map(\.message))")
                #expect(compiled.plans.count == 1 && compiled.plans[0] != nil, "\(file)")
            }
        }
        let profileURL = folder.appendingPathComponent("Profile.layout.yaml")
        let profile = try #require(LayoutCompiler.compile(Array(Data(contentsOf: profileURL)), syntax: .yaml, context: FolderImports.context(for: profileURL)).plans.first ?? nil)
        #expect(profile.contentItemNames == ["name", "bio"])
        #expect(profile.optionalNames == ["verified"])
        let card = try #require(LayoutCompiler.compile(yaml: Array(Data(contentsOf: folder.appendingPathComponent("VideoCard.layout.yaml")))).plans.first ?? nil)
        #expect(card.contentItemNames == ["duration", "title", "channel"])
        #expect(card.optionalNames == ["liveBadge"])
        #expect(card.root.children[0].aspect == 16.0 / 9)
    }
}
