// The index's image kept in memory between `Store.bookmarkIndex()` calls of a long-lived program (the
// web app), shared by its Stores: each call starts from it instead of reading
// `.holder/local/index-v2` again. It is exactly what the file would hold: the same bringing
// up to date (HEAD's diff, a stat of every file and folder) makes it current, and a stamp
// from the last two seconds is kept as unknown (`BookmarkIndexImageBuilder` does that for both), so
// an edit in the same clock tick is never missed. The file is written at most every 30 s.
import CSystemShims
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

public final class BookmarkIndexMemo: @unchecked Sendable {
  /// The file is written at most this often (seconds): only other programs read it, and
  /// they bring an older one up to date themselves; writing it on every change would cost
  /// the app a second (and 35 MB more memory) at each change of a 100k store.
  static let saveInterval: Int64 = 30
  private let lock = Mutex(())
  private var image: BookmarkIndexImage?
  private var lastSave: Int64?

  /// True when the file is due to be written (and notes that it is, now).
  func isSaveDue(now: Int64) -> Bool {
    lock.withLock { _ in
      if let lastSave, now - lastSave < Self.saveInterval { return false }
      lastSave = now
      return true
    }
  }

  public init() {}

  func load() -> BookmarkIndexImage? { lock.withLock { _ in image } }

  func keep(_ fresh: BookmarkIndexImage) {
    lock.withLock { _ in image = fresh }
  }

  /// Gives the memory of indexes that were replaced back to the system: glibc keeps freed
  /// pages otherwise (at 100k bookmarks, about 90 MB more after each change).
  public static func releaseFreedMemory() { _ = holder_malloc_trim() }
}
