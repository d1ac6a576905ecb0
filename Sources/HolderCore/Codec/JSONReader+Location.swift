// Where a byte offset or a value's path lies in a document, as line and column.

extension JSONReader {
  /// The line and column (1-based, column in Unicode scalars) of a byte offset.
  ///
  /// A byte that starts no valid UTF-8 sequence counts as one column, and a
  /// leading byte order mark counts as none, as editors show it.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let reader = JSONReader(bytes)
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = reader.index
    var position = lineStart
    while position < end {
      if bytes[position] == 0x0A {
        line += 1
        lineStart = position + 1
      }
      position += 1
    }
    var column = 1
    position = lineStart
    while position < end {
      position += reader.utf8SequenceLength(at: position) ?? 1
      column += 1
    }
    return (line, column)
  }

  /// The byte offset where the value at `path` starts in a valid document, or nil.
  ///
  /// For a path that does not exist (a missing key) the result is nil.
  static func offset(of path: [JSONPathComponent], in bytes: [UInt8]) -> Int? {
    var reader = JSONReader(bytes)
    reader.skipWhitespace()
    return try? reader.offset(of: path[...])
  }

  private mutating func offset(of path: ArraySlice<JSONPathComponent>) throws(JSONSyntaxError)
    -> Int?
  {
    guard let step = path.first else { return index }
    guard index < bytes.count else { return nil }
    switch (step, bytes[index]) {
    case (.key(let wanted), UInt8(ascii: "{")):
      index += 1
      skipWhitespace()
      while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        let key = try readString()
        skipWhitespace()
        index += 1  // the ':'
        skipWhitespace()
        if key == wanted { return try offset(of: path.dropFirst()) }
        _ = try readValue()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        skipWhitespace()
      }
      return nil
    case (.index(let wanted), UInt8(ascii: "[")):
      index += 1
      skipWhitespace()
      var current = 0
      while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
        if current == wanted { return try offset(of: path.dropFirst()) }
        _ = try readValue()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        skipWhitespace()
        current += 1
      }
      return nil
    default:
      return nil
    }
  }
}
