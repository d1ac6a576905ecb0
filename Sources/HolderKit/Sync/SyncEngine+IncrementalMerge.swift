import Git
import HolderCore

/// The three sides of a merge as read for `StoreMerge`: every bookmark, or only the ones
/// that can differ from their base.
struct MergeInputs {
  var base: TreeSnapshot
  var ours: TreeSnapshot
  var theirs: TreeSnapshot
  /// The bookmark paths read; nil when every bookmark of every side was read.
  var paths: Set<String>?
}

extension SyncEngine {
  /// Reads, of each side, only the bookmarks the merge can change (DESIGN §5); nil when only
  /// the full read gives the full merge's result.
  ///
  /// ### Algorithm
  /// 1. Diff the trees base→ours and base→theirs under `bookmarks/` (sub-trees with equal ids
  ///    are skipped unread) and read, on all three sides, the files at every changed path.
  ///    A bookmark whose id appears there is "touched"; every side's version of it is among
  ///    those files: a side that did not change its base path still has it there, a side that
  ///    moved it (a URL edit) added it at a changed path.
  /// 2. Untouched bookmarks are the same on all three sides, so the merge keeps them as they
  ///    are and the merged tree is ours' tree with only touched paths edited, with two
  ///    exceptions handled here: a touched bookmark that lands on the path of an untouched
  ///    one (the same link saved twice: the untouched one is read too, for the join), and a
  ///    tag rename some side's log lacks whose old name an untouched bookmark still carries
  ///    (the merge maps that side's version: fall back to reading everything). A rename every
  ///    side knew maps nothing.
  ///
  /// `oursCommit` is the commit whose tree is `ours`.
  func changedSides(
    base: ObjectID, ours: ObjectID, oursCommit: ObjectID, theirs: ObjectID,
    fallbackSettings: StoreSettings
  ) throws(StoreError) -> MergeInputs? {
    let diff = TreeDiff(repository: store.repository)
    var original: TreeSnapshot
    var mine: TreeSnapshot
    var other: TreeSnapshot
    do {
      let oursChanges = try diff.files(under: Layout.bookmarks, from: base, to: ours)
      let theirChanges = try diff.files(under: Layout.bookmarks, from: base, to: theirs)
      var baseBlobs: [String: ObjectID] = [:]
      var oursBlobs: [String: ObjectID?] = [:]
      var theirBlobs: [String: ObjectID?] = [:]
      for entry in oursChanges {
        oursBlobs[entry.path] = .some(entry.new)
        if let old = entry.old { baseBlobs[entry.path] = old }
      }
      for entry in theirChanges {
        theirBlobs[entry.path] = .some(entry.new)
        if let old = entry.old { baseBlobs[entry.path] = old }
      }
      let paths = Set(oursBlobs.keys).union(theirBlobs.keys).sorted()
      original = try TreeSnapshot(
        repository: store.repository, tree: base, paths: [String](),
        fallbackSettings: StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0)))
      mine = try TreeSnapshot(
        repository: store.repository, tree: ours, paths: [String](),
        fallbackSettings: fallbackSettings)
      other = try TreeSnapshot(
        repository: store.repository, tree: theirs, paths: [String](),
        fallbackSettings: mine.settings)
      if !renamedTagsUntouched(
        [original.settings, mine.settings, other.settings], viewsAt: oursCommit)
      {
        return nil
      }
      for path in paths {
        let baseBlob = baseBlobs[path]
        if let id = baseBlob { original.insert(try store.repository.blob(id), at: path) }
        if let id = oursBlobs[path] ?? baseBlob {
          mine.insert(try store.repository.blob(id), at: path)
        }
        if let id = theirBlobs[path] ?? baseBlob {
          other.insert(try store.repository.blob(id), at: path)
        }
      }
      // The same link saved on one side as an untouched bookmark has it: join them.
      var read = Set(paths)
      let touched = Set(mine.bookmarks.map(\.id)).union(other.bookmarks.map(\.id))
      let urls = Set((mine.bookmarks + other.bookmarks).map(\.url))
      for url in urls.sorted() {
        let path = BookmarkPath.relativePath(forNormalizedURL: url)
        guard read.insert(path).inserted,
          let entry = try store.repository.entry(atPath: path, inTree: ours), entry.kind == .blob
        else { continue }
        let bytes = try store.repository.blob(entry.id)
        guard let bookmark = try? BookmarkCodec.decode(bytes, file: path),
          !touched.contains(bookmark.id)
        else { continue }
        original.insert(bytes, at: path)
        mine.insert(bytes, at: path)
        other.insert(bytes, at: path)
      }
      return MergeInputs(base: original, ours: mine, theirs: other, paths: read)
    } catch {
      throw .wrapping(error, during: "merge")
    }
  }

  /// True unless a tag renamed in some side's log but not in all of them still names a
  /// folder of the tag views.
  ///
  /// Such a folder means a bookmark, perhaps untouched, carries the old name, which the merge
  /// may map; the views must show the commit `commit` to tell.
  private func renamedTagsUntouched(_ logs: [StoreSettings], viewsAt commit: ObjectID) -> Bool {
    let renames = TagRenames(logs.map(\.tagRenames)).log.filter { rename in
      logs.contains { !$0.tagRenames.contains(rename) }
    }
    if renames.isEmpty { return true }
    guard
      let recorded = try? store.rootDirectory.directory(Layout.local).readFile("tag-views-head"),
      String(decoding: recorded, as: UTF8.self) == commit.hex
    else { return false }
    return !renames.contains { tagFolderExists(Bookmark.tagKey($0.from)) }
  }

  /// True when `tags/` has a folder whose tag key is `key`.
  private func tagFolderExists(_ key: String) -> Bool {
    var folders = [Layout.tags]
    for segment in key.slashSeparated() {
      let wanted = String(segment)
      var next: [String] = []
      for folder in folders {
        let entries = (try? store.rootDirectory.directory(folder).entries()) ?? []
        for entry in entries
        where entry.kind == .directory && Bookmark.tagKey(entry.name) == wanted {
          next.append(folder + "/" + entry.name)
        }
      }
      if next.isEmpty { return false }
      folders = next
    }
    return true
  }

  /// How many bookmark files the tree `tree` holds, counted from its tree entries alone;
  /// counting stops once it reaches `limit` (all the mass-delete check needs to know).
  func countBookmarks(inTree tree: ObjectID, upTo limit: Int = .max) throws(StoreError) -> Int {
    do {
      guard let folder = try store.repository.entry(atPath: Layout.bookmarks, inTree: tree),
        folder.kind == .tree
      else { return 0 }
      var count = 0
      for bucket in try store.repository.treeEntries(folder.id) where bucket.kind == .tree {
        for host in try store.repository.treeEntries(bucket.id) where host.kind == .tree {
          count += try store.repository.treeEntries(host.id).filter { $0.kind == .blob }.count
          if count >= limit { return count }
        }
      }
      return count
    } catch {
      throw .git(error)
    }
  }
}
