import Localization

/// How big one bookmark may be: a file of at most 1 MiB with at most 1,000 tags.
///
/// Real bookmarks are a few hundred bytes with a handful of tags; without a limit, one file
/// from a remote (50 MB holding 2 million tags) made `clone`, `list` and `check` run past a
/// minute and `tags` take 747 MB. The limits are checked where a file comes in (the incoming
/// gate, the codec reading any file, an import entry) and name themselves when they refuse.
public enum BookmarkLimits {
  /// The largest bookmark file, in bytes.
  public static let maxFileBytes = 1 << 20
  /// The most tags one bookmark has.
  public static let maxTags = 1000

  /// Why a file of `size` bytes is too large; nil when it is not.
  public static func sizeProblem(_ size: Int) -> String? {
    guard size > maxFileBytes else { return nil }
    return Message(
      "the file is \(grouped(size)) bytes; a bookmark file holds at most \(grouped(maxFileBytes)) bytes (1 MiB)"
    ).english
  }

  /// Why `count` tags are too many; nil when they are not.
  public static func tagsProblem(_ count: Int) -> String? {
    guard count > maxTags else { return nil }
    return Message("it has \(grouped(count)) tags; a bookmark holds at most \(grouped(maxTags))")
      .english
  }

  /// Why `bookmark`, written as `bytes`, is over a limit; nil when it is not.
  public static func problem(_ bookmark: Bookmark, bytes: [UInt8]) -> String? {
    tagsProblem(bookmark.tags.count) ?? sizeProblem(bytes.count)
  }

  /// Why the bookmark file `bytes` is over a limit; nil when it is not, or when it does not
  /// even read as JSON (that is another error, reported where the file is read).
  public static func problem(inFile bytes: [UInt8]) -> String? {
    if let problem = sizeProblem(bytes.count) { return problem }
    guard case .object(let members)? = try? JSONReader.read(bytes, file: ""),
      case .array(let tags)? = members.first(where: { $0.key == "tags" })?.value
    else { return nil }
    return tagsProblem(tags.count)
  }

  /// `1048576` as `1,048,576`.
  static func grouped(_ number: Int) -> String {
    var digits = Array(String(number))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
