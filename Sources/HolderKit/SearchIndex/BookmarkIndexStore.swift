import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The search index of the work tree's bookmarks: its file under `.holder/local/` and the
/// memo a long-lived program keeps it in (its state), brought up to date when asked.
///
/// `Store.bookmarkIndex()` asks the one its store holds.
final class BookmarkIndexStore {
  /// The absolute path of the work tree.
  private let root: String
  private let rootDirectory: SafeDirectory
  private let lazyRepository: LazyRepository
  private let currentHead: () -> ObjectID?
  /// Where the index is kept between calls, for a long-lived program (nil: the cache file
  /// alone).
  var memo: BookmarkIndexMemo?

  private var repository: Repository { lazyRepository.repository }

  /// `head` says where HEAD points (nil: unborn, or unreadable).
  init(
    root: String, rootDirectory: SafeDirectory, repository: LazyRepository,
    head: @escaping () -> ObjectID?
  ) {
    self.root = root
    self.rootDirectory = rootDirectory
    lazyRepository = repository
    currentHead = head
  }

  /// Every bookmark of the work tree, from the index under `.holder/local/` brought up to
  /// date with what changed since it was written (DESIGN §6).
  ///
  /// ### Algorithm
  /// 1. Take the image a long-lived program keeps (`memo`), else read the file's arrays;
  ///    without one (or an untrusted one), start empty: every file is new.
  /// 2. When HEAD moved since the image was made (`git pull`, `checkout`, a commit), diff the
  ///    two commits' trees by object id: the paths they name are read again.
  /// 3. Stat every known file relative to its host folder, on every core: a different stamp
  ///    means it is read again, no stamp means it is gone.
  /// 4. Stat every known folder under `bookmarks/`: a folder whose stamp moved (or a new one)
  ///    is listed, and the files in it the index does not know are read.
  /// 5. When anything changed, make a new image (unchanged bookmarks copied as bytes) and save
  ///    it. Files changed in the last two seconds keep no stamp, so an edit in the same clock
  ///    tick is never missed.
  ///
  /// Never a full status, and an unchanged file is never read; when nothing changed, nothing
  /// is made per bookmark.
  func current() -> BookmarkIndex {
    var refresh = IndexRefresh()
    let local = try? rootDirectory.directory(Layout.local)
    let kept = memo?.load()
    var image: BookmarkIndexImage
    if let kept {
      image = kept
    } else if let local, let loaded = BookmarkIndexImage.load(in: local.descriptor) {
      image = loaded
    } else {
      image = .empty
      refresh.rebuilt = true
    }
    var changed = refresh.rebuilt
    var toRead: Set<String> = []
    let head = currentHead()
    if image.commit != head {
      // With no records every file is new and step 4 lists them all: diffing the trees
      // would only start libgit2.
      if image.count > 0 {
        for path in changedPaths(from: image.commit, to: head) { toRead.insert(path) }
      }
      refresh.pathsFromCommits = toRead.count
      changed = true
    }
    let root = rootDirectory.descriptor
    let bookmarks = image.movedBookmarks(root: root)
    let problems = image.movedProblems(root: root)
    let folders = newPaths(image, root: root)
    for position in bookmarks.changed { toRead.insert(image.path(position)) }
    for position in problems.changed { toRead.insert(image.problemPath(position)) }
    toRead.formUnion(folders.newPaths)
    changed =
      changed || !toRead.isEmpty || !bookmarks.gone.isEmpty || !problems.gone.isEmpty
      || folders.stamps != nil
    let now = Int64(Date().timeIntervalSince1970)
    if changed {
      var dropped = Set(bookmarks.gone + bookmarks.changed)
      var droppedProblems = Set(problems.gone + problems.changed)
      for path in toRead {
        if let position = image.position(ofPath: path.utf8) { dropped.insert(position) }
        if let position = image.problemPosition(ofPath: path.utf8) {
          droppedProblems.insert(position)
        }
      }
      let fresh = BookmarkIndexReader.read(toRead.sorted(by: Self.inByteOrder), root: self.root)
      refresh.filesRead = fresh.count { if case .bookmark = $0.content { true } else { false } }
      image = rebuilt(
        image, dropping: dropped, droppingProblems: droppedProblems, adding: fresh,
        folders: folders.stamps ?? image.folderStampsByPath, commit: head, now: now)
      if memo?.isSaveDue(now: now) ?? true { save(image, in: local) }
    }
    if changed || kept == nil { memo?.keep(image) }
    return BookmarkIndex(image: image, refresh: refresh)
  }

  static func inByteOrder(_ left: String, _ right: String) -> Bool {
    // memcmp of the UTF-8 bytes: the generic comparison of two UTF8Views took a quarter of a
    // second to sort 100k paths.
    var left = left
    var right = right
    return left.withUTF8 { left in
      right.withUTF8 { right in
        let common = min(left.count, right.count)
        guard common > 0, let leftStart = left.baseAddress, let rightStart = right.baseAddress
        else { return left.count < right.count }
        let order = unsafe memcmp(leftStart, rightStart, common)
        return order != 0 ? order < 0 : left.count < right.count
      }
    }
  }

