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

  /// `bookmarks` with every tag spelled one way across them, as in a store, where tags that
  /// differ only in case are one tag (DESIGN §1): the first spelling in Unicode scalar order.
  ///
  /// Without this, one bookmark's `K` and another's `k` (short random segments meet often
  /// enough) were imported as one tag, and the round trip failed now and then.
  static func oneSpellingPerTag(_ bookmarks: [Bookmark]) -> [Bookmark] {
    var spelling: [String: String] = [:]
    for tag in Bookmark.canonicalTags(bookmarks.flatMap(\.tags)) {
      spelling[Bookmark.tagKey(tag)] = tag
    }
    return bookmarks.map { bookmark in
      var spelled = bookmark
      spelled.tags = bookmark.tags.map { spelling[Bookmark.tagKey($0)] ?? $0 }
      return spelled
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
