// Change notices for a store's work tree (inotify): the folders under `bookmarks/` (three
// levels: buckets, hosts, files) and where git moves HEAD (`.git`, `.git/refs/heads`). A
// long-running reader (the web app) asks `hasChanged()` often and refreshes its index only
// when it says yes, instead of an lstat of every file on every look.
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Watches a store; `hasChanged()` never blocks.
public final class StoreChangeWatcher: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = Mutex(())
  /// Watch descriptor → folder (relative to the root), to watch folders made later.
  private var folders: [Int32: String] = [:]
  private let root: String

  /// Starts watching the store at `root`; nil when inotify is not available (the caller
  /// then polls).
  public init?(root: String) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
    self.root = root
    for folder in [".git", ".git/refs/heads"] { watch(folder, recursive: false) }
    watch(Layout.bookmarks, recursive: true)
  }

  deinit { close(descriptor) }

  /// True when anything changed since the last call (also when notices were lost).
  public func hasChanged() -> Bool {
    lock.withLock { _ in
      var changed = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = unsafe buffer.withUnsafeMutableBytes {
          unsafe read(descriptor, $0.baseAddress, $0.count)
        }
        guard count > 0 else { break }
        changed = true
        handle(buffer[0..<count])
      }
      return changed
    }
  }

  /// Reads the events in `bytes`: a new folder under `bookmarks/` is watched too.
  private func handle(_ bytes: ArraySlice<UInt8>) {
    var offset = bytes.startIndex
    // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
    while offset + 16 <= bytes.endIndex {
      func word(_ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + at + $1]) << (8 * UInt32($1)) }
      }
      let watched = Int32(bitPattern: word(0))
      let mask = word(4)
      let length = Int(word(12))
      let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, bytes.endIndex)]
      let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
      if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
        let parent = folders[watched], parent.hasPrefix(Layout.bookmarks)
      {
        watch(parent + "/" + name, recursive: true)
      }
      offset += 16 + length
    }
  }

  private func watch(_ folder: String, recursive: Bool) {
    let events = UInt32(
      IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_ATTRIB)
    let added = unsafe inotify_add_watch(descriptor, root + "/" + folder, events)
    guard added >= 0 else { return }
    folders[added] = folder
    guard recursive, folder.split(separator: "/").count < 3,
      let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
    else { return }
    for name in names where !name.hasPrefix(".") {
      var status = stat()
      // Followed, as `fileExists(atPath:isDirectory:)` follows a link.
      if unsafe stat(root + "/" + folder + "/" + name, &status) == 0,
        status.st_mode & S_IFMT == S_IFDIR
      {
        watch(folder + "/" + name, recursive: true)
      }
    }
  }
}
