/// One field of a bookmark by the name a merge's resolution gives it, so that restoring a
/// settled conflict brings back that field alone; the fields a person edits that two
/// versions differ in.
extension Bookmark {
  /// The fields a merge settles one by one, by their names in the file.
  public static let mergedFields = ["url", "title", "note", "favorite", "metadata"]

  /// `self` with `field` as `other` has it: one of `mergedFields`, `tags`, or a key the user
  /// added to either file (taken away when `other` lacks it); nil for any other name.
  public func taking(_ field: String, from other: Bookmark) -> Bookmark? {
    var result = self
    switch field {
    case "url": result.url = other.url
    case "title": result.title = other.title
    case "note": result.note = other.note
    case "favorite": result.favorite = other.favorite
    case "metadata": result.metadata = other.metadata
    case "tags": result.tags = other.tags
    default:
      guard extra[field] != nil || other.extra[field] != nil else { return nil }
      result.extra[field] = other.extra[field]
    }
    return result
  }

  /// True when `self` and `other` hold the same value of `field` (false for an unknown name).
  public func agrees(with other: Bookmark, on field: String) -> Bool {
    guard let taken = taking(field, from: other) else { return false }
    return taken == self
  }

  /// The fields a person edits (the web app's form) in which `self` and `other` differ, in the
  /// form's order: `url`, `title`, `tags` (as tags compare: by key), `note`, `favorite`.
  public func editedFields(to other: Bookmark) -> [String] {
    var fields: [String] = []
    if url != other.url { fields.append("url") }
    if title != other.title { fields.append("title") }
    if Set(tags.map(Bookmark.tagKey)) != Set(other.tags.map(Bookmark.tagKey)) {
      fields.append("tags")
    }
    if note != other.note { fields.append("note") }
    if favorite != other.favorite { fields.append("favorite") }
    return fields
  }
}
