import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why a store could not be opened, made or cloned where it was asked for: no store there,
/// one there already, a folder git or holder-git will not use, a format newer than this
/// holder-git's.
public enum OpenError: Error, Equatable {
  case notAStore(path: String)
  /// git refuses the store: another user owns it and `safe.directory` does not allow it.
  case unsafeDirectory(path: String)
  case alreadyAStore(path: String)
  /// `clone` was given a folder that holds files and is not a store.
  case folderNotEmpty(path: String)
  case newerFormat(found: Int, supported: Int)
  /// One of the store's own folders is a symbolic link, which holder-git never writes through.
  case linkedFolder(path: String, target: String)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .notAStore(let path):
      return Message("no holder-git store at '\(path)'; run 'holder-git init' to make one").english
    case .unsafeDirectory(let path):
      return Message(
        "git refuses the store at '\(path)': another user owns it (git's safe.directory check); if you trust it, allow it with 'git config --global --add safe.directory \(StoreError.shellQuoted(path))'"
      ).english
    case .alreadyAStore(let path):
      return Message("'\(path)' is already a holder-git store").english
    case .folderNotEmpty(let path):
      return Message(
        "'\(path)' is not empty, and a clone needs a new or empty folder; give another folder: 'holder-git clone URL NEW-FOLDER'"
      ).english
    case .newerFormat(let found, let supported):
      return Message(
        "this store has format version \(found), newer than \(supported), the newest this holder-git knows; it can read it but will not change it: upgrade holder-git"
      ).english
    case .linkedFolder(let path, let target):
      let remedy =
        path == Layout.local
        ? Message("remove the link ('rm \(path)'): holder-git makes the folder again").english
        : path == Layout.tags
          ? Message("run 'holder-git check --fix', which puts the folder in its place").english
          : Message("put the folder itself in its place").english
      return Message(
        "'\(path)' is a symbolic link (to '\(VisibleText.oneLine(target))'), and holder-git never writes through one; nothing was changed: \(remedy)"
      ).english
    }
  }
}
