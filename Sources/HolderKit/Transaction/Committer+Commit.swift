import Git
import HolderCore

/// The one way holder-git commits and moves a branch (DESIGN §4): trees from the parent's
/// tree, the signature and the `Device:` trailer, the durability choice scoped to the call,
/// the intent journal, a compare-and-swap on the branch with the one retry loop,
/// then the work tree and git's index, as git's checkout orders them: the commit is the
/// truth, and a crash anywhere leaves a journal that the next command finishes from.
///
/// `record`, the series writer, the sync merge, the settle pass and the importer all come
/// here; a fast-forward, which makes no commit, moves the branch through `moveReference`.
extension Committer {
  @discardableResult
  func commit(_ request: CommitRequest) throws(StoreError) -> CommitMade? {
    let made = try durably(bulk: request.bulk) { () throws(StoreError) in
      try commitOnce(request)
    }
    if made != nil { store.commitState.hasCommitted = true }
    return made
  }

  /// The one place the durability of git's writes is decided, for the length of `body`: a
  /// small change fsyncs each object, ref and index it writes; a bulk one does not, and syncs
  /// the file system once before its branch moves (`moveReference`).
  private func durably<Value>(bulk: Bool, _ body: () throws(StoreError) -> Value)
    throws(StoreError) -> Value
  {
    if bulk { return try body() }
    return try Durability.fsyncEachWrite(body)
  }

  /// Moves `reference` from `old` to `new` by compare-and-swap, under `bulk`'s durability.
  func moveReference(
    _ reference: String, to new: ObjectID, expected old: ObjectID?, message: String, bulk: Bool
  ) throws(StoreError) {
    func move() throws(StoreError) {
      // Files and objects must be on disk before a ref names them: after a crash the store
      // stays readable and `git fsck` clean. A small change fsynced each as it wrote it.
      if bulk { try syncFileSystems() }
      try git { () throws(GitError) in
        try store.repository.updateReference(
          reference, to: new, expected: old,
          logMessage: "holder-git: " + VisibleText.oneLine(firstLine(message)))
      }
    }
    try durably(bulk: bulk) { () throws(StoreError) in try move() }
  }

  /// After `moveReference` threw: true when `reference` names `new` all the same.
  ///
  /// A failure once the new value was in place (the sync of the reference's folder): the
  /// branch has moved, so the operation is the next command's to finish (its journal and git's index lock
  /// stay), not undone by hand edits read from a work tree that never followed it.
  func referenceMoved(_ reference: String, to new: ObjectID) -> Bool {
    (try? store.repository.resolveReference(reference)) == new
  }

