import LayoutCompiler

extension InputAdvice {
    /// What `layoutc frames` says to pass.
    static let frames = InputAdvice(containerSize: "pass --size WxH or give it 'size: [width, height]'",
                                    dynamicSizes: { "give them with --sizes \($0)=WxH,WxH,…" },
                                    contentSize: { "give it with --sizes \($0)=WxH" })
    /// What `layoutc preview` says to pass.
    static let preview = InputAdvice(containerSize: "pass --size WxH or --device NAME, or give it 'size: [width, height]'",
                                     dynamicSizes: { "give them with --sizes \($0)=WxH,WxH,…" },
                                    contentSize: { "give it with --sizes \($0)=WxH" })
}
