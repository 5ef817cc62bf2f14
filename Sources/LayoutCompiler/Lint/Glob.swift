/// Path globs of `.layoutlint.yml` (`exclude`, `overrides[].files`), relative to the directory
/// of the configuration file: `*` matches within one path component, `**` across components
/// (`**/` also matches no component), `?` one character. A pattern without `/` matches at any
/// depth (`*.draft.layout.yaml`), as in .gitignore.
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let tokens: [Token]

    enum Token: Hashable {
        case character(Character)
        case any          // ?
        case star         // *
        case globstar     // ** (and a following /)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        if text.hasSuffix("/") { text.removeLast() }
        if !text.contains("/") { text = "**/" + text }
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if c == "*" {
                if index + 1 < characters.count, characters[index + 1] == "*" {
                    index += 2
                    if index < characters.count, characters[index] == "/" { index += 1 }
                    tokens.append(.globstar)
                    continue
                }
                tokens.append(.star)
            } else if c == "?" {
                tokens.append(.any)
            } else {
                tokens.append(.character(c))
            }
            index += 1
        }
        self.tokens = tokens
    }

    /// Whether the relative path (components separated by `/`) matches. O(pattern × path).
    public func matches(_ path: String) -> Bool {
        let text = Array(path)
        // reachable[j]: the tokens so far can match text[0..<j].
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch token {
            case .character(let c):
                for j in 0..<text.count where reachable[j] && text[j] == c { next[j + 1] = true }
            case .any:
                for j in 0..<text.count where reachable[j] && text[j] != "/" { next[j + 1] = true }
            case .star:
                for j in 0...text.count {
                    next[j] = reachable[j] || (j > 0 && next[j - 1] && text[j - 1] != "/")
                }
            case .globstar:
                // Any run of characters that ends at a component boundary (or the end).
                var open = false
                for j in 0...text.count {
                    if reachable[j] { open = true }
                    if open && (j == text.count || j == 0 && reachable[0] || (j > 0 && text[j - 1] == "/")) { next[j] = true }
                    if reachable[j] && (j == 0 || text[j - 1] == "/") { next[j] = true }
                }
            }
            reachable = next
        }
        return reachable[text.count]
    }

    /// Whether the path or one of the directories it lies in matches.
    public func matchesPathOrAncestor(_ path: String) -> Bool {
        if matches(path) { return true }
        var prefix = Substring(path)
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[..<slash]
            if matches(String(prefix)) { return true }
        }
        return false
    }
}
