import Foundation
import Git
import HolderCore

// The store's verbs of sync, remotes and merges; the work is `SyncEngine`'s.

extension Store {
  /// Registers holder-git as the git merge driver of this repository and makes `git pull`
  /// merge rather than refuse (DESIGN §5), when that is not done yet.
  ///
  /// `executable` is the absolute path of the holder-git binary git should run.
  public func ensureMergeDriver(executable: String) throws(StoreError) {
    let command = "'\(executable)' merge-driver %O %A %B %P"
    // The lines as libgit2 wrote them last time: nothing to set, and libgit2 not started.
    if let plainGit,
      plainGit.configContains(
        "[merge \"holder-git\"]\n\tname = holder-git bookmark merge\n\tdriver = \(command)\n"),
      plainGit.configContains("[pull]\n\trebase = ")
    {
      return try syncEngine.ensureGitInfo()
    }
    do {
      if try repository.config("merge.holder-git.driver") != command {
        try repository.setConfig("merge.holder-git.name", to: "holder-git bookmark merge")
        try repository.setConfig("merge.holder-git.driver", to: command)
      }
      if try repository.config("pull.rebase") == nil {
        try repository.setConfig("pull.rebase", to: "false")
      }
    } catch {
      throw .git(error)
    }
    try syncEngine.ensureGitInfo()
  }

