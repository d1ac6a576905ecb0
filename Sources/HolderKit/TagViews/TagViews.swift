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

/// The derived, git-ignored `tags/` folder: for every tag `a/b` of a bookmark, a relative
/// symlink `tags/a/b/<host>-<file name>` to the bookmark's file (DESIGN §1), and the marker
/// `.holder/local/tag-views-head` naming the commit the links were last brought up to.
///
/// Touches only `tags/` and its marker, and never removes anything under `tags/` but links:
/// a file saved in place of a link is a person's edit. A link it cannot make or remove (a
/// full disk, a folder that may not be changed) is kept as the `fault`, which the store's
/// marking of the views as current turns into the command's failure.
final class TagViews {
  /// The marker's name under `.holder/local/`.
  static let markerFile = "tag-views-head"

  private let root: SafeDirectory
  /// The first link this process could not make or remove since the views were last marked.
  private var fault: FileSystemError?

  init(root: SafeDirectory) {
    self.root = root
  }

  /// Where the link for `tag` of the bookmark at `path` lives, and what it points at.
  static func link(tag: String, bookmarkPath path: String) -> (
    folder: String, name: String, target: String
  ) {
    let folder = Layout.tags + "/" + tag
    let depth = folder.slashSeparated().count
    let target = String(repeating: "../", count: depth) + path
    return (folder, BookmarkPath.tagLinkName(forBookmarkPath: path), target)
  }

