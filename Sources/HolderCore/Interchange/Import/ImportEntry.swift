/// One bookmark to import, whatever file it came from, before its URL is checked.
///
/// Fields a format does not have are nil (Chrome has no tags or notes); a JSON export of
/// holder-git itself fills every field, so it re-imports exactly.
public struct ImportEntry: Hashable, Sendable {
  /// The URL as written in the file.
  public var url: String
  public var title: String
  public var note: String
  /// Tags, folders already turned into tag paths.
  public var tags: [String]
  public var favorite: Bool?
  public var created: Timestamp?
  public var lastModified: Timestamp?
  /// The bookmark's id, from holder-git's own JSON; a new one is made when nil.
  public var id: BookmarkID?
  public var metadata: PageMetadata?
  public var extra: [String: JSONValue]
  /// Where the entry is in the file (line, or record number for JSON), for reports.
  public var line: Int
  /// What of the entry could not be read and was left out or replaced (an unreadable date,
  /// an unknown field value), one sentence each: the report shows them with the line, so
  /// nothing is dropped without a word.
  public var warnings: [String] = []

  public init(
    url: String, title: String = "", note: String = "", tags: [String] = [],
    favorite: Bool? = nil, created: Timestamp? = nil, lastModified: Timestamp? = nil,
    id: BookmarkID? = nil, metadata: PageMetadata? = nil, extra: [String: JSONValue] = [:],
    line: Int = 0
  ) {
    self.url = url
    self.title = title
    self.note = note
    self.tags = tags
    self.favorite = favorite
    self.created = created
    self.lastModified = lastModified
    self.id = id
    self.metadata = metadata
    self.extra = extra
    self.line = line
  }

  /// The entry for a full bookmark (holder-git's own JSON): every field kept.
  public init(bookmark: Bookmark, line: Int) {
    self.init(
      url: bookmark.url, title: bookmark.title, note: bookmark.note, tags: bookmark.tags,
      favorite: bookmark.favorite, created: bookmark.created,
      lastModified: bookmark.lastModified, id: bookmark.id, metadata: bookmark.metadata,
      extra: bookmark.extra, line: line)
  }
}
