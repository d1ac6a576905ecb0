import ArgumentParser
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// `--store`, shared by every command that works on a store.
struct StoreOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      tr(
        "The store to use (default: $HOLDER_GIT_STORE, the store around the current folder, else ~/.local/share/holder-git)."
      ),
      valueName: "path"))
  var store: String?

  /// Where the store is, as DESIGN §7 orders the sources.
  func location() -> StoreLocation {
    Self.location(option: store)
  }

  /// Where the store is when `--store` says `option` (nil: not given), as DESIGN §7 orders the
  /// sources; shell completion finds its store here too.
  static func location(option: String?) -> StoreLocation {
    StoreLocation.resolve(
      option: option, environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Opens the store for `access`, with what opening found or did, or says how to make one.
  func open(for access: Store.Access) throws -> (store: Store, notices: [Store.OpeningNotice]) {
    let location = location()
    let store: Store
    let notices: [Store.OpeningNotice]
    do {
      (store, notices) = try Store.open(
        at: location.path, for: access, mergeDriver: ExecutablePath.current)
    } catch StoreError.opening(.notAStore(let path)) {
      throw NoStore(path: path, source: location.source)
    }
    // A write that leaves too many loose objects hands its lock to this binary, run again as
    // `pack --auto` (`/proc/self/exe` names the binary that runs, even one replaced since).
    store.backgroundPacker = "/proc/self/exe"
    return (store, notices)
  }

  /// Opens the store as it is, finishing and settling nothing (the packer, which changes no
  /// bookmark), or says how to make one.
  func openAsIs() throws -> Store {
    let location = location()
    do {
      return try Store.open(at: location.path)
    } catch StoreError.opening(.notAStore(let path)) {
      throw NoStore(path: path, source: location.source)
    }
  }
}

/// No store where a command looked: the message names the `init` that makes the one it wanted.
///
/// Where no store was named, that is the default store, which only `init --default` makes
/// (`init` alone makes one in the current folder, which the next command run elsewhere does not
/// find).
struct NoStore: LocalizedError {
  var path: String
  var source: StoreLocation.Source

  var errorDescription: String? {
    if source == .defaultLocation {
      return tr(
        "no holder-git store at '\(path)' (the default store); run 'holder-git init --default' to make it"
      )
    }
    let quoted = StoreError.shellQuoted(path)
    return tr("no holder-git store at '\(path)'; run 'holder-git init \(quoted)' to make one")
  }
}