  /// Clones a store from `url` into `path` (a new folder, or an empty one) and brings its tag
  /// views up.
  ///
  /// The clone is whole or not at all: it is made in a hidden folder (`ClonePlace`) and moved
  /// into place once its work tree and index are written and on disk, so a clone killed at any
  /// point leaves no store at `path` (or one the next clone into it finishes), never a work
  /// tree with files missing, which the next command would read as deletions by hand.
  public static func clone(
    from url: String, to path: String, environment: StoreEnvironment = .live
  ) throws(StoreError) -> Store {
    let existed = FileManager.default.fileExists(atPath: path)
    if existed, try ClonePlace.finishInterruptedClone(at: path) {
      let store = try Store.open(at: path, environment: environment)
      store.tagViewUpkeep.refreshTagViewsIfStale()
      return store
    }
    if existed, let contents = try? FileManager.default.contentsOfDirectory(atPath: path),
      !contents.isEmpty
    {
      if FileManager.default.fileExists(atPath: path + "/" + Layout.settings) {
        throw .opening(.alreadyAStore(path: path))
      }
      throw .opening(.folderNotEmpty(path: path))
    }
    try SyncEngine.checkCloneSource(url)
    let place = ClonePlace(path: path, existed: existed)
    place.removeDeadStagings()
    let staging = place.staging
    let repository: Repository
    do {
      // The same credentials as sync: HOLDER_GIT_TOKEN (https, this host), then git's helpers.
      let credentials = CredentialSources(
        remoteURL: url, environment: ProcessInfo.processInfo.environment,
        workTree: FileManager.default.currentDirectoryPath)
      repository = try Repository.clone(
        from: url, to: staging, credentials: credentials.sources, checkout: false)
    } catch {
      place.removeStaging()
      throw .git(error)
    }
    CrashPoint.reached()
    // A bare remote made with `git init --bare` may name a branch in its HEAD that was never
    // pushed (`master` when only `main` was): git then checks nothing out, but the one branch
    // there is the store, so the clone takes it.
    if case .unborn = try? repository.head() {
      do {
        try SyncEngine.takeOnlyBranch(of: repository, url: url, path: path)
      } catch {
        place.removeStaging()
        throw error
      }
    }
    do {
      // Nothing is written into the work tree before the whole tree passes the gate.
      let unchecked = try Store(
        root: repository.workDirectory ?? staging, repository: repository,
        settings: StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0)),
        environment: environment)
      if let head = try unchecked.commitReader.currentHead() {
        try unchecked.incomingTreeGate.checkIncoming(
          tip: head, against: nil, stopAt: nil, source: .remote(url))
      }
      try repository.checkOutHead(progress: { CrashPoint.reached() })
      CrashPoint.reached()
      // The tag views too, before the store is in place: a clone killed after the move is
      // whole, views included, and no reading command has to repair them.
      try Store.open(at: repository.workDirectory ?? staging, environment: environment)
        .tagViewUpkeep.refreshTagViewsIfStale()
      // The rename must not reach the disk before the files it makes visible.
      try unchecked.committer.syncFileSystems()
      try place.moveStagingIntoPlace()
      CrashPoint.reached()
    } catch {
      // What the refused clone made is removed: the folder it made, or the contents of the
      // empty folder it was given.
      place.removeStaging()
      throw .wrapping(error, during: "clone")
    }
    let store = try Store.open(at: path, environment: environment)
    store.tagViewUpkeep.refreshTagViewsIfStale()
    return store
  }

  /// The configured remotes with their URLs.
  public func remotes() throws(StoreError) -> [(name: String, url: String)] {
    do {
      return try repository.remoteNames().map { name throws(GitError) in
        (name, try repository.remoteURL(name) ?? "")
      }
    } catch {
      throw .git(error)
    }
  }

  /// Adds a remote; `url` is a bare repository path, `file://`, `git://`, `ssh://` or `https://`.
  ///
  /// The current branch tracks it when it tracks nothing yet, so plain `git pull` and
  /// `git push` work here as in a clone. True when it did.
  @discardableResult
  public func addRemote(_ name: String, url: String) throws(StoreError) -> Bool {
    if let existing = try remotes().first(where: { $0.name == name }) {
      throw .sync(.remoteExists(name: name, url: existing.url))
    }
    guard !url.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .sync(.emptyRemoteURL(name: name))
    }
    guard Repository.isValidRemoteName(name) else { throw .sync(.invalidRemoteName(name)) }
    try git { () throws(GitError) in try repository.addRemote(name, url: url) }
    return try syncEngine.trackIfUntracked(remote: name)
  }

  /// Removes a remote (the bookmarks stay).
  public func removeRemote(_ name: String) throws(StoreError) {
    let names = try remotes().map(\.name)
    guard names.contains(name) else { throw .sync(.unknownRemote(name: name, remotes: names)) }
    try git { () throws(GitError) in try repository.removeRemote(name) }
  }

  /// Renames a remote as `git remote rename` does.
  ///
  /// Its remote-tracking branches and the branches that track it follow. Returns the fetch
  /// refspecs left as they were (only the default one is renamed).
  public func renameRemote(_ old: String, to new: String) throws(StoreError) -> [String] {
    try withTransaction { _ throws(StoreError) -> [String] in
      let remotes = try remotes()
      guard remotes.contains(where: { $0.name == old }) else {
        throw .sync(.unknownRemote(name: old, remotes: remotes.map(\.name)))
      }
      if let existing = remotes.first(where: { $0.name == new }) {
        throw .sync(.remoteExists(name: new, url: existing.url))
      }
      guard Repository.isValidRemoteName(new) else { throw .sync(.invalidRemoteName(new)) }
      return try git { () throws(GitError) in try repository.renameRemote(old, to: new) }
    }
  }

  /// Points a remote at another URL or path, as `git remote set-url` does.
  public func setRemoteURL(_ name: String, url: String) throws(StoreError) {
    let names = try remotes().map(\.name)
    guard names.contains(name) else { throw .sync(.unknownRemote(name: name, remotes: names)) }
    guard !url.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .sync(.emptyRemoteURL(name: name))
    }
    try git { () throws(GitError) in try repository.setRemoteURL(name, to: url) }
  }

  /// The remote a sync uses when none is named: the one the current branch tracks, else
  /// `origin`.
  public func defaultRemote() -> String {
    guard let branch = try? syncEngine.currentBranchName(),
      let tracked = (try? repository.config("branch.\(branch).remote")) ?? nil,
      (try? repository.remoteNames())?.contains(tracked) == true
    else { return "origin" }
    return tracked
  }

  /// Ahead/behind against the last fetch of `remote`, and the uncommitted hand edits.
  public func status(remote: String = "origin") throws(StoreError) -> StoreStatus {
    let pending = try uncommittedChanges()
    var status = StoreStatus(
      branch: nil, remote: remote, handEdits: pending.changes, problems: pending.problems)
    status.operationUnderWay = committer.interruptedOperation()
    let head: Head = try git { () throws(GitError) in try repository.head() }
    guard case .branch(let reference, let local) = head else { return status }
    let branch = String(reference.dropFirst("refs/heads/".count))
    status.branch = branch
    let tracking = "refs/remotes/\(remote)/\(branch)"
    do {
      guard let upstream = try repository.resolveReference(tracking) else { return status }
      let counts = try repository.aheadBehind(local, upstream)
      status.ahead = counts.ahead
      status.behind = counts.behind
    } catch {
      throw .git(error)
    }
    let log = gitDirectory + "/logs/" + tracking
    if let attributes = try? FileManager.default.attributesOfItem(atPath: log),
      let date = attributes[.modificationDate] as? Date
    {
      status.lastSync = Timestamp(
        millisecondsSince1970: Int64(date.timeIntervalSince1970 * 1000))
    }
    return status
  }

  /// Finishes a merge made by plain git (DESIGN §3): what a per-file merge driver cannot
  /// see — ids matched across paths, two ids with one URL, delete against change, tag
  /// renames — is settled by the store merge and committed as "Settle merge from git".
  ///
  /// Two cases: HEAD is a merge commit holder-git did not make (a `git pull` that merged
  /// cleanly file by file), or git stopped mid-merge on a conflict (a bookmark deleted on one
  /// side and changed on the other). Returns the resolutions, or nil when there was nothing
  /// to settle.
  public func settleMergeFromGit() throws(StoreError) -> [Resolution]? {
    try syncEngine.settleMergeFromGit()
  }

  /// Brings this store and its remote to the same bookmarks (DESIGN §5).
  ///
  /// ### Algorithm
  /// lock → take in hand edits → fetch → classify (up to date, ours ahead,
  /// fast-forward, merge) → merge in memory → write the merge commit →
  /// update the work tree and tag views → push → on a refused push, back to
  /// fetch (at most five times). An unreachable remote leaves everything
  /// committed here and says so; the next sync sends it. Nothing ever
  /// force-pushes.
  public func sync(_ options: SyncOptions = SyncOptions()) throws(StoreError) -> SyncReport {
    try syncEngine.sync(options)
  }
}
