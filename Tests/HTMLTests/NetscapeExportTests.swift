import HTML
import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// The Netscape export as libxml2's HTML parser (the one the importer uses) reads it.
///
/// `read(_:)` below rebuilds bookmarks from the parsed attributes by the rules
/// `NetscapeWriter` documents, so the property shows that the file carries
/// every field exactly. The full export → `holder-git import` round trip
/// waits for the importer's Netscape reader.
@Suite struct NetscapeExportTests {
  /// One `<A>` as parsed, with the `<DD>` after it.
  struct Link {
    var anchor: HTMLElement
    var note: String?
  }

  /// Every `<A>` of the document with its note, in document order.
  ///
  /// libxml2 does not close a `<DT>` at the next `<DT>`, so consecutive
  /// entries nest and a `<DD>` can land beside an outer `<DT>`: a note belongs
  /// to the `<A>` before it in document order, whatever the tree's shape.
  static func links(in html: [UInt8]) -> [Link] {
    var links: [Link] = []
    func walk(_ element: HTMLElement) {
      if element.name == "a" {
        links.append(Link(anchor: element, note: nil))
        return
      }
      if element.name == "dd", !links.isEmpty {
        links[links.count - 1].note = element.children.compactMap { node -> String? in
          if case .text(let text) = node { return text }
          return nil
        }.joined()
      }
      element.elements.forEach(walk)
    }
    walk(HTMLParser.parse(String(decoding: html, as: UTF8.self)))
    return links
  }

  /// The bookmark an `<A>` written by holder-git stands for, as an importer reads it.
  static func read(_ link: Link) throws -> Bookmark {
    var attributes: [String: String] = [:]
    for attribute in link.anchor.attributes { attributes[attribute.name] = attribute.value }
    let bookmark = try NetscapeHolderFields.bookmark(
      attributes: attributes, title: link.anchor.text, note: link.note ?? "")
    return try #require(bookmark)
  }

  @Test func everyFieldOfEveryBookmarkReadsBackThroughLibxml2() async {
    await propertyCheck(count: 150, input: Gen.normalizedExportStore) { bookmarks in
      let html = BookmarkExporter(format: .netscape).bytes(bookmarks.map(ExportEntry.init))
      let links = Self.links(in: html)
      // One link per tag folder the bookmark is in, one for an untagged bookmark.
      #expect(links.count == bookmarks.reduce(0) { $0 + max(1, $1.tags.count) })
      var read: [BookmarkID: Bookmark] = [:]
      for link in links {
        let bookmark = try Self.read(link)
        if let earlier = read[bookmark.id] {
          #expect(earlier == bookmark)
        }
        read[bookmark.id] = bookmark
      }
      #expect(read.count == bookmarks.count)
      for bookmark in bookmarks {
        let back = read[bookmark.id]
        #expect(back?.url == bookmark.url)
        #expect(back?.title == bookmark.title)
        #expect(back?.note == bookmark.note)
        #expect(back?.tags == bookmark.tags)
        #expect(back?.favorite == bookmark.favorite)
        #expect(back?.created == bookmark.created)
        #expect(back?.lastModified == bookmark.lastModified)
        #expect(back?.metadata == bookmark.metadata)
        #expect(back?.extra == bookmark.extra)
      }
    }
  }

  @Test func browsersFindTheirAttributesInSecondsAndTheNoteInDD() throws {
    let links = Self.links(in: BookmarkExporter(format: .netscape).bytes(ExportSample.entries))
    let swift = try #require(links.first { $0.anchor.attribute("href")?.contains("swift") == true })
    #expect(swift.anchor.attribute("ADD_DATE") == "1795252443")
    #expect(swift.anchor.attribute("LAST_MODIFIED") == "1795252443")
    #expect(swift.anchor.attribute("TAGS") == "dev/swift,reading")
    #expect(swift.anchor.text == "The Swift Programming Language")
    #expect(swift.note?.trimmingCharacters(in: .whitespacesAndNewlines) == "컴파일러 소스를 읽을 때")
    // Before 1970 there is no ADD_DATE (readers take 0 or less as "no date").
    let old = try #require(
      links.first { $0.anchor.attribute("href")?.hasPrefix("javascript:") == true })
    #expect(old.anchor.attribute("ADD_DATE") == nil)
    #expect(old.anchor.attribute("HOLDER_CREATED") == "1969-12-31T23:59:59.500Z")
    let markup = try #require(
      links.first { $0.anchor.attribute("href")?.contains("search") == true })
    #expect(markup.anchor.attribute("href") == "https://example.org/search?q=a&b=%22c%22")
    #expect(markup.anchor.text == "<b>Tags & \"quotes\"</b> * not _emphasis_")
  }

  @Test func nestedTagsBecomeNestedFoldersHoldingTheBookmark() {
    let tree = HTMLParser.parse(
      String(
        decoding: BookmarkExporter(format: .netscape).bytes(ExportSample.entries), as: UTF8.self))
    let folders = tree.descendants(named: "h3").map(\.text)
    #expect(
      folders == ["dev", "swift", "places", "asia", "reading", "tools", "bookmarklets", "여행"])
  }
}
