// Live updates (issue 19, item 4): the watcher brings the in-memory index up to date every
// 300 ms (HEAD, then an lstat of the known files and folders: a hand edit, a CLI command or a
// `git pull` shows) and tells every open page through server-sent events.
import Foundation
import ServiceLifecycle

/// The open event streams, told the store's new generation when it changes.
actor ChangeFeed {
  private var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]

  func subscribe() -> (UUID, AsyncStream<Int>) {
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    listeners[id] = continuation
    return (id, stream)
  }

  func unsubscribe(_ id: UUID) {
    listeners.removeValue(forKey: id)?.finish()
  }

  func publish(_ generation: Int) {
    for listener in listeners.values { listener.yield(generation) }
  }

  /// Ends every stream, so shutting down never waits for an open page.
  func finishAll() {
    for listener in listeners.values { listener.finish() }
    listeners.removeAll()
  }
}

/// The poll that keeps the index current, as a service of the app.
struct StoreWatcher: Service {
  let library: Library
  let feed: ChangeFeed
  /// How often the store is looked at.
  var interval: Duration = .milliseconds(300)

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      var seen = await library.generation
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        await library.refresh()
        let now = await library.generation
        if now != seen {
          seen = now
          await feed.publish(now)
        }
      }
    }
    await feed.finishAll()
  }
}
