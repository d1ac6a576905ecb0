import Foundation
import HolderTestSupport
import Testing

/// A deletion is dated by the commit that made it, wherever it travelled since: "the later of
/// a deletion and a change wins" compares when each was made, on three machines syncing
/// through one bare remote, every clock set by hand.
@Suite struct DeletionTimeTests {
  struct World {
    let binary: HolderBinary
    let remote: String
    let a: String
    let b: String
    let c: String

    init() throws {
      binary = try HolderBinary()
      remote = binary.git.path("remote.git")
      a = binary.git.path("a")
      b = binary.git.path("b")
      c = binary.git.path("c")
      try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
      try run(a, at: "00:00:00", ["init", a], store: false)
      try run(a, at: "00:00:00", ["remote", "add", "origin", remote])
    }

    /// Runs `args` on the store at `store`, the clock at `time` on 2026-05-01.
    @discardableResult
    func run(_ store: String, at time: String, _ args: [String], store named: Bool = true)
      throws -> HolderBinary.Result
    {
      let now = "2026-05-01T\(time)Z"
      let result = try binary.run(
        args + (named ? ["--store", store] : []),
        env: [
          "HOLDER_GIT_NOW": now, "GIT_AUTHOR_DATE": now, "GIT_COMMITTER_DATE": now,
          "HOLDER_GIT_DEVICE": URL(fileURLWithPath: store).lastPathComponent,
        ])
      #expect(result.status == 0, "\(args): \(result.stdout) \(result.stderr)")
      return result
    }

    func clone(_ store: String, at time: String) throws {
      try run(store, at: time, ["clone", remote, store], store: false)
    }

    /// A saves X and syncs; B and C clone the remote.
    func shareX() throws {
      try run(a, at: "00:00:00", ["add", "https://x.example/", "--title", "X"])
      try run(a, at: "00:00:05", ["sync"])
      try clone(b, at: "00:00:10")
      try clone(c, at: "00:00:15")
    }

    /// Every machine syncs, twice over, from `minute` on (00:MM:SS).
    func syncAll(from minute: String) throws {
      for round in 0..<2 {
        try run(a, at: "00:\(minute):0\(round)", ["sync"])
        try run(b, at: "00:\(minute):1\(round)", ["sync"])
        try run(c, at: "00:\(minute):2\(round)", ["sync"])
      }
    }

    func listed(_ store: String) throws -> String {
      try binary.run(["list", "--store", store, "--json"]).stdout
    }
  }

