import Localization

/// Reads and writes one bookmark file (`bookmarks/…/<slug>-<hash>.json`) in canonical form.
///
/// Keys are written in this order: `id`, `url`, `title`, `note`, `tags`,
/// `favorite`, `created`, `lastModified`, `metadata` (`title`, `description`,
/// `image`, `icon`, `fetched`), then keys the codec does not know, sorted (see
/// `CanonicalWriter`). `note` is left out when empty, `metadata` when nil or
/// empty, and each metadata key when nil. Unknown keys are kept at the top
/// level (`Bookmark.extra`) and inside `metadata` (`PageMetadata.extra`),
/// never dropped. The URL is stored as given; normalising it is the caller's job.
public enum BookmarkCodec {
  /// The keys the codec knows at the top level, in the order it writes them.
  public static let keys = [
    "id", "url", "title", "note", "tags", "favorite", "created", "lastModified", "metadata",
  ]
  /// The keys the codec knows inside `metadata`, in the order it writes them.
  public static let metadataKeys = ["title", "description", "image", "icon", "fetched"]

  /// The canonical bytes of `bookmark`.
  ///
  /// Tags are written as given (`Bookmark` keeps them sorted and unique); the
  /// caller checks them with `TagPath` first. Entries of `extra` whose key is a
  /// known key are not written.
  public static func encode(_ bookmark: Bookmark) -> [UInt8] {
    CanonicalWriter.document(node(for: bookmark))
  }

  /// The bookmark as a writer node: known keys in order, then its unknown keys.
  static func node(for bookmark: Bookmark) -> CanonicalWriter.Node {
    var known: [(key: String, value: CanonicalWriter.Node)] = [
      ("id", .value(.string(bookmark.id.rawValue))),
      ("url", .value(.string(bookmark.url))),
      ("title", .value(.string(bookmark.title))),
    ]
    if !bookmark.note.isEmpty { known.append(("note", .value(.string(bookmark.note)))) }
    known += [
      ("tags", .value(.array(bookmark.tags.map(JSONValue.string)))),
      ("favorite", .value(.bool(bookmark.favorite))),
      ("created", .value(.string(bookmark.created.rfc3339))),
      ("lastModified", .value(.string(bookmark.lastModified.rfc3339))),
    ]
    if let metadata = bookmark.metadata, !metadata.isEmpty {
      known.append(("metadata", node(for: metadata)))
    }
    return .object(known: known, extra: bookmark.extra.filter { !keys.contains($0.key) })
  }

  private static func node(for metadata: PageMetadata) -> CanonicalWriter.Node {
    let fields: [(String, JSONValue?)] = [
      ("title", metadata.title.map(JSONValue.string)),
      ("description", metadata.description.map(JSONValue.string)),
      ("image", metadata.image.map(JSONValue.string)),
      ("icon", metadata.icon.map(JSONValue.string)),
      ("fetched", metadata.fetched.map { .string($0.rfc3339) }),
    ]
    return .object(
      known: fields.compactMap { key, value in value.map { (key, .value($0)) } },
      extra: metadata.extra.filter { !metadataKeys.contains($0.key) })
  }

  /// Reads a bookmark file; `file` is the path to name in errors.
  ///
  /// A file over `BookmarkLimits` is refused before it is parsed (its size) or as soon as its
  /// tags are counted.
  public static func decode(_ bytes: [UInt8], file: String) throws(CodecError) -> Bookmark {
    if let problem = BookmarkLimits.sizeProblem(bytes.count) {
      throw .content(file: file, line: 1, column: 1, message: problem)
    }
    return try JSONContent.decode(bytes, file: file, bookmark(from:))
  }

  /// True when `bytes` is a bookmark file exactly as `encode` writes it.
  public static func isCanonical(_ bytes: [UInt8]) -> Bool {
    guard let bookmark = try? decode(bytes, file: "") else { return false }
    return encode(bookmark) == bytes
  }

  static func bookmark(from value: JSONValue) throws(JSONContentError) -> Bookmark {
    let members = try JSONContent.document(
      value, else: Message("expected an object for the bookmark"))
    var id: BookmarkID?
    var url: String?
    var title: String?
    var note = ""
    var tags: [String]?
    var favorite: Bool?
    var created: Timestamp?
    var lastModified: Timestamp?
    var metadata: PageMetadata?
    var extra: [String: JSONValue] = [:]
    for (key, value) in members {
      switch key {
      case "id":
        let text = try JSONContent.string(value, parent: [], key: key, name: key)
        guard let parsed = BookmarkID(text) else {
          throw JSONContent.wrongType(.uuid, parent: [], key: .key(key), name: key)
        }
        id = parsed
      case "url": url = try JSONContent.string(value, parent: [], key: key, name: key)
      case "title": title = try JSONContent.string(value, parent: [], key: key, name: key)
      case "note": note = try JSONContent.string(value, parent: [], key: key, name: key)
      case "tags":
        if case .array(let elements) = value,
          let problem = BookmarkLimits.tagsProblem(elements.count)
        {
          throw JSONContentError(path: [.key(key)], message: problem)
        }
        tags = try JSONContent.tags(value, parent: [], key: key, name: key)
      case "favorite": favorite = try JSONContent.bool(value, parent: [], key: key, name: key)
      case "created": created = try JSONContent.timestamp(value, parent: [], key: key, name: key)
      case "lastModified":
        lastModified = try JSONContent.timestamp(value, parent: [], key: key, name: key)
      case "metadata":
        // An empty `metadata` object means none: it is what `encode` leaves out.
        let read = try pageMetadata(from: value)
        metadata = read.isEmpty ? nil : read
      default: extra[key] = value
      }
    }
    guard let id else { throw JSONContent.missing("id", in: []) }
    guard let url else { throw JSONContent.missing("url", in: []) }
    guard let title else { throw JSONContent.missing("title", in: []) }
    guard let tags else { throw JSONContent.missing("tags", in: []) }
    guard let favorite else { throw JSONContent.missing("favorite", in: []) }
    guard let created else { throw JSONContent.missing("created", in: []) }
    guard let lastModified else { throw JSONContent.missing("lastModified", in: []) }
    return Bookmark(
      id: id, url: url, title: title, note: note, tags: tags, favorite: favorite,
      created: created, lastModified: lastModified, metadata: metadata, extra: extra)
  }

  static func pageMetadata(from value: JSONValue) throws(JSONContentError) -> PageMetadata {
    let parent: [JSONPathComponent] = [.key("metadata")]
    let members = try JSONContent.object(value, parent: [], key: .key("metadata"), name: "metadata")
    var metadata = PageMetadata()
    for (key, value) in members {
      let name = "metadata." + key
      switch key {
      case "title":
        metadata.title = try JSONContent.string(value, parent: parent, key: key, name: name)
      case "description":
        metadata.description = try JSONContent.string(value, parent: parent, key: key, name: name)
      case "image":
        metadata.image = try JSONContent.string(value, parent: parent, key: key, name: name)
      case "icon":
        metadata.icon = try JSONContent.string(value, parent: parent, key: key, name: name)
      case "fetched":
        metadata.fetched = try JSONContent.timestamp(value, parent: parent, key: key, name: name)
      default: metadata.extra[key] = value
      }
    }
    return metadata
  }
}
