import Localization

#if canImport(Glibc)
import Glibc
#endif

/// A running helper program (holder-git-fetch), started and reaped as a `ChildProcess`.
///
/// Its standard input and output are one end of a socket pair; its standard error is
/// holder-git's, so a crash is seen.
final class HelperChild: Sendable {
  private let child: ChildProcess

  private init(_ child: ChildProcess) {
    self.child = child
  }

  /// Starts `arguments` (the program's path first) with `stdio` as its standard input and
  /// output; nil and `posix_spawn`'s error when it could not start.
  static func spawn(_ arguments: [String], stdio: Int32) -> (child: HelperChild?, error: Int32) {
    do {
      let child = try ChildProcess.start(
        arguments[0], arguments: Array(arguments.dropFirst()), input: .descriptor(stdio),
        output: .descriptor(stdio))
      return (HelperChild(child), 0)
    } catch {
      return (nil, error.code)
    }
  }

  /// Waits for the helper to end; how it ended, as a sentence naming the helper.
  @discardableResult
  func wait() -> String {
    switch child.wait() {
    case .unknown:
      Message("the helper program holder-git-fetch stopped (its end could not be seen)").english
    case .exited(let status):
      Message("the helper program holder-git-fetch stopped with exit status \(status)").english
    case .signalled(let signal):
      Message("the helper program holder-git-fetch stopped, killed by signal \(signal)").english
    }
  }

  /// True when the helper exited cleanly (status 0); waits for it as `wait` does.
  var exited: Bool { child.wait() == .exited(0) }

  /// Ends a helper that has nothing more to say to anyone.
  func terminate() {
    child.send(SIGTERM)
  }
}
