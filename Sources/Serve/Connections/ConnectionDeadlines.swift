// The deadlines of one connection, and the count of connections open: a NIO handler in each
// connection's pipeline, between Hummingbird's HTTP decoding and its request handling, so it
// sees where each request's head and body end and where each answer ends. A head must arrive
// whole within `ConnectionLimits.head` (however it trickles in: the deadline is not reset by
// each read), a body within `ConnectionLimits.body`; past the cap a new connection is answered
// 503 and closed. An answer being written has no deadline: the live page's event stream is one
// long answer.
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// How many connections are open, shared by every connection's handler.
final class OpenConnections: Sendable {
  private let count = Atomic(0)

  /// Counts one more; its new count.
  func opened() -> Int { count.add(1, ordering: .relaxed).newValue }

  func closed() { count.subtract(1, ordering: .relaxed) }
}

/// Holds one connection to the head's and the body's deadlines, and counts it among the open
/// ones (answering 503 past the cap).
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private enum Phase {
    /// Between requests; `started` once a byte of the next one came.
    case waitingForHead(started: Bool)
    case readingBody
    case answering
  }

  private let limits: ConnectionLimits
  private let open: OpenConnections
  private var phase = Phase.waitingForHead(started: false)
  private var deadline: Scheduled<Void>?
  /// Requests begun and not answered yet (a client may send the next one early, and an
  /// answer may end before its request's body: a refusal).
  private var unanswered = 0
  private var counted = false
  /// Answered 503: what the client sends is read and dropped, never handled.
  private var refused = false
  private var context: ChannelHandlerContext?

  init(limits: ConnectionLimits, open: OpenConnections) {
    self.limits = limits
    self.open = open
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    // Bytes are seen before decoding too, so the head's deadline starts at its first byte,
    // not at the end of the idle time before it.
    try? context.pipeline.syncOperations.addHandler(
      FirstBytes(owner: self), position: .first)
    if context.channel.isActive { start(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    disarm()
    self.context = nil
  }

  private func start(_ context: ChannelHandlerContext) {
    guard !counted else { return }
    counted = true
    let open = self.open
    let count = open.opened()
    context.channel.closeFuture.whenComplete { _ in open.closed() }
    guard count <= limits.connections else {
      ServeLog.write(
        "refused a connection from \(Self.peer(context)): \(limits.connections) are open already")
      refuse(context)
      return
    }
    // The head's deadline runs from the connection's start: a client that connects and
    // sends nothing is closed as one that trickles.
    phase = .waitingForHead(started: true)
    arm(context, limits.head, "its request's head did not arrive whole within")
  }

  /// Called by `FirstBytes` for every read, before decoding.
  fileprivate func bytesArrived() {
    guard case .waitingForHead(started: false) = phase, let context else { return }
    phase = .waitingForHead(started: true)
    arm(context, limits.head, "its request's head did not arrive whole within")
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if refused { return }
    switch unwrapInboundIn(data) {
    case .head:
      unanswered += 1
      phase = .readingBody
      arm(context, limits.body, "its request's body did not arrive whole within")
    case .body:
      break
    case .end:
      disarm()
      phase = unanswered > 0 ? .answering : .waitingForHead(started: false)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) {
      unanswered = max(0, unanswered - 1)
      if unanswered == 0, case .answering = phase { phase = .waitingForHead(started: false) }
    }
    context.write(data, promise: promise)
  }

  /// Closes the connection in `time` unless disarmed first; `reason` goes to the log.
  private func arm(_ context: ChannelHandlerContext, _ time: TimeAmount, _ reason: String?) {
    disarm()
    let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: time) {
      let (handler, context) = loopBound.value
      handler.deadline = nil
      if let reason {
        ServeLog.write(
          "closed a connection from \(Self.peer(context)): \(reason) \(Self.seconds(time))")
      }
      context.close(promise: nil)
    }
  }

  private func disarm() {
    deadline?.cancel()
    deadline = nil
  }

  /// Answers 503 before any request is read, and closes.
  ///
  /// Only the sending side at first: a socket closed with the client's request unread would be
  /// reset, and the client could lose the answer. The client closes its side once it has read
  /// it; one that does not is closed at the head's deadline.
  private func refuse(_ context: ChannelHandlerContext) {
    refused = true
    let text = "Too many connections are open; try again in a moment.\n"
    let head = HTTPResponse(
      status: .serviceUnavailable,
      headerFields: [
        .contentType: "text/plain; charset=utf-8", .contentLength: "\(text.utf8.count)",
        .connection: "close", .retryAfter: "5",
      ])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(
      wrapOutboundOut(.body(context.channel.allocator.buffer(string: text))), promise: nil)
    let written = context.eventLoop.makePromise(of: Void.self)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    written.futureResult.whenComplete { _ in
      let context = loopBound.value
      let halfClosed = context.eventLoop.makePromise(of: Void.self)
      halfClosed.futureResult.whenFailure { _ in loopBound.value.close(promise: nil) }
      context.close(mode: .output, promise: halfClosed)
    }
    arm(context, limits.head, nil)
  }

  private static func peer(_ context: ChannelHandlerContext) -> String {
    context.channel.remoteAddress?.ipAddress ?? "an unknown address"
  }

  private static func seconds(_ time: TimeAmount) -> String {
    let milliseconds = time.nanoseconds / 1_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}

/// Tells its owner of every read on the connection, before any decoding: the start of a
/// request's head is a byte, long before it is a head.
private final class FirstBytes: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let owner: ConnectionDeadlines

  init(owner: ConnectionDeadlines) {
    self.owner = owner
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    owner.bytesArrived()
    context.fireChannelRead(data)
  }
}
