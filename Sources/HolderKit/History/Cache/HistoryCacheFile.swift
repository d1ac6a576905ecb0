import Git
import HolderCore

/// The binary form of `HistoryCache`.
///
/// A magic line with the version, a checksum of the rest, then the commits, the tags and
/// the bookmarks' events. Anything that does not check out is
/// ignored and the cache rebuilt.
enum HistoryCacheFile {
  /// The file under `.holder/local/`.
  static let fileName = "history-v1"
  private static let magic = Array("holder-git history 1\n".utf8)

  static func encode(_ cache: HistoryCache) -> [UInt8] {
    var writer = ByteWriter()
    writeID(cache.head, to: &writer)
    writer.count(cache.commits.count)
    var positions: [ObjectID: Int] = [:]
    for (position, commit) in cache.commits.enumerated() {
      positions[commit.id] = position
      writer.raw(commit.id.rawBytes)
      writer.count(commit.parents.count)
      for parent in commit.parents { writer.raw(parent.rawBytes) }
      writer.integer(commit.time)
      writer.integer(Int64(commit.offsetMinutes))
      writer.optionalString(commit.device)
      writer.string(commit.subject)
    }
    var tagNumbers: [String: Int] = [:]
    var tags: [String] = []
    func number(_ tag: String) -> Int {
      if let known = tagNumbers[tag] { return known }
      tags.append(tag)
      tagNumbers[tag] = tags.count - 1
      return tags.count - 1
    }
    var body = ByteWriter()
    body.count(cache.events.count)
    for (id, events) in cache.events.sorted(by: { $0.key < $1.key }) {
      body.string(id.rawValue)
      body.count(events.count)
      // In history order, so that the same cache always has the same bytes.
      let ordered = events.sorted { (positions[$0.commit] ?? 0) < (positions[$1.commit] ?? 0) }
      for event in ordered {
        body.count(positions[event.commit] ?? 0)
        body.byte((event.old == nil ? 0 : 1) | (event.new == nil ? 0 : 2))
        if let old = event.old { body.raw(old.rawBytes) }
        if let new = event.new { body.raw(new.rawBytes) }
        body.string(event.path)
        for list in [event.oldTags, event.newTags] {
          body.count(list.count)
          for tag in list { body.count(number(tag)) }
        }
      }
    }
    writer.strings(tags)
    writer.raw(body.bytes)
    let content = writer.bytes
    var file = ByteWriter()
    file.raw(magic)
    file.integer(Int64(bitPattern: checksum(content[...])))
    file.raw(content)
    return file.bytes
  }

  static func decode(_ bytes: [UInt8]) -> HistoryCache? {
    guard bytes.count >= magic.count + 8, bytes[..<magic.count].elementsEqual(magic) else {
      return nil
    }
    var reader = ByteReader(bytes, from: magic.count)
    do {
      let stored = UInt64(bitPattern: try reader.integer())
      guard stored == checksum(bytes[(magic.count + 8)...]) else { return nil }
      var cache = HistoryCache()
      cache.head = try readID(&reader)
      let commitCount = try reader.count()
      cache.commits.reserveCapacity(commitCount)
      for _ in 0..<commitCount {
        let id = try objectID(&reader)
        var parents: [ObjectID] = []
        for _ in 0..<(try reader.count()) { parents.append(try objectID(&reader)) }
        cache.commits.append(
          HistoryCache.CommitInfo(
            id: id, parents: parents, time: try reader.integer(),
            offsetMinutes: Int(try reader.integer()), device: try reader.optionalString(),
            subject: try reader.string()))
      }
      let tags = try reader.strings()
      func tagList() throws(ByteReader.Truncated) -> [String] {
        var list: [String] = []
        for _ in 0..<(try reader.count()) {
          let number = try reader.count()
          guard number < tags.count else { throw ByteReader.Truncated() }
          list.append(tags[number])
        }
        return list
      }
      let bookmarkCount = try reader.count()
      cache.events.reserveCapacity(bookmarkCount)
      for _ in 0..<bookmarkCount {
        guard let id = BookmarkID(try reader.string()) else { return nil }
        var events: [HistoryCache.Event] = []
        for _ in 0..<(try reader.count()) {
          let position = try reader.count()
          guard position < cache.commits.count else { return nil }
          let flags = try reader.byte()
          let old = flags & 1 == 0 ? nil : try objectID(&reader)
          let new = flags & 2 == 0 ? nil : try objectID(&reader)
          events.append(
            HistoryCache.Event(
              commit: cache.commits[position].id, old: old, new: new, path: try reader.string(),
              oldTags: try tagList(), newTags: try tagList()))
        }
        cache.events[id] = events
      }
      return reader.isAtEnd ? cache : nil
    } catch {
      return nil
    }
  }

  private static func writeID(_ id: ObjectID?, to writer: inout ByteWriter) {
    guard let id else { return writer.byte(0) }
    writer.byte(1)
    writer.raw(id.rawBytes)
  }

  private static func readID(_ reader: inout ByteReader) throws(ByteReader.Truncated)
    -> ObjectID?
  {
    try reader.byte() == 0 ? nil : try objectID(&reader)
  }

  private static func objectID(_ reader: inout ByteReader) throws(ByteReader.Truncated)
    -> ObjectID
  {
    guard let id = ObjectID(rawBytes: try reader.raw(20)) else { throw ByteReader.Truncated() }
    return id
  }

  /// FNV-1a over 64 bits: enough to tell a damaged or half-written file from a good one.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 { FNV1a.hash(bytes) }
}
