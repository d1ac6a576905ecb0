/// The names of the links under `tags/` that point at bookmark files.
extension BookmarkPath {
  /// The longest file name most file systems take, in bytes.
  public static let maximumLinkNameLength = 255

  /// `<host>-<file name>` for the link to `bookmarkPath` in a tag folder.
  ///
  /// A name longer than 255 bytes is shortened by a fixed rule: its last 14 bytes
  /// (`-<hash>.json`) are kept, and what comes before is cut to the longest prefix of whole
  /// Unicode scalars that fits in the remaining 241 bytes. The hash keeps the name unique.
  /// With slugs of at most 50 bytes this only happens for hosts of over 190 bytes.
  public static func tagLinkName(forBookmarkPath bookmarkPath: String) -> String {
    let components = bookmarkPath.split(separator: "/")
    let fileName = components.last.map(String.init) ?? ""
    let host = components.count >= 2 ? String(components[components.count - 2]) : ""
    let name = host.isEmpty ? fileName : host + "-" + fileName
    guard name.utf8.count > maximumLinkNameLength else { return name }
    let endLength = "-".utf8.count + 8 + ".json".utf8.count
    let end = String(decoding: name.utf8.suffix(endLength), as: UTF8.self)
    var head = String.UnicodeScalarView()
    var headLength = 0
    for scalar in name.unicodeScalars {
      let length = String(scalar).utf8.count
      guard headLength + length <= maximumLinkNameLength - endLength else { break }
      head.append(scalar)
      headLength += length
    }
    return String(head) + end
  }
}
