import Git
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

/// The work tree's side of a commit: files written atomically, removed with their emptied
/// folders, and the one file-system sync a bulk change makes before its branch moves.
extension Committer {
  /// Writes and removes the change's files, each path opened from the store's folder one
  /// component at a time without following links.
  func applyToWorkTree(_ change: Change) throws(StoreError) {
    // The last line of defence: whatever made the paths, none names `..` or git's own folder.
    for path in change.writes.keys.sorted() + change.removals.sorted() {
      let components = path.slashSeparated(omittingEmptySubsequences: false)
      if components.contains(where: { IncomingTreeRules.componentProblem($0) != nil }) {
        throw .fileSystem(
          FileSystemError(operation: Message("write").english, path: path, code: EPERM))
      }
    }
    do {
      for (path, bytes) in change.writes.sorted(by: { $0.key < $1.key }) {
        let (folder, name) = path.folderAndName
        let directory = try store.rootDirectory.directory(folder, create: true)
        // A bulk change is made durable by one file-system sync before the branch moves.
        try directory.writeFileAtomically(name, bytes, durable: !change.isBulk)
        if !change.isBulk { try directory.sync() }
        CrashPoint.reached()
      }
      for path in change.removals.sorted() {
        let (folder, name) = path.folderAndName
        guard let directory = try? store.rootDirectory.directory(folder) else { continue }
        try directory.removeFile(name)
        let kept = store.rootDirectory.removeEmptyFolders(along: folder)
        // A removal that a crash could undo would come back as a bookmark added by hand.
        if !change.isBulk {
          try
            (kept.map { (path) throws(FileSystemError) in try store.rootDirectory.directory(path) }
            ?? store.rootDirectory).sync()
        }
        CrashPoint.reached()
      }
    } catch {
      throw .fileSystem(error)
    }
  }

  /// Flushes the file systems of the work tree and of `.git` (once when they are the same).
  func syncFileSystems() throws(StoreError) {
    do {
      try store.rootDirectory.syncFileSystem()
      if !store.gitDirectory.hasPrefix(store.root + "/") {
        try SafeDirectory(path: store.gitDirectory).syncFileSystem()
      }
    } catch {
      throw .fileSystem(error)
    }
  }
}