  private func commitOnce(_ request: CommitRequest) throws(StoreError) -> CommitMade? {
    // An import's journal, written before its files: a failure here leaves it for the next
    // command to undo them.
    let journaledBefore = store.commitState.journal == .open
    let pack: PackWriter?
    if let given = request.pack { pack = given } else { pack = try bulkPack(for: request) }
    let steps = try request.steps.map { step throws(StoreError) in
      (
        edits: try edits(of: step.content, into: pack), message: step.message,
        signature: try commitSignature()
      )
    }
    var paths = Set<String>()
    for step in steps { paths.formUnion(step.edits.keys) }
    for attempt in 0..<50 {
      let (reference, parents) = try placement(of: request.placement)
      var tip = parents.first
      var made = 0
      let built = try git { () throws(GitError) -> ObjectID? in
        var tree = try tip.map { id throws(GitError) in try store.repository.commit(id).tree }
        for step in steps {
          let next: ObjectID
          if let pack, attempt == 0 {
            next = try store.repository.tree(applying: step.edits, to: tree, into: pack)
            try pack.finish()
          } else {
            next = try store.repository.tree(applying: step.edits, to: tree)
          }
          let merges = made == 0 && parents.count > 1
          if next == tree && !merges && !request.keepsEmpty { continue }
          tip = try store.repository.createCommit(
            tree: next, parents: made == 0 ? parents : tip.map { [$0] } ?? [],
            author: step.signature, committer: step.signature,
            // Whatever a message quotes, no control character reaches `git log`.
            message: CommitText.message(withDeviceTrailer(step.message)))
          tree = next
          made += 1
        }
        return made == 0 ? nil : tip
      }
      guard let new = built else { return nil }
      CrashPoint.reached()
      let old = parents.first
      let after = try request.beforeMove(old, new)
      let message = request.steps.last?.message ?? ""
      // The commit's objects are on disk before the journal names it (a small change
      // fsynced each as it wrote it).
      if request.bulk { try syncFileSystems() }
      var journalPaths = paths
      if let change = after.workTree {
        journalPaths.formUnion(change.writes.keys)
        journalPaths.formUnion(change.removals)
      }
      // git's index.lock from before the branch moves until the index follows it, as git's
      // checkout holds it: a `git commit -a` meanwhile would commit the old files on top of
      // the new commit. Taken before the journal, which says so for the crash recovery.
      let indexLock = after.writes ? try lockGitIndex() : nil
      try writeJournal(
        IntentJournal(
          operation: VisibleText.oneLine(firstLine(message)), reference: reference,
          from: old?.hex, to: new.hex, paths: journalPaths.sorted(),
          holdsIndexLock: indexLock != nil))
      do {
        // Synced above for a bulk change; the ref itself is fsynced either way.
        try moveReference(reference, to: new, expected: old, message: message, bulk: false)
      } catch .git(let error) where error.code == .modified || error.code == .exists {
        // Nothing was written for this commit: its journal would only undo the paths.
        if !journaledBefore { removeJournal() }
        indexLock?.release()
        guard case .onTip = request.placement else { throw .git(error) }
        continue
      } catch {
        if referenceMoved(reference, to: new) {
          indexLock?.leave()
          throw .unfinished(error, operation: VisibleText.oneLine(firstLine(message)))
        }
        try? store.repository.removeReflogEntries(of: reference, movingTo: new)
        if !journaledBefore { removeJournal() }
        throw error
      }
      CrashPoint.reached()
      do {
        if let change = after.workTree { try applyToWorkTree(change) }
        try updateIndex(after.index, through: indexLock)
      } catch {
        // The journal stays open, and git's index lock with it: until the next command has
        // finished the work tree, a plain `git commit` cannot take the old files back in.
        indexLock?.leave()
        throw .unfinished(error, operation: VisibleText.oneLine(firstLine(message)))
      }
      indexLock?.release()
      CrashPoint.reached()
      do {
        if request.bulk { try syncFileSystems() }
      } catch {
        throw .unfinished(error, operation: VisibleText.oneLine(firstLine(message)))
      }
      finishJournal()
      return CommitMade(commit: new, old: old, count: made)
    }
    throw .write(.branchKeepsMoving(reference: "HEAD"))
  }

  /// The branch and the parents of the first commit.
  private func placement(of placement: CommitRequest.Placement) throws(StoreError)
    -> (reference: String, parents: [ObjectID])
  {
    switch placement {
    case .onto(let reference, let parents):
      return (reference, parents)
    case .onTip:
      switch try git({ () throws(GitError) in try store.repository.head() }) {
      case .unborn(let name): return (name, [])
      case .branch(let name, let target): return (name, [target])
      case .detached: throw .write(.detachedHead)
      }
    }
  }

  /// A bulk change of files (a tag rename, a refresh, `check --fix`) goes into one pack.
  ///
  /// As an import's does: not thousands of loose files for the packer to gather
  /// again. One step only: a later step's trees would read the unfinished pack.
  private func bulkPack(for request: CommitRequest) throws(StoreError) -> PackWriter? {
    guard request.bulk, request.steps.count == 1, case .files = request.steps[0].content
    else { return nil }
    return try git { () throws(GitError) in try PackWriter(repository: store.repository) }
  }

  /// The tree edits of a step, writing the blobs of files given by content (into `pack`, when
  /// there is one).
  private func edits(of content: CommitRequest.Content, into pack: PackWriter?)
    throws(StoreError) -> [String: TreeChange]
  {
    switch content {
    case .entries(let entries):
      return entries
    case .files(let change):
      var edits: [String: TreeChange] = [:]
      for (path, bytes) in change.writes {
        let id = try git { () throws(GitError) -> ObjectID in
          if let pack { return try pack.write(bytes, as: .blob) }
          return try store.repository.writeBlob(bytes)
        }
        edits[path] = .upsert(id, kind: .blob)
      }
      for path in change.removals { edits[path] = .remove }
      return edits
    }
  }

  func firstLine(_ message: String) -> String {
    String(message.prefix { $0 != "\n" })
  }
}
