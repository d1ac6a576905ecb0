import HolderCore
import Testing

@Suite struct BookmarkPathTests {
  @Test func theHashIsBase32OfSHA256() {
    // Independent values: base64.b32encode(hashlib.sha256(b"...").digest()).lower()[:8]
    #expect(BookmarkPath.hash(of: "") == "4oymiquy")
    #expect(BookmarkPath.hash(of: "abc") == "xj4bnp4p")
    #expect(BookmarkPath.hash(of: "https://example.org/") == "qgmndowe")
  }

  @Test func aURLWithoutPathWordsIsJustItsHash() {
    #expect(
      BookmarkPath.relativePath(forNormalizedURL: "https://example.org/")
        == "bookmarks/e/example.org/qgmndowe.json")
  }

  @Test func onlyALeadingWWWIsDropped() {
    let path = BookmarkPath.relativePath(
      forNormalizedURL: "https://www.example.org/www.example.org/")
    #expect(path.hasPrefix("bookmarks/e/example.org/www-example-org-"))
    let other = BookmarkPath.relativePath(forNormalizedURL: "https://wwwexample.org/")
    #expect(other.hasPrefix("bookmarks/w/wwwexample.org/"))
  }

  @Test func theSameWordsOnTwoURLsGiveTwoFiles() {
    let withPort = BookmarkPath.relativePath(forNormalizedURL: "https://example.org:8443/a")
    let without = BookmarkPath.relativePath(forNormalizedURL: "https://example.org/a")
    #expect(withPort != without)
    #expect(withPort.hasPrefix("bookmarks/e/example.org/a-"))
  }

  @Test func aLongSlugIsCutAtAWordBoundary() {
    let path = BookmarkPath.relativePath(
      forNormalizedURL:
        "https://example.org/one-two-three-four-five-six-seven-eight-nine-ten-eleven")
    let fileName = path.split(separator: "/").last.map(String.init) ?? ""
    let slug = fileName.dropLast("-abcdefgh.json".count)
    #expect(slug == "one-two-three-four-five-six-seven-eight-nine-ten")
    #expect(slug.utf8.count <= 50)
  }

  @Test func hostlessURLsGoUnderTheirScheme() {
    #expect(
      BookmarkPath.relativePath(forNormalizedURL: "mailto:someone@example.org")
        .hasPrefix("bookmarks/_/_mailto/someone-example-org-"))
    #expect(
      BookmarkPath.relativePath(forNormalizedURL: "file:///etc/hosts")
        .hasPrefix("bookmarks/_/_file/etc-hosts-"))
  }

  @Test func aHandEditedURLNeverLeavesItsFolder() {
    for url in ["https://../x", "https://./", "http://a/b", "no scheme at all", "x://%2F..%2F/"] {
      let path = BookmarkPath.relativePath(forNormalizedURL: url)
      let components = path.split(separator: "/", omittingEmptySubsequences: false)
      #expect(components.count == 4, "\(url) → \(path)")
      #expect(!components.contains(".") && !components.contains(".."), "\(url) → \(path)")
      #expect(BookmarkPath.isBookmarkPath(path), "\(url) → \(path)")
    }
  }

  @Test(arguments: [
    "bookmarks/g/github.com/swiftlang-swift-mfrggzdf.json",
    "bookmarks/k/ko.wikipedia.org/wiki-nbswy3dp.json",
    "bookmarks/e/example.org/qgmndowe.json",
    "bookmarks/_/_mailto/someone-example-org-sife4kry.json",
  ])
  func recognisesBookmarkPaths(_ path: String) {
    #expect(BookmarkPath.isBookmarkPath(path))
  }

  @Test(arguments: [
    "bookmarks/github.com/swiftlang-swift-mfrggzdf.json",
    "bookmarks/x/github.com/swiftlang-swift-mfrggzdf.json",
    "bookmarks/g/github.com/swiftlang-swift-mfrggzdf.JSON",
    "bookmarks/g/github.com/swiftlang-swift-mfrggzd1.json",
    "bookmarks/g/github.com/swiftlang-swift.json",
    "bookmarks/g/github.com/Swiftlang-mfrggzdf.json",
    "bookmarks/g/github.com/swiftlang--mfrggzdf.json",
    "bookmarks/g/github.com/-mfrggzdf.json",
    "bookmarks/g/github.com/nested/mfrggzdf.json",
    "tags/g/github.com/mfrggzdf.json",
    "bookmarks/./../mfrggzdf.json",
    "bookmarks/e/example.org/" + String(repeating: "a", count: 51) + "-mfrggzdf.json",
  ])
  func refusesOtherPaths(_ path: String) {
    #expect(!BookmarkPath.isBookmarkPath(path))
  }

  @Test func aTagLinkIsNamedAfterHostAndFile() {
    #expect(
      BookmarkPath.tagLinkName(
        forBookmarkPath: "bookmarks/g/github.com/swiftlang-swift-mfrggzdf.json")
        == "github.com-swiftlang-swift-mfrggzdf.json")
    #expect(
      BookmarkPath.tagLinkName(forBookmarkPath: "bookmarks/e/example.org/qgmndowe.json")
        == "example.org-qgmndowe.json")
  }

  @Test func aLongTagLinkNameKeepsItsHashAndFits() {
    let host =
      String(repeating: "a", count: 120) + "." + String(repeating: "b", count: 120) + ".org"
    let path = "bookmarks/a/\(host)/one-two-three-mfrggzdf.json"
    let name = BookmarkPath.tagLinkName(forBookmarkPath: path)
    #expect(name.utf8.count == 255)
    #expect(name.hasSuffix("-mfrggzdf.json"))
    #expect(name.hasPrefix(String(repeating: "a", count: 120) + "."))
  }

  @Test func aLongTagLinkNameIsCutBetweenCharacters() {
    // Hosts are ASCII after IDNA; a hand-made folder name must still cut cleanly.
    let host = String(repeating: "가", count: 90)  // 270 bytes
    let name = BookmarkPath.tagLinkName(forBookmarkPath: "bookmarks/가/\(host)/mfrggzdf.json")
    #expect(name == String(repeating: "가", count: 80) + "-mfrggzdf.json")
    #expect(!name.contains("\u{FFFD}"))
  }
}
