import HolderCore

/// An image's bookmarks as search sees them (`SearchSubject`), read from its arrays in place:
/// a position and a reference, no copy of anything.
struct IndexedEntries: RandomAccessCollection {
  let image: IndexImage

  var startIndex: Int { 0 }
  var endIndex: Int { image.count }

  subscript(position: Int) -> IndexedEntry {
    IndexedEntry(image: image, position: position)
  }
}

struct IndexedEntry: SearchSubject {
  let image: IndexImage
  let position: Int

  var document: SearchDocument { SearchDocument(bytes: image.documents[position]) }
  var favorite: Bool { image.favorite[position] != 0 }
  var created: Timestamp { Timestamp(millisecondsSince1970: image.created[position]) }
  var lastModified: Timestamp { Timestamp(millisecondsSince1970: image.modified[position]) }

  func isTagged(_ key: String) -> Bool {
    let wanted = key.utf8
    for number in image.tagNumbers[position] {
      let tag = image.tagKeys[Int(number)]
      guard tag.starts(with: wanted) else { continue }
      let rest = tag.dropFirst(wanted.count)
      if rest.isEmpty || rest.first == UInt8(ascii: "/") { return true }
    }
    return false
  }

  func isOn(site: String) -> Bool {
    let host = image.hosts[position]
    let wanted = site.utf8
    if host.elementsEqual(wanted) { return true }
    guard host.count > wanted.count, host.reversed().starts(with: wanted.reversed()) else {
      return false
    }
    return host[host.endIndex - wanted.count - 1] == UInt8(ascii: ".")
  }
}
