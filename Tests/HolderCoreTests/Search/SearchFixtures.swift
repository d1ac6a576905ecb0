import Foundation
import HolderCore

/// Bookmarks in English, Korean, Japanese and accented text for the search tests.
enum SearchFixtures {
  static func bookmark(
    _ number: Int, url: String, title: String, note: String = "", tags: [String] = [],
    favorite: Bool = false, description: String? = nil, created: Int64 = 0,
    modified: Int64? = nil
  ) -> Bookmark {
    let hex = String(number, radix: 16)
    let id = "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    return Bookmark(
      id: BookmarkID(id) ?? BookmarkID(uuid: UUID()), url: url, title: title, note: note,
      tags: tags, favorite: favorite,
      created: Timestamp(millisecondsSince1970: created * 86_400_000),
      lastModified: Timestamp(millisecondsSince1970: (modified ?? created) * 86_400_000),
      metadata: description.map { PageMetadata(description: $0) })
  }

  static func entries(_ bookmarks: [Bookmark]) -> [SearchEntry] {
    var folder = TextFolder()
    return bookmarks.map { SearchEntry(bookmark: $0, folder: &folder) }
  }

  /// The titles of the bookmarks `text` finds, best first.
  static func titles(
    _ text: String, in bookmarks: [Bookmark], sort: SearchSort = .relevance
  ) throws -> [String] {
    let query = try QueryParser.parse(text)
    let entries = entries(bookmarks)
    let hits = Ranking.sorted(Matcher.search(query, in: entries), entries: entries, by: sort)
    return hits.map { bookmarks[$0.index].title }
  }
}
