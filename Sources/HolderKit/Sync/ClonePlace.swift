import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where a clone is made until it is whole, and how it gets to its target.
///
/// A new folder: the clone is made in a hidden folder beside it, `.NAME.holder-git-clone-PID`,
/// renamed into place at the end. An empty folder given (perhaps the shell's current folder,
/// which a rename onto it would leave orphaned): made in a hidden folder inside it,
/// `.holder-git-clone-PID`, whose entries move up one by one, `.git` last, after a marker says
/// the move began; until `.git` arrives the folder is no store, and the next clone into it
/// finishes the move. Either way the target never holds a work tree with files missing.
struct ClonePlace {
  private enum Mode {
    case beside, inside, inPlace
  }

  /// The target, without a trailing slash.
  let path: String
  /// The folder the clone is made in: `path` itself when cloned in place.
  let staging: String
  private let mode: Mode
  private let parent: String
  private let prefix: String

  /// The marker in the clone's `.git` while its entries move into the folder given.
  private static let moving = "holder-git-clone-moving"
  private static let insidePrefix = ".holder-git-clone-"

  init(path: String, existed: Bool) {
    var target = path
    while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
    let url = URL(fileURLWithPath: target).standardizedFileURL
    target = url.path
    parent = url.deletingLastPathComponent().path
    prefix = "." + url.lastPathComponent + ".holder-git-clone-"
    self.path = target
    if !existed {
      mode = .beside
      staging = parent + "/" + prefix + "\(getpid())"
    } else if Self.isWritableFolder(target) {
      mode = .inside
      staging = target + "/" + Self.insidePrefix + "\(getpid())"
    } else {
      mode = .inPlace
      staging = target
    }
  }

  /// True when `path` is a folder (not a link to one) this user may write in.
  private static func isWritableFolder(_ path: String) -> Bool {
    var info = stat()
    guard unsafe lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
    return unsafe access(path, W_OK) == 0
  }

  /// Removes the hidden folders of clones beside this target whose process is gone.
  func removeDeadStagings() {
    guard mode == .beside else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), !Committer.isAlive(pid) else { continue }
      try? FileManager.default.removeItem(atPath: parent + "/" + name)
    }
  }

  /// In a folder given to a clone that was killed: finishes the move of a whole clone (true),
  /// or removes a clone that was not whole yet (false).
  static func finishInterruptedClone(at path: String) throws(StoreError) -> Bool {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
    var finished = false
    for name in names where name.hasPrefix(insidePrefix) {
      guard let pid = Int32(name.dropFirst(insidePrefix.count)), !Committer.isAlive(pid) else {
        continue
      }
      let staging = path + "/" + name
      if manager.fileExists(atPath: staging + "/.git/" + moving) {
        try moveEntries(of: staging, into: path)
        finished = true
      } else if !manager.fileExists(atPath: staging + "/.git"),
        manager.fileExists(atPath: path + "/.git/" + moving)
      {
        // Killed once `.git` had moved: only the empty folder and the marker are left.
        try? manager.removeItem(atPath: staging)
        try? manager.removeItem(atPath: path + "/.git/" + moving)
        finished = true
      } else {
        try? manager.removeItem(atPath: staging)
      }
    }
    return finished
  }

  /// Puts the whole clone where it was asked for, and makes that durable.
  func moveStagingIntoPlace() throws(StoreError) {
    switch mode {
    case .inPlace: return
    case .beside:
      if unsafe rename(staging, path) != 0 {
        throw .fileSystem(
          FileSystemError(operation: Message("rename into").english, path: path, code: errno))
      }
      Self.syncFolder(parent)
    case .inside:
      let marker = staging + "/.git/" + Self.moving
      guard FileManager.default.createFile(atPath: marker, contents: Data()) else {
        throw .fileSystem(
          FileSystemError(operation: Message("create").english, path: marker, code: errno))
      }
      Self.syncFolder(staging + "/.git")
      CrashPoint.reached()
      try Self.moveEntries(of: staging, into: path)
    }
  }

  /// Moves each entry of `staging` up into `path`, `.git` last (before it arrives `path` is no
  /// store), then removes the empty `staging` and the marker.
  private static func moveEntries(of staging: String, into path: String) throws(StoreError) {
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [])
      .filter { $0 != ".git" }.sorted() + [".git"]
    for name in names {
      if unsafe rename(staging + "/" + name, path + "/" + name) != 0 {
        throw .fileSystem(
          FileSystemError(
            operation: Message("rename into").english, path: path + "/" + name, code: errno))
      }
      syncFolder(path)
      CrashPoint.reached()
    }
    try? FileManager.default.removeItem(atPath: staging)
    try? FileManager.default.removeItem(atPath: path + "/.git/" + moving)
    syncFolder(path)
  }

  private static func syncFolder(_ path: String) {
    let folder = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }

  /// Removes what a refused or failed clone made: its hidden folder beside the target, or the
  /// contents of the empty folder it was given.
  func removeStaging() {
    let manager = FileManager.default
    guard mode != .beside else {
      try? manager.removeItem(atPath: staging)
      return
    }
    for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
      try? manager.removeItem(atPath: path + "/" + name)
    }
  }
}
