/// The merge of two versions of a store against their base, in memory (DESIGN §5).
///
/// ### Algorithm
/// 1. Unite both sides' tag-rename logs and map the tags of base, ours and
///    theirs each through the renames its own log lacks, so a tag added
///    offline follows a rename and a tag typed after one stays as typed.
/// 2. Match bookmarks by `id` (a URL edit that moved a file is one bookmark).
///    Present on both sides: `BookmarkMerge`. On one side only and not in the
///    base: added, kept. In the base and gone from one side: if the other side
///    left it unchanged, it is deleted; if it changed it, the later of the
///    deletion time and the change's `lastModified` wins, and a change that wins joins
///    what the deleting side changed before it deleted, field by field. Gone from both: gone.
///    Added on one side while the other deleted its own save of that URL later: deleted;
///    while the other changed its own save's link away from that URL later: joined into it,
///    at the new link.
/// 3. Two ids with one URL (the same link saved on two machines) join into the
///    one saved earlier (`created`, then id) as `dedupe` joins them
///    (`mergeSameURL`): neither save decided against the other.
/// 4. Settings: renames united, tag order merged as a list, the later
///    `lastModified`, format version the higher.
///
/// The result does not depend on which side is "ours": every tie is broken
/// by content, never by side.
public enum StoreMerge {
  public static func merge(base: MergeSide, ours: MergeSide, theirs: MergeSide) -> MergeOutcome {
    let settings = mergeSettings(base: base.settings, ours: ours.settings, theirs: theirs.settings)
    // The merged log has every side's renames and those a rename conflict implies.
    let renames = TagRenames([settings.tagRenames])
    func mapped(_ side: MergeSide, base: [BookmarkID: Bookmark] = [:]) -> [BookmarkID: Bookmark] {
      let unknown = renames.unknown(to: side.settings.tagRenames)
      var result: [BookmarkID: Bookmark] = [:]
      for var bookmark in oneIDEach(
        side.bookmarks, base: base.mapValues(\.url), before: side.idsBeforeCopies)
      {
        bookmark.tags = unknown.map(bookmark.tags)
        result[bookmark.id] = bookmark
      }
      return result
    }
    let original = mapped(base)
    let a = mapped(ours, base: original)
    let b = mapped(theirs, base: original)
    var merged: [Bookmark] = []
    var resolutions: [Resolution] = []
    let twins = joinedTwins(base: original, a, b)
    var movedSaves: [BookmarkID: [Bookmark]] = [:]
    let consumed = Set(twins.values.map(\.id))
    let savedURLs = (ours: Set(a.values.map(\.url)), theirs: Set(b.values.map(\.url)))

    for id in Set(a.keys).union(b.keys).union(original.keys).sorted() where !consumed.contains(id) {
      switch (a[id], b[id]) {
      case (let mine?, let other?):
        let result = BookmarkMerge.merge(
          base: original[id], ours: mine, theirs: other,
          times: (ours.changeTime(of: mine), theirs.changeTime(of: other)))
        merged.append(result.bookmark)
        resolutions += result.resolutions
      case (let only?, nil), (nil, let only?):
        let (deletingSide, changingSide) = a[id] == nil ? (ours, theirs) : (theirs, ours)
        guard let was = original[id] else {
          // Added on one side; the other deleted its own save of the same link later than
          // this one was last changed: the later decision stands, as for one id.
          let changed = changingSide.changeTime(of: only)
          let lacking = a[id] == nil ? a : b
          if (a[id] == nil ? savedURLs.ours : savedURLs.theirs).contains(only.url) {
            // The other side holds the link under another id: whatever it deleted or joined
            // there, it did not delete the link. The two saves join below.
            merged.append(only)
            continue
          }
          var left = deletingSide.urlDeletionTimes[only.url]
          if let move = deletingSide.urlMoves[only.url], move.at > changed {
            // The other side saved this link too and changed its link since: one bookmark,
            // at the link it was changed to; or, that save since deleted, a deletion then.
            if let mover = lacking[move.bookmark], mover.url != only.url {
              movedSaves[move.bookmark, default: []].append(only)
              continue
            }
            left = max(left ?? move.at, move.at)
          }
          if let deleted = left, deleted > changed {
            resolutions.append(
              .deleteOrChange(
                id: id, title: only.title, deleted: true, deletionTime: deleted,
                changeTime: changed))
            continue
          }
          merged.append(only)
          continue
        }
        if let twin = twins[id] {
          // Not deleted there: joined into another save of the same link, which this side's
          // change joins too, field by field against the version both started from.
          var other = twin
          other.id = id
          let times = (changingSide.changeTime(of: only), deletingSide.changeTime(of: twin))
          let result =
            a[id] != nil
            ? BookmarkMerge.merge(base: was, ours: only, theirs: other, times: times)
            : BookmarkMerge.merge(
              base: was, ours: other, theirs: only, times: (times.1, times.0))
          var joined = result.bookmark
          joined.id = twin.id
          joined.created = min(twin.created, only.created)
          merged.append(joined)
          resolutions += result.resolutions
          continue
        }
        if only == was { continue }
        let deleted = deletingSide.deletionTimes[id] ?? was.lastModified
        let changed = changingSide.changeTime(of: only)
        let deletionWins = deleted > changed
        resolutions.append(
          .deleteOrChange(
            id: id, title: only.title, deleted: deletionWins, deletionTime: deleted,
            changeTime: changed))
        if deletionWins { continue }
        guard var last = deletingSide.deletedVersions[id], last != was else {
          merged.append(only)
          continue
        }
        // What the deleting side typed before it deleted lives on with the bookmark.
        last.tags = renames.unknown(to: deletingSide.settings.tagRenames).map(last.tags)
        let times = (changingSide.changeTime(of: only), deletingSide.changeTime(of: last))
        let result =
          a[id] != nil
          ? BookmarkMerge.merge(base: was, ours: only, theirs: last, times: times)
          : BookmarkMerge.merge(base: was, ours: last, theirs: only, times: (times.1, times.0))
        merged.append(result.bookmark)
        resolutions += result.resolutions
      case (nil, nil):
        continue
      }
    }
    let moved = joinMovedSaves(movedSaves, into: merged)
    let joined = joinSameURL(moved.bookmarks)
    resolutions += moved.resolutions
    let spelled = oneSpelling(joined.bookmarks, base: original.values)
    for conflict in renameConflicts(
      base: base.settings, ours: ours.settings, theirs: theirs.settings)
    {
      resolutions.append(
        .tagRename(
          from: conflict.kept.from, kept: conflict.kept.to, keptTime: conflict.kept.at,
          lost: conflict.lost.to, lostTime: conflict.lost.at))
    }
    return MergeOutcome(
      bookmarks: spelled.sorted { $0.id < $1.id }, settings: settings,
      resolutions: (resolutions + joined.resolutions).sorted { $0.summary < $1.summary })
  }

