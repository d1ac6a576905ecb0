internal import CLibGit2

/// How durably libgit2 writes objects, refs and the index (a process-wide libgit2 setting).
///
/// Off by default, as in libgit2; on only while a caller that needs it runs, and off again
/// when the last one is done, so no call's choice outlives it.
public enum Durability {
  private static let fsync = HeldOption { held in _ = holder_git_set_fsync_gitdir(held ? 1 : 0) }

  /// Runs `body` with libgit2 fsyncing each file it writes under `.git`.
  ///
  /// That is right for a change of a few files. A bulk write runs without it and syncs the
  /// file system once before its branch moves (DESIGN §4). Other threads' writes meanwhile
  /// are fsynced too, which costs them only time.
  public static func fsyncEachWrite<Value, Failure: Error>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    try fsync.holding(body)
  }

  /// True while some caller runs under `fsyncEachWrite`.
  static var fsyncsEachWrite: Bool { fsync.isHeld }
}
