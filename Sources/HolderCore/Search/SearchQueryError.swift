import Foundation

/// What is wrong with a search query.
public enum SearchQueryError: Error, Equatable, LocalizedError {
  /// A `before:`/`after:` value that is not a date.
  case invalidDate(filter: String, value: String)
  /// A `fav:` value other than yes or no.
  case invalidFavorite(value: String)
  /// A filter with nothing after the colon.
  case emptyFilter(filter: String)
  /// A `"` that is never closed.
  case unterminatedQuote

  /// One line in git's style.
  public var errorDescription: String? {
    switch self {
    case .invalidDate(let filter, let value):
      "'\(value)' is not a date for '\(filter):'; write YYYY-MM-DD, YYYY-MM or YYYY"
    case .invalidFavorite(let value):
      "'\(value)' is not a value for 'fav:'; write fav:yes or fav:no"
    case .emptyFilter(let filter):
      "'\(filter):' has no value; write it as \(filter):VALUE"
    case .unterminatedQuote:
      "a '\"' is never closed; close the phrase with '\"'"
    }
  }
}
