import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The law of the index image: whatever the bookmarks (tags nested or shared, favourites,
/// hosts, words in three scripts), a search, a tag listing and an id prefix answer exactly as
/// a scan of every file would — from the image just built, from the file read back, and
/// after some files are edited, removed and added by hand.
@Suite struct IndexImageLawTests {
  struct Scenario: CustomStringConvertible {
    var bookmarks: [Bookmark]
    /// Bookmarks (by number) edited, removed and added after the first round.
    var edited: [Int]
    var removed: [Int]
    var added: [Bookmark]
    var queries: [String]
    var tags: [String]

    var description: String {
      "\(bookmarks.count) bookmarks, edited \(edited), removed \(removed), added \(added.count), "
        + "queries \(queries), tags \(tags)"
    }
  }

  static let words = ["swift", "서울", "東京", "git", "café", "tower", "스위프트", "notes"]
  static let tagPool = ["dev", "dev/swift", "dev/git", "Dev-ops", "travel", "travel/asia", "読む"]
  static let hosts = ["example.org", "docs.example.org", "www.git-scm.com", "tokyo.jp"]

  static func bookmark(_ number: Int, _ rng: inout some RandomNumberGenerator) -> Bookmark {
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
    let hex = Array("0123456789abcdef")
    let head = String((0..<8).map { _ in pick(["a", "b"]) as Character })
    let tail = String((0..<12).map { _ in hex[Int.random(in: 0..<16, using: &rng)] })
    let time = Timestamp(millisecondsSince1970: Int64.random(in: 1...5, using: &rng) * 1_000)
    return Bookmark(
      id: BookmarkID(head + "-0000-4000-8000-" + tail) ?? BookmarkID(uuid: UUID()),
      url: "https://\(pick(hosts))/\(number)",
      title: (0..<Int.random(in: 1...3, using: &rng)).map { _ in pick(words) }.joined(
        separator: " "),
      note: Bool.random(using: &rng) ? pick(words) : "",
      tags: Array(Set((0..<Int.random(in: 0...3, using: &rng)).map { _ in pick(tagPool) }))
        .sorted(),
      favorite: Bool.random(using: &rng), created: time, lastModified: time)
  }

  static var scenario: Generator<Scenario, Shrink.None<Scenario>> {
    Generator(
      run: { rng in
        let count = Int.random(in: 0...24, using: &rng)
        let bookmarks = (0..<count).map { bookmark($0, &rng) }
        let queries = (0..<5).map { _ -> String in
          var parts: [String] = []
          if Bool.random(using: &rng) { parts.append(words[Int.random(in: 0..<8, using: &rng)]) }
          // A second word, a part of one (the longest term narrows the search), an exclusion.
          if Bool.random(using: &rng) {
            parts.append(String(words[Int.random(in: 0..<8, using: &rng)].prefix(3)))
          }
          if Bool.random(using: &rng) {
            parts.append("-" + words[Int.random(in: 0..<8, using: &rng)])
          }
          if Bool.random(using: &rng) {
            parts.append("tag:" + tagPool[Int.random(in: 0..<tagPool.count, using: &rng)])
          }
          if Bool.random(using: &rng) { parts.append("-tag:dev") }
          if Bool.random(using: &rng) { parts.append("site:example.org") }
          if Bool.random(using: &rng) { parts.append("fav:yes") }
          return parts.joined(separator: " ")
        }
        return Scenario(
          bookmarks: bookmarks,
          edited: count == 0 ? [] : [Int.random(in: 0..<count, using: &rng)],
          removed: count < 2 ? [] : [Int.random(in: 0..<count, using: &rng)],
          added: (0..<Int.random(in: 0...3, using: &rng)).map { bookmark(100 + $0, &rng) },
          queries: queries,
          tags: (0..<3).map { _ in
            ["dev", "travel", "dev/swift", "/dev/", "nothing"][Int.random(in: 0..<5, using: &rng)]
          })
      }, shrink: { _ in Shrink.None() })
  }

  /// Every answer, as the index gives it.
  static func answers(_ index: BookmarkIndex, _ scenario: Scenario) throws -> [String] {
    var answers: [String] = []
    for query in scenario.queries {
      let parsed = try QueryParser.parse(query)
      answers.append("search \(query): " + index.search(parsed).map(\.path).description)
    }
    for tag in scenario.tags {
      answers.append("tag \(tag): " + index.list(ListFilter(tag: tag)).map(\.path).description)
      answers.append(
        "fav tag \(tag): "
          + index.list(ListFilter(tag: tag, favoritesOnly: true)).map(\.path).description)
    }
    for prefix in ["a", "ab", "ba", "b"] {
      answers.append(
        "id \(prefix): " + index.bookmarks(withIDPrefix: prefix).map(\.path).description)
    }
    for tag in scenario.tags {
      answers.append("has tag \(tag): \(index.hasBookmarks(taggedUnder: tag))")
    }
    for bookmark in scenario.bookmarks + scenario.added {
      answers.append("holds \(bookmark.id): \(index.holds(bookmark.id))")
    }
    answers.append("all: " + index.bookmarks.map(\.bookmark.title).description)
    return answers
  }

  /// The same answers from a scan of every file.
  static func expected(_ store: Store, _ scenario: Scenario) throws -> [String] {
    let located = store.snapshot().bookmarks.sorted {
      $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
    }
    var folder = TextFolder()
    let entries = located.map { SearchEntry(bookmark: $0.bookmark, folder: &folder) }
    var answers: [String] = []
    for query in scenario.queries {
      let parsed = try QueryParser.parse(query)
      let hits = Ranking.sorted(
        Matcher.search(parsed, in: entries), entries: entries, by: .relevance)
      answers.append("search \(query): " + hits.map { located[$0.index].path }.description)
    }
    func newestFirst(_ chosen: [Int]) -> [String] {
      chosen.sorted {
        entries[$0].lastModified != entries[$1].lastModified
          ? entries[$0].lastModified > entries[$1].lastModified : $0 < $1
      }.map { located[$0].path }
    }
    for tag in scenario.tags {
      let filter = SearchFilter.tag(tag)
      let tagged = entries.indices.filter { Matcher.passes(filter, entries[$0]) }
      answers.append("tag \(tag): " + newestFirst(tagged).description)
      answers.append(
        "fav tag \(tag): " + newestFirst(tagged.filter { entries[$0].favorite }).description)
    }
    for prefix in ["a", "ab", "ba", "b"] {
      answers.append(
        "id \(prefix): "
          + located.filter { $0.bookmark.id.rawValue.hasPrefix(prefix) }.map(\.path).description)
    }
    for tag in scenario.tags {
      let tagged = entries.contains { Matcher.passes(SearchFilter.tag(tag), $0) }
      answers.append("has tag \(tag): \(tagged)")
    }
    for bookmark in scenario.bookmarks + scenario.added {
      answers.append("holds \(bookmark.id): \(located.contains { $0.bookmark.id == bookmark.id })")
    }
    answers.append("all: " + located.map(\.bookmark.title).description)
    return answers
  }

  static func write(_ bookmark: Bookmark, in fixture: StoreFixture) throws -> String {
    let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
    try fixture.write(String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self), to: path)
    return path
  }

  @Test func theIndexAnswersAsAScanOfEveryFileWould() async {
    await propertyCheck(count: 30, input: Self.scenario) { scenario in
      let fixture = try StoreFixture(checksInvariants: false)
      var paths: [String] = []
      for bookmark in scenario.bookmarks { paths.append(try Self.write(bookmark, in: fixture)) }
      // Files older than a clock tick, so the saved stamps are trusted.
      try fixture.backdateBookmarkFiles()
      let expected = try Self.expected(fixture.store, scenario)
      // Built from the files, then read back from the saved file.
      #expect(try Self.answers(fixture.store.bookmarkIndex(), scenario) == expected)
      let reopened = try Store.open(at: fixture.root)
      let fromFile = reopened.bookmarkIndex()
      #expect(!fromFile.refresh.rebuilt && fromFile.refresh.filesRead == 0)
      #expect(try Self.answers(fromFile, scenario) == expected)
      // Hand edits, removals and additions since.
      for number in scenario.edited {
        var changed = scenario.bookmarks[number]
        changed.title = "edited " + changed.title
        changed.tags = ["travel/asia"]
        changed.favorite.toggle()
        _ = try Self.write(changed, in: fixture)
      }
      for number in scenario.removed {
        try? FileManager.default.removeItem(atPath: fixture.root + "/" + paths[number])
      }
      for bookmark in scenario.added { _ = try Self.write(bookmark, in: fixture) }
      let after = try Self.expected(fixture.store, scenario)
      #expect(try Self.answers(try Store.open(at: fixture.root).bookmarkIndex(), scenario) == after)
      #expect(try Self.answers(try Store.open(at: fixture.root).bookmarkIndex(), scenario) == after)
    }
  }
}
