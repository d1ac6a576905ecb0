import HolderCore

/// An image's bookmarks as search sees them (`SearchSubject`), read from its arrays in place:
/// a position and a reference, no copy of anything.
struct BookmarkIndexEntries: RandomAccessCollection {
  /// The parts of the image a search reads, taken once (each is read from the file on first
  /// use), so looking at one bookmark takes no lock.
  final class Columns: Sendable {
    let documents: PackedList<UInt8>
    let hosts: PackedList<UInt8>
    let tagNumbers: PackedList<UInt32>
    let tagKeys: PackedList<UInt8>
    let created: [Int64]
    let modified: [Int64]
    let favorite: [UInt8]

    init(_ image: BookmarkIndexImage) {
      documents = image.documents
      hosts = image.hosts
      tagNumbers = image.tagNumbers
      tagKeys = image.tagKeys
      created = image.created
      modified = image.modified
      favorite = image.favorite
    }
  }

  let columns: Columns
  let count: Int

  init(image: BookmarkIndexImage) {
    columns = Columns(image)
    count = image.count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> IndexedEntry {
    IndexedEntry(columns: columns, position: position)
  }
}

struct IndexedEntry: SearchSubject {
  let columns: BookmarkIndexEntries.Columns
  let position: Int

  var document: SearchDocument { SearchDocument(bytes: columns.documents[position]) }
  var favorite: Bool { columns.favorite[position] != 0 }
  var created: Timestamp { Timestamp(millisecondsSince1970: columns.created[position]) }
  var lastModified: Timestamp { Timestamp(millisecondsSince1970: columns.modified[position]) }

  func isTagged(_ key: String) -> Bool {
    let wanted = key.utf8
    for number in columns.tagNumbers[position] {
      let tag = columns.tagKeys[Int(number)]
      guard tag.starts(with: wanted) else { continue }
      let rest = tag.dropFirst(wanted.count)
      if rest.isEmpty || rest.first == UInt8(ascii: "/") { return true }
    }
    return false
  }

  func isOn(site: String) -> Bool {
    let host = columns.hosts[position]
    let wanted = site.utf8
    if host.elementsEqual(wanted) { return true }
    guard host.count > wanted.count, host.reversed().starts(with: wanted.reversed()) else {
      return false
    }
    return host[host.endIndex - wanted.count - 1] == UInt8(ascii: ".")
  }
}
