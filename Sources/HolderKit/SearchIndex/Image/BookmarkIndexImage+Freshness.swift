#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// Owns telling which of an image's files changed since it was made: one `fstatat` per file
// relative to its host folder (opened once for all its files), spread over every core. The
// kernel then walks one name per file instead of four, and nothing is allocated per file.
extension BookmarkIndexImage {
  /// What moved since the image was made.
  struct Moved {
    /// Bookmarks whose stamp differs (read them again) or whose file is gone.
    var changed: [Int] = []
    var gone: [Int] = []
  }

  /// The bookmarks whose file changed or is gone, under the store root `root` (open).
  func movedBookmarks(root: Int32) -> Moved {
    Self.moved(paths: paths, stamps: stamps, root: root)
  }

  /// The same for the files reported as problems.
  func movedProblems(root: Int32) -> Moved {
    Self.moved(paths: problemPaths, stamps: problemStamps, root: root)
  }

  /// The folders whose stamp moved or that are gone (positions in `folders`): each is
  /// stat-ed relative to the folder above it, as the files are.
  func movedFolders(root: Int32) -> Moved {
    Self.moved(paths: folders, stamps: folderStamps, root: root)
  }

  private static func moved(paths: PackedList<UInt8>, stamps: [Int64], root: Int32) -> Moved {
    let count = paths.count
    guard count > 0 else { return Moved() }
    let chunks = count < 2_000 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount * 2)
    let all = ParallelRanges.map(count, parts: chunks) { range in
      unsafe paths.elements.withUnsafeBufferPointer { bytes in
        unsafe check(range, paths: paths, bytes: bytes, stamps: stamps, root: root)
      }
    }
    return Moved(changed: all.flatMap(\.changed), gone: all.flatMap(\.gone))
  }

  private static func check(
    _ range: Range<Int>, paths: PackedList<UInt8>, bytes: UnsafeBufferPointer<UInt8>,
    stamps: [Int64], root: Int32
  ) -> Moved {
    var moved = Moved()
    guard !range.isEmpty, let base = bytes.baseAddress else { return moved }
    // Paths are sorted, so the files of one folder follow each other.
    var folder: (start: Int, length: Int, fd: Int32)?
    defer { if let folder, folder.fd >= 0 { close(folder.fd) } }
    let elements = paths.elements
    for position in range {
      let path = paths.range(position)
      let slash = elements[path].lastIndex(of: UInt8(ascii: "/")) ?? path.lowerBound - 1
      // -1 for a name at the root (`bookmarks`), stat-ed relative to the root itself.
      let length = max(-1, slash - path.lowerBound)
      if folder.map({
        $0.length != length
          || !elements[$0.start..<($0.start + max(0, length))].elementsEqual(
            elements[path.lowerBound..<max(path.lowerBound, slash)])
      }) ?? true {
        if let folder, folder.fd >= 0 { close(folder.fd) }
        var name = Array(elements[path.lowerBound..<max(path.lowerBound, slash)])
        name.append(0)
        let fd =
          length <= 0
          ? dup(root)
          : unsafe name.withUnsafeBufferPointer { name in
            guard let start = name.baseAddress else { return Int32(-1) }
            return unsafe openat(
              root, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
              O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          }
        folder = (path.lowerBound, length, fd)
      }
      guard let open = folder, open.fd >= 0,
        let stamp = unsafe FileStamp(
          name: UnsafeRawPointer(base + slash + 1).assumingMemoryBound(to: CChar.self),
          in: open.fd)
      else {
        moved.gone.append(position)
        continue
      }
      if stamp != FileStamp(stamps, at: position * FileStamp.width) {
        moved.changed.append(position)
      }
    }
    return moved
  }
}

extension FileStamp {
  /// The stamp of the entry named by the zero-ended `name` in the open folder `folder`.
  init?(name: UnsafePointer<CChar>, in folder: Int32) {
    var info = stat()
    guard unsafe fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    self.init(info)
  }
}
