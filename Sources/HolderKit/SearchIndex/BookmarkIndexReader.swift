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

/// Reads bookmark files into index records, on every core at once.
///
/// Each worker opens the store root itself and reads every path component without
/// following links, like `Store.bookmark(atPath:)`.
enum BookmarkIndexReader {
  /// The records of `paths` (store-relative); a path that is gone gives no record.
  static func read(_ paths: [String], root: String) -> [BookmarkIndexRecord] {
    guard !paths.isEmpty else { return [] }
    let chunks = paths.count < 200 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
    return ParallelRanges.map(paths.count, parts: chunks) { range in
      var folder = TextFolder()
      var local: [BookmarkIndexRecord] = []
      local.reserveCapacity(range.count)
      let directory = try? SafeDirectory(path: root)
      // Paths come sorted, so the files of one host folder follow each other: open it once.
      var openFolder: (path: Substring, directory: SafeDirectory)?
      for index in range {
        let path = paths[index]
        let folderPath = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        if openFolder?.path != folderPath {
          openFolder = (try? directory?.directory(String(folderPath))).map { (folderPath, $0) }
        }
        if let record = read(path, root: root, folder: openFolder?.directory, folder: &folder) {
          local.append(record)
        }
      }
      return local
    }.flatMap { $0 }
  }

  /// The record of one path: its stamp is taken before reading, so a change made while it
  /// is read gives a different stamp next time and the file is read again.
  static func read(
    _ path: String, root: String, folder directory: SafeDirectory?, folder: inout TextFolder
  ) -> BookmarkIndexRecord? {
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    let name = String(path[path.index(after: slash)...])
    // Relative to the open host folder: the kernel walks one name, not five.
    guard
      let stamp = directory.flatMap({ FileStamp(relativePath: name, in: $0.descriptor) })
        ?? FileStamp(path: root + "/" + path)
    else { return nil }
    func problem(_ message: String) -> BookmarkIndexRecord {
      BookmarkIndexRecord(path: path, stamp: stamp, content: .problem(message))
    }
    let kind = stamp.mode & Int64(S_IFMT)
    if kind == Int64(S_IFLNK) {
      return problem(
        Message("'\(path)' is a symbolic link; holder-git never reads it as a bookmark: remove it")
          .english)
    }
    if kind == Int64(S_IFDIR) {
      // A folder may hold bookmark files moved into it by hand: never advise removing it.
      return problem(
        Message(
          "'\(path)' is a folder; holder-git never reads the files in it as bookmarks: move them to '\(path.folderAndName.folder)', then remove the folder"
        ).english)
    }
    if kind != Int64(S_IFREG) {
      return problem(
        Message(
          "'\(path)' is not a regular file; holder-git never reads it as a bookmark: remove it"
        ).english)
    }
    guard path.utf8.count(where: { $0 == UInt8(ascii: "/") }) == 3 else {
      return problem(
        Message(
          "'\(path)' is not in a host folder (bookmarks/<b>/<host>/); holder-git never reads it as a bookmark: move it"
        ).english)
    }
    guard path.hasSuffix(".json") else {
      return problem(
        Message("'\(path)' is not a bookmark file (no .json ending); move it out of bookmarks/")
          .english)
    }
    guard let directory else {
      return problem(Message("cannot open the folder of '\(path)'").english)
    }
    let bytes: [UInt8]
    do {
      bytes = try directory.readFile(name)
    } catch {
      if error.isNotFound { return nil }
      return problem(error.errorDescription ?? "cannot read '\(path)'")
    }
    do {
      let bookmark = try BookmarkCodec.decode(bytes, file: path)
      let entry = SearchEntry(bookmark: bookmark, folder: &folder)
      return BookmarkIndexRecord(
        path: path, stamp: stamp,
        content: .bookmark(bookmark.id, blob: BookmarkIndexCache.encode(bookmark), entry))
    } catch {
      return problem(StoreError.bookmark(.brokenFile(error)).errorDescription ?? "\(error)")
    }
  }
}
