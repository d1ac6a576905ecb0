import Foundation
import HTML
import HolderCore
import Testing

/// What real export files do that the first reader got wrong: attributes without a value,
/// links inside notes, relative links, old Mac charsets, unreadable dates, controls and
/// ideographic spaces in titles.
@Suite struct NetscapeQuirksTests {
  func items(_ bytes: [UInt8]) -> [NetscapeItem] {
    var items: [NetscapeItem] = []
    NetscapeReader.read(bytes) { items.append($0) }
    return items
  }

  func entries(_ text: String) -> [ImportEntry] {
    items(Array(text.utf8)).map { $0.entry(options: FolderOptions()) }
  }

  func fixture(_ name: String) throws -> [ImportEntry] {
    items(try NetscapeReaderTests.fixture(name)).map { $0.entry(options: FolderOptions()) }
  }

  // MARK: Attributes without a value

  @Test func anAttributeWithoutAValueKeepsTheOnesAfterIt() {
    let read = entries(
      """
      <DL><DT><A SUBSCRIBE HREF="https://a.example/" ADD_DATE="1700000000" TAGS="x,y">A</A>
      <DT><A HREF="https://b.example/" NEW ADD_DATE="1700000100" FEED TAGS="z">B</A></DL>
      """)
    #expect(read.map(\.url) == ["https://a.example/", "https://b.example/"])
    #expect(read.map(\.tags) == [["x", "y"], ["z"]])
    #expect(
      read.map(\.created) == [
        Timestamp(millisecondsSince1970: 1_700_000_000_000),
        Timestamp(millisecondsSince1970: 1_700_000_100_000),
      ])
    #expect(read.allSatisfy { $0.warnings.isEmpty })
  }

  @Test func theToolbarMarkAfterFoldedStillDropsTheToolbarFolder() {
    let read = entries(
      """
      <DL><DT><H3 FOLDED PERSONAL_TOOLBAR_FOLDER="true">My Bar</H3>
      <DL><DT><A HREF="https://a.example/">A</A></DL></DL>
      """)
    #expect(read.map(\.tags) == [[]])
  }

  @Test func iCabFileKeepsEveryLinkFolderAndTag() throws {
    let read = try fixture("icab.html")
    #expect(read.count == 4)
    #expect(read.allSatisfy { !$0.url.isEmpty })
    #expect(read.map(\.tags) == [[], [], ["News", "german", "tech"], ["News", "tech"]])
    #expect(read[2].note == "Nachrichten über Technik")
    #expect(read.allSatisfy { $0.created != nil })
  }

  // MARK: Links inside a note

  @Test func aLinkInsideANoteIsNoteTextNotABookmark() {
    let read = entries(
      """
      <DL><DT><A HREF="https://a.example/">A</A>
      <DD><a href="https://a.example/big.png"><img src="https://a.example/small.png"></a> Read <a href="https://b.example/">this one</a> too.
      <DT><A HREF="https://c.example/">C</A>
      </DL>
      """)
    #expect(read.map(\.url) == ["https://a.example/", "https://c.example/"])
    #expect(read[0].note == "https://a.example/big.png Read this one too.")
  }

  @Test func theNextLinkAfterAnOpenNoteIsABookmark() {
    let read = entries(
      """
      <DL><p><DT><A HREF="https://a.example/">A</A>
      <DD>first note
      <DT><A HREF="https://b.example/">B</A>
      <DD>second note
      <DT><H3>Folder</H3>
      <DL><p><DT><A HREF="https://c.example/">C</A></DL><p>
      </DL>
      """)
    #expect(read.map(\.url) == ["https://a.example/", "https://b.example/", "https://c.example/"])
    #expect(read.map(\.note) == ["first note", "second note", ""])
    #expect(read[2].tags == ["Folder"])
    let noDT = entries(
      """
      <DL><DT><A HREF="https://a.example/">A</A>
      <DD>a note
      <A HREF="https://b.example/" ADD_DATE="1700000000">B</A></DL>
      """)
    #expect(noDT.map(\.url) == ["https://a.example/", "https://b.example/"])
    #expect(noDT.map(\.note) == ["a note", ""])
  }

  // MARK: Shaarli's notes and other relative links

  @Test func shaarliNotesKeepTheirNoteTagsAndDate() throws {
    let read = try fixture("shaarli.html")
    #expect(read.count == 7)
    let seoul = try #require(read.first { $0.title == "서울 여행 메모" })
    #expect(seoul.url == "shaarli:?Z-mb0g")
    #expect(seoul.tags == ["note", "서울"])
    #expect(seoul.note.hasPrefix("경복궁은"))
    #expect(seoul.note.contains("the palace site"))
    #expect(seoul.created == Timestamp(millisecondsSince1970: 1_700_001_000_000))
    let tokyo = try #require(read.first { $0.title == "東京の本屋" })
    #expect(tokyo.url == "shaarli:/shaare/Qa1_x9")
    #expect(tokyo.note == "神保町の古書店街。")
    let candidate = try ImportPlanner.candidate(for: seoul).get()
    #expect(candidate.url == "shaarli:?Z-mb0g")
    #expect(candidate.path.hasPrefix("bookmarks/_/_shaarli/"))
    // The thumbnail link in the first note is not a bookmark of its own.
    #expect(read.filter { $0.url.contains("heckert") }.isEmpty)
    #expect(read[0].note == "https://www.gnu.org/graphics/heckert_gnu.png The manual, read online.")
  }

  @Test func aRelativeLinkThatIsNoShaarliNoteIsSkippedWithItsText() throws {
    let read = try fixture("shaarli.html")
    let train = try #require(read.first { $0.url == "notes/today.html" })
    guard case .failure(.invalidURL(let reason)) = ImportPlanner.candidate(for: train) else {
      Issue.record("a relative link was taken for a URL")
      return
    }
    #expect(reason.contains("(entry \"A page with no site — Written on a train.\")"), "\(reason)")
    #expect(ShaarliNote.url(forRelativeLink: "?page=2") == nil)
    #expect(ShaarliNote.url(forRelativeLink: "/shaare/a/b") == nil)
  }

  // MARK: Charsets, dates, titles

  @Test func xMacRomanIsDecodedAsMacRoman() throws {
    let read = try fixture("x-mac-roman.html")
    #expect(read.map(\.title) == ["Käsespätzle – Wikipedia", "Apple (France) — Café"])
    #expect(read[0].note == "Schwäbisch, mit Röstzwiebeln • „lecker“")
    #expect(read[0].tags == ["Küche"])
    #expect(Charset(label: "macintosh")?.name == "macintosh")
    #expect(Charset(label: "x-mac-roman")?.iconvName == "MACINTOSH")
  }

  @Test func anUnreadableDateWarnsNamingTheAttributeAndValue() {
    let read = entries(
      """
      <DL><DT><A HREF="https://a.example/" ADD_DATE="abc">A</A>
      <DT><A HREF="https://b.example/" ADD_DATE="-5" LAST_MODIFIED="later">B</A>
      <DT><A HREF="https://c.example/" ADD_DATE="">C</A>
      <DT><A HREF="https://d.example/">D</A>
      <DT><A HREF="https://e.example/" ADD_DATE="1700000000">E</A></DL>
      """)
    #expect(read.allSatisfy { $0.created == nil || $0.url == "https://e.example/" })
    #expect(
      read[0].warnings == ["ADD_DATE \"abc\" is not a date: the time of the import is used instead"]
    )
    #expect(
      read[1].warnings == [
        "ADD_DATE \"-5\" is not a date: the time of the import is used instead",
        "LAST_MODIFIED \"later\" is not a date: left out",
      ])
    #expect(read[2].warnings == ["ADD_DATE is empty: the time of the import is used instead"])
    #expect(read[3].warnings.isEmpty)
    #expect(read[4].warnings.isEmpty)
  }

  @Test func bidiControlsAtTheEndsOfATitleGoAndIdeographicSpacesStay() throws {
    let read = entries(
      """
      <DL><DT><A HREF="https://a.example/">\u{202A}Seoul Guide\u{202C}</A>
      <DT><A HREF="https://b.example/">東京　都庁   and\nmore</A>
      <DT><A HREF="https://c.example/">\u{2067}שלום\u{2069} world</A></DL>
      """)
    #expect(read[0].title == "Seoul Guide")
    #expect(read[1].title == "東京　都庁 and more")
    #expect(read[2].title == "שלום\u{2069} world")
    let shaarli = try fixture("shaarli.html")
    #expect(shaarli.contains { $0.title == "東京　都庁" })
  }
}
