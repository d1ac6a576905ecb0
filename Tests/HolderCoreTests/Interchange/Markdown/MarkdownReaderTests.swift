import Foundation
import HolderCore
import Testing

/// Markdown link lists written by hand: every common way of writing a link is read, and a
/// line meant as a link that cannot be read is reported, never dropped in silence.
@Suite struct MarkdownReaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bookmarks")

  func read(_ text: String) -> [Result<ImportEntry, ImportSkipReason>] {
    MarkdownReader.read(Array(text.utf8))
  }

  func entries(_ text: String) -> [ImportEntry] {
    read(text).compactMap { try? $0.get() }
  }

  @Test func aHandWrittenListGivesEveryLink() throws {
    let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("hand-written.md")))
    let results = MarkdownReader.read(bytes)
    let read = results.compactMap { try? $0.get() }
    #expect(
      read.map(\.url) == [
        "https://swift.org", "https://www.rust-lang.org/", "https://go.dev/",
        "https://www.python.org/", "https://www.aozora.gr.jp/", "https://swift.org",
      ])
    #expect(read.map(\.title) == ["Swift", "Rust", "", "", "日本語の本", "Swift again"])
    #expect(read.map(\.note) == ["언어", "The Rust home page", "Go", "Python's home", "", ""])
    #expect(read.allSatisfy { $0.tags == ["Languages"] })
    #expect(read.map(\.line) == [7, 8, 9, 10, 11, 12])
    let skipped = results.compactMap { result -> String? in
      if case .failure(.unreadable(let reason)) = result { return reason }
      return nil
    }
    #expect(skipped.count == 2)
    #expect(skipped[0].hasPrefix("line 16: no link could be read in \"- [Half a link]"))
    #expect(skipped[1].hasPrefix("line 17: "))
  }

  @Test func holderGitsOwnShapeReadsAsBefore() {
    let read = entries(
      """
      # Bookmarks

      2 bookmarks, exported by holder-git.

      ## dev/swift

      - [A \\*title\\*](https://example.org/md) ★
        first
        \\- second
        1. third https://not.a.bookmark.example/
      - [B](<https://example.org/a b>)

      ## other

      - [A \\*title\\*](https://example.org/md) ★
        first
        \\- second
        1. third https://not.a.bookmark.example/
      """)
    #expect(read.count == 2)
    #expect(read[0].title == "A *title*")
    #expect(read[0].favorite == true)
    #expect(read[0].note == "first\n- second\n1. third https://not.a.bookmark.example/")
    #expect(read[0].tags == ["dev/swift", "other"])
    #expect(read[1].url == "https://example.org/a b")
    #expect(read[1].favorite == false)
  }

  @Test func linksInTheMiddleOfALineAndWithParentheses() {
    let read = entries(
      """
      - See [Swift (language)](https://en.wikipedia.org/wiki/Swift_(programming_language)) first
      - Tokyo: https://www.metro.tokyo.lg.jp/, the city's site.
      - [Spaced](<https://example.org/a b> 'single quoted')
      - [ ] [A task](https://example.org/task)
      """)
    #expect(
      read.map(\.url) == [
        "https://en.wikipedia.org/wiki/Swift_(programming_language)",
        "https://www.metro.tokyo.lg.jp/", "https://example.org/a b", "https://example.org/task",
      ])
    #expect(read.map(\.title) == ["Swift (language)", "Tokyo", "Spaced", "A task"])
    #expect(read.map(\.note) == ["See\nfirst", "the city's site.", "single quoted", ""])
  }

  @Test func proseAndImagesAreNotBookmarks() {
    let results = read(
      """
      Nothing here is a link.
      ![logo](https://example.org/logo.png)
      """)
    #expect(results.count == 1)
    guard case .failure(.unreadable(let reason))? = results.first else {
      Issue.record("an image was read as a bookmark")
      return
    }
    #expect(reason.hasPrefix("line 2: "))
  }

  @Test func mutatedListsNeverCrashTheReader() throws {
    let valid = Array(
      try Data(contentsOf: Self.fixtures.appendingPathComponent("hand-written.md")))
    let interesting = Array("[]()<>!*+-#\\\"' :/\n1.)".utf8) + [0x00, 0x80, 0xC3, 0xFF]
    var state: UInt64 = 20_261_128
    func next() -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int(truncatingIfNeeded: (value ^ (value >> 31)) >> 1)
    }
    var total = 0
    for _ in 0..<500 {
      var bytes = valid
      for _ in 0..<(1 + next() % 12) {
        let byte = interesting[next() % interesting.count]
        let position = next() % (bytes.count + 1)
        switch next() % 3 {
        case 0: bytes.insert(byte, at: position)
        case 1 where position < bytes.count: bytes.remove(at: position)
        default: if position < bytes.count { bytes[position] = byte }
        }
      }
      for case .success(let entry) in MarkdownReader.read(bytes) {
        _ = ImportPlanner.candidate(for: entry)
        total += 1
      }
    }
    #expect(total > 500 * 3)
  }
}
