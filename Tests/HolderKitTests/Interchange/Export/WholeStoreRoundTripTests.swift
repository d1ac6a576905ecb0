import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// Export a whole store, then import it into an empty one: every field of every bookmark comes
/// back (several bookmarks, several tags each, so Netscape repeats them across folders), and
/// importing the same file again changes nothing.
@Suite struct WholeStoreRoundTripTests {
  /// Up to 10 random bookmarks as a store holds them: normalised, distinct URLs.
  static var stores: Generator<[Bookmark], Shrink.None<[Bookmark]>> {
    Generator(
      run: { rng in
        var seen: Set<String> = []
        let bookmarks = (0..<Int.random(in: 1...10, using: &rng)).map { index in
          var bookmark = RandomValues.bookmark(&rng)
          bookmark.url =
            (try? URLNormalizer.normalize(bookmark.url + "/\(index)"))
            ?? "https://example.org/\(index)"
          bookmark.extra = bookmark.extra.filter {
            !BookmarkJSONObject.derivedKeys.contains($0.key)
          }
          return bookmark
        }.filter { seen.insert($0.url).inserted }
        return oneSpellingPerTag(bookmarks)
      }, shrink: { _ in Shrink.None() })
  }

  /// `bookmarks` with every tag, and every folder above a tag, spelled one way across them, as
  /// in a store, where names that differ only in case are one (DESIGN §1): the first spelling
  /// in Unicode scalar order.
  ///
  /// Without this, one bookmark's `K` and another's `k` (short random segments meet often
  /// enough) were imported as one tag, and the round trip failed now and then; so did `Y/a`
  /// beside `y/b`, whose folders `Y` and `y` are one.
  static func oneSpellingPerTag(_ bookmarks: [Bookmark]) -> [Bookmark] {
    // The key of a tag's first n segments → the spelling of its n-th segment.
    var spelling: [String: String] = [:]
    for tag in Bookmark.canonicalTags(bookmarks.flatMap(\.tags)) {
      for (segment, key) in segmentsWithKeys(tag) where spelling[key] == nil {
        spelling[key] = segment
      }
    }
    return bookmarks.map { bookmark in
      var spelled = bookmark
      spelled.tags = bookmark.tags.map { tag in
        segmentsWithKeys(tag).map { spelling[$0.key] ?? $0.segment }.joined(separator: "/")
      }
      return spelled
    }
  }

  /// Each segment of `tag` with the key of the path that ends in it.
  ///
  /// `A/b` → (`A`, key of `A`), (`b`, key of `A/b`). Split by scalars, as the store does: a
  /// `/` followed by a combining mark is one Character, and split by Characters `P/ͩ` was one
  /// segment (CI failed on a bookmark tagged `p` beside another tagged `P/ͩ'`).
  private static func segmentsWithKeys(_ tag: String) -> [(segment: String, key: String)] {
    let segments = tag.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    return segments.indices.map { index in
      (segments[index], Bookmark.tagKey(segments[...index].joined(separator: "/")))
    }
  }

  @Test(arguments: [ExportFormat.netscape, .json, .jsonl])
  func everyFieldOfEveryBookmarkComesBack(format: ExportFormat) async {
    await roundTrip(format)
  }

  /// The seed that failed `everyFieldOfEveryBookmarkComesBack(format: .json)` (one bookmark
  /// tagged `V`, another `v`) before the generator spelled each tag one way.
  @Test func aStoreWhoseTagsOnceDifferedInCaseComesBack() throws {
    var rng = try #require(Xoshiro(seed: "t4v55GnHIKrpfy13a0wyL0GljblcaBAd44ys04wcvrk="))
    try Self.roundTrip(.json, Self.stores.run(using: &rng))
  }

  /// What failed `everyFieldOfEveryBookmarkComesBack(format: .json)` in CI before the
  /// generator spelled folders one way: `Y/孔` on one bookmark, `y/Üブ/tag` on another.
  @Test func foldersThatOnceDifferedInCaseComeBack() throws {
    var rng: RandomSource = try #require(
      Xoshiro(seed: "t4v55GnHIKrpfy13a0wyL0GljblcaBAd44ys04wcvrk="))
    let bookmarks = [["Y/孔"], ["y/Üブ/tag", "y"]].enumerated().map { index, tags in
      var bookmark = RandomValues.bookmark(&rng)
      bookmark.url = "https://example.org/\(index)"
      bookmark.extra = [:]
      bookmark.tags = tags
      return bookmark
    }
    let spelled = Self.oneSpellingPerTag(bookmarks)
    #expect(spelled.map { $0.tags } == [["Y/孔"], ["Y", "Y/Üブ/tag"]])
    try Self.roundTrip(.json, spelled)
  }

  /// What failed `everyFieldOfEveryBookmarkComesBack(format: .jsonl)` in CI before the
  /// generator split tags by scalars: one bookmark tagged `p`, another `P/ͩ'‍/📿`.
  @Test func aFolderWhoseNameBeginsWithACombiningMarkComesBack() throws {
    var rng = try #require(Xoshiro(seed: "FZFvji4w8Tb7S6/dxBI7jz0Sbqj0D9LflrdVZoooH6U="))
    try Self.roundTrip(.jsonl, Self.stores.run(using: &rng))
  }

  private func roundTrip(_ format: ExportFormat) async {
    await propertyCheck(count: 15, input: Self.stores) { bookmarks in
      try Self.roundTrip(format, bookmarks)
    }
  }

  private static func roundTrip(_ format: ExportFormat, _ bookmarks: [Bookmark]) throws {
    let fixture = try StoreFixture()
    let bytes = BookmarkExporter(format: format).bytes(bookmarks.map(ExportEntry.init))
    let report = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(report.added == bookmarks.count, "\(format): \(report.skipped)")
    let stored = fixture.store.snapshot().bookmarks.map(\.bookmark)
    #expect(Set(stored) == Set(bookmarks))
    // Once more changes nothing.
    let again = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(again.added == 0 && again.merged == 0)
  }
}
