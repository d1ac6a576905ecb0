import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The git merge driver for bookmark files and `.holder/store.json` (DESIGN §5).
///
/// git's contract (`gitattributes`, "Defining a custom merge driver"): the
/// driver gets the base, ours and theirs as files `%O %A %B` (and the path
/// `%P`), leaves its result in `%A`, and exits 0 when the merge is clean,
/// 1 for a conflict; above 128 git reads as a crash. A bookmark file is
/// merged field by field as `BookmarkMerge` does, so `git pull` never writes
/// conflict markers into one; a file that cannot be read is left as ours and
/// reported as a conflict, untouched.
public enum MergeDriver {
  /// What the driver decided, and why when it could not merge.
  public enum Outcome: Equatable, Sendable {
    case merged(resolutions: Int)
    case conflict(reason: String)

    /// The exit code git expects.
    public var exitCode: Int32 {
      if case .merged = self { return 0 }
      return 1
    }
  }

  /// Why three versions could not be merged, in words for the person running `git pull`.
  public struct Conflict: Error, Equatable, Sendable {
    public var reason: String
  }

  /// Merges the files at `base`, `ours` and `theirs` into `ours`.
  ///
  /// `path` is the file's path in the store, used to tell store settings from bookmarks and
  /// to name it in messages. `history`, when git is merging commits, says when each side changed
  /// the bookmark.
  public static func run(
    base: String, ours: String, theirs: String, path: String, history: GitMergeHistory? = nil
  ) -> Outcome {
    let read: (String) -> [UInt8]? = { file in
      // An empty file (git's base when both sides added one) is not read: Foundation's
      // Data(contentsOf:) leaks a 4 KB buffer on it (found under the address sanitizer).
      let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int
      if size == 0 { return [] }
      return (try? Data(contentsOf: URL(fileURLWithPath: file))).map(Array.init)
    }
    guard let oursBytes = read(ours), let theirsBytes = read(theirs) else {
      return .conflict(reason: "cannot read the versions of '\(path)' git gave")
    }
    let resolutions: Int
    let merged: [UInt8]
    switch merge(
      base: read(base), ours: oursBytes, theirs: theirsBytes, path: path, history: history)
    {
    case .success(let result): (merged, resolutions) = result
    case .failure(let conflict): return .conflict(reason: conflict.reason)
    }
    do {
      try Data(merged).write(to: URL(fileURLWithPath: ours))
    } catch {
      return .conflict(reason: "cannot write the merged '\(path)': \(error)")
    }
    return .merged(resolutions: resolutions)
  }

  /// The merged bytes of the three versions and the number of automatic resolutions, or the
  /// conflict to report: the driver's whole decision without files, so it can be fuzzed.
  public static func merge(
    base: [UInt8]?, ours oursBytes: [UInt8], theirs theirsBytes: [UInt8], path: String,
    history: GitMergeHistory? = nil
  )
    -> Result<(bytes: [UInt8], resolutions: Int), Conflict>
  {
    // An empty or missing base means both sides added the file.
    let baseBytes = base.flatMap { $0.isEmpty ? nil : $0 }
    do {
      // The merge sync and `check --fix` make, on sides of one file each: a file merged by
      // `git pull` comes out as `holder-git sync` would have made it.
      if path == Layout.settings {
        let settings = try [baseBytes ?? theirsBytes, oursBytes, theirsBytes].map {
          try StoreSettingsCodec.decode($0, file: path)
        }
        let outcome = StoreMerge.merge(
          base: MergeSide(bookmarks: [], settings: settings[0]),
          ours: MergeSide(bookmarks: [], settings: settings[1]),
          theirs: MergeSide(bookmarks: [], settings: settings[2]))
        return .success((StoreSettingsCodec.encode(outcome.settings), 0))
      }
      let base = try baseBytes.map { try BookmarkCodec.decode($0, file: path) }
      let mine = try BookmarkCodec.decode(oursBytes, file: path)
      let other = try BookmarkCodec.decode(theirsBytes, file: path)
      // Without the store's settings a file's tags are merged as written: no renames apply.
      let settings = StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))
      let times = mine.id == other.id ? history?.changeTimes(of: mine.id) : nil
      let outcome = StoreMerge.merge(
        base: MergeSide(bookmarks: base.map { [$0] } ?? [], settings: settings),
        ours: MergeSide(
          bookmarks: [mine], settings: settings,
          changeTimes: times?.ours.map { [mine.id: $0] } ?? [:]),
        theirs: MergeSide(
          bookmarks: [other], settings: settings,
          changeTimes: times?.theirs.map { [other.id: $0] } ?? [:]))
      // One file holds one bookmark: two links left apart (a file's link changed by hand on
      // one side) cannot both be written here; the settle pass after git stops puts each at
      // its own path.
      guard outcome.bookmarks.count == 1, let merged = outcome.bookmarks.first else {
        return .failure(
          Conflict(
            reason:
              "the two versions of '\(path)' hold different links; run 'holder-git check --fix' to settle the merge, keeping both"
          ))
      }
      return .success((BookmarkCodec.encode(merged), outcome.resolutions.count))
    } catch {
      return .failure(Conflict(reason: (error as? LocalizedError)?.errorDescription ?? "\(error)"))
    }
  }
}
