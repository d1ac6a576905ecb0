internal import CLibGit2

/// Process-wide libgit2 set-up, done once before the first repository is touched.
package enum LibGit2 {
  /// `git_libgit2_init` is reference counted; one call per process is enough and it is never
  /// balanced by a shutdown, so global state stays valid for every `Repository`.
  private static let initialization: Int32 = {
    let count = git_libgit2_init()
    // Without it an authenticated push to git-http-backend fails (DESIGN §5).
    _ = holder_git_enable_http_expect_continue()
    // ssh through the system `ssh` program instead of libssh2 (SSHTransport.swift).
    _ = SSHTransport.register()
    // A merge or a history walk reads the same folder trees several times; a 100k store's
    // are 8 to 20 KB each, past libgit2's default of 4,096 bytes for a cached tree.
    _ = holder_git_set_cache_object_limit(GIT_OBJECT_TREE, 1 << 20)
    return count
  }()

  /// Makes sure libgit2 is initialised; cheap after the first call.
  static func initialize() {
    _ = initialization
  }

  /// Points libgit2's global, XDG and system configuration lookup at `path`.
  ///
  /// Tests use this so that the machine's `~/.gitconfig` cannot leak into their results; it
  /// changes process-wide state, so call it with the same `path` from every caller.
  package static func isolateConfiguration(at path: String) throws(GitError) {
    initialize()
    for level in [GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_SYSTEM] {
      try check(holder_git_set_search_path(level.rawValue, path), "git_libgit2_opts")
    }
  }
}
