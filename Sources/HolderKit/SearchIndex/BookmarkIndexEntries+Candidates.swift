// Owns narrowing a search to the bookmarks that can match before each is scored: every term
// holds a part that must be found as it is (a plain word all of it, one whose Hangul is still
// being typed all but its end), so only the bookmarks whose folded text holds the longest can
// match, and one `memmem` pass over all the folded text (it lies in one array) finds them
// several times faster than looking into each bookmark's text in turn. What is left to score
// is split over every core when it is large (a one-letter search or Korean initials look at
// every bookmark).
import CSystemShims
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension BookmarkIndexEntries {
  /// Below this many bookmarks to score, one thread does it (starting others costs more).
  static let scoredOnOneThread = 20_000

  /// The hits of `query`, as `Matcher.search` over every entry gives them, in entry order.
  func hits(_ query: SearchQuery, oneThreadBelow: Int = scoredOnOneThread) -> [SearchHit] {
    let required = query.terms.filter { !$0.excluded && !$0.literal.isEmpty }
    let candidates =
      required.max(by: { $0.literal.count < $1.literal.count })
      .map { columns.documents.lists(holding: $0.literal) } ?? Array(0..<count)
    let chunks =
      candidates.count < oneThreadBelow
      ? 1 : ProcessInfo.processInfo.activeProcessorCount
    guard chunks > 1 else { return Matcher.search(query, in: self, only: candidates) }
    return ParallelRanges.map(candidates.count, parts: chunks) { range in
      Matcher.search(query, in: self, only: Array(candidates[range]))
    }.flatMap { $0 }
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
