import NIOCore

/// The first handler of a connection's pipeline, in front of SwiftNIO's HTTP decoder: it holds
/// each request head until it has arrived whole and passed `RequestHead`'s checks, then hands it
/// (and its body) to the decoder, so that the server's guarantees hold whatever the decoder
/// tolerates.
///
/// - A head that cannot be framed, or that the server refuses (`RequestHead`), is answered with
///   the reason as plain text (`RequestHead.Rejection.response`), after the responses to the
///   connection's earlier requests, and the connection closes; the decoder never sees it. NIO's
///   decoder (llhttp) would skip empty lines, accept folded header lines, chunked bodies and
///   doubled spaces, and close a connection it cannot frame with an empty 400.
/// - A head must arrive whole within `headTimeout` of the connection's start (the first) or of
///   its first byte (later ones: a kept-alive connection may wait for its next request), else it
///   is 408 (a slowloris sends a byte and waits).
/// - An event stream (`GET /events`) takes one of the table's stream places, or is 503.
///
/// After a refusal the connection's output is shut and what the client still sends is read and
/// dropped for `lingering`, so that closing with unread bytes does not reset the connection
/// before the client reads the answer.
final class HeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// How long a refused connection is still read after its answer.
    static let lingering: TimeAmount = .seconds(1)

    private let connections: ConnectionTable
    private let id: Int
    private let headTimeout: Duration
    private var context: ChannelHandlerContext?
    /// Bytes of the next request head, not yet handed on.
    private var pending: [UInt8] = []
    /// Bytes of the current request's body still to hand on as they come.
    private var bodyLeft = 0
    /// Requests handed on whose responses have not ended.
    private var unanswered = 0
    private var deadline: Scheduled<Void>?
    private var timedFirstHead = false
    /// Set once a head is refused: nothing more is handed on.
    private var refusal: RequestHead.Rejection?
    private var refusalSent = false
    private var lingerer: Scheduled<Void>?

    init(connections: ConnectionTable, id: Int, headTimeout: Duration) {
        self.connections = connections
        self.id = id
        self.headTimeout = headTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { timeFirstHead(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        lingerer?.cancel()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        timeFirstHead(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        lingerer?.cancel()
        // Forgotten once closed: the table never ends a connection twice.
        connections.remove(id)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's bytes are dropped.
        guard refusal == nil else { return }
        var buffer = unwrapInboundIn(data)
        var handOn: ByteBuffer?
        if bodyLeft > 0 {
            let count = min(bodyLeft, buffer.readableBytes)
            handOn = buffer.readSlice(length: count)
            bodyLeft -= count
        }
        if buffer.readableBytes > 0 { pending.append(contentsOf: buffer.readableBytesView) }
        var refused: RequestHead.Rejection?
        while bodyLeft == 0, !pending.isEmpty {
            switch RequestHead.scan(pending[...]) {
            case .rejected(let rejection):
                refused = rejection
            case .complete(let headLength, let bodyLength):
                if !Self.targetIsAPath(pending[..<headLength]) {
                    // NIO's decoder closes the connection on such a target with an empty 400;
                    // the handler's answer says why.
                    refused = RequestHead.Rejection(status: 400, phrase: "Bad Request", reason: RequestTarget.notAPath, isJSON: true)
                    break
                }
                if Self.isEventStream(pending[..<headLength]) {
                    guard connections.beginStream(id) else {
                        refused = RequestHead.Rejection(status: 503, phrase: "Service Unavailable",
                                                        reason: "\(connections.streamCapacity) event streams are open, the most the server holds")
                        break
                    }
                } else {
                    connections.set(id, .forwarded)
                }
                let available = min(bodyLength, pending.count - headLength)
                if handOn == nil { handOn = context.channel.allocator.buffer(capacity: headLength + available) }
                handOn?.writeBytes(pending[..<(headLength + available)])
                pending.removeFirst(headLength + available)
                bodyLeft = bodyLength - available
                unanswered += 1
                deadline?.cancel()
                deadline = nil
                continue
            case .incomplete:
                // A head under way: it must arrive whole in time.
                if deadline == nil, !pending.isEmpty {
                    startDeadline(context)
                    connections.set(id, .readingHead)
                }
            }
            break
        }
        if let handOn, handOn.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(handOn)) }
        if let refused { refuse(refused) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client is done sending: a refused connection closes now.
        if refusalSent, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Part of a response was written (`ResponseEnds`); `ended`: the whole of it.
    func responded(ended: Bool) {
        connections.responded(id)
        guard ended else { return }
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, refusal != nil { sendRefusal() }
    }

    private func timeFirstHead(_ context: ChannelHandlerContext) {
        guard !timedFirstHead else { return }
        timedFirstHead = true
        startDeadline(context)
    }

    private func startDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(headTimeout)) { [self] in
            deadline = nil
            refuse(RequestHead.Rejection(status: 408, phrase: "Request Timeout",
                                         reason: "the request head did not arrive within \(Self.spoken(headTimeout))"))
        }
    }

    /// Answers `rejection` once the earlier requests are answered, then closes.
    private func refuse(_ rejection: RequestHead.Rejection) {
        guard refusal == nil else { return }
        refusal = rejection
        pending = []
        deadline?.cancel()
        deadline = nil
        if unanswered == 0 { sendRefusal() }
    }

    private func sendRefusal() {
        guard !refusalSent, let rejection = refusal, let context else { return }
        refusalSent = true
        let written = context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: rejection.response)))
        written.assumeIsolated().whenComplete { [self] result in
            guard case .success = result, let context = self.context else {
                self.context?.close(promise: nil)
                return
            }
            context.close(mode: .output, promise: nil)
            lingerer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingering) { [self] in
                self.context?.close(promise: nil)
            }
        }
    }

    /// Whether a head asks for the event stream (`GET /events`, with or without a query).
    static func isEventStream(_ head: ArraySlice<UInt8>) -> Bool {
        let prefix = Array("GET /events".utf8)
        guard head.count > prefix.count, head.prefix(prefix.count).elementsEqual(prefix) else { return false }
        let next = head[head.startIndex + prefix.count]
        return next == UInt8(ascii: " ") || next == UInt8(ascii: "?")
    }

    /// Whether the target of a head (whose request line `RequestHead` checked) starts with `/`,
    /// or is `*` (which the handler refuses as it refuses a target that does not decode).
    static func targetIsAPath(_ head: ArraySlice<UInt8>) -> Bool {
        guard let space = head.firstIndex(of: UInt8(ascii: " ")), space + 1 < head.endIndex else { return false }
        return head[space + 1] == UInt8(ascii: "/") || head[space + 1] == UInt8(ascii: "*")
    }

    /// "5 s", "300 ms".
    static func spoken(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
