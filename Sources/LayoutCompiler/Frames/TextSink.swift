/// Where writers of text put it: a `TextBuffer`, or a `TextChunk` on the stack that a line's
/// fixed part is written into first.
package protocol TextSink {
    mutating func write(_ text: StaticString)
    @_disfavoredOverload
    mutating func write(_ text: String)
    mutating func write(number value: Double)
}
