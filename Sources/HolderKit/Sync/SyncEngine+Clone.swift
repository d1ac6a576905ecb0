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

// A clone made whole or not at all (see `Store.clone`).

extension SyncEngine {
  /// See `Store.clone`.
  static func clone(
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
}
