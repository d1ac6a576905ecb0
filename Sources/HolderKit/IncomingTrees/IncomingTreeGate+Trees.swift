import Git
import HolderCore
import Localization

/// The gate every tree from elsewhere passes before a ref moves or a file is written: sync's
/// fast-forward and merge, clone, the settle pass after `git pull`, undo. Restore writes only
/// bookmarks it decoded, at the path their URL gives, so it needs no gate.
extension IncomingTreeGate {
  /// Refuses the commit `tip` when an entry it brings relative to `known` (a tree already
  /// here, or nil for "everything") breaks `IncomingTreeRules`, or its store.json is invalid.
  ///
  /// Only what differs from `known` is read, so a sync pays for what changed.
  func checkIncoming(
    tip: ObjectID, against known: ObjectID?, stopAt: ObjectID?, source: RefusedTree.Source
  ) throws(StoreError) {
    let tipTree = try store.commitReader.tree(ofCommit: tip)
    let knownTree = try known.map { id throws(StoreError) in
      try store.commitReader.tree(ofCommit: id)
    }
    let deltas: [TreeDelta] = try git { () throws(GitError) in
      try store.repository.changes(from: knownTree, to: tipTree, under: "")
    }
    for delta in deltas {
      guard let entry = delta.new else { continue }
      var reason = IncomingTreeRules.problem(path: delta.path, kind: Self.ruleKind(entry.kind))
      if reason == nil && delta.path == Layout.settings {
        reason = settingsProblem(entry.id)
      }
      if reason == nil && delta.path == ".gitattributes",
        let bytes = try? store.repository.blob(entry.id)
      {
        reason = GitAttributesRules.problem(String(decoding: bytes, as: UTF8.self))
      }
      if reason == nil && delta.path.hasPrefix(Layout.bookmarks + "/") {
        reason = limitsProblem(entry.id)
      }
      guard let reason else { continue }
      throw .refusedTree(
        try refusal(
          path: delta.path, entry: entry, reason: reason, tip: tip, stopAt: stopAt,
          source: source))
    }
  }

  private static func ruleKind(_ kind: EntryKind) -> IncomingTreeRules.Kind {
    switch kind {
    case .blob, .tree: .regularFile
    case .executable: .executable
    case .symlink: .symlink
    case .submodule: .submodule
    }
  }

  /// Why a store.json blob is unusable: it does not decode (a tag such as `../../etc` in its
  /// renames or order is refused by the codec), so every later command would fail on it.
  private func settingsProblem(_ blob: ObjectID) -> String? {
    do {
      _ = try StoreSettingsCodec.decode(try store.repository.blob(blob), file: Layout.settings)
      return nil
    } catch let error as CodecError {
      return Message("its content is not valid: \(error.errorDescription ?? "\(error)")").english
    } catch {
      return Message("it cannot be read: \(error)").english
    }
  }

  /// Why a bookmark blob is over `BookmarkLimits`: its size from the object's header; its
  /// tags counted only in a blob large enough to hold more than the limit (`"a",` is 4 bytes
  /// a tag), so an ordinary sync or clone reads no blob twice.
  private func limitsProblem(_ blob: ObjectID) -> String? {
    guard let size = try? store.repository.objectSize(blob) else { return nil }
    if let problem = BookmarkLimits.sizeProblem(size) { return problem }
    guard size > BookmarkLimits.maxTags * 4, let bytes = try? store.repository.blob(blob) else {
      return nil
    }
    return BookmarkLimits.problem(inFile: bytes)
  }

  /// The refusal, naming the oldest first-parent commit from `tip` that holds the same entry.
  private func refusal(
    path: String, entry: TreeEntry, reason: String, tip: ObjectID, stopAt: ObjectID?,
    source: RefusedTree.Source
  ) throws(StoreError) -> RefusedTree {
    var bringer = tip
    var steps = 0
    while steps < 10_000,
      let parent = try? store.repository.commit(bringer).parents.first, parent != stopAt,
      let parentTree = try? store.repository.commit(parent).tree,
      let older = try? store.repository.entry(atPath: path, inTree: parentTree),
      older.id == entry.id
    {
      bringer = parent
      steps += 1
    }
    let message = (try? store.repository.commit(bringer).message) ?? ""
    return RefusedTree(
      path: path, reason: reason, commit: bringer.hex, subject: CommitTrailer.subject(of: message),
      source: source)
  }
}
