/// Korean initial-consonant search: `ㅅㅇㅌ` finds `스위프트`, `ㅎㄱ` finds `한국`.
public enum Hangul {
  /// The compatibility jamo of the 19 initial consonants, in syllable order.
  static let initialConsonants: [UInt32] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
    0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]

  /// True for a precomposed Hangul syllable (가 … 힣).
  public static func isSyllable(_ value: UInt32) -> Bool {
    (0xAC00...0xD7A3).contains(value)
  }

  /// The initial consonant of a syllable as compatibility jamo (`스` → `ㅅ`); nil otherwise.
  public static func initialConsonant(of value: UInt32) -> UInt32? {
    guard isSyllable(value) else { return nil }
    return initialConsonants[Int((value - 0xAC00) / 588)]
  }

  /// The consonants of `text` when it is made of initial consonants only (`ㅅㅇㅌ`), else nil.
  ///
  /// Both the compatibility jamo people type and the conjoining initials (U+1100…) count.
  public static func initialsQuery(_ text: String) -> [UInt32]? {
    var consonants: [UInt32] = []
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if initialConsonants.contains(value) {
        consonants.append(value)
      } else if (0x1100...0x1112).contains(value) {
        consonants.append(initialConsonants[Int(value - 0x1100)])
      } else {
        return nil
      }
    }
    return consonants.isEmpty ? nil : consonants
  }

  /// Where `consonants` are found, in order, as the initials of the syllables of one word of
  /// `text` (folded UTF-8): the byte range from the first to the last matched syllable.
  ///
  /// The consonants need not be adjacent (`ㅅㅇㅌ` finds `스위프트`), but they must all be in
  /// one run of syllables, so a query never strings together unrelated words.
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

  /// Matches the remaining consonants in the same word after the syllable at `position`.
  private static func matchRest(
    _ rest: ArraySlice<UInt32>, in text: ArraySlice<UInt8>, after position: Int
  ) -> Int? {
    var remaining = rest
    var cursor = position + 3
    while let wanted = remaining.first {
      guard let (value, _) = syllable(in: text, at: cursor) else { return nil }
      if initialConsonant(of: value) == wanted { remaining.removeFirst() }
      cursor += 3
    }
    return cursor
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
