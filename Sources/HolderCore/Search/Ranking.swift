/// Orders search hits.
public enum Ranking {
  /// `hits` in the order `sort` asks for.
  ///
  /// Relevance: higher score first (title over tag, URL, note and description, word start
  /// over mid-word), then newer (`lastModified`) first. `modified` and `created`: newest
  /// first; `title`: A to Z ignoring case and diacritics. Ties keep the entries' order.
  public static func sorted(
    _ hits: [SearchHit], entries: [SearchEntry], by sort: SearchSort
  ) -> [SearchHit] {
    hits.sorted { left, right in
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
}
