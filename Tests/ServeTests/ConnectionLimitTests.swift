// Connections that cannot hold the app: a head that trickles in, a body that trickles in, a
// keep-alive connection left idle, and more connections than the app takes at once. The
// limits are made short for the tests through the app's environment variables
// (`ConnectionLimits.variables`); the tests wait on the server's events, never on a clock.
import Foundation
import Testing

@Suite struct ConnectionLimitTests {
  /// 200 clients each sending a request's head one line at a time, as slowly as a client may
  /// that wants to hold the connection: each is closed within the head deadline (1 s here,
  /// 10 s by default), while an honest client is served meanwhile.
  @Test func tricklingHeadsAreClosedAndAnHonestClientIsServed() throws {
    let app = try ServedApp(env: ["HOLDER_GIT_SERVE_HEAD_SECONDS": "1"])
    let started = Date()
    var clients: [RawConnection] = []
    for _ in 0..<200 {
      let client = try #require(RawConnection(port: app.port))
      client.send("GET / HTTP/1.1\r\n")
      clients.append(client)
    }
    var honest: HTTPReply?
    var line = 0
    // One header line more on each open connection each time round, never the blank line
    // that ends the head.
    while clients.contains(where: { !$0.isClosed }) && Date().timeIntervalSince(started) < 20 {
      line += 1
      for client in clients where !client.isClosed {
        if !client.send("X-Slow-\(line): still coming\r\n") { client.readAvailable(timeout: 0) }
      }
      if honest == nil && line == 2 { honest = try app.get("/health") }
      RawConnection.readAny(clients, timeout: 0.2)
    }
    #expect(honest?.status == 200, "an honest client is answered while 200 connections trickle")
    #expect(clients.filter { !$0.isClosed }.isEmpty, "every trickling connection was closed")
    let times = clients.compactMap { $0.closedAt?.timeIntervalSince($0.opened) }
    #expect(times.count == 200)
    // Closed for its head's deadline (1 s), not at once and not much later.
    #expect(times.min() ?? 0 >= 0.9, "closed too early: \(times.min() ?? 0) s")
    #expect(times.max() ?? 99 < 6, "closed too late: \(times.max() ?? 99) s")
    // None was answered: the request never began.
    #expect(clients.filter { !$0.received.isEmpty }.isEmpty)
    // The app's output is read on another thread: its last lines may still be on their way.
    let closedLine = "its request's head did not arrive whole within 1 s"
    let logged = app.waitForPrinted { $0.components(separatedBy: closedLine).count - 1 >= 200 }
    #expect(logged, "one log line per connection closed:\n\(app.printed)")
    #expect(app.printed.components(separatedBy: closedLine).count - 1 == 200)
  }

  /// A keep-alive connection is served twice, then closed once idle (1 s here, 60 s by
  /// default); the head deadline does not close a connection between requests.
  @Test func aKeepAliveConnectionLeftIdleIsClosed() throws {
    let app = try ServedApp(
      env: ["HOLDER_GIT_SERVE_IDLE_SECONDS": "1", "HOLDER_GIT_SERVE_HEAD_SECONDS": "0.5"])
    let client = try #require(RawConnection(port: app.port))
    let request = "GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\n\r\n"
    client.send(request)
    #expect(client.read(until: "}", timeout: 10).hasPrefix("HTTP/1.1 200"))
    client.send(request)
    let both = client.read(until: { $0.components(separatedBy: "}").count == 3 }, timeout: 10)
    #expect(both.components(separatedBy: "HTTP/1.1 200").count == 3, "served twice: \(both)")
    #expect(!client.isClosed)
    let answered = Date()
    #expect(client.readUntilClosed(timeout: 10), "the idle connection was closed")
    let idle = Date().timeIntervalSince(answered)
    #expect(idle >= 0.9 && idle < 6, "closed after \(idle) s idle")
  }

  /// A body that trickles in is cut at its deadline (1 s here, 120 s by default).
  @Test func aTricklingBodyIsClosed() throws {
    let app = try ServedApp(env: ["HOLDER_GIT_SERVE_BODY_SECONDS": "1"])
    let client = try #require(RawConnection(port: app.port))
    client.send(
      "POST /import HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nOrigin: http://127.0.0.1:\(app.port)\r\n"
        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n")
    let sent = Date()
    while !client.isClosed && Date().timeIntervalSince(sent) < 15 {
      if !client.send("aaaa") { break }
      client.readAvailable(timeout: 0.2)
    }
    #expect(client.readUntilClosed(timeout: 10))
    let took = Date().timeIntervalSince(sent)
    #expect(took >= 0.9 && took < 6, "closed after \(took) s")
    #expect(app.waitForLine("its request's body did not arrive whole within 1 s") != nil)
  }

  /// Past the cap (3 here, 512 by default) a new connection is answered 503 and closed, and
  /// once one closes the app takes connections again.
  @Test func connectionsPastTheCapAreAnswered503() throws {
    let app = try ServedApp(
      env: ["HOLDER_GIT_SERVE_MAX_CONNECTIONS": "3", "HOLDER_GIT_SERVE_HEAD_SECONDS": "30"])
    // Each held connection is answered once and kept open: counted before the next one opens
    // (connections are taken in on several threads, in no set order).
    var held: [RawConnection] = []
    for _ in 0..<3 {
      let connection = try #require(RawConnection(port: app.port))
      connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\n\r\n")
      #expect(connection.read(until: "}", timeout: 10).hasPrefix("HTTP/1.1 200"))
      held.append(connection)
    }
    do {
      // Closed by the test once answered, as a client does; the app closes only its side.
      let extra = try #require(RawConnection(port: app.port))
      #expect(extra.readUntilClosed(timeout: 10))
      #expect(extra.receivedText.hasPrefix("HTTP/1.1 503"), "\(extra.receivedText)")
      #expect(extra.receivedText.contains("Too many connections"))
    }
    #expect(app.waitForLine("refused a connection from 127.0.0.1: 3 are open already") != nil)
    held.removeFirst()
    // The app counts the closed connection as soon as it sees it close.
    let deadline = Date().addingTimeInterval(10)
    var status = 0
    while status != 200 && Date() < deadline {
      status = (try? app.get("/health"))?.status ?? 0
    }
    #expect(status == 200)
    #expect(held.count == 2)
  }
}
