/// The parts of a bookmark that search looks in, best-ranked first.
public enum SearchField: Int, CaseIterable, Sendable, Comparable {
  case title
  case tags
  case url
  case note
  case description

  /// How much a match here counts: title above tag, URL, note and description.
  public var weight: Int { SearchField.allCases.count - rawValue }

  public static func < (lhs: SearchField, rhs: SearchField) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
