// Live updates: the watcher brings the in-memory index up to date every
// 300 ms (HEAD, then an lstat of the known files and folders: a hand edit, a CLI command or a
// `git pull` shows) and tells every open page through server-sent events.
import HolderKit
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

/// Keeps the index current, as a service of the app.
///
/// inotify says when something under `bookmarks/` or git's HEAD changed (checked every
/// 100 ms), and the index is brought up to date then; without inotify, every 300 ms. A look
/// every 30 s catches what notices miss (a look costs an lstat of every file). The index is
/// made with a Store of the watcher's own, so requests never wait for it.
struct StoreWatcher: Service {
  let library: Library
  let feed: ChangeFeed
  let root: String

  /// How often open streams are written to when nothing changed: 15 s, or
  /// `HOLDER_GIT_SERVE_HEARTBEAT_MS` (the tests' short one).
  static func heartbeat(_ environment: [String: String]) -> Duration {
    let milliseconds = environment["HOLDER_GIT_SERVE_HEARTBEAT_MS"].flatMap { Int($0) } ?? 15_000
    return .milliseconds(max(50, milliseconds))
  }

  func run() async throws {
    let notices = StoreChangeWatcher(root: root)
    try? await cancelWhenGracefulShutdown {
      guard let store = try? Store.open(at: root) else { return }
      store.bookmarkIndexMemo = library.bookmarkIndexMemo
      var seen = await library.generation
      var lastLook = ContinuousClock.now
      var lastBeat = ContinuousClock.now
      let beat = Self.heartbeat(ProcessInfo.processInfo.environment)
      while !Task.isCancelled {
        try await Task.sleep(for: notices == nil ? .milliseconds(300) : .milliseconds(100))
        if ContinuousClock.now - lastBeat > beat {
          // The current generation again: streams that told it already write a comment, so
          // a page that went away is noticed and its connection closed.
          lastBeat = ContinuousClock.now
          await feed.publish(await library.generation)
        }
        let due = ContinuousClock.now - lastLook > .seconds(30)
        guard notices?.hasChanged() ?? true || due else { continue }
        lastLook = ContinuousClock.now
        let writes = await library.writes
        await library.install(store.bookmarkIndex(), basedOn: writes)
        let now = await library.generation
        if now != seen {
          seen = now
          await feed.publish(now)
        }
        // After every look, not only after a change: the look every 30 s also saves the
        // index file, and the memory that took stayed with the process (233 MB at 100k
        // against 150 after a change).
        BookmarkIndexMemo.releaseFreedMemory()
      }
    }
    await feed.finishAll()
  }
}
