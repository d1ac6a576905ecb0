import Foundation
import Git
import HolderCore
import Localization

/// Where a store stands against its remote, without contacting it.
public struct StoreStatus: Sendable {
  public var branch: String?
  public var remote: String
  /// Commits here that the remote has not seen, and the other way round (as of the last
  /// fetch); nil when the remote was never fetched.
  public var ahead: Int?
  public var behind: Int?
  /// The hand edits not committed yet.
  public var handEdits: [BookmarkChange]
  public var problems: [StoreProblem]
  /// When the remote was last fetched or pushed to.
  public var lastSync: Timestamp?
  /// An operation another holder-git has under way, or that was interrupted and that the
  /// next writing command finishes; its files are not counted as hand edits.
  public var operationUnderWay: String?
}

extension Store {
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
      store.refreshTagViewsIfStale()
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
    try checkCloneSource(url)
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
        try takeOnlyBranch(of: repository, url: url, path: path)
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
      if let head = try unchecked.currentHead() {
        try unchecked.checkIncoming(tip: head, against: nil, stopAt: nil, source: .remote(url))
      }
      try repository.checkOutHead(progress: { CrashPoint.reached() })
      CrashPoint.reached()
      // The tag views too, before the store is in place: a clone killed after the move is
      // whole, views included, and no reading command has to repair them.
      try Store.open(at: repository.workDirectory ?? staging, environment: environment)
        .refreshTagViewsIfStale()
      // The rename must not reach the disk before the files it makes visible.
      try unchecked.syncFileSystems()
      try place.moveStagingIntoPlace()
      CrashPoint.reached()
    } catch {
      // What the refused clone made is removed: the folder it made, or the contents of the
      // empty folder it was given.
      place.removeStaging()
      throw .wrapping(error, during: "clone")
    }
    let store = try Store.open(at: path, environment: environment)
    store.refreshTagViewsIfStale()
    return store
  }

  /// Makes the remote's one branch this clone's branch, tracking it as `git clone -b` would;
  /// a remote with none or several says which to clone.
  private static func takeOnlyBranch(
    of repository: Repository, url: String, path: String
  ) throws(StoreError) {
    let branches = (try? repository.remoteBranchNames(of: "origin")) ?? []
    guard branches.count == 1, let branch = branches.first,
      let tip = try? repository.resolveReference("refs/remotes/origin/\(branch)")
    else {
      throw .sync(.remoteHeadMissing(url: url, path: path, branches: branches))
    }
    try git { () throws(GitError) in
      try repository.updateReference(
        "refs/heads/\(branch)", to: tip, expected: nil, logMessage: "clone: from \(url)")
      try repository.pointHead(at: "refs/heads/\(branch)")
      try repository.setConfig("branch.\(branch).remote", to: "origin")
      try repository.setConfig("branch.\(branch).merge", to: "refs/heads/\(branch)")
    }
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
    return try trackIfUntracked(remote: name)
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
    guard let branch = try? currentBranchName(),
      let tracked = (try? repository.config("branch.\(branch).remote")) ?? nil,
      (try? repository.remoteNames())?.contains(tracked) == true
    else { return "origin" }
    return tracked
  }

  /// Makes the current branch track its namesake on `remote` when it tracks nothing yet.
  ///
  /// As `git push -u` would: `branch.NAME.remote` and `branch.NAME.merge`. True when it did;
  /// nothing for a detached HEAD or a remote that is not configured (a URL).
  @discardableResult
  func trackIfUntracked(remote: String) throws(StoreError) -> Bool {
    guard let branch = try currentBranchName() else { return false }
    return try git { () throws(GitError) -> Bool in
      guard try repository.remoteNames().contains(remote),
        try repository.config("branch.\(branch).remote") == nil,
        try repository.config("branch.\(branch).merge") == nil
      else { return false }
      try repository.setConfig("branch.\(branch).remote", to: remote)
      try repository.setConfig("branch.\(branch).merge", to: "refs/heads/" + branch)
      return true
    }
  }

  /// The short name of the branch HEAD names, born or not; nil on a detached HEAD.
  private func currentBranchName() throws(StoreError) -> String? {
    let head: Head = try git { () throws(GitError) in try repository.head() }
    switch head {
    case .unborn(let reference), .branch(let reference, _):
      guard reference.hasPrefix("refs/heads/") else { return nil }
      return String(reference.dropFirst("refs/heads/".count))
    case .detached:
      return nil
    }
  }

  /// Ahead/behind against the last fetch of `remote`, and the uncommitted hand edits.
  public func status(remote: String = "origin") throws(StoreError) -> StoreStatus {
    let pending = try uncommittedChanges()
    var status = StoreStatus(
      branch: nil, remote: remote, handEdits: pending.changes, problems: pending.problems)
    status.operationUnderWay = interruptedOperation()
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

  /// Refuses a remote on this machine that is a work tree rather than a bare repository.
  func checkRemoteIsUsable(_ remote: String) throws(StoreError) {
    guard let path = try localPath(ofRemote: remote) else { return }
    if FileManager.default.fileExists(atPath: path + "/.git") {
      throw .sync(.remoteNotBare(path: path))
    }
  }

  /// Why a fetch from a remote on this machine failed when nothing is at its path (libgit2
  /// says "unsupported URL protocol" then); nil for a remote elsewhere or a path that exists.
  func missingRemoteReason(_ remote: String) -> String? {
    guard let path = try? localPath(ofRemote: remote),
      !FileManager.default.fileExists(atPath: path)
    else { return nil }
    return Message(
      "nothing is at '\(path)': a disk that is not mounted, or a repository moved elsewhere ('holder-git remote set-url \(remote) NEW-PATH' follows it)"
    ).english
  }

  /// The absolute path of a remote on this machine (a path or a `file://` URL); nil for a
  /// remote elsewhere.
  private func localPath(ofRemote remote: String) throws(StoreError) -> String? {
    let url: String? = try git { () throws(GitError) in try repository.remoteURL(remote) ?? remote }
    guard var path = url else { return nil }
    if path.hasPrefix("file://") { path.removeFirst("file://".count) }
    if let absolute = repository.localPath(ofRemoteURL: path) { path = absolute }
    return path.hasPrefix("/") ? path : nil
  }
}
