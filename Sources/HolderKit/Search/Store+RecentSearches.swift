import Foundation

extension Store {
  /// How many recent searches are kept.
  public static let recentSearchLimit = 20

  private static let recentSearchesFile = "recent-searches"

  /// The searches that found something on this machine, most recent first, without repeats.
  public func recentSearches() -> [String] {
    guard let bytes = try? rootDirectory.directory(Layout.local).readFile(Self.recentSearchesFile)
    else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Puts `text` first in the recent searches (moving it there when it was already in),
  /// keeping the newest 20.
  public func rememberSearch(_ text: String) {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
      .trimmingCharacters(in: .whitespaces)
    guard !line.isEmpty else { return }
    var searches = recentSearches().filter { $0 != line }
    searches.insert(line, at: 0)
    writeRecentSearches(Array(searches.prefix(Self.recentSearchLimit)))
  }

  /// Forgets every recent search of this machine.
  public func clearRecentSearches() {
    try? rootDirectory.directory(Layout.local).removeFile(Self.recentSearchesFile)
  }

  private func writeRecentSearches(_ searches: [String]) {
    let text = searches.map { $0 + "\n" }.joined()
    // Per-machine convenience data: losing it to a failed write is harmless.
    try? rootDirectory.directory(Layout.local, create: true)
      .writeFileAtomically(Self.recentSearchesFile, Array(text.utf8), durable: false)
  }
}
