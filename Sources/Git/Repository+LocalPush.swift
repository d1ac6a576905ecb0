internal import CLibGit2

/// A push to a bare repository on this machine (a path or `file://`), written into it
/// directly.
///
/// libgit2's push finds what to send by marking every tree and blob of the remote's tip
/// "uninteresting" (`mark_tree_uninteresting` in its pack-objects.c): at 100,000 bookmarks,
/// 25,000 trees inflated and 100,000 blobs hashed into a map for a push of a thousand
/// files, most of a second. git's own pack-objects walks only the paths that differ
/// (`pack.useSparse`). This does the same: each new commit's tree against its parents',
/// descending only into folders whose ids differ, then one durable pack of those objects
/// straight into the remote (`copyObjects`), then the branch moved there by compare-and-swap. libgit2's
/// local push ran no hooks either; a remote that is not bare, a refspec that forces, or
/// anything unusual goes to libgit2 as before.
extension Repository {
  /// Pushes `refspecs` to `remote` when it is a bare repository on this machine; nil when
  /// libgit2 must push instead.
  func pushOnThisMachine(remote: String, refspecs: [String]) throws(GitError) -> PushResult? {
    guard refspecs.count == 1, !refspecs[0].hasPrefix("+") else { return nil }
    let sides = refspecs[0].split(separator: ":", omittingEmptySubsequences: false)
    guard sides.count == 2, sides.allSatisfy({ $0.hasPrefix("refs/heads/") }) else { return nil }
    let (source, destination) = (String(sides[0]), String(sides[1]))
    guard let (target, handle) = try bareRepositoryOnThisMachine(remote, pushing: true),
      let tip = try resolveReference(source)
    else { return nil }
    let current = try target.resolveReference(destination)
    if current == tip { return PushResult() }
    if let current {
      // The remote moved past what this repository has: as libgit2 says before sending.
      guard (try? isDescendant(tip, of: current)) == true else {
        throw GitError(
          code: .nonFastForward, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
          message: "cannot push non-fastforwardable reference", function: "push")
      }
    }
    let objects = try objectsToSend(from: tip, hiding: current.map { [$0] } ?? [])
      .filter { !target.hasObject($0) }
    try copyObjects(objects, into: target)
    do {
      try target.updateReference(destination, to: tip, expected: current, logMessage: "push")
    } catch  where error.code == .modified || error.code == .exists {
      // Another push came first: git's word for it, so the sync fetches and merges again.
      return PushResult(rejected: [destination: "fetch first"])
    }
    if let tracking = trackingReference(of: handle, for: destination) {
      try setReference(tracking, to: tip, logMessage: "update by push")
    }
    return PushResult()
  }

  /// The bare repository on this machine that `remote` (a remote's name, a path or a
  /// `file://` URL) fetches from, or pushes to when `pushing`, with the remote's handle; nil
  /// for a network remote, a repository with a work tree, or a URL with escapes.
  func bareRepositoryOnThisMachine(_ remote: String, pushing: Bool) throws(GitError) -> (
    Repository, Handle<OpaquePointer>
  )? {
    let handle = try openRemote(remote)
    let address = handle.withPointer { remote in
      ((pushing ? git_remote_pushurl(remote) : nil) ?? git_remote_url(remote))
        .map { String(cString: $0) }
    }
    guard var path = address, !path.contains("%") else { return nil }
    if path.hasPrefix("file://") {
      path.removeFirst("file://".count)
    } else if let absolute = localPath(ofRemoteURL: path) {
      path = absolute
    }
    guard path.hasPrefix("/"), let target = try? Repository.open(at: path),
      target.workDirectory == nil
    else { return nil }
    return (target, handle)
  }

  /// True when this repository has the object `id`, loose or packed.
  func hasObject(_ id: ObjectID) -> Bool {
    var odb: OpaquePointer?
    guard git_repository_odb(&odb, pointer) == 0 else {
      git_error_clear()
      return false
    }
    defer { git_odb_free(odb) }
    var oid = id.oid
    return git_odb_exists(odb, &oid) == 1
  }

  /// The commits reachable from `tip` but not from `hiding`, and every tree and blob they
  /// have that differs from all their parents' at the same path.
  ///
  /// A repository that has the hidden commits has everything else they reach: whatever a
  /// new commit shares with a parent at the same path is either there or sent with that
  /// parent. That holds by induction over the commits only when each commit's tree is walked
  /// against its own parents: a tree met again in another commit (an undo, a revert) is
  /// walked again, since its first walk skipped what it shared with a different parent, one
  /// the receiver may lack. `seen` only keeps an object from being listed twice.
  func objectsToSend(from tip: ObjectID, hiding: [ObjectID]) throws(GitError) -> [ObjectID] {
    let walk = try RevisionWalk(repository: self, from: tip, hiding: hiding)
    var objects: [ObjectID] = []
    var seen = Set<ObjectID>()
    while let id = try walk.next() {
      let commit = try commit(id)
      objects.append(id)
      var parentTrees: [ObjectID] = []
      for parent in commit.parents { parentTrees.append(try self.commit(parent).tree) }
      try collectNew(commit.tree, against: parentTrees, into: &objects, seen: &seen)
    }
    return objects
  }

  private func collectNew(
    _ tree: ObjectID, against olds: [ObjectID], into objects: inout [ObjectID],
    seen: inout Set<ObjectID>
  ) throws(GitError) {
    guard !olds.contains(tree) else { return }
    if seen.insert(tree).inserted { objects.append(tree) }
    var oldEntries: [[String: TreeEntry]] = []
    for old in olds {
      var byName: [String: TreeEntry] = [:]
      for entry in try treeEntries(old) { byName[entry.name] = entry }
      oldEntries.append(byName)
    }
    for entry in try treeEntries(tree) {
      let before = oldEntries.compactMap { $0[entry.name] }
      if before.contains(where: { $0.id == entry.id }) { continue }
      switch entry.kind {
      case .tree:
        try collectNew(
          entry.id, against: before.filter { $0.kind == .tree }.map(\.id), into: &objects,
          seen: &seen)
      case .submodule:
        // A submodule's commit lives in its own repository.
        continue
      default:
        if seen.insert(entry.id).inserted { objects.append(entry.id) }
      }
    }
  }

  /// This repository's remote-tracking reference for the remote's `branch`, as the remote's
  /// fetch refspecs map it (`refs/remotes/origin/main`); nil when none maps it.
  private func trackingReference(of remote: Handle<OpaquePointer>, for branch: String)
    -> String?
  {
    remote.withPointer { remote in
      for index in 0..<git_remote_refspec_count(remote) {
        guard let spec = git_remote_get_refspec(remote, index),
          git_refspec_direction(spec) == GIT_DIRECTION_FETCH,
          git_refspec_src_matches(spec, branch) != 0
        else { continue }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_refspec_transform(&buffer, spec, branch) == 0, let name = buffer.ptr else {
          git_error_clear()
          continue
        }
        return String(cString: name)
      }
      return nil
    }
  }

  /// Points `name` at `target` whatever it pointed at, as a fetch's forced refspec does.
  func setReference(_ name: String, to target: ObjectID, logMessage: String) throws(GitError) {
    var oid = target.oid
    var out: OpaquePointer?
    try check(
      git_reference_create(&out, pointer, name, &oid, 1, logMessage), "git_reference_create")
    _ = out.map { Handle($0, free: git_reference_free) }
  }
}
