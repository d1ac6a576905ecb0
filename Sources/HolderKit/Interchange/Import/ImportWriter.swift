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
    pack = try git { () throws(GitError) in try PackWriter(repository: store.repository) }
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
      CrashPoint.reached()
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

  /// Commits the written files through the store's one commit path; returns the commit's id.
  ///
  /// The first try puts the trees into the pack and closes it; when the branch moved under it
  /// (plain git), a retry writes the trees on the new tip as loose objects. The index takes
  /// the files by their known blob ids, then the tag views are finished. Nil when the tree
  /// did not change.
  func commit(message: String) throws(StoreError) -> String? {
    // The links go on being made while the trees, the pack and the commit are written.
    links.flush()
    var changes: [String: TreeChange] = [:]
    changes.reserveCapacity(files.count)
    for file in files { changes[file.path] = .upsert(file.id, kind: .blob) }
    let files = files
    let request = CommitRequest(
      steps: [(.entries(changes), message)], bulk: true, pack: pack,
      beforeMove: { _, _ in CommitRequest.AfterMove(index: .knownBlobs(files)) })
    let made = try store.commit(request)
    links.finish()
    try store.recordTagViewsHead()
    return made?.commit.hex
  }
}
