/// Orders search hits.
public enum Ranking {
  /// `hits` in the order `sort` asks for.
  ///
  /// Relevance: higher score first (title over tag, URL, note and description, word start
  /// over mid-word), then newer (`lastModified`) first. `modified` and `created`: newest
  /// first; `title`: A to Z ignoring case and diacritics. Ties keep the entries' order.
  public static func sorted<Entries: RandomAccessCollection>(
    _ hits: [SearchHit], entries: Entries, by sort: SearchSort
  ) -> [SearchHit] where Entries.Element: SearchSubject, Entries.Index == Int {
    hits.sorted { precedes($0, $1, entries: entries, by: sort) }
  }

  /// The first `count` of `sorted(hits, …)`, without ordering the rest: a page of a search
  /// that matched most of 100k bookmarks costs about n·log(count) comparisons, not n·log n.
  public static func best<Entries: RandomAccessCollection>(
    _ count: Int, of hits: [SearchHit], entries: Entries, by sort: SearchSort
  ) -> [SearchHit] where Entries.Element: SearchSubject, Entries.Index == Int {
    guard count > 0 else { return [] }
    if count >= hits.count / 2 {
      return Array(sorted(hits, entries: entries, by: sort).prefix(count))
    }
    var kept: [SearchHit] = []
    kept.reserveCapacity(count + 1)
    for hit in hits {
      if kept.count == count, let last = kept.last,
        !precedes(hit, last, entries: entries, by: sort)
      {
        continue
      }
      // Binary search for the first kept hit that `hit` precedes.
      var low = 0
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(kept[middle], hit, entries: entries, by: sort) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      kept.insert(hit, at: low)
      if kept.count > count { kept.removeLast() }
    }
    return kept
  }

  /// The order: a total one, since ties fall back to the entries' order.
  static func precedes<Entries: RandomAccessCollection>(
    _ left: SearchHit, _ right: SearchHit, entries: Entries, by sort: SearchSort
  ) -> Bool where Entries.Element: SearchSubject, Entries.Index == Int {
    let a = entries[left.index]
    let b = entries[right.index]
    switch sort {
    case .relevance:
      if left.score != right.score { return left.score > right.score }
      if a.lastModified != b.lastModified { return a.lastModified > b.lastModified }
    case .modified:
      if a.lastModified != b.lastModified { return a.lastModified > b.lastModified }
    case .created:
      if a.created != b.created { return a.created > b.created }
    case .title:
      let titleA = a.document.title
      let titleB = b.document.title
      if titleA != titleB { return titleA.lexicographicallyPrecedes(titleB) }
      if a.lastModified != b.lastModified { return a.lastModified > b.lastModified }
    }
    return left.index < right.index
  }
}