  /// Calls `visit` for every entry under `tags/`, a folder before what it holds, never looking
  /// through a link (a `tags` that is itself one is not walked).
  func forEachEntry(
    _ visit: (
      _ path: String, _ directory: SafeDirectory,
      _ entry: (name: String, kind: SafeDirectory.EntryType)
    ) -> Void
  ) {
    var folders = [Layout.tags]
    while let folder = folders.popLast() {
      guard let directory = try? root.directory(folder),
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
  /// elsewhere; each link made is a durable step.
  func make(path: String, tags: [String]) {
    for tag in tags {
      let link = Self.link(tag: tag, bookmarkPath: path)
      do {
        let folder = try root.directory(link.folder, create: true)
        // A link kept as it was is no step.
        if (try? folder.linkTarget(link.name)) ?? nil == link.target { continue }
        try folder.makeSymlink(link.name, pointingTo: link.target)
      } catch  where error.code == EEXIST {
        // A file saved in place of the link: an edit `commit` or `sync` takes in, never lost.
      } catch {
        note(error)
      }
      CrashPoint.reached()
    }
  }

  /// Removes the links of the bookmark at `path` for `tags`, and tag folders left empty.
  func remove(path: String, tags: [String]) {
    for tag in tags {
      let link = Self.link(tag: tag, bookmarkPath: path)
      guard let folder = try? root.directory(link.folder) else { continue }
      if (try? folder.linkTarget(link.name)) != nil {
        do {
          try folder.removeFile(link.name)
        } catch {
          note(error)
        }
      }
      root.removeEmptyFolders(along: link.folder)
      CrashPoint.reached()
    }
  }

  /// Brings the links of `paths` from the tags each had (`before`) to the tags each has now
  /// (`after`; a path missing there is gone): lost tags' links removed first, for every path,
  /// then every tag's link made where missing or pointing elsewhere (a moved file's link of
  /// the same name), in path order.
  func bring(_ paths: [String], from before: [String: [String]], to after: [String: [String]]) {
    let paths = paths.sorted()
    for path in paths {
      let kept = Set(after[path] ?? [])
      remove(path: path, tags: (before[path] ?? []).filter { !kept.contains($0) })
    }
    for path in paths {
      if let tags = after[path] { make(path: path, tags: tags) }
    }
  }

  /// Brings `tags/` to exactly the links `bookmarks` call for.
  ///
  /// Missing, extra and wrong links are repaired, but for links `keepsLink` says to keep (to
  /// a file that is there and does not read). Regular files found there are left alone and
  /// reported.
  @discardableResult
  func rebuild(from bookmarks: [LocatedBookmark], keepsLink: (String, String?) -> Bool)
    -> [StoreProblem]
  {
    var wanted: [String: [String: String]] = [:]
    for located in bookmarks {
      for tag in located.bookmark.tags {
        let link = Self.link(tag: tag, bookmarkPath: located.path)
        wanted[link.folder, default: [:]][link.name] = link.target
      }
    }
    var problems: [StoreProblem] = []
    prune(Layout.tags, wanted: wanted, keepsLink: keepsLink, problems: &problems)
    for (folder, links) in wanted {
      let directory: SafeDirectory
      do {
        directory = try root.directory(folder, create: true)
      } catch {
        note(error)
        problems.append(
          StoreProblem(path: folder, message: Message("cannot create tag view '\(folder)'").english)
        )
        continue
      }
      for (name, target) in links {
        do {
          try directory.makeSymlink(name, pointingTo: target)
        } catch  where error.code == EEXIST {
          // A file in the link's place, reported by `prune` and left where it is.
        } catch {
          note(error)
          problems.append(
            StoreProblem(path: folder + "/" + name, message: error.errorDescription ?? ""))
        }
      }
    }
    return problems
  }

  /// Walks `folder` depth first, removing links that are not wanted and folders left empty.
  private func prune(
    _ folder: String, wanted: [String: [String: String]], keepsLink: (String, String?) -> Bool,
    problems: inout [StoreProblem]
  ) {
    guard let directory = try? root.directory(folder),
      let entries = try? directory.entries()
    else { return }
    for entry in entries {
      let path = folder + "/" + entry.name
      switch entry.kind {
      case .directory:
        prune(path, wanted: wanted, keepsLink: keepsLink, problems: &problems)
        directory.removeEmptyDirectory(entry.name)
      case .symlink:
        let target = try? directory.linkTarget(entry.name)
        if wanted[folder]?[entry.name] != target && !keepsLink(path, target) {
          do {
            try directory.removeFile(entry.name)
          } catch {
            note(error)
          }
        }
      case .file, .other:
        problems.append(StoreProblem(path: path, message: Self.notALink(path)))
      }
    }
  }

  /// Removes the links that should go and makes the ones that are missing or wrong
  /// (`check --fix`); returns why each it could not repair failed (a file in the way of a
  /// folder, say), by path.
  func repair(_ repairs: [String: String?]) -> [String: String] {
    var failures: [String: String] = [:]
    for (path, target) in repairs.sorted(by: { $0.key < $1.key }) {
      let (folder, name) = path.folderAndName
      do throws(FileSystemError) {
        if let target {
          try root.directory(folder, create: true).makeSymlink(name, pointingTo: target)
        } else if let directory = try? root.directory(folder),
          (try? directory.linkTarget(name)) != nil
        {
          try directory.removeFile(name)
          root.removeEmptyFolders(along: folder)
        }
      } catch {
        failures[path] = error.errorDescription ?? "\(error)"
      }
    }
    return failures
  }

  /// Keeps the first link that could not be made or removed.
  func note(_ error: FileSystemError) {
    if fault == nil { fault = error }
  }

  /// The link that could not be made or removed since the last call, and forgets it.
  func takeFault() -> FileSystemError? {
    defer { fault = nil }
    return fault
  }

  /// The commit the views were last brought up to, as marked; nil when unknown.
  func markedHead() -> String? {
    guard let recorded = try? root.directory(Layout.local).readFile(Self.markerFile)
    else { return nil }
    return String(decoding: recorded, as: UTF8.self)
  }

  /// Marks the views as showing the commit `hex`.
  ///
  /// A marker that cannot be written (a full disk) leaves the old one, naming another commit:
  /// the next command finds the views stale and rebuilds them, which costs only time.
  func mark(_ hex: String) {
    try? root.directory(Layout.local, create: true)
      .writeFileAtomically(Self.markerFile, Array(hex.utf8), durable: false)
    CrashPoint.reached()
  }

  /// Takes the marker away before views change while HEAD stays (a file moved by hand and put
  /// back): a kill between removing a link and making it again then leaves the views stale
  /// to the next command, which rebuilds them, instead of current with a link missing.
  func forgetMark() {
    try? root.directory(Layout.local).removeFile(Self.markerFile)
  }

  /// True when the store-relative `link` with `target` resolves outside the store.
  static func leavesStore(link: String, target: String) -> Bool {
    resolve(link: link, target: target) == nil
  }

  /// The store-relative path the link at `link` points at; nil when it leaves the store.
  static func resolve(link: String, target: String) -> String? {
    if target.hasPrefix("/") { return nil }
    var components = link.slashSeparated().dropLast().map { $0 }
    for component in target.slashSeparated() {
      switch component {
      case ".": continue
      case "..":
        if components.isEmpty { return nil }
        components.removeLast()
      default: components.append(String(component))
      }
    }
    return components.joined(separator: "/")
  }

  /// The message for an entry under `tags/` that is not a link, which holder-git never removes.
  static func notALink(_ path: String) -> String {
    Message(
      "'\(path)' is not a link; tags/ holds only links made by holder-git: move the file elsewhere"
    ).english
  }
}
