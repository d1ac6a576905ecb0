import HolderCore
import HolderKit

/// Bookmark and tag names for shell completion, read from the store the command line names.
///
/// Completion must never fail loudly: any problem gives no candidates.
enum Completions {
  /// The URLs of the saved bookmarks that start with the word being completed.
  ///
  /// An https link is offered without `https://` (a bare link means https), because bash
  /// splits words at `:`; once the word holds a `:`, links are offered whole.
  @Sendable static func bookmarks(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    // A word that is the start of a scheme ("ht") may be either form.
    let whole = prefix.contains(":") || (!prefix.isEmpty && "https://".hasPrefix(prefix))
    let short = !prefix.contains(":")
    var candidates: Set<String> = []
    for located in store.snapshot().bookmarks {
      let readable = URLNormalizer.readable(located.bookmark.url)
      // Decoding can make a space, which the shell would split the word at.
      let url = readable.contains(where: \.isWhitespace) ? located.bookmark.url : readable
      let isHTTPS = url.hasPrefix("https://")
      if whole || !isHTTPS { candidates.insert(url) }
      if short && isHTTPS { candidates.insert(String(url.dropFirst(8))) }
    }
    return candidates.filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// The store's tags that start with the word being completed.
  @Sendable static func tags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    return store.tags().flat.map(\.tag).filter { $0.hasPrefix(prefix) }
  }

  /// The store `--store` names on the command line, else the usual one (DESIGN §7).
  private static func store(_ words: [String]) -> Store? {
    var option: String?
    for (position, word) in words.enumerated() {
      if word == "--store", position + 1 < words.count { option = words[position + 1] }
      if word.hasPrefix("--store=") { option = String(word.dropFirst("--store=".count)) }
    }
    return try? Store.open(at: StoreOptions.location(option: option).path)
  }
}
