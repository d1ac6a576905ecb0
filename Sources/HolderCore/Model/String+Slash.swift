/// Paths and tags split at `/` as a file system and git see it: on the Unicode scalar.
///
/// `String.split(separator: "/")` works on Characters, and a `/` followed by a combining mark
/// or a joiner (`a/\u{0301}b`, `x/\u{200C}.git`) is one Character with it, so that split
/// missed the separator: a tag's link went to the wrong folder, and a path rule could be
/// read past.
extension StringProtocol {
  /// The parts between the `/`s; empty parts are left out unless asked for.
  public func slashSeparated(omittingEmptySubsequences: Bool = true) -> [String] {
    unicodeScalars.split(separator: "/", omittingEmptySubsequences: omittingEmptySubsequences)
      .map { String(String.UnicodeScalarView($0)) }
  }

  /// The folder before the last `/` and the name after it; ("", self) without one.
  public var folderAndName: (folder: String, name: String) {
    let scalars = unicodeScalars
    guard let slash = scalars.lastIndex(of: "/") else { return ("", String(self)) }
    return (
      String(String.UnicodeScalarView(scalars[..<slash])),
      String(String.UnicodeScalarView(scalars[scalars.index(after: slash)...]))
    )
  }
}
