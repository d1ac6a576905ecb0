import Foundation
import Localization

/// Where a clone is made until it is whole: a hidden folder beside its target,
/// `.NAME.holder-git-clone-PID`, renamed onto the target at the end (a rename replaces an
/// empty folder too), so the target never holds half a work tree.
///
/// An empty folder that a rename cannot replace — a link, a mount point (another file system
/// than its parent's), one in a folder this user may not write — is cloned into in place.
struct ClonePlace {
  /// The target, without a trailing slash.
  let path: String
  /// The folder the clone is made in: `path` itself when cloned in place.
  let staging: String
  private let existed: Bool
  private let parent: String
  private let prefix: String

  init(path: String, existed: Bool) {
    var target = path
    while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
    let url = URL(fileURLWithPath: target)
    parent = url.deletingLastPathComponent().path
    prefix = "." + url.lastPathComponent + ".holder-git-clone-"
    self.path = target
    self.existed = existed
    let inPlace = existed && !Self.canReplace(target, parent: parent)
    staging = inPlace ? target : parent + "/" + prefix + "\(getpid())"
  }

  /// True when a rename in `parent` can put a folder where the empty folder `path` is.
  private static func canReplace(_ path: String, parent: String) -> Bool {
    var target = stat()
    var folder = stat()
    guard unsafe lstat(path, &target) == 0, unsafe stat(parent, &folder) == 0,
      target.st_mode & S_IFMT == S_IFDIR
    else { return false }
    let writable = unsafe access(parent, W_OK) == 0
    return target.st_dev == folder.st_dev && writable
  }

  /// Removes the hidden folders of clones into this target whose process is gone.
  func removeDeadStagings() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), !Store.isAlive(pid) else { continue }
      try? FileManager.default.removeItem(atPath: parent + "/" + name)
    }
  }

  /// Puts the whole clone where it was asked for, and makes that rename durable.
  func moveStagingIntoPlace() throws(StoreError) {
    guard staging != path else { return }
    if unsafe rename(staging, path) != 0 {
      throw .fileSystem(
        FileSystemError(operation: Message("rename into").english, path: path, code: errno))
    }
    let folder = unsafe open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }

  /// Removes what a refused or failed clone made: its hidden folder, or the contents of the
  /// empty folder it was cloned into in place.
  func removeStaging() {
    let manager = FileManager.default
    guard staging == path, existed else {
      try? manager.removeItem(atPath: staging)
      return
    }
    for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
      try? manager.removeItem(atPath: path + "/" + name)
    }
  }
}
