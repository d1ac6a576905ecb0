import Foundation
import HolderCoreTestSupport
import Testing

/// The JSON Schemas in `schema/`, checked by an independent validator (Python `jsonschema`).
@Suite struct SchemaFilesTests {
  static let bookmark = """
    {
      "id": "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90",
      "url": "https://github.com/swiftlang/swift",
      "title": "The Swift Programming Language",
      "note": "컴파일러 소스를 읽을 때",
      "tags": ["dev/swift", "reading"],
      "favorite": false,
      "created": "2026-11-21T09:14:03.120Z",
      "lastModified": "2026-11-21T09:14:03.120Z",
      "metadata": {
        "title": "GitHub - swiftlang/swift: The Swift Programming Language",
        "description": "The Swift Programming Language",
        "image": "https://opengraph.githubassets.com/x",
        "icon": "https://github.com/favicon.ico",
        "fetched": "2026-11-21T09:14:04.002Z",
        "siteName": "GitHub"
      },
      "myRating": 5
    }
    """

  static let minimalBookmark = """
    {"id": "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90", "url": "mailto:someone@example.org",
     "title": "", "tags": [], "favorite": true,
     "created": "2026-11-21T09:14:03.120Z", "lastModified": "2026-11-21T09:14:03.121Z"}
    """

  static let store = """
    {
      "formatVersion": 1,
      "tagOrder": ["reading", "dev/swift"],
      "tagRenames": [{"from": "ios", "to": "apple/ios", "at": "2026-11-21T09:14:03.120Z"}],
      "lastModified": "2026-11-21T09:14:03.120Z"
    }
    """

  /// Example documents: the schema, the text, whether it must validate, and why.
  static let examples: [(schema: String, document: String, valid: Bool, about: String)] = [
    ("bookmark", bookmark, true, "the DESIGN example with a user's own field"),
    ("bookmark", minimalBookmark, true, "only the required keys"),
    ("bookmark", edit(bookmark, "0f8c5a4e", "0F8C5A4E"), false, "an upper-case id"),
    ("bookmark", edit(bookmark, "\"favorite\": false,", ""), false, "no favorite"),
    ("bookmark", edit(bookmark, "03.120Z\",\n  \"last", "03Z\",\n  \"last"), false, "no ms"),
    (
      "bookmark", edit(bookmark, "03.120Z\",\n  \"last", "03.120+01:00\",\n  \"last"), false,
      "not UTC"
    ),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"dev/swift\"]"), false, "a repeated tag"),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"a//b\"]"), false, "an empty tag segment"),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"a/../b\"]"), false, "a '..' tag segment"),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"./b\"]"), false, "a '.' tag segment"),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"a\\tb\"]"), false, "a control character"),
    ("bookmark", edit(bookmark, "\"reading\"]", "\"서울/맛집\"]"), true, "a Korean tag path"),
    ("bookmark", edit(bookmark, "https://github", "HTTPS://github"), false, "an upper-case scheme"),
    (
      "bookmark", edit(bookmark, "\"fetched\": \"2026", "\"fetched\": \"26"), false, "a bad fetched"
    ),
    ("store", store, true, "a store with order and renames"),
    ("store", "{\"formatVersion\": 1}", true, "only the version"),
    ("store", "{\"formatVersion\": 0}", false, "version 0"),
    ("store", "{\"formatVersion\": 1.5}", false, "a fractional version"),
    ("store", "{\"tagOrder\": []}", false, "no version"),
    ("store", edit(store, "\"at\": ", "\"when\": "), false, "a rename without its time"),
    ("store", edit(store, "\"apple/ios\"", "\"apple/\""), false, "a rename to an empty segment"),
  ]

  @Test func theSchemasAreValidAndJudgeTheExamplesRight() throws {
    let verdicts = try SchemaValidator.verdicts(
      Self.examples.map { (schema: $0.schema, document: $0.document) })
    let output = verdicts.joined(separator: "\n")
    try #require(verdicts.count == Self.examples.count + 2, "python said: \(output)")
    #expect(verdicts[0] == "bookmark.schema.json: schema ok")
    #expect(verdicts[1] == "store.schema.json: schema ok")
    for (example, verdict) in zip(Self.examples, verdicts.dropFirst(2)) {
      #expect(
        verdict.hasPrefix(example.valid ? "valid" : "invalid"), "\(example.about): \(verdict)")
    }
  }

  private static func edit(_ text: String, _ old: String, _ new: String) -> String {
    precondition(text.contains(old), "example edit '\(old)' matches nothing")
    return text.replacingOccurrences(of: old, with: new)
  }
}
