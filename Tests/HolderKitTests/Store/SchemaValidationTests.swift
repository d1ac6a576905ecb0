import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// Every file holder-git writes validates against `schema/`, checked by an independent
/// validator (Python's `jsonschema`).
@Suite struct SchemaValidationTests {
  @Test func filesTheStoreWritesValidate() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://ko.wikipedia.org/wiki/서울", tags: ["여행", "places/asia"], note: "메모")
    try fixture.add("mailto:someone@example.org", title: "Mail\u{1B}[2J", tags: ["a/b/c"])
    _ = try fixture.store.add(AddRequest(url: "javascript:void(0)", allowScript: true))
    var documents: [(schema: String, document: String)] = [
      ("store", try fixture.read(".holder/store.json"))
    ]
    for located in fixture.store.list().bookmarks {
      documents.append(("bookmark", try fixture.read(located.path)))
    }
    try expectAllValid(documents)
  }

  @Test func generatedBookmarksEncodeToValidFiles() throws {
    var rng: RandomSource = Xoshiro(seed: (1, 2, 3, 4))
    let documents = (0..<200).map { _ in
      var bookmark = RandomValues.bookmark(&rng)
      // The schema describes stored files, whose URLs are normalised.
      bookmark.url = (try? URLNormalizer.normalize(bookmark.url)) ?? "https://example.org/"
      return (
        schema: "bookmark",
        document: String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self)
      )
    }
    try expectAllValid(documents)
  }

  @Test func theExampleStoreValidates() throws {
    let store = SchemaValidator.schemaDirectory.deletingLastPathComponent()
      .appendingPathComponent("examples/store")
    var documents: [(schema: String, document: String)] = [
      (
        "store",
        try String(contentsOf: store.appendingPathComponent(".holder/store.json"), encoding: .utf8)
      )
    ]
    let files = FileManager.default.enumerator(
      atPath: store.appendingPathComponent("bookmarks").path)
    while let file = files?.nextObject() as? String {
      guard file.hasSuffix(".json") else { continue }
      let url = store.appendingPathComponent("bookmarks").appendingPathComponent(file)
      documents.append(("bookmark", try String(contentsOf: url, encoding: .utf8)))
    }
    #expect(documents.count >= 16)
    try expectAllValid(documents)
  }

  private func expectAllValid(_ documents: [(schema: String, document: String)]) throws {
    let verdicts = try SchemaValidator.verdicts(documents)
    try #require(verdicts.count == documents.count + 2, "\(verdicts)")
    for (document, verdict) in zip(documents, verdicts.dropFirst(2)) {
      #expect(verdict == "valid", "\(document.document)")
    }
  }
}
