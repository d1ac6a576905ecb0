/// One step from a JSON value to one of its children: an object key or an array index.
///
/// Decoders keep the path of the value they are looking at, so an error about
/// its content can be given the value's line and column afterwards.
enum JSONPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// A content error found while turning a `JSONValue` into a model value.
///
/// It has no line and column yet; `located(in:file:)` finds them by reading the
/// bytes again, which is only paid for when a file is broken.
struct JSONContentError: Error {
  /// Where the offending value is.
  var path: [JSONPathComponent]
  /// What was expected there.
  var message: String

  /// The error with the line and column of the value at `path` in `bytes`.
  func located(in bytes: [UInt8], file: String) -> CodecError {
    let offset = JSONReader.offset(of: path, in: bytes) ?? 0
    let (line, column) = JSONReader.lineAndColumn(of: offset, in: bytes)
    return .content(file: file, line: line, column: column, message: message)
  }
}
