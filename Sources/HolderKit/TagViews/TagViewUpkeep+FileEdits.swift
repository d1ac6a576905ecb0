import HolderCore
import Localization

/// Bookmarks edited through `tags/`, where an editor saved a file in place of a link.
///
/// An editor that saves by rename (`sed -i`, most of them) replaces the tag view's link with a
/// file of its own. Such a file is a hand edit of the bookmark it names, never junk: `status`
/// and `diff` show it, `commit`, `sync` and `check --fix` move it into the bookmark's own file
/// and put the link back.
struct TagFileEdit {
  /// Where the file stands, under `tags/`.
  var tagPath: String
  /// The bookmark file it edits, under `bookmarks/`.
  var bookmarkPath: String
  var bytes: [UInt8]
  var bookmark: Bookmark
}

extension TagViewUpkeep {
  /// The files under `tags/` standing in place of a link that are edits of a bookmark.
  ///
  /// Each is a valid bookmark file named as its bookmark's link is, holding the id of a
  /// bookmark of this store. One that differs from a hand edit of the bookmark's own file, or
  /// from another edit of it under `tags/`, is a problem: nothing is taken in until one is kept.
  func tagFileEdits() -> (edits: [TagFileEdit], problems: [StoreProblem]) {
    var found: [String: [TagFileEdit]] = [:]
    // The index only when a file is found: a store with none reads nothing more.
    var index: BookmarkIndex?
    store.tagViews.forEachEntry { path, directory, entry in
      guard entry.kind == .file, entry.name.hasSuffix(".json"),
        let bytes = try? directory.readFile(entry.name),
        let bookmark = try? BookmarkCodec.decode(bytes, file: path),
        // By id and by the link's name: a copy of the id in another file (pasted by hand)
        // must not make it another bookmark's edit.
        let saved = { () -> LocatedBookmark? in
          if index == nil { index = store.bookmarkIndex() }
          return index?.bookmarks(withIDPrefix: bookmark.id.rawValue).first {
            $0.bookmark.id == bookmark.id
              && BookmarkPath.tagLinkName(forBookmarkPath: $0.path) == entry.name
          }
        }()
      else { return }
      found[saved.path, default: []].append(
        TagFileEdit(tagPath: path, bookmarkPath: saved.path, bytes: bytes, bookmark: bookmark))
    }
    var edits: [TagFileEdit] = []
    var problems: [StoreProblem] = []
    let headTree = (try? store.commitReader.headTree()) ?? nil
    for (path, copies) in found.sorted(by: { $0.key < $1.key }) {
      let own = (try? store.bookmarkEditor.workTreeBytes(at: path)) ?? nil
      let committed = (try? store.commitReader.committedBytes(at: path, in: headTree)) ?? nil
      let changed = copies.filter { $0.bytes != own }
      if changed.isEmpty {
        // The same bytes as the bookmark's own file: only the links are to put back.
        edits += copies
        continue
      }
      if Set(changed.map(\.bytes)).count == 1, own == committed, let committed,
        let edit = rebased(changed[0].bookmark, onto: committed, path: path)
      {
        // Every copy's link goes back, an unchanged one too: it would be an older edit next.
        edits += copies.map {
          TagFileEdit(
            tagPath: $0.tagPath, bookmarkPath: path, bytes: edit.bytes, bookmark: edit.bookmark)
        }
        continue
      }
      let places = ([path] + changed.map(\.tagPath)).map { "'\($0)'" }.joined(separator: ", ")
      problems.append(
        StoreProblem(
          path: changed[0].tagPath,
          message: Message(
            "the bookmark is edited in more than one place (\(places)), or was changed since the copy under tags/ was saved: keep the edit you want in one of them, delete the other files under tags/ (or take its own file back with 'git checkout -- \(path)'), then run 'holder-git commit'"
          ).english))
    }
    return (edits, problems)
  }

  /// The edit as bytes to write over the committed file: whole when it was made on the
  /// committed version (the same `lastModified`); merged field by field when the bookmark
  /// changed since (a `git pull`), against the version it was made on, found in the history
  /// by its `lastModified`; nil when that version is not there or a field changed on both.
  private func rebased(_ edit: Bookmark, onto committed: [UInt8], path: String)
    -> (bytes: [UInt8], bookmark: Bookmark)?
  {
    guard let current = try? BookmarkCodec.decode(committed, file: path) else { return nil }
    if edit.lastModified == current.lastModified {
      return (BookmarkCodec.encode(edit), edit)
    }
    let versions = (try? store.history(HistoryFilter(bookmark: edit.id))) ?? []
    guard
      let base = versions.lazy.flatMap(\.changes).compactMap(\.after)
        .first(where: { $0.id == edit.id && $0.lastModified == edit.lastModified })
    else { return nil }
    // A field changed both here and since is for the person to settle: nothing typed is lost.
    let merged = BookmarkMerge.merge(base: base, ours: current, theirs: edit)
    guard merged.resolutions.isEmpty else { return nil }
    return (BookmarkCodec.encode(merged.bookmark), merged.bookmark)
  }

  /// Moves each edit made through `tags/` into its bookmark's own file, then puts the link back.
  ///
  /// The file is written durably first; a kill between the two leaves the same bytes in both
  /// places, which the next command finishes. Returns the edits it could not take in, as
  /// problems.
  func takeInTagFileEdits() throws(StoreError) -> [StoreProblem] {
    let (edits, problems) = tagFileEdits()
    for edit in edits {
      let (folder, name) = edit.bookmarkPath.folderAndName
      let (tagFolder, tagName) = edit.tagPath.folderAndName
      let own = try store.bookmarkEditor.workTreeBytes(at: edit.bookmarkPath)
      do throws(FileSystemError) {
        let directory = try store.rootDirectory.directory(tagFolder)
        if own != edit.bytes {
          let target = try store.rootDirectory.directory(folder, create: true)
          try target.writeFileAtomically(name, edit.bytes)
          // When the person saved it, for the stamp `commit` gives the edit.
          if let saved = directory.modificationTime(tagName) {
            try? target.setModificationTime(name, milliseconds: saved)
          }
        }
        try directory.removeFile(tagName)
        // The link goes back only where a tag of the bookmark calls for it: a tag renamed
        // since the file was saved has its links elsewhere already.
        let wanted = edit.bookmark.tags.map {
          TagViews.link(tag: $0, bookmarkPath: edit.bookmarkPath)
        }
        if let link = wanted.first(where: { $0.folder == tagFolder && $0.name == tagName }) {
          try directory.makeSymlink(tagName, pointingTo: link.target)
        } else {
          store.rootDirectory.removeEmptyFolders(along: tagFolder)
        }
      } catch {
        throw .fileSystem(error)
      }
    }
    return problems
  }
}
