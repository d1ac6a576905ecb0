import Foundation
import Git
import HolderCore

extension Store {
  /// Every bookmark of the work tree, from the cache under `.holder/local/` brought up to
  /// date with what changed since it was written (DESIGN §6).
  ///
  /// ### Algorithm
  /// 1. Load the cache (a long-lived program's `indexMemo`, else the file); without one (or
  ///    an unreadable one), start empty: every file is new.
  /// 2. When HEAD moved since the cache was written (`git pull`, `checkout`, a commit),
  ///    diff the two commits' trees by object id: the paths they name are read again.
  /// 3. `lstat` every known file, in parallel: a different stamp means it is read again,
  ///    no stamp means it is gone.
  /// 4. `lstat` every known folder under `bookmarks/`: a folder whose stamp moved (or a new
  ///    one) is listed, and the files in it the index does not know are read.
  /// 5. Save the cache when anything changed. Files changed in the last two seconds are
  ///    saved with no stamp, so an edit in the same clock tick is never missed.
  ///
  /// Never a full status, and an unchanged file is never read.
  public func index() -> BookmarkIndex {
    var refresh = IndexRefresh()
    let local = try? rootDirectory.directory(Layout.local)
    var state: IndexState
    let kept = indexMemo?.load()
    if let kept {
      state = kept
    } else if let bytes = try? local?.readFile(IndexCache.fileName),
      let cached = IndexCache.decode(bytes)
    {
      state = cached
    } else {
      state = IndexState()
      refresh.rebuilt = true
    }
    var changed = refresh.rebuilt
    var toRead: Set<String> = []
    let head = try? currentHead()
    if state.commit != head {
      // With no records every file is new and step 4 lists them all: diffing the trees
      // would only start libgit2.
      if !state.records.isEmpty {
        for path in changedPaths(from: state.commit, to: head) { toRead.insert(path) }
      }
      refresh.pathsFromCommits = toRead.count
      state.commit = head
      changed = true
    }
    var keep = [Bool](repeating: true, count: state.records.count)
    let stamps = FileStamp.stamps(of: state.records.map(\.path), root: root)
    for (position, stamp) in stamps.enumerated() {
      guard let stamp else {
        keep[position] = false
        continue
      }
      if stamp != state.records[position].stamp { toRead.insert(state.records[position].path) }
    }
    toRead.formUnion(newPaths(&state))
    if !toRead.isEmpty || keep.contains(false) {
      changed = true
      for (position, record) in state.records.enumerated() where toRead.contains(record.path) {
        keep[position] = false
      }
      let kept = zip(state.records, keep).compactMap { $1 ? $0 : nil }
      let fresh = IndexReader.read(toRead.sorted(), root: root)
      refresh.filesRead = fresh.count { if case .bookmark = $0.content { true } else { false } }
      state.records = merged(kept, fresh)
    }
    let now = Int64(Date().timeIntervalSince1970)
    if changed && indexMemo?.isSaveDue(now: now) ?? true { saveIndex(state) }
    if changed || kept == nil { indexMemo?.keep(state, now: now) }
    return BookmarkIndex(records: state.records, refresh: refresh)
  }

  /// Two lists of records ordered by path, merged into one ordered by path.
  private func merged(_ first: [IndexRecord], _ second: [IndexRecord]) -> [IndexRecord] {
    var result: [IndexRecord] = []
    result.reserveCapacity(first.count + second.count)
    var left = 0
    var right = 0
    while left < first.count || right < second.count {
      if right == second.count || (left < first.count && first[left].path < second[right].path) {
        result.append(first[left])
        left += 1
      } else {
        result.append(second[right])
        right += 1
      }
    }
    return result
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

  /// The files in folders whose stamp moved that the index does not know yet; records the
  /// folders' new stamps, forgets folders that are gone, and records odd entries as problems.
  private func newPaths(_ state: inout IndexState) -> [String] {
    var wanted: [String] = []
    // Made only when a folder moved: a warm run with nothing new never builds it.
    var knownPaths: Set<String>?
    func isKnown(_ path: String) -> Bool {
      if knownPaths == nil { knownPaths = Set(state.records.map(\.path)) }
      return knownPaths?.contains(path) ?? false
    }
    var folders = Array(state.folders.keys)
    if state.folders[Layout.bookmarks] == nil { folders.append(Layout.bookmarks) }
    var pending: [String] = []
    for (folder, stamp) in zip(folders, FileStamp.stamps(of: folders, root: root)) {
      guard let stamp, stamp.isDirectory else {
        state.folders[folder] = nil
        continue
      }
      if stamp != state.folders[folder] { pending.append(folder) }
    }
    while let folder = pending.popLast() {
      guard let stamp = FileStamp(path: root + "/" + folder),
        let entries = try? rootDirectory.directory(folder).entries()
      else {
        state.folders[folder] = nil
        continue
      }
      state.folders[folder] = stamp
      // bookmarks/ holds buckets, a bucket holds hosts, a host holds the files.
      let depth = folder.slashSeparated().count
      // Names starting with "." are temporary files of interrupted writes, never bookmarks.
      for entry in entries where !entry.name.hasPrefix(".") {
        let path = folder + "/" + entry.name
        if depth < 3 && entry.kind == .directory {
          if state.folders[path] == nil { pending.append(path) }
        } else if !isKnown(path) {
          wanted.append(path)
        }
      }
    }
    return wanted
  }

  private func saveIndex(_ state: IndexState) {
    let bytes = IndexCache.encode(state, now: Int64(Date().timeIntervalSince1970))
    // The cache is only a cache: failing to save it costs time next run, never correctness.
    try? rootDirectory.directory(Layout.local, create: true)
      .writeFileAtomically(IndexCache.fileName, bytes, durable: false)
  }
}