  /// `bookmarks` with every id held once, so that matched by id none is taken for a deletion.
  ///
  /// Of two files with one id (a copy made by hand and committed with plain git), the one at
  /// the link the side's own history had under that id before the copy (`before`), else the
  /// base's, keeps it, else the earliest created, as `check --fix` decides; each other gets
  /// back the id it held then, or an id derived from its own (`derivedID`), the same on every
  /// machine that merges or repairs the same files.
  static func oneIDEach(
    _ bookmarks: [Bookmark], base: [BookmarkID: String],
    before: IDsBeforeCopies = IDsBeforeCopies()
  ) -> [Bookmark] {
    let groups = Dictionary(grouping: bookmarks, by: \.id)
    guard groups.count < bookmarks.count else { return bookmarks }
    let baseIDs = Dictionary(base.map { ($1, $0) }, uniquingKeysWith: min)
      .merging(before.ids) { _, then in then }
    var inUse = Set(groups.keys)
    var result: [Bookmark] = []
    for (id, holders) in groups.sorted(by: { $0.key < $1.key }) {
      for (var bookmark, newID) in ids(
        of: holders, sharing: id, baseURL: before.links[id] ?? base[id], baseIDs: baseIDs,
        inUse: &inUse, { $0 })
      {
        bookmark.id = newID
        result.append(bookmark)
      }
    }
    return result
  }

