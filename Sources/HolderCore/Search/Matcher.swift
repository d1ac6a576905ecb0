/// Decides whether a bookmark matches a query, and how well.
public enum Matcher {
  /// Where one term was found: the best field, and whether the match begins a word.
  public struct TermMatch: Hashable, Sendable {
    public var field: SearchField
    public var atWordStart: Bool
    /// False when what was found is what a word still being typed may become (`서울` for
    /// `서우`), not the word itself.
    public var asTyped: Bool = true
    /// The term's share of the score: the field's weight counts first, a word start second,
    /// the word as typed last (so that it only orders matches that tie on the others, for
    /// queries of fewer than 64 words).
    public var score: Int { field.weight * 128 + (atWordStart ? 64 : 0) + (asTyped ? 1 : 0) }
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
    if term.initials != nil || term.typing != nil {
      return hangulMatch(term, in: document)
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

  /// The best of the places where a term of initials or one still being typed is found:
  /// fields come in order, so the first field holding it is the best one.
  private static func hangulMatch(_ term: SearchTerm, in document: SearchDocument) -> TermMatch? {
    var best: TermMatch?
    var position = document.bytes.startIndex
    while let (range, asTyped) = term.occurrence(in: document.bytes, from: position) {
      let field = document.field(at: range.lowerBound)
      if let best, best.field < field { break }
      let found = TermMatch(
        field: field, atWordStart: document.isWordStart(range.lowerBound), asTyped: asTyped)
      if best.map({ found.score > $0.score }) ?? true { best = found }
      if found.atWordStart && found.asTyped { break }
      position = range.lowerBound + 1
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

extension SearchTerm {
  /// The first place at or after `start` where the term is found in `text` (folded UTF-8),
  /// and whether it is the term as typed rather than what its Hangul may become.
  public func occurrence(in text: ArraySlice<UInt8>, from start: Int) -> (
    range: Range<Int>, asTyped: Bool
  )? {
    let document = SearchDocument(bytes: text)
    let literal = document.find(folded, from: start).map { $0..<($0 + folded.count) }
    if let initials {
      // Consonants written as such in the text are found too (`ㅋㅋ` in a title).
      guard let found = Hangul.match(initials, in: text, from: start) else {
        return literal.map { ($0, true) }
      }
      if let literal, literal.lowerBound <= found.lowerBound { return (literal, true) }
      return (found, false)
    }
    guard let typing, let found = typing.match(in: text, from: start) else {
      return literal.map { ($0, true) }
    }
    // What typing finds at a place takes in the word itself there, when it is there.
    let asTyped = literal?.lowerBound == found.lowerBound
    return (asTyped ? literal ?? found : found, asTyped)
  }
}
