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

// The store's verbs of sync, remotes and merges; the work is `SyncEngine`'s.

extension Store {
  /// Registers holder-git as the git merge driver of this repository and makes `git pull`
  /// merge rather than refuse (DESIGN §5), when that is not done yet.
  ///
  /// `executable` is the absolute path of the holder-git binary git should run.
  public func ensureMergeDriver(executable: String) throws(StoreError) {
    try syncEngine.ensureMergeDriver(executable: executable)
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
    try SyncEngine.clone(from: url, to: path, environment: environment)
  }

  /// The configured remotes with their URLs.
  public func remotes() throws(StoreError) -> [(name: String, url: String)] {
    try syncEngine.remotes()
  }

  /// Adds a remote; `url` is a bare repository path, `file://`, `git://`, `ssh://` or `https://`.
  ///
  /// The current branch tracks it when it tracks nothing yet, so plain `git pull` and
  /// `git push` work here as in a clone. True when it did.
  @discardableResult
  public func addRemote(_ name: String, url: String) throws(StoreError) -> Bool {
    try syncEngine.addRemote(name, url: url)
  }

  /// Removes a remote (the bookmarks stay).
  public func removeRemote(_ name: String) throws(StoreError) {
    try syncEngine.removeRemote(name)
  }

  /// Renames a remote as `git remote rename` does.
  ///
  /// Its remote-tracking branches and the branches that track it follow. Returns the fetch
  /// refspecs left as they were (only the default one is renamed).
  public func renameRemote(_ old: String, to new: String) throws(StoreError) -> [String] {
    try syncEngine.renameRemote(old, to: new)
  }

  /// Points a remote at another URL or path, as `git remote set-url` does.
  public func setRemoteURL(_ name: String, url: String) throws(StoreError) {
    try syncEngine.setRemoteURL(name, url: url)
  }

  /// The remote a sync uses when none is named: the one the current branch tracks, else
  /// `origin`.
  public func defaultRemote() -> String {
    syncEngine.defaultRemote()
  }

  /// Ahead/behind against the last fetch of `remote`, and the uncommitted hand edits.
  public func status(remote: String = "origin") throws(StoreError) -> StoreStatus {
    try syncEngine.status(remote: remote)
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
