import Localization

/// A strict JSON (RFC 8259) reader over UTF-8 bytes, producing `JSONValue`.
///
/// Strict means: no comments, no trailing commas, no single quotes, no
/// duplicate keys (two keys that are equal after Unicode normalisation are
/// duplicates too, since the canonical writer would make them one), no lone
/// surrogates, no raw control characters in strings and nothing after the
/// value. A leading UTF-8 byte order mark is skipped. Arrays and objects may
/// nest at most `maximumDepth` levels, so no input can exhaust the stack.
///
/// Its errors are `Message` literals in English, which the command line puts into the
/// reader's language.
///
/// It works on the byte array with an index and builds a `String` only for
/// each finished string, since indexing a large store reads every file.
public struct JSONReader {
  /// How many arrays and objects may nest inside each other.
  public static let maximumDepth = 64

  let bytes: [UInt8]
  var index: Int
  var depth = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    self.index = JSONReader.byteOrderMarkLength(of: bytes)
  }

  /// Reads one JSON document; `file` names it in errors.
  public static func read(_ bytes: [UInt8], file: String) throws(CodecError) -> JSONValue {
    var reader = JSONReader(bytes)
    do {
      return try reader.readDocument()
    } catch {
      let (line, column) = lineAndColumn(of: error.offset, in: bytes)
      throw .syntax(file: file, line: line, column: column, message: error.message)
    }
  }

  mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    let value = try readValue()
    skipWhitespace()
    guard index == bytes.count else {
      throw unexpected(Message("trailing content after the JSON value"))
    }
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw unexpected(Message("expected a value")) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
    case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try readLiteral("null", .null)
    default: throw unexpected(Message("expected a value"))
    }
  }

  mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1
    skipWhitespace()
    var members: [(key: String, value: JSONValue)] = []
    // Small objects search their keys; a large one (only hostile input) hashes them.
    var keys: Set<String> = []
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw unexpected(
          members.isEmpty
            ? Message("expected a string key or '}'") : Message("expected a string key"))
      }
      let keyOffset = index
      let key = try readString()
      // Swift compares strings by canonical equivalence, so NFC and NFD
      // spellings of one key count as duplicates here.
      let isDuplicate: Bool
      if members.count < 16 {
        isDuplicate = members.contains { $0.key == key }
      } else {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        isDuplicate = !keys.insert(key).inserted
      }
      if isDuplicate {
        throw JSONSyntaxError(
          offset: keyOffset, message: Message("duplicate key \(JSONReader.quoted(key))").english)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw unexpected(Message("expected ':' after the key \(JSONReader.quoted(key))"))
      }
      index += 1
      skipWhitespace()
      members.append((key, try readValue()))
      let closed = try readSeparator(
        closing: "}", else: Message("expected ',' or '}' after an object member"))
      if closed { return .object(members) }
    }
  }

  mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1
    skipWhitespace()
    var elements: [JSONValue] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try readValue())
      let closed = try readSeparator(
        closing: "]", else: Message("expected ',' or ']' after an array element"))
      if closed { return .array(elements) }
    }
  }

  /// After a member or element: skips a `,` and returns false, or leaves the container at its
  /// `closing` bracket and returns true; `expected` is the error when neither follows.
  mutating func readSeparator(closing: Unicode.Scalar, else expected: @autoclosure () -> Message)
    throws(JSONSyntaxError) -> Bool
  {
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
      index += 1
      skipWhitespace()
      return false
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: closing) {
      index += 1
      depth -= 1
      return true
    }
    throw unexpected(expected())
  }

  mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= JSONReader.maximumDepth else {
      throw unexpected(
        Message("arrays and objects nested deeper than \(JSONReader.maximumDepth) levels"))
    }
  }

  /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and keeps its text.
  mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(at: index) else { throw unexpected(Message("expected a digit after '-'")) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if isDigit(at: index) { throw unexpected(Message("leading zero in a number")) }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(at: index) else { throw unexpected(Message("expected a digit after '.'")) }
      skipDigits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard isDigit(at: index) else {
        throw unexpected(Message("expected a digit in the exponent"))
      }
      skipDigits()
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  func isDigit(at position: Int) -> Bool {
    position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
  }

  mutating func skipDigits() {
    while isDigit(at: index) { index += 1 }
  }

  mutating func readLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let text = word.description.utf8
    guard bytes.count - index >= text.count, bytes[index..<index + text.count].elementsEqual(text)
    else { throw unexpected(Message("expected a value")) }
    index += text.count
    return value
  }

  /// An error at the current byte; a byte that starts no valid UTF-8 sequence is named as such.
  func unexpected(_ message: Message) -> JSONSyntaxError {
    if index < bytes.count, bytes[index] >= 0x80, utf8SequenceLength(at: index) == nil {
      return JSONSyntaxError(offset: index, message: Message("invalid UTF-8").english)
    }
    return JSONSyntaxError(offset: index, message: message.english)
  }

  /// `text` in double quotes with control characters escaped, safe to print in a terminal.
  static func quoted(_ text: String) -> String {
    var writer = CanonicalWriter()
    writer.writeString(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  static func byteOrderMarkLength(of bytes: [UInt8]) -> Int {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }
}

/// A syntax error at a byte offset; `JSONReader.read` turns it into a `CodecError`.
struct JSONSyntaxError: Error {
  var offset: Int
  var message: String
}
