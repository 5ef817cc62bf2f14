import Foundation
import LayoutCompiler
import Testing

/// docs/format.md §6 end to end: `layoutc frames` on the examples of layouts/ with content sizes,
/// hidden nodes and right to left, and the usage errors of §6.6. Expected frames worked out by
/// hand (comments).
@Suite("layoutc frames with docs/format.md §6")
struct RealScreenFramesTests {
    static let layouts = CommandLine_.packageRoot.appendingPathComponent("layouts")

    func run(_ arguments: String...) throws -> CommandLine_.Output {
        try CommandLine_.run(["frames"] + arguments, in: Self.layouts)
    }

    @Test("Profile: a square avatar, a content-sized name, a capped bio; left to right")
    func profile() throws {
        // screen: the safe area (0, 59, 390, 751), inner (16, 75, 358, 719).
        // header: height 72, fills 358 (maxWidth 600 does not bind); avatar aspect 1: 72 × 72;
        // name: its content 140 × 24, centred across: y = 75 + (72 − 24) / 2 = 99, x = 16 + 72 + 12;
        // verified: 20 × 20 at x = 100 + 140 + 12, y = 75 + 26; bio: 358 wide (flexible), 96 high;
        // actions: y = 163 + 96 + 16, two flexible buttons (358 − 12) / 2 = 173 each.
        let out = try run("Profile.layout.yaml", "--sizes", "name=140x24", "--sizes", "bio=358x96", "--format", "csv")
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout == """
            layout,name,kind,x,y,width,height
            Profile,screen,vgroup,0,59,390,751
            Profile,header,hgroup,16,75,358,72
            Profile,avatar,item,16,75,72,72
            Profile,name,item,100,99,140,24
            Profile,verified,item,252,101,20,20
            Profile,bio,item,16,163,358,96
            Profile,actions,hgroup,16,275,358,44
            Profile,follow,item,16,275,173,44
            Profile,message,item,201,275,173,44

            """)
    }

    @Test("Profile right to left with the badge hidden: every frame mirrored, the badge left out")
    func profileRightToLeft() throws {
        // x' = 390 − x − width: avatar 390 − 16 − 72 = 302, name 390 − 100 − 140 = 150,
        // follow 390 − 16 − 173 = 201.
        let out = try run("Profile.layout.yaml", "--sizes", "name=140x24", "--sizes", "bio=358x96",
                          "--direction", "rtl", "--hide", "verified", "--format", "json")
        #expect(out.status == 0)
        #expect(out.stdout == """
            {"layouts": [
              {"layout": "Profile", "size": {"width": 390, "height": 844}, "direction": "rtl", "frames": [
                {"name": "screen", "kind": "vgroup", "x": 0, "y": 59, "width": 390, "height": 751},
                {"name": "header", "kind": "hgroup", "x": 16, "y": 75, "width": 358, "height": 72},
                {"name": "avatar", "kind": "item", "x": 302, "y": 75, "width": 72, "height": 72},
                {"name": "name", "kind": "item", "x": 150, "y": 99, "width": 140, "height": 24},
                {"name": "bio", "kind": "item", "x": 16, "y": 163, "width": 358, "height": 96},
                {"name": "actions", "kind": "hgroup", "x": 16, "y": 275, "width": 358, "height": 44},
                {"name": "follow", "kind": "item", "x": 201, "y": 275, "width": 173, "height": 44},
                {"name": "message", "kind": "item", "x": 16, "y": 275, "width": 173, "height": 44}
              ]}
            ]}

            """)
    }

    @Test("VideoCard: a 16:9 player, a title capped at two lines, a content-sized duration")
    func videoCard() throws {
        // inner 366 wide; player 366 × 366 ÷ (16/9) = 205.875; playButton centred:
        // 12 + 183 − 28 = 167, 12 + 102.9375 − 28 = 86.9375; duration trailing/bottom 8:
        // 12 + 366 − 8 − 44 = 326, 12 + 205.875 − 8 − 20 = 189.875; title 60 high capped to 44
        // at 12 + 205.875 + 8; meta 8 below it.
        let out = try run("VideoCard.layout.yaml", "--sizes", "duration=44x20", "--sizes", "title=366x60",
                          "--sizes", "channel=80x16", "--format", "csv")
        #expect(out.status == 0)
        #expect(out.stdout == """
            layout,name,kind,x,y,width,height
            VideoCard,card,vgroup,0,0,390,340
            VideoCard,player,overlay,12,12,366,205.875
            VideoCard,video,item,12,12,366,205.875
            VideoCard,playButton,item,167,86.9375,56,56
            VideoCard,duration,item,326,189.875,44,20
            VideoCard,title,item,12,225.875,366,44
            VideoCard,meta,hgroup,12,277.875,366,16
            VideoCard,channel,item,12,277.875,80,16
            VideoCard,liveBadge,item,100,277.875,36,16

            """)
        let rtl = try run("VideoCard.layout.yaml", "--sizes", "duration=44x20", "--sizes", "title=366x60",
                          "--sizes", "channel=80x16", "--format", "csv", "--direction", "rtl", "--hide", "liveBadge")
        #expect(rtl.stdout.contains("VideoCard,duration,item,20,189.875,44,20\n"))
        #expect(rtl.stdout.contains("VideoCard,channel,item,298,277.875,80,16\n"))
        #expect(!rtl.stdout.contains("liveBadge"))
    }

    @Test("a content size not given: itemIncomplete at the item, saying how to give it")
    func missingContentSize() throws {
        let out = try run("VideoCard.layout.yaml")
        #expect(out.status == 1)
        #expect(out.stderr == "VideoCard.layout.yaml:27:7: error: dynamic item 'title' has no content size; give it with --sizes title=WxH [itemIncomplete]\n")
    }

    @Test("usage errors of §6.6: exit 64, the flag named", arguments: [
        (["--hide", "avatar"], "error: --hide names 'avatar', which is not an optional node of Profile.layout.yaml\n"),
        (["--sizes", "name=140x24,150x24"],
         "error: --sizes name takes exactly one size (WxH), its content size: 'name' is a dynamic item outside a flow, and 2 were given\n"),
        (["--sizes", "name=140x24", "--sizes", "name=150x24"],
         "error: --sizes gives 'name' more than once; give all its sizes in one --sizes name=WxH,WxH,...\n"),
        (["--sizes", "avatar=10x10"], "error: --sizes names 'avatar', which is not a dynamic item of Profile.layout.yaml\n"),
    ])
    func usage(arguments: [String], message: String) throws {
        let out = try CommandLine_.run(["frames", "Profile.layout.yaml"] + arguments, in: Self.layouts)
        #expect(out.status == 64)
        #expect(out.stdout == "")
        #expect(out.stderr == message)
    }

    @Test("a bad --direction is argument-parser's usage error")
    func badDirection() throws {
        let out = try run("Profile.layout.yaml", "--direction", "up")
        #expect(out.status == 64)
        #expect(out.stderr.contains("--direction"))
    }
}
