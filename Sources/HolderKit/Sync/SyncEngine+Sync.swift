import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// A sync's stages and the loop over them (see `Store.sync`).

extension SyncEngine {
  /// See `Store.sync`.
  func sync(_ options: SyncOptions) throws(StoreError) -> SyncReport {
    var report = try syncOnce(options)
    // A clock far ahead elsewhere wins every conflict until then: said, never followed.
    let limit = store.environment.now().aheadLimit
    report.datedAhead = report.incoming.compactMap(\.after).filter { $0.lastModified > limit }
    return report
  }

  /// The stages in order: hand edits taken in beside the first fetch, then fetch, plan and
  /// apply (`bringTogether`), push; back to fetch when the remote moved meanwhile.
  private func syncOnce(_ options: SyncOptions) throws(StoreError) -> SyncReport {
    try store.withTransaction { (transaction) throws(StoreError) -> SyncReport in
      try checkRemoteIsKnown(options.remote)
      try checkRemoteIsUsable(options.remote)
      let remoteURL = try? store.repository.remoteURL(options.remote)
      let credentials = CredentialSources(
        remoteURL: remoteURL ?? options.remote, environment: ProcessInfo.processInfo.environment,
        workTree: store.root)
      var start = try takeInHandEdits(options, credentials: credentials, in: transaction)
      let request = BranchFetch(remote: options.remote, reference: start.reference)
      for _ in 0..<5 {
        let fetched = try fetch(request, prefetched: &start.prefetched, credentials: credentials)
        if case .unreachable(let reason) = fetched {
          return SyncReport(
            kind: .unreachable, handEdits: start.handEdits, pendingHandEdits: start.pending,
            offline: missingRemoteReason(options.remote) ?? reason)
        }
        var report = try bringTogether(
          reference: start.reference, tracking: request.tracking, options: options,
          handEdits: start.handEdits)
        report.pendingHandEdits = start.pending
        if options.dryRun { return report }
        if report.kind == .upToDate {
          _ = try? trackIfUntracked(remote: options.remote)
          return report
        }
        switch try push(request, credentials: credentials) {
        case .remoteMoved:
          continue
        case .offline(let reason):
          report.offline = reason
          return report
        case .pushed:
          report.pushed = true
          // As `git push -u`: plain `git pull` and `git push` work here from now on. The sync
          // is done either way.
          _ = try? trackIfUntracked(remote: options.remote)
          return report
        }
      }
      throw .sync(.remoteKeepsMoving(remote: options.remote))
    }
  }

  /// What the first stage leaves for the others.
  private struct Start {
    var handEdits = HandEditOutcome()
    /// A dry run's hand edits, listed and not taken in.
    var pending: [BookmarkChange] = []
    /// The branch synced, "refs/heads/main".
    var reference: String
    /// The first fetch's result, until the fetch stage takes it.
    var prefetched: Result<CredentialUse, GitError>?
  }

  /// The first stage: the hand edits taken in (listed, in a dry run, which commits nothing)
  /// while the first fetch runs beside them: one waits on the network and writes a pack, the
  /// other stats every file.
  private func takeInHandEdits(
    _ options: SyncOptions, credentials: CredentialSources, in transaction: Transaction
  ) throws(StoreError) -> Start {
    var handEdits = HandEditOutcome()
    var pending: [BookmarkChange] = []
    let before = try branchReference()
    let prefetched = try whileFetching(
      before.map { BranchFetch(remote: options.remote, reference: $0) },
      credentials: credentials.sources
    ) { () throws(StoreError) in
      if options.dryRun {
        let uncommitted = try store.uncommittedChanges()
        pending = uncommitted.changes
        handEdits.problems = uncommitted.problems
      } else {
        handEdits = try store.handEditIntake.takeInHandEdits(
          allowMassDelete: options.allowMassDelete,
          command: options.remote == "origin"
            ? "sync" : "sync " + Self.shellWord(options.remote), in: transaction)
      }
    }
    // A store with no commit yet has its branch once the hand edits made the first one.
    let after = before == nil ? try branchReference() : before
    guard let reference = after else { throw .sync(.nothingToSync) }
    return Start(
      handEdits: handEdits, pending: pending, reference: reference, prefetched: prefetched)
  }

  private enum Fetched {
    case fetched
    /// The remote could not be reached (libgit2's reason); the sync says so and stops.
    case unreachable(String?)
  }

  /// The fetch stage: `request` fetched, or the first stage's fetch taken.
  ///
  /// Refused credentials and a fault of this machine's disk throw; any other failure is an
  /// unreachable remote, which leaves everything committed here for the next sync to send.
  private func fetch(
    _ request: BranchFetch, prefetched: inout Result<CredentialUse, GitError>?,
    credentials: CredentialSources
  ) throws(StoreError) -> Fetched {
    do throws(GitError) {
      let use: CredentialUse
      if let result = prefetched {
        prefetched = nil
        switch result {
        case .success(let first): use = first
        case .failure(let error): throw error
        }
      } else {
        use = try store.repository.fetch(
          remote: request.remote, refspecs: request.refspecs, credentials: credentials.sources)
      }
      credentials.report(use, worked: true)
      return .fetched
    } catch  where error.code == .auth || error.code == .certificate {
      credentials.reportRefused()
      throw .git(error)
    } catch  where isLocalFault(error) {
      // This store's disk, not the remote: said as a failed write, with what to do.
      throw .git(error)
    } catch {
      return .unreachable(error.errorDescription)
    }
  }

