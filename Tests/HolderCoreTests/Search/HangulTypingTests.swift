import HolderCore
import HolderCoreTestSupport
import Testing

/// Search as a Korean typist types: every screen a 2-beolsik keyboard shows on the way to a
/// title finds it, and what a half-typed word finds stays what it could still become.
@Suite struct HangulTypingTests {
  typealias F = SearchFixtures

  private func finds(_ query: String, _ title: String) throws -> Bool {
    let store = [F.bookmark(1, url: "https://example.org/", title: title)]
    return try F.titles(query, in: store) == [title]
  }

  @Test func theKeyboardModelTypesWhatItIsGiven() {
    #expect(TwoSetKeyboard.screens(TwoSetKeyboard.keys("서울")) == ["ㅅ", "서", "성", "서우", "서울"])
    #expect(
      TwoSetKeyboard.screens(TwoSetKeyboard.keys("한국")) == ["ㅎ", "하", "한", "한ㄱ", "한구", "한국"])
    #expect(TwoSetKeyboard.screens(TwoSetKeyboard.keys("닭이")).suffix(3) == ["닭", "닭ㅇ", "닭이"])
    #expect(TwoSetKeyboard.screens(TwoSetKeyboard.keys("안주")).suffix(2) == ["앉", "안주"])
  }

  @Test func theIssuesExamplesFindWhatIsBeingTyped() throws {
    #expect(try finds("한ㄱ", "한국"))
    #expect(try finds("서우", "서울"))
    #expect(try finds("성", "서울"))
    #expect(try finds("서울ㄹ", "서울랜드"))
    #expect(try finds("ㅎㄱㅇㅎ", "한국 여행"))
    #expect(try finds("ㅎㄱ ㅇㅎ", "한국 여행"))
  }

  @Test func aFinalThatMayStillMoveOnFindsTheNextSyllable() throws {
    // The keyboard shows 닭 on the way to 달걀, 앉 to 안주, 있 to 이써, 고 to 과자.
    #expect(try finds("닭", "달걀"))
    #expect(try finds("앉", "안주"))
    #expect(try finds("있", "이써"))
    #expect(try finds("고", "과자"))
    #expect(try finds("달", "닭고기"))
    #expect(try finds("ㄳ", "감사"))
    #expect(try finds("ㅎㄱㅇㅎ", "한국어 여행"))
  }

  @Test func whatAHalfTypedWordFindsIsWhatItCouldStillBecome() throws {
    // A lone initial is the start of a syllable, never a final.
    #expect(try !finds("ㄱ", "박"))
    #expect(try !finds("한ㄱ", "한나"))
    #expect(try !finds("한ㄱ", "학교"))
    #expect(try !finds("한ㄱ", "한 국"))
    #expect(try !finds("서우", "서유"))
    #expect(try !finds("서우", "서오"))
    // 성's ㅇ can only move on to begin the next syllable.
    #expect(try !finds("성", "서나"))
    #expect(try !finds("과", "고아"))
    // Initials go on into the next word only from its first syllable.
    #expect(try !finds("ㅎㄱ", "한 대국"))
    #expect(try !finds("ㅎㅎ", "한국 여행"))
  }

  @Test func theWordAsTypedRanksAboveWhatItMayBecome() throws {
    let store = [
      F.bookmark(1, url: "https://a.kr/", title: "성곽 안내", created: 1),
      F.bookmark(2, url: "https://b.kr/", title: "서울 안내", created: 2),
    ]
    #expect(try F.titles("성", in: store) == ["성곽 안내", "서울 안내"])
    #expect(try F.titles("서", in: store) == ["서울 안내", "성곽 안내"])
  }

  @Test func excludingAHalfTypedWordLeavesOutOnlyTheWord() throws {
    let store = [
      F.bookmark(1, url: "https://a.kr/", title: "성곽 안내", created: 1),
      F.bookmark(2, url: "https://b.kr/", title: "서울 안내", created: 2),
    ]
    #expect(try F.titles("안내 -성", in: store) == ["서울 안내"])
  }

  @Test func everyScreenOnTheWayToARandomTitleFindsIt() throws {
    var random = SplitMix(state: 35)
    for _ in 0..<1500 {
      let title = Self.randomTitle(&random)
      let keys = TwoSetKeyboard.keys(title)
      let screens = TwoSetKeyboard.screens(keys)
      try #require(screens.last == title)
      let entries = F.entries([F.bookmark(1, url: "https://example.org/", title: title)])
      for screen in screens {
        let query = try QueryParser.parse(screen)
        #expect(Matcher.score(query, entries[0]) != nil, "'\(screen)' on the way to '\(title)'")
      }
    }
  }

  @Test func everyRunOfInitialsOfARandomTitleFindsIt() throws {
    var random = SplitMix(state: 3535)
    for _ in 0..<1500 {
      let title = Self.randomTitle(&random)
      let words = title.split(separator: " ").map { word in
        String(word.map { TwoSetKeyboard.keys(String($0))[0] }.joined())
      }
      let entries = F.entries([F.bookmark(1, url: "https://example.org/", title: title)])
      for typed in [words.joined(), words.joined(separator: " ")] {
        for length in 1...typed.count {
          let query = try QueryParser.parse(String(typed.prefix(length)))
          #expect(
            Matcher.score(query, entries[0]) != nil, "'\(typed.prefix(length))' for '\(title)'")
        }
      }
    }
  }

  /// One to three words of one to four syllables drawn from all 11,172.
  static func randomTitle(_ random: inout SplitMix) -> String {
    (0..<Int.random(in: 1...3, using: &random)).map { _ in
      String(
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
          TwoSetKeyboard.syllable(
            initial: Int.random(in: 0..<19, using: &random),
            medial: Int.random(in: 0..<21, using: &random),
            final: Int.random(in: 0..<28, using: &random))
        })
    }.joined(separator: " ")
  }
}
