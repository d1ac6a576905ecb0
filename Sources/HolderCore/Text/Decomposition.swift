// Unicode's decompositions (NFD, NFKD) and the compatibility composition (NFKC), from a table
// made from Foundation's answers, so that no program links ICU for them.

/// Decomposes text as Unicode's normalization forms D and KD do.
///
/// Foundation's `decomposedStringWithCanonicalMapping` and its kin live in
/// swift-corelibs-foundation, and one use of it in a static program brings ICU and its 34 MB of
/// data along. The standard library composes (`String.nfc`) but does not decompose, so
/// the mappings are a table here (`DecompositionTable.swift`, written by
/// `scripts/unicode-decompositions`), and the test suite holds it to Foundation's answer for
/// every scalar.
enum Decomposition {
  /// Each scalar's full decomposition where it is not the scalar itself.
  private struct Tables: Sendable {
    let canonical: [UInt32: [Unicode.Scalar]]
    /// Only where the compatibility decomposition differs from the canonical one.
    let compatibility: [UInt32: [Unicode.Scalar]]
  }

  private static let tables = Tables(
    canonical: parse(canonicalLines), compatibility: parse(compatibilityLines))

  /// The full decomposition of one scalar, canonical or for compatibility.
  static func decomposition(of scalar: Unicode.Scalar, compatibility: Bool) -> [Unicode.Scalar] {
    let value = scalar.value
    // Nothing below U+00A0 decomposes, and the no-break space is the first that does.
    if value < 0xA0 { return [scalar] }
    if let hangul = hangulDecomposition(value) { return hangul }
    if compatibility, let parts = tables.compatibility[value] { return parts }
    return tables.canonical[value] ?? [scalar]
  }

  /// `text` decomposed: each scalar replaced by its full decomposition, then the combining
  /// marks of each run put in canonical order (Unicode's Canonical Ordering Algorithm).
  static func decomposed(_ text: some StringProtocol, compatibility: Bool) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return String(text) }
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      scalars.append(contentsOf: decomposition(of: scalar, compatibility: compatibility))
    }
    putInCanonicalOrder(&scalars)
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// A stable sort of each run of non-starters by combining class; starters (class 0) stay.
  private static func putInCanonicalOrder(_ scalars: inout [Unicode.Scalar]) {
    guard scalars.count > 1 else { return }
    for index in 1..<scalars.count {
      let combiningClass = scalars[index].properties.canonicalCombiningClass.rawValue
      guard combiningClass != 0 else { continue }
      var place = index
      while place > 0,
        scalars[place - 1].properties.canonicalCombiningClass.rawValue > combiningClass
      {
        scalars.swapAt(place - 1, place)
        place -= 1
      }
    }
  }

  /// A precomposed Hangul syllable's jamo, by Unicode's formula (§3.12 of the standard).
  private static func hangulDecomposition(_ value: UInt32) -> [Unicode.Scalar]? {
    let syllableBase: UInt32 = 0xAC00
    let trailingCount: UInt32 = 28
    let vowelTrailingCount: UInt32 = 21 * trailingCount
    guard (syllableBase...0xD7A3).contains(value) else { return nil }
    let index = value - syllableBase
    let leading = 0x1100 + index / vowelTrailingCount
    let vowel = 0x1161 + (index % vowelTrailingCount) / trailingCount
    let trailing = 0x11A7 + index % trailingCount
    let parts = trailing == 0x11A7 ? [leading, vowel] : [leading, vowel, trailing]
    return parts.compactMap(Unicode.Scalar.init)
  }

  /// The table's lines (`C0 41 300`: the scalar, then its decomposition) as a dictionary.
  private static func parse(_ lines: String) -> [UInt32: [Unicode.Scalar]] {
    var table: [UInt32: [Unicode.Scalar]] = [:]
    for line in lines.split(separator: "\n") {
      let fields = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
      guard let key = fields.first else { continue }
      table[key] = fields.dropFirst().compactMap(Unicode.Scalar.init)
    }
    return table
  }
}

extension StringProtocol {
  /// The text in Unicode Normalization Form D (canonical decomposition).
  package var nfd: String { Decomposition.decomposed(self, compatibility: false) }

  /// The text in Unicode Normalization Form KD (compatibility decomposition).
  package var nfkd: String { Decomposition.decomposed(self, compatibility: true) }

  /// The text in Unicode Normalization Form KC: decomposed for compatibility, then composed by
  /// the standard library's normaliser, as `String.nfc` is.
  package var nfkc: String { nfkd.nfc }
}
