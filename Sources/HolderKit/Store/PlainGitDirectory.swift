import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A store's `.git` folder read without libgit2, in the plain case only: a read whose index is
/// current then never starts libgit2, whose set-up alone reads the system's CA bundle.
///
/// Plain means: `.git` is a folder (not a link, not a `gitdir:` file) that this user owns, in
/// a work tree this user owns, with no extension and no `core.worktree`; HEAD names a branch
/// whose ref is a loose file or a line of `packed-refs`, or a commit id of SHA-1. Anything
/// else gives nil, and the caller asks libgit2, which knows every case.
struct PlainGitDirectory: Sendable {
  /// The folder's absolute path, as `Repository.gitDirectory` gives it (no `/` at the end).
  let path: String

  /// The plain `.git` of the work tree at `root`, nil when it is not plain.
  init?(workTree root: String) {
    let folder = root + "/.git"
    guard Self.isOwnFolder(root), Self.isOwnFolder(folder),
      !FileManager.default.fileExists(atPath: folder + "/reftable"),
      let bytes = FileManager.default.contents(atPath: folder + "/config"),
      // A work tree configured elsewhere, or any extension (another object format, reftable,
      // one libgit2 does not know and must refuse with its own words).
      case let config = String(decoding: bytes, as: UTF8.self).lowercased(),
      !config.contains("worktree"), !config.contains("[extensions")
    else { return nil }
    path = folder
  }

  /// Where HEAD points, nil when it is not written in a plain form.
  func head() -> Head? {
    guard let text = read("HEAD") else { return nil }
    if let id = Self.objectID(text) { return .detached(id) }
    guard text.hasPrefix("ref: refs/heads/"), text.hasSuffix("\n") else { return nil }
    let reference = String(text.dropFirst("ref: ".count).dropLast())
    guard !reference.contains(".."), !reference.hasSuffix("/") else { return nil }
    if let loose = read(reference) {
      return Self.objectID(loose).map { .branch(reference: reference, target: $0) }
    }
    if let packed = packedReference(reference) {
      return .branch(reference: reference, target: packed)
    }
    // Neither loose nor packed: a branch with no commit yet, as libgit2 says it.
    return .unborn(reference: reference)
  }

  /// True when no merge, rebase, cherry-pick, revert, bisect or `git am` is under way.
  var hasNoOperationInProgress: Bool {
    let markers = [
      "MERGE_HEAD", "rebase-merge", "rebase-apply", "REVERT_HEAD", "CHERRY_PICK_HEAD",
      "BISECT_LOG", "sequencer",
    ]
    return !markers.contains { FileManager.default.fileExists(atPath: path + "/" + $0) }
  }

  /// True when `.git/config` holds `text` as written.
  func configContains(_ text: String) -> Bool {
    read("config")?.contains(text) ?? false
  }

  /// The id `reference` has in `packed-refs`.
  private func packedReference(_ reference: String) -> ObjectID? {
    guard let text = read("packed-refs") else { return nil }
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
      let fields = line.split(separator: " ", maxSplits: 1)
      if fields.count == 2, fields[1] == reference {
        return Self.objectID(String(fields[0]) + "\n")
      }
    }
    return nil
  }

  private func read(_ name: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path + "/" + name) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  /// A SHA-1 written as git writes it: 40 lowercase hex digits and a newline.
  private static func objectID(_ text: String) -> ObjectID? {
    guard text.utf8.count == 41, text.hasSuffix("\n") else { return nil }
    let hex = text.dropLast()
    guard hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    return ObjectID(hex: String(hex))
  }

  /// A folder, not a link, owned by this user (git's `safe.directory` check passes).
  private static func isOwnFolder(_ path: String) -> Bool {
    var status = stat()
    guard unsafe lstat(path, &status) == 0 else { return false }
    return (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == geteuid()
  }
}
