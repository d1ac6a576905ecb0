/// What a page says about itself, as fetched: kept apart from the user's own fields.
///
/// `title` here is the page's title; `Bookmark.title` is the user's. Keys the
/// codec does not know, found inside `metadata` of a hand-edited file, are
/// kept in `extra`.
public struct PageMetadata: Hashable, Sendable {
  public var title: String?
  public var description: String?
  public var image: String?
  public var icon: String?
  public var fetched: Timestamp?
  /// Unknown keys of the `metadata` object, kept as written (keys sorted on write).
  public var extra: [String: JSONValue]

  public init(
    title: String? = nil, description: String? = nil, image: String? = nil,
    icon: String? = nil, fetched: Timestamp? = nil, extra: [String: JSONValue] = [:]
  ) {
    self.title = title
    self.description = description
    self.image = image
    self.icon = icon
    self.fetched = fetched
    self.extra = extra
  }

  /// True when no field is set, so the codec leaves `metadata` out.
  public var isEmpty: Bool {
    title == nil && description == nil && image == nil && icon == nil && fetched == nil
      && extra.isEmpty
  }
}
