/// A search word whose end is Hangul still being typed, and where it is found.
///
/// A 2-beolsik keyboard shows every keystroke at once, and changes what it showed as the next
/// keys come: typing `서울` shows `ㅅ`, `서`, `성`, `서우`, `서울`; typing `한국` shows `한ㄱ` on
/// the way. Search as you type must find the title at each of those, so the word's last
/// syllable stands for every syllable its keys begin (`우` for `울`; `성` for `서` followed by
/// a syllable beginning with ㅇ, the ㅇ moving on), and consonants typed after a syllable stand
/// for the initials of the syllables that follow it (`한ㄱ` for `한국`).
public struct HangulTyping: Hashable, Sendable {
  /// The folded bytes typed before the part that may still change: found as they are.
  public var settled: [UInt8]
  /// What the end of the word stands for.
  public var tail: Tail

  /// The part of a word that typing may still change.
  public enum Tail: Hashable, Sendable {
    /// The last syllable, as its keys: they begin the keys of the text found there.
    case syllable(keys: [UInt32])
    /// Consonants typed alone after a syllable: the initials of the syllables right after it.
    case initials([UInt32])
  }

  /// How `folded` (a folded search word) is matched while typed, or nil when its end is not
  /// Hangul that typing may change (so it is matched as it is).
  public init?(folded: [UInt8]) {
    let scalars = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
    guard let last = scalars.last else { return nil }
    if Hangul.isSyllable(last.value) {
      settled = Array(folded.dropLast(3))
      tail = .syllable(keys: Hangul.keys(of: last.value))
      return
    }
    // Consonants typed alone after a syllable; consonants alone are an initials query.
    let consonants = scalars.reversed().prefix { Hangul.isLoneConsonant($0.value) }
    guard consonants.count < scalars.count,
      Hangul.isSyllable(scalars[scalars.count - consonants.count - 1].value)
    else { return nil }
    var settled = folded
    var initials: [UInt32] = []
    for consonant in consonants {
      settled.removeLast(String(consonant).utf8.count)
      initials = Hangul.keys(of: consonant.value) + initials
    }
    self.settled = settled
    self.tail = .initials(initials)
  }

  /// The first place at or after `start` where the word is found in `text` (folded UTF-8), as
  /// a byte range that ends with the last character its end touches.
  public func match(in text: ArraySlice<UInt8>, from start: Int) -> Range<Int>? {
    var position = max(start, text.startIndex)
    if settled.isEmpty, case .syllable(let keys) = tail {
      return Self.matchSyllable(keys, in: text, from: position)
    }
    let document = SearchDocument(bytes: text)
    while let begin = document.find(settled, from: position) {
      if let end = matchTail(in: text, at: begin + settled.count) { return begin..<end }
      position = begin + 1
    }
    return nil
  }

  /// The first syllable at or after `start` whose keys, and those of the text after it, begin
  /// with `keys`: a word that is its last syllable alone.
  private static func matchSyllable(
    _ keys: [UInt32], in text: ArraySlice<UInt8>, from start: Int
  ) -> Range<Int>? {
    guard let initial = keys.first else { return nil }
    var position = start
    while position + 2 < text.endIndex {
      guard let (value, length) = Hangul.syllable(in: text, at: position) else {
        position += 1
        continue
      }
      // Most syllables begin with another consonant: passed over before their keys are
      // worked out.
      if Hangul.initialConsonant(of: value) == initial,
        let end = matchKeys(keys, in: text, at: position)
      {
        return position..<end
      }
      position += length
    }
    return nil
  }

  /// The end of the tail's match when it begins at `position`, or nil.
  private func matchTail(in text: ArraySlice<UInt8>, at position: Int) -> Int? {
    switch tail {
    case .initials(let consonants):
      var cursor = position
      for consonant in consonants {
        guard let (value, length) = Hangul.syllable(in: text, at: cursor),
          Hangul.initialConsonant(of: value) == consonant
        else { return nil }
        cursor += length
      }
      return cursor
    case .syllable(let keys):
      guard let (value, _) = Hangul.syllable(in: text, at: position),
        Hangul.initialConsonant(of: value) == keys.first
      else { return nil }
      return Self.matchKeys(keys, in: text, at: position)
    }
  }

  /// The end of the characters from `position` whose keys begin with `keys`, or nil.
  private static func matchKeys(_ keys: [UInt32], in text: ArraySlice<UInt8>, at position: Int)
    -> Int?
  {
    var wanted = keys[...]
    var cursor = position
    while !wanted.isEmpty {
      guard let (value, length) = scalar(in: text, at: cursor) else { return nil }
      let typed = Hangul.keys(of: value)
      let shared = min(typed.count, wanted.count)
      guard typed.prefix(shared).elementsEqual(wanted.prefix(shared)) else { return nil }
      wanted = wanted.dropFirst(shared)
      cursor += length
    }
    return cursor
  }

  /// The scalar whose UTF-8 starts at `position`, and its length; nil at the end, at a zero
  /// byte (the end of a field) or inside a character.
  static func scalar(in text: ArraySlice<UInt8>, at position: Int) -> (UInt32, Int)? {
    guard position >= text.startIndex, position < text.endIndex else { return nil }
    let lead = text[position]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x01..<0x80: return (UInt32(lead), 1)
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0..<0xF8: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard position + length <= text.endIndex else { return nil }
    for offset in 1..<length {
      let byte = text[position + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (value, length)
  }
}
