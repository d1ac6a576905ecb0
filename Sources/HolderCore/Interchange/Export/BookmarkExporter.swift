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
  /// bookmark placements (one per tag folder) for Netscape, XBEL and Markdown.
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
    // One output per export; its total counts what the format writes.
    func export(total: Int, _ writeAll: (inout ExportOutput) throws -> Void) throws {
      var output = ExportOutput(
        chunkSize: chunkSize, total: total, sink: sink, progress: progress)
      try writeAll(&output)
      try output.flush()
    }
    switch format {
    case .json:
      try export(total: sorted.count) { try JSONExportWriter.write(sorted, to: &$0) }
    case .jsonl:
      try export(total: sorted.count) { try JSONExportWriter.writeLines(sorted, to: &$0) }
    case .netscape:
      let tree = TagFolder(sorted)
      try export(total: tree.placements) { try NetscapeWriter.write(tree, to: &$0) }
    case .xbel:
      let tree = TagFolder(sorted)
      try export(total: tree.placements) { try XBELWriter.write(tree, to: &$0) }
    case .markdown:
      let tree = TagFolder(sorted)
      try export(total: tree.placements) {
        try MarkdownWriter.write(tree, count: sorted.count, to: &$0)
      }
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
