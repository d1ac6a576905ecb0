// `/events` (server-sent events: `changed` when the store changed) and the static files.
import Hummingbird
import ServiceLifecycle

extension App {
  func addEventRoutes(to router: Router<BasicRequestContext>) {
    router.get("/events") { request, _ in
      // The generation the page shows: it is told only of newer ones, so the page a write
      // lands on is not reloaded for the write it already shows, and a change made between
      // the page's rendering and this request is told at once instead of never.
      let since = FormFields(query: request.uri.query ?? "")["since"].flatMap { Int($0) }
      let (id, stream) = await self.feed.subscribe()
      let feed = self.feed
      let current = await self.library.generation
      return Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
        body: ResponseBody { writer in
          // A page that reconnects after a restart tries again within a second.
          try await writer.write(ByteBuffer(string: "retry: 1000\n: live\n\n"))
          var told = since ?? current
          if current > told {
            try await writer.write(ByteBuffer(string: "event: changed\ndata: \(current)\n\n"))
            told = current
          }
          // Ends on shutdown too: an open page must never hold Ctrl-C up.
          do {
            try await withGracefulShutdownHandler {
              for await generation in stream {
                if generation > told {
                  try await writer.write(
                    ByteBuffer(string: "event: changed\ndata: \(generation)\n\n"))
                  told = generation
                } else {
                  // The watcher's heartbeat: a page that went away fails this write, and its
                  // stream ends (it was kept until the next change before).
                  try await writer.write(ByteBuffer(string: ": alive\n\n"))
                }
              }
            } onGracefulShutdown: {
              Task { await feed.unsubscribe(id) }
            }
          } catch {
            await feed.unsubscribe(id)
            throw error
          }
          await feed.unsubscribe(id)
          try await writer.finish(nil)
        })
    }
    router.get("/static/app.css") { _, _ in
      App.asset(self.pages.styles, type: "text/css; charset=utf-8")
    }
    router.get("/static/app.js") { _, _ in
      App.asset(self.pages.script, type: "text/javascript; charset=utf-8")
    }
  }

  static func asset(_ bytes: ByteBuffer, type: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
      body: ResponseBody(byteBuffer: bytes))
  }
}
