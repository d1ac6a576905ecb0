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
}