  private enum Pushed {
    case pushed
    /// The remote branch moved since the fetch: fetch and merge again.
    case remoteMoved
    /// The remote could not be reached: what was merged here stays for the next sync.
    case offline(String)
  }

  /// The push stage: the branch sent to its namesake on the remote, never forced.
  private func push(_ request: BranchFetch, credentials: CredentialSources)
    throws(StoreError) -> Pushed
  {
    do {
      let result = try store.repository.push(
        remote: request.remote, refspecs: ["\(request.reference):\(request.reference)"],
        credentials: credentials.sources)
      credentials.report(result.credentials, worked: true)
      if let reason = result.rejected.values.first {
        // A hook or a protected branch refused it: fetching again does not help.
        guard Self.remoteMoved(reason) else {
          throw StoreError.sync(.pushRejected(remote: request.remote, reason: reason))
        }
        return .remoteMoved
      }
      return .pushed
    } catch let error as StoreError {
      throw error
    } catch let error as GitError where error.code == .nonFastForward {
      return .remoteMoved
    } catch let error as GitError where error.code == .auth || error.code == .certificate {
      credentials.reportRefused()
      throw .git(error)
    } catch let error as GitError where isLocalFault(error) {
      throw .git(error)
    } catch {
      return .offline((error as? GitError)?.errorDescription ?? "\(error)")
    }
  }

  /// True when `error` is a fault of this machine's disk met writing this store (what a fetch
  /// takes in, the remote-tracking branch a push moves), or a lock file of git's in this store:
  /// the file it names is this store's, or it names none, as libgit2 does not for some writes.
  func isLocalFault(_ error: GitError) -> Bool {
    let quoted = StoreError.quotedPath(in: error.message)
    let here = quoted.map { $0.hasPrefix(store.root + "/") || $0.hasPrefix(store.gitDirectory) }
    // A lock of git's left in this store (a remote-tracking branch's) is this store's too.
    if error.code == .locked { return here ?? false }
    if error.code == .localWrite { return true }
    guard StoreError.machineFault(of: error) != nil else { return false }
    return here ?? true
  }

  /// `word` as a shell reads it back: quoted only when it needs to be (a path with spaces).
  static func shellWord(_ word: String) -> String {
    let plain = word.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "._-/:@~+=,".contains($0))
    }
    return plain && !word.isEmpty ? word : StoreError.shellQuoted(word)
  }

  /// True when a push was refused because the remote branch moved since the fetch: git's
  /// "fetch first" and "non-fast-forward", or "failed to update ref" and "cannot lock ref"
  /// when it moved while the server ran its hooks.
  static func remoteMoved(_ reason: String) -> Bool {
    ["fetch first", "non-fast-forward", "failed to update ref", "cannot lock ref"].contains {
      reason.contains($0)
    }
  }

  /// Fast-forwards or merges the fetched remote head into the branch.
  private func bringTogether(
    reference: String, tracking: String, options: SyncOptions, handEdits: HandEditOutcome
  ) throws(StoreError) -> SyncReport {
    guard let local = try store.commitReader.currentHead() else { throw .sync(.nothingToSync) }
    let fetched: ObjectID? = try git { () throws(GitError) in
      try store.repository.resolveReference(tracking)
    }
    guard let remote = fetched, remote != local else {
      return SyncReport(
        kind: fetched == nil ? .pushedOnly : .upToDate, handEdits: handEdits,
        outgoing: try options.dryRun && fetched == nil
          ? outgoingChanges(local: local, remote: nil) : [])
    }
    let localIsAhead: Bool
    let remoteIsAhead: Bool
    do {
      localIsAhead = try store.repository.isDescendant(local, of: remote)
      remoteIsAhead = try store.repository.isDescendant(remote, of: local)
    } catch {
      throw .git(error)
    }
    if localIsAhead {
      return SyncReport(
        kind: .pushedOnly, handEdits: handEdits,
        outgoing: try options.dryRun ? outgoingChanges(local: local, remote: remote) : [])
    }
    if remoteIsAhead {
      try store.incomingTreeGate.checkIncoming(
        tip: remote, against: local, stopAt: local, source: .remote(options.remote))
      let incoming = try store.commitReader.changes(
        from: try store.commitReader.tree(ofCommit: local),
        to: try store.commitReader.tree(ofCommit: remote))
      let deleted = incoming.filter { $0.kind == .deleted }.count
      try checkMassDelete(deleted: deleted, options: options) { () throws(StoreError) in
        try countBookmarks(inTree: try store.commitReader.tree(ofCommit: local), upTo: deleted * 5)
      }
      if !options.dryRun {
        try store.committer.fastForward(
          reference, from: local, to: remote, message: "sync: fast-forward")
      }
      return SyncReport(kind: .fastForward, handEdits: handEdits, incoming: incoming)
    }
    return try merge(
      reference: reference, local: local, remote: remote, options: options, handEdits: handEdits)
  }

  /// What pushing `local` would send, per bookmark: its changes since the merge base with
  /// `remote` (everything, when the remote has no branch yet).
  func outgoingChanges(local: ObjectID, remote: ObjectID?) throws(StoreError)
    -> [BookmarkChange]
  {
    var baseTree: ObjectID? = nil
    if let remote,
      let base = try git({ () throws(GitError) in try store.repository.mergeBase(local, remote) })
    {
      baseTree = try store.commitReader.tree(ofCommit: base)
    }
    return try store.commitReader.changes(
      from: baseTree, to: try store.commitReader.tree(ofCommit: local))
  }
}
