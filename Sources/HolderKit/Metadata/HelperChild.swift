import CSystemShims
import Foundation
import Localization

#if canImport(Glibc)
import Glibc
#endif

/// A running helper program, started with `posix_spawn` and reaped with `waitpid`.
///
/// Not Foundation's `Process`: it learns that a child ended through a descriptor and a
/// signal source of its own, which a traced run (strace, as the fault tests use) left
/// waiting for ever on a helper that had already exited.
final class HelperChild: @unchecked Sendable {
  private let pid: pid_t
  private let lock = NSLock()
  private var ending: String?

  private init(pid: pid_t) {
    self.pid = pid
  }

  /// Starts `arguments` (the program's path first) with `stdio` as its standard input and
  /// output; nil and `posix_spawn`'s error when it could not start.
  static func spawn(_ arguments: [String], stdio: Int32) -> (child: HelperChild?, error: Int32) {
    var actions = unsafe posix_spawn_file_actions_t()
    unsafe posix_spawn_file_actions_init(&actions)
    defer { unsafe posix_spawn_file_actions_destroy(&actions) }
    unsafe posix_spawn_file_actions_adddup2(&actions, stdio, 0)
    unsafe posix_spawn_file_actions_adddup2(&actions, stdio, 1)
    // Only standard input, output and error: the web app's client sockets and any other
    // descriptor not marked close-on-exec stayed open in the helper for its whole life.
    unsafe holder_spawn_close_from(&actions, 3)
    // Default signal handling and an empty mask, whatever holder-git set for itself.
    var attributes = posix_spawnattr_t()
    unsafe posix_spawnattr_init(&attributes)
    defer { unsafe posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    unsafe sigemptyset(&defaults)
    unsafe sigaddset(&defaults, SIGPIPE)
    var empty = sigset_t()
    unsafe sigemptyset(&empty)
    unsafe posix_spawnattr_setsigdefault(&attributes, &defaults)
    unsafe posix_spawnattr_setsigmask(&attributes, &empty)
    unsafe posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var argv: [UnsafeMutablePointer<CChar>?] = unsafe arguments.map { unsafe strdup($0) } + [nil]
    defer {
      for index in 0..<arguments.count { unsafe free(argv[index]) }
    }
    var pid: pid_t = 0
    let started = unsafe posix_spawn(
      &pid, arguments[0], &actions, &attributes, &argv, Glibc.environ)
    guard started == 0 else { return (nil, started) }
    return (HelperChild(pid: pid), 0)
  }

  /// Waits for the helper to end; how it ended, as a sentence naming the helper.
  @discardableResult
  func wait() -> String {
    lock.lock()
    defer { lock.unlock() }
    if let ending { return ending }
    var status: Int32 = 0
    var result: pid_t
    repeat {
      result = unsafe waitpid(pid, &status, 0)
    } while result < 0 && errno == EINTR
    let words: String
    if result < 0 {
      words =
        Message("the helper program holder-git-fetch stopped (its end could not be seen)").english
    } else if status & 0x7f == 0 {
      words =
        Message(
          "the helper program holder-git-fetch stopped with exit status \((status >> 8) & 0xff)"
        ).english
    } else {
      words =
        Message("the helper program holder-git-fetch stopped, killed by signal \(status & 0x7f)")
        .english
    }
    ending = words
    exited = result >= 0 && status & 0x7f == 0 && (status >> 8) & 0xff == 0
    return words
  }

  /// True once `wait` saw a clean exit (status 0).
  private(set) var exited = false

  /// Ends a helper that has nothing more to say to anyone.
  func terminate() {
    _ = kill(pid, SIGTERM)
  }
}