  /// The id each of `holders`, which all hold `id`, is to have: the first in
  /// `idKeepingOrder` keeps it; each other gets back the id `baseIDs` (link → id, where the id
  /// was held once) gives its link, when nothing in `inUse` holds that one (the file whose
  /// id a copy overwrote is that bookmark still), else `derivedID`.
  ///
  /// `check --fix` and the merge both call it, so both give a copy the same id.
  public static func ids<Holder>(
    of holders: [Holder], sharing id: BookmarkID, baseURL: String?,
    baseIDs: [String: BookmarkID], inUse: inout Set<BookmarkID>,
    _ bookmark: (Holder) -> Bookmark
  ) -> [(holder: Holder, id: BookmarkID)] {
    idKeepingOrder(holders, baseURL: baseURL, otherIDs: baseIDs, of: id, bookmark: bookmark)
      .enumerated().map {
        place, holder in
        guard place > 0 else { return (holder, id) }
        let url = bookmark(holder).url
        if let previous = baseIDs[url], previous != id, !inUse.contains(previous) {
          inUse.insert(previous)
          return (holder, previous)
        }
        return (holder, derivedID(id, url: url, place: place))
      }
  }

  /// The holders of one id in the order that decides who keeps it.
  ///
  /// The one at `baseURL` (the link the base had under the id, in a merge) first; last, those
  /// at a link `otherIDs` (link → id where the id was held once) gives another id: the files
  /// the id was pasted into. Then the earliest created, the one changed least lately, by link.
  /// Each after the first gets an id of its own (`ids(of:sharing:…)`); `check --fix` and the
  /// merge order copies alike, so both give a copy the same new id.
  public static func idKeepingOrder<Holder>(
    _ holders: [Holder], baseURL: String? = nil, otherIDs: [String: BookmarkID] = [:],
    of id: BookmarkID? = nil, bookmark: (Holder) -> Bookmark
  ) -> [Holder] {
    func key(_ holder: Holder) -> (Int, Int, Timestamp, Timestamp, String) {
      let held = bookmark(holder)
      let pasted = otherIDs[held.url].map { $0 != id } ?? false
      return (
        baseURL.map { $0 == held.url ? 0 : 1 } ?? 0, pasted ? 1 : 0, held.created,
        held.lastModified, held.url
      )
    }
    return holders.sorted { key($0) < key($1) }
  }

  /// A UUID (version 4's layout) made from `id`, `url` and `place` alone, by FNV-1a: the new
  /// id of the `place`th copy of an id, the same on every machine that gives it one.
  public static func derivedID(_ id: BookmarkID, url: String, place: Int) -> BookmarkID {
    let content = "\(id.rawValue)\n\(url)\n\(place)".utf8
    var hex = [FNV1a.offsetBasis, 0x6c62_272e_07bb_0142].map {
      FNV1a.hex(FNV1a.hash(content, from: $0))
    }.joined()
    hex =
      String(hex.prefix(12)) + "4" + String(hex.dropFirst(13).prefix(3)) + "8"
      + String(hex.dropFirst(17))
    let parts = [8, 4, 4, 4, 12].reduce(into: (parts: [String](), rest: Substring(hex))) {
      $0.parts.append(String($0.rest.prefix($1)))
      $0.rest = $0.rest.dropFirst($1)
    }.parts
    return BookmarkID(parts.joined(separator: "-")) ?? id
  }

