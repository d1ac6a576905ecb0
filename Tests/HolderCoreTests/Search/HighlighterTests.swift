import HolderCore
import Testing

@Suite struct HighlighterTests {
  private func marked(_ query: String, _ text: String) throws -> String {
    let ranges = Highlighter.ranges(of: try QueryParser.parse(query), in: text)
    var result = ""
    for (offset, character) in text.enumerated() {
      if ranges.contains(where: { $0.lowerBound == offset }) { result += "[" }
      result.append(character)
      if ranges.contains(where: { $0.upperBound == offset + 1 }) { result += "]" }
    }
    return result
  }

  @Test func marksEveryMatchInTheOriginalText() throws {
    #expect(try marked("swift", "Swift and SWIFTUI") == "[Swift] and [SWIFT]UI")
    #expect(try marked("creme", "La Crème brûlée") == "La [Crème] brûlée")
    #expect(try marked("서울 -x", "서울특별시") == "[서울]특별시")
    #expect(try marked("ㅅㅇㅌ", "애플 스위프트") == "애플 [스위프트]")
    #expect(try marked("swift language", "Swift Language") == "[Swift] [Language]")
  }

  @Test func marksWhatAWordStillBeingTypedFound() throws {
    #expect(try marked("서우", "서울 여행") == "[서울] 여행")
    #expect(try marked("성", "서울 여행") == "[서울] 여행")
    #expect(try marked("한ㄱ", "대한국인") == "대[한국]인")
    #expect(try marked("ㅎㄱㅇㅎ", "한국 여행기") == "[한국 여행]기")
  }

  @Test func nfdTextIsMarkedByCharacter() throws {
    #expect(try marked("café", "Cafe\u{301} bar") == "[Cafe\u{301}] bar")
  }
}
