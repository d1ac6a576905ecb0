import HolderCore
import Testing

@Suite struct MatcherTests {
  typealias F = SearchFixtures

  let store = [
    F.bookmark(
      1, url: "https://github.com/swiftlang/swift", title: "The Swift Programming Language",
      note: "컴파일러 소스를 읽을 때", tags: ["dev/swift", "reading"], favorite: true, created: 20_000),
    F.bookmark(
      2, url: "https://ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8", title: "서울특별시 - 위키백과",
      note: "여행 전에 읽기", tags: ["여행/한국"], created: 20_100),
    F.bookmark(
      3, url: "https://www.jalan.net/kankou/tokyo", title: "東京タワーの歴史とアクセス",
      note: "とうきょうに行く", tags: ["travel/japan"], created: 20_200),
    F.bookmark(
      4, url: "https://fr.wikipedia.org/wiki/Cr%C3%A8me_br%C3%BBl%C3%A9e", title: "Crème brûlée",
      note: "Dessert à la française", tags: ["cuisine"],
      description: "La crème brûlée est un dessert", created: 20_300),
    F.bookmark(
      5, url: "https://blog.example.kr/swift", title: "스위프트 입문",
      note: "한국어 강좌", tags: ["dev/swift", "한국어"], created: 20_400),
  ]

  @Test func wordsCombineWithAnd() throws {
    #expect(try F.titles("swift language", in: store) == ["The Swift Programming Language"])
    #expect(try F.titles("swift nothing-like-this", in: store).isEmpty)
  }

  @Test func phrasesMustBeWhole() throws {
    #expect(try F.titles(#""swift programming""#, in: store) == ["The Swift Programming Language"])
    #expect(try F.titles(#""programming swift""#, in: store).isEmpty)
  }

  @Test func excludedWordsLeaveBookmarksOut() throws {
    #expect(try F.titles("swift -language", in: store) == ["스위프트 입문"])
  }

  @Test func ignoresCaseDiacriticsAndNormalization() throws {
    #expect(try F.titles("CREME BRULEE", in: store) == ["Crème brûlée"])
    #expect(try F.titles("crème", in: store) == ["Crème brûlée"])
    let nfdStore = [F.bookmark(9, url: "https://a.kr", title: "한국 café".decomposedForTest)]
    #expect(try F.titles("한국 café", in: nfdStore).count == 1)
    #expect(try F.titles("한국".decomposedForTest, in: store).count == 2)
  }

  @Test func fullWidthLatinFindsASCII() throws {
    #expect(try F.titles("ＳＷＩＦＴ ｌａｎｇｕａｇｅ", in: store) == ["The Swift Programming Language"])
  }

  @Test func koreanSyllablesAndInitials() throws {
    #expect(try F.titles("서울", in: store) == ["서울특별시 - 위키백과"])
    // 서울특별시 has the initials ㅅㅇㅌ too; both are title matches, so newer first.
    #expect(try F.titles("ㅅㅇㅌ", in: store) == ["스위프트 입문", "서울특별시 - 위키백과"])
    #expect(try F.titles("ㅍㄹㄱ", in: store).isEmpty)
    #expect(try F.titles("ㅎㄱ", in: store) == ["스위프트 입문", "서울특별시 - 위키백과"])
    #expect(try F.titles("ㅇㅎ", in: store) == ["서울특별시 - 위키백과"])
  }

  @Test func japaneseKanaAndKanjiBySubstring() throws {
    #expect(try F.titles("東京", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("タワー", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("きょう", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("大阪", in: store).isEmpty)
  }

  @Test func searchesEveryField() throws {
    #expect(try F.titles("컴파일러", in: store) == ["The Swift Programming Language"])
    #expect(try F.titles("jalan", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("est un dessert", in: store) == ["Crème brûlée"])
    #expect(try F.titles("japan", in: store) == ["東京タワーの歴史とアクセス"])
  }

  @Test func filters() throws {
    #expect(
      try F.titles("tag:dev", in: store, sort: .created) == [
        "스위프트 입문", "The Swift Programming Language",
      ])
    #expect(
      try F.titles("tag:DEV/Swift/ swift -스위프트", in: store) == ["The Swift Programming Language"])
    #expect(try F.titles("tag:여행", in: store) == ["서울특별시 - 위키백과"])
    #expect(try F.titles("tag:de", in: store).isEmpty)
    #expect(try F.titles("fav:yes", in: store) == ["The Swift Programming Language"])
    #expect(try F.titles("fav:no swift", in: store) == ["스위프트 입문"])
    #expect(
      try F.titles("site:wikipedia.org", in: store, sort: .created) == [
        "Crème brûlée", "서울특별시 - 위키백과",
      ])
    #expect(try F.titles("site:jalan.net", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("-site:wikipedia.org -tag:dev", in: store) == ["東京タワーの歴史とアクセス"])
  }

  @Test func dateFilters() throws {
    // Day 20_200 is 2025-04-22; day 20_300 is 2025-07-31.
    #expect(
      try F.titles("before:2025-04-22", in: store, sort: .created) == [
        "서울특별시 - 위키백과", "The Swift Programming Language",
      ])
    #expect(try F.titles("after:2025-04-22 before:2025-07-31", in: store) == ["東京タワーの歴史とアクセス"])
    #expect(try F.titles("after:2025-08", in: store) == ["스위프트 입문"])
  }

  @Test func reportsTheBestField() {
    let entry = F.entries([store[0]])[0]
    #expect(Matcher.match(SearchTerm("swift"), in: entry.document)?.field == .title)
    #expect(Matcher.match(SearchTerm("reading"), in: entry.document)?.field == .tags)
    #expect(Matcher.match(SearchTerm("github"), in: entry.document)?.field == .url)
    #expect(Matcher.match(SearchTerm("소스"), in: entry.document)?.field == .note)
  }

  @Test func matchesDocumentsThatAreSlicesOfOneBuffer() {
    let entries = F.entries(store)
    var buffer: [UInt8] = [1, 2, 3]
    var ranges: [Range<Int>] = []
    for entry in entries {
      ranges.append(buffer.count..<(buffer.count + entry.document.bytes.count))
      buffer += entry.document.bytes
    }
    for (entry, range) in zip(entries, ranges) {
      let sliced = SearchDocument(bytes: buffer[range])
      for word in ["swift", "서울", "タワー", "creme", "japan"] {
        #expect(
          Matcher.match(SearchTerm(word), in: sliced)
            == Matcher.match(SearchTerm(word), in: entry.document))
      }
      #expect(
        Matcher.match(SearchTerm("ㅅㅇㅌ"), in: sliced)
          == Matcher.match(SearchTerm("ㅅㅇㅌ"), in: entry.document))
      #expect(sliced.title == entry.document.title)
    }
  }

  @Test func aWordStartsAfterEveryASCIICharacterThatIsNeitherLetterNorNumber() {
    for byte in UInt8(0)..<0x80 {
      let document = SearchDocument(bytes: [byte, UInt8(ascii: "w")])
      let character = Character(Unicode.Scalar(byte))
      #expect(
        document.isWordStart(1) == !(character.isLetter || character.isNumber), "\(byte)")
    }
  }
}
