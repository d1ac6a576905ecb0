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

/// The commit that last changed a bookmark's file, as `show` prints it.
public struct FileCommit: Hashable, Sendable {
  /// The commit's full id.
  public var id: String
  /// The first line of its message.
  public var subject: String
  /// Its author and the time of the change.
  public var author: Signature
}

extension BookmarkReader {
  /// The schemes `open` hands to a browser; code-running ones such as `javascript:` and
  /// `data:` are never among them (DESIGN §2).
  static let openableSchemes: Set<String> = ["http", "https", "ftp", "mailto", "file"]

  /// See `Store.urlToOpen`.
  func urlToOpen(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    let located = try resolve(name, currentDirectory: currentDirectory)
    let url = located.bookmark.url
    let scheme = url.prefix { $0 != ":" }.lowercased()
    guard url.contains(":"), Self.openableSchemes.contains(scheme) else {
      throw .bookmark(.refusedToOpen(url: url))
    }
    return located
  }

  /// See `Store.lastCommit`.
  func lastCommit(touching path: String) throws(StoreError) -> FileCommit? {
    guard let head = try store.commitReader.currentHead() else { return nil }
    var found: FileCommit?
    do {
      try store.repository.walkCommits(from: head) { commit in
        let mine = try store.repository.entry(atPath: path, inTree: commit.tree)?.id
        var changed = commit.parents.isEmpty ? mine != nil : true
        for parent in commit.parents {
          let theirs = try store.repository.entry(
            atPath: path, inTree: store.repository.commit(parent).tree)
          if theirs?.id == mine { changed = false }
        }
        guard changed else { return true }
        found = FileCommit(
          id: commit.id.hex, subject: String(commit.message.prefix { $0 != "\n" }),
          author: commit.author)
        return false
      }
    } catch let error as GitError {
      throw .git(error)
    } catch {
      return nil
    }
    return found
  }
}
