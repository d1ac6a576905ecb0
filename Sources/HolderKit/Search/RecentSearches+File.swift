import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// The recent searches' file under `.holder/local/`: read, remembered, cleared.

extension RecentSearches {
  /// How many recent searches are kept.
  static let limit = 20

  private static let recentSearchesFile = "recent-searches"

  /// See `Store.recentSearches`.
  func recentSearches() -> [String] {
    guard
      let bytes = try? store.rootDirectory.directory(Layout.local).readFile(Self.recentSearchesFile)
    else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// See `Store.rememberSearch`.
  func rememberSearch(_ text: String) {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
      .trimmingSpaces()
    guard !line.isEmpty else { return }
    var searches = recentSearches().filter { $0 != line }
    searches.insert(line, at: 0)
    writeRecentSearches(Array(searches.prefix(Self.limit)))
  }

  /// See `Store.clearRecentSearches`.
  func clearRecentSearches() {
    try? store.rootDirectory.directory(Layout.local).removeFile(Self.recentSearchesFile)
  }

  private func writeRecentSearches(_ searches: [String]) {
    let text = searches.map { $0 + "\n" }.joined()
    // Per-machine convenience data: losing it to a failed write is harmless.
    try? store.rootDirectory.directory(Layout.local, create: true)
      .writeFileAtomically(Self.recentSearchesFile, Array(text.utf8), durable: false)
  }
}
