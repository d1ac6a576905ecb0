import Git
import HolderCore

/// The index as a few flat arrays (DESIGN §6): every bookmark of the work tree reached by its
/// position, ordered by path, with no object per bookmark.
///
/// What a search scans (folded text, hosts, tags, dates, the favourite flag) lies in arrays of
/// its own, so a search touches those and nothing else; a tag's bookmarks and an id's bookmark
/// are found through tables (`postings`, `idOrder`) instead of by looking at every one. The
/// bookmarks themselves stay in their binary form (`blobs`) until one is shown. Made by
/// `IndexImageBuilder`, saved and read by `IndexImage+File`.
final class IndexImage: Sendable {
  /// The commit the work tree was at when the image was made.
  let commit: ObjectID?
  /// Each bookmark's store-relative path, UTF-8 followed by a zero byte (so the kernel can
  /// take it as it is); in byte order.
  let paths: PackedList<UInt8>
  /// Each bookmark file's stamp, `FileStamp.width` numbers each.
  let stamps: [Int64]
  let documents: PackedList<UInt8>
  let hosts: PackedList<UInt8>
  /// Each bookmark's tags, as positions in `tagKeys`.
  let tagNumbers: PackedList<UInt32>
  let created: [Int64]
  let modified: [Int64]
  let favorite: [UInt8]
  let ids: PackedList<UInt8>
  /// Bookmark positions ordered by id bytes.
  let idOrder: [UInt32]
  /// Every tag key in byte order, and the positions of the bookmarks that carry it.
  let tagKeys: PackedList<UInt8>
  let postings: PackedList<UInt32>
  let blobs: BlobStore
  /// Every folder under `bookmarks/` with its stamp, to notice files added by hand.
  let folders: PackedList<UInt8>
  let folderStamps: [Int64]
  /// Files that could not be read as bookmarks: path (zero-ended), stamp, message.
  let problemPaths: PackedList<UInt8>
  let problemStamps: [Int64]
  let problemMessages: PackedList<UInt8>

  init(
    commit: ObjectID?, paths: PackedList<UInt8>, stamps: [Int64], documents: PackedList<UInt8>,
    hosts: PackedList<UInt8>, tagNumbers: PackedList<UInt32>, created: [Int64],
    modified: [Int64], favorite: [UInt8], ids: PackedList<UInt8>, idOrder: [UInt32],
    tagKeys: PackedList<UInt8>, postings: PackedList<UInt32>, blobs: BlobStore,
    folders: PackedList<UInt8>, folderStamps: [Int64], problemPaths: PackedList<UInt8>,
    problemStamps: [Int64], problemMessages: PackedList<UInt8>
  ) {
    self.commit = commit
    self.paths = paths
    self.stamps = stamps
    self.documents = documents
    self.hosts = hosts
    self.tagNumbers = tagNumbers
    self.created = created
    self.modified = modified
    self.favorite = favorite
    self.ids = ids
    self.idOrder = idOrder
    self.tagKeys = tagKeys
    self.postings = postings
    self.blobs = blobs
    self.folders = folders
    self.folderStamps = folderStamps
    self.problemPaths = problemPaths
    self.problemStamps = problemStamps
    self.problemMessages = problemMessages
  }

  /// An image of an empty work tree, never brought up to date.
  static let empty = IndexImageBuilder(commit: nil).finish(folders: [:])

  var count: Int { paths.count }

  /// True when every table agrees with the number of bookmarks and every position in a
  /// table is one of them: a damaged file read as an image is refused, never trusted.
  var isConsistent: Bool {
    let n = count
    let width = FileStamp.width
    guard stamps.count == n * width, documents.count == n, hosts.count == n,
      tagNumbers.count == n, created.count == n, modified.count == n, favorite.count == n,
      ids.count == n, idOrder.count == n, blobs.count == n, postings.count == tagKeys.count,
      folderStamps.count == folders.count * width,
      problemStamps.count == problemPaths.count * width,
      problemMessages.count == problemPaths.count
    else { return false }
    return tagNumbers.elements.allSatisfy { Int($0) < tagKeys.count }
      && postings.elements.allSatisfy { Int($0) < n } && idOrder.allSatisfy { Int($0) < n }
      && (0..<n).allSatisfy { paths[$0].last == 0 }
      && (0..<folders.count).allSatisfy { folders[$0].last == 0 }
      && (0..<problemPaths.count).allSatisfy { problemPaths[$0].last == 0 }
  }

