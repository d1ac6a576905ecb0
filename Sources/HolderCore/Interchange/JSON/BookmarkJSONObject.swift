/// The one documented JSON shape of a bookmark outside its file: `--json`, JSON and JSON Lines export.
///
/// The object is the bookmark file's own (see `BookmarkCodec`) with two keys
/// added after the known ones: `path`, the store-relative file path, and
/// `readableURL`, the URL decoded for reading. Keys order: `id`, `url`,
/// `title`, `note`, `tags`, `favorite`, `created`, `lastModified`, `metadata`,
/// `path`, `readableURL`, then the bookmark's unknown keys sorted. `path` and
/// `readableURL` are derived from the URL, so decoding ignores them; every
/// other key, unknown ones included, decodes back to the same `Bookmark`.
/// A bookmark file's own field named `path` or `readableURL` is not carried,
/// since the derived key takes the name.
public enum BookmarkJSONObject {
  /// The keys this shape adds to the file's, which decoding ignores.
  public static let derivedKeys = ["path", "readableURL"]

  /// The object of `bookmark` stored at `path`, as a node for `CanonicalWriter` or `CompactJSONWriter`.
  public static func node(for bookmark: Bookmark, path: String) -> CanonicalWriter.Node {
    guard case .object(let known, let extra) = BookmarkCodec.node(for: bookmark) else {
      return BookmarkCodec.node(for: bookmark)
    }
    let derived: [(key: String, value: CanonicalWriter.Node)] = [
      ("path", .value(.string(path))),
      ("readableURL", .value(.string(URLNormalizer.readable(bookmark.url)))),
    ]
    return .object(known: known + derived, extra: extra)
  }

  /// The object of `bookmark` at the path its URL gives (`BookmarkPath`).
  public static func node(for bookmark: Bookmark) -> CanonicalWriter.Node {
    node(for: bookmark, path: BookmarkPath.relativePath(forNormalizedURL: bookmark.url))
  }

  /// The canonical text of one object (with a final newline), as `show --json` prints it.
  public static func encode(_ bookmark: Bookmark, path: String) -> [UInt8] {
    CanonicalWriter.document(node(for: bookmark, path: path))
  }

  /// One object on one line (no final newline), as a JSON Lines export writes it.
  public static func encodeLine(_ bookmark: Bookmark, path: String) -> [UInt8] {
    CompactJSONWriter.line(node(for: bookmark, path: path))
  }

  /// Reads one object; `file` names the input in errors.
  public static func decodeObject(_ bytes: [UInt8], file: String) throws(CodecError) -> Bookmark {
    try JSONContent.decode(bytes, file: file, bookmark(from:))
  }

  /// Reads a JSON export: an array of objects, or one object (`show --json`).
  ///
  /// A syntax error makes the whole input unreadable and throws; a bad
  /// element gives its own failed entry (with its line and column) and never
  /// stops the others. `position` is the element's 1-based number.
  public static func decodeDocument(_ bytes: [UInt8], file: String) throws(CodecError)
    -> [DecodedBookmark]
  {
    let value = try JSONReader.read(bytes, file: file)
    guard case .array(let elements) = value else {
      let result: Result<Bookmark, CodecError>
      do {
        result = .success(try bookmark(from: value))
      } catch {
        result = .failure(error.located(in: bytes, file: file))
      }
      return [DecodedBookmark(position: 1, result: result)]
    }
    var entries: [DecodedBookmark] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        entries.append(
          DecodedBookmark(position: index + 1, result: .success(try bookmark(from: element))))
      } catch {
        let located = JSONContentError(path: [.index(index)] + error.path, message: error.message)
        entries.append(
          DecodedBookmark(
            position: index + 1, result: .failure(located.located(in: bytes, file: file))))
      }
    }
    return entries
  }

  /// Reads a JSON Lines export: one object per line; blank lines are skipped.
  ///
  /// Each line is read on its own, so a broken line (syntax or content) gives
  /// one failed entry whose error names the file's line, and never stops the
  /// others. `position` is the 1-based line number.
  public static func decodeLines(_ bytes: [UInt8], file: String) -> [DecodedBookmark] {
    var entries: [DecodedBookmark] = []
    var lineNumber = 0
    var start = JSONReader.byteOrderMarkLength(of: bytes)
    while start <= bytes.count {
      lineNumber += 1
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let line = Array(bytes[start..<end])
      start = end + 1
      guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
      do {
        entries.append(
          DecodedBookmark(
            position: lineNumber, result: .success(try decodeObject(line, file: file))))
      } catch {
        entries.append(
          DecodedBookmark(position: lineNumber, result: .failure(error.onLine(lineNumber))))
      }
    }
    return entries
  }

  static func bookmark(from value: JSONValue) throws(JSONContentError) -> Bookmark {
    guard case .object(let members) = value else { return try BookmarkCodec.bookmark(from: value) }
    return try BookmarkCodec.bookmark(
      from: .object(members.filter { !derivedKeys.contains($0.key) }))
  }
}

/// One bookmark read from an export, or why that entry could not be read.
public struct DecodedBookmark: Sendable {
  /// The entry's 1-based element number (JSON) or line number (JSON Lines).
  public var position: Int
  public var result: Result<Bookmark, CodecError>

  public init(position: Int, result: Result<Bookmark, CodecError>) {
    self.position = position
    self.result = result
  }
}

extension CodecError {
  /// The same error on line `line` of a file (it was found in that line read alone).
  fileprivate func onLine(_ line: Int) -> CodecError {
    switch self {
    case .syntax(let file, _, let column, let message):
      return .syntax(file: file, line: line, column: column, message: message)
    case .content(let file, _, let column, let message):
      return .content(file: file, line: line, column: column, message: message)
    }
  }
}
