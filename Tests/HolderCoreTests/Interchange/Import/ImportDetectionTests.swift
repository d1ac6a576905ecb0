import HolderCore
import Testing

/// `import` finds a file's format from what it holds, and says what a file it cannot read
/// looks like.
@Suite struct ImportDetectionTests {
  @Test(arguments: [
    ("bookmarks/chrome-Bookmarks.json", ImportFormat.chrome),
    ("bookmarks/firefox-backup.json", .firefoxJSON),
    ("bookmarks/firefox-backup.jsonlz4", .firefoxJSON),
    ("bookmarks/pinboard.json", .pinboard),
    ("bookmarks/buku.json", .buku),
    ("bookmarks/omnivore-metadata_0.json", .omnivore),
    ("bookmarks/delicious.json", .json),
    ("bookmarks/firefox.html", .netscape),
  ])
  func eachFixtureIsRecognized(file: String, format: ImportFormat) throws {
    #expect(ImportFormat.recognize(try Fixtures.bytes(file)) == .format(format))
  }

  /// A list of links written by hand is Markdown, whatever its bullets; prose is not.
  @Test(arguments: [
    ("- [Swift](https://swift.org)", true), ("* [Swift](https://swift.org) - 언어", true),
    ("+ <https://go.dev>", true), ("1. https://go.dev/doc", true),
    ("2) [Go](https://go.dev)", true),
    ("- [ ] [Rust](https://rust-lang.org)", true),
    ("https://example.org/\nhttps://b.example/", true),
    ("# Links", true), ("my notes about links", false), ("- a list of words", false),
    ("10 reasons", false),
  ])
  func aHandWrittenListOfLinksIsMarkdown(text: String, isMarkdown: Bool) {
    let found = ImportFormat.detect(Array(text.utf8))
    #expect((found == .markdown) == isMarkdown, "\(text): \(String(describing: found))")
  }

  /// Chrome's `Bookmarks` starts with `{` as JSON Lines do: it used to be read as JSON Lines,
  /// every line unreadable.
  @Test func chromesObjectIsNotJSONLines() {
    let chrome = """
      {
         "checksum": "0",
         "roots": { "bookmark_bar": { "children": [], "name": "Bookmarks bar", "type": "folder" } },
         "version": 1
      }
      """
    #expect(ImportFormat.detect(Array(chrome.utf8)) == .chrome)
    #expect(ImportFormat.detect(Array("{\"url\":\"https://a.example\"}\n".utf8)) == .jsonl)
    // One object written over several lines is no JSON Lines file: JSON reads it.
    #expect(ImportFormat.detect(Array("{\n  \"url\": \"https://a.example\"\n}\n".utf8)) == .json)
  }

  @Test func aJSONObjectOfSomethingElseIsNotRecognizedAndSaysWhatItIs() {
    #expect(
      ImportFormat.recognize(Array("{\"a\":1}".utf8))
        == .notRecognized(.jsonObject(keys: ["a"]), closest: .jsonl))
    #expect(
      ImportFormat.recognize(Array("[{\"name\":\"x\",\"link\":\"y\"}]".utf8))
        == .notRecognized(.jsonArray(keys: ["name", "link"]), closest: .json))
    #expect(
      ImportFormat.recognize(Array("[1, 2".utf8)) == .notRecognized(.brokenJSON, closest: .json))
    #expect(ImportFormat.recognize([]) == .notRecognized(.empty, closest: nil))
    #expect(
      ImportFormat.recognize([0x50, 0x4B, 0x03, 0x04, 0]) == .notRecognized(.binary, closest: nil))
    #expect(
      ImportFormat.recognize(Array("<html><p>a page</p></html>".utf8))
        == .notRecognized(.html, closest: .netscape))
  }

  @Test func aValueNamedLikeAKeyIsNotTakenForTheKey() {
    // "roots" and "bookmark_bar" as values, not members: not Chrome's file.
    let text =
      "[{\"url\": \"https://a.example\", \"title\": \"roots\", \"note\": \"bookmark_bar\"}]"
    #expect(ImportFormat.detect(Array(text.utf8)) == .json)
    // Pinboard's member names quoted inside a note: still holder-git's JSON.
    let note =
      #"[{"url": "https://a.example", "note": "{\"href\": 1, \"description\": 2, \"extended\": 3}"}]"#
    #expect(ImportFormat.detect(Array(note.utf8)) == .json)
  }

  @Test func everyFormatIsNamedForTheFlag() {
    #expect(ImportFormat.names.hasPrefix("netscape, json, jsonl, markdown, "))
    for format in ImportFormat.allCases { #expect(ImportFormat.names.contains(format.rawValue)) }
    #expect(ImportFormat(rawValue: "firefox-json") == .firefoxJSON)
  }
}
