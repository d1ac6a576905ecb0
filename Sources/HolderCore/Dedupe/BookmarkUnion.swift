/// Merging bookmarks that are one page into one (`dedupe`, with the survivor the user chose):
/// nothing a user wrote is dropped, and what was replaced stays in history.
public enum BookmarkUnion {
  /// One bookmark made of `bookmarks` (at least one).
  ///
  /// It has the id, URL and title of `survivor`
  /// (default: the earliest created), the earliest `created`, every tag, every distinct
  /// note joined by a blank line (oldest first), a favourite when any was, the survivor's
  /// fetched metadata (else the most recently fetched), and every hand-added field (the
  /// survivor's value first). `lastModified` is stamped from `now`, after all of theirs.
  public static func merged(
    _ bookmarks: [Bookmark], survivor: BookmarkID? = nil, now: Timestamp
  ) -> Bookmark {
    let ordered = bookmarks.sorted {
      $0.created != $1.created ? $0.created < $1.created : $0.id < $1.id
    }
    guard let earliest = ordered.first else { preconditionFailure("merging no bookmarks") }
    let kept = ordered.first { $0.id == survivor } ?? earliest
    var result = kept
    result.created = earliest.created
    if result.title.isEmpty, let title = ordered.first(where: { !$0.title.isEmpty })?.title {
      result.title = title
    }
    var note = ""
    for bookmark in ordered where !bookmark.note.isEmpty && !note.contains(bookmark.note) {
      note = note.isEmpty ? bookmark.note : note + "\n\n" + bookmark.note
    }
    result.note = note
    result.tags = ordered.flatMap(\.tags)
    result.favorite = ordered.contains(where: \.favorite)
    if result.metadata == nil {
      result.metadata = ordered.compactMap(\.metadata).max { left, right in
        switch (left.fetched, right.fetched) {
        case (nil, _?): true
        case (let a?, let b?): a < b
        default: false
        }
      }
    }
    for bookmark in ordered where bookmark.id != kept.id {
      result.extra.merge(bookmark.extra) { mine, _ in mine }
    }
    let latest = ordered.map(\.lastModified).max() ?? now
    result.lastModified = Timestamp.stamp(now: now, previous: latest)
    return result
  }
}
