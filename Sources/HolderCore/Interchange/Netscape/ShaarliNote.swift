// The relative links Shaarli writes for its notes, kept under a `shaarli:` URL.

/// A Shaarli note: a bookmark with no page of its own, written in Shaarli's Netscape export
/// with a link relative to the Shaarli it came from.
///
/// Shaarli's export (`Tools › Export`, without "prepend note permalinks") gives a note the
/// link `?<short id>` (before version 0.12) or `/shaare/<short id>` (since), its title, `TAGS`,
/// `ADD_DATE`, `PRIVATE` and its text in the `<DD>`. A relative link resolves against nothing
/// outside that Shaarli, so the import keeps the note under `shaarli:` and the link as
/// written (`shaarli:?Z-mb0g`): the same note imported again is the same bookmark, and the
/// export writes the URL back as it is. Any other relative link is not a URL and is skipped
/// with the entry's title and note in the reason (`ImportPlanner`).
public enum ShaarliNote {
  /// The scheme of the URLs the import gives Shaarli's notes.
  public static let scheme = "shaarli"

  /// `shaarli:` and `href` when `href` is the relative link of a Shaarli note, else nil.
  public static func url(forRelativeLink href: String) -> String? {
    let shortID: Substring
    if href.hasPrefix("?") {
      shortID = href.dropFirst()
    } else if href.hasPrefix("/shaare/") {
      shortID = href.dropFirst("/shaare/".count)
    } else {
      return nil
    }
    // Shaarli's short ids are six characters of URL-safe base64; a longer run is allowed,
    // anything else (`?page=2`, `/shaare/a/b`) is not a note's link.
    guard (1...32).contains(shortID.count),
      shortID.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      })
    else { return nil }
    return scheme + ":" + href
  }
}
