/// Finds the parts of a text that a query matched, to show them highlighted.
public enum Highlighter {
  /// The matched parts of `text`, as ranges of `Character` offsets, sorted and merged.
  public static func ranges(of query: SearchQuery, in text: String) -> [Range<Int>] {
    var folder = TextFolder()
    let (bytes, offsets) = folder.foldWithCharacterOffsets(text)
    var found: [Range<Int>] = []
    func add(_ byteRange: Range<Int>) {
      guard !byteRange.isEmpty, byteRange.upperBound <= offsets.count else { return }
      found.append(offsets[byteRange.lowerBound]..<(offsets[byteRange.upperBound - 1] + 1))
    }
    let document = SearchDocument(bytes: bytes)
    for term in query.terms where !term.excluded {
      var position = 0
      if term.initials != nil || term.typing != nil {
        while let (range, _) = term.occurrence(in: bytes[...], from: position) {
          add(range)
          position = range.upperBound
        }
        continue
      }
      while let start = document.find(term.folded, from: position) {
        add(start..<(start + term.folded.count))
        position = start + term.folded.count
      }
    }
    found.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in found {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
