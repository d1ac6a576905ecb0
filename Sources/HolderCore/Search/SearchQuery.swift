/// A parsed search: words and phrases that must (or must not) appear, and filters.
public struct SearchQuery: Hashable, Sendable {
  /// Words and phrases; every term that is not excluded must match (AND).
  public var terms: [SearchTerm]
  /// Conditions on tags, favourites, the site and dates; all must hold.
  public var filters: [SearchFilter]

  /// Makes a query from its parts.
  public init(terms: [SearchTerm] = [], filters: [SearchFilter] = []) {
    self.terms = terms
    self.filters = filters
  }

  /// True when the query has no words, only filters (or nothing): everything passing matches.
  public var hasNoWords: Bool { terms.allSatisfy(\.excluded) }
}

/// One word or phrase of a query.
public struct SearchTerm: Hashable, Sendable {
  /// What the user typed (without quotes or the leading `-`).
  public var text: String
  /// The folded UTF-8 searched for.
  public var folded: [UInt8]
  /// The consonants when the term is Korean initial consonants only (`ㅅㅇㅌ`).
  public var initials: [UInt32]?
  /// How the term is matched when it ends in Hangul still being typed (`서우` on the way to
  /// `서울`); nil when it is matched as it is.
  public var typing: HangulTyping?
  /// True for `-word`: bookmarks containing it are left out.
  public var excluded: Bool

  /// Makes a term, folding `text` for matching.
  public init(_ text: String, excluded: Bool = false) {
    var folder = TextFolder()
    self.text = text
    var folded = folder.fold(text)
    while folded.first == 0x20 { folded.removeFirst() }
    while folded.last == 0x20 { folded.removeLast() }
    self.folded = folded
    self.initials = Hangul.initialsQuery(text)
    // An exclusion leaves out what was typed, not all it may become: `-성` hiding every
    // `서울` would empty the list of what the person did not ask to hide.
    self.typing = excluded || initials != nil ? nil : HangulTyping(folded: folded)
    self.excluded = excluded
  }

  /// The folded bytes every match holds as they are (empty when none must): a search looks
  /// only at bookmarks holding them.
  public var literal: [UInt8] {
    if initials != nil { return [] }
    return typing?.settled ?? folded
  }
}

/// A condition that is not a word: `tag:`, `fav:`, `site:`, `before:`, `after:`.
public enum SearchFilter: Hashable, Sendable {
  /// The bookmark has this tag or a tag under it (`dev` takes in `dev/swift`).
  case tag(String)
  /// The bookmark is (or is not) a favourite.
  case favorite(Bool)
  /// The bookmark's host is this one or under it (`github.com` takes in `gist.github.com`).
  case site(String)
  /// Saved (created) before this instant.
  case createdBefore(Timestamp)
  /// Saved (created) at or after this instant.
  case createdAfter(Timestamp)
  /// The filter, negated (`-tag:old`).
  indirect case not(SearchFilter)
}

/// The order of search results.
public enum SearchSort: String, CaseIterable, Sendable {
  /// Best match first: title over tag, URL, note and description; word starts over
  /// mid-word; newer over older.
  case relevance
  /// Most recently changed first.
  case modified
  /// Most recently saved first.
  case created
  /// By title, A to Z (ignoring case and diacritics).
  case title
}
