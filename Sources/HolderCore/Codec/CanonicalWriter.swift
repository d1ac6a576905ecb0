/// Writes JSON in the store's canonical form, the only form holder-git writes.
///
/// The form is part of the store format (changing it bumps the format
/// version), so that the same data is always the same bytes and `git diff`
/// shows only what changed:
///
/// - UTF-8, every string and key in Unicode NFC (`String.nfc`); no byte order mark.
/// - Two-space indentation, one key per line, `": "` between key and value,
///   `,` right after a value that has a successor, and a newline at the end.
/// - In strings, `"` and `\` are escaped; `/` and non-ASCII characters are
///   written as they are. Control characters are escaped so that no terminal
///   escape can hide in a diff: U+0008, U+000C, U+000A, U+000D and U+0009 as
///   `\b \f \n \r \t`, the rest of C0, DEL and C1 (U+0080–U+009F) as `\u00XX`
///   in lowercase hex.
/// - Empty arrays and objects are `[]` and `{}`.
/// - An array whose elements are all strings is written on one line,
///   `["a", "b"]`, when that whole line — indentation, key, value and the
///   trailing comma if any — is at most `maximumLineLength` (100) Unicode scalar
///   values; otherwise, like every other non-empty array, one element per line.
/// - Known objects (`Node.object`) list their known keys first, in the order
///   given, then their other keys; every other object's keys are sorted. Sorting
///   is by Unicode scalar values of the NFC key; of keys equal after NFC only
///   the first is kept, and an extra key equal to a known one is dropped, so the
///   output never has duplicate keys.
/// - Numbers are written exactly as they were read.
public struct CanonicalWriter {
  /// The longest line, in Unicode scalar values, on which an array of strings stays on one line.
  public static let maximumLineLength = 100

  /// A value to write: a plain JSON value, or an object with keys in a fixed order.
  public indirect enum Node {
    /// Any JSON value; its objects' keys are sorted at every level.
    case value(JSONValue)
    /// An array of nodes.
    case array([Node])
    /// An object of a known shape: `known` members in this order, then `extra` sorted.
    case object(known: [(key: String, value: Node)], extra: [String: JSONValue])
  }

  var bytes: [UInt8] = []
  private var lineStart = 0

  init() {
    bytes.reserveCapacity(1024)
  }

  /// The canonical file for `node`: the value, then a newline.
  public static func document(_ node: Node) -> [UInt8] {
    var writer = CanonicalWriter()
    writer.write(node, indent: 0, hasComma: false)
    writer.bytes.append(0x0A)
    return writer.bytes
  }

  /// The canonical file for a JSON value with every object's keys sorted.
  public static func document(_ value: JSONValue) -> [UInt8] {
    document(.value(value))
  }

  mutating func write(_ node: Node, indent: Int, hasComma: Bool) {
    switch node {
    case .value(.object(let members)):
      writeObject(known: [], extra: CanonicalWriter.sortedMembers(members), indent: indent)
    case .value(.array(let elements)):
      writeArray(elements.map(Node.value), indent: indent, hasComma: hasComma)
    case .array(let elements):
      writeArray(elements, indent: indent, hasComma: hasComma)
    case .value(.null): append("null")
    case .value(.bool(let flag)): append(flag ? "true" : "false")
    case .value(.number(let text)): append(text)
    case .value(.string(let text)): writeString(text)
    case .object(let known, let extra):
      let sortedExtra = CanonicalWriter.sortedMembers(extra.map { ($0.key, $0.value) })
        .filter { member in !known.contains { $0.key == member.key } }
      writeObject(known: known, extra: sortedExtra, indent: indent)
    }
    if hasComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func writeObject(
    known: [(key: String, value: Node)], extra: [(key: String, value: JSONValue)], indent: Int
  ) {
    let members = known + extra.map { ($0.key, Node.value($0.value)) }
    guard !members.isEmpty else { return append("{}") }
    bytes.append(UInt8(ascii: "{"))
    for (offset, member) in members.enumerated() {
      newLine(indent: indent + 1)
      writeString(member.key)
      append(": ")
      write(member.value, indent: indent + 1, hasComma: offset < members.count - 1)
    }
    newLine(indent: indent)
    bytes.append(UInt8(ascii: "}"))
  }

  private mutating func writeArray(_ elements: [Node], indent: Int, hasComma: Bool) {
    guard !elements.isEmpty else { return append("[]") }
    let start = bytes.count
    if elements.allSatisfy(\.isString) {
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { append(", ") }
        write(element, indent: indent, hasComma: false)
      }
      bytes.append(UInt8(ascii: "]"))
      let length = scalarCount(from: lineStart) + (hasComma ? 1 : 0)
      if length <= CanonicalWriter.maximumLineLength { return }
      bytes.removeSubrange(start...)
    }
    bytes.append(UInt8(ascii: "["))
    for (offset, element) in elements.enumerated() {
      newLine(indent: indent + 1)
      write(element, indent: indent + 1, hasComma: offset < elements.count - 1)
    }
    newLine(indent: indent)
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func newLine(indent: Int) {
    bytes.append(0x0A)
    lineStart = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  private mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: text.description.utf8)
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private func scalarCount(from start: Int) -> Int {
    // Every byte but a UTF-8 continuation byte starts a scalar.
    bytes[start...].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }

  /// Members with NFC keys sorted by Unicode scalar values, keeping the first of equal keys.
  static func sortedMembers(_ members: [(key: String, value: JSONValue)]) -> [(
    key: String, value: JSONValue
  )] {
    // UTF-8 byte order is Unicode scalar order; the sort is stable, so the first one stays.
    let sorted = members.map { (key: $0.key.nfc, value: $0.value) }
      .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    var result: [(key: String, value: JSONValue)] = []
    result.reserveCapacity(sorted.count)
    for member in sorted
    where result.last.map({ !$0.key.utf8.elementsEqual(member.key.utf8) }) ?? true {
      result.append(member)
    }
    return result
  }

}

extension CanonicalWriter.Node {
  fileprivate var isString: Bool {
    if case .value(.string) = self { return true }
    return false
  }
}
