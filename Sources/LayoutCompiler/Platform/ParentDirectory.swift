/// A path without its last component: what `NSString.deletingLastPathComponent` gave, without
/// Foundation (which `layoutc` does not load on Linux). Repeated slashes count as one and a
/// trailing slash is ignored; "/a" gives "/", "a" gives "", "/" and "" stay as they are.
package enum ParentDirectory {
    package static func of(_ path: String) -> String {
        var fixed: [UInt8] = []
        fixed.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == UInt8(ascii: "/") && fixed.last == UInt8(ascii: "/")) {
            fixed.append(byte)
        }
        if fixed.count > 1, fixed.last == UInt8(ascii: "/") { fixed.removeLast() }
        if fixed.isEmpty || fixed == [UInt8(ascii: "/")] { return String(decoding: fixed, as: UTF8.self) }
        guard let slash = fixed.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == 0 { return "/" }
        return String(decoding: fixed[..<slash], as: UTF8.self)
    }
}
