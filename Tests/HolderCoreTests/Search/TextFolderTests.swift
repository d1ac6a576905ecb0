import HolderCore
import Testing

@Suite struct TextFolderTests {
  private func folded(_ text: String) -> String {
    var folder = TextFolder()
    return String(decoding: folder.fold(text), as: UTF8.self)
  }

  @Test func ignoresCase() {
    #expect(folded("The Swift Programming LANGUAGE") == "the swift programming language")
    #expect(folded("ΣΟΦΙΑ Москва") == folded("σοφια москва"))
  }

  @Test func ignoresDiacritics() {
    #expect(folded("Crème Brûlée à Paris") == "creme brulee a paris")
    #expect(folded("Ångström Ñandú Zürich façade") == "angstrom nandu zurich facade")
    #expect(folded("Tiếng Việt") == "tieng viet")
    #expect(folded("Łódź Øresund straße") == "lodz oresund strasse")
  }

  @Test func nfcAndNFDFoldAlike() {
    let nfd = "Cafe\u{301} 한국".decomposedForTest
    #expect(nfd.unicodeScalars.count > "Café 한국".unicodeScalars.count)
    #expect(folded(nfd) == folded("Café 한국"))
    #expect(folded(nfd) == "cafe 한국")
  }

  @Test func keepsHangulSyllablesKanaAndKanji() {
    #expect(folded("스위프트 프로그래밍") == "스위프트 프로그래밍")
    #expect(folded("東京タワーのひみつ") == "東京タワーのひみつ")
    // A voicing mark changes the word: が is not か.
    #expect(folded("がっこう") != folded("かっこう"))
  }

  @Test func foldsFullWidthLatinToASCII() {
    #expect(folded("ＳｗｉｆｔＵＩ　２０２６") == "swiftui 2026")
  }

  @Test func collapsesWhiteSpaceAndControls() {
    #expect(folded("a \t\n b\u{1B}c") == "a b c")
  }

  @Test func mapsFoldedBytesBackToCharacters() {
    var folder = TextFolder()
    let (bytes, offsets) = folder.foldWithCharacterOffsets("É한b")
    #expect(String(decoding: bytes, as: UTF8.self) == "e한b")
    #expect(offsets == [0, 1, 1, 1, 2])
  }
}

extension String {
  /// This text in NFD, as macOS file names and some keyboards produce it.
  var decomposedForTest: String {
    var scalars = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      let value = scalar.value
      if (0xAC00...0xD7A3).contains(value) {
        let index = value - 0xAC00
        let lead = 0x1100 + index / 588
        let vowel = 0x1161 + (index % 588) / 28
        let tail = index % 28
        scalars.append(Unicode.Scalar(lead) ?? scalar)
        scalars.append(Unicode.Scalar(vowel) ?? scalar)
        if tail != 0 { scalars.append(Unicode.Scalar(0x11A7 + tail) ?? scalar) }
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
