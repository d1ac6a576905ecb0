internal import CLibGit2

extension Repository {
  /// The value of `key` (such as `user.name`) from the repository, global or system config.
  ///
  /// The most specific level that sets it wins, as in git; nil when no level sets it.
  public func config(_ key: String) throws(GitError) -> String? {
    // Only a snapshot may hand out string pointers (config.h), and it lives until we copied.
    let snapshot = try Handle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot(&$0, pointer)
    }
    return try snapshot.withPointer { (config) throws(GitError) -> String? in
      try configString(key, in: config)
    }
  }

  /// The boolean `key` (such as `core.filemode`) as git reads one ("yes", "on", "1", …);
  /// nil when no level sets it.
  public func configBool(_ key: String) throws(GitError) -> Bool? {
    let snapshot = try Handle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot(&$0, pointer)
    }
    return try snapshot.withPointer { (config) throws(GitError) -> Bool? in
      var value: Int32 = 0
      guard try checkFound(git_config_get_bool(&value, config, key), "git_config_get_bool")
      else { return nil }
      return value != 0
    }
  }

  /// The integer `key` (such as `gc.auto`) as git reads one, with its `k`, `m` and `g`
  /// suffixes; nil when no level sets it or its value is not a number.
  public func configInt(_ key: String) throws(GitError) -> Int64? {
    let snapshot = try Handle.make("git_repository_config_snapshot", free: git_config_free) {
      git_repository_config_snapshot(&$0, pointer)
    }
    return snapshot.withPointer { config -> Int64? in
      var value: Int64 = 0
      // A value git would refuse as a number is treated as unset here, as the caller's
      // default is safer than failing a command that only wanted to pack.
      guard git_config_get_int64(&value, config, key) == 0 else {
        git_error_clear()
        return nil
      }
      return value
    }
  }

  /// Sets `key` to `value` in the repository's own configuration (`.git/config`).
  public func setConfig(_ key: String, to value: String) throws(GitError) {
    let all = try Handle.make("git_repository_config", free: git_config_free) {
      git_repository_config(&$0, pointer)
    }
    let local = try all.withPointer { (config) throws(GitError) -> Handle<OpaquePointer> in
      try Handle.make("git_config_open_level", free: git_config_free) {
        git_config_open_level(&$0, config, GIT_CONFIG_LEVEL_LOCAL)
      }
    }
    let result = local.withPointer { git_config_set_string($0, key, value) }
    try check(result, "git_config_set_string")
  }

  /// The committer identity from `user.name` and `user.email`, stamped with the given time;
  /// nil when either is unset.
  public func defaultSignature(time: Int64, offsetMinutes: Int) throws(GitError) -> Signature? {
    guard let name = try config("user.name"), let email = try config("user.email") else {
      return nil
    }
    let signature = Signature(name: name, email: email, time: time, offsetMinutes: offsetMinutes)
    // Let libgit2 reject what it would refuse later in a commit (empty name, "<" in it, …).
    _ = try signature.makeLibGit2()
    return signature
  }
}

/// The value of `key` in the config snapshot `snapshot`; nil when no level sets it.
///
/// Only a snapshot may hand out string pointers (config.h): the value is copied while the
/// caller still holds it.
func configString(_ key: String, in snapshot: OpaquePointer) throws(GitError) -> String? {
  var value: UnsafePointer<CChar>?
  guard try checkFound(git_config_get_string(&value, snapshot, key), "git_config_get_string")
  else { return nil }
  return value.map { String(cString: $0) }
}
