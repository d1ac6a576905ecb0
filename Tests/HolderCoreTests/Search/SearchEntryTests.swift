import HolderCore
import Testing

@Suite struct SearchEntryTests {
  @Test func keepsWhatFiltersNeed() {
    let bookmark = SearchFixtures.bookmark(
      1, url: "https://www.GitHub.com:8443/swiftlang", title: "Swift", tags: ["Dev/Swift"],
      favorite: true, created: 7)
    var folder = TextFolder()
    let entry = SearchEntry(bookmark: bookmark, folder: &folder)
    #expect(entry.host == "github.com")
    #expect(entry.tagKeys == ["dev/swift"])
    #expect(entry.favorite)
    #expect(entry.document.title.elementsEqual("swift".utf8))
  }

  @Test(arguments: [
    ("https://github.com/a", "github.com"), ("https://www.example.org", "example.org"),
    ("https://user@www.example.org:8080/x?y#z", "example.org"),
    ("https://[2001:db8::1]:443/", "[2001:db8::1]"), ("mailto:a@b.c", ""),
    ("https://xn--3e0b707e.kr/", "xn--3e0b707e.kr"), ("https://WWW.Example.ORG/", "example.org"),
  ])
  func findsTheHost(url: String, host: String) {
    let bookmark = SearchFixtures.bookmark(1, url: url, title: "t")
    var folder = TextFolder()
    #expect(SearchEntry(bookmark: bookmark, folder: &folder).host == host)
  }

  @Test func searchesTheReadableURL() throws {
    let punycode = SearchFixtures.bookmark(
      1, url: "https://xn--3e0b707e.kr/%EC%84%9C%EC%9A%B8", title: "t")
    #expect(try SearchFixtures.titles("한국.kr/서울", in: [punycode]) == ["t"])
  }
}
