import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Synchronization

/// A connection of `layoutc serve`, as Hummingbird's HTTP/1 child channel (`HTTP1Channel`) sets
/// one up, with what the preview server adds around SwiftNIO's HTTP codec:
///
/// - a place in the `ConnectionTable` (admitted, or made room for, as SwiftNIO hands the
///   connection over; refused with 503 when every place is busy);
/// - `HeadGuard` in front of NIO's decoder: each request head checked whole before the decoder
///   sees it (`RequestHead`), within the head timeout, and refused with its reason;
/// - `ResponseEnds` behind the codec, which tells the guard when a response is written whole, so
///   that a refusal follows the answers to the connection's earlier requests.
///
/// Requests are then served by Hummingbird's own loop (`handleHTTP`), one after the other.
struct PreviewChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = AcceptedConnection

    let responder: HTTPChannelHandler.Responder
    let connections: ConnectionTable
    let headTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let shut: @Sendable () -> Void = { [weak channel] in
                // Always later, on the channel's own loop: never inside the table's lock.
                guard let channel else { return }
                channel.eventLoop.execute { channel.close(promise: nil) }
            }
            guard let id = connections.admitNow(shut: shut) else {
                try channel.pipeline.syncOperations.addHandler(Refusal(capacity: connections.capacity))
                return AcceptedConnection(try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true)))
            }
            let guardHandler = HeadGuard(connections: connections, id: id, headTimeout: headTimeout)
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // Hummingbird's loop reads one request at a time
                withErrorHandling: false,  // heads NIO could not decode are refused before it sees them
                withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: .init()
            )
            try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
            try channel.pipeline.syncOperations.addHandler(ClosingRequests())
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try channel.pipeline.syncOperations.addHandler(ResponseEnds(guardHandler: guardHandler))
            return AcceptedConnection(try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true)))
        }
    }

    func handle(value connection: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: connection.served(), logger: logger)
    }

    /// A connection as SwiftNIO hands it to the server, closed should the server never serve it.
///
/// A connection accepted as the server stops can be left in the listener's queue, never served:
/// its `NIOAsyncChannel` was then released unfinished and SwiftNIO trapped ("Deinited
/// NIOAsyncWriter without calling finish()", apple/swift-nio#3481), about one stop in ten in the
/// tests. Released unserved, this closes it through `executeThenClose`, which finishes it.
final class AcceptedConnection: ServerChildChannelValue, @unchecked Sendable {
    private let connection: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
    private let isServed = Atomic<Bool>(false)

    init(_ connection: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>) {
        self.connection = connection
    }

    var channel: any Channel { connection.channel }

    /// The connection, to be served (and closed) by the caller.
    func served() -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart> {
        isServed.store(true, ordering: .releasing)
        return connection
    }

    deinit {
        guard !isServed.load(ordering: .acquiring) else { return }
        let connection = self.connection
        Task { try? await connection.executeThenClose { _, _ in } }
    }
}

/// A connection over capacity that no other could make room for: 503, then closed.
    final class Refusal: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
        }

        func channelActive(context: ChannelHandlerContext) {
            let rejection = RequestHead.Rejection(status: 503, phrase: "Service Unavailable",
                                                  reason: "the server holds \(capacity) connections, its most; try again")
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(bytes: rejection.response))).whenComplete { _ in
                channel.close(promise: nil)
            }
        }

        /// What it sends meanwhile is dropped.
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    }
}

/// A request after which the connection is to close (HTTP/1.0 without `keep-alive`, or a
/// `Connection` list that holds `close`) says `Connection: close` alone: that is what
/// Hummingbird's loop looks for to end the connection after the response (the HTTP types it
/// reads carry no version). So does a request to upgrade the connection or to tunnel
/// (`Upgrade`, `CONNECT`): NIO's decoder reads nothing after it, and the server upgrades nothing.
final class ClosingRequests: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive || head.method == .CONNECT || head.headers.contains(name: "upgrade"),
              head.headers["connection"] != ["close"] else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}

/// Tells `HeadGuard` when part of a response is written, and when it has been written whole (its
/// end passed to the encoder).
final class ResponseEnds: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart
    private let guardHandler: HeadGuard

    init(guardHandler: HeadGuard) {
        self.guardHandler = guardHandler
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        // The encoder has passed the response's last bytes to the guard by now: what it writes
        // next comes after them.
        guardHandler.responded(ended: isEnd)
    }
}
