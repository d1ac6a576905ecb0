import Localization

/// Rebuilding `tags/` whole from a list of bookmarks, when the views cannot be brought up to
/// date link by link: HEAD moved without holder-git, an undo, a sync or a bulk change that
/// overwrote files. Touches only `tags/`, and never removes anything there but links.
extension Store {
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
    prune(Layout.tags, wanted: wanted, problems: &problems)
    for (folder, links) in wanted {
      guard let directory = try? rootDirectory.directory(folder, create: true) else {
        problems.append(
          StoreProblem(path: folder, message: Message("cannot create tag view '\(folder)'").english)
        )
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
    _ folder: String, wanted: [String: [String: String]], problems: inout [StoreProblem]
  ) {
    guard let directory = try? rootDirectory.directory(folder),
      let entries = try? directory.entries()
    else { return }
    for entry in entries {
      let path = folder + "/" + entry.name
      switch entry.kind {
      case .directory:
        prune(path, wanted: wanted, problems: &problems)
        directory.removeEmptyDirectory(entry.name)
      case .symlink:
        let target = try? directory.linkTarget(entry.name)
        if wanted[folder]?[entry.name] != target { try? directory.removeFile(entry.name) }
      case .file, .other:
        problems.append(StoreProblem(path: path, message: Self.notALink(path)))
      }
    }
  }
}
