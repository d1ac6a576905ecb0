/// One automatic decision the merge made, with what the commit message and
/// `holder-git conflicts` need to show it and to restore the losing value.
public enum Resolution: Hashable, Sendable {
  /// Both sides changed `field` of a bookmark; the later `lastModified` won.
  case field(
    id: BookmarkID, title: String, field: String, winner: String, loser: String,
    winnerTime: Timestamp, loserTime: Timestamp)
  /// One side deleted a bookmark the other changed; the later of the two won.
  case deleteOrChange(
    id: BookmarkID, title: String, deleted: Bool, deletionTime: Timestamp,
    changeTime: Timestamp)
  /// The same link was saved twice with two ids; the two became one, keeping the earlier id.
  case sameURL(kept: BookmarkID, merged: BookmarkID, url: String)

  /// The bookmark the decision is about.
  public var id: BookmarkID {
    switch self {
    case .field(let id, _, _, _, _, _, _), .deleteOrChange(let id, _, _, _, _): return id
    case .sameURL(let kept, _, _): return kept
    }
  }

  /// Every bookmark the decision is about (both ids when two saves became one).
  public var ids: [BookmarkID] {
    if case .sameURL(let kept, let merged, _) = self { return [kept, merged] }
    return [id]
  }

  /// The decision in words, one line, for the merge commit's message; it starts with the
  /// bookmark's id prefix so `holder-git conflicts` can offer to restore the other value.
  ///
  /// Links are in their readable form (older merges wrote them percent-encoded, which
  /// `URLNormalizer.readableLinks(in:)` turns readable where they are shown).
  public var summary: String {
    String(id.rawValue.prefix(8)) + " " + description
  }

  private var description: String {
    switch self {
    case .field(_, let title, let field, let winner, let loser, let winnerTime, let loserTime):
      return "\"\(title)\" \(field): kept \(winner) (\(winnerTime.rfc3339)) over \(loser) "
        + "(\(loserTime.rfc3339))"
    case .deleteOrChange(_, let title, let deleted, let deletionTime, let changeTime):
      return deleted
        ? "\"\(title)\": deleted (\(deletionTime.rfc3339)) after a change (\(changeTime.rfc3339))"
        : "\"\(title)\": kept a change (\(changeTime.rfc3339)) made after its deletion "
          + "(\(deletionTime.rfc3339))"
    case .sameURL(let kept, let merged, let url):
      return
        "\(URLNormalizer.readable(url)) was saved twice: \(merged.rawValue) merged into \(kept.rawValue)"
    }
  }
}
