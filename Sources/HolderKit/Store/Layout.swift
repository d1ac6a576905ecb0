import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where things live inside a store's work tree (DESIGN §1).
public enum Layout {
  public static let bookmarks = "bookmarks"
  public static let tags = "tags"
  public static let holder = ".holder"
  public static let settings = ".holder/store.json"
  public static let schemaCopy = ".holder/bookmark.schema.json"
  public static let local = ".holder/local"
  /// The commit the tag views were last brought up to date with.
  public static let tagViewsHead = ".holder/local/tag-views-head"
  public static let lockFileName = "holder-git.lock"

  /// The committed `.gitattributes`: bookmark files are never line-ending
  /// converted and merge through holder-git's driver.
  public static let gitAttributes = """
    # Written by holder-git: bookmark files are exact bytes, merged per bookmark.
    /bookmarks/** -text merge=holder-git
    /.holder/store.json -text merge=holder-git

    """

  /// The committed `.gitignore`: per-machine data and the derived tag views.
  public static let gitIgnore = """
    # Written by holder-git: per-machine caches and the derived tag views.
    /.holder/local/
    /tags/

    """

  /// `own` (a user's `.gitignore` or `.gitattributes`) with the lines of `ours` it lacks added
  /// at its end, where they win over its own; nil when it has them all.
  public static func appending(_ ours: String, to own: String) -> String? {
    let present = Set(
      own.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() })
    let lines = ours.split(separator: "\n").map(String.init)
    let missing = lines.filter { !$0.hasPrefix("#") && !present.contains($0) }
    guard !missing.isEmpty else { return nil }
    var result = own
    if !result.isEmpty { result += result.hasSuffix("\n") ? "\n" : "\n\n" }
    for line in lines where line.hasPrefix("#") || missing.contains(line) {
      result += line + "\n"
    }
    return result
  }
}
