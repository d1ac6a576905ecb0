/// Writes bookmarks in one of the export formats, piece by piece, without I/O of its own.
///
/// Every format lists the bookmarks oldest first, then by URL, so a later export mostly
/// adds to the end and two exports of the same store are the same bytes.
public struct BookmarkExporter: Sendable {
  public var format: ExportFormat
  /// About how many bytes are handed to the sink at a time.
  public var chunkSize: Int

  public init(format: ExportFormat, chunkSize: Int = 1 << 16) {
    self.format = format
    self.chunkSize = chunkSize
  }

  /// Writes `entries` to `sink` in pieces; `progress(done, total)` is called after each piece.
  ///
  /// `total` counts what the format writes: bookmarks for JSON and JSON Lines,
  /// bookmark placements (one per tag folder) for Netscape and Markdown.
  public func write(
    _ entries: [ExportEntry], to sink: @escaping ([UInt8]) throws -> Void,
    progress: @escaping (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws {
    // Indices are sorted, not the entries: moving large values costs more than comparing.
    let keys = entries.map { (created: $0.bookmark.created, url: $0.bookmark.url) }
    let order = keys.indices.sorted { lhs, rhs in
      if keys[lhs].created != keys[rhs].created { return keys[lhs].created < keys[rhs].created }
      return keys[lhs].url.utf8.lexicographicallyPrecedes(keys[rhs].url.utf8)
    }
    let sorted = order.map { entries[$0] }
    switch format {
    case .json:
      var output = ExportOutput(
        chunkSize: chunkSize, total: sorted.count, sink: sink, progress: progress)
      try JSONExportWriter.write(sorted, to: &output)
      try output.flush()
    case .jsonl:
      var output = ExportOutput(
        chunkSize: chunkSize, total: sorted.count, sink: sink, progress: progress)
      try JSONExportWriter.writeLines(sorted, to: &output)
      try output.flush()
    case .netscape:
      let tree = TagFolder(sorted)
      var output = ExportOutput(
        chunkSize: chunkSize, total: tree.placements, sink: sink, progress: progress)
      try NetscapeWriter.write(tree, to: &output)
      try output.flush()
    case .markdown:
      let tree = TagFolder(sorted)
      var output = ExportOutput(
        chunkSize: chunkSize, total: tree.placements, sink: sink, progress: progress)
      try MarkdownWriter.write(tree, count: sorted.count, to: &output)
      try output.flush()
    }
  }

  /// The whole export in memory, for small stores and tests.
  public func bytes(_ entries: [ExportEntry]) -> [UInt8] {
    let collected = Collected()
    // The sink below never throws, so neither does `write`.
    try? write(entries, to: { collected.bytes += $0 })
    return collected.bytes
  }
}

private final class Collected: @unchecked Sendable {
  var bytes: [UInt8] = []
}

/// JSON (an array, the same text as `list --json`) and JSON Lines.
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
