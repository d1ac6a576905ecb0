/// Writes a `CanonicalWriter.Node` on one line: the canonical form without whitespace.
///
/// Strings, escapes, key order and duplicate-key rules are the canonical
/// writer's; only the layout differs (no newline, no indentation, `:` and `,`
/// without spaces), so a JSON Lines file has exactly one value per line.
public enum CompactJSONWriter {
  /// The node's text on one line, without a final newline.
  public static func line(_ node: CanonicalWriter.Node) -> [UInt8] {
    var writer = CanonicalWriter()
    write(node, into: &writer)
    return writer.bytes
  }

  private static func write(_ node: CanonicalWriter.Node, into writer: inout CanonicalWriter) {
    switch node {
    case .value(.object(let members)):
      writeMembers(
        CanonicalWriter.sortedMembers(members).map { ($0.key, .value($0.value)) }, into: &writer)
    case .value(.array(let elements)):
      writeElements(elements.map(CanonicalWriter.Node.value), into: &writer)
    case .array(let elements):
      writeElements(elements, into: &writer)
    case .value(.null): writer.bytes.append(contentsOf: "null".utf8)
    case .value(.bool(let flag)): writer.bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .value(.number(let text)): writer.bytes.append(contentsOf: text.utf8)
    case .value(.string(let text)): writer.writeString(text)
    case .object(let known, let extra):
      let sortedExtra = CanonicalWriter.sortedMembers(extra.map { ($0.key, $0.value) })
        .filter { member in !known.contains { $0.key == member.key } }
      writeMembers(known + sortedExtra.map { ($0.key, .value($0.value)) }, into: &writer)
    }
  }

  private static func writeMembers(
    _ members: [(key: String, value: CanonicalWriter.Node)], into writer: inout CanonicalWriter
  ) {
    writer.bytes.append(UInt8(ascii: "{"))
    for (offset, member) in members.enumerated() {
      if offset > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      writer.writeString(member.key)
      writer.bytes.append(UInt8(ascii: ":"))
      write(member.value, into: &writer)
    }
    writer.bytes.append(UInt8(ascii: "}"))
  }

  private static func writeElements(
    _ elements: [CanonicalWriter.Node], into writer: inout CanonicalWriter
  ) {
    writer.bytes.append(UInt8(ascii: "["))
    for (offset, element) in elements.enumerated() {
      if offset > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      write(element, into: &writer)
    }
    writer.bytes.append(UInt8(ascii: "]"))
  }
}
