import Localization

/// The three-way merge of one bookmark present on both sides (DESIGN §5).
///
/// ### Algorithm
/// For each field: changed on one side only → that side's value; changed on
/// both sides to different values → the value of the side whose bookmark
/// `lastModified` is later, ties going to the side whose canonical encoding
/// is greater, so that both machines pick the same winner; each such case is
/// a `Resolution`. `tags` merge as a set (after the caller mapped all three
/// through the tag renames): a tag added on either side stays, a tag removed
/// on one side and kept on the other goes. The result's `lastModified` is the
/// later of the two, `created` the earlier. With no base (the same link saved
/// twice) every differing field is "changed on both sides". A side equal to
/// the base changed nothing: the result is the other side as it is.
///
/// "Later" compares when each side changed the bookmark: its `lastModified`,
/// or, for a change committed with plain git that kept `lastModified`, that
/// commit's author time (`times`, found by the caller from the history).
public enum BookmarkMerge {
  /// Merges `ours` and `theirs` against `base`; symmetric in `ours` and `theirs`.
  ///
  /// `times` are when ours and theirs were changed (nil: their `lastModified`).
  public static func merge(
    base: Bookmark?, ours: Bookmark, theirs: Bookmark,
    times: (ours: Timestamp, theirs: Timestamp)? = nil
  ) -> (bookmark: Bookmark, resolutions: [Resolution]) {
    if let base, base == ours { return (theirs, []) }
    if let base, base == theirs { return (ours, []) }
    let oursTime = max(ours.lastModified, times?.ours ?? ours.lastModified)
    let theirsTime = max(theirs.lastModified, times?.theirs ?? theirs.lastModified)
    let oursWins =
      oursTime != theirsTime ? oursTime > theirsTime : wins(ours, over: theirs)
    let (winner, loser) = oursWins ? (ours, theirs) : (theirs, ours)
    let (winnerTime, loserTime) = oursWins ? (oursTime, theirsTime) : (theirsTime, oursTime)
    var merged = winner
    var resolutions: [Resolution] = []

    func pick<Value: Equatable>(
      _ name: String, _ path: KeyPath<Bookmark, Value>, describe: (Value) -> String
    ) -> Value {
      let a = ours[keyPath: path]
      let b = theirs[keyPath: path]
      if a == b { return a }
      if let base {
        let original = base[keyPath: path]
        if a == original { return b }
        if b == original { return a }
      }
      resolutions.append(
        .field(
          id: winner.id, title: winner.title, field: name,
          winner: describe(winner[keyPath: path]), loser: describe(loser[keyPath: path]),
          winnerTime: winnerTime, loserTime: loserTime))
      return winner[keyPath: path]
    }

    // The merge commit's message is read by people (`conflicts`, `git log`): links readable.
    merged.url = pick("url", \.url) { URLNormalizer.readable($0) }
    merged.title = pick("title", \.title) { "\"\($0)\"" }
    merged.note = pick("note", \.note) { "\"\($0)\"" }
    merged.favorite = pick("favorite", \.favorite) {
      $0 ? Message("yes").english : Message("no").english
    }
    merged.metadata = pick("metadata", \.metadata) {
      $0?.title.map { "\"\($0)\"" } ?? Message("(none)").english
    }
    merged.tags = mergedTags(base: base?.tags, ours: ours.tags, theirs: theirs.tags)
    merged.extra = mergedExtra(base: base, ours: ours, theirs: theirs, winner: winner) { key in
      resolutions.append(
        .field(
          id: winner.id, title: winner.title, field: key,
          winner: describe(winner.extra[key]), loser: describe(loser.extra[key]),
          winnerTime: winnerTime, loserTime: loserTime))
    }
    merged.lastModified = max(oursTime, theirsTime)
    merged.created = min(ours.created, theirs.created)
    return (merged, resolutions)
  }

  /// True when `a` wins a conflict with `b`: later `lastModified`, else greater encoding.
  public static func wins(_ a: Bookmark, over b: Bookmark) -> Bool {
    if a.lastModified != b.lastModified { return a.lastModified > b.lastModified }
    return BookmarkCodec.encode(a).lexicographicallyPrecedes(BookmarkCodec.encode(b)) == false
  }

  /// Tags on both sides, or added on one (not in the base); a tag removed on one side goes.
  static func mergedTags(base: [String]?, ours: [String], theirs: [String]) -> [String] {
    let original = Set(base ?? [])
    let a = Set(ours)
    let b = Set(theirs)
    let kept = a.union(b).filter { (a.contains($0) && b.contains($0)) || !original.contains($0) }
    return Bookmark.canonicalTags(Array(kept))
  }

  /// The user's own keys merged one by one, like fields.
  private static func mergedExtra(
    base: Bookmark?, ours: Bookmark, theirs: Bookmark, winner: Bookmark,
    conflict: (String) -> Void
  ) -> [String: JSONValue] {
    var result: [String: JSONValue] = [:]
    for key in Set(ours.extra.keys).union(theirs.extra.keys).sorted() {
      let a = ours.extra[key]
      let b = theirs.extra[key]
      let original = base?.extra[key]
      let value: JSONValue?
      if a == b {
        value = a
      } else if base != nil && a == original {
        value = b
      } else if base != nil && b == original {
        value = a
      } else {
        value = winner.extra[key]
        conflict(key)
      }
      if let value { result[key] = value }
    }
    return result
  }

  /// A user's own value in a resolution line: its canonical JSON on one line.
  private static func describe(_ value: JSONValue?) -> String {
    guard let value else { return "(none)" }
    let text = String(decoding: CanonicalWriter.document(value), as: UTF8.self)
    return text.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined(separator: " ")
  }
}
