// Owns narrowing a search to the bookmarks that can match before each is scored: every plain
// term must be found, so only the bookmarks whose folded text holds the longest one can
// match, and one `memmem` pass over all the folded text (it lies in one array) finds them
// several times faster than looking into each bookmark's text in turn.
import CSystemShims
import HolderCore

extension IndexedEntries {
  /// The hits of `query`, as `Matcher.search` over every entry gives them.
  func hits(_ query: SearchQuery) -> [SearchHit] {
    let required = query.terms.filter { !$0.excluded && $0.initials == nil && !$0.folded.isEmpty }
    guard let longest = required.max(by: { $0.folded.count < $1.folded.count }) else {
      return Matcher.search(query, in: self)
    }
    return Matcher.search(query, in: self, only: columns.documents.lists(holding: longest.folded))
  }
}

extension PackedList where Element == UInt8 {
  /// The lists that may hold `needle`, ascending: every list that does, and perhaps one where
  /// a match runs on into the next list (scoring tells those apart).
  func lists(holding needle: [UInt8]) -> [Int] {
    guard !needle.isEmpty else { return Array(0..<count) }
    var found: [Int] = []
    let ends = ends
    unsafe elements.withUnsafeBytes { haystack in
      unsafe needle.withUnsafeBytes { wanted in
        guard let start = haystack.baseAddress, let pattern = wanted.baseAddress else { return }
        let length = wanted.count
        var offset = 0
        while offset < haystack.count,
          let hit = unsafe holder_memmem(start + offset, haystack.count - offset, pattern, length)
        {
          let at = unsafe start.distance(to: UnsafeRawPointer(hit))
          // The list holding byte `at`: the first whose end lies beyond it.
          var low = 0
          var high = ends.count
          while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) <= at { low = middle + 1 } else { high = middle }
          }
          guard low < ends.count else { break }
          found.append(low)
          // The rest of that list no longer matters.
          offset = Int(ends[low])
        }
      }
    }
    return found
  }
}
