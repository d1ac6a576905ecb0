import Git
import HolderCore

/// Makes an `BookmarkIndexImage` from bookmarks appended in path order: copied from an older image
/// (its bytes as they are, nothing decoded) or freshly read from their files.
///
/// A stamp from the last two seconds is kept as unknown, so an edit in the same clock tick is
/// never missed (the file is read again next time).
struct BookmarkIndexImageBuilder {
  private let commit: ObjectID?
  /// The time racy stamps are judged against; nil keeps every stamp.
  private let now: Int64?
  private var paths = PackedList<UInt8>()
  private var stamps: [Int64] = []
  private var documents = PackedList<UInt8>()
  private var hosts = PackedList<UInt8>()
  private var tagNumbers = PackedList<UInt32>()
  private var created: [Int64] = []
  private var modified: [Int64] = []
  private var favorite: [UInt8] = []
  private var ids = PackedList<UInt8>()
  private var blobEnds: [UInt64] = []
  private var blobBytes: [UInt8] = []
  private var problemPaths = PackedList<UInt8>()
  private var problemStamps: [Int64] = []
  private var problemMessages = PackedList<UInt8>()
  /// Tag keys in the order first seen, and their numbers until `finish` sorts them.
  private var tagKeys: [[UInt8]] = []
  private var tagNumberOfKey: [[UInt8]: UInt32] = [:]
  /// An older image's tag numbers already given a number here (-1: not yet).
  private var copiedTagNumbers: [Int32] = []

  init(commit: ObjectID?, now: Int64? = nil) {
    self.commit = commit
    self.now = now
  }

  mutating func reserve(_ count: Int, like image: BookmarkIndexImage?) {
    paths.reserve(lists: count, elements: image?.paths.elements.count ?? count * 48)
    stamps.reserveCapacity(count * FileStamp.width)
    documents.reserve(lists: count, elements: image?.documents.elements.count ?? count * 160)
    hosts.reserve(lists: count, elements: image?.hosts.elements.count ?? count * 16)
    tagNumbers.reserve(lists: count, elements: image?.tagNumbers.elements.count ?? count * 3)
    created.reserveCapacity(count)
    modified.reserveCapacity(count)
    favorite.reserveCapacity(count)
    ids.reserve(lists: count, elements: count * 36)
    blobEnds.reserveCapacity(count)
    blobBytes.reserveCapacity(image?.blobs.byteCount ?? count * 300)
  }

  /// An older image whose bookmarks are copied, with its parts taken once (each is read from
  /// the file on first use) and its blobs in memory.
  struct Source {
    let image: BookmarkIndexImage
    let columns: BookmarkIndexEntries.Columns
    let ids: PackedList<UInt8>

    init(_ image: BookmarkIndexImage) {
      self.image = image.withBlobsLoaded()
      columns = BookmarkIndexEntries.Columns(image)
      ids = image.ids
    }
  }

  /// Copies bookmark `position` of `source`.
  mutating func append(from source: Source, _ position: Int) {
    let image = source.image
    let columns = source.columns
    guard let blob = image.blobs.blob(position) else { return }
    paths.append(image.paths[position])
    Self.appendStamp(image.stamp(position), now: now, to: &stamps)
    documents.append(columns.documents[position])
    hosts.append(columns.hosts[position])
    if copiedTagNumbers.count != columns.tagKeys.count {
      copiedTagNumbers = Array(repeating: -1, count: columns.tagKeys.count)
    }
    tagNumbers.appendEmpty()
    for old in columns.tagNumbers[position] {
      if copiedTagNumbers[Int(old)] < 0 {
        copiedTagNumbers[Int(old)] = Int32(number(ofKey: Array(columns.tagKeys[Int(old)])))
      }
      tagNumbers.appendToLast(UInt32(copiedTagNumbers[Int(old)]))
    }
    created.append(columns.created[position])
    modified.append(columns.modified[position])
    favorite.append(columns.favorite[position])
    ids.append(source.ids[position])
    appendBlob(blob)
  }

