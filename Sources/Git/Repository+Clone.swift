internal import CLibGit2

extension Repository {
  /// Clones `url` (a path, `file://`, `git://`, ssh, https …) into `path`, offering
  /// `credentials` in order, each once, when the server asks.
  ///
  /// `checkout: false` leaves the work tree and index empty, so the caller can look at the
  /// tree before any file is written, then call `checkOutHead()`.
  public static func clone(
    from url: String, to path: String, credentials: [CredentialSource] = [],
    checkout: Bool = true
  ) throws(GitError) -> Repository {
    LibGit2.initialize()
    var options = git_clone_options()
    _ = try check(
      git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init")
    if !checkout { options.checkout_opts.checkout_strategy = GIT_CHECKOUT_NONE.rawValue }
    let box = RemoteBox(sources: credentials)
    install(box, into: &options.fetch_opts.callbacks)
    return try withConfiguredCertificatesForClone { () throws(GitError) -> Repository in
      try withExtendedLifetime(box) { () throws(GitError) -> Repository in
        var out: OpaquePointer?
        try box.rethrowing(git_clone(&out, url, path, &options), "git_clone")
        return try adopt("git_clone") {
          $0 = out
          return 0
        }
      }
    }
  }

  /// Writes HEAD's tree into the work tree and the index, as the end of a clone does
  /// (libgit2's own path checks apply), with the tree of every folder in the index's cache
  /// tree, which libgit2's checkout leaves out (`statusFromIndex` skips the folders it names).
  ///
  /// `progress` is called after each file libgit2 writes (the crash campaign kills a clone
  /// there).
  public func checkOutHead(progress: (() -> Void)? = nil) throws(GitError) {
    var options = git_checkout_options()
    _ = try check(
      git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)),
      "git_checkout_options_init")
    options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue
    let box = CheckoutProgressBox(progress)
    if progress != nil {
      options.progress_payload = Unmanaged.passUnretained(box).toOpaque()
      options.progress_cb = { _, _, _, payload in
        guard let payload else { return }
        Unmanaged<CheckoutProgressBox>.fromOpaque(payload).takeUnretainedValue().progress?()
      }
    }
    try withExtendedLifetime(box) { () throws(GitError) in
      _ = try check(git_checkout_head(pointer, &options), "git_checkout_head")
    }
    try fillCacheTree()
  }

  /// The names of the configured remotes.
  public func remoteNames() throws(GitError) -> [String] {
    var names = git_strarray()
    _ = try check(git_remote_list(&names, pointer), "git_remote_list")
    defer { git_strarray_dispose(&names) }
    return (0..<names.count).compactMap { index in
      names.strings[index].map { String(cString: $0) }
    }
  }

  /// True when git can take `name` as a remote's name.
  public static func isValidRemoteName(_ name: String) -> Bool {
    LibGit2.initialize()
    var valid: Int32 = 0
    return git_remote_name_is_valid(&valid, name) == 0 && valid == 1
  }

  /// Adds a remote called `name` for `url`.
  public func addRemote(_ name: String, url: String) throws(GitError) {
    var remote: OpaquePointer?
    _ = try check(git_remote_create(&remote, pointer, name, url), "git_remote_create")
    git_remote_free(remote)
  }

  /// Removes the remote called `name` and its remote-tracking branches.
  public func removeRemote(_ name: String) throws(GitError) {
    _ = try check(git_remote_delete(pointer, name), "git_remote_delete")
  }

  /// Renames the remote `old` to `new` as `git remote rename` does.
  ///
  /// Its configuration, its remote-tracking branches, its default fetch refspec and every
  /// branch's upstream that names it follow. Returns the fetch refspecs that were not the
  /// default one and stay as they were.
  public func renameRemote(_ old: String, to new: String) throws(GitError) -> [String] {
    var problems = git_strarray()
    _ = try check(git_remote_rename(&problems, pointer, old, new), "git_remote_rename")
    defer { git_strarray_dispose(&problems) }
    return (0..<problems.count).compactMap { index in
      problems.strings[index].map { String(cString: $0) }
    }
  }

  /// Points the remote `name` at `url`, for fetching and pushing alike.
  public func setRemoteURL(_ name: String, to url: String) throws(GitError) {
    _ = try check(git_remote_set_url(pointer, name, url), "git_remote_set_url")
  }
}

/// What `checkOutHead` calls back, kept alive across libgit2's checkout.
private final class CheckoutProgressBox {
  let progress: (() -> Void)?
  init(_ progress: (() -> Void)?) { self.progress = progress }
}
