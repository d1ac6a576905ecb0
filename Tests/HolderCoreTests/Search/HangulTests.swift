import HolderCore
import Testing

@Suite struct HangulTests {
  private func bytes(_ text: String) -> ArraySlice<UInt8> {
    var folder = TextFolder()
    return folder.fold(text)[...]
  }

  @Test func knowsTheInitialConsonantOfASyllable() {
    #expect(Hangul.initialConsonant(of: "스".unicodeScalars.first?.value ?? 0) == 0x3145)
    #expect(Hangul.initialConsonant(of: "한".unicodeScalars.first?.value ?? 0) == 0x314E)
    #expect(Hangul.initialConsonant(of: "a".unicodeScalars.first?.value ?? 0) == nil)
  }

  @Test func recognisesAnInitialsQuery() {
    #expect(Hangul.initialsQuery("ㅅㅇㅌ") == [0x3145, 0x3147, 0x314C])
    #expect(Hangul.initialsQuery("\u{1112}\u{1100}") == [0x314E, 0x3131])
    #expect(Hangul.initialsQuery("한국") == nil)
    #expect(Hangul.initialsQuery("ㅎa") == nil)
    #expect(Hangul.initialsQuery("ㅏ") == nil)
  }

  @Test func findsWordsByInitialConsonants() {
    #expect(Hangul.match([0x3145, 0x3147, 0x314C], in: bytes("스위프트")) != nil)
    #expect(Hangul.match([0x314E, 0x3131], in: bytes("대한민국 한국어")) != nil)
    #expect(Hangul.match([0x314E, 0x3131], in: bytes("한국")) == 0..<6)
  }

  @Test func goesOnIntoTheNextWordOnlyFromItsFirstSyllable() {
    #expect(Hangul.match([0x314E, 0x3131], in: bytes("한 국")) == 0..<7)
    #expect(Hangul.match([0x314E, 0x3131], in: bytes("한 대국")) == nil)
    #expect(Hangul.match([0x3145, 0x3147, 0x314C], in: bytes("스위 가트")) == nil)
    #expect(Hangul.match([0x314E, 0x3131], in: bytes("한-국")) == nil)
  }

  @Test func typesSyllablesWithTheKeysOfTheTwoSetKeyboard() {
    func keys(_ text: String) -> String {
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.flatMap { Hangul.keys(of: $0.value) }.compactMap(Unicode.Scalar.init))
      )
    }
    #expect(keys("닭") == "ㄷㅏㄹㄱ")
    #expect(keys("과") == "ㄱㅗㅏ")
    #expect(keys("쌓") == "ㅆㅏㅎ")
    #expect(keys("ㄳ") == "ㄱㅅ")
    #expect(keys("a한") == "aㅎㅏㄴ")
    #expect(Hangul.initialsQuery("ㄳ") == [0x3131, 0x3145])
  }

  @Test func findsMatchesInASliceOfALargerBuffer() {
    var folder = TextFolder()
    let buffer = folder.fold("앞부분 ") + folder.fold("한국 스위프트")
    let slice = buffer[10...]
    #expect(Hangul.match([0x314E, 0x3131], in: slice) == 10..<16)
    #expect(Hangul.match([0x3145, 0x3147, 0x314C], in: slice, from: 11) == 17..<29)
  }
}
