import HolderCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The store's sources of time and identity, injectable so tests build reproducible stores.
public struct StoreEnvironment: Sendable {
  /// The current time.
  public var now: @Sendable () -> Timestamp
  /// A fresh bookmark id.
  public var newID: @Sendable () -> BookmarkID
  /// Name and email for commits when git's `user.name`/`user.email` are unset.
  public var fallbackIdentity: @Sendable () -> (name: String, email: String)
  /// The offset from UTC recorded in commit times.
  public var utcOffsetMinutes: @Sendable () -> Int
  /// The name of this machine, written as each commit's `Device:` trailer.
  public var device: @Sendable () -> String
  /// Name and email for commits that win over git's configuration (tests set it so that
  /// commits do not depend on the machine's `~/.gitconfig`).
  public var identityOverride: (name: String, email: String)?
  /// Called with the store's root each time a writing operation lets go of the store's lock,
  /// whether it succeeded or failed: the tests check the store's invariants there.
  public var afterWrite: (@Sendable (_ root: String) -> Void)?
  /// When set, an import that `ImportMemo` answers reads the file as well, and calls this with
  /// both reports when they differ: the tests set it, so every repeated import in them holds
  /// the memo to what reading the file gives.
  public var importMemoDisagrees: (@Sendable (_ remembered: String, _ read: String) -> Void)?

  public init(
    now: @escaping @Sendable () -> Timestamp,
    newID: @escaping @Sendable () -> BookmarkID,
    fallbackIdentity: @escaping @Sendable () -> (name: String, email: String),
    utcOffsetMinutes: @escaping @Sendable () -> Int,
    device: @escaping @Sendable () -> String,
    identityOverride: (name: String, email: String)? = nil
  ) {
    self.now = now
    self.newID = newID
    self.fallbackIdentity = fallbackIdentity
    self.utcOffsetMinutes = utcOffsetMinutes
    self.device = device
    self.identityOverride = identityOverride
  }

  /// `HOLDER_GIT_NOW`, read once: the environment is not copied on every tick of the clock.
  private static let clockOverride: Timestamp? = ProcessInfo.processInfo.environment[
    "HOLDER_GIT_NOW"
  ].flatMap { Timestamp(rfc3339: $0) }

  /// The real clock, random UUIDs, and `user@host` as the fallback identity.
  ///
  /// `HOLDER_GIT_NOW` (RFC 3339) stands in for the clock, as `GIT_AUTHOR_DATE` does for git's:
  /// tests of the binary that need one change later than another set it instead of sleeping.
  public static let live = StoreEnvironment(
    now: {
      if let fixed = clockOverride { return fixed }
      return Timestamp(
        millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    },
    newID: { BookmarkID(uuid: UUID()) },
    fallbackIdentity: {
      let user = ProcessInfo.processInfo.environment["USER"] ?? "holder-git"
      let host = ProcessInfo.processInfo.hostName
      return (user, "\(user)@\(host)")
    },
    utcOffsetMinutes: { TimeZone.current.secondsFromGMT() / 60 },
    device: {
      // `HOLDER_GIT_DEVICE` names the machine when its host name says little (a container).
      let environment = ProcessInfo.processInfo.environment
      if let name = environment["HOLDER_GIT_DEVICE"], !name.isEmpty { return name }
      let host = ProcessInfo.processInfo.hostName
      return String(host.prefix { $0 != "." })
    }
  )

  /// A clock that starts at `start` and moves `step` ms per call, and ids counted up from
  /// `firstID`.
  ///
  /// For tests and the example store: the same calls give the same files and object ids.
  /// Two machines of one test need different `firstID`s, as real random ids never collide.
  public static func deterministic(
    start: Timestamp, stepMilliseconds: Int64 = 1000, firstID: Int64 = 1
  ) -> StoreEnvironment {
    let clock = Counter()
    let ids = Counter()
    return StoreEnvironment(
      now: {
        Timestamp(
          millisecondsSince1970: start.millisecondsSince1970 + clock.next() * stepMilliseconds)
      },
      newID: {
        let n = ids.next() + firstID
        return BookmarkID(
          uuid: UUID(
            uuid: (
              0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0,
              UInt8(truncatingIfNeeded: n >> 24), UInt8(truncatingIfNeeded: n >> 16),
              UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)
            )))
      },
      fallbackIdentity: { ("holder-git test", "test@holder-git.invalid") },
      utcOffsetMinutes: { 0 },
      device: { "test-device" },
      identityOverride: ("holder-git test", "test@holder-git.invalid")
    )
  }
}

/// A thread-safe counter for the deterministic environment.
private final class Counter: Sendable {
  private let value = Mutex<Int64>(0)

  func next() -> Int64 {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}
