import Git
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

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

extension SyncEngine {
  /// Makes the remote's one branch this clone's branch, tracking it as `git clone -b` would;
  /// a remote with none or several says which to clone.
  static func takeOnlyBranch(
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

  /// Makes the current branch track its namesake on `remote` when it tracks nothing yet.
  ///
  /// As `git push -u` would: `branch.NAME.remote` and `branch.NAME.merge`. True when it did;
  /// nothing for a detached HEAD or a remote that is not configured (a URL).
  @discardableResult
  func trackIfUntracked(remote: String) throws(StoreError) -> Bool {
    guard let branch = try currentBranchName() else { return false }
    return try git { () throws(GitError) -> Bool in
      guard try store.repository.remoteNames().contains(remote),
        try store.repository.config("branch.\(branch).remote") == nil,
        try store.repository.config("branch.\(branch).merge") == nil
      else { return false }
      try store.repository.setConfig("branch.\(branch).remote", to: remote)
      try store.repository.setConfig("branch.\(branch).merge", to: "refs/heads/" + branch)
      return true
    }
  }

  /// The short name of the branch HEAD names, born or not; nil on a detached HEAD.
  func currentBranchName() throws(StoreError) -> String? {
    let head: Head = try git { () throws(GitError) in try store.repository.head() }
    switch head {
    case .unborn(let reference), .branch(let reference, _):
      guard reference.hasPrefix("refs/heads/") else { return nil }
      return String(reference.dropFirst("refs/heads/".count))
    case .detached:
      return nil
    }
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
    let url: String? = try git { () throws(GitError) in
      try store.repository.remoteURL(remote) ?? remote
    }
    guard var path = url else { return nil }
    if path.hasPrefix("file://") { path.removeFirst("file://".count) }
    if let absolute = store.repository.localPath(ofRemoteURL: path) { path = absolute }
    return path.hasPrefix("/") ? path : nil
  }

  /// See `Store.remotes`.
  func remotes() throws(StoreError) -> [(name: String, url: String)] {
    do {
      return try store.repository.remoteNames().map { name throws(GitError) in
        (name, try store.repository.remoteURL(name) ?? "")
      }
    } catch {
      throw .git(error)
    }
  }

  /// See `Store.addRemote`.
  @discardableResult
  func addRemote(_ name: String, url: String) throws(StoreError) -> Bool {
    if let existing = try remotes().first(where: { $0.name == name }) {
      throw .sync(.remoteExists(name: name, url: existing.url))
    }
    guard !url.trimmingSpaces().isEmpty else {
      throw .sync(.emptyRemoteURL(name: name))
    }
    guard Repository.isValidRemoteName(name) else { throw .sync(.invalidRemoteName(name)) }
    try git { () throws(GitError) in try store.repository.addRemote(name, url: url) }
    return try trackIfUntracked(remote: name)
  }

  /// See `Store.removeRemote`.
  func removeRemote(_ name: String) throws(StoreError) {
    let names = try remotes().map(\.name)
    guard names.contains(name) else { throw .sync(.unknownRemote(name: name, remotes: names)) }
    try git { () throws(GitError) in try store.repository.removeRemote(name) }
  }

  /// See `Store.renameRemote`.
  func renameRemote(_ old: String, to new: String) throws(StoreError) -> [String] {
    try store.withTransaction { _ throws(StoreError) -> [String] in
      let remotes = try remotes()
      guard remotes.contains(where: { $0.name == old }) else {
        throw .sync(.unknownRemote(name: old, remotes: remotes.map(\.name)))
      }
      if let existing = remotes.first(where: { $0.name == new }) {
        throw .sync(.remoteExists(name: new, url: existing.url))
      }
      guard Repository.isValidRemoteName(new) else { throw .sync(.invalidRemoteName(new)) }
      return try git { () throws(GitError) in try store.repository.renameRemote(old, to: new) }
    }
  }

  /// See `Store.setRemoteURL`.
  func setRemoteURL(_ name: String, url: String) throws(StoreError) {
    let names = try remotes().map(\.name)
    guard names.contains(name) else { throw .sync(.unknownRemote(name: name, remotes: names)) }
    guard !url.trimmingSpaces().isEmpty else {
      throw .sync(.emptyRemoteURL(name: name))
    }
    try git { () throws(GitError) in try store.repository.setRemoteURL(name, to: url) }
  }

  /// See `Store.defaultRemote`.
  func defaultRemote() -> String {
    guard let branch = try? currentBranchName(),
      let tracked = (try? store.repository.config("branch.\(branch).remote")) ?? nil,
      (try? store.repository.remoteNames())?.contains(tracked) == true
    else { return "origin" }
    return tracked
  }

  /// See `Store.status`.
  func status(remote: String = "origin") throws(StoreError) -> StoreStatus {
    let pending = try store.storeHistory.uncommittedChanges()
    var status = StoreStatus(
      branch: nil, remote: remote, handEdits: pending.changes, problems: pending.problems)
    status.operationUnderWay = store.committer.interruptedOperation()
    let head: Head = try git { () throws(GitError) in try store.repository.head() }
    guard case .branch(let reference, let local) = head else { return status }
    let branch = String(reference.dropFirst("refs/heads/".count))
    status.branch = branch
    let tracking = "refs/remotes/\(remote)/\(branch)"
    do {
      guard let upstream = try store.repository.resolveReference(tracking) else { return status }
      let counts = try store.repository.aheadBehind(local, upstream)
      status.ahead = counts.ahead
      status.behind = counts.behind
    } catch {
      throw .git(error)
    }
    let log = store.gitDirectory + "/logs/" + tracking
    if let attributes = try? FileManager.default.attributesOfItem(atPath: log),
      let date = attributes[.modificationDate] as? Date
    {
      status.lastSync = Timestamp(
        millisecondsSince1970: Int64(date.timeIntervalSince1970 * 1000))
    }
    return status
  }
}