  /// For each bookmark of the base that one side changed and the other no longer has by its
  /// id, the other side's bookmark of the same link under another id this side lacks: a merge
  /// there joined two saves of the link into one, which is no deletion.
  private static func joinedTwins(
    base: [BookmarkID: Bookmark], _ a: [BookmarkID: Bookmark], _ b: [BookmarkID: Bookmark]
  ) -> [BookmarkID: Bookmark] {
    var twins: [BookmarkID: Bookmark] = [:]
    var byURL: [Bool: [String: [Bookmark]]] = [:]
    for (id, was) in base {
      let inA = a[id] != nil
      guard inA != (b[id] != nil) else { continue }
      let (side, other) = inA ? (a, b) : (b, a)
      guard let only = side[id], only != was else { continue }
      if byURL[inA] == nil { byURL[inA] = Dictionary(grouping: other.values, by: \.url) }
      let candidates = byURL[inA]?[was.url] ?? []
      if let twin = candidates.filter({ $0.id != id && side[$0.id] == nil }).min(by: {
        $0.id < $1.id
      }) {
        twins[id] = twin
      }
    }
    return twins
  }

  /// Renames of one tag to two names made on the two sides since the base, each as the later
  /// (kept) and the earlier (lost); ties go to the greater name, so both machines agree.
  static func renameConflicts(base: StoreSettings, ours: StoreSettings, theirs: StoreSettings)
    -> [(kept: StoreSettings.TagRename, lost: StoreSettings.TagRename)]
  {
    let known = Set(base.tagRenames)
    let mine = ours.tagRenames.filter { !known.contains($0) }
    let other = theirs.tagRenames.filter { !known.contains($0) }
    var result: [(kept: StoreSettings.TagRename, lost: StoreSettings.TagRename)] = []
    for a in mine {
      for b in other
      where Bookmark.tagKey(a.from) == Bookmark.tagKey(b.from)
        && Bookmark.tagKey(a.to) != Bookmark.tagKey(b.to)
      {
        let aWins = (a.at, a.to) > (b.at, b.to)
        result.append(aWins ? (a, b) : (b, a))
      }
    }
    return result.sorted { ($0.kept.at, $0.kept.from) < ($1.kept.at, $1.kept.from) }
  }

