import Git
import HolderCore

/// The binary form of the index under `.holder/local/`, made to load fast.
///
/// Records are kept in path order with what search needs up front (the folded text, host,
/// tag keys, favourite and dates) and the bookmark itself as a length-prefixed blob that is
/// decoded only when it is shown. So loading does no JSON parsing and no folding. A file that
/// does not start with the magic line of this version, or that ends early, is ignored and the
/// index rebuilt.
enum IndexCache {
  /// The file under `.holder/local/`.
  static let fileName = "index-v1"
  private static let magic = Array("holder-git index 1\n".utf8)

  static func encode(_ state: IndexState, now: Int64) -> [UInt8] {
    var writer = ByteWriter()
    for byte in magic { writer.byte(byte) }
    writer.optionalString(state.commit?.hex)
    writer.count(state.folders.count)
    for (path, stamp) in state.folders {
      writer.string(path)
      // A folder changed within the last clock tick may change again unseen: check it again.
      write(stamp.isRacy(now: now) ? .unknown : stamp, to: &writer)
    }
    writer.count(state.records.count)
    for record in state.records {
      writer.string(record.path)
      write(record.stamp.isRacy(now: now) ? .unknown : record.stamp, to: &writer)
      switch record.content {
      case .problem(let message):
        writer.byte(0)
        writer.string(message)
      case .bookmark(let stored, let entry):
        writer.byte(1)
        writer.data(Array(entry.document.bytes))
        writer.string(entry.host)
        writer.strings(entry.tagKeys)
        writer.byte(entry.favorite ? 1 : 0)
        writer.integer(entry.created.millisecondsSince1970)
        writer.integer(entry.lastModified.millisecondsSince1970)
        switch stored {
        case .encoded(let bytes): writer.data(Array(bytes))
        case .decoded(let bookmark): writer.data(encode(bookmark))
        }
      }
    }
    return writer.bytes
  }

  static func decode(_ bytes: [UInt8]) -> IndexState? {
    guard bytes.count > magic.count, bytes[..<magic.count].elementsEqual(magic) else {
      return nil
    }
    var reader = ByteReader(bytes, from: magic.count)
    do {
      var state = IndexState()
      state.commit = try reader.optionalString().flatMap { ObjectID(hex: $0) }
      let folderCount = try reader.count()
      state.folders.reserveCapacity(folderCount)
      for _ in 0..<folderCount {
        let path = try reader.string()
        state.folders[path] = try stamp(&reader)
      }
      let recordCount = try reader.count()
      state.records.reserveCapacity(recordCount)
      for _ in 0..<recordCount {
        let path = try reader.string()
        let stamp = try stamp(&reader)
        let content: IndexRecord.Content
        if try reader.byte() == 0 {
          content = .problem(try reader.string())
        } else {
          let document = SearchDocument(bytes: try reader.slice())
          let host = try reader.string()
          let entry = SearchEntry(
            document: document, tagKeys: try reader.strings(), host: host,
            favorite: try reader.byte() == 1,
            created: Timestamp(millisecondsSince1970: try reader.integer()),
            lastModified: Timestamp(millisecondsSince1970: try reader.integer()))
          content = .bookmark(.encoded(try reader.slice()), entry)
        }
        state.records.append(IndexRecord(path: path, stamp: stamp, content: content))
      }
      return reader.isAtEnd ? state : nil
    } catch {
      return nil
    }
  }

  private static func write(_ stamp: FileStamp, to writer: inout ByteWriter) {
    for value in [
      stamp.size, stamp.modifiedSeconds, stamp.modifiedNanoseconds, stamp.changedSeconds,
      stamp.changedNanoseconds, stamp.inode, stamp.mode,
    ] {
      writer.integer(value)
    }
  }

  private static func stamp(_ reader: inout ByteReader) throws(ByteReader.Truncated) -> FileStamp {
    FileStamp(
      size: try reader.integer(), modifiedSeconds: try reader.integer(),
      modifiedNanoseconds: try reader.integer(), changedSeconds: try reader.integer(),
      changedNanoseconds: try reader.integer(), inode: try reader.integer(),
      mode: try reader.integer())
  }

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

  /// The id's bytes at the start of a binary form written by `encode(_:)`, read without
  /// decoding the rest; nil when the form is damaged.
  static func idBytes(of bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var position = bytes.startIndex
    var length = 0
    var shift = 0
    while true {
      guard position < bytes.endIndex, shift < 63 else { return nil }
      let byte = bytes[position]
      position += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard length <= bytes.endIndex - position else { return nil }
    return bytes[position..<(position + length)]
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
