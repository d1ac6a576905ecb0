import HolderCore
import HolderKit

/// Bookmark and tag names for shell completion, read from the store the command line names.
///
/// Completion must never fail loudly: any problem gives no candidates.
enum Completions {
  /// The URLs of the saved bookmarks that start with the word being completed.
  @Sendable static func bookmarks(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    return links(store.snapshot().bookmarks.map(\.bookmark.url), prefix)
  }

  /// Saved and deleted bookmarks (`restore` brings back both), and the ones `log` has a history
  /// for.
  @Sendable static func everBookmarks(_ words: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    guard let store = store(words) else { return [] }
    let deleted = (try? store.deletedBookmarks()) ?? []
    let urls = store.snapshot().bookmarks.map(\.bookmark.url) + deleted.map(\.bookmark.url)
    return links(urls, prefix)
  }

  /// The store's tags that start with the word being completed.
  @Sendable static func tags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    return allTags(store).filter { $0.hasPrefix(prefix) }
  }

  /// The tags of the bookmark `edit` names, as only those can be taken off; every tag while no
  /// bookmark is named yet.
  @Sendable static func ownTags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    guard let name = CompletionLine.firstArgument(words, before: index, after: "edit"),
      let located = try? store.resolve(name)
    else { return tags(words, index, prefix) }
    return located.bookmark.tags.filter { $0.hasPrefix(prefix) }
  }

  /// Every tag with a `/` after it, for `tag rename OLD NEW` to move a tag under another; not
  /// the tag being renamed or one under it.
  @Sendable static func parentTags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words) else { return [] }
    let old = CompletionLine.firstArgument(words, before: index, after: "rename")
    let own = old.map { $0 + "/" }
    return allTags(store).map { $0 + "/" }
      .filter { tag in own.map { !tag.hasPrefix($0) } ?? true }
      .filter { $0.hasPrefix(prefix) }
  }

  /// The store's remotes that start with the word being completed.
  @Sendable static func remotes(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let store = store(words), let remotes = try? store.remotes() else { return [] }
    return remotes.map(\.name).filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// The store's tags and the tags above them (`dev` for `dev/swift`), which every command
  /// that takes a tag takes as well, sorted.
  private static func allTags(_ store: Store) -> [String] {
    var tags: Set<String> = []
    for tag in store.tags().flat.map(\.tag) {
      var path = ""
      for segment in tag.split(separator: "/") {
        path += path.isEmpty ? String(segment) : "/" + segment
        tags.insert(path)
      }
    }
    return tags.sorted()
  }

  /// `urls` as the shell offers them.
  ///
  /// An https link is offered without `https://` (a bare link means https), because bash
  /// splits words at `:`; once the word holds a `:`, links are offered whole.
  private static func links(_ urls: [String], _ prefix: String) -> [String] {
    // A word that is the start of a scheme ("ht") may be either form.
    let whole = prefix.contains(":") || (!prefix.isEmpty && "https://".hasPrefix(prefix))
    let short = !prefix.contains(":")
    var candidates: Set<String> = []
    for stored in urls {
      let readable = URLNormalizer.readable(stored)
      // Decoding can make a space, which the shell would split the word at.
      let url = readable.contains(where: \.isWhitespace) ? stored : readable
      let isHTTPS = url.hasPrefix("https://")
      if whole || !isHTTPS { candidates.insert(url) }
      if short && isHTTPS { candidates.insert(String(url.dropFirst(8))) }
    }
    return candidates.filter { $0.hasPrefix(prefix) }.sorted()
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
