internal import CLibGit2

/// Which of some objects a reference, a reflog entry or git's index reaches: the objects `git repack` packs (`--all --reflog --indexed-objects`), so a pack of
/// them never leaves a reachable object loose-only and unreachable garbage stays for
/// `git prune`.
extension Repository {
  /// The members of `candidates` reachable from any reference, HEAD, any reflog entry or an
  /// entry of git's index.
  public func reachable(among candidates: Set<ObjectID>) throws(GitError) -> Set<ObjectID> {
    var walk = ReachabilityWalk(repository: self, candidates: candidates)
    for start in try startingPoints() { try walk.visit(start) }
    try walk.visitIndex()
    return walk.found
  }

  /// Every reference's target, HEAD's, and both ids of every reflog entry.
  private func startingPoints() throws(GitError) -> [ObjectID] {
    var names = ["HEAD"]
    let iterator = try Handle.make("git_reference_iterator_new", free: git_reference_iterator_free)
    { git_reference_iterator_new(&$0, pointer) }
    try iterator.withPointer { (iterator) throws(GitError) in
      var name: UnsafePointer<CChar>?
      while try checkFound(
        git_reference_next_name(&name, iterator), "git_reference_next_name",
        missing: [GIT_ITEROVER.rawValue])
      {
        if let name { names.append(String(cString: name)) }
      }
    }
    var points: [ObjectID] = []
    let zero = ObjectID(bytes: repeatElement(UInt8(0), count: 20))
    for name in names {
      var oid = git_oid()
      if try checkFound(git_reference_name_to_id(&oid, pointer, name), "git_reference_name_to_id") {
        points.append(ObjectID(oid))
      }
      let reflog = try Handle.make("git_reflog_read", free: git_reflog_free) {
        git_reflog_read(&$0, pointer, name)
      }
      reflog.withPointer { reflog in
        for index in 0..<git_reflog_entrycount(reflog) {
          guard let entry = git_reflog_entry_byindex(reflog, index) else { continue }
          for id in [git_reflog_entry_id_old(entry), git_reflog_entry_id_new(entry)] {
            if let id = ObjectID(id), id != zero { points.append(id) }
          }
        }
      }
    }
    return points
  }
}

/// One walk down commits, trees and tags, each object read once.
private struct ReachabilityWalk {
  let repository: Repository
  let candidates: Set<ObjectID>
  var found: Set<ObjectID> = []
  private var seen: Set<ObjectID> = []

  init(repository: Repository, candidates: Set<ObjectID>) {
    self.repository = repository
    self.candidates = candidates
  }

  /// Marks `start` and everything it reaches.
  ///
  /// A start that is missing (a reflog naming an object `git gc` pruned) reaches nothing.
  mutating func visit(_ start: ObjectID) throws(GitError) {
    var pending = [start]
    while let id = pending.popLast() {
      guard seen.insert(id).inserted else { continue }
      var oid = id.oid
      var out: OpaquePointer?
      guard
        try checkFound(
          git_object_lookup(&out, repository.pointer, &oid, GIT_OBJECT_ANY), "git_object_lookup"),
        let out
      else { continue }
      note(id)
      let object = Handle(out, free: git_object_free)
      object.withPointer { object in
        switch git_object_type(object) {
        case GIT_OBJECT_COMMIT:
          // A commit's parents and tree; a tree's entries; a tag's target.
          if let tree = ObjectID(git_commit_tree_id(object)) { pending.append(tree) }
          for index in 0..<git_commit_parentcount(object) {
            if let parent = ObjectID(git_commit_parent_id(object, index)) {
              pending.append(parent)
            }
          }
        case GIT_OBJECT_TREE:
          for index in 0..<git_tree_entrycount(object) {
            guard let entry = git_tree_entry_byindex(object, index),
              let child = ObjectID(git_tree_entry_id(entry))
            else { continue }
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: pending.append(child)
            // A blob is a leaf: noted without reading it.
            case GIT_OBJECT_BLOB: note(child)
            default: break  // a submodule's commit lives in another repository
            }
          }
        case GIT_OBJECT_TAG:
          if let target = ObjectID(git_tag_target_id(object)) { pending.append(target) }
        default: break
        }
      }
    }
  }

  /// Marks the blobs git's index names (staged by a plain `git add`, not committed yet).
  mutating func visitIndex() throws(GitError) {
    let index = try Handle.make("git_repository_index", free: git_index_free) {
      git_repository_index(&$0, repository.pointer)
    }
    index.withPointer { index in
      _ = git_index_read(index, 0)
      for position in 0..<git_index_entrycount(index) {
        guard let entry = git_index_get_byindex(index, position) else { continue }
        note(ObjectID(entry.pointee.id))
      }
    }
    git_error_clear()
  }

  private mutating func note(_ id: ObjectID) {
    if candidates.contains(id) { found.insert(id) }
  }
}