  /// Appends a record read from its file: a bookmark, or a problem to report.
  mutating func append(_ record: BookmarkIndexRecord) {
    switch record.content {
    case .problem(let message):
      problemPaths.append(Array(record.path.utf8) + [0])
      Self.appendStamp(record.stamp, now: now, to: &problemStamps)
      problemMessages.append(message.utf8)
    case .bookmark(let id, let blob, let entry):
      paths.append(Array(record.path.utf8) + [0])
      Self.appendStamp(record.stamp, now: now, to: &stamps)
      documents.append(entry.document.bytes)
      hosts.append(entry.host.utf8)
      tagNumbers.appendEmpty()
      for key in entry.tagKeys { tagNumbers.appendToLast(number(ofKey: Array(key.utf8))) }
      created.append(entry.created.millisecondsSince1970)
      modified.append(entry.lastModified.millisecondsSince1970)
      favorite.append(entry.favorite ? 1 : 0)
      ids.append(id.rawValue.utf8)
      appendBlob(blob[...])
    }
  }

  /// Copies problem `position` of `image`.
  mutating func appendProblem(from image: BookmarkIndexImage, _ position: Int) {
    problemPaths.append(image.problemPaths[position])
    Self.appendStamp(
      FileStamp(image.problemStamps, at: position * FileStamp.width), now: now, to: &problemStamps)
    problemMessages.append(image.problemMessages[position])
  }

  /// The image, with `folders` as the folders' stamps.
  consuming func finish(folders: [String: FileStamp]) -> BookmarkIndexImage {
    // Tag keys in byte order, so a tag and the tags under it are neighbours.
    let order = tagKeys.indices.sorted { tagKeys[$0].lexicographicallyPrecedes(tagKeys[$1]) }
    var renumbered = [UInt32](repeating: 0, count: tagKeys.count)
    var sortedKeys = PackedList<UInt8>()
    for (new, old) in order.enumerated() {
      renumbered[old] = UInt32(new)
      sortedKeys.append(tagKeys[old])
    }
    var lists = [[UInt32]](repeating: [], count: tagKeys.count)
    var finalTags = PackedList<UInt32>()
    finalTags.reserve(lists: tagNumbers.count, elements: tagNumbers.elements.count)
    for position in 0..<tagNumbers.count {
      finalTags.appendEmpty()
      for number in tagNumbers[position] {
        let new = renumbered[Int(number)]
        finalTags.appendToLast(new)
        lists[Int(new)].append(UInt32(position))
      }
    }
    var postings = PackedList<UInt32>()
    for list in lists { postings.append(list) }
    // memcmp: the generic comparison of two slices took a sixth of a 100k rebuild.
    let idOrder = (0..<ids.count).sorted { ids.listPrecedes($0, $1) }.map { UInt32($0) }
    var folderList = PackedList<UInt8>()
    var folderStamps: [Int64] = []
    for path in folders.keys.sorted(by: BookmarkIndexStore.inByteOrder) {
      folderList.append(Array(path.utf8) + [0])
      Self.appendStamp(folders[path] ?? .unknown, now: now, to: &folderStamps)
    }
    return BookmarkIndexImage(
      commit: commit, paths: paths, stamps: stamps, documents: LoadedOnce(documents),
      hosts: LoadedOnce(hosts), tagNumbers: LoadedOnce(finalTags), created: LoadedOnce(created),
      modified: LoadedOnce(modified), favorite: LoadedOnce(favorite), ids: LoadedOnce(ids),
      idOrder: LoadedOnce(idOrder), tagKeys: LoadedOnce(sortedKeys), postings: LoadedOnce(postings),
      blobs: BlobStore(ends: blobEnds, source: .memory(blobBytes)), folders: folderList,
      folderStamps: folderStamps, problemPaths: problemPaths, problemStamps: problemStamps,
      problemMessages: problemMessages)
  }

  private mutating func number(ofKey key: [UInt8]) -> UInt32 {
    if let number = tagNumberOfKey[key] { return number }
    let number = UInt32(tagKeys.count)
    tagKeys.append(key)
    tagNumberOfKey[key] = number
    return number
  }

  private mutating func appendBlob(_ blob: ArraySlice<UInt8>) {
    blobBytes.append(contentsOf: blob)
    blobEnds.append(UInt64(blobBytes.count))
  }

  // Static, with `now` passed in: a method of `self` called with `&self.stamps` holds a copy
  // of `self`, so every append copied the whole array (an index rebuild at 100k took 9.6 s).
  private static func appendStamp(_ stamp: FileStamp, now: Int64?, to numbers: inout [Int64]) {
    let racy = now.map { stamp.isRacy(now: $0) } ?? false
    numbers.append(contentsOf: (racy ? FileStamp.unknown : stamp).numbers)
  }
}