  /// Every tag spelled one way across the store (`Travel` and `travel` are one tag, as `add`
  /// and `import` take them): per path prefix, the spelling the base had, else the one most
  /// bookmarks use, ties to the first in code point order, so both machines agree.
  static func oneSpelling(_ bookmarks: [Bookmark], base: some Sequence<Bookmark>) -> [Bookmark] {
    func prefixes(_ tag: String) -> [String] {
      let segments = tag.split(separator: "/", omittingEmptySubsequences: false)
      return (1...max(segments.count, 1)).map { segments.prefix($0).joined(separator: "/") }
    }
    var baseSpelling: [String: String] = [:]
    for bookmark in base {
      for tag in bookmark.tags {
        for prefix in prefixes(tag) { baseSpelling[Bookmark.tagKey(prefix)] = prefix }
      }
    }
    var counts: [String: [String: Int]] = [:]
    for bookmark in bookmarks {
      for tag in bookmark.tags {
        for prefix in prefixes(tag) {
          counts[Bookmark.tagKey(prefix), default: [:]][prefix, default: 0] += 1
        }
      }
    }
    var chosen: [String: String] = [:]
    for (key, spellings) in counts where spellings.count > 1 {
      chosen[key] =
        baseSpelling[key].flatMap { spellings[$0] != nil ? $0 : nil }
        ?? spellings.max { left, right in
          left.value != right.value
            ? left.value < right.value
            : !left.key.unicodeScalars.lexicographicallyPrecedes(right.key.unicodeScalars)
        }?.key
    }
    guard !chosen.isEmpty else { return bookmarks }
    return bookmarks.map { bookmark in
      var respelled = bookmark
      respelled.tags = Bookmark.canonicalTags(
        bookmark.tags.map { tag in
          // Segment by segment: each takes the last segment of its prefix's spelling.
          let segments = tag.split(separator: "/", omittingEmptySubsequences: false)
          return zip(prefixes(tag), segments).map { prefix, segment in
            chosen[Bookmark.tagKey(prefix)].map {
              String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? segment)
            } ?? String(segment)
          }.joined(separator: "/")
        })
      return respelled
    }
  }

  /// Two saves of one link with two ids, made one that keeps the `id` and `created` of the
  /// earlier save (DESIGN §5); symmetric in `a` and `b`.
  ///
  /// Neither save decided against the other, so they join as `dedupe` joins them: tags
  /// united, distinct notes joined (oldest save first), a typed title over a stand-in or a
  /// fetched one, a favourite when either was, the more recently fetched page. Only two
  /// typed titles (or two values of a hand-added field) are a conflict, won by the later
  /// change and recorded. No clock is read: every machine that joins the two gets the same.
  public static func mergeSameURL(_ a: Bookmark, _ b: Bookmark) -> (
    bookmark: Bookmark, resolutions: [Resolution]
  ) {
    let (earlier, later) = (a.created, a.id) <= (b.created, b.id) ? (a, b) : (b, a)
    var incoming = later
    incoming.id = earlier.id
    var result = BookmarkMerge.merge(base: nil, ours: earlier, theirs: incoming)
    var joined = result.bookmark
    joined.id = earlier.id
    joined.created = earlier.created
    var settled: Set<String> = ["note", "favorite", "metadata"]
    if earlier.hasTypedTitle != later.hasTypedTitle {
      joined.title = earlier.hasTypedTitle ? earlier.title : later.title
      settled.insert("title")
    } else if !earlier.hasTypedTitle && earlier.title != later.title {
      // Neither typed: a fetched page title says more than the link's stand-in.
      let fetched = [earlier, later].first { $0.metadata?.title == $0.title }
      joined.title = fetched?.title ?? joined.title
      settled.insert("title")
    }
    joined.note = joinedNotes(earlier.note, later.note)
    joined.favorite = earlier.favorite || later.favorite
    joined.metadata = laterFetched(earlier.metadata, later.metadata, tie: joined.metadata)
    result.resolutions.removeAll { resolution in
      if case .field(_, _, let field, _, _, _, _) = resolution { return settled.contains(field) }
      return false
    }
    if earlier.id != later.id {
      result.resolutions.append(.sameURL(kept: earlier.id, merged: later.id, url: earlier.url))
    }
    return (joined, result.resolutions)
  }

  /// Both notes, the first one's first, or the one that holds the other.
  private static func joinedNotes(_ first: String, _ second: String) -> String {
    if second.isEmpty || first.contains(second) { return first }
    if first.isEmpty || second.contains(first) { return second }
    return first + "\n\n" + second
  }

  /// The page fetched more recently, else `tie` (the merge's pick, decided by content so that
  /// every machine keeps the same one).
  private static func laterFetched(_ a: PageMetadata?, _ b: PageMetadata?, tie: PageMetadata?)
    -> PageMetadata?
  {
    guard let a else { return b }
    guard let b else { return a }
    switch (a.fetched, b.fetched) {
    case (nil, _?): return b
    case (_?, nil): return a
    case (let first?, let second?) where first != second: return first > second ? a : b
    default: return tie
    }
  }

  /// Each save of a link joined into the other side's save of it whose link changed later,
  /// at that bookmark's new link; a save whose twin the merge did not keep stays as saved.
  private static func joinMovedSaves(
    _ saves: [BookmarkID: [Bookmark]], into bookmarks: [Bookmark]
  ) -> (bookmarks: [Bookmark], resolutions: [Resolution]) {
    guard !saves.isEmpty else { return (bookmarks, []) }
    var result = bookmarks
    var resolutions: [Resolution] = []
    var placed: Set<BookmarkID> = []
    for (index, bookmark) in bookmarks.enumerated() {
      guard let joining = saves[bookmark.id] else { continue }
      placed.insert(bookmark.id)
      var kept = bookmark
      for save in joining.sorted(by: { $0.id < $1.id }) {
        // Each side's title is judged typed or not against its own link.
        let joined = mergeSameURL(kept, save)
        let url = kept.url
        kept = joined.bookmark
        kept.url = url
        resolutions += joined.resolutions.compactMap { resolution in
          switch resolution {
          case .sameURL(let kept, let merged, _):
            return .sameURL(kept: kept, merged: merged, url: save.url)
          case .field(_, _, "url", _, _, _, _): return nil
          default: return resolution
          }
        }
      }
      result[index] = kept
    }
    for (id, joining) in saves where !placed.contains(id) { result += joining }
    return (result, resolutions)
  }

  /// Merges bookmarks that share a URL into the earliest saved one.
  private static func joinSameURL(_ bookmarks: [Bookmark]) -> (
    bookmarks: [Bookmark], resolutions: [Resolution]
  ) {
    var result: [Bookmark] = []
    var resolutions: [Resolution] = []
    for group in Dictionary(grouping: bookmarks, by: \.url).values {
      guard let joined = joined(group) else { continue }
      result.append(joined.bookmark)
      resolutions += joined.resolutions
    }
    return (result, resolutions)
  }

  /// The saves of one link joined into the earliest, or nil for no saves.
  ///
  /// Oldest first, each by `mergeSameURL`: as a merge joins them and as `check --fix` does
  /// for one link saved in several files. Reads no clock: every machine that joins the same
  /// saves gets the same bookmark.
  public static func joined(_ saves: [Bookmark]) -> (
    bookmark: Bookmark, resolutions: [Resolution]
  )? {
    let ordered = saves.sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    guard var kept = ordered.first else { return nil }
    var resolutions: [Resolution] = []
    for other in ordered.dropFirst() {
      let joined = mergeSameURL(kept, other)
      kept = joined.bookmark
      resolutions += joined.resolutions
    }
    return (kept, resolutions)
  }

  /// The merge of `.holder/store.json`: renames united, tag order merged as a list, the higher
  /// format version, the later `lastModified`.
  public static func mergeSettings(
    base: StoreSettings, ours: StoreSettings, theirs: StoreSettings
  ) -> StoreSettings {
    // A tag renamed to two names: the earlier name is renamed to the later one just after it,
    // so what the losing side gave the earlier name follows (recorded, so later merges do too).
    let implied = renameConflicts(base: base, ours: ours, theirs: theirs).map { conflict in
      StoreSettings.TagRename(
        from: conflict.lost.to, to: conflict.kept.to, at: conflict.kept.at.nextMillisecond)
    }
    let renames = TagRenames([base.tagRenames, ours.tagRenames, theirs.tagRenames, implied])
    let oursFirst =
      ours.lastModified != theirs.lastModified
      ? ours.lastModified > theirs.lastModified
      : !StoreSettingsCodec.encode(ours).lexicographicallyPrecedes(
        StoreSettingsCodec.encode(theirs))
    var settings = oursFirst ? ours : theirs
    settings.formatVersion = max(ours.formatVersion, theirs.formatVersion)
    settings.tagRenames = renames.log
    func mapped(_ side: StoreSettings) -> [String] {
      side.tagOrder.map(renames.unknown(to: side.tagRenames).map)
    }
    settings.tagOrder = ListMerge.merge(
      base: mapped(base), ours: mapped(ours), theirs: mapped(theirs))
    settings.lastModified = max(ours.lastModified, theirs.lastModified)
    return settings
  }
}
