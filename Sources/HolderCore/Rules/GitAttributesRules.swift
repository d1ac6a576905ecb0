import Localization

/// Which lines of a `.gitattributes` from elsewhere holder-git refuses: those that would change
/// how git checks out or merges the store's own files.
///
/// A remote's `.gitattributes` with `/bookmarks/** merge=union` makes a plain `git pull` glue
/// two versions of a bookmark into one broken file; `merge=<driver>` runs whatever a local
/// config names for that driver; `filter=`, `text`, `eol`, `ident` or an encoding make the
/// checked-out bytes differ from the committed ones. holder-git's own lines also go into
/// `.git/info/attributes`, which git ranks above any committed file, so such a line has no
/// effect on a store holder-git opened; it is refused all the same, with its line.
public enum GitAttributesRules {
  /// The attributes holder-git sets on its files itself, and their only accepted values.
  static let guarded: Set<String> = [
    "merge", "filter", "text", "eol", "crlf", "ident", "working-tree-encoding", "binary",
  ]

  /// Why the committed `.gitattributes` `text` is refused, naming its line; nil when it is not.
  public static func problem(_ text: String) -> String? {
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let fields = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let pattern = fields.first, !pattern.hasPrefix("#"),
        reachesStoreFiles(pattern)
      else { continue }
      for attribute in fields.dropFirst() where !accepted(attribute) {
        let shown = VisibleText.oneLine(String(raw.prefix(120)))
        let name = VisibleText.oneLine(attribute)
        return Message(
          "its line \(number + 1) ('\(shown)') sets '\(name)' on the store's own files, which holder-git checks out and merges itself"
        ).english
      }
    }
    return nil
  }

  /// True when `pattern` can match a file under `bookmarks/` or `.holder/`.
  static func reachesStoreFiles(_ pattern: String) -> Bool {
    var path = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
    if path.hasPrefix("\"") { path = String(path.dropFirst()) }
    guard let first = path.split(separator: "/").first.map(String.init) else { return false }
    // `*.md`: a name pattern whose extension is spelled out and is not `.json`.
    if !path.contains("/"), let dot = path.lastIndex(of: "."),
      !path[dot...].contains(where: { "*?[\\".contains($0) }), path[dot...] != ".json"
    {
      return false
    }
    // A wildcard, or a name (at any depth when there is no slash) that is one of the store's.
    if first.contains(where: { "*?[\\".contains($0) }) { return true }
    if first == "bookmarks" || first == ".holder" { return true }
    return !path.contains("/") && (first.hasSuffix(".json") || first == "store.json")
  }

  /// holder-git's own values, which a line may repeat.
  static func accepted(_ attribute: String) -> Bool {
    let name =
      attribute.drop { $0 == "-" || $0 == "!" }.split(separator: "=").first
      .map(String.init) ?? attribute
    guard guarded.contains(name) else { return true }
    return attribute == "-text" || attribute == "merge=holder-git"
  }
}
