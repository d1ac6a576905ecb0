import Foundation
import Git

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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: packer)
    process.arguments = ["pack", "--auto", "--lock-on-stdin", "--store", store.root]
    process.standardInput = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    var environment = ProcessInfo.processInfo.environment
    // The crash campaign's hook counts this process's steps, not the packer's.
    environment["HOLDER_GIT_CRASH_AT"] = nil
    environment["HOLDER_GIT_CRASH_COUNT"] = nil
    process.environment = environment
    do {
      try process.run()
    } catch {
      return false
    }
    return true
  }
}
