// Strings in NFC, as the store writes them.

extension String {
  /// The string in Unicode Normalization Form C, as the store writes every string.
  ///
  /// Uses the standard library's normaliser (the one behind `String`'s `==`)
  /// rather than Foundation's `precomposedStringWithCanonicalMapping`: on
  /// Linux the latter composes archaic Hangul jamo that have no composition,
  /// turning U+1113 U+1175 into U+FFFD and `a` U+1113 U+1161 into U+D7A4,
  /// which would corrupt text on write. Using the same normaliser as `==`
  /// also keeps "equal keys" and "equal after NFC" the same thing.
  package var nfc: String {
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    return String(decoding: _nfcCodeUnits, as: UTF8.self)
  }
}