  /// The path of bookmark `position` as bytes, without its zero byte.
  func pathBytes(_ position: Int) -> ArraySlice<UInt8> {
    paths[position].dropLast()
  }

  func path(_ position: Int) -> String {
    String(decoding: pathBytes(position), as: UTF8.self)
  }

  func stamp(_ position: Int) -> FileStamp {
    FileStamp(stamps, at: position * FileStamp.width)
  }

  /// The bookmark at `position`; nil only when its binary form is damaged.
  func bookmark(_ position: Int) -> Bookmark? {
    blobs.blob(position).flatMap(IndexCache.bookmark(from:))
  }

  /// The position of the bookmark at `path` (bytes, no zero byte), by binary search.
  func position(ofPath path: some Collection<UInt8>) -> Int? {
    Self.position(of: path, in: paths)
  }

  /// The first position whose path is not ordered before `path`.
  func firstPosition(notBefore path: some Collection<UInt8>) -> Int {
    Self.firstPosition(notBefore: path, in: paths)
  }

  func problemPath(_ position: Int) -> String {
    String(decoding: problemPaths[position].dropLast(), as: UTF8.self)
  }

  func problemPosition(ofPath path: some Collection<UInt8>) -> Int? {
    Self.position(of: path, in: problemPaths)
  }

  func folderPath(_ position: Int) -> String {
    String(decoding: folders[position].dropLast(), as: UTF8.self)
  }

  func folderPosition(ofPath path: some Collection<UInt8>) -> Int? {
    Self.position(of: path, in: folders)
  }

  /// The folders' stamps by path, to change some.
  var folderStampsByPath: [String: FileStamp] {
    var stamps: [String: FileStamp] = [:]
    stamps.reserveCapacity(folders.count)
    for position in 0..<folders.count {
      stamps[folderPath(position)] = FileStamp(folderStamps, at: position * FileStamp.width)
    }
    return stamps
  }

  /// This image with every blob in memory: one read instead of one per bookmark when most
  /// are copied or shown.
  func withBlobsLoaded() -> IndexImage {
    guard case .file = blobs.source else { return self }
    return IndexImage(
      commit: commit, paths: paths, stamps: stamps, documents: documents, hosts: hosts,
      tagNumbers: tagNumbers, created: created, modified: modified, favorite: favorite, ids: ids,
      idOrder: idOrder, tagKeys: tagKeys, postings: postings, blobs: blobs.loaded(),
      folders: folders, folderStamps: folderStamps, problemPaths: problemPaths,
      problemStamps: problemStamps, problemMessages: problemMessages)
  }

  /// The position of `path` in a sorted list of zero-ended paths.
  private static func position(of path: some Collection<UInt8>, in list: PackedList<UInt8>)
    -> Int?
  {
    let low = firstPosition(notBefore: path, in: list)
    return low < list.count && list[low].dropLast().elementsEqual(path) ? low : nil
  }

  private static func firstPosition(
    notBefore path: some Collection<UInt8>, in list: PackedList<UInt8>
  ) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].dropLast().lexicographicallyPrecedes(path) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The problems, ordered by path.
  var problems: [StoreProblem] {
    (0..<problemPaths.count).map { position in
      StoreProblem(
        path: String(decoding: problemPaths[position].dropLast(), as: UTF8.self),
        message: String(decoding: problemMessages[position], as: UTF8.self))
    }
  }
}

extension FileStamp {
  /// How many numbers a stamp takes in an image's stamp arrays.
  static let width = 7

  init(_ numbers: [Int64], at start: Int) {
    self.init(
      size: numbers[start], modifiedSeconds: numbers[start + 1],
      modifiedNanoseconds: numbers[start + 2], changedSeconds: numbers[start + 3],
      changedNanoseconds: numbers[start + 4], inode: numbers[start + 5],
      mode: numbers[start + 6])
  }

  var numbers: [Int64] {
    [size, modifiedSeconds, modifiedNanoseconds, changedSeconds, changedNanoseconds, inode, mode]
  }
}
