import Foundation
import HolderCore

/// The derived, git-ignored `tags/` folder: for every tag `a/b` of a bookmark, a relative
/// symlink `tags/a/b/<host>-<file name>` to the bookmark's file (DESIGN §1).
extension Store {
  /// Where the link for `tag` of the bookmark at `path` lives, and what it points at.
  func tagLink(tag: String, bookmarkPath path: String) -> (
    folder: String, name: String, target: String
  ) {
    let folder = Layout.tags + "/" + tag
    let depth = folder.slashSeparated().count
    let target = String(repeating: "../", count: depth) + path
    return (folder, BookmarkPath.tagLinkName(forBookmarkPath: path), target)
  }

  /// Calls `visit` for every entry under `tags/`, a folder before what it holds, never looking
  /// through a link (a `tags` that is itself one is not walked).
  func forEachTagEntry(
    _ visit: (
      _ path: String, _ directory: SafeDirectory,
      _ entry: (name: String, kind: SafeDirectory.EntryType)
    ) -> Void
  ) {
    var folders = [Layout.tags]
    while let folder = folders.popLast() {
      guard let directory = try? rootDirectory.directory(folder),
        let entries = try? directory.entries()
      else { continue }
      for entry in entries {
        let path = folder + "/" + entry.name
        if entry.kind == .directory { folders.append(path) }
        visit(path, directory, entry)
      }
    }
  }

  /// Makes the links of the bookmark at `path` for `tags`, where missing or pointing
  /// elsewhere; a link that cannot be made is noted for `recordTagViewsHead`, which fails the
  /// command, and left to the next one to repair.
  func makeTagViews(path: String, tags: [String]) {
    for tag in tags {
      let link = tagLink(tag: tag, bookmarkPath: path)
      do {
        let folder = try rootDirectory.directory(link.folder, create: true)
        // A link kept as it was is no step.
        if (try? folder.linkTarget(link.name)) ?? nil == link.target { continue }
        try folder.makeSymlink(link.name, pointingTo: link.target)
      } catch  where error.code == EEXIST {
        // A file saved in place of the link: an edit `commit` or `sync` takes in, never lost.
      } catch {
        noteTagViewFault(error)
      }
      CrashPoint.reached()
    }
  }

  /// `makeTagViews` for a bookmark's own tags.
  func addTagViews(for located: LocatedBookmark) {
    makeTagViews(path: located.path, tags: located.bookmark.tags)
  }

  /// Keeps the first link that could not be made or removed, for `recordTagViewsHead`.
  func noteTagViewFault(_ error: FileSystemError) {
    if tagViewFault == nil { tagViewFault = error }
  }

  /// Removes the links of one bookmark for `tags`, and tag folders left empty.
  func removeTagViews(path: String, tags: [String]) {
    for tag in tags {
      let link = tagLink(tag: tag, bookmarkPath: path)
      guard let folder = try? rootDirectory.directory(link.folder) else { continue }
      if (try? folder.linkTarget(link.name)) != nil {
        do {
          try folder.removeFile(link.name)
        } catch {
          noteTagViewFault(error)
        }
      }
      removeEmptyFolders(along: link.folder)
      CrashPoint.reached()
    }
  }
}
