// One element of a top-level JSON array, so a JSON export is written element by element.

extension CanonicalWriter {
  /// One element of a top-level array, as `document(.array(…))` writes it: indented, its
  /// comma when `hasComma`, then a newline.
  ///
  /// `"[\n"`, the elements, then `"]\n"` are byte for byte the whole document,
  /// so a large array can be written element by element.
  public static func arrayElement(_ node: Node, hasComma: Bool) -> [UInt8] {
    var writer = CanonicalWriter()
    writer.bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
    writer.write(node, indent: 1, hasComma: hasComma)
    writer.bytes.append(0x0A)
    return writer.bytes
  }
}
