import HolderCore
import HolderKit
import Localization

/// How near-duplicates read in `add`'s note, `check`'s list and `dedupe`'s plan.
enum NearDuplicateText {
  /// `http/https, trailing /`.
  static func differences(_ list: [NearDuplicate.Difference]) -> String {
    list.map { $0 == .trailingSlash ? tr("trailing /") : $0.rawValue }.joined(separator: ", ")
  }

  /// The bookmark's URL, readable, in quotes.
  static func url(_ located: LocatedBookmark) -> String {
    "'" + TerminalText.oneLine(URLNormalizer.readable(located.bookmark.url)) + "'"
  }

  /// `holder-git dedupe URL`, quoted for a shell, to copy and run.
  static func command(for located: LocatedBookmark) -> String {
    let readable = URLNormalizer.readable(located.bookmark.url)
    // Decoding can make a space or a control character; the stored form has neither.
    let url =
      readable.contains(where: { $0.isWhitespace || TerminalText.oneLine(String($0)) != String($0) }
      )
      ? located.bookmark.url : readable
    return "holder-git dedupe " + StoreError.shellQuoted(url)
  }
}
