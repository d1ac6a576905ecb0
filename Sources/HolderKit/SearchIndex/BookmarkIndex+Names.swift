import HolderCore

// Owns finding bookmarks by id and id prefix in the index: a binary search of the id table,
// so naming one bookmark looks at a few ids and decodes one bookmark, whatever the store's size.
extension BookmarkIndex {
  /// The bookmarks whose id starts with `prefix` (ids are lowercase), ordered by path.
  public func bookmarks(withIDPrefix prefix: String) -> [LocatedBookmark] {
    located(image.positions(withIDPrefix: Array(prefix.lowercased().utf8)))
  }

  /// True when the work tree holds a bookmark with `id`; decodes nothing.
  public func holds(_ id: BookmarkID) -> Bool {
    let wanted = Array(id.rawValue.utf8)
    let ids = image.ids
    return image.positions(withIDPrefix: wanted).contains { ids[$0].elementsEqual(wanted) }
  }

  /// The bookmark with `id`, when the work tree holds it.
  public func bookmark(withID id: BookmarkID) -> LocatedBookmark? {
    let wanted = Array(id.rawValue.utf8)
    let ids = image.ids
    let exact = image.positions(withIDPrefix: wanted).filter { ids[$0].elementsEqual(wanted) }
    return located(exact).first { $0.bookmark.id == id }
  }
}

extension BookmarkIndexImage {
  /// The positions of the bookmarks whose id starts with `prefix`, ascending (path order).
  func positions(withIDPrefix prefix: [UInt8]) -> [Int] {
    let ids = ids
    let idOrder = idOrder
    var low = 0
    var high = idOrder.count
    while low < high {
      let middle = (low + high) / 2
      if ids[Int(idOrder[middle])].lexicographicallyPrecedes(prefix) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: [Int] = []
    while low < idOrder.count, ids[Int(idOrder[low])].starts(with: prefix) {
      found.append(Int(idOrder[low]))
      low += 1
    }
    return found.sorted()
  }

  /// The positions of the bookmarks tagged `key` or a tag under it, ascending: the tags'
  /// lists of bookmarks, not a look at every bookmark.
  func positions(taggedUnder key: String) -> [Int] {
    let tagKeys = tagKeys
    let postings = postings
    let exact = Array(key.utf8)
    let under = exact + [UInt8(ascii: "/")]
    // The first key not before `key`, in the sorted keys.
    func firstNotBefore(_ key: [UInt8]) -> Int {
      var low = 0
      var high = tagKeys.count
      while low < high {
        let middle = (low + high) / 2
        if tagKeys[middle].lexicographicallyPrecedes(key) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low
    }
    var numbers: [Int] = []
    let found = firstNotBefore(exact)
    if found < tagKeys.count && tagKeys[found].elementsEqual(exact) { numbers.append(found) }
    var low = firstNotBefore(under)
    while low < tagKeys.count && tagKeys[low].starts(with: under) {
      numbers.append(low)
      low += 1
    }
    if numbers.count == 1 { return postings[numbers[0]].map { Int($0) } }
    var positions = numbers.flatMap { postings[$0].map { Int($0) } }
    positions.sort()
    var unique: [Int] = []
    unique.reserveCapacity(positions.count)
    for position in positions where unique.last != position { unique.append(position) }
    return unique
  }
}

extension BookmarkIndex {
  /// Every bookmark's id, by position; decodes nothing.
  public var ids: [BookmarkID] {
    let ids = image.ids
    return (0..<ids.count).compactMap { BookmarkID(String(decoding: ids[$0], as: UTF8.self)) }
  }
}
