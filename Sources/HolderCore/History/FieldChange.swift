import Localization

/// One field of a bookmark that differs between two versions of it.
public enum FieldChange: Hashable, Sendable {
  case url(from: String, to: String)
  case title(from: String, to: String)
  case note(from: String, to: String)
  case tags(added: [String], removed: [String])
  case favorite(Bool)
  /// What the page says about itself was fetched again.
  case metadata
  /// A key of the user's own, added, changed or removed.
  case ownField(String)
  /// The file was moved or renamed by hand to `to`, away from `expected`, its URL's path,
  /// where taking the edit in puts it; not a field, but what the person did to the bookmark.
  case movedByHand(to: String, expected: String)

  /// The change in words, for `holder-git log` and `diff`.
  ///
  /// `title: "Swift.org" → "Swift"`, `tags: +dev/swift −reading`, `favourite`.
  public var summary: String {
    switch self {
    case .url(let from, let to):
      return Message("url: \(from) → \(to)").english
    case .title(let from, let to):
      return Message("title: \(FieldChange.quoted(from)) → \(FieldChange.quoted(to))").english
    case .note(let from, let to):
      if from.isEmpty { return Message("note added").english }
      if to.isEmpty { return Message("note removed").english }
      return Message("note: \(FieldChange.quoted(from)) → \(FieldChange.quoted(to))").english
    case .tags(let added, let removed):
      let changed = (added.map { "+" + $0 } + removed.map { "−" + $0 }).joined(separator: " ")
      return Message("tags: \(changed)").english
    case .favorite(let on):
      return on ? Message("favourite").english : Message("no longer favourite").english
    case .metadata:
      return Message("page details refreshed").english
    case .ownField(let key):
      return Message("\(key) changed").english
    case .movedByHand(let to, let expected):
      return Message(
        "file moved by hand to '\(to)'; commit puts it at '\(expected)', the path its URL gives"
      ).english
    }
  }

  /// The change as people read it: a link in its readable form (`…/wiki/부산`, not
  /// `…/wiki/%EB%B6%80%EC%82%B0`); `summary` keeps the stored form for `--json`.
  public var readable: FieldChange {
    guard case .url(let from, let to) = self else { return self }
    return .url(from: URLNormalizer.readable(from), to: URLNormalizer.readable(to))
  }

  /// A short one-line quotation: the first line, cut to 40 characters.
  public static func quoted(_ text: String) -> String {
    let lines = text.split(whereSeparator: \.isNewline)
    let first = lines.first.map(String.init) ?? ""
    var short = first.count > 40 ? String(first.prefix(39)) + "…" : first
    if lines.count > 1 && !short.hasSuffix("…") { short += "…" }
    return "\"" + short + "\""
  }
}
