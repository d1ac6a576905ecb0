/// RFC 3986 §5.2.4 "remove dot segments", for a path that is empty or starts with `/`.
enum DotSegments {
  /// `path` with every `.` and `..` segment resolved; `..` above the root is dropped.
  static func removed(from path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    var kept: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for (position, segment) in segments.enumerated() {
      let isLast = position == segments.count - 1
      switch segment {
      case ".":
        // A trailing `.` or `..` still names a directory: keep the final `/`.
        if isLast { kept.append("") }
      case "..":
        if !kept.isEmpty { kept.removeLast() }
        if isLast { kept.append("") }
      default:
        kept.append(segment)
      }
    }
    return "/" + kept.joined(separator: "/")
  }
}
