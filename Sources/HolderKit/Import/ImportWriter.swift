import Foundation
import Git
import HolderCore

/// Steps 2–4 of an import's writing: work-tree files and blobs as they come, then one pack,
/// one commit, one sync, the index and the tag views.
struct ImportWriter {
  private let store: Store
  private let pack: PackWriter
  private var folderPath = ""
  private var folder: SafeDirectory?
  private var files: [(path: String, id: ObjectID)] = []
  private let links: TagLinkMaker

  init(store: Store) throws(StoreError) {
    self.store = store
    links = TagLinkMaker(root: store.rootDirectory)
    do {
      pack = try PackWriter(repository: store.repository)
    } catch {
      throw .git(error)
    }
  }

  /// Writes one bookmark's file and blob; its bytes are not kept.
  mutating func write(_ bookmark: Bookmark, at path: String) throws(StoreError) {
    let bytes = BookmarkCodec.encode(bookmark)
    let (folderName, name) = store.split(path)
    do {
      let directory: SafeDirectory
      if let folder, folderName == folderPath {
        directory = folder
      } else {
        directory = try store.rootDirectory.directory(folderName, create: true)
        folder = directory
        folderPath = folderName
      }
      // Durable through the one file-system sync before the branch moves.
      try directory.writeFileAtomically(name, bytes, durable: false)
    } catch {
      throw .fileSystem(error)
    }
    do {
      files.append((path, try pack.write(bytes, as: .blob)))
    } catch {
      throw .git(error)
    }
    links.add(path: path, tags: bookmark.tags) { tag, path in
      let made = store.tagLink(tag: tag, bookmarkPath: path)
      return (made.folder, made.name, made.target)
    }
  }

  /// Commits the written files; returns the commit's id.
  ///
  /// Trees into the pack, the pack closed, the commit; sync; the branch moved; then the
  /// index and the tag views. Returns the commit's id.
  func commit(message: String) throws(StoreError) -> String {
    // The links go on being made while the trees, the pack and the commit are written.
    links.flush()
    var changes: [String: TreeChange] = [:]
    changes.reserveCapacity(files.count)
    for file in files { changes[file.path] = .upsert(file.id, kind: .blob) }
    let signature = try store.commitSignature()
    Durability.fsyncEachWrite(false)
    defer { Durability.fsyncEachWrite(true) }
    var commit: ObjectID?
    for attempt in 0..<50 where commit == nil {
      do {
        commit = try commitOnce(
          changes, message: message, signature: signature, packed: attempt > 0)
      } catch {
        if case .git(let failure) = error, failure.code == .modified || failure.code == .exists {
          continue
        }
        throw error
      }
    }
    guard let commit else { throw .branchKeepsMoving(reference: "HEAD") }
    try stage()
    links.finish()
    try store.recordTagViewsHead()
    return commit.hex
  }

  /// One try at the commit on the current tip.
  ///
  /// The first try puts the trees into the pack
  /// and closes it; when the branch moved under it (plain git), later tries write the
  /// trees on the new tip as loose objects.
  private func commitOnce(
    _ changes: [String: TreeChange], message: String, signature: Signature, packed: Bool
  ) throws(StoreError) -> ObjectID {
    let repository = store.repository
    let reference: String
    let parent: ObjectID?
    let head: Head
    do {
      head = try repository.head()
    } catch {
      throw .git(error)
    }
    switch head {
    case .unborn(let name): (reference, parent) = (name, nil)
    case .branch(let name, let target): (reference, parent) = (name, target)
    case .detached: throw .detachedHead
    }
    do {
      let baseTree = try parent.map { id throws(GitError) in try repository.commit(id).tree }
      let tree: ObjectID
      if packed {
        tree = try repository.tree(applying: changes, to: baseTree)
      } else {
        tree = try repository.tree(applying: changes, to: baseTree, into: pack)
        try pack.finish()
      }
      let id = try repository.createCommit(
        tree: tree, parents: parent.map { [$0] } ?? [], author: signature,
        committer: signature, message: message)
      store.syncFileSystems()
      try repository.updateReference(
        reference, to: id, expected: parent,
        logMessage: "holder-git: " + String(message.prefix { $0 != "\n" }))
      return id
    } catch {
      throw .git(error)
    }
  }

  private func stage() throws(StoreError) {
    var delay: useconds_t = 2_000
    let deadline = Date().addingTimeInterval(10)
    while true {
      do {
        try store.repository.stageWrittenFiles(files)
        return
      } catch  where error.code == .locked && Date() < deadline {
        usleep(delay)
        delay = min(delay * 2, 100_000)
      } catch  where error.code == .locked {
        throw .indexLocked(path: store.repository.gitDirectory + "/index.lock")
      } catch {
        throw .git(error)
      }
    }
  }
}
