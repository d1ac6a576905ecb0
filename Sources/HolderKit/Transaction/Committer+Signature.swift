import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who and where a commit comes from: git's identity (or the environment's) and the
/// `Device:` trailer that `holder-git log --device` reads.
extension Committer {
  /// The author and committer: git's `user.name`/`user.email`, else the environment's fallback.
  func commitSignature() throws(StoreError) -> Signature {
    let now = store.environment.now()
    let seconds = now.millisecondsSince1970 / 1000
    let offset = store.environment.utcOffsetMinutes()
    if let identity = store.environment.identityOverride {
      return Signature(
        name: identity.name, email: identity.email, time: seconds, offsetMinutes: offset)
    }
    do {
      if let signature = try store.repository.defaultSignature(time: seconds, offsetMinutes: offset)
      {
        return signature
      }
    } catch {
      // An unreadable identity is not a reason to refuse saving a bookmark.
    }
    let identity = store.environment.fallbackIdentity()
    return Signature(
      name: identity.name, email: identity.email, time: seconds, offsetMinutes: offset)
  }

  /// The message with the `Device:` trailer that `holder-git log --device` reads.
  func withDeviceTrailer(_ message: String) -> String {
    var text = message
    while text.hasSuffix("\n") { text.removeLast() }
    // An undo's or redo's own trailers and this one are one block, as git reads trailers.
    let last = text.components(separatedBy: "\n\n").last.map { Substring($0) } ?? ""
    let separator = text.contains("\n\n") && CommitTrailer.isTrailerBlock(last) ? "\n" : "\n\n"
    return text + separator + CommitTrailer.device + ": "
      + (store.deviceOverride ?? store.environment.device()) + "\n"
  }
}
