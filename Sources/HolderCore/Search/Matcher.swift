/// Decides whether a bookmark matches a query, and how well.
public enum Matcher {
  /// Where one term was found: the best field, and whether the match begins a word.
  public struct TermMatch: Hashable, Sendable {
    public var field: SearchField
    public var atWordStart: Bool
    /// The term's share of the score: the field's weight counts first, a word start second.
    public var score: Int { field.weight * 2 + (atWordStart ? 1 : 0) }
  }

  /// The score of `entry` for `query` (higher is better), or nil when it does not match.
  ///
  /// Every filter must hold, every term must be found and no excluded term may be; a query
  /// with no words matches everything its filters let through, with score 0.
  public static func score(_ query: SearchQuery, _ entry: some SearchSubject) -> Int? {
    for filter in query.filters where !passes(filter, entry) { return nil }
    var total = 0
    for term in query.terms {
      let found = match(term, in: entry.document)
      if term.excluded {
        if found != nil { return nil }
      } else {
        guard let found else { return nil }
        total += found.score
      }
    }
    return total
  }

  /// Every entry matching `query`, as hits in entry order (rank them with `Ranking`).
  public static func search<Entries: RandomAccessCollection>(
    _ query: SearchQuery, in entries: Entries
  ) -> [SearchHit] where Entries.Element: SearchSubject, Entries.Index == Int {
    var hits: [SearchHit] = []
    for index in entries.indices {
      if let score = score(query, entries[index]) {
        hits.append(SearchHit(index: index, score: score))
      }
    }
    return hits
  }

  /// The entries at `candidates` (ascending) that match `query`, as hits: `search` when the
  /// caller knows the others cannot match.
  public static func search<Entries: RandomAccessCollection>(
    _ query: SearchQuery, in entries: Entries, only candidates: [Int]
  ) -> [SearchHit] where Entries.Element: SearchSubject, Entries.Index == Int {
    var hits: [SearchHit] = []
    for index in candidates {
      if let score = score(query, entries[index]) {
        hits.append(SearchHit(index: index, score: score))
      }
    }
    return hits
  }

  /// The best place `term` is found in `document`: the first field holding it, preferring
  /// a word start within that field.
  public static func match(_ term: SearchTerm, in document: SearchDocument) -> TermMatch? {
    if let initials = term.initials {
      return initialsMatch(initials, in: document)
    }
    guard let first = document.find(term.folded, from: document.bytes.startIndex) else {
      return nil
    }
    let field = document.field(at: first)
    if document.isWordStart(first) { return TermMatch(field: field, atWordStart: true) }
    let end = document.fieldEnd(after: first)
    var position = first + 1
    while let next = document.find(term.folded, from: position), next < end {
      if document.isWordStart(next) { return TermMatch(field: field, atWordStart: true) }
      position = next + 1
    }
    return TermMatch(field: field, atWordStart: false)
  }

  private static func initialsMatch(_ consonants: [UInt32], in document: SearchDocument)
    -> TermMatch?
  {
    var best: TermMatch?
    var position = document.bytes.startIndex
    while let range = Hangul.match(consonants, in: document.bytes, from: position) {
      let found = TermMatch(
        field: document.field(at: range.lowerBound),
        atWordStart: document.isWordStart(range.lowerBound))
      if best.map({ found.score > $0.score }) ?? true { best = found }
      if found.atWordStart || best.map({ $0.field < found.field }) == true { break }
      position = range.lowerBound + 3
    }
    return best
  }

  /// True when `entry` satisfies `filter`.
  public static func passes(_ filter: SearchFilter, _ entry: some SearchSubject) -> Bool {
    switch filter {
    case .tag(let tag):
      return entry.isTagged(filterKey(tag))
    case .favorite(let wanted):
      return entry.favorite == wanted
    case .site(let site):
      return entry.isOn(site: site)
    case .createdBefore(let instant):
      return entry.created < instant
    case .createdAfter(let instant):
      return entry.created >= instant
    case .not(let inner):
      return !passes(inner, entry)
    }
  }
}

extension Matcher {
  /// The key a `tag:` filter looks for: the tag's key without outer slashes.
  public static func filterKey(_ tag: String) -> String {
    var key = Bookmark.tagKey(tag)
    while key.hasPrefix("/") { key.removeFirst() }
    while key.hasSuffix("/") { key.removeLast() }
    return key
  }
}

/// One matching entry: its position in the searched list and its score.
public struct SearchHit: Hashable, Sendable {
  /// The index of the entry in the list that was searched.
  public var index: Int
  /// Higher is better; 0 when the query had no words.
  public var score: Int

  /// Makes a hit.
  public init(index: Int, score: Int) {
    self.index = index
    self.score = score
  }
}
