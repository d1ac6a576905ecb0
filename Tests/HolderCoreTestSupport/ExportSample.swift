import HolderCore

/// A small store for the export golden files: every field, nested and several tags, a
/// favourite, a multi-line note, markup in a title, unknown fields and a bookmarklet.
public enum ExportSample {
  static func time(_ text: String) -> Timestamp {
    Timestamp(rfc3339: text) ?? Timestamp(millisecondsSince1970: 0)
  }

  static func id(_ last: Int) -> BookmarkID {
    guard let id = BookmarkID("00000000-0000-4000-8000-00000000000\(last)") else {
      preconditionFailure("a UUID")
    }
    return id
  }

  /// The sample store, in no particular order (the exporter sorts).
  public static let bookmarks: [Bookmark] = [
    Bookmark(
      id: id(1), url: "https://github.com/swiftlang/swift",
      title: "The Swift Programming Language", note: "컴파일러 소스를 읽을 때",
      tags: ["dev/swift", "reading"], created: time("2026-11-21T09:14:03.120Z"),
      lastModified: time("2026-11-21T09:14:03.120Z"),
      metadata: PageMetadata(
        title: "GitHub - swiftlang/swift: The Swift Programming Language",
        description: "The Swift Programming Language", image: "https://github.com/og.png",
        icon: "https://github.com/favicon.ico", fetched: time("2026-11-21T09:14:04.002Z"))),
    Bookmark(
      id: id(2), url: "https://ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8",
      title: "서울 - 위키백과", note: "첫 줄\n둘째 줄", tags: ["places/asia", "여행"],
      favorite: true, created: time("2026-11-22T10:00:00.001Z"),
      lastModified: time("2026-11-22T11:30:00.999Z")),
    Bookmark(
      id: id(3), url: "https://example.org/search?q=a&b=%22c%22",
      title: "<b>Tags & \"quotes\"</b> * not _emphasis_", tags: [],
      created: time("2026-11-22T12:00:00.000Z"), lastModified: time("2026-11-22T12:00:00.000Z"),
      extra: ["myField": .number("1.50"), "nested": .object([("b", .bool(true)), ("a", .null)])]),
    Bookmark(
      id: id(4), url: "javascript:void(document.title)", title: "Show the title",
      tags: ["tools/bookmarklets", "dev"], created: time("1969-12-31T23:59:59.500Z"),
      lastModified: time("2026-11-22T12:00:00.000Z")),
  ]

  /// The bookmarks as the exporter takes them.
  public static var entries: [ExportEntry] { bookmarks.map(ExportEntry.init) }
}
