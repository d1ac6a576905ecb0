import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The crash campaign's hook (`make torture`): SIGKILL at a chosen durable step.
///
/// With `HOLDER_GIT_CRASH_AT=N` the process kills itself at the Nth durable step it reaches,
/// so every point between two writes can be tried, deterministically and fast.
/// `HOLDER_GIT_CRASH_COUNT=FILE` writes how many steps a run reached, for the harness to pick
/// its points from. `HOLDER_GIT_PAUSE_AT=N` with `HOLDER_GIT_PAUSE_FILE=FILE` stops at the Nth
/// step instead: the process makes FILE and goes on once it is removed, so a test can run
/// another program (plain git) in the middle of an operation.
///
/// Inert unless one of the variables is set: they are read once.
enum CrashPoint {
  private struct Settings: @unchecked Sendable {
    var crashAt: Int?
    var countFile: Int32?
    var pauseAt: Int?
    var pauseFile: String?
  }

  private static let settings: Settings = {
    let environment = ProcessInfo.processInfo.environment
    var settings = Settings()
    settings.crashAt = environment["HOLDER_GIT_CRASH_AT"].flatMap { Int($0) }
    if let path = environment["HOLDER_GIT_CRASH_COUNT"], !path.isEmpty {
      let fd = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      if fd >= 0 { settings.countFile = fd }
    }
    if let path = environment["HOLDER_GIT_PAUSE_FILE"], !path.isEmpty {
      settings.pauseAt = environment["HOLDER_GIT_PAUSE_AT"].flatMap { Int($0) }
      settings.pauseFile = path
    }
    return settings
  }()

  private static let counter = Counter()

  /// One step that leaves the store in a new state on disk.
  static func reached() {
    let settings = settings
    guard settings.crashAt != nil || settings.countFile != nil || settings.pauseAt != nil
    else { return }
    let count = counter.next()
    if let fd = settings.countFile {
      let text = Array("\(count)\n".utf8)
      _ = ftruncate(fd, 0)
      _ = unsafe text.withUnsafeBytes { unsafe pwrite(fd, $0.baseAddress, $0.count, 0) }
    }
    if count == settings.crashAt { kill(getpid(), SIGKILL) }
    if count == settings.pauseAt, let file = settings.pauseFile { pause(until: file) }
  }

  /// Makes `file`, then waits until another process removes it.
  private static func pause(until file: String) {
    let fd = unsafe open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    close(fd)
    while unsafe access(file, F_OK) == 0 { usleep(2_000) }
  }

  private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
      value.withLock { value in
        value += 1
        return value
      }
    }
  }
}
