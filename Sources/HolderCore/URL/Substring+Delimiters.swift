/// Finding a URL's ASCII delimiters (`:` `/` `?` `#` `@` `[` `]` `.`) by Unicode scalar.
///
/// A Swift Character is a grapheme cluster, so a combining mark typed after a delimiter
/// (`//` then U+0658) joins it into one Character that is no longer `/`. Searching by
/// Character then misses the delimiter, and a second normalisation of the stored text,
/// where the mark is percent-encoded, reads another URL (found by fuzz-url). Every search
/// for a delimiter goes through these, which look at scalars; slicing at the positions they
/// give keeps the mark with the text after the delimiter.
extension Substring {
  /// The position of the first scalar that is one of `delimiters`.
  func firstDelimiter(in delimiters: String) -> Index? {
    unicodeScalars.firstIndex { delimiters.unicodeScalars.contains($0) }
  }

  /// The position of the last `delimiter` scalar.
  func lastDelimiter(_ delimiter: Unicode.Scalar) -> Index? {
    unicodeScalars.lastIndex(of: delimiter)
  }

  /// Whether the text starts with the scalars of `prefix`.
  func startsWithDelimiters(_ prefix: String) -> Bool {
    unicodeScalars.starts(with: prefix.unicodeScalars)
  }

  /// The text after the delimiter scalar at `position`.
  func after(delimiterAt position: Index) -> Substring {
    self[unicodeScalars.index(after: position)...]
  }

  /// The text without its first `count` scalars (delimiters the caller has checked).
  func droppingDelimiters(_ count: Int) -> Substring {
    self[unicodeScalars.index(startIndex, offsetBy: count)...]
  }

  /// The text up to the first of `delimiters`, or all of it.
  func upToDelimiter(in delimiters: String) -> Substring {
    self[..<(firstDelimiter(in: delimiters) ?? endIndex)]
  }

  /// The text with leading scalars in `delimiters` dropped.
  func droppingLeadingDelimiters(in delimiters: String) -> Substring {
    let start = unicodeScalars.firstIndex { !delimiters.unicodeScalars.contains($0) }
    return self[(start ?? endIndex)...]
  }

  /// The pieces between `delimiter` scalars, empty ones included.
  func splitAtDelimiter(_ delimiter: Unicode.Scalar) -> [Substring] {
    var pieces: [Substring] = []
    var start = startIndex
    var position = startIndex
    while position < endIndex {
      if unicodeScalars[position] == delimiter {
        pieces.append(self[start..<position])
        start = unicodeScalars.index(after: position)
      }
      position = unicodeScalars.index(after: position)
    }
    pieces.append(self[start...])
    return pieces
  }
}
