import Git
import HolderCore

/// The index as a few flat arrays (DESIGN §6): every bookmark of the work tree reached by its
/// position, ordered by path, with no object per bookmark.
///
/// What a search scans (folded text, hosts, tags, dates, the favourite flag) lies in arrays of
/// its own, so a search touches those and nothing else; a tag's bookmarks and an id's bookmark
/// are found through tables (`postings`, `idOrder`) instead of by looking at every one. The
/// bookmarks themselves stay in their binary form (`blobs`) until one is shown. Made by
/// `BookmarkIndexImageBuilder`, saved and read by `BookmarkIndexImage+File`.
final class BookmarkIndexImage: Sendable {
  /// The commit the work tree was at when the image was made.
  let commit: ObjectID?
  /// Each bookmark's store-relative path, UTF-8 followed by a zero byte (so the kernel can
  /// take it as it is); in byte order.
  let paths: PackedList<UInt8>
  /// Each bookmark file's stamp, `FileStamp.width` numbers each.
  let stamps: [Int64]
  var documents: PackedList<UInt8> { lazyDocuments.value }
  private let lazyDocuments: LoadedOnce<PackedList<UInt8>>
  var hosts: PackedList<UInt8> { lazyHosts.value }
  private let lazyHosts: LoadedOnce<PackedList<UInt8>>
  /// Each bookmark's tags, as positions in `tagKeys`.
  var tagNumbers: PackedList<UInt32> { lazyTagNumbers.value }
  private let lazyTagNumbers: LoadedOnce<PackedList<UInt32>>
  var created: [Int64] { lazyCreated.value }
  private let lazyCreated: LoadedOnce<[Int64]>
  var modified: [Int64] { lazyModified.value }
  private let lazyModified: LoadedOnce<[Int64]>
  var favorite: [UInt8] { lazyFavorite.value }
  private let lazyFavorite: LoadedOnce<[UInt8]>
  var ids: PackedList<UInt8> { lazyIds.value }
  private let lazyIds: LoadedOnce<PackedList<UInt8>>
  /// Bookmark positions ordered by id bytes.
  var idOrder: [UInt32] { lazyIdOrder.value }
  private let lazyIdOrder: LoadedOnce<[UInt32]>
  /// Every tag key in byte order, and the positions of the bookmarks that carry it.
  var tagKeys: PackedList<UInt8> { lazyTagKeys.value }
  private let lazyTagKeys: LoadedOnce<PackedList<UInt8>>
  var postings: PackedList<UInt32> { lazyPostings.value }
  private let lazyPostings: LoadedOnce<PackedList<UInt32>>
  let blobs: BlobStore
  /// Every folder under `bookmarks/` with its stamp, to notice files added by hand.
  let folders: PackedList<UInt8>
  let folderStamps: [Int64]
  /// Files that could not be read as bookmarks: path (zero-ended), stamp, message.
  let problemPaths: PackedList<UInt8>
  let problemStamps: [Int64]
  let problemMessages: PackedList<UInt8>

  init(
    commit: ObjectID?, paths: PackedList<UInt8>, stamps: [Int64],
    documents: LoadedOnce<PackedList<UInt8>>,
    hosts: LoadedOnce<PackedList<UInt8>>, tagNumbers: LoadedOnce<PackedList<UInt32>>,
    created: LoadedOnce<[Int64]>,
    modified: LoadedOnce<[Int64]>, favorite: LoadedOnce<[UInt8]>,
    ids: LoadedOnce<PackedList<UInt8>>,
    idOrder: LoadedOnce<[UInt32]>,
    tagKeys: LoadedOnce<PackedList<UInt8>>, postings: LoadedOnce<PackedList<UInt32>>,
    blobs: BlobStore,
    folders: PackedList<UInt8>, folderStamps: [Int64], problemPaths: PackedList<UInt8>,
    problemStamps: [Int64], problemMessages: PackedList<UInt8>
  ) {
    self.commit = commit
    self.paths = paths
    self.stamps = stamps
    self.lazyDocuments = documents
    self.lazyHosts = hosts
    self.lazyTagNumbers = tagNumbers
    self.lazyCreated = created
    self.lazyModified = modified
    self.lazyFavorite = favorite
    self.lazyIds = ids
    self.lazyIdOrder = idOrder
    self.lazyTagKeys = tagKeys
    self.lazyPostings = postings
    self.blobs = blobs
    self.folders = folders
    self.folderStamps = folderStamps
    self.problemPaths = problemPaths
    self.problemStamps = problemStamps
    self.problemMessages = problemMessages
  }

  /// An image of an empty work tree, never brought up to date.
  static let empty = BookmarkIndexImageBuilder(commit: nil).finish(folders: [:])

  var count: Int { paths.count }

  /// True when the parts read at once agree with the number of bookmarks.
  ///
  /// A damaged file read as an image is refused, never trusted. The parts read later check themselves
  /// (`BookmarkIndexImage+File`).
  var isConsistent: Bool {
    let width = FileStamp.width
    guard stamps.count == count * width, blobs.count == count,
      folderStamps.count == folders.count * width,
      problemStamps.count == problemPaths.count * width,
      problemMessages.count == problemPaths.count
    else { return false }
    return (0..<count).allSatisfy { paths[$0].last == 0 }
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
    blobs.blob(position).flatMap(BookmarkIndexCache.bookmark(from:))
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
  func withBlobsLoaded() -> BookmarkIndexImage {
    guard case .file = blobs.source else { return self }
    return BookmarkIndexImage(
      commit: commit, paths: paths, stamps: stamps, documents: lazyDocuments, hosts: lazyHosts,
      tagNumbers: lazyTagNumbers, created: lazyCreated, modified: lazyModified,
      favorite: lazyFavorite, ids: lazyIds, idOrder: lazyIdOrder, tagKeys: lazyTagKeys,
      postings: lazyPostings, blobs: blobs.loaded(),
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
