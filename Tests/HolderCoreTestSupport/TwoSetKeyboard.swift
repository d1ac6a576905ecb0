// Owns a model of the Korean 2-beolsik (두벌식) keyboard as an input method shows it: what is
// on the screen after each key, the in-between states included, for the search-as-you-type
// tests. Written from the keyboard's rules, not from the search code it checks: a syllable is
// built by U+AC00 + (initial × 21 + medial) × 28 + final from the keys' own tables here.

/// What a 2-beolsik input method shows while Korean text is typed, key by key.
public enum TwoSetKeyboard {
  /// The 19 initial consonants, in syllable order: one key each (the doubled ones with shift).
  static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ").map(String.init)
  /// The 21 vowels, in syllable order, as the keys that type them.
  static let medials = [
    "ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅗㅏ", "ㅗㅐ", "ㅗㅣ", "ㅛ", "ㅜ", "ㅜㅓ",
    "ㅜㅔ", "ㅜㅣ", "ㅠ", "ㅡ", "ㅡㅣ", "ㅣ",
  ]
  /// The 27 final consonants, in syllable order (index 0 is none), as the keys that type them.
  static let finals = [
    "", "ㄱ", "ㄲ", "ㄱㅅ", "ㄴ", "ㄴㅈ", "ㄴㅎ", "ㄷ", "ㄹ", "ㄹㄱ", "ㄹㅁ", "ㄹㅂ", "ㄹㅅ", "ㄹㅌ",
    "ㄹㅍ", "ㄹㅎ", "ㅁ", "ㅂ", "ㅂㅅ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
  ]
  /// The vowel keys as the lone jamo the keyboard shows (ㅏ … ㅣ, U+314F …).
  static let vowelKeys = Set(medials.filter { $0.count == 1 })

  /// The syllable of the given initial, medial and final indices.
  public static func syllable(initial: Int, medial: Int, final: Int) -> Character {
    Character(Unicode.Scalar(0xAC00 + UInt32((initial * 21 + medial) * 28 + final)) ?? " ")
  }

  /// The keys that type `text`: each syllable's initial, vowel and final keys; a space is the
  /// space bar.
  public static func keys(_ text: String) -> [String] {
    var keys: [String] = []
    for scalar in text.unicodeScalars {
      let value = Int(scalar.value)
      guard (0xAC00...0xD7A3).contains(value) else {
        keys.append(String(scalar))
        continue
      }
      let index = value - 0xAC00
      keys.append(initials[index / 588])
      keys += medials[index % 588 / 28].map(String.init)
      keys += finals[index % 28].map(String.init)
    }
    return keys
  }

  /// What the screen shows after each key of `keys`, in order: the last is the text typed.
  public static func screens(_ keys: [String]) -> [String] {
    states(keys).map { $0.committed + $0.composing }
  }

  /// After each key of `keys`: the text committed, and the syllable still being composed
  /// (what an input method hands a page as its composition).
  public static func states(_ keys: [String]) -> [(committed: String, composing: String)] {
    var typing = Typing()
    return keys.map { key in
      typing.press(key)
      return (typing.committed, typing.block)
    }
  }

  /// The syllable being put together and what was committed before it.
  struct Typing {
    var committed = ""
    var initial: String?
    var medial = ""
    var final = ""

    /// The block being composed, as shown.
    var block: String {
      guard let initial else { return medial }
      guard let l = initials.firstIndex(of: initial), let v = medials.firstIndex(of: medial),
        let f = finals.firstIndex(of: final)
      else { return initial + medial + final }
      return String(TwoSetKeyboard.syllable(initial: l, medial: v, final: f))
    }

    mutating func commit() {
      committed += block
      (initial, medial, final) = (nil, "", "")
    }

    mutating func press(_ key: String) {
      if key == " " {
        commit()
        committed += " "
      } else if vowelKeys.contains(key) {
        pressVowel(key)
      } else {
        pressConsonant(key)
      }
    }

    private mutating func pressConsonant(_ key: String) {
      if initial != nil && !medial.isEmpty && finals.contains(final + key) {
        // After a vowel a consonant ends the syllable, or joins its final into a cluster.
        final += key
      } else {
        commit()
        initial = key
      }
    }

    private mutating func pressVowel(_ key: String) {
      if initial != nil && final.isEmpty && medials.contains(medial + key) {
        medial += key
      } else if let moving = final.last {
        // A vowel after a final takes the final's last consonant as its initial.
        final.removeLast()
        commit()
        (initial, medial) = (String(moving), key)
      } else {
        commit()
        medial = key
      }
    }
  }
}
