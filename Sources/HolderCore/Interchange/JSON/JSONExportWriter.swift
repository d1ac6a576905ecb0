/// Writes the JSON export (an array, the same text as `list --json`) and the JSON Lines one.
enum JSONExportWriter {
  static func write(_ entries: [ExportEntry], to output: inout ExportOutput) throws {
    guard !entries.isEmpty else { return output.append("[]\n") }
    output.append("[\n")
    for (offset, entry) in entries.enumerated() {
      output.append(
        CanonicalWriter.arrayElement(
          BookmarkJSONObject.node(for: entry.bookmark, path: entry.path),
          hasComma: offset < entries.count - 1))
      try output.entryWritten()
    }
    output.append("]\n")
  }

  static func writeLines(_ entries: [ExportEntry], to output: inout ExportOutput) throws {
    for entry in entries {
      output.append(BookmarkJSONObject.encodeLine(entry.bookmark, path: entry.path))
      output.append([0x0A])
      try output.entryWritten()
    }
  }
}
