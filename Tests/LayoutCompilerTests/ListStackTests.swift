@testable import LayoutCompiler
import Testing

/// The stacks the front ends collect a node's properties and children on: nested lists come off
/// in the order written, each in an array of exactly its count.
@Suite("the front ends' list stacks")
struct ListStackTests {
    static func property(_ key: PropertyKey, _ value: Double, line: Int) -> Property {
        Property(key: key, value: .number(value, isInteger: true), location: SourceLocation(line: line, column: 3))
    }

    @Test("a child's properties between its parent's leave the parent's in order; growth keeps them")
    func nesting() {
        let stack = ListStack<Property>(capacity: 2)
        let parent = stack.count
        stack.push(Self.property(.width, 10, line: 1))
        let child = stack.count
        for line in 2...6 { stack.push(Self.property(.height, Double(line), line: line)) }
        #expect(stack.count == 6)
        #expect(stack.key(at: 0) == .width)
        #expect(stack.location(at: 3) == SourceLocation(line: 4, column: 3))
        let childProperties = stack.pop(from: child)
        #expect(childProperties.map(\.value) == (2...6).map { .number(Double($0), isInteger: true) })
        // At most 5: malloc may round a block up by less than one 48-byte property.
        #expect(childProperties.capacity == 5)
        stack.push(Self.property(.padding, 4, line: 7))
        let parentProperties = stack.pop(from: parent)
        #expect(parentProperties.map(\.key) == [.width, .padding])
        #expect(parentProperties.map(\.location.line) == [1, 7])
        #expect(stack.count == 0)
        #expect(stack.pop(from: 0).isEmpty)
    }

    @Test("a node with one property holds an array of one, not four")
    func exactCount() throws {
        let parsed = YAMLFrontEnd.parse(Array("""
            layout: L
            size: [390, 844]
            root:
              vgroup: main
              children:
                - item: a
                  height: 44
                - item: b
            """.utf8))
        let root = try #require(parsed.file.layouts.first?.root)
        #expect(root.children[0].properties.count == 1)
        #expect(root.children[0].properties.capacity == 1)
        #expect(root.children[1].properties.isEmpty)
        let text = TextFrontEnd.parse(Array("layout L { vgroup main { item a.height(44) } }".utf8))
        let textRoot = try #require(text.file.layouts.first?.root)
        #expect(textRoot.children[0].properties.capacity == 1)
    }

    @Test("children nested three deep come out in order, each list of exactly its count, in both forms")
    func children() throws {
        let yaml = YAMLFrontEnd.parse(Array("""
            layout: L
            size: [390, 844]
            root:
              vgroup: main
              children:
                - hgroup: row
                  children:
                    - item: a
                    - vgroup: inner
                      children:
                        - item: b
                        - item: c
                        - item: d
                    - item: e
                  height: 44
                - item: f
              padding: 4
            """.utf8))
        let text = TextFrontEnd.parse(Array("""
            layout L {
              vgroup main (padding: 4) {
                hgroup row .height(44) {
                  item a
                  vgroup inner {
                    item b
                    item c
                    item d
                  }
                  item e
                }
                item f
              }
            }
            """.utf8))
        for (parsed, form) in [(yaml, "YAML"), (text, "text")] {
            #expect(parsed.diagnostics.isEmpty, "\(form): \(parsed.diagnostics)")
            let root = try #require(parsed.file.layouts.first?.root)
            func names(_ node: Node) -> [String] {
                node.children.map { child in
                    guard case .string(let name)? = child.name else { return "?" }
                    return name
                }
            }
            #expect(names(root) == ["row", "f"], "\(form)")
            #expect(names(root.children[0]) == ["a", "inner", "e"], "\(form)")
            #expect(names(root.children[0].children[1]) == ["b", "c", "d"], "\(form)")
            // Not the children's capacity: an array's capacity is what malloc gave it, and a
            // reused block a few bytes larger holds eight node references, not three. (A
            // property is 48 bytes, so the property checks above are exact.)
            #expect(root.children[0].list?.nodes.count == 3, "\(form)")
            #expect(root.children[0].properties.map(\.key) == [.height], "\(form)")
            #expect(root.properties.map(\.key) == [.padding], "\(form)")
        }
    }
}
