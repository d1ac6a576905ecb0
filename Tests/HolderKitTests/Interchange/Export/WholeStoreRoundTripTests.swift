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
        return (0..<Int.random(in: 1...10, using: &rng)).map { index in
          var bookmark = RandomValues.bookmark(&rng)
          bookmark.url =
            (try? URLNormalizer.normalize(bookmark.url + "/\(index)"))
            ?? "https://example.org/\(index)"
          bookmark.extra = bookmark.extra.filter {
            !BookmarkJSONObject.derivedKeys.contains($0.key)
          }
          return bookmark
        }.filter { seen.insert($0.url).inserted }
      }, shrink: { _ in Shrink.None() })
  }

  @Test(arguments: [ExportFormat.netscape, .json, .jsonl])
  func everyFieldOfEveryBookmarkComesBack(format: ExportFormat) async {
    await propertyCheck(count: 15, input: Self.stores) { bookmarks in
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
}
