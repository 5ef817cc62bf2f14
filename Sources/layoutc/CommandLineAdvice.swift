import LayoutCompiler

extension InputAdvice {
    /// What `layoutc frames` says to pass.
    static let frames = InputAdvice(containerSize: "pass --size WxH or give it 'size: [width, height]'",
                                    dynamicSizes: { "give them with --sizes \($0)=WxH,WxH,…" },
                                    contentSize: { "give it with --sizes \($0)=WxH" },
                                    measure: { "give its text with --wrap \($0)=WxL (one-line width x line height)" })
    /// What `layoutc preview` says to pass.
    static let preview = InputAdvice(containerSize: "pass --size WxH or --device NAME, or give it 'size: [width, height]'",
                                     dynamicSizes: { "give them with --sizes \($0)=WxH,WxH,…" },
                                    contentSize: { "give it with --sizes \($0)=WxH" },
                                     measure: { "give its text with --wrap \($0)=WxL (one-line width x line height)" })
}

extension FramesRequest.UsageProblem {
    /// The usage error's text, naming the flag; `source` is the layout or file.
    func message(in source: String) -> String {
        switch self {
        case .unknownSizesName(let name):
            return "--sizes names '\(name)', which is not a dynamic item of \(source)"
        case .repeatedSizesName(let name):
            return "--sizes gives '\(name)' more than once; give all its sizes in one --sizes \(name)=WxH,WxH,..."
        case .contentSizeCount(let name, let given):
            return "--sizes \(name) takes exactly one size (WxH), its content size: '\(name)' is a dynamic item outside a flow, and \(given) were given"
        case .unknownHiddenName(let name):
            return "--hide names '\(name)', which is not an optional node of \(source)"
        case .sizesForWrapItem(let name):
            return "--sizes names '\(name)', a wrap item of \(source): give its text with --wrap \(name)=WxL (one-line width x line height)"
        case .unknownWrapName(let name, let isDynamic):
            return "--wrap names '\(name)', which is not a wrap item (dynamic: wrap) of \(source)"
                + (isDynamic ? "; a dynamic item takes --sizes \(name)=WxH" : "")
        case .unknownFlagName(let name):
            return "--flag names '\(name)', which is not a flag of \(source) (a name in a 'when: {flag: …}' or 'unless')"
        case .repeatedFlagName(let name):
            return "--flag gives '\(name)' more than once; give each flag once"
        case .unknownParameterName(let name, let known):
            return "--param names '\(name)', which is not a parameter of \(source)"
                + (known.isEmpty ? " (it has none)" : " (its parameters: \(known.joined(separator: ", ")))")
        case .repeatedParameterName(let name):
            return "--param gives '\(name)' more than once; give one --param \(name)=NUMBER"
        case .repeatedWrapName(let name):
            return "--wrap gives '\(name)' more than once; give one --wrap \(name)=WxL"
        }
    }
}
