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

/// Steps 2–4 of an import's writing: work-tree files and blobs as they come, then one pack,
/// one commit, one sync, the index and the tag views; or, when a write fails before the branch
/// moves, every file and link it wrote taken back.
struct ImportWriter {
  private let store: Store
  private let pack: PackWriter
  private var folderPath = ""
  private var folder: SafeDirectory?
  private var files: [(path: String, id: ObjectID)] = []
  /// Each written file's bytes before (nil: it was new), to put back when the import fails.
  private var before: [(path: String, bytes: [UInt8]?)] = []
  private let links: TagLinkMaker

  init(store: Store) throws(StoreError) {
    self.store = store
    links = TagLinkMaker(root: store.rootDirectory)
    pack = try git { () throws(GitError) in try PackWriter(repository: store.repository) }
  }

  /// Writes one bookmark's file (`bytes`, its encoding) and blob; the bytes are not kept.
  ///
  /// `replacing` says the file exists (a merge): its bytes are kept until the commit, in case
  /// the import fails.
  mutating func write(_ bookmark: Bookmark, bytes: [UInt8], at path: String, replacing: Bool)
    throws(StoreError)
  {
    let (folderName, name) = path.folderAndName
    do {
      let directory: SafeDirectory
      if let folder, folderName == folderPath {
        directory = folder
      } else {
        directory = try store.rootDirectory.directory(folderName, create: true)
        folder = directory
        folderPath = folderName
      }
      before.append((path, replacing ? try directory.readFile(name) : nil))
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
      let made = TagViews.link(tag: tag, bookmarkPath: path)
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
    let start = try store.commitReader.currentHead()
    let made: CommitMade?
    do {
      made = try store.committer.commit(request)
    } catch {
      // A branch that moved is the truth (what follows it is the commit path's to finish);
      // one that did not leaves the work tree to be put back as it was.
      guard (try? store.commitReader.currentHead()) == start else { throw error }
      pack.discard()
      // Everything put back: the journal has nothing left for the next command to finish.
      if takeBack() == nil { store.committer.removeJournal() }
      throw .takenBack(error, operation: Message("import").english)
    }
    links.finish()
    // The views are made; failing to note that they are current (a full disk) only costs the
    // next command a check of them.
    try? store.tagViewUpkeep.recordTagViewsHead()
    return made?.commit.hex
  }

  /// Puts back every file this import wrote (new ones removed, merged ones as they were) and
  /// removes the links it made; nil when all went back, else the first failure.
  @discardableResult
  func takeBack() -> FileSystemError? {
    links.takeBack()
    var failure: FileSystemError?
    // New files first: on a full disk, removing them makes the room the rewrites need.
    for file in before.reversed() where file.bytes == nil {
      let (folderName, name) = file.path.folderAndName
      do {
        try store.rootDirectory.directory(folderName).removeFile(name)
      } catch {
        failure = failure ?? error
      }
      let parts = folderName.slashSeparated()
      if parts.count == 3,
        (try? store.rootDirectory.directory(parts[0] + "/" + parts[1]))?.removeEmptyDirectory(
          parts[2]) == true
      {
        _ = (try? store.rootDirectory.directory(parts[0]))?.removeEmptyDirectory(parts[1])
      }
    }
    for file in before.reversed() {
      guard let bytes = file.bytes else { continue }
      let (folderName, name) = file.path.folderAndName
      do {
        try store.rootDirectory.directory(folderName).writeFileAtomically(name, bytes)
      } catch {
        failure = failure ?? error
      }
    }
    return failure
  }
}
