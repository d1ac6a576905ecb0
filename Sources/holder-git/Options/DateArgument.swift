import HolderCore

/// Dates given on the command line: `YYYY-MM-DD` (the start of that day, UTC) or RFC 3339.
enum DateArgument {
  static func timestamp(_ text: String) -> Timestamp? {
    if let exact = Timestamp(rfc3339: text) { return exact }
    return Timestamp(rfc3339: text + "T00:00:00Z")
  }
}
