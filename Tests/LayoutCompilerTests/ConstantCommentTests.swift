import Foundation
@testable import LayoutCompiler
import Testing

/// Comments on constants and imports survive `convert` both ways (docs/format.md §7.5: converting
/// is lossless): a tokens file's header, a comment before a definition and at the end of its
/// line, a comment on each path of a block list of imports.
@Suite("comments on constants and imports")
struct ConstantCommentTests {
    @Test("a YAML tokens file → text → YAML: every comment where it was")
    func tokensFile() throws {
        let yaml = """
            # Tokens: the header
            #
            # more header
            import:
              # the base numbers
              - Base.layout.yaml  # two levels deep
              - Other.layout.yaml
            constants:
              gutter: 16  # the gutter
              # before row
              row: 44
            """ + "\n"
        let text = try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
        #expect(text == """
            // Tokens: the header
            //
            // more header
            // the base numbers
            import "Base.layout.yaml"  // two levels deep
            import "Other.layout.yaml"
            let gutter = 16  // the gutter
            // before row
            let row = 44
            """ + "\n")
        let back = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        let original = LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file
        let again = LayoutSource.parse(Array(back.utf8), syntax: .yaml).file
        #expect(allComments(again) == allComments(original), "\(back)")
        #expect(allComments(original) == [" Tokens: the header", "", " more header", " the base numbers", " two levels deep", " the gutter", " before row"])
        // text → YAML → text is the identity
        #expect(LayoutSource.convert(Array(back.utf8), from: .yaml, to: .text).text == text)
    }

    @Test("a layout's own constants and import keep their comments in both forms")
    func layoutScope() throws {
        let yaml = """
            layout: Card
            size: [390, 844]  # an iPhone
            import: Tokens.layout.yaml  # gutter
            constants:
              # one row
              row: 44  # a button's height
            root:
              item: a
              height: $row
            """ + "\n"
        let text = try #require(LayoutSource.convert(Array(yaml.utf8), from: .yaml, to: .text).text)
        #expect(text == """
            layout Card (size: 390x844) {  // an iPhone
              import "Tokens.layout.yaml"  // gutter
              // one row
              let row = 44  // a button's height
              item a .height($row)
            }
            """ + "\n")
        let back = try #require(LayoutSource.convert(Array(text.utf8), from: .text, to: .yaml).text)
        #expect(allComments(LayoutSource.parse(Array(back.utf8), syntax: .yaml).file) == allComments(LayoutSource.parse(Array(yaml.utf8), syntax: .yaml).file))
    }
}