  /// `image` without the dropped positions and with `fresh` (ordered by path bytes) added.
  private func rebuilt(
    _ image: BookmarkIndexImage, dropping dropped: Set<Int>, droppingProblems: Set<Int>,
    adding fresh: [BookmarkIndexRecord], folders: [String: FileStamp], commit: ObjectID?, now: Int64
  ) -> BookmarkIndexImage {
    var builder = BookmarkIndexImageBuilder(commit: commit, now: now)
    let source = BookmarkIndexImageBuilder.Source(image)
    builder.reserve(image.count - dropped.count + fresh.count, like: image)
    Self.merge(
      kept: (0..<image.count).filter { !dropped.contains($0) }, path: image.pathBytes,
      fresh: fresh.filter { if case .bookmark = $0.content { true } else { false } },
      keep: { builder.append(from: source, $0) }, add: { builder.append($0) })
    Self.merge(
      kept: (0..<image.problemPaths.count).filter { !droppingProblems.contains($0) },
      path: { image.problemPaths[$0].dropLast() },
      fresh: fresh.filter { if case .problem = $0.content { true } else { false } },
      keep: { builder.appendProblem(from: image, $0) }, add: { builder.append($0) })
    return builder.finish(folders: folders)
  }

  /// Hands on the kept positions and the fresh records (each in path order) merged into one
  /// path order: the bookmarks, then the problems, of a new image.
  private static func merge(
    kept: [Int], path: (Int) -> ArraySlice<UInt8>, fresh: [BookmarkIndexRecord],
    keep: (Int) -> Void, add: (BookmarkIndexRecord) -> Void
  ) {
    var next = 0
    for position in kept {
      let keptPath = path(position)
      while next < fresh.count, fresh[next].path.utf8.lexicographicallyPrecedes(keptPath) {
        add(fresh[next])
        next += 1
      }
      keep(position)
    }
    for record in fresh[next...] { add(record) }
  }

  /// The paths under `bookmarks/` that differ between two commits; all of them when the old
  /// commit cannot be read (it was never there, or was garbage-collected).
  private func changedPaths(from old: ObjectID?, to new: ObjectID?) -> [String] {
    do {
      let oldTree = try old.map { id throws(GitError) in try repository.commit(id).tree }
      let newTree = try new.map { id throws(GitError) in try repository.commit(id).tree }
      return try repository.changes(from: oldTree, to: newTree, under: Layout.bookmarks)
        .map(\.path)
    } catch {
      return []
    }
  }

  /// The files in moved folders that the index does not know yet, and the folders' stamps.
  ///
  /// The stamps are nil when no folder moved: then nothing is listed. Odd entries are
  /// read as records, which makes them problems.
  private func newPaths(_ image: BookmarkIndexImage, root: Int32) -> (
    newPaths: [String], stamps: [String: FileStamp]?
  ) {
    let moved = image.movedFolders(root: root)
    let knowsBookmarksFolder = image.folderPosition(ofPath: Layout.bookmarks.utf8) != nil
    if moved.changed.isEmpty && moved.gone.isEmpty && knowsBookmarksFolder {
      return ([], nil)
    }
    var stamps = image.folderStampsByPath
    for position in moved.gone { stamps[image.folderPath(position)] = nil }
    var starts = moved.changed.map { image.folderPath($0) }
    if !knowsBookmarksFolder { starts.append(Layout.bookmarks) }
    var wanted: [String] = []
    // Each new folder is opened from its parent's descriptor, depth first (at most four open
    // at once): opening each from the root walked every component again (at 100k, 17k
    // folders took half a second).
    func visit(_ folder: String, _ directory: SafeDirectory, depth: Int) {
      guard let stamp = FileStamp(relativePath: ".", in: directory.descriptor),
        let entries = try? directory.entries()
      else {
        stamps[folder] = nil
        return
      }
      stamps[folder] = stamp
      // Names starting with "." are temporary files of interrupted writes, never bookmarks.
      for entry in entries where !entry.name.hasPrefix(".") {
        let path = folder + "/" + entry.name
        if depth < 3 && entry.kind == .directory {
          guard stamps[path] == nil else { continue }
          if let child = try? directory.directory(entry.name) {
            visit(path, child, depth: depth + 1)
          }
        } else if image.position(ofPath: path.utf8) == nil
          && image.problemPosition(ofPath: path.utf8) == nil
        {
          wanted.append(path)
        }
      }
    }
    for folder in starts {
      guard let directory = try? rootDirectory.directory(folder) else {
        stamps[folder] = nil
        continue
      }
      // bookmarks/ holds buckets, a bucket holds hosts, a host holds the files.
      visit(folder, directory, depth: folder.slashSeparated().count)
    }
    return (wanted, stamps)
  }

  private func save(_ image: BookmarkIndexImage, in local: SafeDirectory?) {
    // The index is only a cache: failing to save it costs time next run, never correctness.
    let folder = local ?? (try? rootDirectory.directory(Layout.local, create: true))
    try? folder?.writeFileAtomically(BookmarkIndexImage.fileName, durable: false) {
      file throws(FileSystemError) in try image.write(to: file)
    }
    if folder?.exists(BookmarkIndexImage.formerFileName) == true {
      try? folder?.removeFile(BookmarkIndexImage.formerFileName)
    }
  }
}
