import Git
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

// Bookmark files read by path and by link, the work tree's bookmark files listed (links and
// special files refused), and a name a person typed resolved to one bookmark.

extension BookmarkReader {
  /// See `Store.bookmark`.
  func bookmark(atPath path: String) throws(StoreError) -> Bookmark {
    let (folder, name) = path.folderAndName
    let bytes: [UInt8]
    do {
      bytes = try store.rootDirectory.directory(folder).readFile(name)
    } catch  where error.code == EINVAL || error.isSymbolicLink {
      throw .bookmark(.notRegularFile(path: path))
    } catch {
      if error.isNotFound { throw .lookup(.notFound(path)) }
      throw .fileSystem(error)
    }
    do {
      return try BookmarkCodec.decode(bytes, file: path)
    } catch {
      throw .bookmark(.brokenFile(error))
    }
  }

  /// See `Store.bookmark`.
  func bookmark(forNormalizedURL url: String) throws(StoreError) -> LocatedBookmark? {
    let path = BookmarkPath.relativePath(forNormalizedURL: url)
    do {
      return LocatedBookmark(path: path, bookmark: try bookmark(atPath: path))
    } catch {
      if case .lookup(.notFound) = error { return nil }
      throw error
    }
  }

  /// See `Store.snapshot`.
  func snapshot() -> StoreSnapshot {
    var bookmarks: [LocatedBookmark] = []
    var problems: [StoreProblem] = []
    for path in bookmarkFilePaths(problems: &problems) {
      do {
        bookmarks.append(LocatedBookmark(path: path, bookmark: try bookmark(atPath: path)))
      } catch {
        problems.append(StoreProblem(path: path, message: error.errorDescription ?? "\(error)"))
      }
    }
    return StoreSnapshot(bookmarks: bookmarks, problems: problems)
  }

  /// The paths of the files under `bookmarks/<b>/<host>/`, links and odd entries reported.
  func bookmarkFilePaths(problems: inout [StoreProblem]) -> [String] {
    var paths: [String] = []
    func report(_ path: String, _ kind: SafeDirectory.EntryType) {
      let message =
        kind == .symlink
        ? Message(
          "'\(path)' is a symbolic link; holder-git never reads it as a bookmark: remove it")
        : kind == .directory
          // A folder may hold bookmark files moved into it by hand: never advise removing it.
          ? Message(
            "'\(path)' is a folder; holder-git never reads the files in it as bookmarks: move them to '\(path.folderAndName.folder)', then remove the folder"
          )
          : Message(
            "'\(path)' is not a regular file; holder-git never reads it as a bookmark: remove it")
      problems.append(StoreProblem(path: path, message: message.english))
    }
    func list(_ folder: String) -> [(name: String, kind: SafeDirectory.EntryType)] {
      do {
        return try store.rootDirectory.directory(folder).entries().sorted { $0.name < $1.name }
      } catch {
        if !error.isNotFound {
          problems.append(StoreProblem(path: folder, message: error.errorDescription ?? ""))
        }
        return []
      }
    }
    for bucket in list(Layout.bookmarks) {
      let bucketPath = Layout.bookmarks + "/" + bucket.name
      guard bucket.kind == .directory else {
        report(bucketPath, bucket.kind)
        continue
      }
      for host in list(bucketPath) {
        let hostPath = bucketPath + "/" + host.name
        guard host.kind == .directory else {
          report(hostPath, host.kind)
          continue
        }
        for file in list(hostPath) where !file.name.hasPrefix(".") {
          let filePath = hostPath + "/" + file.name
          guard file.kind == .file else {
            report(filePath, file.kind)
            continue
          }
          guard file.name.hasSuffix(".json") else {
            problems.append(
              StoreProblem(
                path: filePath,
                message: Message(
                  "'\(filePath)' is not a bookmark file (no .json ending); move it out of bookmarks/"
                ).english))
            continue
          }
          paths.append(filePath)
        }
      }
    }
    return paths
  }

  /// See `Store.resolve`.
  func resolve(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    let trimmed = name.trimmingSpacesAndNewlines()
    if let path = storeRelativePath(trimmed, currentDirectory: currentDirectory) {
      return LocatedBookmark(path: path, bookmark: try bookmark(atPath: path))
    }
    // Ids and id prefixes go through the index, which stats files but reads only changed ones.
    if let id = BookmarkID(trimmed) {
      if let found = store.bookmarkIndex().bookmark(withID: id) { return found }
      throw .lookup(.notFound(name))
    }
    let looksLikeIDPrefix =
      trimmed.count >= 4 && trimmed.allSatisfy { $0.isHexDigit || $0 == "-" }
    if !looksLikeIDPrefix,
      let url = try? URLNormalizer.normalize(trimmed, allowingUnsafeSchemes: true),
      let found = try bookmark(forNormalizedURL: url)
    {
      return found
    }
    if looksLikeIDPrefix {
      let matches = store.bookmarkIndex().bookmarks(withIDPrefix: trimmed)
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 {
        throw .lookup(.ambiguous(name, candidates: matches.map(\.bookmark.id.rawValue)))
      }
    } else if (1..<4).contains(trimmed.count) && trimmed.allSatisfy(\.isHexDigit) {
      throw .lookup(.idPrefixTooShort(name))
    }
    throw .lookup(.notFound(name))
  }

  /// `name` as a store-relative bookmark path, when it names a file under `bookmarks/` or `tags/`.
  private func storeRelativePath(_ name: String, currentDirectory: String?) -> String? {
    guard name.hasSuffix(".json"), name.contains("/") else { return nil }
    let absolute = StoreLocation.absolute(name, from: currentDirectory ?? store.root)
    var relative: String
    if absolute.hasPrefix(store.root + "/") {
      relative = String(absolute.dropFirst(store.root.count + 1))
    } else if !name.hasPrefix("/") {
      relative = name
    } else {
      return nil
    }
    if relative.hasPrefix(Layout.tags + "/") {
      // A tag view is a link to the bookmark: name the file it points at.
      let (folder, file) = relative.folderAndName
      guard let target = try? store.rootDirectory.directory(folder).linkTarget(file),
        let range = target.firstRange(of: Layout.bookmarks + "/")
      else { return nil }
      relative = String(target[range.lowerBound...])
    }
    return relative.hasPrefix(Layout.bookmarks + "/") ? relative : nil
  }
}
