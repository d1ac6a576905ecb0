/// The entries of an `IndexSnapshot` by folder ("" for the top), and each folder's
/// subfolders that hold entries, for a status that walks folders.
struct IndexListing: Sendable {
  /// Each folder's entries (positions in the snapshot), in the order of their names.
  var files: [PathKey: [Int]] = [:]
  var subfolders: [PathKey: Set<PathKey>] = [:]

  init(_ snapshot: IndexSnapshot) {
    var current: ArraySlice<UInt8>?
    var positions: [Int] = []
    let flush = { (folder: ArraySlice<UInt8>?, positions: [Int], listing: inout IndexListing) in
      guard let folder else { return }
      listing.files[PathKey(folder), default: []] += positions
      listing.register(Array(folder))
    }
    // The index is sorted by path, so the files of a folder mostly follow each other: one
    // lookup per run of them, not per file.
    for (position, entry) in snapshot.entries.enumerated() {
      if let folder = current, folder.elementsEqual(entry.folder) {
        positions.append(position)
        continue
      }
      flush(current, positions, &self)
      current = entry.folder
      positions = [position]
    }
    flush(current, positions, &self)
  }

  /// Puts each folder's name into its parent's, up to a parent that had it already.
  private mutating func register(_ folder: [UInt8]) {
    var child = folder
    while !child.isEmpty {
      let slash = child.lastIndex(of: UInt8(ascii: "/"))
      let parent = slash.map { Array(child[..<$0]) } ?? []
      let name = slash.map { Array(child[($0 + 1)...]) } ?? child
      guard subfolders[PathKey(parent), default: []].insert(PathKey(name)).inserted else { break }
      child = parent
    }
  }

  /// True when the index has entries below the folder `path`.
  func folderExists(_ path: [UInt8]) -> Bool {
    files[PathKey(path)] != nil || subfolders[PathKey(path)] != nil
  }

  /// `folder` and `name` as one path, "/" between them.
  static func path(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
    folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
  }
}
