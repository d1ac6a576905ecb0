/// A fetch from a bare repository on this machine, read from it directly.
///
/// libgit2's local transport builds the pack in this process the way its push does, first
/// marking every tree and blob of this repository's tip uninteresting: at 100,000 bookmarks
/// most of a second beside a sync's hand-edit scan. Here the remote's new commits are
/// walked against their parents as `pushOnThisMachine` walks ours (only folders whose ids
/// differ), and what this repository lacks is written into it as one durable pack before
/// the remote-tracking reference moves.
extension Repository {
  /// Fetches `refspecs` from `remote` when it is a bare repository on this machine; false
  /// when libgit2 must fetch instead (a network remote, a refspec of another form, a branch
  /// the remote does not have).
  func fetchOnThisMachine(remote: String, refspecs: [String]) throws(GitError) -> Bool {
    // Only the forced `+refs/heads/X:refs/remotes/…` a sync asks for.
    guard refspecs.count == 1, refspecs[0].hasPrefix("+refs/heads/") else { return false }
    let sides = refspecs[0].dropFirst().split(separator: ":", omittingEmptySubsequences: false)
    guard sides.count == 2, sides[1].hasPrefix("refs/remotes/") else { return false }
    let (branch, tracking) = (String(sides[0]), String(sides[1]))
    guard let (source, _) = try bareRepositoryOnThisMachine(remote, pushing: false),
      let tip = try source.resolveReference(branch)
    else { return false }
    if !hasObject(tip) {
      // What both have: the last fetched tip and this repository's branches, where the
      // remote has them too.
      var haves: [ObjectID] = []
      for name in [tracking, branch] {
        if let id = try resolveReference(name), source.hasObject(id) { haves.append(id) }
      }
      let objects = try source.objectsToSend(from: tip, hiding: haves).filter { !hasObject($0) }
      try source.copyObjects(objects, into: self)
    }
    try setReference(tracking, to: tip, logMessage: "fetch: \(remote)")
    return true
  }
}
