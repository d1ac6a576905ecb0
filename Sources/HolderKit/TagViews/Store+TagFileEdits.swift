import HolderCore
import Localization

/// Bookmarks edited through `tags/`, where an editor saved a file in place of a link.
///
/// An editor that saves by rename (`sed -i`, most of them) replaces the tag view's link with a
/// file of its own. Such a file is a hand edit of the
/// bookmark it names, never junk: `status` and `diff` show it, `commit`, `sync` and
/// `check --fix` move it into the bookmark's own file and put the link back.
struct TagFileEdit {
  /// Where the file stands, under `tags/`.
  var tagPath: String
  /// The bookmark file it edits, under `bookmarks/`.
  var bookmarkPath: String
  var bytes: [UInt8]
  var bookmark: Bookmark
}

extension Store {
  /// The files under `tags/` standing in place of a link that are edits of a bookmark.
  ///
  /// Each is a valid bookmark file named as its bookmark's link is, holding the id of a
  /// bookmark of this store. One that differs from a hand edit of the bookmark's own file, or from another
  /// edit of it under `tags/`, is a problem: nothing is taken in until one is kept.
  func tagFileEdits() -> (edits: [TagFileEdit], problems: [StoreProblem]) {
    var found: [String: [TagFileEdit]] = [:]
    var folders = [Layout.tags]
    if (try? rootDirectory.linkTarget(Layout.tags)) ?? nil != nil { return ([], []) }
    let index = index()
    while let folder = folders.popLast() {
      guard let directory = try? rootDirectory.directory(folder),
        let entries = try? directory.entries()
      else { continue }
      for entry in entries {
        let path = folder + "/" + entry.name
        if entry.kind == .directory { folders.append(path) }
        guard entry.kind == .file, entry.name.hasSuffix(".json"),
          let bytes = try? directory.readFile(entry.name),
          let bookmark = try? BookmarkCodec.decode(bytes, file: path),
          let saved = index.bookmark(withID: bookmark.id),
          BookmarkPath.tagLinkName(forBookmarkPath: saved.path) == entry.name
        else { continue }
        found[saved.path, default: []].append(
          TagFileEdit(tagPath: path, bookmarkPath: saved.path, bytes: bytes, bookmark: bookmark))
      }
    }
    var edits: [TagFileEdit] = []
    var problems: [StoreProblem] = []
    let headTree = (try? headTree()) ?? nil
    for (path, copies) in found.sorted(by: { $0.key < $1.key }) {
      let own = try? workTreeBytes(at: path)
      let committed = try? committedBytes(at: path, in: headTree)
      let changed = copies.filter { $0.bytes != own }
      let versions = Set(changed.map(\.bytes))
      if changed.isEmpty || (versions.count == 1 && own == committed) {
        // The same bytes as the bookmark's own file: only the link is to put back.
        edits += changed.isEmpty ? copies : changed
        continue
      }
      let places = ([path] + changed.map(\.tagPath)).map { "'\($0)'" }.joined(separator: ", ")
      problems.append(
        StoreProblem(
          path: changed[0].tagPath,
          message: Message(
            "the bookmark is edited in more than one place (\(places)): keep the edit you want in one of them, delete the other files under tags/ (or take its own file back with 'git checkout -- \(path)'), then run 'holder-git commit'"
          ).english))
    }
    return (edits, problems)
  }

  /// Moves each edit made through `tags/` into its bookmark's own file, then puts the link back.
  ///
  /// The file is written durably first; a kill between the two leaves the same bytes in both places, which the next
  /// command finishes. Returns the edits it could not take in, as problems.
  func takeInTagFileEdits() throws(StoreError) -> [StoreProblem] {
    let (edits, problems) = tagFileEdits()
    for edit in edits {
      let (folder, name) = split(edit.bookmarkPath)
      let (tagFolder, tagName) = split(edit.tagPath)
      let own = try workTreeBytes(at: edit.bookmarkPath)
      do throws(FileSystemError) {
        if own != edit.bytes {
          try rootDirectory.directory(folder, create: true).writeFileAtomically(name, edit.bytes)
        }
        let directory = try rootDirectory.directory(tagFolder)
        try directory.removeFile(tagName)
        let depth = tagFolder.slashSeparated().count
        try directory.makeSymlink(
          tagName, pointingTo: String(repeating: "../", count: depth) + edit.bookmarkPath)
      } catch {
        throw .fileSystem(error)
      }
    }
    return problems
  }
}
