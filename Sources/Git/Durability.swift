internal import CLibGit2

/// How durably libgit2 writes objects, refs and the index (a process-wide libgit2 setting).
public enum Durability {
  /// With `true`, libgit2 fsyncs each file it writes under `.git` — right for a change of a
  /// few files; a bulk write turns it off and syncs the file system once instead (DESIGN §4).
  public static func fsyncEachWrite(_ enabled: Bool) {
    LibGit2.initialize()
    _ = holder_git_set_fsync_gitdir(enabled ? 1 : 0)
  }
}
