import Foundation
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
      let directory: SafeDirectory
      do {
        directory = try rootDirectory.directory(folder, create: true)
      } catch {
        noteTagViewFault(error)
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
          noteTagViewFault(error)
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
        if wanted[folder]?[entry.name] != target && !pointsAtBrokenFile(path, target: target) {
          do {
            try directory.removeFile(entry.name)
          } catch {
            noteTagViewFault(error)
          }
        }
      case .file, .other:
        problems.append(StoreProblem(path: path, message: Self.notALink(path)))
      }
    }
  }

  /// True when the link at `path` names a bookmark file that is there but does not read (a
  /// hand edit that broke it): its links stay as they were, as `check` leaves them, so that
  /// the file mended by hand is in its tags again with no command having to notice.
  private func pointsAtBrokenFile(_ path: String, target: String?) -> Bool {
    guard let target, let file = Store.resolve(link: path, target: target),
      file.hasPrefix(Layout.bookmarks + "/"), (try? workTreeBytes(at: file)) != nil
    else { return false }
    return (try? bookmark(atPath: file)) == nil
  }
}
