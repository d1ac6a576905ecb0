import ArgumentParser
import HolderCore

/// Dates given on the command line: `YYYY-MM-DD` (the start of that day, UTC) or RFC 3339.
enum DateArgument {
  static func timestamp(_ text: String) -> Timestamp? {
    if let exact = Timestamp(rfc3339: text) { return exact }
    return Timestamp(rfc3339: text + "T00:00:00Z")
  }

  /// Throws the usage error for `text` when it is given and is not a date.
  static func validate(_ text: String?) throws {
    if let text, timestamp(text) == nil {
      throw ValidationError("'\(text)' is not a date; give YYYY-MM-DD or an RFC 3339 time")
    }
  }
}
