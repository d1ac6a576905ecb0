// A form's edit of one bookmark (the web app's Edit page): the person's version, made from the
// version the form was opened on, merged field by field with what the bookmark became meanwhile
// (a CLI command, a sync, a hand edit committed), as a sync merges two versions, and committed
// whole, favourite included, in one commit. Touches only that bookmark's file and tag views.
import HolderCore
import Localization

/// What a merged edit did.
public struct MergedEditOutcome: Sendable {
  /// The commit made, or none when the merge left the bookmark as it was.
  public var outcome: EditOutcome
  /// Fields changed since the form was opened, and not by the person: kept as they are now
  /// (`url`, `title`, `note`, `tags`, `favorite`).
  public var changedMeanwhile: [String]
  /// Fields both changed, settled as a sync settles them (the later change wins).
  public var conflicts: [Resolution]
}

extension BookmarkEditor {
  /// See `Store.saveEdit`.
  func saveEdit(_ edited: Bookmark, openedOn base: Bookmark) throws(StoreError)
    -> MergedEditOutcome
  {
    var ours = edited
    if ours.url != base.url { ours.url = try normalizedURL(ours.url, allowingUnsafeSchemes: false) }
    ours.tags = Bookmark.canonicalTags(try validatedTags(ours.tags))
    return try store.withTransaction { (transaction) throws(StoreError) -> MergedEditOutcome in
      let current = try store.reader.resolve(base.id.rawValue)
      try store.handEditIntake.ensureNoHandEdit(at: current.path)
      let theirs = current.bookmark
      ours.lastModified = Timestamp.stamp(
        now: store.environment.now(), previous: max(base.lastModified, theirs.lastModified))
      let (merged, conflicts) = BookmarkMerge.merge(base: base, ours: ours, theirs: theirs)
      let conflicting = Set(
        conflicts.compactMap { resolution -> String? in
          if case .field(_, _, let field, _, _, _, _) = resolution { return field }
          return nil
        })
      let meanwhile = base.editedFields(to: theirs).filter {
        !conflicting.contains($0)
      }
      // The stamp is commitEdit's: a merge that kept the bookmark as it is commits nothing.
      var result = merged
      result.lastModified = theirs.lastModified
      let outcome = try commitEdit(
        of: current, to: result, message: Message("Edit \(quoted(result.title))").english,
        in: transaction)
      return MergedEditOutcome(outcome: outcome, changedMeanwhile: meanwhile, conflicts: conflicts)
    }
  }
}
