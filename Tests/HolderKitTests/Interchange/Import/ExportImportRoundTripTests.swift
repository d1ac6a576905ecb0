import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

@Suite struct ExportImportRoundTripTests {
  /// Export → import into an empty store gives back every field of every bookmark, in each
  /// of the formats that carry every field (Netscape with holder-git's attributes, JSON,
  /// JSON Lines).
  @Test func everyFieldSurvivesExportAndImport() async {
    await propertyCheck(count: 25, input: Gen.bookmark) { generated in
      var bookmark = generated
      guard let url = try? URLNormalizer.normalize(bookmark.url) else { return }
      bookmark.url = url
      for format in [ExportFormat.netscape, .json, .jsonl] {
        let fixture = try StoreFixture()
        let bytes = BookmarkExporter(format: format).bytes([ExportEntry(bookmark)])
        let report = try fixture.store.importBookmarks(bytes, options: ImportOptions())
        #expect(report.added == 1, "\(format): \(report.skipped)")
        #expect(fixture.store.snapshot().bookmarks.map(\.bookmark) == [bookmark], "\(format)")
      }
    }
  }
}
