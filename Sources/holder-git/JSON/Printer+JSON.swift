import HolderCore

extension Printer {
  /// Writes `node` to standard output as canonical JSON: the one way every `--json` is printed.
  static func json(_ node: CanonicalWriter.Node) {
    // The canonical document ends with a newline, and `out` adds one.
    data(String(decoding: CanonicalWriter.document(node).dropLast(), as: UTF8.self))
  }
}
