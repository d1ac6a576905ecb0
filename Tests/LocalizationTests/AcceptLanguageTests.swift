import Localization
import PropertyBased
import Testing

/// The web app's language from the browser's `Accept-Language`, as RFC 9110 reads the header.
@Suite struct AcceptLanguageTests {
  @Test(arguments: [
    ("ko", Language.korean), ("ja", .japanese), ("en", .english),
    ("ko-KR", .korean), ("ja-JP", .japanese), ("KO-kr", .korean), ("en-US,en;q=0.9", .english),
    ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", .korean),
    ("fr, ko;q=0.5", .korean), ("fr-CA, fr;q=0.9, ja;q=0.1", .japanese),
    ("en;q=0.5, ja", .japanese), ("ja;q=0.8, ko;q=0.8", .japanese),
    ("ko;q=0.3, ja;q=0.31", .japanese),
    ("ko;q=0, ja;q=0.2", .japanese), ("ko;q=1.000", .korean), ("ko ; q=0.5 , fr", .korean),
    ("ko, , en", .korean), ("*", .english), ("*, ko;q=0.5", .english), ("fr, de", .english),
    ("", .english), ("ko;q=0", .english), ("kor", .english),
  ])
  func theBrowsersFirstLanguageWeSpeakDecides(_ header: String, _ expected: Language) {
    #expect(Language(acceptLanguage: header) == expected)
  }

  /// A header that is not a list of language ranges is answered in English, not in a guess.
  @Test(arguments: [
    "ko;q=2", "ko;q=0.5x", "ko;q=1.5", "ko;q=0.1234", "ko;level=1", "ko_KR", "ko-", "-ko",
    "한국어", "ko-KR-abcdefghi", "ko;q=", "ko,ja;;q=1", "ko;q=.5",
  ])
  func aMalformedHeaderIsEnglish(_ header: String) {
    #expect(Language(acceptLanguage: header) == .english)
  }

  @Test func anyHeaderGivesALanguage() async {
    let pieces = [
      "ko", "ja", "en", "fr", "-", "KR", "JP", ",", ";", "q=", "0", "1", ".", "5", " ", "*", "\t",
      "한", "=", "x", "\"", "q", "000",
    ]
    let made = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...24).map { indices in
      indices.map { pieces[$0] }.joined()
    }
    await propertyCheck(count: 2000, input: made, Gen.ascii.string(of: 0...40)) { header, noise in
      for text in [header, noise, header + noise] {
        #expect(Language.allCases.contains(Language(acceptLanguage: text)))
      }
    }
  }

  /// Adding a language holder-git does not speak, at any place and weight, changes nothing.
  @Test func unknownLanguagesAreIgnored() async {
    let spoken = ["ko", "ja-JP", "en-GB", "ko;q=0.4"]
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...3), Gen.int(in: 0...9), Gen.bool
    ) { which, weight, before in
      let header = spoken[which]
      let other = "fr;q=0.\(weight)"
      let mixed = before ? other + ", " + header : header + ", " + other
      #expect(Language(acceptLanguage: mixed) == Language(acceptLanguage: header))
    }
  }
}
