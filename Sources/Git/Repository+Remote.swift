internal import CLibGit2

#if canImport(Glibc)
import Glibc
#endif

extension Repository {
  /// The URL of the remote called `name`, nil when there is no such remote.
  public func remoteURL(_ name: String) throws(GitError) -> String? {
    var remote: OpaquePointer?
    let result = git_remote_lookup(&remote, pointer, name)
    if result == GIT_ENOTFOUND.rawValue || result == GIT_EINVALIDSPEC.rawValue {
      git_error_clear()
      return nil
    }
    try check(result, "git_remote_lookup")
    guard let remote else { return nil }
    return Handle(remote, free: git_remote_free).withPointer { remote in
      git_remote_url(remote).map { String(cString: $0) }
    }
  }

  /// Fetches `refspecs` from `remote` (a remote's name or a URL).
  public func fetch(remote: String, refspecs: [String]) throws(GitError) {
    let handle = try openRemote(remote)
    var options = git_fetch_options()
    try check(
      git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
    try withStringArray(refspecs) { (array) throws(GitError) in
      try handle.withPointer { (remote) throws(GitError) in
        _ = try check(git_remote_fetch(remote, &array, &options, nil), "git_remote_fetch")
      }
    }
  }

  /// Pushes `refspecs` to `remote`; never forces.
  ///
  /// Two ways a push is refused (STYLE §9): when the remote moved, libgit2
  /// 1.5 answers `GIT_ENONFASTFORWARD` before sending anything (thrown as
  /// `.nonFastForward`); when the server refuses a reference, the call
  /// succeeds and the refusal is in the result's `rejected`.
  public func push(remote: String, refspecs: [String]) throws(GitError) -> PushResult {
    let handle = try openRemote(remote)
    var options = git_push_options()
    try check(
      git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
    let box = PushBox()
    options.callbacks.payload = Unmanaged.passUnretained(box).toOpaque()
    options.callbacks.push_update_reference = { reference, status, payload in
      guard let payload, let reference else { return 0 }
      let box = Unmanaged<PushBox>.fromOpaque(payload).takeUnretainedValue()
      if let status {
        box.rejected[String(cString: reference)] = String(cString: status)
      }
      return 0
    }
    try withExtendedLifetime(box) { () throws(GitError) in
      try withStringArray(refspecs) { (array) throws(GitError) in
        try handle.withPointer { (remote) throws(GitError) in
          _ = try check(git_remote_push(remote, &array, &options), "git_remote_push")
        }
      }
    }
    return PushResult(rejected: box.rejected)
  }

  /// The remote called `name`, or an anonymous one for a URL or path.
  private func openRemote(_ name: String) throws(GitError) -> Handle<OpaquePointer> {
    var remote: OpaquePointer?
    let result = git_remote_lookup(&remote, pointer, name)
    if result == 0, let remote { return Handle(remote, free: git_remote_free) }
    git_error_clear()
    return try Handle.make("git_remote_create_anonymous", free: git_remote_free) {
      git_remote_create_anonymous(&$0, pointer, name)
    }
  }

  /// Runs `body` with `strings` as a `git_strarray` that lives for the call.
  private func withStringArray<Value>(
    _ strings: [String], _ body: (inout git_strarray) throws(GitError) -> Value
  ) throws(GitError) -> Value {
    var copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer {
      for copy in copies { free(copy) }
    }
    return try copies.withUnsafeMutableBufferPointer { (buffer) throws(GitError) -> Value in
      var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
      return try body(&array)
    }
  }
}

/// What the push callback collects, kept alive by `push` for the whole C call.
private final class PushBox {
  var rejected: [String: String] = [:]
}
