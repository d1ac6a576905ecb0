/// The rules for a tag path such as `dev/swift`: `/` separates levels.
///
/// DESIGN §1: a segment is never empty, `.` or `..`, and never contains a
/// control character (C0, DEL or C1), so a tag can always be a folder under
/// `tags/` and can never hide a terminal escape.
public enum TagPath {
  /// Throws the first rule `tag` breaks.
  public static func validate(_ tag: String) throws(TagPathError) {
    for segment in tag.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.isEmpty {
        throw .emptySegment(tag: tag)
      }
      if segment == "." || segment == ".." {
        throw .dotSegment(tag: tag, segment: String(segment))
      }
      if segment.unicodeScalars.contains(where: isControl) {
        throw .controlCharacter(tag: tag)
      }
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

  /// What is wrong, without the tag itself, such as `a segment is empty`.
  public var reason: String {
    switch self {
    case .emptySegment: return "a segment is empty"
    case .dotSegment(_, let segment): return "a segment is '\(segment)'"
    case .controlCharacter: return "it contains a control character"
    }
  }
}
