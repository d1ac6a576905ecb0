/// Korean initial-consonant search: `ㅅㅇㅌ` finds `스위프트`, `ㅎㄱ` finds `한국`, `ㅎㄱㅇㅎ`
/// finds `한국 여행`; and the keys of the 2-beolsik keyboard that type a Hangul character, which
/// a word still being typed is matched by (`HangulTyping`).
public enum Hangul {
  /// The compatibility jamo of the 19 initial consonants, in syllable order.
  static let initialConsonants: [UInt32] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
    0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]

  /// The compatibility jamo of the 27 final consonants, in syllable order: every consonant
  /// jamo but the three that never end a syllable (ㄸ, ㅃ, ㅉ).
  static let finalConsonants: [UInt32] = (UInt32(0x3131)...0x314E).filter {
    $0 != 0x3138 && $0 != 0x3143 && $0 != 0x3149
  }

  /// The two keys of each consonant cluster: a keyboard has no key for them, so `닭` is typed
  /// ㄷ ㅏ ㄹ ㄱ and shows `달` before the ㄱ.
  static let consonantClusters: [UInt32: [UInt32]] = Dictionary(
    uniqueKeysWithValues: [
      "ㄳㄱㅅ", "ㄵㄴㅈ", "ㄶㄴㅎ", "ㄺㄹㄱ", "ㄻㄹㅁ", "ㄼㄹㅂ", "ㄽㄹㅅ", "ㄾㄹㅌ", "ㄿㄹㅍ", "ㅀㄹㅎ",
      "ㅄㅂㅅ",
    ].map(Hangul.cluster))

  /// The two keys of each compound vowel (`ㅘ` is ㅗ then ㅏ), as compatibility jamo.
  static let vowelClusters: [UInt32: [UInt32]] = Dictionary(
    uniqueKeysWithValues: ["ㅘㅗㅏ", "ㅙㅗㅐ", "ㅚㅗㅣ", "ㅝㅜㅓ", "ㅞㅜㅔ", "ㅟㅜㅣ", "ㅢㅡㅣ"].map(Hangul.cluster))

  private static func cluster(_ spelled: String) -> (UInt32, [UInt32]) {
    let values = spelled.unicodeScalars.map(\.value)
    return (values[0], Array(values.dropFirst()))
  }

  /// True for a precomposed Hangul syllable (가 … 힣).
  public static func isSyllable(_ value: UInt32) -> Bool {
    (0xAC00...0xD7A3).contains(value)
  }

  /// True for a consonant as people type it alone: a compatibility jamo (ㄱ … ㅎ) or a
  /// conjoining initial (U+1100 … U+1112).
  static func isLoneConsonant(_ value: UInt32) -> Bool {
    (0x3131...0x314E).contains(value) || (0x1100...0x1112).contains(value)
  }

  /// The initial consonant of a syllable as compatibility jamo (`스` → `ㅅ`); nil otherwise.
  public static func initialConsonant(of value: UInt32) -> UInt32? {
    guard isSyllable(value) else { return nil }
    return initialConsonants[Int((value - 0xAC00) / 588)]
  }

  /// The keys of the 2-beolsik keyboard that type `value`, as compatibility jamo (`닭` → ㄷ ㅏ ㄹ
  /// ㄱ, `과` → ㄱ ㅗ ㅏ); any other character is its own key.
  ///
  /// A syllable is decomposed by arithmetic: U+AC00 + (initial × 21 + medial) × 28 + final.
  public static func keys(of value: UInt32) -> [UInt32] {
    if isSyllable(value) {
      let index = Int(value - 0xAC00)
      let final = index % 28
      var keys = [initialConsonants[index / 588]]
      keys += vowelKeys(0x314F + UInt32(index % 588 / 28))
      if final > 0 { keys += consonantKeys(finalConsonants[final - 1]) }
      return keys
    }
    if (0x1100...0x1112).contains(value) { return [initialConsonants[Int(value - 0x1100)]] }
    if (0x3131...0x314E).contains(value) { return consonantKeys(value) }
    if (0x314F...0x3163).contains(value) { return vowelKeys(value) }
    return [value]
  }

  private static func consonantKeys(_ jamo: UInt32) -> [UInt32] {
    consonantClusters[jamo] ?? [jamo]
  }

  private static func vowelKeys(_ jamo: UInt32) -> [UInt32] {
    vowelClusters[jamo] ?? [jamo]
  }

  /// The consonants of `text` when it is made of initial consonants only (`ㅅㅇㅌ`), else nil.
  ///
  /// Both the compatibility jamo people type and the conjoining initials (U+1100…) count. A
  /// cluster stands for its two consonants: some keyboards show ㄱ then ㅅ typed alone as `ㄳ`.
  public static func initialsQuery(_ text: String) -> [UInt32]? {
    var consonants: [UInt32] = []
    for scalar in text.unicodeScalars {
      let value = scalar.value
      guard isLoneConsonant(value) else { return nil }
      consonants += keys(of: value)
    }
    return consonants.isEmpty ? nil : consonants
  }

  /// Where `consonants` are found, in order, as the initials of the syllables of `text`
  /// (folded UTF-8): the byte range from the first to the last matched syllable.
  ///
  /// Within a word the consonants need not be adjacent (`ㅅㅇㅌ` finds `스위프트`); they go on
  /// into the next word over one space only from its first syllable (`ㅎㄱㅇㅎ` finds `한국
  /// 여행`), so a query never strings together syllables picked from here and there.
  public static func match(
    _ consonants: [UInt32], in text: ArraySlice<UInt8>, from start: Int? = nil
  ) -> Range<Int>? {
    guard let first = consonants.first else { return nil }
    var position = max(start ?? text.startIndex, text.startIndex)
    while position + 2 < text.endIndex {
      guard let (value, _) = syllable(in: text, at: position) else {
        position += 1
        continue
      }
      if initialConsonant(of: value) == first,
        let end = matchRest(consonants.dropFirst(), in: text, after: position)
      {
        return position..<end
      }
      position += 3
    }
    return nil
  }

  /// Matches the remaining consonants after the syllable at `position`, in its word or from
  /// the start of the words that follow it: the end of the shortest match, or nil.
  ///
  /// Every way of matching is followed at once (how many consonants each has matched), since
  /// taking a consonant where it first appears can be wrong: `ㅎㄱㅇㅎ` in `한국어 여행` must
  /// pass over the ㅇ of `어` to enter `여행` with it.
  private static func matchRest(
    _ rest: ArraySlice<UInt32>, in text: ArraySlice<UInt8>, after position: Int
  ) -> Int? {
    guard !rest.isEmpty else { return position + 3 }
    var matched: Set<Int> = [rest.startIndex]
    var cursor = position + 3
    while !matched.isEmpty {
      var next: Set<Int> = []
      if let (value, _) = syllable(in: text, at: cursor) {
        let initial = initialConsonant(of: value)
        next = matched
        for index in matched where rest[index] == initial { next.insert(index + 1) }
        cursor += 3
      } else if cursor < text.endIndex, text[cursor] == 0x20,
        let (value, _) = syllable(in: text, at: cursor + 1)
      {
        let initial = initialConsonant(of: value)
        for index in matched where rest[index] == initial { next.insert(index + 1) }
        cursor += 4
      }
      if next.contains(rest.endIndex) { return cursor }
      matched = next
    }
    return nil
  }

  /// The Hangul syllable whose 3-byte UTF-8 starts at `position`, if there is one.
  static func syllable(in text: ArraySlice<UInt8>, at position: Int) -> (UInt32, Int)? {
    guard position >= text.startIndex, position + 2 < text.endIndex else { return nil }
    let lead = text[position]
    guard lead >= 0xEA && lead <= 0xED else { return nil }
    let value =
      UInt32(lead & 0x0F) << 12 | UInt32(text[position + 1] & 0x3F) << 6
      | UInt32(text[position + 2] & 0x3F)
    guard text[position + 1] & 0xC0 == 0x80, isSyllable(value) else { return nil }
    return (value, 3)
  }
}
