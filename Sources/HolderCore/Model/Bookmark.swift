import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One saved link: the value the codec reads from and writes to one file.
///
/// `url` is always the normalised URL (see `URLNormalizer`); the file path is
/// a function of it alone (see `BookmarkPath`). `tags` is kept sorted by
/// Unicode scalar order and free of duplicates whatever is assigned to it.
public struct Bookmark: Hashable, Sendable {
  public var id: BookmarkID
  public var url: String
  /// The user's title; `metadata.title` is what the page itself says.
  public var title: String
  /// The user's memo; empty when there is none (the codec then leaves the key out).
  public var note: String
  /// Tags as paths (`dev/swift`), sorted and unique.
  public var tags: [String] {
    get { storedTags }
    set { storedTags = Bookmark.canonicalTags(newValue) }
  }
  public var favorite: Bool
  public var created: Timestamp
  public var lastModified: Timestamp
  /// What the page says about itself, when it was fetched.
  public var metadata: PageMetadata?
  /// Top-level keys the codec does not know, kept as written (a user's own fields).
  public var extra: [String: JSONValue]

  private var storedTags: [String]

  public init(
    id: BookmarkID, url: String, title: String, note: String = "", tags: [String] = [],
    favorite: Bool = false, created: Timestamp, lastModified: Timestamp,
    metadata: PageMetadata? = nil, extra: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.url = url
    self.title = title
    self.note = note
    self.storedTags = Bookmark.canonicalTags(tags)
    self.favorite = favorite
    self.created = created
    self.lastModified = lastModified
    self.metadata = metadata
    self.extra = extra
  }

  /// Puts tags in NFC, sorts them by Unicode scalar order and keeps one spelling of each.
  ///
  /// DESIGN §1: tags that differ only in case or normalisation are one tag,
  /// and without a spelling from the store the first variant in scalar order
  /// wins. The store maps tags to its own spelling before they get here.
  ///
  /// White space around a tag (a hand edit's `" spaced "`) is trimmed, as `add` trims it.
  public static func canonicalTags(_ tags: [String]) -> [String] {
    let sorted = tags.map { trimmedTag($0).nfc }
      .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    var seen: Set<String> = []
    var result: [String] = []
    for tag in sorted where seen.insert(Bookmark.tagKey(tag)).inserted {
      result.append(tag)
    }
    return result
  }

  /// A tag without the white space around it, when what is left is still a tag.
  public static func trimmedTag(_ tag: String) -> String {
    guard let first = tag.unicodeScalars.first, let last = tag.unicodeScalars.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    else { return tag }
    var scalars = Substring(tag).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    let trimmed = String(scalars)
    return TagPath.isValid(trimmed) ? trimmed : tag
  }

  /// What `canonicalTags` does to tags written by hand, one sentence each: a tag trimmed,
  /// tags that differ only in case (or normalisation) merged into the one kept.
  public static func tagSpellingNotes(_ tags: [String]) -> [String] {
    var notes: [String] = []
    for tag in tags where trimmedTag(tag) != tag {
      notes.append(
        Message("the tag '\(tag)' has white space around it and becomes '\(trimmedTag(tag))'")
          .english)
    }
    let kept = canonicalTags(tags)
    for keeper in kept {
      let variants = tags.map { trimmedTag($0).nfc }
        .filter { tagKey($0) == tagKey(keeper) && $0 != keeper }
      var seen: Set<String> = []
      let others = variants.filter { seen.insert($0).inserted }
      guard !others.isEmpty else { continue }
      let list = others.map { "'\($0)'" }.joined(separator: ", ")
      notes.append(
        Message("\(list) and '\(keeper)' differ only in case and are one tag: '\(keeper)' is kept")
          .english)
    }
    return notes
  }

  /// The identity of a tag: case- and normalisation-insensitive.
  public static func tagKey(_ tag: String) -> String {
    tag.nfc.lowercased()
  }
}
