import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct BookmarkCodecTests {
  private static let goldenFiles = [
    "bookmark-full.json", "bookmark-minimal.json", "bookmark-unknown-fields.json",
    "bookmark-long-tags.json", "bookmark-control-characters.json",
  ]

  private func decode(_ text: String) throws(CodecError) -> Bookmark {
    try BookmarkCodec.decode(Array(text.utf8), file: "b.json")
  }

  private func time(_ text: String) -> Timestamp {
    Timestamp(rfc3339: text) ?? Timestamp(millisecondsSince1970: .min)
  }

  @Test(arguments: goldenFiles)
  func rewritesEveryGoldenFileByteForByte(name: String) throws {
    let bytes = try Fixtures.bytes("codec/" + name)
    let bookmark = try BookmarkCodec.decode(bytes, file: name)
    #expect(
      String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self)
        == String(decoding: bytes, as: UTF8.self))
    #expect(BookmarkCodec.isCanonical(bytes))
  }

  @Test func readsTheDesignExample() throws {
    let bookmark = try BookmarkCodec.decode(
      try Fixtures.bytes("codec/bookmark-full.json"), file: "full.json")
    #expect(bookmark.id.rawValue == "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90")
    #expect(bookmark.url == "https://github.com/swiftlang/swift")
    #expect(bookmark.note == "컴파일러 소스를 읽을 때")
    #expect(bookmark.tags == ["dev/swift", "reading"])
    #expect(bookmark.created == Timestamp(millisecondsSince1970: 1_795_252_443_120))
    #expect(bookmark.metadata?.title == "GitHub - swiftlang/swift: The Swift Programming Language")
    #expect(bookmark.metadata?.fetched == Timestamp(millisecondsSince1970: 1_795_252_444_002))
    #expect(bookmark.extra.isEmpty)
  }

  @Test func keepsUnknownKeysAtEveryLevel() throws {
    let bookmark = try BookmarkCodec.decode(
      try Fixtures.bytes("codec/bookmark-unknown-fields.json"), file: "u.json")
    #expect(bookmark.extra["rating"] == .number("4.50"))
    #expect(bookmark.extra["한글"] == .string("값"))
    #expect(bookmark.extra["Zebra"] == .null)
    #expect(bookmark.metadata?.extra["lang"] == .string("ja"))
    #expect(bookmark.metadata?.title == nil)
  }

  @Test func writesAHandEditedFileInCanonicalForm() throws {
    let handWritten = """
      {"title":"Caf\\u00e9","tags":["b","a","B"],"id":"0F8C5A4E-2B7D-4C1E-9A53-6D2F1E8B7C90",
       "created":"2026-11-21T18:14:03.12+09:00","note":"","favorite":true,"zz":1,"aa":[],
       "lastModified":"2026-11-21t09:14:03.1209999z","url":"https://example.org/","metadata":{}}
      """
    let bookmark = try decode(handWritten)
    #expect(!BookmarkCodec.isCanonical(Array(handWritten.utf8)))
    #expect(
      String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self) == """
        {
          "id": "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90",
          "url": "https://example.org/",
          "title": "Café",
          "tags": ["B", "a"],
          "favorite": true,
          "created": "2026-11-21T09:14:03.120Z",
          "lastModified": "2026-11-21T09:14:03.120Z",
          "aa": [],
          "zz": 1
        }

        """)
  }

  @Test func leavesOutAnEmptyNoteAndEmptyOrMissingMetadata() throws {
    var bookmark = try BookmarkCodec.decode(
      try Fixtures.bytes("codec/bookmark-minimal.json"), file: "m.json")
    #expect(bookmark.note == "")
    #expect(bookmark.metadata == nil)
    bookmark.metadata = PageMetadata()
    let text = String(decoding: BookmarkCodec.encode(bookmark), as: UTF8.self)
    #expect(!text.contains("metadata"))
    #expect(!text.contains("note"))
  }

  @Test func neverWritesAnExtraKeyThatShadowsAKnownOne() throws {
    var bookmark = try BookmarkCodec.decode(
      try Fixtures.bytes("codec/bookmark-minimal.json"), file: "m.json")
    bookmark.extra = ["note": .string("shadow"), "title": .number("1"), "mine": .bool(true)]
    let decoded = try BookmarkCodec.decode(BookmarkCodec.encode(bookmark), file: "m.json")
    #expect(decoded.note == "")
    #expect(decoded.title == "")
    #expect(decoded.extra == ["mine": .bool(true)])
  }

  @Test(arguments: [
    ("duplicate-key.json", 5, 3, "duplicate key \"title\""),
    ("missing-comma.json", 5, 3, "expected ',' or '}' after an object member"),
    ("trailing-comma.json", 7, 1, "expected a string key"),
    (
      "unterminated-string.json", 4, 23,
      "line break in string; close the string or write the line break as \\n"
    ),
    (
      "lone-surrogate.json", 4, 13,
      "lone surrogate '\\ud83d' in string; surrogates must come in pairs"
    ),
    ("trailing-content.json", 10, 1, "trailing content after the JSON value"),
    ("column-in-scalars.json", 1, 22, "expected a string key"),
    (
      "invalid-escape.json", 5, 16,
      "invalid escape '\\x' in string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u"
    ),
  ])
  func reportsBrokenJSONWithItsLineAndColumn(
    name: String, line: Int, column: Int, message: String
  ) throws {
    let path = "bookmarks/e/example.org/\(name)"
    #expect(throws: CodecError.syntax(file: path, line: line, column: column, message: message)) {
      try BookmarkCodec.decode(try Fixtures.bytes("codec/broken/" + name), file: path)
    }
  }

  @Test(arguments: [
    ("title-not-string.json", 4, 12, "expected a string for \"title\""),
    ("missing-url.json", 1, 1, "missing key \"url\""),
    ("impossible-date.json", 7, 14, "expected an RFC 3339 date-time for \"created\""),
    ("empty-tag-segment.json", 5, 18, "invalid tag \"a//b\": a segment is empty"),
    ("bad-id.json", 2, 9, "expected a UUID for \"id\""),
    ("favorite-not-bool.json", 6, 15, "expected true or false for \"favorite\""),
    (
      "metadata-fetched-not-date.json", 11, 16,
      "expected an RFC 3339 date-time for \"metadata.fetched\""
    ),
    ("not-an-object.json", 1, 1, "expected an object for the bookmark"),
  ])
  func reportsAFileOfTheWrongShapeAtTheValue(
    name: String, line: Int, column: Int, message: String
  ) throws {
    #expect(throws: CodecError.content(file: name, line: line, column: column, message: message)) {
      try BookmarkCodec.decode(try Fixtures.bytes("codec/broken/" + name), file: name)
    }
  }

  @Test(arguments: ["id", "url", "title", "tags", "favorite", "created", "lastModified"])
  func requiresEveryRequiredKey(key: String) throws {
    guard
      case .object(let members) = try JSONReader.read(
        try Fixtures.bytes("codec/bookmark-minimal.json"), file: "m.json")
    else { return }
    let without = CanonicalWriter.document(.object(members.filter { $0.key != key }))
    #expect(
      throws: CodecError.content(
        file: "m.json", line: 1, column: 1, message: "missing key \"\(key)\"")
    ) {
      try BookmarkCodec.decode(without, file: "m.json")
    }
  }

  @Test func sortsAndDeduplicatesTagsOnRead() throws {
    let text = String(decoding: try Fixtures.bytes("codec/bookmark-minimal.json"), as: UTF8.self)
      .replacingOccurrences(
        of: "\"tags\": []", with: "\"tags\": [\"z\", \"Reading\", \"reading\", \"a/b\"]")
    #expect(try decode(text).tags == ["Reading", "a/b", "z"])
  }

  @Test func isCanonicalIsFalseForBrokenAndNonCanonicalFiles() throws {
    let canonical = try Fixtures.bytes("codec/bookmark-full.json")
    #expect(BookmarkCodec.isCanonical(canonical))
    #expect(!BookmarkCodec.isCanonical(try Fixtures.bytes("codec/broken/duplicate-key.json")))
    #expect(!BookmarkCodec.isCanonical([0xEF, 0xBB, 0xBF] + canonical))
    #expect(!BookmarkCodec.isCanonical(Array(canonical.dropLast())))
    #expect(!BookmarkCodec.isCanonical(canonical.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }))
  }

  @Test func decodingWhatWasEncodedGivesTheSameBookmark() async {
    await propertyCheck(count: 300, input: Gen.bookmark) { bookmark in
      let bytes = BookmarkCodec.encode(bookmark)
      let decoded = try BookmarkCodec.decode(bytes, file: "p.json")
      #expect(decoded == bookmark)
    }
  }

  @Test func encodingACanonicalFileGivesTheSameBytes() async {
    await propertyCheck(count: 300, input: Gen.bookmark.map(BookmarkCodec.encode)) { file in
      let decoded = try BookmarkCodec.decode(file, file: "p.json")
      #expect(BookmarkCodec.encode(decoded) == file)
      #expect(BookmarkCodec.isCanonical(file))
    }
  }

  @Test func mutatedFilesDecodeOrThrowACodecError() async {
    await propertyCheck(count: 500, input: Gen.mutated(Gen.bookmark.map(BookmarkCodec.encode))) {
      mutated in
      // `decode` throws only `CodecError` (typed throws); when it succeeds, the
      // result must survive its own canonical rewrite.
      if let bookmark = try? BookmarkCodec.decode(mutated, file: "m.json") {
        let rewritten = BookmarkCodec.encode(bookmark)
        let reread = try BookmarkCodec.decode(rewritten, file: "m.json")
        #expect(reread == bookmark)
        #expect(BookmarkCodec.isCanonical(rewritten))
      }
    }
  }
}
