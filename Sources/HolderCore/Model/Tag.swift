import Localization

/// The rules for a tag path such as `dev/swift`: `/` separates levels.
///
/// DESIGN §1: a segment is never empty, `.` or `..`, and never contains a
/// control character (C0, DEL or C1), so a tag can always be a folder under
/// `tags/` and can never hide a terminal escape.
public enum TagPath {
  /// Throws the first rule `tag` breaks.
  public static func validate(_ tag: String) throws(TagPathError) {
    // One pass over the scalars, with the current segment's length and whether
    // it is all dots, since the index checks every tag of every file.
    var length = 0
    var isDots = true
    for scalar in tag.unicodeScalars {
      if scalar == "/" {
        try check(tag, length: length, isDots: isDots)
        length = 0
        isDots = true
      } else if isControl(scalar) {
        throw .controlCharacter(tag: tag)
      } else {
        length += 1
        isDots = isDots && scalar == "."
      }
    }
    try check(tag, length: length, isDots: isDots)
  }

  private static func check(_ tag: String, length: Int, isDots: Bool) throws(TagPathError) {
    if length == 0 { throw .emptySegment(tag: tag) }
    if isDots && length <= 2 {
      throw .dotSegment(tag: tag, segment: String(repeating: ".", count: length))
    }
  }

  /// The most bytes (UTF-8) a segment may have: a folder name's limit on the file systems
  /// holder-git runs on (`NAME_MAX`).
  public static let maximumSegmentBytes = 255

  /// The most levels a tag may have.
  ///
  /// A tag view's link points back with one `../` per level, and a link's target must fit
  /// `PATH_MAX` (4,096 bytes) with the bookmark's own path: 64 levels keep every link
  /// makeable, and far exceed the nesting of real browser folders.
  public static let maximumDepth = 64

  /// The rule for a tag coming into the store (add, edit, import, a hand edit taken in):
  /// `validate`'s, every segment short enough to be a folder under `tags/`, and at most
  /// `maximumDepth` levels, so its tag view can always be made. (Reading a file keeps to
  /// `validate`: a file with a longer segment stays readable.)
  public static func validateForFolder(_ tag: String) throws(TagPathError) {
    try validate(tag)
    let levels = tag.unicodeScalars.reduce(1) { $1 == "/" ? $0 + 1 : $0 }
    if levels > maximumDepth { throw .tooDeep(tag: tag, levels: levels) }
    for segment in tag.unicodeScalars.split(separator: "/")
    where segment.reduce(0, { $0 + UTF8.width($1) }) > maximumSegmentBytes {
      throw .segmentTooLong(tag: tag, bytes: segment.reduce(0) { $0 + UTF8.width($1) })
    }
  }

  /// True when `tag` is a valid tag path.
  public static func isValid(_ tag: String) -> Bool {
    do {
      try validate(tag)
      return true
    } catch {
      return false
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

/// Why a string is not a valid tag path.
public enum TagPathError: Error, Equatable, Sendable {
  /// The tag is empty, starts or ends with `/`, or has `//` in it.
  case emptySegment(tag: String)
  /// A segment is `.` or `..`.
  case dotSegment(tag: String, segment: String)
  /// A segment contains a control character.
  case controlCharacter(tag: String)
  /// A segment has more bytes than a folder name can (`TagPath.maximumSegmentBytes`).
  case segmentTooLong(tag: String, bytes: Int)
  /// The tag has more levels than a tag view can hold (`TagPath.maximumDepth`).
  case tooDeep(tag: String, levels: Int)

  /// What is wrong, without the tag itself, such as `a segment is empty`.
  public var reason: String {
    switch self {
    case .emptySegment: return Message("a segment is empty").english
    case .dotSegment(_, let segment): return Message("a segment is '\(segment)'").english
    case .controlCharacter: return Message("it contains a control character").english
    case .segmentTooLong(_, let bytes):
      return Message(
        "a segment is \(bytes) bytes in UTF-8, over the \(TagPath.maximumSegmentBytes) a folder name can hold"
      ).english
    case .tooDeep:
      return Message("it is nested deeper than the \(TagPath.maximumDepth) levels a tag can have")
        .english
    }
  }
}
