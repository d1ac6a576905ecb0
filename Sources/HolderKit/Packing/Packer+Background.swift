import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Packing without making the user wait: after a command that committed
/// has printed its output, when the loose objects are past `gc.auto`, holder-git takes the
/// store lock once more and hands it to `holder-git pack --auto --lock-on-stdin`, started with
/// the lock's descriptor as its standard input.
///
/// The command then exits at once; the child holds the lock until its pack is written and
/// the loose copies are gone, so the next holder-git waits for it rather than racing it. A
/// child that fails leaves the loose objects as they were, and the next write tries again.
extension Packer {
  /// Starts the packer with `fd` as its standard input; true when it runs (it has the lock).
  func startPacker(lock fd: Int32) -> Bool {
    guard let packer = store.backgroundPacker else { return false }
    var environment = ProcessInfo.processInfo.environment
    // The crash campaign's hook counts this process's steps, not the packer's.
    environment["HOLDER_GIT_CRASH_AT"] = nil
    environment["HOLDER_GIT_CRASH_COUNT"] = nil
    // Never waited for: this process exits at once, and the packer is then init's to reap. In
    // a process group of its own, as Foundation's `Process` started it: a Ctrl-C meant for
    // what the terminal runs next does not stop a pack half way.
    return
      (try? ChildProcess.start(
        packer, arguments: ["pack", "--auto", "--lock-on-stdin", "--store", store.root],
        environment: environment, input: .descriptor(fd), output: .null, error: .null,
        ownProcessGroup: true)) != nil
  }
}
