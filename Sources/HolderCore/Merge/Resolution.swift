import Localization

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
    (id.map { String($0.rawValue.prefix(8)) + " " } ?? "") + message.english
  }

  /// A summary as a merge commit holds it, split into its id prefix (with its space; empty
  /// for a decision about a tag) and the sentence after it, which is a catalog message.
  public static func split(summary text: String) -> (prefix: String, sentence: String) {
    let head = text.prefix { $0 != " " }
    guard head.count == 8, head.allSatisfy(\.isHexDigit), text.count > 9 else { return ("", text) }
    return (String(text.prefix(9)), String(text.dropFirst(9)))
  }

  /// A summary (as a merge commit holds it, or one just made) as people read it: the sentence
  /// put into their language by `said`, its times written by `time`, its links readable
  /// (older merges wrote them percent-encoded); the id prefix as it is.
  public static func shown(
    summary: String, said: (String) -> String, time: (Timestamp) -> String
  ) -> String {
    let (prefix, sentence) = split(summary: summary)
    let words = Timestamp.replacingTimes(in: said(sentence), time)
    return prefix + URLNormalizer.readableLinks(in: words)
  }

  /// The decision in words, without the id prefix.
  public var message: Message {
    switch self {
    case .field(_, let title, let field, let winner, let loser, let winnerTime, let loserTime):
      return Self.fieldMessage(
        title: title, field: field, kept: winner, keptTime: winnerTime.rfc3339, lost: loser,
        lostTime: loserTime.rfc3339)
    case .deleteOrChange(_, let title, let deleted, let deletionTime, let changeTime):
      let (deletion, change) = (deletionTime.rfc3339, changeTime.rfc3339)
      return deleted
        ? Message("\"\(title)\": deleted (\(deletion)) after a change (\(change))")
        : Message("\"\(title)\": kept a change (\(change)) made after its deletion (\(deletion))")
    case .sameURL(let kept, let merged, let url):
      let link = URLNormalizer.readable(url)
      return Message("\(link) was saved twice: \(merged.rawValue) merged into \(kept.rawValue)")
    case .tagRename(let from, let kept, let keptTime, let lost, let lostTime):
      let (keptAt, lostAt) = (keptTime.rfc3339, lostTime.rfc3339)
      return Message(
        "tag '\(from)' was renamed to '\(kept)' (\(keptAt)) and to '\(lost)' (\(lostAt)): kept '\(kept)', and '\(lost)' follows it ('holder-git tag rename \(kept) \(lost)' takes the other name)"
      )
    }
  }

  /// A decision about one field, a sentence of its own for each field people know, so that
  /// each reads well in every language; a key the user added to the file is named as it is.
  private static func fieldMessage(
    title: String, field: String, kept: String, keptTime: String, lost: String,
    lostTime: String
  ) -> Message {
    switch field {
    case "title":
      return Message("\"\(title)\" title: kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    case "url":
      return Message("\"\(title)\" url: kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    case "note":
      return Message("\"\(title)\" note: kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    case "favorite":
      return Message(
        "\"\(title)\" favorite: kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    case "metadata":
      return Message(
        "\"\(title)\" metadata: kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    default:
      return Message(
        "\"\(title)\" \(field): kept \(kept) (\(keptTime)) over \(lost) (\(lostTime))")
    }
  }
}
