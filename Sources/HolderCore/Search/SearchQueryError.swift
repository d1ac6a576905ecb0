import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
      Message("'\(value)' is not a date for '\(filter):'; write YYYY-MM-DD, YYYY-MM or YYYY")
        .english
    case .invalidFavorite(let value):
      Message("'\(value)' is not a value for 'fav:'; write fav:yes or fav:no").english
    case .emptyFilter(let filter):
      Message("'\(filter):' has no value; write it as \(filter):VALUE").english
    case .unterminatedQuote:
      Message("a '\"' is never closed; close the phrase with '\"'").english
    }
  }
}
