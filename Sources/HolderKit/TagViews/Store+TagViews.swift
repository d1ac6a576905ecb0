import Foundation
import Git
import HolderCore

/// The derived, git-ignored `tags/` folder: for every tag `a/b` of a bookmark, a relative
/// symlink `tags/a/b/<host>-<file name>` to the bookmark's file (DESIGN §1).
extension Store {
  /// Where the link for `tag` of the bookmark at `path` lives, and what it points at.
  func tagLink(tag: String, bookmarkPath path: String) -> (
    folder: String, name: String, target: String
  ) {
    let folder = Layout.tags + "/" + tag
    let depth = folder.split(separator: "/").count
    let target = String(repeating: "../", count: depth) + path
    return (folder, BookmarkPath.tagLinkName(forBookmarkPath: path), target)
  }

  /// Makes the links of one bookmark; a link that cannot be made is left to the next repair.
  func addTagViews(for located: LocatedBookmark) {
    for tag in located.bookmark.tags {
      let link = tagLink(tag: tag, bookmarkPath: located.path)
      try? rootDirectory.directory(link.folder, create: true)
        .makeSymlink(link.name, pointingTo: link.target)
    }
  }

  /// Removes the links of one bookmark for `tags`, and tag folders left empty.
  func removeTagViews(path: String, tags: [String]) {
    for tag in tags {
      let link = tagLink(tag: tag, bookmarkPath: path)
      guard let folder = try? rootDirectory.directory(link.folder) else { continue }
      if (try? folder.linkTarget(link.name)) != nil {
        try? folder.removeFile(link.name)
      }
      removeEmptyFolders(along: link.folder)
    }
  }

  /// Brings `tags/` to exactly the links `bookmarks` call for.
  ///
  /// Missing, extra and wrong links are repaired. Regular files found there
  /// are left alone and reported (never deleted).
  @discardableResult
  public func rebuildTagViews(from bookmarks: [LocatedBookmark]) -> [StoreProblem] {
    var wanted: [String: [String: String]] = [:]
    for located in bookmarks {
      for tag in located.bookmark.tags {
        let link = tagLink(tag: tag, bookmarkPath: located.path)
        wanted[link.folder, default: [:]][link.name] = link.target
      }
    }
    var problems: [StoreProblem] = []
    var existingFolders: Set<String> = []
    prune(Layout.tags, wanted: wanted, folders: &existingFolders, problems: &problems)
    for (folder, links) in wanted {
      guard let directory = try? rootDirectory.directory(folder, create: true) else {
        problems.append(StoreProblem(path: folder, message: "cannot create tag view '\(folder)'"))
        continue
      }
      for (name, target) in links {
        do {
          try directory.makeSymlink(name, pointingTo: target)
        } catch {
          problems.append(
            StoreProblem(path: folder + "/" + name, message: error.errorDescription ?? ""))
        }
      }
    }
    return problems
  }

  /// Walks `folder` depth first, removing links that are not wanted and folders left empty.
  private func prune(
    _ folder: String, wanted: [String: [String: String]], folders: inout Set<String>,
    problems: inout [StoreProblem]
  ) {
    guard let directory = try? rootDirectory.directory(folder),
      let entries = try? directory.entries()
    else { return }
    folders.insert(folder)
    for entry in entries {
      let path = folder + "/" + entry.name
      switch entry.kind {
      case .directory:
        prune(path, wanted: wanted, folders: &folders, problems: &problems)
        directory.removeEmptyDirectory(entry.name)
      case .symlink:
        let target = try? directory.linkTarget(entry.name)
        if wanted[folder]?[entry.name] != target { try? directory.removeFile(entry.name) }
      case .file, .other:
        problems.append(
          StoreProblem(
            path: path,
            message: "'\(path)' is not a link; tags/ holds only links made by holder-git: "
              + "move the file elsewhere"))
      }
    }
  }

  /// The spelling the store already uses for `tag` (DESIGN §1): the one in `store.json`, else
  /// an existing tag folder that differs only in case or normalisation, else `tag` itself.
  func storeSpelling(of tag: String) -> String {
    let key = Bookmark.tagKey(tag)
    if let known = settings.tagOrder.first(where: { Bookmark.tagKey($0) == key }) { return known }
    var resolved: [String] = []
    for segment in tag.split(separator: "/").map(String.init) {
      let folder = ([Layout.tags] + resolved).joined(separator: "/")
      let existing =
        (try? rootDirectory.directory(folder).entries())?
        .filter { $0.kind == .directory && Bookmark.tagKey($0.name) == Bookmark.tagKey(segment) }
        .map(\.name) ?? []
      let first = existing.min { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
      resolved.append(first ?? segment)
    }
    return resolved.joined(separator: "/")
  }

  /// True when the tag views were last brought up to date at the current HEAD.
  func tagViewsAreCurrent() -> Bool {
    guard let recorded = try? rootDirectory.directory(Layout.local).readFile("tag-views-head"),
      let head = try? currentHead()
    else { return false }
    return String(decoding: recorded, as: UTF8.self) == head.hex
  }

  /// Notes that the tag views match HEAD's bookmarks.
  func recordTagViewsHead() throws(StoreError) {
    let head = try currentHead()
    do {
      try rootDirectory.directory(Layout.local, create: true)
        .writeFileAtomically("tag-views-head", Array((head?.hex ?? "").utf8), durable: false)
    } catch {
      throw .fileSystem(error)
    }
  }

  /// Repairs the tag views from the work tree when HEAD moved without holder-git (a `git pull`).
  public func refreshTagViewsIfStale() {
    guard !tagViewsAreCurrent() else { return }
    rebuildTagViews(from: snapshot().bookmarks)
    try? recordTagViewsHead()
  }

  /// The tree of the commit HEAD points at, nil on an unborn branch.
  func headTree() throws(StoreError) -> ObjectID? {
    guard let head = try currentHead() else { return nil }
    do {
      return try repository.commit(head).tree
    } catch {
      throw .git(error)
    }
  }

  /// The commit HEAD points at, nil on an unborn branch.
  func currentHead() throws(StoreError) -> ObjectID? {
    do {
      switch try repository.head() {
      case .unborn: return nil
      case .branch(_, let target): return target
      case .detached(let target): return target
      }
    } catch {
      throw .git(error)
    }
  }
}
