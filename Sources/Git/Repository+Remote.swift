internal import CLibGit2
import Localization

extension Repository {
  /// The URL of the remote called `name`, nil when there is no such remote.
  public func remoteURL(_ name: String) throws(GitError) -> String? {
    var remote: OpaquePointer?
    // A name that is not a valid remote name cannot name a remote either.
    guard
      try checkFound(
        git_remote_lookup(&remote, pointer, name), "git_remote_lookup",
        missing: [GIT_ENOTFOUND.rawValue, GIT_EINVALIDSPEC.rawValue]),
      let remote
    else { return nil }
    return Handle(remote, free: git_remote_free).withPointer { remote in
      git_remote_url(remote).map { String(cString: $0) }
    }
  }

  /// Fetches `refspecs` from `remote` (a remote's name or a URL), offering `credentials` in
  /// order, each once, when the server asks.
  @discardableResult
  public func fetch(
    remote: String, refspecs: [String], credentials: [CredentialSource] = []
  ) throws(GitError) -> CredentialUse {
    if try fetchOnThisMachine(remote: remote, refspecs: refspecs) { return CredentialUse() }
    var options = git_fetch_options()
    try check(
      git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
    let before = packNames()
    do {
      let box = try transfer(
        remote, refspecs: refspecs, credentials: credentials, options: &options,
        callbacks: \.callbacks, "git_remote_fetch"
      ) { git_remote_fetch($0, &$1, &$2, nil) }
      return box.use
    } catch {
      // libgit2 1.5 ignores a failed write of the trailer of a thin pack it completed: the pack
      // no longer matches its index, `git fsck` fails on it, and the fetch fails later as
      // "target OID … doesn't exist", which reads like the remote's fault. Such a pack holds
      // nothing a reference names yet.
      let damaged = packNames().subtracting(before).sorted().filter { !isUsablePack($0) }
      for name in damaged { removePack(PackFile(base: name, size: 0)) }
      if let first = damaged.first {
        throw Self.localWrite(
          Message(
            "cannot write '\(first).pack': a write to this machine's disk failed while the pack fetched from '\(remote)' was written (is the disk full?); the damaged pack was removed, so free some space and run it again"
          ))
      }
      // A failed write of the pack's header, when the thin pack's bases were added, comes
      // back with no error recorded; the network's failures always say what they were.
      if error.klass == 0, error.message.hasPrefix("unknown error") {
        let folder = objectsDirectory + "/pack"
        throw Self.localWrite(
          Message(
            "the pack fetched from '\(remote)' could not be written to '\(folder)' and libgit2 gave no reason (a write to this machine's disk that failed does this: is the disk full?); nothing of it was kept, so free some space and run it again"
          ))
      }
      throw error
    }
  }

  /// A fetch's pack that this machine's disk could not take whole, said in `message`.
  private static func localWrite(_ message: Message) -> GitError {
    GitError(
      code: .localWrite, klass: Int32(GIT_ERROR_OS.rawValue), message: message.english,
      function: "git_remote_fetch")
  }

  /// Pushes `refspecs` to `remote`; never forces.
  ///
  /// Two ways a push is refused (STYLE §9): when the remote moved, libgit2
  /// 1.5 answers `GIT_ENONFASTFORWARD` before sending anything (thrown as
  /// `.nonFastForward`); when the server refuses a reference, the call
  /// succeeds and the refusal is in the result's `rejected`.
  public func push(
    remote: String, refspecs: [String], credentials: [CredentialSource] = []
  ) throws(GitError) -> PushResult {
    if let pushed = try pushOnThisMachine(remote: remote, refspecs: refspecs) { return pushed }
    var options = git_push_options()
    try check(
      git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
    // The pack a push sends looks for deltas on every core (0), not on one (libgit2's default).
    options.pb_parallelism = 0
    let box = try transfer(
      remote, refspecs: refspecs, credentials: credentials, options: &options,
      callbacks: \.callbacks, "git_remote_push"
    ) { git_remote_push($0, &$1, &$2) }
    return PushResult(rejected: box.rejected, credentials: box.use)
  }

  /// Runs one fetch or push (`run`, the libgit2 call named `function`) against `remote`, with
  /// the callbacks in `options` answering from a new box, and returns that box.
  ///
  /// The CA locations are set for every transfer, and held for the whole of it, because a
  /// repository's own `http.sslCAInfo` may differ from the last one's.
  private func transfer<Options>(
    _ remote: String, refspecs: [String], credentials: [CredentialSource],
    options: inout Options, callbacks: WritableKeyPath<Options, git_remote_callbacks>,
    _ function: String, _ run: (OpaquePointer, inout git_strarray, inout Options) -> Int32
  ) throws(GitError) -> RemoteBox {
    let handle = try openRemote(remote)
    let box = RemoteBox(sources: credentials)
    Self.install(box, into: &options[keyPath: callbacks])
    try withConfiguredCertificates { () throws(GitError) in
      try withExtendedLifetime(box) { () throws(GitError) in
        try withStringArray(refspecs) { (array) throws(GitError) in
          try handle.withPointer { (remote) throws(GitError) in
            try box.rethrowing(run(remote, &array, &options), function)
          }
        }
      }
    }
    return box
  }

  /// Points libgit2's callbacks at `box`, which the caller keeps alive for the whole call.
  static func install(_ box: RemoteBox, into callbacks: inout git_remote_callbacks) {
    callbacks.payload = Unmanaged.passUnretained(box).toOpaque()
    callbacks.push_update_reference = { reference, status, payload in
      guard let payload, let reference else { return 0 }
      let box = Unmanaged<RemoteBox>.fromOpaque(payload).takeUnretainedValue()
      if let status {
        box.rejected[String(cString: reference)] = String(cString: status)
      }
      return 0
    }
    callbacks.credentials = { out, url, username, allowed, payload in
      guard let out, let payload else { return GIT_PASSTHROUGH.rawValue }
      let box = Unmanaged<RemoteBox>.fromOpaque(payload).takeUnretainedValue()
      // Only a user name and password is ever handed over, and only when libgit2 asked for one.
      guard allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else {
        box.failure =
          Message("the server asked for a kind of credential holder-git does not offer").english
        return GIT_EUSER.rawValue
      }
      let remoteURL = url.map { String(cString: $0) } ?? ""
      let user = username.map { String(cString: $0) }
      while box.next < box.sources.count {
        let source = box.sources[box.next]
        box.next += 1
        guard let credential = source.provide(remoteURL, user) else { continue }
        box.use.offered.append(source.name)
        box.use.last = credential
        return git_credential_userpass_plaintext_new(out, credential.username, credential.password)
      }
      box.failure =
        box.use.offered.isEmpty
        ? Message(
          "'\(remoteURL)' asks for a user name and password and none was found; set HOLDER_GIT_TOKEN (https only) or store them with a git credential helper"
        ).english
        : Message(
          "'\(remoteURL)' refused the credentials from \(box.use.offered.joined(separator: " and "))"
        ).english
      return GIT_EUSER.rawValue
    }
  }

  /// The absolute path a remote's relative path names, read from the top of the work tree (the
  /// git directory when there is none) as git reads it; nil for a URL, an scp-like
  /// `host:path` or an absolute path.
  public func localPath(ofRemoteURL url: String) -> String? {
    guard !url.isEmpty, !url.hasPrefix("/"), !url.contains("://") else { return nil }
    // `host:path` is ssh when its colon comes before any slash, as git reads it.
    if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return nil }
    var base = workDirectory ?? gitDirectory
    if base.hasSuffix("/") { base.removeLast() }
    return base + "/" + url
  }

  /// The remote called `name`, or an anonymous one for a URL or path.
  func openRemote(_ name: String) throws(GitError) -> Handle<OpaquePointer> {
    var remote: OpaquePointer?
    let result = git_remote_lookup(&remote, pointer, name)
    if result == 0, let remote {
      let handle: Handle<OpaquePointer> = Handle(remote, free: git_remote_free)
      // git reads a remote's relative path from the top of the work tree, whichever folder it
      // was started in; libgit2 would read it from the process's folder.
      if let url = git_remote_url(remote).map({ String(cString: $0) }),
        let absolute = localPath(ofRemoteURL: url)
      {
        _ = try check(
          git_remote_set_instance_url(remote, absolute), "git_remote_set_instance_url")
      }
      return handle
    }
    git_error_clear()
    return try Handle.make("git_remote_create_anonymous", free: git_remote_free) {
      git_remote_create_anonymous(&$0, pointer, name)
    }
  }
}

/// What the callbacks of one remote operation share; passed to libgit2 unretained and kept
/// alive by the caller for the whole C call (STYLE §9, SwiftGit2 #100).
final class RemoteBox {
  let sources: [CredentialSource]
  var next = 0
  var use = CredentialUse(offered: [], last: nil)
  var failure: String?
  var rejected: [String: String] = [:]

  init(sources: [CredentialSource]) {
    self.sources = sources
  }

  /// `check`, but a failure the callbacks explained becomes an `.auth` error with that reason.
  func rethrowing(_ result: Int32, _ function: String) throws(GitError) {
    if result < 0, let failure {
      git_error_clear()
      throw GitError(code: .auth, klass: 0, message: failure, function: function)
    }
    do {
      _ = try check(result, function)
    } catch  where error.code == .certificate && !error.message.hasPrefix("ssh to ") {
      // A TLS certificate nobody vouches for: most often a server with its own CA.
      var explained = error
      explained.message +=
        "; if the server uses its own CA, point GIT_SSL_CAINFO or http.sslCAInfo at the CA's "
        + "certificate"
      throw explained
    }
  }
}
