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
  /// One tag was renamed to two names on two machines; the later rename won, and what the
  /// other gave the other name follows it.
  case tagRename(from: String, kept: String, keptTime: Timestamp, lost: String, lostTime: Timestamp)

  /// The bookmark the decision is about; nil for a decision about a tag.
  public var id: BookmarkID? {
    switch self {
    case .field(let id, _, _, _, _, _, _), .deleteOrChange(let id, _, _, _, _): return id
    case .sameURL(let kept, _, _): return kept
    case .tagRename: return nil
    }
  }

  /// Every bookmark the decision is about (both ids when two saves became one).
  public var ids: [BookmarkID] {
    if case .sameURL(let kept, let merged, _) = self { return [kept, merged] }
    return id.map { [$0] } ?? []
  }

  /// The decision in words, one line, for the merge commit's message; one about a bookmark
  /// starts with its id prefix so `holder-git conflicts` can offer to restore the other value.
  ///
  /// Links are in their readable form (older merges wrote them percent-encoded, which
  /// `URLNormalizer.readableLinks(in:)` turns readable where they are shown).
  public var summary: String {
    (id.map { String($0.rawValue.prefix(8)) + " " } ?? "") + description
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
    case .tagRename(let from, let kept, let keptTime, let lost, let lostTime):
      return "tag '\(from)' was renamed to '\(kept)' (\(keptTime.rfc3339)) and to '\(lost)' "
        + "(\(lostTime.rfc3339)): kept '\(kept)', and '\(lost)' follows it "
        + "('holder-git tag rename \(kept) \(lost)' takes the other name)"
    }
  }
}
