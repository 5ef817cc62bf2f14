import LayoutCompiler
import Testing

/// The engine hands a group the slot and rect arrays its previous sibling of as many children
/// gave back, as that sibling left them (`LayoutRun.slots`, `rects`): the group fills them
/// itself. Nothing of the sibling's may show in its frames. Expected values worked out by hand.
@Suite("a group's buffers reused from its sibling")
struct ReusedGroupBuffersTests {
    @Test("a sibling of three fixed children, then one with a percent, an absent and a filling child")
    func siblingWithAbsentChild() {
        // g1: 50, 60 and 70 wide. g2 at y = 50: e absent at 300 (`when` from 1000), so one spacing
        // of 10 between d and f: free = 300 − 10 = 290, d = 50% = 145, f = 290 − 145 = 145 at 155.
        // g3 at y = 100: three fill children share 300 equally (the slots g2 left are not read).
        let yaml = """
            layout: L
            size: [300, 150]
            root:
              vgroup: main
              children:
                - hgroup: g1
                  height: 50
                  children:
                    - item: a
                      width: 50
                    - item: b
                      width: 60
                    - item: c
                      width: 70
                - hgroup: g2
                  height: 50
                  spacing: 10
                  children:
                    - item: d
                      percent: 50
                    - item: e
                      width: 40
                      when: {minWidth: 1000}
                    - item: f
                - hgroup: g3
                  height: 50
                  children:
                    - item: h
                    - item: i
                    - item: j
            """
        expectFrames(yaml, [F("main", 0, 0, 300, 150),
                            F("g1", 0, 0, 300, 50), F("a", 0, 0, 50, 50), F("b", 50, 0, 60, 50), F("c", 110, 0, 70, 50),
                            F("g2", 0, 50, 300, 50), F("d", 0, 50, 145, 50), F("f", 155, 50, 145, 50),
                            F("g3", 0, 100, 300, 50), F("h", 0, 100, 100, 50), F("i", 100, 100, 100, 50),
                            F("j", 200, 100, 100, 50)])
    }
}
