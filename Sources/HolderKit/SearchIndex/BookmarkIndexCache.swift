import Git
import HolderCore

/// The binary form of one bookmark in the index (`BookmarkIndexImage.blobs`): decoded only when the
/// bookmark is shown, with no JSON parsing and no folding.
enum BookmarkIndexCache {
  /// The binary form of one bookmark.
  static func encode(_ bookmark: Bookmark) -> [UInt8] {
    var writer = ByteWriter()
    writer.string(bookmark.id.rawValue)
    writer.string(bookmark.url)
    writer.string(bookmark.title)
    writer.string(bookmark.note)
    writer.strings(bookmark.tags)
    writer.byte(bookmark.favorite ? 1 : 0)
    writer.integer(bookmark.created.millisecondsSince1970)
    writer.integer(bookmark.lastModified.millisecondsSince1970)
    if let metadata = bookmark.metadata {
      writer.byte(1)
      writer.optionalString(metadata.title)
      writer.optionalString(metadata.description)
      writer.optionalString(metadata.image)
      writer.optionalString(metadata.icon)
      writer.optionalString(metadata.fetched.map { String($0.millisecondsSince1970) })
      writer.data(json(metadata.extra))
    } else {
      writer.byte(0)
    }
    writer.data(json(bookmark.extra))
    return writer.bytes
  }

  /// The bookmark of a binary form written by `encode(_:)`; nil when it is damaged.
  static func bookmark(from bytes: ArraySlice<UInt8>) -> Bookmark? {
    var reader = ByteReader(Array(bytes), from: 0)
    return try? bookmark(&reader)
  }

  /// Only the tags of the bookmark `bookmark(from:)` would decode (the tag tree needs no more).
  static func tags(from bytes: ArraySlice<UInt8>) -> [String]? {
    var reader = ByteReader(Array(bytes), from: 0)
    do {
      // The id, the URL, the title and the note come first.
      for _ in 0..<4 { _ = try reader.slice() }
      return try reader.strings()
    } catch {
      return nil
    }
  }

  private static func bookmark(_ reader: inout ByteReader) throws(ByteReader.Truncated)
    -> Bookmark
  {
    guard let id = BookmarkID(try reader.string()) else { throw ByteReader.Truncated() }
    let url = try reader.string()
    let title = try reader.string()
    let note = try reader.string()
    let tags = try reader.strings()
    let favorite = try reader.byte() == 1
    let created = Timestamp(millisecondsSince1970: try reader.integer())
    let lastModified = Timestamp(millisecondsSince1970: try reader.integer())
    var metadata: PageMetadata?
    if try reader.byte() == 1 {
      metadata = PageMetadata(
        title: try reader.optionalString(), description: try reader.optionalString(),
        image: try reader.optionalString(), icon: try reader.optionalString(),
        fetched: try reader.optionalString().flatMap(Int64.init).map {
          Timestamp(millisecondsSince1970: $0)
        },
        extra: try members(reader.data()))
    }
    return Bookmark(
      id: id, url: url, title: title, note: note, tags: tags, favorite: favorite,
      created: created, lastModified: lastModified, metadata: metadata,
      extra: try members(reader.data()))
  }

  private static func json(_ members: [String: JSONValue]) -> [UInt8] {
    guard !members.isEmpty else { return [] }
    return CanonicalWriter.document(.object(members.map { (key: $0.key, value: $0.value) }))
  }

  private static func members(_ bytes: [UInt8]) throws(ByteReader.Truncated) -> [String:
    JSONValue]
  {
    guard !bytes.isEmpty else { return [:] }
    guard case .object(let members) = try? JSONReader.read(bytes, file: "") else {
      throw ByteReader.Truncated()
    }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }
}
