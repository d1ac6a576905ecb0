import Foundation
import Git
import HolderCore

extension Store {
  /// Writes a change to the work tree and records it as one commit on the current branch.
  ///
  /// ### Algorithm
  /// 1. Write each file atomically (and remove the removed ones) in the work
  ///    tree first: a crash after this step leaves a hand edit that
  ///    `holder-git commit` takes in, never a commit whose files are missing.
  /// 2. Build the new tree from HEAD's tree, rebuilding only the folders on
  ///    the changed paths, and commit it; the user's staged or uncommitted
  ///    work is never part of it.
  /// 3. Sync the file system once, so files and objects are durable before
  ///    any ref names them.
  /// 4. Move the branch with a compare-and-swap on its old value; when
  ///    another process moved it meanwhile, go back to 2 on the new HEAD.
  /// 5. Only then update this change's entries in git's index, retried while
  ///    another git process holds `index.lock`.
  ///
  /// Returns nil when the tree did not change (nothing is committed).
  @discardableResult
  func record(_ change: Change) throws(StoreError) -> ObjectID? {
    let bulk = change.isBulk
    Durability.fsyncEachWrite(!bulk)
    try applyToWorkTree(change)
    var blobs: [String: TreeChange] = [:]
    do {
      for (path, bytes) in change.writes {
        blobs[path] = .upsert(try repository.writeBlob(bytes), kind: .blob)
      }
    } catch {
      throw .git(error)
    }
    for path in change.removals { blobs[path] = .remove }
    guard let commit = try commitMovingBranch(blobs, message: change.message, bulk: bulk) else {
      return nil
    }
    try updateIndex(for: change)
    return commit
  }

  func applyToWorkTree(_ change: Change) throws(StoreError) {
    // The last line of defence: whatever made the paths, none names `..` or git's own folder.
    for path in change.writes.keys.sorted() + change.removals.sorted() {
      let components = path.split(separator: "/", omittingEmptySubsequences: false)
      if components.contains(where: { IncomingTreeRules.componentProblem(String($0)) != nil }) {
        throw .fileSystem(FileSystemError(operation: "write", path: path, code: EPERM))
      }
    }
    do {
      for (path, bytes) in change.writes.sorted(by: { $0.key < $1.key }) {
        let (folder, name) = split(path)
        let directory = try rootDirectory.directory(folder, create: true)
        // A bulk change is made durable by one file-system sync before the branch moves.
        try directory.writeFileAtomically(name, bytes, durable: !change.isBulk)
        if !change.isBulk { directory.sync() }
      }
      for path in change.removals.sorted() {
        let (folder, name) = split(path)
        guard let directory = try? rootDirectory.directory(folder) else { continue }
        try directory.removeFile(name)
        removeEmptyFolders(along: folder)
      }
    } catch {
      throw .fileSystem(error)
    }
  }

  /// Removes `folder` and its parents while they are empty, up to the top-level folder.
  func removeEmptyFolders(along folder: String) {
    var components = folder.split(separator: "/").map(String.init)
    while components.count > 1 {
      let name = components.removeLast()
      guard let parent = try? rootDirectory.directory(components.joined(separator: "/")),
        parent.removeEmptyDirectory(name)
      else { return }
    }
  }

  private func commitMovingBranch(
    _ changes: [String: TreeChange], message: String, bulk: Bool
  ) throws(StoreError) -> ObjectID? {
    let signature = try commitSignature()
    for _ in 0..<50 {
      let head: Head
      do {
        head = try repository.head()
      } catch {
        throw .git(error)
      }
      let reference: String
      let parent: ObjectID?
      switch head {
      case .unborn(let name):
        reference = name
        parent = nil
      case .branch(let name, let target):
        reference = name
        parent = target
      case .detached:
        throw .detachedHead
      }
      do {
        let baseTree = try parent.map { id throws(GitError) in try repository.commit(id).tree }
        let tree = try repository.tree(applying: changes, to: baseTree)
        if tree == baseTree { return nil }
        let commit = try repository.createCommit(
          tree: tree, parents: parent.map { [$0] } ?? [], author: signature,
          committer: signature, message: withDeviceTrailer(message))
        // The files and objects must be on disk before a ref names them: after a crash the
        // store stays readable and `git fsck` clean. A small change fsynced each file as it
        // wrote it; a bulk one syncs the file system once, here.
        if bulk { syncFileSystems() }
        try repository.updateReference(
          reference, to: commit, expected: parent, logMessage: "holder-git: " + firstLine(message))
        return commit
      } catch  where error.code == .modified || error.code == .exists {
        // Another process moved the branch: build again on its new HEAD.
        continue
      } catch {
        throw .git(error)
      }
    }
    throw .branchKeepsMoving(reference: "HEAD")
  }

  func updateIndex(for change: Change) throws(StoreError) {
    let updates =
      change.writes.keys.sorted().map { IndexUpdate.addFromWorkTree(path: $0) }
      + change.removals.sorted().map { IndexUpdate.remove(path: $0) }
    var delay: useconds_t = 2_000
    let deadline = Date().addingTimeInterval(10)
    while true {
      do {
        try repository.updateIndex(updates)
        return
      } catch  where error.code == .locked && Date() < deadline {
        usleep(delay)
        delay = min(delay * 2, 100_000)
      } catch  where error.code == .locked {
        throw .indexLocked(path: repository.gitDirectory + "/index.lock")
      } catch {
        throw .git(error)
      }
    }
  }

  /// The author and committer: git's `user.name`/`user.email`, else the environment's fallback.
  func commitSignature() throws(StoreError) -> Signature {
    let now = environment.now()
    let seconds = now.millisecondsSince1970 / 1000
    let offset = environment.utcOffsetMinutes()
    if let identity = environment.identityOverride {
      return Signature(
        name: identity.name, email: identity.email, time: seconds, offsetMinutes: offset)
    }
    do {
      if let signature = try repository.defaultSignature(time: seconds, offsetMinutes: offset) {
        return signature
      }
    } catch {
      // An unreadable identity is not a reason to refuse saving a bookmark.
    }
    let identity = environment.fallbackIdentity()
    return Signature(
      name: identity.name, email: identity.email, time: seconds, offsetMinutes: offset)
  }

  /// The message with the `Device:` trailer that `holder-git log --device` reads.
  func withDeviceTrailer(_ message: String) -> String {
    var text = message
    while text.hasSuffix("\n") { text.removeLast() }
    return text + "\n\n" + CommitTrailer.device + ": " + environment.device() + "\n"
  }

  func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }

  private func firstLine(_ message: String) -> String {
    String(message.prefix { $0 != "\n" })
  }

  /// Flushes the file systems of the work tree and of `.git` (once when they are the same).
  func syncFileSystems() {
    rootDirectory.syncFileSystem()
    if !repository.gitDirectory.hasPrefix(root + "/") {
      (try? SafeDirectory(path: repository.gitDirectory))?.syncFileSystem()
    }
  }
}