  /// An edit made after a deletion stays, though a later merge carried the deletion.
  ///
  /// C deletes X at 00:01, B edits it at 00:02, A takes C's deletion in with a merge at
  /// 00:04. Dated by A's merge, the deletion used to win and B's title was lost.
  @Test func aDeletionCarriedByAMergeIsDatedWhenItWasMade() throws {
    let w = try World()
    try w.shareX()

    try w.run(w.c, at: "00:01:00", ["rm", "https://x.example/"])
    try w.run(w.c, at: "00:01:10", ["sync"])
    try w.run(w.b, at: "00:02:00", ["edit", "https://x.example/", "--title", "B typed this"])
    try w.run(w.a, at: "00:03:00", ["add", "https://y.example/"])
    try w.run(w.a, at: "00:04:00", ["sync"])
    try w.run(w.b, at: "00:05:00", ["sync"])
    try w.run(w.a, at: "00:06:00", ["sync"])
    try w.run(w.c, at: "00:06:10", ["sync"])

    for store in [w.a, w.b, w.c] {
      #expect(try w.listed(store).contains("B typed this"), "\(store)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.b]).stdout
    #expect(conflicts.contains("00:01:00"), "the deletion's own time: \(conflicts)")
  }

  /// A later deletion that reached the remote only through another machine's merge still
  /// beats an earlier change (seed 2886 of the simulator).
  ///
  /// A deletes X and syncs, and B takes that in; C stars X and takes the deletion in with
  /// plain `git pull`, which keeps the later star. A brings X back with `undo` and deletes it
  /// again with a second `undo` at 00:04, and syncs; B, with a bookmark of its own, merges that
  /// in. When C syncs, X is in neither its base nor B's merge, whose first parent never had it
  /// since: the deletion at 00:04, later than the star, was not seen, and X came back.
  @Test func aDeletionBroughtInByAnotherMachinesMergeBeatsAnEarlierChange() throws {
    let w = try World()
    try w.shareX()
    try w.run(w.a, at: "00:01:00", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:01:10", ["sync"])
    try w.run(w.b, at: "00:01:20", ["sync"])
    try w.run(w.c, at: "00:01:30", ["fav", "https://x.example/"])
    _ = try? w.binary.git.runGit(
      ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: w.c)
    try w.run(w.c, at: "00:01:40", ["list"])
    #expect(try w.listed(w.c).contains("https://x.example/"), "the star came after the rm")
    try w.run(w.a, at: "00:02:00", ["undo"])
    try w.run(w.b, at: "00:02:30", ["add", "https://y.example/"])
    try w.run(w.a, at: "00:04:00", ["undo"])
    try w.run(w.a, at: "00:04:10", ["sync"])
    try w.run(w.b, at: "00:05:00", ["sync"])
    try w.run(w.c, at: "00:06:00", ["sync"])
    for store in [w.a, w.b] { try w.run(store, at: "00:07:00", ["sync"]) }
    for store in [w.a, w.b, w.c] {
      #expect(!(try w.listed(store).contains("https://x.example/")), "\(store)")
    }
  }

  /// An older save of a link does not outlive a later deletion of the same link elsewhere.
  ///
  /// A saves X at 00:01 and does not sync; B saves X at 00:02, deletes it at 00:03 and syncs;
  /// A syncs: X goes, and `conflicts` says so. It used to come back everywhere, unsaid.
  @Test func anOlderSaveOfTheSameLinkDoesNotOutliveALaterDeletion() throws {
    let w = try World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")

    try w.run(w.a, at: "00:01:00", ["add", "https://x.example/", "--note", "A's note"])
    try w.run(w.b, at: "00:02:00", ["add", "https://x.example/"])
    try w.run(w.b, at: "00:03:00", ["rm", "https://x.example/"])
    try w.run(w.b, at: "00:03:10", ["sync"])
    try w.run(w.a, at: "00:04:00", ["sync"])
    try w.run(w.b, at: "00:05:00", ["sync"])

    for store in [w.a, w.b] {
      #expect(!(try w.listed(store).contains("x.example")), "\(store)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.a]).stdout
    #expect(conflicts.contains("deleted"), "\(conflicts)")

    // A save made after the deletion is kept.
    try w.run(w.a, at: "00:06:00", ["add", "https://x.example/", "--note", "again"])
    try w.run(w.a, at: "00:06:10", ["sync"])
    try w.run(w.b, at: "00:07:00", ["sync"])
    #expect(try w.listed(w.b).contains("again"))
  }

  /// Deleted on two machines, one merging the other's deletion into its own: the later
  /// deletion is the one a change is weighed against.
  ///
  /// B deletes X at 00:00:20 (its clock behind), A at 00:00:45, C stars it at 00:00:41. B's
  /// sync merges A's deletion into its own; C's star came before A's deletion and goes with
  /// it. Weighed against B's earlier deletion alone, the star used to bring X back.
  @Test func theLaterOfTwoDeletionsIsTheOneThatCounts() throws {
    let w = try World()
    try w.shareX()

    try w.run(w.b, at: "00:00:20", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:00:30", ["edit", "https://x.example/", "--note", "A's note"])
    try w.run(w.c, at: "00:00:41", ["fav", "https://x.example/"])
    try w.run(w.a, at: "00:00:45", ["rm", "https://x.example/"])
    try w.syncAll(from: "01")
    for store in [w.a, w.b, w.c] {
      #expect(!(try w.listed(store).contains("x.example")), "\(store)")
    }
  }

  /// A deletion that reaches a machine only through another machine's merge, on a side that
  /// never had the bookmark, is dated by the commit that made it.
  ///
  /// B cloned before X was saved; A deletes X at 00:00:40; B merges that into its own change;
  /// C edited X at 00:00:30 and syncs last: the later deletion wins. Dated by X's base time,
  /// C's earlier edit used to bring it back.
  @Test func aDeletionMergedInByAMachineThatNeverHadItKeepsItsTime() throws {
    let w = try World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:01", ["sync"])
    try w.clone(w.b, at: "00:00:02")
    try w.run(w.a, at: "00:00:03", ["add", "https://x.example/", "--title", "X"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.c, at: "00:00:15")

    try w.run(w.c, at: "00:00:30", ["edit", "https://x.example/", "--title", "C's title"])
    try w.run(w.a, at: "00:00:40", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:00:45", ["sync"])
    try w.run(w.b, at: "00:00:50", ["add", "https://y.example/"])
    try w.run(w.b, at: "00:00:55", ["sync"])
    try w.run(w.c, at: "00:01:00", ["sync"])
    try w.run(w.a, at: "00:01:05", ["sync"])
    try w.run(w.b, at: "00:01:10", ["sync"])
    for store in [w.a, w.b, w.c] {
      #expect(!(try w.listed(store).contains("x.example")), "\(store)")
    }
  }

  /// An undo of a deletion on a machine whose clock is behind brings the bookmark back on
  /// every machine: it was made after the deletion, which it had taken in, whatever its clock.
  ///
  /// C deletes X at 00:01:00; B, whose clock says 00:00:20, clones again and undoes it.
  /// (The simulator's model once dated the undo by B's clock, seed 3729.)
  @Test func anUndoOfADeletionOnAMachineWhoseClockIsBehindBringsItBackEverywhere() throws {
    let w = try World()
    try w.shareX()
    try w.run(w.c, at: "00:01:00", ["rm", "https://x.example/"])
    try w.run(w.c, at: "00:01:05", ["sync"])
    try FileManager.default.removeItem(atPath: w.b)
    try w.clone(w.b, at: "00:00:20")
    let undo = try w.run(w.b, at: "00:00:25", ["undo"])
    #expect((undo.stdout + undo.stderr).contains("Delete"), "\(undo.stderr)")
    try w.run(w.b, at: "00:00:30", ["sync"])
    for store in [w.a, w.c] { try w.run(store, at: "00:01:10", ["sync"]) }
    for store in [w.a, w.b, w.c] {
      #expect(try w.listed(store).contains("x.example"), "\(store)")
    }
  }

  /// A merge made by `git pull` is no change of its own: a deletion made after the edits it
  /// combines wins, though the merge commit is dated later.
  ///
  /// B favourites X, C retitles it and pulls B's favourite with plain git, A deletes X after
  /// both: the pull's merge, dated when it was made, used to count as a change of X after the
  /// deletion and bring X back (seed 4361 of the simulator).
  @Test func aMergeMadeByGitPullIsNotAChangeAfterALaterDeletion() throws {
    let w = try DeletionTimeTests.World()
    try w.shareX()
    try w.run(w.b, at: "00:00:20", ["fav", "https://x.example/"])
    try w.run(w.b, at: "00:00:25", ["sync"])
    try w.run(w.c, at: "00:01:00", ["edit", "https://x.example/", "--title", "Edited"])
    try w.run(w.a, at: "00:01:30", ["rm", "https://x.example/"])
    let late = "2026-05-01T00:01:50Z"
    try w.binary.git.runGit(
      ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: w.c,
      env: ["GIT_AUTHOR_DATE": late, "GIT_COMMITTER_DATE": late])
    try w.run(w.c, at: "00:01:55", ["list"])
    try w.run(w.a, at: "00:01:35", ["sync"])
    try w.run(w.c, at: "00:02:00", ["sync"])
    try w.run(w.a, at: "00:02:10", ["sync"])
    for store in [w.a, w.c] {
      #expect(!(try w.listed(store).contains("x.example")), "\(store)")
    }
  }

  /// A deletion carried by a merge from a machine where the bookmark kept its old link (this
  /// side changed the link) is dated when it was made, not by the merge.
  ///
  /// B changes X's link, A deletes X at 00:01:27, B (whose clock is behind) merges that at
  /// 00:00:30; C favourited X at 00:01:17 and syncs last: the later deletion wins. Looked
  /// for only under the new link's path, the deletion was dated by B's merge and C's earlier
  /// favourite brought X back (seed 5821 of the simulator).
  @Test func aDeletionMergedWhereTheLinkHadChangedKeepsItsTime() throws {
    let w = try World()
    try w.shareX()
    try w.run(w.c, at: "00:01:17", ["fav", "https://x.example/"])
    try w.run(w.b, at: "00:00:20", ["edit", "https://x.example/", "--url", "https://y.example/"])
    try w.run(w.a, at: "00:01:27", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:01:28", ["sync"])
    try w.run(w.b, at: "00:00:30", ["sync"])
    try w.run(w.c, at: "00:01:44", ["sync"])
    try w.run(w.a, at: "00:01:50", ["sync"])
    try w.run(w.b, at: "00:01:55", ["sync"])
    for store in [w.a, w.b, w.c] {
      let listed = try w.listed(store)
      #expect(!listed.contains("x.example") && !listed.contains("y.example"), "\(store)")
    }
  }

  /// Deleted on two machines, one after changing its link: the later deletion, made under
  /// the old link, is the one a change is weighed against.
  ///
  /// B changes X's link and deletes it at 00:00:25 (its clock behind); C notes X at 00:01:10;
  /// A deletes X at 00:01:20 and syncs; B merges A's deletion into its own; C syncs last:
  /// A's deletion wins. Looked for only under the new link's path, B's earlier deletion was
  /// the only one found and C's note brought X back (seed 9960 of the simulator).
  @Test func aLaterDeletionUnderTheLinkAnotherMachineMovedAwayFromCounts() throws {
    let w = try World()
    try w.shareX()
    try w.run(w.b, at: "00:00:20", ["edit", "https://x.example/", "--url", "https://y.example/"])
    try w.run(w.b, at: "00:00:25", ["rm", "https://y.example/"])
    try w.run(w.c, at: "00:01:10", ["edit", "https://x.example/", "--note", "C's note"])
    try w.run(w.a, at: "00:01:20", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:01:30", ["sync"])
    try w.run(w.b, at: "00:00:40", ["sync"])
    let settled = try w.run(w.c, at: "00:01:45", ["sync"])
    #expect(settled.stdout.contains("Deleted \"X\""), "\(settled.stdout)")
    try w.syncAll(from: "02")
    for store in [w.a, w.b, w.c] {
      let listed = try w.listed(store)
      #expect(!listed.contains("x.example") && !listed.contains("y.example"), "\(store)")
    }
  }

  /// A change that outlives a deletion keeps what the deleting machine had taken in before
  /// it deleted.
  ///
  /// C stars X and syncs; B (whose clock is behind) takes the star in, deletes X at 00:00:29
  /// and syncs; A tags X at 00:00:36 and syncs last: A's change outlives B's deletion, and
  /// X lives with A's tag and C's star. Only A's version was kept, and the star was lost
  /// (seed 9890 of the simulator).
  @Test func aChangeThatOutlivesADeletionKeepsWhatTheDeletingSideHad() throws {
    let w = try World()
    try w.shareX()
    try w.run(w.c, at: "00:01:27", ["fav", "https://x.example/"])
    try w.run(w.c, at: "00:01:36", ["sync"])
    try w.run(w.b, at: "00:00:20", ["sync"])
    try w.run(w.b, at: "00:00:29", ["rm", "https://x.example/"])
    try w.run(w.b, at: "00:00:38", ["sync"])
    try w.run(w.a, at: "00:00:36", ["edit", "https://x.example/", "--add-tag", "trip"])
    try w.run(w.a, at: "00:01:12", ["sync"])
    try w.syncAll(from: "02")
    for store in [w.a, w.b, w.c] {
      let shown = try w.run(store, at: "00:03:00", ["show", "https://x.example/"]).stdout
      #expect(shown.contains("trip") && shown.contains("favorite:      yes"), "\(store): \(shown)")
    }
  }
}
