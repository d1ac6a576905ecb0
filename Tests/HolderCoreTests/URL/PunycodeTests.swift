import Testing

@testable import HolderCore

/// RFC 3492 §7.1 samples (lower-cased, as hosts are stored) and well-known IDN labels.
@Suite struct PunycodeTests {
  static let samples: [(unicode: String, punycode: String)] = [
    ("münchen", "mnchen-3ya"),
    ("bücher", "bcher-kva"),
    ("한국", "3e0b707e"),
    ("例え", "r8jz45g"),
    ("テスト", "zckzah"),
    // (A) Arabic (Egyptian)
    (
      "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}"
        + "\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
      "egbpdaj6bu4bxfgehfvwxn"
    ),
    // (B) Chinese (simplified)
    (
      "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}",
      "ihqwcrb4cv8a8dqg056pqjye"
    ),
    // (L) 3<nen>B<gumi><kinpachi><sensei>, lower-cased
    ("3\u{5E74}b\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3b-ww4c5e180e575a65lsy2b"),
    // (P) Maji<de>Koi<suru>5<byou><mae>, lower-cased
    ("maji\u{3067}koi\u{3059}\u{308B}5\u{79D2}\u{524D}", "majikoi5-783gue6qz075azm5e"),
    // (R) <sono><supiido><de>
    ("\u{305D}\u{306E}\u{30B9}\u{30D4}\u{30FC}\u{30C9}\u{3067}", "d9juau41awczczp"),
  ]

  @Test(arguments: samples)
  func encodesAsTheRFCSays(_ sample: (unicode: String, punycode: String)) {
    #expect(Punycode.encode(sample.unicode) == sample.punycode)
  }

  @Test(arguments: samples)
  func decodesAsTheRFCSays(_ sample: (unicode: String, punycode: String)) {
    #expect(Punycode.decode(sample.punycode) == sample.unicode)
  }

  @Test(arguments: ["99999999999999", "a-!", "zz-\u{E9}", "ab-9999999999"])
  func refusesTextThatIsNotPunycode(_ text: String) {
    #expect(Punycode.decode(text) == nil)
  }
}
