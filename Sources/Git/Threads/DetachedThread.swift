// Threads of our own, for work that blocks for a long time (a socket read, a network fetch).
#if canImport(Glibc)
import Glibc
#endif

/// Starts a thread that runs `body` and ends; nobody joins it.
///
/// Foundation's `Thread` without corelibs Foundation. A real thread rather than a task or the
/// dispatch pool: the work blocks in a system call for seconds, which would starve the few
/// threads those share. Traps when the system refuses a thread, as `Thread.start` did.
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var thread: pthread_t = 0
  let status = pthread_create(
    &thread, nil,
    { context in
      guard let context else { return nil }
      let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
      body.run()
      return nil
    }, box)
  guard status == 0 else {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    fatalError("could not start a thread: \(String(cString: strerror(status)))")
  }
  // Nobody joins it: its resources go back to the system when it ends.
  pthread_detach(thread)
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}
