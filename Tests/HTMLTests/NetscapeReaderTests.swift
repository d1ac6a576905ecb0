import Foundation
import HTML
import HolderCore
import Testing

@Suite struct NetscapeReaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/bookmarks")

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  func items(_ bytes: [UInt8]) -> [NetscapeItem] {
    var items: [NetscapeItem] = []
    NetscapeReader.read(bytes) { items.append($0) }
    return items
  }

  func entries(_ text: String, options: FolderOptions = FolderOptions()) -> [ImportEntry] {
    items(Array(text.utf8)).map { $0.entry(options: options) }
  }

  @Test func firefoxExportGivesFoldersTagsNotesAndDates() throws {
    let items = items(try Self.fixture("firefox.html"))
    #expect(items.count == 9)
    let food = try #require(items.first { $0.href.contains("seriouseats") })
    #expect(food.folders == ["Recipes & Food"])
    #expect(food.title == "The Food Lab | Serious Eats")
    let entry = food.entry(options: FolderOptions())
    #expect(entry.tags == ["Recipes & Food", "cooking", "science"])
    #expect(entry.note == "Kenji's column.\nRead the one about eggs first.")
    #expect(entry.created == Timestamp(millisecondsSince1970: 1_700_000_200_000))
    let swift = try #require(items.first { $0.href.contains("swift.org") })
    #expect(swift.entry(options: FolderOptions()).tags == ["Dev/Swift"])
    #expect(
      swift.entry(options: FolderOptions(prefix: "firefox")).tags == ["firefox/Dev/Swift"])
    #expect(swift.entry(options: FolderOptions(foldersAsTags: false)).tags.isEmpty)
    let python = try #require(items.first { $0.href.contains("python") })
    #expect(python.title.contains("—"))
  }

  @Test func unclosedTagsExplicitEndTagsAndNoDoctypeReadTheSame() {
    let open = """
      <DL><p><DT><H3>News</H3><DL><p><DT><A HREF="https://a.example/">A</A>
      <DD>first
      <DT><A HREF="https://b.example/">B</A></DL><p>
      <DT><A HREF="https://c.example/">C</A></DL>
      """
    let closed = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p><DT><H3>News</H3></DT><DL><p><DT><A HREF="https://a.example/">A</A></DT>
      <DD>first</DD>
      <DT><A HREF="https://b.example/">B</A></DT></DL><p>
      <DT><A HREF="https://c.example/">C</A></DT></DL>
      """
    let truncated = """
      <DL><p><DT><H3>News</H3><DL><p><DT><A HREF="https://a.example/">A
      <DD>first
      <DT><A HREF="https://b.example/">B
      """
    for text in [open, closed] {
      let read = entries(text)
      #expect(
        read.map(\.url) == ["https://a.example/", "https://b.example/", "https://c.example/"])
      #expect(read.map(\.tags) == [["News"], ["News"], []])
      #expect(read.map(\.note) == ["first", "", ""])
    }
    let read = entries(truncated)
    #expect(read.map(\.url) == ["https://a.example/", "https://b.example/"])
    #expect(read.map(\.note) == ["first", ""])
    #expect(read.allSatisfy { $0.tags == ["News"] })
  }

  @Test func notesKeepLinesAndTurnMarkupIntoText() {
    let read = entries(
      """
      <DL><DT><A HREF="https://a.example/">A</A>
      <DD>One <b>bold</b> &amp; <i>two</i><br>second line<p>third &lt;tag&gt;
      </DL>
      """)
    #expect(read.first?.note == "One bold & two\nsecond line\nthird <tag>")
  }

  @Test func datesInSecondsMillisecondsAndMicrosecondsAreTheSameTime() {
    let read = entries(
      """
      <DL><DT><A HREF="https://s.example/" ADD_DATE="1700000000">s</A>
      <DT><A HREF="https://ms.example/" ADD_DATE="1700000000000">ms</A>
      <DT><A HREF="https://us.example/" ADD_DATE="1700000000000000">us</A>
      <DT><A HREF="https://bad.example/" ADD_DATE="soon">bad</A>
      <DT><A HREF="https://zero.example/" ADD_DATE="0">zero</A></DL>
      """)
    let expected = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    #expect(read.map(\.created) == [expected, expected, expected, nil, nil])
    #expect(ImportDate.parse("13345000000000000") != nil)
  }

  @Test func byteOrderMarkAndWindows1252AreDecoded() {
    let utf8 =
      [0xEF, 0xBB, 0xBF] + Array("<DL><DT><A HREF=\"https://a.example/\">Café</A></DL>".utf8)
    #expect(entries(String(decoding: utf8, as: UTF8.self)).first?.title == "Café")
    #expect(items(utf8).first?.title == "Café")
    let latin: [UInt8] =
      Array(
        "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=windows-1252\">\n<DL><DT><A HREF=\"https://a.example/\">Caf"
          .utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94] + Array("</A></DL>".utf8)
    #expect(items(latin).first?.title == "Café “q”")
  }

  @Test func pseudoFoldersAreDroppedOnlyAtTheStart() {
    #expect(NetscapeFolders.tag(for: ["Bookmarks bar", "Dev"], options: FolderOptions()) == "Dev")
    #expect(
      NetscapeFolders.tag(for: ["Favorites bar", "Other favorites"], options: FolderOptions())
        == nil)
    #expect(
      NetscapeFolders.tag(for: ["Dev", "Bookmarks Menu"], options: FolderOptions())
        == "Dev/Bookmarks Menu")
    #expect(
      NetscapeFolders.tag(
        for: ["My Toolbar", "a/b", " .. "], systemFolders: [0], options: FolderOptions())
        == "a-b")
  }

  @Test func mutatedFilesNeverCrashTheReader() throws {
    let valid = try Self.fixture("firefox.html")
    let interesting = Array("<>/=\"'&;#\n DLTAH3".utf8) + [0x00, 0x80, 0xC3, 0xEF, 0xFF]
    var state: UInt64 = 20_261_123
    func next() -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int(truncatingIfNeeded: (value ^ (value >> 31)) >> 1)
    }
    var total = 0
    for _ in 0..<400 {
      var bytes = valid
      for _ in 0..<(1 + next() % 12) {
        let byte = next() % 2 == 0 ? interesting[next() % interesting.count] : UInt8(next() % 256)
        let position = next() % (bytes.count + 1)
        switch next() % 4 {
        case 0: bytes.insert(byte, at: position)
        case 1 where position < bytes.count: bytes.remove(at: position)
        case 2: bytes.removeSubrange(position..<min(bytes.count, position + next() % 200))
        default: if position < bytes.count { bytes[position] = byte }
        }
      }
      for item in items(bytes) {
        _ = ImportPlanner.candidate(for: item.entry(options: FolderOptions(prefix: "x")))
        total += 1
      }
    }
    #expect(total > 400 * 5)
  }
}

@Suite struct BrowserFixtureTests {
  func entries(_ name: String) throws -> [ImportEntry] {
    var entries: [ImportEntry] = []
    NetscapeReader.read(try NetscapeReaderTests.fixture(name)) {
      entries.append($0.entry(options: FolderOptions()))
    }
    return entries
  }

  func saved(_ entries: [ImportEntry]) -> [ImportEntry] {
    entries.filter { (try? ImportPlanner.candidate(for: $0).get()) != nil }
  }

  @Test func edgeDropsItsFavoritesFoldersAndSettingsPages() throws {
    let all = try entries("edge.html")
    #expect(all.count == 4)
    let kept = saved(all)
    #expect(kept.count == 3)
    #expect(kept.map(\.tags) == [[], ["Work"], []])
  }

  @Test func safariWithoutARootListKeepsItsOwnFolders() throws {
    let all = try entries("safari.html")
    #expect(all.count == 4)
    #expect(saved(all).count == 4)
    #expect(all.first { $0.url.contains("kyoto") || $0.url.contains("e2164") }?.tags == ["Travel"])
    #expect(all.filter { !$0.tags.isEmpty }.count == 1)
    #expect(all.allSatisfy { $0.created == nil })
  }

  @Test func pinboardTagsToReadAndNotes() throws {
    let all = try entries("pinboard.html")
    #expect(all.count == 3)
    #expect(all.map(\.tags) == [["linux", "kernel", "toread"], ["talks", "learning"], []])
    #expect(all[0].note == "A long read on the \"Rust for Linux\" effort.")
    #expect(all[2].note == "Multi-line\ndescription with markup.")
  }

  @Test func windows1252FileWithMillisecondDates() throws {
    let all = try entries("windows-1252.html")
    #expect(all.count == 1)
    #expect(all[0].title == "Crème brûlée — Wikipédia")
    #expect(all[0].note == "“Dessert” servi froid")
    #expect(all[0].tags == ["Cuisine"])
    #expect(all[0].created == Timestamp(millisecondsSince1970: 1_700_000_000_000))
  }
}
